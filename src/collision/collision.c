// mj_collision: placeholder until the driver lands (no contacts).
#include "collision/collision.h"

void mj_collision(const mjModel* m, mjData* d) {
  d->ncon = 0;
}
