// Exact line search of the primal solvers (CG and Newton): minimises the reduced primal cost
// f(a) = Gauss(qacc + a*search) + s(jar + a*J*search) over the step a with a safeguarded
// 1-D Newton method. f is convex and once continuously differentiable with piecewise
// analytic second derivative, so every evaluation returns f', f'' exactly; a bracket
// [lo, hi] with f'(lo) < 0 < f'(hi) catches Newton steps that jump past a kink.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

typedef struct {
  const snCProblem* p;
  const mjtNum* jar;
  const mjtNum* Jv;
  mjtNum glin, gquad;  // Gauss part: f = glin*a + 0.5*gquad*a^2 (+ const)
} lsLine;

// Add the quadratic 0.5*D*x^2 with x = jar + a*v.
static inline void add_quad(mjtNum D, mjtNum x, mjtNum v, mjtNum* d1, mjtNum* d2) {
  *d1 += D * x * v;
  *d2 += D * v * v;
}

// First and second derivatives of one elliptic contact's s along the line.
static void eval_elliptic(const lsLine* L, int i, mjtNum a, mjtNum* d1, mjtNum* d2) {
  const snCProblem* p = L->p;
  const mjContact* con = p->contact + p->id[i];
  int dim = con->dim;
  const mjtNum* jar = L->jar + i;
  const mjtNum* v = L->Jv + i;
  mjtNum mu = con->mu;
  mjtNum N = jar[0] + a * v[0];
  mjtNum T2 = 0, b = 0, c = 0;
  for (int j = 1; j < dim; j++) {
    mjtNum f2 = con->friction[j - 1] * con->friction[j - 1];
    mjtNum x = jar[j] + a * v[j];
    T2 += f2 * x * x;
    b += f2 * x * v[j];
    c += f2 * v[j] * v[j];
  }
  mjtNum T = sqrt(T2);
  if (N >= T) {
    return;
  }
  if (mu * mu * N + T <= 0) {
    for (int j = 0; j < dim; j++) {
      add_quad(p->D[i + j], jar[j] + a * v[j], v[j], d1, d2);
    }
    return;
  }
  // cone surface (T > 0): s = 0.5*Dm*u^2, u = N - T, with T' = b/T and T'' = (c - T'^2)/T
  mjtNum Dm = p->D[i] / (1 + mu * mu);
  mjtNum Tp = b / T;
  mjtNum Tpp = (c - Tp * Tp) / T;
  mjtNum u = N - T, u1 = v[0] - Tp;
  *d1 += Dm * u * u1;
  *d2 += Dm * (u1 * u1 - u * Tpp);
}

// f'(a) and f''(a).
static void eval_line(const lsLine* L, mjtNum a, mjtNum* d1, mjtNum* d2) {
  const snCProblem* p = L->p;
  mjtNum g = L->glin + a * L->gquad, h = L->gquad;
  for (int i = 0; i < p->nefc;) {
    int type = p->type[i];
    if (type == mjCNSTR_CONTACT_ELLIPTIC) {
      eval_elliptic(L, i, a, &g, &h);
      i += p->contact[p->id[i]].dim;
      continue;
    }
    mjtNum v = L->Jv[i];
    if (v != 0) {
      mjtNum x = L->jar[i] + a * v, D = p->D[i];
      if (type == mjCNSTR_EQUALITY) {
        add_quad(D, x, v, &g, &h);
      } else if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
        mjtNum fl = p->frictionloss[i], R = p->R[i];
        if (x <= -R * fl) {
          g -= fl * v;
        } else if (x >= R * fl) {
          g += fl * v;
        } else {
          add_quad(D, x, v, &g, &h);
        }
      } else if (x < 0) {
        add_quad(D, x, v, &g, &h);
      }
    }
    i++;
  }
  *d1 = g;
  *d2 = h;
}

mjtNum sn_linesearch(const snCProblem* p, const mjtNum* search, const mjtNum* Ma,
                     const mjtNum* Mv, const mjtNum* jar, const mjtNum* Jv, mjSolverStat* stat) {
  int nv = p->nv;
  lsLine L = {.p = p, .jar = jar, .Jv = Jv};
  for (int i = 0; i < nv; i++) {
    L.glin += search[i] * (Ma[i] - p->qfrc_smooth[i]);
  }
  L.gquad = mju_dot(search, Mv, nv);

  mjtNum g0, h0;
  eval_line(&L, 0, &g0, &h0);
  int neval = 1;
  mjtNum snorm = mju_norm(search, nv);
  if (!(g0 < 0) || !(h0 > 0) || snorm < mjMINVAL) {
    stat->neval += neval;
    stat->lineslope = 0;
    return 0;
  }
  // the slope, scaled like the solver's gradient, must fall below tolerance*ls_tolerance
  mjtNum gtol = p->tolerance * p->ls_tolerance * snorm / p->scale;

  mjtNum lo = 0, glo = g0, hi = 0, ghi = 0;
  int have_hi = 0;
  mjtNum a = -g0 / h0, g = g0, h = h0;
  int converged = 0;
  for (int k = 0; k < p->ls_iterations; k++) {
    eval_line(&L, a, &g, &h);
    neval++;
    if (fabs(g) <= gtol) {
      converged = 1;
      break;
    }
    if (g < 0) {
      lo = a;
      glo = g;
    } else {
      hi = a;
      ghi = g;
      have_hi = 1;
    }
    mjtNum next = h > 0 ? a - g / h : (have_hi ? 0.5 * (lo + hi) : 2 * a);
    if (have_hi && !(next > lo && next < hi)) {
      // regula falsi on f' inside the bracket, bisection if that degenerates
      next = lo - glo * (hi - lo) / (ghi - glo);
      if (!(next > lo && next < hi)) {
        next = 0.5 * (lo + hi);
      }
    }
    if (next == a || (have_hi && hi - lo <= 1e-15 * hi)) {
      break;
    }
    a = next;
  }
  if (!converged && g > 0 && lo > 0) {
    // out of evaluations above the minimum: the last point below it is a sure descent
    a = lo;
    g = glo;
  }
  stat->neval += neval;
  stat->lineslope = p->scale * g / snorm;
  return a;
}
