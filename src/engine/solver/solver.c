// The constraint stage: picks the solver (PGS, CG, Newton), warm-starts it, runs it over
// all rows, applies noslip, and leaves qacc, efc_force, efc_state and qfrc_constraint. Also
// the problem description the solvers share and its basic products.
#include <mujoco/mujoco.h>

#include "base/timer.h"
#include "engine/solver/island_solve.h"
#include "engine/solver/solver.h"
#include "math/sparse.h"

//---------------------------------- problem -------------------------------------------------------

void sn_problemFromData(const mjModel* m, mjData* d, snCProblem* p) {
  int nv = m->nv;
  p->nv = nv;
  p->M = d->M;
  p->LD = d->qLD;
  p->LDiagInv = d->qLDiagInv;
  p->M_rownnz = m->M_rownnz;
  p->M_rowadr = m->M_rowadr;
  p->M_colind = m->M_colind;
  p->qfrc_smooth = d->qfrc_smooth;
  p->qacc_smooth = d->qacc_smooth;

  p->nefc = d->nefc;
  p->ne = d->ne;
  p->nf = d->nf;
  p->type = d->efc_type;
  p->id = d->efc_id;
  p->sparse = mj_isSparse(m);
  p->J = d->efc_J;
  p->J_rownnz = d->efc_J_rownnz;
  p->J_rowadr = d->efc_J_rowadr;
  p->J_colind = d->efc_J_colind;
  p->J_rowsuper = NULL;  // not filled by mj_makeConstraint
  p->D = d->efc_D;
  p->R = d->efc_R;
  p->frictionloss = d->efc_frictionloss;
  p->aref = d->efc_aref;
  p->contact = d->contact;
  p->elliptic = m->opt.cone == mjCONE_ELLIPTIC;

  int haveAR = d->efc_AR && d->nA > 0;
  p->AR = haveAR ? d->efc_AR : NULL;
  p->AR_rownnz = haveAR && p->sparse ? d->efc_AR_rownnz : NULL;
  p->AR_rowadr = haveAR && p->sparse ? d->efc_AR_rowadr : NULL;
  p->AR_colind = haveAR && p->sparse ? d->efc_AR_colind : NULL;

  p->solver = m->opt.solver;
  p->warmstart = !(m->opt.disableflags & mjDSBL_WARMSTART);
  p->qacc_warmstart = d->qacc_warmstart;
  p->noslip_iterations = m->opt.noslip_iterations;
  p->noslip_tolerance = m->opt.noslip_tolerance;
  p->iterations = m->opt.iterations;
  p->tolerance = m->opt.tolerance;
  p->ls_iterations = m->opt.ls_iterations;
  p->ls_tolerance = m->opt.ls_tolerance;
  p->scale = 1 / (m->stat.meaninertia * (nv > 1 ? nv : 1));

  p->qacc = d->qacc;
  p->force = d->efc_force;
  p->state = d->efc_state;
  p->qfrc_constraint = d->qfrc_constraint;
  p->b = d->efc_b;
  p->stat = d->solver;
  p->niter = d->solver_niter;
  p->nnz = d->solver_nnz;
}

// Rows i .. i+n-1 (n <= 4) share their columns: min(n, 4) rows (1, 2 or 4) to take together.
static inline int super_rows(const snCProblem* p, int i) {
  int n = 1 + p->J_rowsuper[i];
  return n >= 4 ? 4 : n >= 2 ? 2 : 1;
}

// J*vec over groups of rows that share their columns (the pyramid edges of a contact):
// one pass over the columns per group, each row's sum in its own order.
static void mul_super(const snCProblem* p, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < p->nefc;) {
    int g = super_rows(p, i), n = p->J_rownnz[i];
    const int* col = p->J_colind + p->J_rowadr[i];
    const mjtNum* r0 = p->J + p->J_rowadr[i];
    if (g == 4) {
      const mjtNum *r1 = p->J + p->J_rowadr[i + 1], *r2 = p->J + p->J_rowadr[i + 2],
                   *r3 = p->J + p->J_rowadr[i + 3];
      mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (int k = 0; k < n; k++) {
        mjtNum v = vec[col[k]];
        s0 += r0[k] * v;
        s1 += r1[k] * v;
        s2 += r2[k] * v;
        s3 += r3[k] * v;
      }
      res[i] = s0;
      res[i + 1] = s1;
      res[i + 2] = s2;
      res[i + 3] = s3;
    } else if (g == 2) {
      const mjtNum* r1 = p->J + p->J_rowadr[i + 1];
      mjtNum s0 = 0, s1 = 0;
      for (int k = 0; k < n; k++) {
        mjtNum v = vec[col[k]];
        s0 += r0[k] * v;
        s1 += r1[k] * v;
      }
      res[i] = s0;
      res[i + 1] = s1;
    } else {
      mjtNum s = 0;
      for (int k = 0; k < n; k++) {
        s += r0[k] * vec[col[k]];
      }
      res[i] = s;
    }
    i += g;
  }
}

