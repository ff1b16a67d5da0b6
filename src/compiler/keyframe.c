// Keyframes: stored states; vectors not given default to the model's reference state.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Copy a keyframe vector or the default; a given vector must have the exact length.
static int sn_key_vec(sn_ctx* c, const sn_key* k, const sn_numlist* v, int n, const char* what,
                      const double* deflt, double* dst) {
  if (v->n) {
    if (v->n != n) {
      return sn_cerr(c, &k->loc, "invalid %s size in keyframe '%s': expected length %d, got %d",
                     what, k->name ? k->name : "", n, v->n);
    }
    memcpy(dst, v->data, sizeof(double) * (size_t)n);
  } else if (deflt) {
    memcpy(dst, deflt, sizeof(double) * (size_t)n);
  } else {
    memset(dst, 0, sizeof(double) * (size_t)n);
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
         sn_key_vec(c, k, &k->mquat, 4 * nm, "mquat", mquat0, m->key_mquat + 4 * nm * i);
    // joint and mocap quaternions are normalised like every other orientation
    for (int j = 0; ok && k->qpos.n && j < m->njnt; j++) {
      int t = m->jnt_type[j];
      if (t == mjJNT_FREE || t == mjJNT_BALL) {
        double* q = m->key_qpos + m->nq * i + m->jnt_qposadr[j] + (t == mjJNT_FREE ? 3 : 0);
        if (mju_normalize4(q) < mjMINVAL) {
          ok = sn_cerr(c, &k->loc, "joint quaternion is too small in keyframe");
        }
      }
    }
    for (int j = 0; ok && k->mquat.n && j < nm; j++) {
      double* q = m->key_mquat + 4 * nm * i + 4 * j;
      if (mju_normalize4(q) < mjMINVAL) {
        ok = sn_cerr(c, &k->loc, "mocap quaternion is too small in keyframe");
      }
    }
  }
  mju_free(mpos0);
  mju_free(mquat0);
  return ok;
}
