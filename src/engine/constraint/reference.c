// Reference acceleration of the soft constraint model: efc_vel = J*qvel and
// efc_aref = -B*efc_vel - K*imp*(pos - margin) from each row's KBIP.
#include <mujoco/mujoco.h>

// Contract stub (the assembly helper replaces this).
void mj_referenceConstraint(const mjModel* m, mjData* d) {
  (void)m;
  (void)d;
}
