// Primal nonlinear conjugate gradient (Polak-Ribiere-Plus) on the reduced primal cost,
// preconditioned by M (the natural metric of the Gauss term), with the exact line search.
#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

void sn_solveCG(mjData* d, const snCProblem* p) {
  int nv = p->nv;
  mj_markStack(d);
  snPrimal x;
  sn_primalInit(d, p, &x, 0);
  mjtNum* Mgrad = mj_stackAllocNum(d, nv);
  mjtNum* Mgrad_old = mj_stackAllocNum(d, nv);
  mjtNum* grad_old = mj_stackAllocNum(d, nv);
  mjtNum* search = mj_stackAllocNum(d, nv);
  mjSolverStat dummy;

  sn_cpSolveM(p, Mgrad, x.grad);
  mju_scl(search, Mgrad, -1, nv);

  int iter = 0;
  while (iter < p->iterations) {
    mjSolverStat* stat = iter < mjNSOLVER ? p->stat + iter : &dummy;
    *stat = (mjSolverStat){0};
    mju_copy(grad_old, x.grad, nv);
    mju_copy(Mgrad_old, Mgrad, nv);
    mjtNum alpha = sn_primalStep(p, &x, search, stat);
    if (alpha == 0) {
      break;  // no descent (e.g. already at the optimum): not an iteration, as 3.3.8 counts
    }
    iter++;
    if (stat->improvement < p->tolerance || stat->gradient < p->tolerance) {
      break;
    }

    // Polak-Ribiere with restart when negative (the "plus")
    sn_cpSolveM(p, Mgrad, x.grad);
    mjtNum den = mju_dot(grad_old, Mgrad_old, nv);
    mjtNum beta = 0;
    if (den > 0) {
      for (int i = 0; i < nv; i++) {
        beta += x.grad[i] * (Mgrad[i] - Mgrad_old[i]);
      }
      beta /= den;
    }
    if (!(beta > 0)) {
      beta = 0;
    }
    for (int i = 0; i < nv; i++) {
      search[i] = -Mgrad[i] + beta * search[i];
    }
  }
  *p->niter = iter;
  mj_freeStack(d);
}
