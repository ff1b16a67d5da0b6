// Profiling intervals (see timer.h).
#include "base/timer.h"

mjtNum sn_timerStart(void) {
  return mjcb_time ? mjcb_time() : 0;
}

void sn_timerEnd(mjData* d, int timer, mjtNum start) {
  if (mjcb_time) {
    d->timer[timer].duration += mjcb_time() - start;
  }
  d->timer[timer].number++;
}
