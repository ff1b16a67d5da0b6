// Tendon kinematics: the length of every tendon, its Jacobian (moment arms) and,
// for spatial tendons, the path points through sites and around wrapping geoms.
//
// Layout (identified on MuJoCo 3.3.8):
// - ten_J is ntendon x nv when the model is dense; sparse models store rows compactly
//   (ten_J_rownnz/rowadr/colind, columns ascending) and dense models leave those zero.
// - A fixed tendon's length is sum coef*qpos[qposadr] over its joints. Its dense row
//   holds coef at each joint's first dof (a joint listed twice keeps the last coef);
//   its sparse row sums the coefficients of repeated joints.
// - A spatial tendon's sparse row holds every dof moving either end of any straight
//   segment whose ends are on different bodies (values may be zero); segments within
//   one body add length but no columns.
// - Path points (wrap_obj, wrap_xpos, from ten_wrapadr): each site (-1), each pulley
//   (-2, at the origin) and, for an active wrap, the two tangent points (the geom id).
//   Fixed tendons have no points.
// The Jacobian of each straight segment is u'(J_end - J_start) with u its unit
// direction and wrap tangent points moving with the geom: the tangent points are
// optimal, so their sliding along the surface does not change the length to first
// order.
#include <mujoco/mujoco.h>

#include "engine/wrap.h"
#include "math/inline.h"

// Scratch for one tendon row: dense values and, for sparse models, the columns in use.
typedef struct {
  mjtNum* row;
  int* used;                  // NULL for dense models
  const mjModel* m;
  const mjData* d;
} sn_tenrow;

// Last dof moving body b (-1: none).
static int sn_last_dof(const mjModel* m, int b) {
  while (b > 0 && m->body_dofnum[b] == 0) {
    b = m->body_parentid[b];
  }
  return b > 0 ? m->body_dofadr[b] + m->body_dofnum[b] - 1 : -1;
}

// row += scale * u' * (Jacobian of point p on body b).
static void sn_add_point_jac(sn_tenrow* r, const mjtNum u[3], mjtNum scale, const mjtNum p[3],
                             int b) {
  const mjModel* m = r->m;
  const mjData* d = r->d;
  mjtNum off[3];
  sn_sub3(off, p, d->subtree_com + 3 * m->body_rootid[b]);
  for (int i = sn_last_dof(m, b); i >= 0; i = m->dof_parentid[i]) {
    const mjtNum* cdof = d->cdof + 6 * i;
    mjtNum v[3];
    sn_cross(v, cdof, off);
    sn_addTo3(v, cdof + 3);
    r->row[i] += scale * mju_dot3(u, v);
    if (r->used) {
      r->used[i] = 1;
    }
  }
}

// A straight segment from p0 (body b0) to p1 (body b1): its length, and its
// contribution to the row scaled by 1/divisor.
static mjtNum sn_segment(sn_tenrow* r, const mjtNum p0[3], int b0, const mjtNum p1[3], int b1,
                         mjtNum divisor) {
  mjtNum u[3];
  sn_sub3(u, p1, p0);
  mjtNum len = mju_norm3(u);
  if (b0 != b1 && len > mjMINVAL) {
    sn_scl3(u, u, 1 / len);
    sn_add_point_jac(r, u, 1 / divisor, p1, b1);
    sn_add_point_jac(r, u, -1 / divisor, p0, b0);
  }
  return len;
}

// Append a path point.
static void sn_point(mjData* d, int* npoint, int obj, const mjtNum* pos) {
  d->wrap_obj[*npoint] = obj;
  if (pos) {
    sn_copy3(d->wrap_xpos + 3 * *npoint, pos);
  } else {
    sn_zero3(d->wrap_xpos + 3 * *npoint);
  }
  (*npoint)++;
}

// Wrap the segment from site s0 to site s1 around geom g (wrap slot w); returns the
// length added (straight parts and the part on the surface).
static mjtNum sn_geom_segment(sn_tenrow* r, mjData* d, int w, int s0, int s1, int* npoint,
                              mjtNum divisor) {
  const mjModel* m = r->m;
  int g = m->wrap_objid[w];
  int side = (int)m->wrap_prm[w];
  const mjtNum* p0 = d->site_xpos + 3 * s0;
  const mjtNum* p1 = d->site_xpos + 3 * s1;
  int b0 = m->site_bodyid[s0], b1 = m->site_bodyid[s1], bg = m->geom_bodyid[g];
  mjtNum t[6];
  mjtNum arc = sn_wrap_geom(m->wrap_type[w], m->geom_size + 3 * g, d->geom_xpos + 3 * g,
                            d->geom_xmat + 9 * g, p0, p1,
                            side >= 0 ? d->site_xpos + 3 * side : NULL, t);
  if (arc < 0) {
    return sn_segment(r, p0, b0, p1, b1, divisor);
  }
  sn_point(d, npoint, g, t);
  sn_point(d, npoint, g, t + 3);
  mjtNum len = sn_segment(r, p0, b0, t, bg, divisor);
  len += arc;
  len += sn_segment(r, t + 3, bg, p1, b1, divisor);
  return len;
}

