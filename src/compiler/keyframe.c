// Keyframes: stored states; vectors not given default to the model's reference state.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Copy a keyframe vector or the default. As in 3.3.8, a shorter vector is completed
// with the default (qpos0, zero, the mocap body poses); a longer one is an error.
static int sn_key_vec(sn_ctx* c, const sn_key* k, const sn_numlist* v, int n, const char* what,
                      const double* deflt, double* dst) {
  if (v->n > n) {
    return sn_cerr_attr(c, &k->loc, what,
                        "invalid %s size in keyframe '%s': expected length %d, got %d", what,
                        k->name ? k->name : "", n, v->n);
  }
  if (deflt) {
    memcpy(dst, deflt, sizeof(double) * (size_t)n);
  } else {
    memset(dst, 0, sizeof(double) * (size_t)n);
  }
  if (v->n) {
    memcpy(dst, v->data, sizeof(double) * (size_t)v->n);
  }
  return 1;
}

// Model ids of spec elements: inverse of an order array (-1 if absent).
static int* sn_inverse(const int* order, int n, int nspec) {
  int* inv = (int*)mju_malloc(sizeof(int) * (size_t)(nspec > 0 ? nspec : 1));
  for (int i = 0; i < nspec; i++) {
    inv[i] = -1;
  }
  for (int i = 0; i < n; i++) {
    inv[order[i]] = i;
  }
  return inv;
}

// Per-element parts of a keyframe (attached models), written over the vectors.
static int sn_key_parts(sn_ctx* c, const sn_key* k, const int* jnt_of_spec, int i) {
  mjModel* m = c->m;
  for (int p = 0; p < k->nparts; p++) {
    const sn_keypart* kp = k->parts + p;
    int id = kp->index, adr = -1, len = 0;
    double* dst = NULL;
    switch (kp->kind) {
      case SN_KEY_QPOS:
      case SN_KEY_QVEL: {
        int j = id >= 0 && id < SN_COUNT(c->spec, joints) ? jnt_of_spec[id] : -1;
        if (j < 0) {
          break;
        }
        int t = m->jnt_type[j];
        int qpos = kp->kind == SN_KEY_QPOS;
        len = qpos ? (t == mjJNT_FREE ? 7 : t == mjJNT_BALL ? 4 : 1)
                   : (t == mjJNT_FREE ? 6 : t == mjJNT_BALL ? 3 : 1);
        adr = qpos ? m->jnt_qposadr[j] : m->jnt_dofadr[j];
        dst = qpos ? m->key_qpos + m->nq * i : m->key_qvel + m->nv * i;
        break;
      }
      case SN_KEY_CTRL:
        if (id >= 0 && id < m->nu) {
          adr = id;
          len = 1;
          dst = m->key_ctrl + m->nu * i;
        }
        break;
      case SN_KEY_ACT:
        if (id >= 0 && id < m->nu && m->actuator_actadr[id] >= 0) {
          adr = m->actuator_actadr[id];
          len = m->actuator_actnum[id];
          dst = m->key_act + m->na * i;
        }
        break;
      case SN_KEY_MPOS:
      case SN_KEY_MQUAT:
        if (id >= 0 && id < m->nbody && m->body_mocapid[id] >= 0) {
          len = kp->kind == SN_KEY_MPOS ? 3 : 4;
          adr = len * m->body_mocapid[id];
          dst = kp->kind == SN_KEY_MPOS ? m->key_mpos + 3 * m->nmocap * i
                                        : m->key_mquat + 4 * m->nmocap * i;
        }
        break;
      default:
        break;
    }
    if (!dst) {
      return sn_cerr(c, &k->loc, "keyframe '%s' refers to an element that does not exist",
                     k->name ? k->name : "");
    }
    if (kp->values.n != len) {
      return sn_cerr(c, &k->loc, "keyframe '%s': element vector of length %d, expected %d",
                     k->name ? k->name : "", kp->values.n, len);
    }
    memcpy(dst + adr, kp->values.data, sizeof(double) * (size_t)len);
  }
  return 1;
}

int sn_compile_keys(sn_ctx* c) {
  mjModel* m = c->m;
  int nm = m->nmocap;
  // reference poses of the mocap bodies
  double* mpos0 = (double*)mju_malloc(sizeof(double) * 3 * (size_t)(nm ? nm : 1));
  double* mquat0 = (double*)mju_malloc(sizeof(double) * 4 * (size_t)(nm ? nm : 1));
  for (int b = 0; b < m->nbody; b++) {
    int id = m->body_mocapid[b];
    if (id >= 0) {
      mju_copy3(mpos0 + 3 * id, m->body_pos + 3 * b);
      mju_copy4(mquat0 + 4 * id, m->body_quat + 4 * b);
    }
  }
  int nspec = SN_COUNT(c->spec, keys);
  int* jnt_of_spec = sn_inverse(c->jnt_order, m->njnt, SN_COUNT(c->spec, joints));
  int ok = 1;
  for (int i = 0; i < m->nkey && ok; i++) {
    sn_key empty;
    memset(&empty, 0, sizeof(empty));
    empty.name = "";
    const sn_key* k = i < nspec ? &SN_AT(c->spec, keys, sn_key, i) : &empty;
    m->key_time[i] = k->time;
    ok = sn_key_vec(c, k, &k->qpos, m->nq, "qpos", m->qpos0, m->key_qpos + m->nq * i) &&
         sn_key_vec(c, k, &k->qvel, m->nv, "qvel", NULL, m->key_qvel + m->nv * i) &&
         sn_key_vec(c, k, &k->act, m->na, "act", NULL, m->key_act + m->na * i) &&
         sn_key_vec(c, k, &k->ctrl, m->nu, "ctrl", NULL, m->key_ctrl + m->nu * i) &&
         sn_key_vec(c, k, &k->mpos, 3 * nm, "mpos", mpos0, m->key_mpos + 3 * nm * i) &&
         sn_key_vec(c, k, &k->mquat, 4 * nm, "mquat", mquat0, m->key_mquat + 4 * nm * i) &&
         sn_key_parts(c, k, jnt_of_spec, i);
    // joint and mocap quaternions are normalised like every other orientation
    for (int j = 0; ok && (k->qpos.n || k->nparts) && j < m->njnt; j++) {
      int t = m->jnt_type[j];
      if (t == mjJNT_FREE || t == mjJNT_BALL) {
        double* q = m->key_qpos + m->nq * i + m->jnt_qposadr[j] + (t == mjJNT_FREE ? 3 : 0);
        if (mju_normalize4(q) < mjMINVAL) {
          ok = sn_cerr_attr(c, &k->loc, "qpos", "joint quaternion is too small in keyframe");
        }
      }
    }
    for (int j = 0; ok && (k->mquat.n || k->nparts) && j < nm; j++) {
      double* q = m->key_mquat + 4 * nm * i + 4 * j;
      if (mju_normalize4(q) < mjMINVAL) {
        ok = sn_cerr_attr(c, &k->loc, "mquat", "mocap quaternion is too small in keyframe");
      }
    }
  }
  mju_free(mpos0);
  mju_free(mquat0);
  mju_free(jnt_of_spec);
  return ok;
}
