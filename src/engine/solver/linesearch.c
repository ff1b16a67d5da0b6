// Exact line search of the primal solvers (CG and Newton): minimises the reduced primal cost
// f(a) = Gauss(qacc + a*search) + s(jar + a*J*search) over the step a with a safeguarded
// 1-D Newton method. f is convex and once continuously differentiable with piecewise
// analytic second derivative, so every evaluation returns f', f'' exactly; a bracket
// [lo, hi] with f'(lo) < 0 < f'(hi) catches Newton steps that jump past a kink.
// Each evaluation also returns the slope at a = 0 of the pieces active at a (lin, so that
// f'(a) = lin + a*f''(a)), and a Newton step lands at -lin/f'' directly rather than at
// a - f'(a)/f''(a): when the active set does not change the new point is then the exact
// minimiser up to one rounding, with no cancellation in f'(a)/f''(a) near a kink. On
// ill-conditioned problems (f' of order 1e17 along the first CG directions of
// menagerie's anymal_c) the other form leaves f' at round-off size but above the
// tolerance, and the errors it leaves grow over the CG iterations into a different end
// point (2e-5 relative qacc from 3.3.8's; 2e-14 with this form). Elliptic contacts in
// their all-quadratic zone are summed the same way; only one on its cone surface (s not
// quadratic in a) makes the step local, a - f'/f''. With parent-child contacts (R ~2e-15,
// contact_filterparent_off, CG elliptic) the local f' at the exact Newton point is 1e16 of
// round-off, which the search chased for all its evaluations to a useless step, stopping
// CG after 2 iterations; 3.3.8 accepts that first Newton point (2 evaluations, lineslope
// reported 0 for every ls_tolerance down to 1e-17, through the XML) and so does this form.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

typedef struct {
  const snCProblem* p;
  const mjtNum* jar;
  const mjtNum* Jv;
  mjtNum glin, gquad;  // Gauss part: f = glin*a + 0.5*gquad*a^2 (+ const)
} lsLine;

// Add the quadratic 0.5*D*(x0 + a*v)^2: its slope at a = 0 and its curvature.
static inline void add_quad(mjtNum D, mjtNum x0, mjtNum v, mjtNum* lin, mjtNum* d2) {
  *lin += D * x0 * v;
  *d2 += D * v * v;
}

// First and second derivatives of one elliptic contact's s along the line at a, and into
// lin its slope at a = 0 (of the piece active at a); 1 when the contact is on the cone
// surface (the one zone where s is not quadratic in a).
static int eval_elliptic(const lsLine* L, int i, mjtNum a, mjtNum* d1, mjtNum* d2,
                         mjtNum* lin) {
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
    return 0;
  }
  if (mu * mu * N + T <= 0) {
    // every row quadratic: the slope at a = 0 and the curvature, as for the other rows
    for (int j = 0; j < dim; j++) {
      add_quad(p->D[i + j], jar[j], v[j], lin, d2);
      *d1 += p->D[i + j] * (jar[j] + a * v[j]) * v[j];
    }
    return 0;
  }
  // cone surface (T > 0): s = 0.5*Dm*u^2, u = N - T, with T' = b/T and T'' = (c - T'^2)/T
  mjtNum Dm = p->D[i] / (1 + mu * mu);
  mjtNum Tp = b / T;
  mjtNum Tpp = (c - Tp * Tp) / T;
  mjtNum u = N - T, u1 = v[0] - Tp;
  mjtNum c1 = Dm * u * u1, c2 = Dm * (u1 * u1 - u * Tpp);
  *d1 += c1;
  *d2 += c2;
  *lin += c1 - a * c2;  // its local slope and curvature, moved to a = 0
  return 1;
}

// f'(a), f''(a) and the Newton point from a (h > 0). When every active piece is quadratic
// f' = lin + a*f'' with lin the slope at 0 of the active pieces, and the Newton point is
// -lin/f''; with an elliptic contact on its cone surface, f' is summed directly and the
// Newton point is a - f'/f''.
static void eval_line(const lsLine* L, mjtNum a, mjtNum* d1, mjtNum* d2, mjtNum* newton) {
  const snCProblem* p = L->p;
  mjtNum g = L->glin, h = L->gquad, gd = L->glin + a * L->gquad;
  int curved = 0;  // an elliptic contact on its cone surface (see the header)
  for (int i = 0; i < p->nefc;) {
    int type = p->type[i];
    if (type == mjCNSTR_CONTACT_ELLIPTIC) {
      // not quadratic on the cone surface: its local slope and curvature, moved to a = 0
      mjtNum e1 = 0, e2 = 0;
      curved |= eval_elliptic(L, i, a, &e1, &e2, &g);
      gd += e1;
      h += e2;
      i += p->contact[p->id[i]].dim;
      continue;
    }
    mjtNum v = L->Jv[i];
    if (v != 0) {
      mjtNum x0 = L->jar[i], x = x0 + a * v, D = p->D[i];
      // limits and scalar contacts (the bulk of the rows) are told apart first
      if (type >= mjCNSTR_LIMIT_JOINT) {
        if (x < 0) {
          add_quad(D, x0, v, &g, &h);
          gd += D * x * v;
        }
      } else if (type == mjCNSTR_EQUALITY) {
        add_quad(D, x0, v, &g, &h);
        gd += D * x * v;
      } else {
        mjtNum fl = p->frictionloss[i], R = p->R[i];
        if (x <= -R * fl) {
          g -= fl * v;
          gd -= fl * v;
        } else if (x >= R * fl) {
          g += fl * v;
          gd += fl * v;
        } else {
          add_quad(D, x0, v, &g, &h);
          gd += D * x * v;
        }
      }
    }
    i++;
  }
  *d1 = curved ? gd : g + a * h;
  *d2 = h;
  *newton = !(h > 0) ? a : (curved ? a - gd / h : -g / h);
}

mjtNum sn_linesearch(const snCProblem* p, const mjtNum* search, const mjtNum* Ma,
                     const mjtNum* Mv, const mjtNum* jar, const mjtNum* Jv, mjSolverStat* stat) {
  int nv = p->nv;
  lsLine L = {.p = p, .jar = jar, .Jv = Jv};
  for (int i = 0; i < nv; i++) {
    L.glin += search[i] * (Ma[i] - p->qfrc_smooth[i]);
  }
  L.gquad = mju_dot(search, Mv, nv);

  mjtNum g0, h0, newton;
  eval_line(&L, 0, &g0, &h0, &newton);
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
  mjtNum a = newton, g = g0, h = h0;
  int converged = 0;
  for (int k = 0; k < p->ls_iterations; k++) {
    eval_line(&L, a, &g, &h, &newton);
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
    mjtNum next = h > 0 ? newton : (have_hi ? 0.5 * (lo + hi) : 2 * a);
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
