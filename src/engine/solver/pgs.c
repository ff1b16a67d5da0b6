// Projected Gauss-Seidel on the dual problem  min 0.5*f'*AR*f + f'*b  over f in Omega
// (b = J*qacc_smooth - aref). Scalar rows are minimised one at a time and clipped to their
// set (free, friction-loss box, non-negative). An elliptic contact is updated as a block:
// first along the ray from the cone tip through its current force, then its friction
// components inside the slice of the cone at the current normal force, a small
// trust-region problem solved exactly through its scalar Lagrange multiplier, unless that
// problem is near singular (sn_trustRegionSingular), when the friction stays as it was.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

// (AR*f)_i
static mjtNum ar_row_dot(const snCProblem* p, int i, const mjtNum* f) {
  if (p->AR_rownnz) {
    int adr = p->AR_rowadr[i];
    mjtNum s = 0;
    for (int k = 0; k < p->AR_rownnz[i]; k++) {
      s += p->AR[adr + k] * f[p->AR_colind[adr + k]];
    }
    return s;
  }
  return mju_dot(p->AR + (size_t)i * p->nefc, f, p->nefc);
}

// AR(i, j)
static mjtNum ar_get(const snCProblem* p, int i, int j) {
  if (p->AR_rownnz) {
    int adr = p->AR_rowadr[i];
    for (int k = 0; k < p->AR_rownnz[i]; k++) {
      if (p->AR_colind[adr + k] == j) {
        return p->AR[adr + k];
      }
    }
    return 0;
  }
  return p->AR[(size_t)i * p->nefc + j];
}

// 3.3.8 leaves a contact's friction where it is when its sub-problem matrix Q (in the
// y = f_t / mu coordinates) is too close to singular. Located on the oracle by bisecting
// the body mass, inertia and friction coefficients: with k = 2 or 3 the switch sits at
// det(Q) = 1e-10 exactly (independent of the normal force, scaling as mu^(2k), a pivot of
// 1e-15 alone does not trip it); with k = 5 det(Q) plays no part and the switch sits where
// one pivot of the Cholesky factorisation of Q (in row order) reaches 1e-10.
int sn_trustRegionSingular(const mjtNum* Q, int k) {
  if (k == 2) {
    return Q[0] * Q[3] - Q[1] * Q[2] < 1e-10;
  }
  if (k == 3) {
    mjtNum det = Q[0] * (Q[4] * Q[8] - Q[5] * Q[7]) - Q[1] * (Q[3] * Q[8] - Q[5] * Q[6]) +
                 Q[2] * (Q[3] * Q[7] - Q[4] * Q[6]);
    return det < 1e-10;
  }
  mjtNum L[25];
  for (int a = 0; a < k * k; a++) {
    L[a] = Q[a];
  }
  for (int j = 0; j < k; j++) {
    mjtNum piv = L[j * k + j];
    for (int c = 0; c < j; c++) {
      piv -= L[j * k + c] * L[j * k + c];
    }
    if (piv < 1e-10) {
      return 1;
    }
    mjtNum ljj = sqrt(piv);
    L[j * k + j] = ljj;
    for (int a = j + 1; a < k; a++) {
      mjtNum s = L[a * k + j];
      for (int c = 0; c < j; c++) {
        s -= L[a * k + c] * L[j * k + c];
      }
      L[a * k + j] = s / ljj;
    }
  }
  return 0;
}

