// The constraint stage: picks the solver (PGS, CG, Newton), warm-starts it, runs it per
// island or over all rows, applies noslip, and leaves qacc, efc_force and qfrc_constraint.
#include <mujoco/mujoco.h>

#include "base/timer.h"

// Contract stub (the solver helper replaces this).
void mj_projectConstraint(const mjModel* m, mjData* d) {
  (void)m;
  d->nA = 0;
}

void mj_fwdConstraint(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  int nv = m->nv;

  // no solver yet: without rows the answer is exact
  mju_copy(d->qacc, d->qacc_smooth, nv);
  mju_zero(d->qfrc_constraint, nv);
  for (int i = 0; i < mjNISLAND; i++) {
    d->solver_niter[i] = 0;
  }

  sn_timerEnd(d, mjTIMER_CONSTRAINT, tm);
}
