// Internal helpers of the forward pipeline shared by the stepping functions.
#ifndef SINEW_ENGINE_FORWARD_H_
#define SINEW_ENGINE_FORWARD_H_

#include <mujoco/mujoco.h>

#include "base/timer.h"

// qfrc += joint-space image of every body's xfrc_applied (force, torque at the com).
void sn_xfrcAccumulate(const mjModel* m, mjData* d, mjtNum* qfrc);

// The position stages forward and inverse dynamics share, each under its timer:
// kinematics, inertia (and its factorisation), collision and constraint rows.
void sn_positionCommon(const mjModel* m, mjData* d);

#endif  // SINEW_ENGINE_FORWARD_H_
