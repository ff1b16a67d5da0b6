// Simulation state as a flat vector: the mjtState bits select components, which
// are concatenated in bit order (time, qpos, qvel, act, warmstart, ctrl,
// qfrc_applied, xfrc_applied, eq_active, mocap_pos, mocap_quat, userdata, plugin).
#include <string.h>

#include <mujoco/mujoco.h>

// Number of mjtNums of state component i (0 <= i < mjNSTATE).
static int component_size(const mjModel* m, int i) {
  switch (1 << i) {
    case mjSTATE_TIME:         return 1;
    case mjSTATE_QPOS:         return m->nq;
    case mjSTATE_QVEL:         return m->nv;
    case mjSTATE_ACT:          return m->na;
    case mjSTATE_WARMSTART:    return m->nv;
    case mjSTATE_CTRL:         return m->nu;
    case mjSTATE_QFRC_APPLIED: return m->nv;
    case mjSTATE_XFRC_APPLIED: return 6 * m->nbody;
    case mjSTATE_EQ_ACTIVE:    return m->neq;
    case mjSTATE_MOCAP_POS:    return 3 * m->nmocap;
    case mjSTATE_MOCAP_QUAT:   return 4 * m->nmocap;
    case mjSTATE_USERDATA:     return m->nuserdata;
    case mjSTATE_PLUGIN:       return m->npluginstate;
    default:                   return 0;
  }
}

// Storage of the mjtNum-valued component i in d (NULL for time and eq_active).
static mjtNum* component_ptr(const mjData* d, int i) {
  switch (1 << i) {
    case mjSTATE_QPOS:         return d->qpos;
    case mjSTATE_QVEL:         return d->qvel;
    case mjSTATE_ACT:          return d->act;
    case mjSTATE_WARMSTART:    return d->qacc_warmstart;
    case mjSTATE_CTRL:         return d->ctrl;
    case mjSTATE_QFRC_APPLIED: return d->qfrc_applied;
    case mjSTATE_XFRC_APPLIED: return d->xfrc_applied;
    case mjSTATE_MOCAP_POS:    return d->mocap_pos;
    case mjSTATE_MOCAP_QUAT:   return d->mocap_quat;
    case mjSTATE_USERDATA:     return d->userdata;
    case mjSTATE_PLUGIN:       return d->plugin_state;
    default:                   return NULL;
  }
}

static void check_signature(const char* func, int sig) {
  if (sig < 0 || sig >= (1 << mjNSTATE)) {
    mju_error("%s: invalid state signature %d >= 2^mjNSTATE", func, sig);
  }
}

int mj_stateSize(const mjModel* m, int sig) {
  check_signature("mj_stateSize", sig);
  int size = 0;
  for (int i = 0; i < mjNSTATE; i++) {
    if (sig & (1 << i)) {
      size += component_size(m, i);
    }
  }
  return size;
}

void mj_getState(const mjModel* m, const mjData* d, mjtNum* state, int sig) {
  check_signature("mj_getState", sig);
  int adr = 0;
  for (int i = 0; i < mjNSTATE; i++) {
    if (!(sig & (1 << i))) {
      continue;
    }
    int n = component_size(m, i);
    if ((1 << i) == mjSTATE_TIME) {
      state[adr] = d->time;
    } else if ((1 << i) == mjSTATE_EQ_ACTIVE) {
      for (int k = 0; k < n; k++) {
        state[adr + k] = d->eq_active[k];
      }
    } else if (n) {
      memcpy(state + adr, component_ptr(d, i), sizeof(mjtNum) * (size_t)n);
    }
    adr += n;
  }
}

void mj_setState(const mjModel* m, mjData* d, const mjtNum* state, int sig) {
  check_signature("mj_setState", sig);
  int adr = 0;
  for (int i = 0; i < mjNSTATE; i++) {
    if (!(sig & (1 << i))) {
      continue;
    }
    int n = component_size(m, i);
    if ((1 << i) == mjSTATE_TIME) {
      d->time = state[adr];
    } else if ((1 << i) == mjSTATE_EQ_ACTIVE) {
      for (int k = 0; k < n; k++) {
        d->eq_active[k] = (mjtByte)state[adr + k];
      }
    } else if (n) {
      memcpy(component_ptr(d, i), state + adr, sizeof(mjtNum) * (size_t)n);
    }
    adr += n;
  }
}

void mj_setKeyframe(mjModel* m, const mjData* d, int k) {
  if (k < 0 || k >= m->nkey) {
    mju_error("mj_setKeyframe: index must be between 0 and %d (keyframes allocated in model)",
              m->nkey - 1);
    return;
  }
  size_t nq = (size_t)m->nq, nv = (size_t)m->nv, na = (size_t)m->na, nu = (size_t)m->nu;
  size_t nmocap = (size_t)m->nmocap, key = (size_t)k;
  m->key_time[k] = d->time;
  memcpy(m->key_qpos + key * nq, d->qpos, sizeof(mjtNum) * nq);
  memcpy(m->key_qvel + key * nv, d->qvel, sizeof(mjtNum) * nv);
  memcpy(m->key_act + key * na, d->act, sizeof(mjtNum) * na);
  memcpy(m->key_ctrl + key * nu, d->ctrl, sizeof(mjtNum) * nu);
  memcpy(m->key_mpos + key * 3 * nmocap, d->mocap_pos, sizeof(mjtNum) * 3 * nmocap);
  memcpy(m->key_mquat + key * 4 * nmocap, d->mocap_quat, sizeof(mjtNum) * 4 * nmocap);
}
