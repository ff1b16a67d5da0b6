// Internal helpers of the forward pipeline shared by the stepping functions.
#ifndef SINEW_ENGINE_FORWARD_H_
#define SINEW_ENGINE_FORWARD_H_

#include <mujoco/mujoco.h>

// Start a profiling interval: mjcb_time() when set, else 0.
mjtNum sn_timerStart(void);

// Close an interval opened by sn_timerStart into d->timer[timer] (count always,
// duration only when mjcb_time is set).
void sn_timerEnd(mjData* d, int timer, mjtNum start);

// qfrc += joint-space image of every body's xfrc_applied (force, torque at the com).
void sn_xfrcAccumulate(const mjModel* m, mjData* d, mjtNum* qfrc);

#endif  // SINEW_ENGINE_FORWARD_H_
