// Contact force in the contact frame, recovered from the solver's efc_force (pyramidal
// edges are combined back into normal and friction components).
#include <mujoco/mujoco.h>

// Contract stub (the assembly helper replaces this).
void mj_contactForce(const mjModel* m, const mjData* d, int id, mjtNum result[6]) {
  (void)m;
  (void)d;
  (void)id;
  mju_zero(result, 6);
}