// J'*vec over the same groups: the rows with a non-zero entry of vec add into each shared
// column together, in row order, as row-by-row passes would.
static void mul_super_t(const snCProblem* p, mjtNum* res, const mjtNum* vec) {
  mju_zero(res, p->nv);
  for (int i = 0; i < p->nefc;) {
    int g = super_rows(p, i), n = p->J_rownnz[i];
    const int* col = p->J_colind + p->J_rowadr[i];
    const mjtNum* r[4];
    mjtNum x[4];
    int m = 0;
    for (int q = 0; q < g; q++) {
      if (vec[i + q] != 0) {
        r[m] = p->J + p->J_rowadr[i + q];
        x[m++] = vec[i + q];
      }
    }
    i += g;
    if (m == 4) {
      for (int k = 0; k < n; k++) {
        res[col[k]] = (((res[col[k]] + r[0][k] * x[0]) + r[1][k] * x[1]) + r[2][k] * x[2]) +
                      r[3][k] * x[3];
      }
    } else {
      // consecutive chunks of the rows keep every column's terms in row order
      for (int q = 0; q < m; q += 2) {
        if (q + 1 < m) {
          for (int k = 0; k < n; k++) {
            res[col[k]] = (res[col[k]] + r[q][k] * x[q]) + r[q + 1][k] * x[q + 1];
          }
        } else {
          for (int k = 0; k < n; k++) {
            res[col[k]] += r[q][k] * x[q];
          }
        }
      }
    }
  }
}

void sn_cpMulJ(const snCProblem* p, mjtNum* res, const mjtNum* vec) {
  if (p->sparse && p->J_rowsuper) {
    mul_super(p, res, vec);
    return;
  }
  sn_mulRowsVec(res, p->J, p->nefc, p->nv, p->sparse ? p->J_rownnz : NULL, p->J_rowadr,
                p->J_colind, vec);
}

void sn_cpMulJT(const snCProblem* p, mjtNum* res, const mjtNum* vec) {
  if (p->sparse && p->J_rowsuper) {
    mul_super_t(p, res, vec);
    return;
  }
  sn_mulRowsTVec(res, p->J, p->nefc, p->nv, p->sparse ? p->J_rownnz : NULL, p->J_rowadr,
                 p->J_colind, vec);
}

void sn_cpMulM(const snCProblem* p, mjtNum* res, const mjtNum* vec) {
  int nv = p->nv;
  // Row i's lower part sums into res[i]; its transpose (the strict upper triangle) adds
  // into res[col] for the columns col < i, whose own sums rows col finished earlier, so
  // every res[c] gets its row sum and then the others' terms in ascending row order, as
  // a second pass over the rows would add them.
  for (int i = 0; i < nv; i++) {
    int adr = p->M_rowadr[i], n = p->M_rownnz[i] - 1;
    const mjtNum* row = p->M + adr;
    const int* col = p->M_colind + adr;
    mjtNum vi = vec[i];
    mjtNum s = row[n] * vi;
    for (int k = 0; k < n; k++) {
      s += row[k] * vec[col[k]];
      res[col[k]] += row[k] * vi;
    }
    res[i] = s;
  }
}

void sn_cpSolveM(const snCProblem* p, mjtNum* x, const mjtNum* y) {
  int nv = p->nv;
  if (x != y) {
    mju_copy(x, y, nv);
  }
  // M = L'*D*L with unit lower L: x = inv(L)*inv(D)*inv(L')*y
  for (int k = nv - 1; k >= 0; k--) {
    int adr = p->M_rowadr[k], n = p->M_rownnz[k] - 1;
    mjtNum xk = x[k];
    if (n == 0 || xk == 0) {
      continue;
    }
    const mjtNum* row = p->LD + adr;
    const int* col = p->M_colind + adr;
    for (int j = 0; j < n; j++) {
      x[col[j]] -= row[j] * xk;
    }
  }
  for (int k = 0; k < nv; k++) {
    x[k] *= p->LDiagInv[k];
  }
  for (int k = 0; k < nv; k++) {
    int adr = p->M_rowadr[k], n = p->M_rownnz[k] - 1;
    const mjtNum* row = p->LD + adr;
    const int* col = p->M_colind + adr;
    mjtNum s = 0;
    for (int j = 0; j < n; j++) {
      s += row[j] * x[col[j]];
    }
    x[k] -= s;
  }
}

