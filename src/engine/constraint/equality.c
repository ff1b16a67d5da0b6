// Equality rows (connect, weld, joint; tendon once tendons exist).
#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"

sn_efc_count sn_equality_count(const mjModel* m, const mjData* d, int* mark) {
  (void)m;
  (void)d;
  (void)mark;
  sn_efc_count c = {0, 0};
  return c;
}

void sn_equality_emit(sn_efc* b) {
  (void)b;
}
