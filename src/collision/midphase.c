// Midphase: which geom pairs of two bodies reach the narrow phase.
#include "collision/driver.h"

void sn_midphase(const mjModel* m, mjData* d, int b1, int b2, sn_geompair_fn fn, void* ctx) {
  int a1 = m->body_geomadr[b1], n1 = m->body_geomnum[b1];
  int a2 = m->body_geomadr[b2], n2 = m->body_geomnum[b2];
  for (int g1 = a1; g1 < a1 + n1; g1++) {
    for (int g2 = a2; g2 < a2 + n2; g2++) {
      fn(m, d, g1, g2, ctx);
    }
  }
}
