// Midphase: the geom pairs of two bodies, in MuJoCo 3.3.8's order. A pair is collided
// with the geom of smaller type first, and the oracle visits the pairs of a body pair
// sorted by (first geom, second geom) in that order. Since the geoms of the smaller
// body have the smaller ids, that order is: the pairs kept as (g in b1, g in b2)
// lexicographically, then the swapped ones as (g in b2, g in b1) lexicographically.
#include "collision/driver.h"

void sn_midphase(const mjModel* m, mjData* d, int b1, int b2, sn_geompair_fn fn, void* ctx) {
  int a1 = m->body_geomadr[b1], n1 = m->body_geomnum[b1];
  int a2 = m->body_geomadr[b2], n2 = m->body_geomnum[b2];
  const int* type = m->geom_type;
  for (int g1 = a1; g1 < a1 + n1; g1++) {
    for (int g2 = a2; g2 < a2 + n2; g2++) {
      if (type[g1] <= type[g2]) {
        fn(m, d, g1, g2, ctx);
      }
    }
  }
  for (int g2 = a2; g2 < a2 + n2; g2++) {
    for (int g1 = a1; g1 < a1 + n1; g1++) {
      if (type[g1] > type[g2]) {
        fn(m, d, g2, g1, ctx);
      }
    }
  }
}
