// mj_geomDistance: the narrow-phase function of the pair run with distmax as margin;
// the smallest distance among its contacts, and the segment between the surfaces.
#include <mujoco/mujoco.h>

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
  mjfCollision fn = sn_collide_table[m->geom_type[g1]][m->geom_type[g2]];
  if (!fn) {
    return distmax;
  }
  mjContact con[mjMAXCONPAIR];
  int ncon;
  if (fn == sn_collide_convex) {
    // the exact GJK distance of the geoms themselves, not of margin-inflated shapes
    sn_convex a, b;
    sn_convex_geom(&a, m, d, g1, 0);
    sn_convex_geom(&b, m, d, g2, 0);
    ncon = sn_convex_collide(m, &a, &b, distmax, con);
  } else {
    ncon = fn(m, d, con, g1, g2, distmax);
  }
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
    // 3.3.8 orders the segment by geom type (from the pair function's g1 to its g2)
    // whichever order the geoms were passed in
    for (int k = 0; k < 3; k++) {
      mjtNum half = 0.5 * c->dist * c->frame[k];
      fromto[k] = c->pos[k] - half;
      fromto[3 + k] = c->pos[k] + half;
    }
  }
  return c->dist;
}