mjtNum sn_cpGauss(const snCProblem* p, const mjtNum* qacc, const mjtNum* Ma) {
  mjtNum s = 0;
  for (int i = 0; i < p->nv; i++) {
    s += (qacc[i] - p->qacc_smooth[i]) * (Ma[i] - p->qfrc_smooth[i]);
  }
  return 0.5 * s;
}

//---------------------------------- driver --------------------------------------------------------

// Primal warm start: the better (by total cost) of qacc_warmstart and qacc_smooth.
static void warmstart_primal(mjData* d, const snCProblem* p) {
  int nv = p->nv, nefc = p->nefc;
  mju_copy(p->qacc, p->qacc_smooth, nv);
  if (!p->warmstart) {
    return;
  }
  mj_markStack(d);
  mjtNum* jar = mj_stackAllocNum(d, nefc);
  mjtNum* Ma = mj_stackAllocNum(d, nv);
  mjtNum cost_smooth, cost_warm;
  cost_smooth = sn_cpCost(p, p->b);

  sn_cpMulJ(p, jar, p->qacc_warmstart);
  mju_subFrom(jar, p->aref, nefc);
  cost_warm = sn_cpCost(p, jar);
  sn_cpMulM(p, Ma, p->qacc_warmstart);
  cost_warm += sn_cpGauss(p, p->qacc_warmstart, Ma);
  if (cost_warm < cost_smooth) {
    mju_copy(p->qacc, p->qacc_warmstart, nv);
  }
  mj_freeStack(d);
}

// Dual warm start: the forces s' maximiser gives at qacc_warmstart, unless zero is better.
static void warmstart_dual(mjData* d, const snCProblem* p) {
  int nefc = p->nefc;
  mju_zero(p->force, nefc);
  if (!p->warmstart) {
    return;
  }
  mj_markStack(d);
  mjtNum* jar = mj_stackAllocNum(d, nefc);
  sn_cpMulJ(p, jar, p->qacc_warmstart);
  mju_subFrom(jar, p->aref, nefc);
  sn_cpUpdate(p, jar, NULL, 0);
  if (sn_cpDualCost(p, p->force, p->b, NULL) > 0) {
    mju_zero(p->force, nefc);
  }
  mj_freeStack(d);
}

void sn_cpSolve(mjData* d, snCProblem* p) {
  int nefc = p->nefc;
  sn_cpMulJ(p, p->b, p->qacc_smooth);
  mju_subFrom(p->b, p->aref, nefc);

  mj_markStack(d);
  int dual = p->solver == mjSOL_PGS || p->noslip_iterations > 0;
  if (dual && !p->AR) {
    // dual matrix not projected by mj_projectConstraint: build it on the stack
    mjtNum* AR = mj_stackAllocNum(d, (size_t)nefc * nefc);
    sn_cpProjectDense(d, p, AR);
    p->AR = AR;
    p->AR_rownnz = p->AR_rowadr = p->AR_colind = NULL;
  }

  if (p->solver == mjSOL_PGS) {
    warmstart_dual(d, p);
    sn_solvePGS(d, p);
  } else {
    warmstart_primal(d, p);
    if (p->solver == mjSOL_CG) {
      sn_solveCG(d, p);
    } else {
      sn_solveNewton(d, p);
    }
  }
  if (p->noslip_iterations > 0) {
    sn_solveNoslip(d, p);
  }
  mj_freeStack(d);
}

void mj_fwdConstraint(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  int nv = m->nv;
  for (int i = 0; i < mjNISLAND; i++) {
    d->solver_niter[i] = 0;
    d->solver_nnz[i] = 0;
  }

  if (d->nefc == 0) {
    mju_copy(d->qacc, d->qacc_smooth, nv);
    mju_zero(d->qfrc_constraint, nv);
  } else if (d->nisland > 0 && m->opt.solver != mjSOL_PGS && m->opt.noslip_iterations == 0) {
    // 3.3.8 solves islands separately with CG and Newton; PGS, and any solve followed by
    // noslip, stay monolithic
    sn_solveIslands(m, d);
  } else {
    snCProblem p;
    sn_problemFromData(m, d, &p);
    sn_cpSolve(d, &p);
  }
  sn_timerEnd(d, mjTIMER_CONSTRAINT, tm);
}
