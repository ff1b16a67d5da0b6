// Per-island constraint solve (CG, Newton): each island found by mj_island is an
// independent snCProblem over its own dofs and rows (the island-local arrays iM, iLD,
// iefc_*), solved with the same code as the monolithic problem; the results are
// scattered back to qacc, efc_force and qfrc_constraint (efc_state is left as 3.3.8
// leaves it, see global_start). Dofs in no island keep their smooth acceleration and
// get no constraint force. Used only without noslip (3.3.8 then solves monolithically).
#include <mujoco/mujoco.h>

#include "engine/constraint/island.h"
#include "engine/solver/island_solve.h"
#include "engine/solver/solver.h"

// Problem of island i: the shared fields (options, contacts) come from the monolithic
// description; dofs and rows point into the island-local arrays.
static void island_problem(const mjModel* m, mjData* d, int i, snCProblem* p, mjtNum* b,
                           mjSolverStat* stat, int* niter, int* nnz) {
  int a = d->island_idofadr[i], nvi = d->island_nv[i];
  int e = d->island_iefcadr[i], nefc = d->island_nefc[i];
  sn_problemFromData(m, d, p);

  p->nv = nvi;
  p->M = d->iM;
  p->LD = d->iLD;
  p->LDiagInv = d->iLDiagInv + a;
  p->M_rownnz = d->iM_rownnz + a;
  p->M_rowadr = d->iM_rowadr + a;  // addresses into iM, columns island-local
  p->M_colind = d->iM_colind;
  p->qfrc_smooth = d->ifrc_smooth + a;
  p->qacc_smooth = d->iacc_smooth + a;

  p->nefc = nefc;
  p->ne = d->island_ne[i];
  p->nf = d->island_nf[i];
  p->type = d->iefc_type + e;
  p->id = d->iefc_id + e;
  if (p->sparse) {
    p->J = d->iefc_J;
    p->J_rownnz = d->iefc_J_rownnz + e;
    p->J_rowadr = d->iefc_J_rowadr + e;
    p->J_colind = d->iefc_J_colind;
    p->J_rowsuper = d->iefc_J_rowsuper + e;
  } else {
    p->J = d->iefc_J + (size_t)e * d->nidof;  // row-major nefc_i x nv_i block
  }
  p->D = d->iefc_D + e;
  p->R = d->iefc_R + e;
  p->frictionloss = d->iefc_frictionloss + e;
  p->aref = d->iefc_aref + e;
  p->AR = NULL;  // primal solvers only
  p->AR_rownnz = p->AR_rowadr = p->AR_colind = NULL;

  p->warmstart = 0;  // the start was chosen for the whole problem (iacc)
  p->qacc_warmstart = d->iacc + a;
  // 3.3.8 scales an island's costs and gradients by the island's own current inertia,
  // 1 / trace(M_i), where the monolithic solve uses 1 / (meaninertia * nv)
  mjtNum trace = 0;
  for (int k = 0; k < nvi; k++) {
    trace += d->iM[d->iM_rowadr[a + k] + d->iM_rownnz[a + k] - 1];
  }
  p->scale = 1 / trace;

  p->qacc = d->iacc + a;
  p->force = d->iefc_force + e;
  p->state = d->iefc_state + e;
  p->qfrc_constraint = d->ifrc_constraint + a;
  p->b = b + e;
  p->stat = stat;
  p->niter = niter;
  p->nnz = nnz;
}

// 3.3.8 picks the starting point once for the whole problem: the total cost at
// qacc_warmstart against that at qacc_smooth, evaluated in this order, so efc_state and
// efc_force are left as at qacc_smooth (islands do not write efc_state back). Returns the
// chosen start (nv) on the stack.
static const mjtNum* global_start(const mjModel* m, mjData* d) {
  int nv = m->nv, nefc = d->nefc;
  if (m->opt.disableflags & mjDSBL_WARMSTART) {
    for (int r = 0; r < nefc; r++) {
      d->efc_state[r] = 0;  // not evaluated anywhere (3.3.8 reports zeros)
    }
    return d->qacc_smooth;
  }
  snCProblem p;
  sn_problemFromData(m, d, &p);
  mjtNum* jar = mj_stackAllocNum(d, (size_t)nefc);
  mjtNum* Ma = mj_stackAllocNum(d, (size_t)nv);
  mjtNum cost_warm, cost_smooth;
  sn_cpMulJ(&p, jar, d->qacc_warmstart);
  mju_subFrom(jar, d->efc_aref, nefc);
  cost_warm = sn_cpCost(&p, jar);
  sn_cpMulM(&p, Ma, d->qacc_warmstart);
  cost_warm += sn_cpGauss(&p, d->qacc_warmstart, Ma);

  sn_cpMulJ(&p, jar, d->qacc_smooth);
  mju_subFrom(jar, d->efc_aref, nefc);
  cost_smooth = sn_cpCost(&p, jar);
  return cost_warm < cost_smooth ? d->qacc_warmstart : d->qacc_smooth;
}

// One island from p->qacc with the chosen primal solver.
static void solve_island(mjData* d, snCProblem* p) {
  sn_cpMulJ(p, p->b, p->qacc_smooth);
  mju_subFrom(p->b, p->aref, p->nefc);
  if (p->solver == mjSOL_CG) {
    sn_solveCG(d, p);
  } else {
    sn_solveNewton(d, p);
  }
}

void sn_solveIslands(const mjModel* m, mjData* d) {
  int nv = m->nv, nefc = d->nefc;
  mj_markStack(d);
  mjtNum* b = mj_stackAllocNum(d, (size_t)nefc);
  // islands past mjNISLAND keep no statistics: the solvers write into a spare row
  mjSolverStat* spare = NULL;
  if (d->nisland > mjNISLAND) {
    spare = mj_stackAllocByte(d, sizeof(mjSolverStat) * mjNSOLVER, _Alignof(mjSolverStat));
  }
  int spare_niter, spare_nnz;

  sn_island_gatherDofs(d, d->ifrc_smooth, d->qfrc_smooth);
  sn_island_gatherDofs(d, d->iacc_smooth, d->qacc_smooth);
  sn_island_gatherEfc(d, d->iefc_aref, d->efc_aref);
  sn_island_gatherDofs(d, d->iacc, global_start(m, d));

  for (int i = 0; i < d->nisland; i++) {
    int keep = i < mjNISLAND;
    snCProblem p;
    island_problem(m, d, i, &p, b, keep ? d->solver + (size_t)i * mjNSOLVER : spare,
                   keep ? d->solver_niter + i : &spare_niter,
                   keep ? d->solver_nnz + i : &spare_nnz);
    solve_island(d, &p);
  }

  // dofs in no island move freely; then the island results overwrite theirs
  for (int k = 0; k < nv; k++) {
    d->qacc[k] = d->qacc_smooth[k];
    d->qfrc_constraint[k] = 0;
  }
  sn_island_scatterDofs(d, d->qacc, d->iacc);
  sn_island_scatterDofs(d, d->qfrc_constraint, d->ifrc_constraint);
  sn_island_scatterEfc(d, d->efc_force, d->iefc_force);
  sn_island_scatterEfc(d, d->efc_b, b);
  mj_freeStack(d);
}
