// Placeholder: no contacts until this file's narrow-phase functions land.
#include "collision/collision.h"

int sn_collide_hfield(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}
