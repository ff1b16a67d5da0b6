// Penetration of two convex shapes by Minkowski Portal Refinement (libccd), the
// solver MuJoCo 3.3.8 uses when mjDSBL_NATIVECCD is set. Only the adapter lives
// here: libccd calls back into sn_convex_support for both shapes and into the
// shapes' centres, which seed the portal and so shape MPR's (approximate) answer.
//
// MPR's direction is only as good as its final portal, so (as the oracle shows 3.3.8
// does) the normal is replaced by the surface normals of the smooth geoms (sphere,
// capsule, ellipsoid, a cylinder's curved side) at the points of their surfaces nearest
// the contact, averaged when both geoms are smooth; MPR's depth and position are kept.
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

// Outward unit normal (local frame) of a cylinder (radius r, half-height h): the radial
// direction at p, or 0 (keep MPR's direction, as for boxes) when p lies within 0.03 r of
// a cap plane or beyond it, whichever surface is nearer. The 0.03 r band is an empirical
// fit, not a derivation: on the oracle, 3.3.8 kept MPR's direction at cap distances
// 0.0011..0.0037 (r .15), 0.0041 (r .2), 0.0004 (r .3) and took the radial normal from
// 0.0054 (r .15), 0.0093 (r .2), 0.024 (r .1), 0.039 (r .3) up (27 poses). One pose
// disagrees: a thin cylinder (r .3, h .03) sunk 0.09 into a box keeps MPR's direction
// at cap distance 0.0154 (collide_mpr_multiccd_cylinder_box seed 2, KNOWN_CONTACTS).
static int cylinder_normal(mjtNum n[3], const mjtNum p[3], mjtNum r, mjtNum h) {
  if (h - fabs(p[2]) <= 0.03 * r || p[0] * p[0] + p[1] * p[1] < mjMINVAL) {
    return 0;
  }
  n[0] = p[0], n[1] = p[1], n[2] = 0;
  return 1;
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
      if (!cylinder_normal(nl, l, s->size[0], s->size[1])) {
        return 0;
      }
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