// Length, row and path points of spatial tendon t.
static mjtNum sn_spatial(sn_tenrow* r, mjData* d, int t, int* npoint) {
  const mjModel* m = r->m;
  int adr = m->tendon_adr[t], end = adr + m->tendon_num[t];
  mjtNum divisor = 1, length = 0;
  for (int k = adr; k < end;) {
    int type = m->wrap_type[k];
    if (type == mjWRAP_PULLEY) {
      divisor = m->wrap_prm[k];
      sn_point(d, npoint, -2, NULL);
      k++;
      continue;
    }
    // a site (the compiler checked the path): the point, then the segment after it
    int s0 = m->wrap_objid[k];
    sn_point(d, npoint, -1, d->site_xpos + 3 * s0);
    if (k + 1 >= end || m->wrap_type[k + 1] == mjWRAP_PULLEY) {
      k++;
      continue;
    }
    if (m->wrap_type[k + 1] == mjWRAP_SITE) {
      int s1 = m->wrap_objid[k + 1];
      length += sn_segment(r, d->site_xpos + 3 * s0, m->site_bodyid[s0], d->site_xpos + 3 * s1,
                           m->site_bodyid[s1], divisor) / divisor;
      k++;
      continue;
    }
    length += sn_geom_segment(r, d, k + 1, s0, m->wrap_objid[k + 2], npoint, divisor) / divisor;
    k += 2;
  }
  return length;
}

// Length and row of fixed tendon t.
static mjtNum sn_fixed(sn_tenrow* r, const mjData* d, int t) {
  const mjModel* m = r->m;
  int adr = m->tendon_adr[t], num = m->tendon_num[t];
  mjtNum length = 0;
  for (int k = adr; k < adr + num; k++) {
    int j = m->wrap_objid[k];
    mjtNum coef = m->wrap_prm[k];
    int dof = m->jnt_dofadr[j];
    length += coef * d->qpos[m->jnt_qposadr[j]];
    if (r->used) {
      r->row[dof] += coef;
      r->used[dof] = 1;
    } else {
      r->row[dof] = coef;
    }
  }
  return length;
}

void mj_tendon(const mjModel* m, mjData* d) {
  int nv = m->nv, ntendon = m->ntendon;
  if (!ntendon) {
    return;
  }
  int sparse = mj_isSparse(m);
  mj_markStack(d);
  sn_tenrow r = {NULL, NULL, m, d};
  if (sparse) {
    r.row = mj_stackAllocNum(d, nv > 0 ? nv : 1);
    r.used = mj_stackAllocInt(d, nv > 0 ? nv : 1);
  } else {
    mju_zero(d->ten_J, (size_t)ntendon * nv);
  }
  int npoint = 0, rowadr = 0;
  for (int t = 0; t < ntendon; t++) {
    if (sparse) {
      mju_zero(r.row, nv);
      for (int i = 0; i < nv; i++) {
        r.used[i] = 0;
      }
    } else {
      r.row = d->ten_J + (size_t)t * nv;
    }
    d->ten_wrapadr[t] = npoint;
    int spatial = m->tendon_num[t] > 0 && m->wrap_type[m->tendon_adr[t]] != mjWRAP_JOINT;
    d->ten_length[t] = spatial ? sn_spatial(&r, d, t, &npoint) : sn_fixed(&r, d, t);
    d->ten_wrapnum[t] = npoint - d->ten_wrapadr[t];
    if (sparse) {
      int nnz = 0;
      for (int i = 0; i < nv; i++) {
        if (r.used[i]) {
          d->ten_J_colind[rowadr + nnz] = i;
          d->ten_J[rowadr + nnz] = r.row[i];
          nnz++;
        }
      }
      d->ten_J_rownnz[t] = nnz;
      d->ten_J_rowadr[t] = rowadr;
      rowadr += nnz;
    } else {
      d->ten_J_rownnz[t] = 0;
      d->ten_J_rowadr[t] = 0;
    }
  }
  mj_freeStack(d);
}
