// Noslip post-processing: after the main solver, projected Gauss-Seidel over the friction
// components only (friction-loss rows and the frictional part of every contact), on the
// dual cost with A = J*inv(M)*J' instead of A+R -- without regularisation nothing
// stops the friction forces from cancelling the slip. Normal forces stay as solved.
//   friction loss rows   : 1-D minimisation clipped to [-frictionloss, frictionloss];
//   elliptic contacts    : the friction block inside |f_t/mu| <= f_n (trust region);
//   pyramidal contacts   : each pair of opposite edges shares its sum (the normal force)
//                          and moves their difference within [-sum, sum].
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

// A(i, j) = AR(i, j) - (i == j ? R_i : 0)
static mjtNum a_get(const snCProblem* p, int i, int j) {
  mjtNum v;
  if (p->AR_rownnz) {
    v = 0;
    int adr = p->AR_rowadr[i];
    for (int k = 0; k < p->AR_rownnz[i]; k++) {
      if (p->AR_colind[adr + k] == j) {
        v = p->AR[adr + k];
        break;
      }
    }
  } else {
    v = p->AR[(size_t)i * p->nefc + j];
  }
  return i == j ? v - p->R[i] : v;
}

// (A*f)_i + b_i
static mjtNum residual(const snCProblem* p, int i, const mjtNum* f) {
  mjtNum s = 0;
  if (p->AR_rownnz) {
    int adr = p->AR_rowadr[i];
    for (int k = 0; k < p->AR_rownnz[i]; k++) {
      s += p->AR[adr + k] * f[p->AR_colind[adr + k]];
    }
  } else {
    s = mju_dot(p->AR + (size_t)i * p->nefc, f, p->nefc);
  }
  return s - p->R[i] * f[i] + p->b[i];
}

// Friction-loss row i; returns the cost decrease.
static mjtNum noslip_scalar(const snCProblem* p, int i, mjtNum* f) {
  mjtNum Aii = a_get(p, i, i);
  if (Aii < mjMINVAL) {
    return 0;
  }
  mjtNum r = residual(p, i, f);
  mjtNum fl = p->frictionloss[i];
  mjtNum fn = f[i] - r / Aii;
  fn = fn > fl ? fl : (fn < -fl ? -fl : fn);
  mjtNum delta = fn - f[i];
  f[i] = fn;
  return -delta * (r + 0.5 * Aii * delta);
}

// Friction block of an elliptic contact at rows i..i+dim-1.
static mjtNum noslip_elliptic(const snCProblem* p, int i, mjtNum* f) {
  const mjContact* con = p->contact + p->id[i];
  int k = con->dim - 1;
  if (k < 1) {
    return 0;
  }
  mjtNum* ft = f + i + 1;
  mjtNum A[25], res[5], old[5], Q[25], g[5], y[5];
  for (int a = 0; a < k; a++) {
    res[a] = residual(p, i + 1 + a, f);
    old[a] = ft[a];
    for (int c = 0; c < k; c++) {
      A[a * k + c] = a_get(p, i + 1 + a, i + 1 + c);
    }
  }
  if (f[i] <= 0) {
    mju_zero(ft, k);
  } else {
    const mjtNum* mu = con->friction;
    for (int a = 0; a < k; a++) {
      mjtNum Aft = 0;
      for (int c = 0; c < k; c++) {
        Q[a * k + c] = mu[a] * A[a * k + c] * mu[c];
        Aft += A[a * k + c] * old[c];
      }
      g[a] = mu[a] * (res[a] - Aft);
    }
    // near-singular Q: 3.3.8 keeps the friction (same switch as PGS, located on the oracle
    // with noslip_iterations = 1 on a body of growing density)
    if (!sn_trustRegionSingular(Q, k)) {
      sn_trustRegion(y, Q, g, f[i], k);
      for (int a = 0; a < k; a++) {
        ft[a] = mu[a] * y[a];
      }
    }
  }
  mjtNum dec = 0, delta[5], Ad[5];
  for (int a = 0; a < k; a++) {
    delta[a] = ft[a] - old[a];
  }
  mju_mulMatVec(Ad, A, delta, k, k);
  for (int a = 0; a < k; a++) {
    dec -= delta[a] * (res[a] + 0.5 * Ad[a]);
  }
  return dec;
}

// Opposite edge pairs of a pyramidal contact starting at row i.
static mjtNum noslip_pyramidal(const snCProblem* p, int i, mjtNum* f) {
  const mjContact* con = p->contact + p->id[i];
  mjtNum dec = 0;
  for (int e = 0; e < con->dim - 1; e++) {
    int a = i + 2 * e, b = a + 1;
    mjtNum q = a_get(p, a, a) + a_get(p, b, b) - 2 * a_get(p, a, b);
    if (q < mjMINVAL) {
      continue;
    }
    mjtNum r = residual(p, a, f) - residual(p, b, f);
    mjtNum sum = f[a] + f[b];
    mjtNum diff = f[a] - f[b];
    // moving f_a by +t and f_b by -t changes the difference by 2t
    mjtNum t = -r / q;
    mjtNum dnew = diff + 2 * t;
    dnew = dnew > sum ? sum : (dnew < -sum ? -sum : dnew);
    t = 0.5 * (dnew - diff);
    f[a] = 0.5 * (sum + dnew);
    f[b] = 0.5 * (sum - dnew);
    dec -= t * (r + 0.5 * q * t);
  }
  return dec;
}

void sn_solveNoslip(mjData* d, const snCProblem* p) {
  (void)d;
  int nefc = p->nefc;
  mjtNum* f = p->force;
  mjSolverStat dummy;
  // noslip iterations continue the main solver's count and statistics
  int iter0 = *p->niter;
  // 3.3.8 measures the first sweep from the regularised cost of the main solution, so the
  // dropped 0.5*f'*R*f counts as improvement (observed: its first noslip statistic)
  mjtNum dropped = 0;
  for (int i = 0; i < nefc; i++) {
    dropped += 0.5 * p->R[i] * f[i] * f[i];
  }
  for (int iter = 0; iter < p->noslip_iterations; iter++) {
    int k = iter0 + iter;
    mjSolverStat* stat = k < mjNSOLVER ? p->stat + k : &dummy;
    *stat = (mjSolverStat){0};
    *p->niter = k + 1;
    mjtNum dec = iter == 0 ? dropped : 0;
    for (int i = 0; i < nefc;) {
      int type = p->type[i];
      if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
        dec += noslip_scalar(p, i, f);
        i++;
      } else if (type == mjCNSTR_CONTACT_ELLIPTIC) {
        dec += noslip_elliptic(p, i, f);
        i += p->contact[p->id[i]].dim;
      } else if (type == mjCNSTR_CONTACT_PYRAMIDAL) {
        dec += noslip_pyramidal(p, i, f);
        i += 2 * (p->contact[p->id[i]].dim - 1);
      } else {
        i++;
      }
    }
    stat->improvement = p->scale * dec;
    if (stat->improvement < p->noslip_tolerance) {
      break;
    }
  }
  sn_dualState(p, f, p->state);
  sn_dualFinish(p);
}
