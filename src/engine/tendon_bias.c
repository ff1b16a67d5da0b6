// The velocity-product force of tendon armature. A tendon with armature a adds the
// kinetic energy a/2 (J qvel)^2; besides a J'J in M (inertia.c), Lagrange's equations
// then give the bias force a J' (qvel' dJ/dq qvel) = a J' dJ/dt qvel (the other two
// terms cancel because J is the gradient of the length). Fixed tendons have a constant
// J. A spatial tendon's length is a sum of straight segments between sites (divided by
// the pulley divisor in force); for a segment from point p (velocity vp, acceleration
// ap at zero qacc) to point q, with d = q - p, L = |d|, u = d/L, w = vq - vp:
//   d/dt (u' w) at zero qacc = (w'w - (u'w)^2)/L + u'(aq - ap).
// Segments within one body have constant length and contribute nothing. MuJoCo 3.3.8
// adds this force to qfrc_bias after the RNE (mj_rne itself leaves it out) and rejects
// wrapping geoms on tendons with armature, so only sites and pulleys occur here.
#include <mujoco/mujoco.h>

#include "engine/com.h"
#include "engine/tendon_bias.h"
#include "math/inline.h"
#include "math/sparse.h"

// Velocity and zero-qacc acceleration of the point p moving with body b.
static void point_motion(const mjModel* m, const mjData* d, const mjtNum* cacc, int b,
                         const mjtNum p[3], mjtNum v[3], mjtNum a[3]) {
  if (b == 0) {
    sn_zero3(v);
    sn_zero3(a);
    return;
  }
  const mjtNum* cv = d->cvel + 6 * b;
  const mjtNum* ca = cacc + 6 * b;
  mjtNum r[3], t[3];
  sn_sub3(r, p, d->subtree_com + 3 * m->body_rootid[b]);
  sn_cross(t, cv, r);
  sn_add3(v, cv + 3, t);
  sn_cross(t, ca, r);
  sn_add3(a, ca + 3, t);
  sn_cross(t, cv, v);
  sn_addTo3(a, t);
}

// dJ/dt qvel of spatial tendon t (sites and pulleys).
static mjtNum spatial_jdot_qvel(const mjModel* m, const mjData* d, const mjtNum* cacc, int t) {
  int adr = m->tendon_adr[t], end = adr + m->tendon_num[t];
  mjtNum divisor = 1, s = 0;
  for (int k = adr; k + 1 < end; k++) {
    if (m->wrap_type[k] == mjWRAP_PULLEY) {
      divisor = m->wrap_prm[k];
      continue;
    }
    if (m->wrap_type[k] != mjWRAP_SITE || m->wrap_type[k + 1] != mjWRAP_SITE) {
      continue;
    }
    int s0 = m->wrap_objid[k], s1 = m->wrap_objid[k + 1];
    int b0 = m->site_bodyid[s0], b1 = m->site_bodyid[s1];
    if (b0 == b1) {
      continue;
    }
    const mjtNum* p0 = d->site_xpos + 3 * s0;
    const mjtNum* p1 = d->site_xpos + 3 * s1;
    mjtNum v0[3], a0[3], v1[3], a1[3], dif[3], w[3], da[3];
    point_motion(m, d, cacc, b0, p0, v0, a0);
    point_motion(m, d, cacc, b1, p1, v1, a1);
    sn_sub3(dif, p1, p0);
    mjtNum L = sn_norm3(dif);
    if (L < mjMINVAL) {
      continue;
    }
    mjtNum u[3] = {dif[0] / L, dif[1] / L, dif[2] / L};
    sn_sub3(w, v1, v0);
    sn_sub3(da, a1, a0);
    mjtNum uw = sn_dot3(u, w);
    s += ((sn_dot3(w, w) - uw * uw) / L + sn_dot3(u, da)) / divisor;
  }
  return s;
}

void sn_tendon_bias(const mjModel* m, mjData* d, mjtNum* qfrc) {
  int any = 0;
  for (int t = 0; t < m->ntendon && !any; t++) {
    any = m->tendon_armature[t] != 0 && m->tendon_num[t] > 0 &&
          m->wrap_type[m->tendon_adr[t]] != mjWRAP_JOINT;
  }
  if (!any) {
    return;
  }
  mj_markStack(d);
  mjtNum* cacc = mj_stackAllocNum(d, 6 * (size_t)m->nbody);
  sn_bodyAcc(m, d, cacc, NULL, 0);
  int nv = m->nv, sparse = mj_isSparse(m);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum arm = m->tendon_armature[t];
    if (arm == 0 || m->tendon_num[t] == 0 || m->wrap_type[m->tendon_adr[t]] == mjWRAP_JOINT) {
      continue;
    }
    mjtNum f = arm * spatial_jdot_qvel(m, d, cacc, t);
    if (f == 0) {
      continue;
    }
    sn_addRowScl(qfrc, d->ten_J, t, nv, sparse ? d->ten_J_rownnz : NULL, d->ten_J_rowadr,
                 d->ten_J_colind, f);
  }
  mj_freeStack(d);
}
