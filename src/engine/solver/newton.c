// Primal Newton solver on the reduced primal cost: Hessian M + J'*D_active*J (+ J'*H*J for
// elliptic contacts on the cone surface), dense Cholesky factor, exact line search. When
// only a few scalar rows enter or leave the quadratic zone the factor is corrected by
// rank-one updates instead of being rebuilt.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

// Dense row i of J into row (nv).
static void jac_row(const snCProblem* p, int i, mjtNum* row) {
  int nv = p->nv;
  if (p->sparse) {
    mju_zero(row, nv);
    int adr = p->J_rowadr[i];
    for (int k = 0; k < p->J_rownnz[i]; k++) {
      row[p->J_colind[adr + k]] = p->J[adr + k];
    }
  } else {
    mju_copy(row, p->J + (size_t)i * nv, nv);
  }
}

// H += scl * a*b' + (a != b ? scl * b*a' : 0), lower triangle only
static void add_outer(mjtNum* H, int nv, const mjtNum* a, const mjtNum* b, mjtNum scl) {
  for (int r = 0; r < nv; r++) {
    mjtNum ar = a[r] * scl, br = b[r] * scl;
    if (ar == 0 && br == 0) {
      continue;
    }
    mjtNum* Hr = H + (size_t)r * nv;
    for (int c = 0; c <= r; c++) {
      Hr[c] += ar * b[c] + (a != b ? br * a[c] : 0);
    }
  }
}

// Rebuild and factor H = M + J'*D*J over quadratic rows + cone blocks.
static void build_factor(mjData* d, const snCProblem* p, mjtNum* H) {
  int nv = p->nv, nefc = p->nefc;
  mju_zero(H, (size_t)nv * nv);
  for (int i = 0; i < nv; i++) {
    int adr = p->M_rowadr[i];
    for (int k = 0; k < p->M_rownnz[i]; k++) {
      H[(size_t)i * nv + p->M_colind[adr + k]] = p->M[adr + k];
    }
  }
  mj_markStack(d);
  mjtNum* rows = mj_stackAllocNum(d, 6 * (size_t)nv);
  for (int i = 0; i < nefc;) {
    int dim = p->type[i] == mjCNSTR_CONTACT_ELLIPTIC ? p->contact[p->id[i]].dim : 1;
    if (p->state[i] == mjCNSTRSTATE_QUADRATIC) {
      for (int j = 0; j < dim; j++) {
        jac_row(p, i + j, rows);
        add_outer(H, nv, rows, rows, p->D[i + j]);
      }
    } else if (p->state[i] == mjCNSTRSTATE_CONE) {
      const mjtNum* Hc = p->contact[p->id[i]].H;
      for (int j = 0; j < dim; j++) {
        jac_row(p, i + j, rows + (size_t)j * nv);
      }
      for (int a = 0; a < dim; a++) {
        add_outer(H, nv, rows + (size_t)a * nv, rows + (size_t)a * nv, Hc[a * dim + a]);
        for (int b = 0; b < a; b++) {
          add_outer(H, nv, rows + (size_t)a * nv, rows + (size_t)b * nv, Hc[a * dim + b]);
        }
      }
    }
    i += dim;
  }
  mj_freeStack(d);
  mju_cholFactor(H, nv, mjMINVAL);
}

// Rank-one corrections for scalar rows whose quadratic status changed; returns the number
// of updates, or -1 when a rebuild is needed (an elliptic contact changed zone or sits on
// the cone surface, whose block moves with every step, or too many changes).
static int update_factor(mjData* d, const snCProblem* p, const int* oldstate, mjtNum* H) {
  int nv = p->nv, nefc = p->nefc, nchange = 0;
  for (int i = 0; i < nefc; i++) {
    if (p->type[i] == mjCNSTR_CONTACT_ELLIPTIC &&
        (p->state[i] != oldstate[i] || p->state[i] == mjCNSTRSTATE_CONE)) {
      return -1;
    }
    int was = oldstate[i] == mjCNSTRSTATE_QUADRATIC, is = p->state[i] == mjCNSTRSTATE_QUADRATIC;
    nchange += was != is;
  }
  // a rank-one update costs ~nv^2, a rebuild ~nv^3/6 plus the products
  if (nchange * 6 > nv) {
    return -1;
  }
  mj_markStack(d);
  mjtNum* row = mj_stackAllocNum(d, nv);
  int nupdate = 0;
  // additions first: downdates of a factor that already holds the new rows stay positive
  for (int pass = 1; pass >= 0; pass--) {
    for (int i = 0; i < nefc; i++) {
      int was = oldstate[i] == mjCNSTRSTATE_QUADRATIC;
      int is = p->state[i] == mjCNSTRSTATE_QUADRATIC;
      if (was != is && is == pass) {
        jac_row(p, i, row);
        mju_scl(row, row, sqrt(p->D[i]), nv);
        mju_cholUpdate(H, row, nv, pass);
        nupdate++;
      }
    }
  }
  mj_freeStack(d);
  return nupdate;
}

void sn_solveNewton(mjData* d, const snCProblem* p) {
  int nv = p->nv;
  mj_markStack(d);
  snPrimal x;
  sn_primalInit(d, p, &x, p->elliptic);
  mjtNum* H = mj_stackAllocNum(d, (size_t)nv * nv);
  mjtNum* search = mj_stackAllocNum(d, nv);
  mjSolverStat dummy;

  build_factor(d, p, H);
  if (p->nnz) {
    *p->nnz = nv * nv;
  }
  mju_cholSolve(search, H, x.grad, nv);
  mju_scl(search, search, -1, nv);

  int iter = 0;
  while (iter < p->iterations) {
    mjSolverStat* stat = iter < mjNSOLVER ? p->stat + iter : &dummy;
    *stat = (mjSolverStat){0};
    mjtNum alpha = sn_primalStep(d, p, &x, search, stat);
    iter++;
    if (alpha == 0 || stat->improvement < p->tolerance || stat->gradient < p->tolerance) {
      break;
    }

    int nupdate = update_factor(d, p, x.oldstate, H);
    if (nupdate < 0) {
      build_factor(d, p, H);
    } else {
      stat->nupdate = nupdate;
    }
    mju_cholSolve(search, H, x.grad, nv);
    mju_scl(search, search, -1, nv);
  }
  *p->niter = iter;
  mj_freeStack(d);
}