// Minimise 0.5*y'*Q*y + g'*y subject to |y| <= r (Q positive definite, k <= 5).
void sn_trustRegion(mjtNum* y, const mjtNum* Q, const mjtNum* g, mjtNum r, int k) {
  mjtNum L[25], z[5];
  mjtNum lambda = 0;
  for (int it = 0; it < 50; it++) {
    for (int a = 0; a < k * k; a++) {
      L[a] = Q[a];
    }
    for (int a = 0; a < k; a++) {
      L[a * k + a] += lambda;
    }
    mju_cholFactor(L, k, mjMINVAL);
    mju_cholSolve(y, L, g, k);
    mju_scl(y, y, -1, k);
    mjtNum yy = mju_dot(y, y, k);
    mjtNum phi = yy - r * r;
    if (phi <= 1e-14 * r * r) {
      // feasible: the unconstrained minimiser (lambda = 0) or the boundary point
      break;
    }
    // phi(lambda) is convex and decreasing: Newton from the left never overshoots
    mju_cholSolve(z, L, y, k);
    mjtNum dphi = -2 * mju_dot(y, z, k);
    if (!(dphi < 0)) {
      break;
    }
    lambda -= phi / dphi;
  }
  mjtNum n = mju_norm(y, k);
  if (n > r && n > 0) {
    mju_scl(y, y, r / n, k);
  }
}

// One elliptic contact at rows i..i+dim-1; returns the dual cost decrease.
static mjtNum pgs_elliptic(const snCProblem* p, int i, mjtNum* f, const mjtNum* b) {
  const mjContact* con = p->contact + p->id[i];
  int dim = con->dim;
  mjtNum A[36], res[6], f0[6], delta[6];
  for (int a = 0; a < dim; a++) {
    res[a] = ar_row_dot(p, i + a, f) + b[i + a];
    f0[a] = f[i + a];
    for (int c = 0; c < dim; c++) {
      A[a * dim + c] = ar_get(p, i + a, i + c);
    }
  }

  // ray through the current force (the normal axis when at the tip)
  mjtNum* fc = f + i;
  if (fc[0] > 0) {
    mjtNum Af[6];
    mju_mulMatVec(Af, A, fc, dim, dim);
    mjtNum fAf = mju_dot(fc, Af, dim);
    if (fAf > mjMINVAL) {
      mjtNum s = 1 - mju_dot(fc, res, dim) / fAf;
      if (s < 0) {
        s = 0;
      }
      mju_scl(fc, fc, s, dim);
    }
  } else if (A[0] >= mjMINVAL) {  // R >= mjMINVAL: a row with A = 0 still moves
    mjtNum fn = fc[0] - res[0] / A[0];
    mju_zero(fc, dim);
    fc[0] = fn > 0 ? fn : 0;
  }
  for (int a = 0; a < dim; a++) {
    delta[a] = fc[a] - f0[a];
  }
  mjtNum Adelta[6];
  mju_mulMatVec(Adelta, A, delta, dim, dim);
  for (int a = 0; a < dim; a++) {
    res[a] += Adelta[a];
  }

  // friction inside the cone slice |f_t / mu| <= f_n, in y = f_t / mu coordinates
  int k = dim - 1;
  if (k > 0) {
    if (fc[0] > 0) {
      mjtNum Q[25], g[5], y[5];
      const mjtNum* mu = con->friction;
      for (int a = 0; a < k; a++) {
        mjtNum Aft = 0;
        for (int c = 0; c < k; c++) {
          Q[a * k + c] = mu[a] * A[(a + 1) * dim + c + 1] * mu[c];
          Aft += A[(a + 1) * dim + c + 1] * fc[c + 1];
        }
        g[a] = mu[a] * (res[a + 1] - Aft);
      }
      if (!sn_trustRegionSingular(Q, k)) {
        sn_trustRegion(y, Q, g, fc[0], k);
        for (int a = 0; a < k; a++) {
          fc[a + 1] = mu[a] * y[a];
        }
      }
    } else {
      mju_zero(fc + 1, k);
    }
  }

  // cost decrease from f0 to fc: -(delta'*res0 + 0.5*delta'*A*delta)
  mjtNum dec = 0;
  for (int a = 0; a < dim; a++) {
    delta[a] = fc[a] - f0[a];
  }
  mju_mulMatVec(Adelta, A, delta, dim, dim);
  for (int a = 0; a < dim; a++) {
    mjtNum r0 = ar_row_dot(p, i + a, f) - Adelta[a] + b[i + a];
    dec -= delta[a] * (r0 + 0.5 * Adelta[a]);
  }
  return dec;
}

