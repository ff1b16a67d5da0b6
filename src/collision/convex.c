// Placeholder: no contacts until this file's narrow-phase functions land.
#include "collision/collision.h"
#include "collision/convex.h"

int sn_collide_plane_convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

void sn_convex_geom(sn_convex* obj, const mjModel* m, const mjData* d, int g, mjtNum margin) {
}

void sn_convex_support(mjtNum res[3], sn_convex* obj, const mjtNum dir[3]) {
  res[0] = res[1] = res[2] = 0;
}

int sn_convex_collide(const mjModel* m, sn_convex* a, sn_convex* b, mjtNum margin,
                      mjContact* con) {
  return 0;
}
