// mj_geomDistance: the smallest distance between two geoms (up to distmax) and the
// segment between their surfaces. What 3.3.8 returns, measured on random poses of every
// pair type (bit for bit where the pair arithmetic is 3.3.8's own):
// - pairs without an analytic pair function, and box-box (whose pair function is not a
//   distance: its separated contacts can be off the nearest points), go to the convex
//   solver (GJK/EPA on the unpadded geoms); fromto is its raw pair of witness points,
//   from the geom of lower type to the other (the passed order only for equal types),
//   also when the search converged beyond distmax (then distmax is returned) but not
//   when it stopped early on the cutoff test (then fromto is zero);
// - the other pairs run their pair function with distmax as the margin and take the
//   closest contact; fromto is pos -/+ dist/2 along its normal, from geom1 to geom2 as
//   passed.
#include <mujoco/mujoco.h>

#include "collision/ccd.h"
#include "collision/collision.h"
#include "collision/convex.h"

mjtNum mj_geomDistance(const mjModel* m, const mjData* d, int geom1, int geom2,
                       mjtNum distmax, mjtNum fromto[6]) {
  if (fromto) {
    mju_zero(fromto, 6);
  }
  if (geom1 < 0 || geom2 < 0 || geom1 >= m->ngeom || geom2 >= m->ngeom) {
    return distmax;
  }
  int t1 = m->geom_type[geom1], t2 = m->geom_type[geom2];
  int g1 = t1 > t2 ? geom2 : geom1, g2 = t1 > t2 ? geom1 : geom2;
  int lo = m->geom_type[g1], hi = m->geom_type[g2];
  mjfCollision fn = sn_collide_table[lo][hi];
  if (!fn) {
    return distmax;
  }

  if (fn == sn_collide_convex || (lo == mjGEOM_BOX && hi == mjGEOM_BOX)) {
    sn_convex a, b;
    sn_convex_geom(&a, m, d, g1, 0);
    sn_convex_geom(&b, m, d, g2, 0);
    sn_ccd_result r;
    int near = sn_convex_ccd(&r, m, &a, &b, distmax);
    if (!near && r.status != SN_CCD_BEYOND) {
      return distmax;
    }
    // a search that converged beyond distmax still reports its witness points
    if (fromto) {
      mju_copy3(fromto, r.x1);
      mju_copy3(fromto + 3, r.x2);
    }
    return near ? r.dist : distmax;
  }

  mjContact con[mjMAXCONPAIR];
  int ncon = fn(m, d, con, g1, g2, distmax);
  int best = -1;
  for (int i = 0; i < ncon; i++) {
    if (con[i].dist < distmax && (best < 0 || con[i].dist < con[best].dist)) {
      best = i;
    }
  }
  if (best < 0) {
    return distmax;
  }
  const mjContact* c = con + best;
  if (fromto) {
    int flip = g1 != geom1;
    for (int k = 0; k < 3; k++) {
      mjtNum half = 0.5 * c->dist * c->frame[k];
      fromto[(flip ? 3 : 0) + k] = c->pos[k] - half;
      fromto[(flip ? 0 : 3) + k] = c->pos[k] + half;
    }
  }
  return c->dist;
}