// One scalar row; returns the dual cost decrease.
static mjtNum pgs_scalar(const snCProblem* p, int i, mjtNum* f, const mjtNum* b) {
  mjtNum Aii = ar_get(p, i, i);
  if (Aii < mjMINVAL) {
    return 0;
  }
  mjtNum r = ar_row_dot(p, i, f) + b[i];
  mjtNum fn = f[i] - r / Aii;
  int type = p->type[i];
  if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
    mjtNum fl = p->frictionloss[i];
    fn = fn > fl ? fl : (fn < -fl ? -fl : fn);
  } else if (type != mjCNSTR_EQUALITY && fn < 0) {
    fn = 0;
  }
  mjtNum delta = fn - f[i];
  f[i] = fn;
  return -delta * (r + 0.5 * Aii * delta);
}

// Row states implied by dual forces.
void sn_dualState(const snCProblem* p, const mjtNum* f, int* state) {
  for (int i = 0; i < p->nefc;) {
    int type = p->type[i];
    if (type == mjCNSTR_CONTACT_ELLIPTIC) {
      // 3.3.8 reports the rows of elliptic contacts in a dual solution as satisfied
      // whatever their force (observed on the oracle after PGS and noslip)
      int dim = p->contact[p->id[i]].dim;
      for (int j = 0; j < dim; j++) {
        state[i + j] = mjCNSTRSTATE_SATISFIED;
      }
      i += dim;
      continue;
    }
    if (type == mjCNSTR_EQUALITY) {
      state[i] = mjCNSTRSTATE_QUADRATIC;
    } else if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
      mjtNum fl = p->frictionloss[i];
      state[i] = f[i] >= fl   ? mjCNSTRSTATE_LINEARNEG
                 : f[i] <= -fl ? mjCNSTRSTATE_LINEARPOS
                               : mjCNSTRSTATE_QUADRATIC;
    } else {
      state[i] = f[i] > 0 ? mjCNSTRSTATE_QUADRATIC : mjCNSTRSTATE_SATISFIED;
    }
    i++;
  }
}

// qfrc_constraint = J'*f and qacc = qacc_smooth + inv(M)*qfrc_constraint.
void sn_dualFinish(const snCProblem* p) {
  sn_cpMulJT(p, p->qfrc_constraint, p->force);
  sn_cpSolveM(p, p->qacc, p->qfrc_constraint);
  mju_addTo(p->qacc, p->qacc_smooth, p->nv);
}

void sn_solvePGS(mjData* d, const snCProblem* p) {
  int nefc = p->nefc;
  mjtNum* f = p->force;
  const mjtNum* b = p->b;
  mj_markStack(d);
  int* oldstate = mj_stackAllocInt(d, nefc);
  sn_dualState(p, f, p->state);
  mjSolverStat dummy;

  int iter = 0;
  while (iter < p->iterations) {
    mjSolverStat* stat = iter < mjNSOLVER ? p->stat + iter : &dummy;
    *stat = (mjSolverStat){0};
    mjtNum dec = 0;
    for (int i = 0; i < nefc;) {
      if (p->type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
        dec += pgs_elliptic(p, i, f, b);
        i += p->contact[p->id[i]].dim;
      } else {
        dec += pgs_scalar(p, i, f, b);
        i++;
      }
    }
    for (int i = 0; i < nefc; i++) {
      oldstate[i] = p->state[i];
    }
    sn_dualState(p, f, p->state);
    int nactive = 0, nchange = 0;
    for (int i = 0; i < nefc; i++) {
      nactive += p->state[i] != mjCNSTRSTATE_SATISFIED;
      nchange += p->state[i] != oldstate[i];
    }
    stat->improvement = p->scale * dec;
    stat->nactive = nactive;
    stat->nchange = nchange;
    iter++;
    if (stat->improvement < p->tolerance) {
      break;
    }
  }
  *p->niter = iter;
  sn_dualFinish(p);
  mj_freeStack(d);
}
