// Actuator length ranges computed by simulation at compile time (<compiler><lengthrange>).
#include <mujoco/mujoco.h>

// Contract stub (issue 5): replaced by the length-range work.
int mj_setLengthRange(mjModel* m, mjData* d, int index, const mjLROpt* opt, char* error,
                      int error_sz) {
  (void)m;
  (void)d;
  (void)index;
  (void)opt;
  if (error && error_sz > 0) {
    error[0] = 0;
  }
  return 1;
}
