// Actuation: activation dynamics (act_dot), scalar actuator forces
// force = gain*(ctrl or act) + bias, and their joint-space image
// qfrc_actuator = moment'*force with per-joint force clamping.
#include <mujoco/mujoco.h>

#include "engine/actuator.h"
#include "engine/passive.h"

#define SN_DISABLED(m, flag) ((m)->opt.disableflags & (flag))

int sn_actuatorDisabled(const mjModel* m, int i) {
  int group = m->actuator_group[i];
  if (group < 0 || group > 30) {
    return 0;
  }
  return (m->opt.disableactuator & (1 << group)) ? 1 : 0;
}

mjtNum sn_nextActivation(const mjModel* m, const mjData* d, int i, int adr, mjtNum act_dot) {
  mjtNum act = d->act[adr];
  if (m->actuator_dyntype[i] == mjDYN_FILTEREXACT) {
    // exact integral of the first-order filter over one step
    mjtNum tau = mju_max(mjMINVAL, m->actuator_dynprm[i * mjNDYN]);
    act += act_dot * tau * (1 - mju_exp(-m->opt.timestep / tau));
  } else {
    act += act_dot * m->opt.timestep;
  }
  if (m->actuator_actlimited[i]) {
    const mjtNum* range = m->actuator_actrange + 2 * i;
    act = mju_clip(act, range[0], range[1]);
  }
  return act;
}

mjtNum sn_actuatorGain(const mjModel* m, const mjData* d, int i) {
  const mjtNum* prm = m->actuator_gainprm + i * mjNGAIN;
  switch (m->actuator_gaintype[i]) {
    case mjGAIN_FIXED:
      return prm[0];
    case mjGAIN_AFFINE:
      return prm[0] + prm[1] * d->actuator_length[i] + prm[2] * d->actuator_velocity[i];
    case mjGAIN_MUSCLE:
      return mju_muscleGain(d->actuator_length[i], d->actuator_velocity[i],
                            m->actuator_lengthrange + 2 * i, m->actuator_acc0[i], prm);
    default:  // mjGAIN_USER
      return mjcb_act_gain ? mjcb_act_gain(m, d, i) : 1;
  }
}

mjtNum sn_actuatorBias(const mjModel* m, const mjData* d, int i) {
  const mjtNum* prm = m->actuator_biasprm + i * mjNBIAS;
  switch (m->actuator_biastype[i]) {
    case mjBIAS_NONE:
      return 0;
    case mjBIAS_AFFINE:
      return prm[0] + prm[1] * d->actuator_length[i] + prm[2] * d->actuator_velocity[i];
    case mjBIAS_MUSCLE:
      return mju_muscleBias(d->actuator_length[i], m->actuator_lengthrange + 2 * i,
                            m->actuator_acc0[i], prm);
    default:  // mjBIAS_USER
      return mjcb_act_bias ? mjcb_act_bias(m, d, i) : 0;
  }
}

// Controls as the actuators see them: clamped to ctrlrange (unless disabled),
// and all zero if any of them is NaN or huge (d->ctrl itself is left alone).
static void effective_ctrl(const mjModel* m, mjData* d, mjtNum* ctrl) {
  int nu = m->nu;
  mju_copy(ctrl, d->ctrl, nu);
  if (!SN_DISABLED(m, mjDSBL_CLAMPCTRL)) {
    for (int i = 0; i < nu; i++) {
      if (m->actuator_ctrllimited[i]) {
        const mjtNum* range = m->actuator_ctrlrange + 2 * i;
        ctrl[i] = mju_clip(ctrl[i], range[0], range[1]);
      }
    }
  }
  for (int i = 0; i < nu; i++) {
    if (mju_isBad(ctrl[i])) {
      mj_warning(d, mjWARN_BADCTRL, i);
      mju_zero(ctrl, nu);
      return;
    }
  }
}

// act_dot of every stateful actuator; computed for disabled groups too.
static void activation_dynamics(const mjModel* m, mjData* d, const mjtNum* ctrl) {
  for (int i = 0; i < m->nu; i++) {
    int first = m->actuator_actadr[i];
    if (first < 0) {
      continue;
    }
    int num = m->actuator_actnum[i];
    mju_zero(d->act_dot + first, num);
    // the actuator's own activation is its last one (plugins keep state before it)
    int last = first + num - 1;
    const mjtNum* prm = m->actuator_dynprm + i * mjNDYN;
    switch (m->actuator_dyntype[i]) {
      case mjDYN_INTEGRATOR:
        d->act_dot[last] = ctrl[i];
        break;
      case mjDYN_FILTER:
      case mjDYN_FILTEREXACT:
        d->act_dot[last] = (ctrl[i] - d->act[last]) / mju_max(mjMINVAL, prm[0]);
        break;
      case mjDYN_MUSCLE:
        d->act_dot[last] = mju_muscleDynamics(ctrl[i], d->act[last], prm);
        break;
      case mjDYN_USER:
        // a scalar state takes the callback's value; with actdim > 1 the callback
        // writes all of act_dot[first..last] itself and its return is ignored
        if (mjcb_act_dyn && m->actuator_plugin[i] < 0) {
          if (num == 1) {
            d->act_dot[last] = mjcb_act_dyn(m, d, i);
          } else {
            mjcb_act_dyn(m, d, i);
          }
        }
        break;
      default:
        break;
    }
  }
}

