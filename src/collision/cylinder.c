// Analytic sphere–cylinder narrow phase; regions and conventions follow MuJoCo 3.3.8 as
// observed on the oracle.
#include "collision/collision.h"
#include "collision/pair_util.h"

// Regions by the sphere centre's axial coordinate z and radial distance q: beside the
// side (|z| <= h): against the nearest axis point inflated by the radius; over a cap
// (q <= r): along the axis; beyond the rim: against the nearest rim point. A centre inside
// the cylinder is pushed out through the side or the cap, whichever is shallower.
int sn_collide_sphere_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1,
                               int g2, mjtNum margin) {
  sn_geom_t S = sn_geom(m, d, g1), C = sn_geom(m, d, g2);
  mjtNum rs = S.size[0], r = C.size[0], h = C.size[1];
  mjtNum zs[3], axis[3], rel[3];
  sn_geom_axis(zs, &S, 2);
  sn_geom_axis(axis, &C, 2);
  sn_sub3(rel, S.pos, C.pos);
  mjtNum z = sn_dot3(rel, axis);
  mjtNum radial[3];
  sn_addScl3(radial, rel, axis, -z);
  mjtNum q = sn_norm3(radial);

  int side = fabs(z) <= h;
  if (side && q < r) {
    side = r - q <= h - fabs(z);
  }
  if (side) {
    mjtNum p[3];
    sn_addScl3(p, C.pos, axis, z);
    return sn_sphere_pair(con, S.pos, rs, p, r, zs, axis, margin);
  }
  mjtNum cap[3];
  sn_addScl3(cap, C.pos, axis, z > 0 ? h : -h);
  if (q <= r) {
    // the height over the cap's plane, as 3.3.8 computes it (bit for bit on
    // mj_geomDistance, where |z| - h - rs is not)
    mjtNum dc[3];
    sn_sub3(dc, S.pos, cap);
    mjtNum dist = sn_dot3(dc, axis) * (z > 0 ? 1 : -1) - rs;
    if (dist > margin) {
      return 0;
    }
    mjtNum n[3], pos[3];
    sn_scl3(n, axis, z > 0 ? -1 : 1);
    sn_addScl3(pos, S.pos, n, rs + 0.5 * dist);
    sn_set_contact(con, dist, pos, n, NULL);
    return 1;
  }
  mjtNum rim[3];
  sn_addScl3(rim, cap, radial, r / q);
  return sn_sphere_pair(con, S.pos, rs, rim, 0, zs, axis, margin);
}
