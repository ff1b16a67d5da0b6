// Tendon kinematics: the length of every tendon, its Jacobian (moment arms) and,
// for spatial tendons, the path points through sites and around wrapping geoms.
#include <mujoco/mujoco.h>

// Contract stub (issue 5): replaced by the tendon work.
void mj_tendon(const mjModel* m, mjData* d) {
  (void)m;
  (void)d;
}