static void actuator_forces(const mjModel* m, mjData* d, const mjtNum* ctrl) {
  mjtNum* force = d->actuator_force;
  for (int i = 0; i < m->nu; i++) {
    if (sn_actuatorDisabled(m, i)) {
      continue;
    }
    mjtNum gain = sn_actuatorGain(m, d, i);
    int first = m->actuator_actadr[i];
    if (first < 0) {
      force[i] = gain * ctrl[i];
    } else {
      int last = first + m->actuator_actnum[i] - 1;
      mjtNum act = m->actuator_actearly[i]
                       ? sn_nextActivation(m, d, i, last, d->act_dot[last])
                       : d->act[last];
      force[i] = gain * act;
    }
    force[i] += sn_actuatorBias(m, d, i);
    if (m->actuator_forcelimited[i]) {
      const mjtNum* range = m->actuator_forcerange + 2 * i;
      force[i] = mju_clip(force[i], range[0], range[1]);
    }
  }
}

// Tendons with actuator force limits: the forces of the actuators driving the
// tendon are scaled together so their sum stays within tendon_actfrcrange.
static void clamp_tendon_forces(const mjModel* m, mjData* d) {
  if (!m->ntendon) {
    return;
  }
  mj_markStack(d);
  mjtNum* total = mj_stackAllocNum(d, m->ntendon);
  mju_zero(total, m->ntendon);
  for (int i = 0; i < m->nu; i++) {
    int t = m->actuator_trnid[2 * i];
    if (m->actuator_trntype[i] == mjTRN_TENDON && t >= 0 && m->tendon_actfrclimited[t]) {
      total[t] += d->actuator_force[i];
    }
  }
  for (int i = 0; i < m->nu; i++) {
    int t = m->actuator_trnid[2 * i];
    if (m->actuator_trntype[i] != mjTRN_TENDON || t < 0 || !m->tendon_actfrclimited[t]) {
      continue;
    }
    const mjtNum* range = m->tendon_actfrcrange + 2 * t;
    if (total[t] < range[0]) {
      d->actuator_force[i] *= range[0] / total[t];
    } else if (total[t] > range[1]) {
      d->actuator_force[i] *= range[1] / total[t];
    }
  }
  mj_freeStack(d);
}

void mj_fwdActuation(const mjModel* m, mjData* d) {
  mjtNum tm = mjcb_time ? mjcb_time() : 0;
  int nu = m->nu, nv = m->nv;

  mju_zero(d->actuator_force, nu);
  mju_zero(d->qfrc_actuator, nv);

  if (nu && !SN_DISABLED(m, mjDSBL_ACTUATION)) {
    mj_markStack(d);
    mjtNum* ctrl = mj_stackAllocNum(d, nu);
    effective_ctrl(m, d, ctrl);
    activation_dynamics(m, d, ctrl);
    actuator_forces(m, d, ctrl);
    mj_freeStack(d);
    clamp_tendon_forces(m, d);

    // qfrc_actuator = moment' * force
    for (int i = 0; i < nu; i++) {
      mjtNum f = d->actuator_force[i];
      if (f == 0) {
        continue;
      }
      int adr = d->moment_rowadr[i];
      for (int k = 0; k < d->moment_rownnz[i]; k++) {
        d->qfrc_actuator[d->moment_colind[adr + k]] += d->actuator_moment[adr + k] * f;
      }
    }

    // gravity compensation routed to the actuators, then joint-level clamping
    sn_passive_actgravcomp(m, d, d->qfrc_actuator);
    for (int j = 0; j < m->njnt; j++) {
      if (m->jnt_actfrclimited[j]) {
        int v = m->jnt_dofadr[j];
        const mjtNum* range = m->jnt_actfrcrange + 2 * j;
        d->qfrc_actuator[v] = mju_clip(d->qfrc_actuator[v], range[0], range[1]);
      }
    }
  }

  d->timer[mjTIMER_ACTUATION].duration += mjcb_time ? mjcb_time() - tm : 0;
  d->timer[mjTIMER_ACTUATION].number++;
}
