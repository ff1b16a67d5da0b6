// Penetration of two convex shapes by Minkowski Portal Refinement (libccd), the
// solver MuJoCo 3.3.8 uses when mjDSBL_NATIVECCD is set. Only the adapter lives
// here: libccd calls back into sn_convex_support for both shapes and into the
// shapes' centres, which seed the portal and so shape MPR's (approximate) answer.
//
// MPR's direction is only as good as its final portal, so (as the oracle shows 3.3.8
// does) the normal is replaced by the surface normals of the smooth geoms (sphere,
// capsule, ellipsoid, a cylinder's curved side) near the contact, averaged when both
// geoms are smooth; MPR's depth and position are kept. Spheres, capsules and cylinders
// take the normal at the surface point nearest the contact; ellipsoids the one 3.3.8's
// ray-cast iteration reaches from MPR's direction (surface_normal.c; the exact nearest
// point differed from 3.3.8 by up to 4e-7 on the project's MPR ellipsoid models).
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

// Outward normal (world, unit) of geom shape s near p, out being MPR's outward
// direction for s; returns 0 for shapes without a smooth normal (boxes, meshes, prisms).
static int smooth_normal(mjtNum n[3], const sn_convex* s, const mjtNum p[3],
                         const mjtNum out[3]) {
  if (s->type == mjGEOM_ELLIPSOID) {
    sn_scl3(n, out, -1);
    if (!sn_surface_normal(n, s, p)) {
      return 0;
    }
    sn_scl3(n, n, -1);
    return 1;
  }
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
  mjtNum outb[3];
  sn_scl3(outb, r->normal, -1);
  int ha = smooth_normal(na, a, p, r->normal), hb = smooth_normal(nb, b, p, outb);
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
