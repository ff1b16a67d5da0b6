// Profiling intervals for d->timer: every pipeline stage (engine and collision) opens
// and closes its own, through the user's mjcb_time clock. Inline: a step opens a dozen
// intervals, and without a clock each is a test and a counter increment.
#ifndef SINEW_BASE_TIMER_H_
#define SINEW_BASE_TIMER_H_

#include <mujoco/mujoco.h>

// Start a profiling interval: mjcb_time() when set, else 0.
static inline mjtNum sn_timerStart(void) {
  return mjcb_time ? mjcb_time() : 0;
}

// Close an interval opened by sn_timerStart into d->timer[timer] (count always,
// duration only when mjcb_time is set).
static inline void sn_timerEnd(mjData* d, int timer, mjtNum start) {
  if (mjcb_time) {
    d->timer[timer].duration += mjcb_time() - start;
  }
  d->timer[timer].number++;
}

#endif  // SINEW_BASE_TIMER_H_
