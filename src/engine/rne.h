// Recursive Newton-Euler stages (internal declarations).
#ifndef SINEW_ENGINE_RNE_H_
#define SINEW_ENGINE_RNE_H_

#include <mujoco/mujoco.h>

// Body accelerations cacc, interaction forces cfrc_int and external forces cfrc_ext
// from qacc, qvel and xfrc_applied (MuJoCo API; declared here until mujoco.h has it).
MJAPI void mj_rnePostConstraint(const mjModel* m, mjData* d);

#endif  // SINEW_ENGINE_RNE_H_
