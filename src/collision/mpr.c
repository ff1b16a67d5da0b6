// Penetration of two convex shapes by Minkowski Portal Refinement (libccd), the
// solver MuJoCo 3.3.8 uses when mjDSBL_NATIVECCD is set. Only the adapter lives
// here: libccd calls back into sn_convex_support_mpr for both shapes and into the
// shapes' centres, which seed the portal and so shape MPR's (approximate) answer.
//
// MPR's direction is only as good as its final portal, so (as the oracle shows 3.3.8
// does) the normal is replaced by the surface normals of the smooth geoms (sphere,
// capsule, ellipsoid, a cylinder's curved side) near the contact, averaged when both
// geoms are smooth; MPR's depth and position are kept. Spheres and capsules take the
// normal at the surface point nearest the contact; ellipsoids the one 3.3.8's ray-cast
// iteration reaches from MPR's direction, cylinders the radial direction under the
// cap-distance rule that also holds against height fields (surface_normal.c).
#include <math.h>

#include <ccd/ccd.h>

#include "collision/ccd.h"
#include "math/inline.h"

static void support_cb(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* vec) {
  // libccd's callback type is const, but mesh supports keep a hill-climbing warm start
  sn_convex_support_mpr(vec->v, (sn_convex*)obj, dir->v);
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

// Outward normal (world, unit) of geom shape s near p, out being MPR's outward
// direction for s; returns 0 for shapes without a smooth normal (boxes, meshes, prisms).
static int smooth_normal(mjtNum n[3], const sn_convex* s, const mjtNum p[3],
                         const mjtNum out[3]) {
  if (s->type == mjGEOM_ELLIPSOID || s->type == mjGEOM_CYLINDER) {
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
