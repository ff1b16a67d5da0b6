// Internal helpers of the passive-force stage shared with other engine stages.
#ifndef SINEW_ENGINE_PASSIVE_H_
#define SINEW_ENGINE_PASSIVE_H_

#include <mujoco/mujoco.h>

// qfrc += gravity compensation of the dofs whose joint has actgravcomp set
// (the share of qfrc_gravcomp that belongs to the actuators, not to qfrc_passive).
void sn_passive_actgravcomp(const mjModel* m, mjData* d, mjtNum* qfrc);

#endif  // SINEW_ENGINE_PASSIVE_H_
