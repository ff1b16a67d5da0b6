// Profiling intervals for d->timer: every pipeline stage (engine and collision) opens
// and closes its own, through the user's mjcb_time clock.
#ifndef SINEW_BASE_TIMER_H_
#define SINEW_BASE_TIMER_H_

#include <mujoco/mujoco.h>

// Start a profiling interval: mjcb_time() when set, else 0.
mjtNum sn_timerStart(void);

// Close an interval opened by sn_timerStart into d->timer[timer] (count always,
// duration only when mjcb_time is set).
void sn_timerEnd(mjData* d, int timer, mjtNum start);

#endif  // SINEW_BASE_TIMER_H_
