// Divergence checks: a NaN or huge entry in qpos, qvel or qacc raises a warning
// and, unless mjDSBL_AUTORESET is set, resets the data to qpos0. The warning is
// counted again after the reset (which clears the counters), so it survives.
#include <math.h>

#include <mujoco/mujoco.h>

// Index of the first bad entry of vec, or -1.
static int first_bad(const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    // mju_isBad in one comparison: false for NaN and for anything beyond mjMAXVAL
    if (!(fabs(vec[i]) <= mjMAXVAL)) {
      return i;
    }
  }
  return -1;
}

// Warn about entry i, reset unless disabled, and record the warning. Returns
// whether the data was reset.
static int handle_bad(const mjModel* m, mjData* d, int warning, int i) {
  mj_warning(d, warning, i);
  int reset = !(m->opt.disableflags & mjDSBL_AUTORESET);
  if (reset) {
    mj_resetData(m, d);
  }
  d->warning[warning].number++;
  d->warning[warning].lastinfo = i;
  return reset;
}

void mj_checkPos(const mjModel* m, mjData* d) {
  int i = first_bad(d->qpos, m->nq);
  if (i >= 0) {
    handle_bad(m, d, mjWARN_BADQPOS, i);
  }
}

void mj_checkVel(const mjModel* m, mjData* d) {
  int i = first_bad(d->qvel, m->nv);
  if (i >= 0) {
    handle_bad(m, d, mjWARN_BADQVEL, i);
  }
}

void mj_checkAcc(const mjModel* m, mjData* d) {
  int i = first_bad(d->qacc, m->nv);
  if (i >= 0 && handle_bad(m, d, mjWARN_BADQACC, i)) {
    // the step continues from the reset state: make its derived quantities valid
    mj_forward(m, d);
  }
}
