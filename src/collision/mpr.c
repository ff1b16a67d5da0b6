// Penetration of two convex shapes by Minkowski Portal Refinement (libccd), the
// solver MuJoCo 3.3.8 uses when mjDSBL_NATIVECCD is set. Only the adapter lives
// here: libccd calls back into sn_convex_support for both shapes and into the
// shapes' centres, which seed the portal and so shape MPR's (approximate) answer.
//
// MPR's direction is only as good as its final portal, so (as the oracle shows 3.3.8
// does) the normal is replaced by the surface normals of the smooth geoms (sphere,
// capsule, ellipsoid, cylinder) at the points of their surfaces nearest the contact,
// averaged when both geoms are smooth; MPR's depth and position are kept.
#include <math.h>

#include <ccd/ccd.h>

#include "collision/ccd.h"
#include "math/inline.h"

static void support_cb(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* vec) {
  // libccd's callback type is const, but mesh supports keep a hill-climbing warm start
  sn_convex_support(vec->v, (sn_convex*)obj, dir->v);
}

// The geom centre (its frame origin), or the centroid of a prism's six corners.
static void center_cb(const void* obj, ccd_vec3_t* center) {
  const sn_convex* s = obj;
  if (s->type == SN_CONVEX_PRISM) {
    for (int k = 0; k < 3; k++) {
      mjtNum sum = 0;
      for (int i = 0; i < 6; i++) {
        sum += s->prism[i][k];
      }
      center->v[k] = sum / 6;
    }
    return;
  }
  sn_copy3(center->v, s->pos);
}

// Outward unit normal (local frame) of an ellipsoid with semi-axes s at the surface
// point nearest p. The nearest point is p_k s_k^2 / (s_k^2 + t) with t the root of
// sum (p_k s_k / (s_k^2 + t))^2 = 1, which decreases monotonically in t on
// (-min s_k^2, inf) and is bracketed by |p| max s_k: bisection to machine precision.
static void ellipsoid_normal(mjtNum n[3], const mjtNum p[3], const mjtNum s[3]) {
  mjtNum smin = fmin(s[0], fmin(s[1], s[2])), smax = fmax(s[0], fmax(s[1], s[2]));
  mjtNum lo = -smin * smin, hi = sn_norm3(p) * smax;
  for (int it = 0; it < 200 && hi > lo; it++) {
    mjtNum mid = 0.5 * (lo + hi), f = -1;
    for (int k = 0; k < 3; k++) {
      mjtNum q = p[k] * s[k] / (s[k] * s[k] + mid);
      f += q * q;
    }
    if (mid == lo || mid == hi) {
      break;
    }
    if (f > 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  mjtNum t = 0.5 * (lo + hi);
  for (int k = 0; k < 3; k++) {
    n[k] = p[k] / (s[k] * s[k] + t);  // gradient direction at the nearest point
  }
}

// Outward unit normal (local frame) of a cylinder (radius r, half-height h) at the
// surface point nearest p.
static void cylinder_normal(mjtNum n[3], const mjtNum p[3], mjtNum r, mjtNum h) {
  mjtNum rad = sqrt(p[0] * p[0] + p[1] * p[1]);
  mjtNum side = rad - r, cap = fabs(p[2]) - h;
  mjtNum zs = p[2] < 0 ? -1 : 1;
  if (side <= 0 && cap <= 0) {  // inside: the nearer of the side and the cap
    if (side > cap && rad > 0) {
      n[0] = p[0], n[1] = p[1], n[2] = 0;
    } else {
      n[0] = 0, n[1] = 0, n[2] = zs;
    }
    return;
  }
  mjtNum q[3] = {p[0], p[1], zs * fmin(fabs(p[2]), h)};
  if (rad > r) {
    q[0] *= r / rad;
    q[1] *= r / rad;
  }
  sn_sub3(n, p, q);
}

// Outward normal (world, unit) of geom shape s at the surface point nearest p;
// returns 0 for shapes without a smooth normal (boxes, meshes, prisms).
static int smooth_normal(mjtNum n[3], const sn_convex* s, const mjtNum p[3]) {
  mjtNum rel[3], l[3], nl[3];
  sn_sub3(rel, p, s->pos);
  sn_mulMatTVec3(l, s->mat, rel);
  switch (s->type) {
    case mjGEOM_SPHERE:
      sn_copy3(nl, l);
      break;
    case mjGEOM_CAPSULE:
      nl[0] = l[0], nl[1] = l[1];
      nl[2] = l[2] - fmax(-s->size[1], fmin(s->size[1], l[2]));
      break;
    case mjGEOM_ELLIPSOID:
      ellipsoid_normal(nl, l, s->size);
      break;
    case mjGEOM_CYLINDER:
      cylinder_normal(nl, l, s->size[0], s->size[1]);
      break;
    default:
      return 0;
  }
  sn_mulMatVec3(n, s->mat, nl);
  return sn_normalize3(n) >= mjMINVAL;
}

int sn_mpr(sn_ccd_result* r, const mjModel* m, sn_convex* a, sn_convex* b) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = support_cb;
  ccd.support2 = support_cb;
  ccd.center1 = center_cb;
  ccd.center2 = center_cb;
  ccd.max_iterations = (unsigned long)m->opt.ccd_iterations;
  ccd.mpr_tolerance = m->opt.ccd_tolerance;
  ccd_real_t depth;
  ccd_vec3_t dir, pos;
  if (ccdMPRPenetration(a, b, &ccd, &depth, &dir, &pos) != 0) {
    return 0;
  }
  r->status = SN_CCD_PENETRATING;
  r->dist = -depth;
  r->nsimplex = 0;
  for (int k = 0; k < 3; k++) {
    r->normal[k] = dir.v[k];
    r->x1[k] = pos.v[k];
    r->x2[k] = pos.v[k];
  }
  return 1;
}

void sn_mpr_normal(sn_ccd_result* r, const sn_convex* a, const sn_convex* b) {
  mjtNum p[3], na[3], nb[3], n[3];
  for (int k = 0; k < 3; k++) {
    p[k] = 0.5 * (r->x1[k] + r->x2[k]);
  }
  int ha = smooth_normal(na, a, p), hb = smooth_normal(nb, b, p);
  if (!ha && !hb) {
    return;
  }
  for (int k = 0; k < 3; k++) {
    n[k] = (ha ? na[k] : 0) - (hb ? nb[k] : 0);
  }
  if (sn_normalize3(n) >= mjMINVAL) {
    sn_copy3(r->normal, n);
  }
}
