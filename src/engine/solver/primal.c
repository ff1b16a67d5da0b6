// Shared iterate of the primal solvers (CG, Newton) over the reduced primal cost
// Gauss(qacc) + s(J*qacc - aref): evaluation, line-search step and per-iteration statistics.
#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

// cost, forces, states and gradient at x->qacc (Ma and jar already current)
static void evaluate(const snCProblem* p, snPrimal* x) {
  mjtNum s;
  sn_cpUpdate(p, x->jar, &s, x->flg_hess);
  x->cost = sn_cpGauss(p, x->qacc, x->Ma) + s;
  for (int i = 0; i < p->nv; i++) {
    x->grad[i] = x->Ma[i] - p->qfrc_smooth[i] - p->qfrc_constraint[i];
  }
}

void sn_primalInit(mjData* d, const snCProblem* p, snPrimal* x, int flg_hess) {
  int nv = p->nv, nefc = p->nefc;
  x->qacc = p->qacc;
  x->Ma = mj_stackAllocNum(d, nv);
  x->jar = mj_stackAllocNum(d, nefc);
  x->grad = mj_stackAllocNum(d, nv);
  x->Mv = mj_stackAllocNum(d, nv);
  x->Jv = mj_stackAllocNum(d, nefc);
  x->oldstate = mj_stackAllocInt(d, nefc);
  x->flg_hess = flg_hess;
  sn_cpMulM(p, x->Ma, x->qacc);
  sn_cpMulJ(p, x->jar, x->qacc);
  mju_subFrom(x->jar, p->aref, nefc);
  evaluate(p, x);
}

mjtNum sn_primalStep(const snCProblem* p, snPrimal* x, const mjtNum* search,
                     mjSolverStat* stat) {
  int nv = p->nv, nefc = p->nefc;
  sn_cpMulM(p, x->Mv, search);
  sn_cpMulJ(p, x->Jv, search);
  mjtNum alpha = sn_linesearch(p, search, x->Ma, x->Mv, x->jar, x->Jv, stat);
  if (alpha == 0) {
    stat->improvement = 0;
    stat->gradient = p->scale * mju_norm(x->grad, nv);
    return 0;
  }
  mju_addToScl(x->qacc, search, alpha, nv);
  mju_addToScl(x->Ma, x->Mv, alpha, nv);
  mju_addToScl(x->jar, x->Jv, alpha, nefc);

  mjtNum oldcost = x->cost;
  for (int i = 0; i < nefc; i++) {
    x->oldstate[i] = p->state[i];
  }
  evaluate(p, x);

  int nactive = 0, nchange = 0;
  for (int i = 0; i < nefc; i++) {
    nactive += p->state[i] != mjCNSTRSTATE_SATISFIED;
    nchange += p->state[i] != x->oldstate[i];
  }
  stat->improvement = p->scale * (oldcost - x->cost);
  stat->gradient = p->scale * mju_norm(x->grad, nv);
  stat->nactive = nactive;
  stat->nchange = nchange;
  return alpha;
}
