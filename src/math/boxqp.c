// Box-constrained quadratic program by projected Newton iterations (Tassa, Mansard & Todorov
// 2014, "Control-limited differential dynamic programming", Algorithm 3): Newton steps on
// the free subspace, a projected Armijo line search, and a refactorisation whenever the set
// of clamped dimensions changes.
#include <mujoco/mujoco.h>

#define QP_MAXITER 100
#define QP_MINGRAD 1e-16     // free-gradient norm regarded as converged
#define QP_MINSTEP 1e-22     // line search gives up below this step
#define QP_BACKTRACK 0.5     // step shrink factor
#define QP_ARMIJO 0.1        // sufficient decrease fraction
#define QP_MINIMPROVE 1e-12  // relative improvement regarded as converged

// y = H*x for symmetric H given by its lower triangle
static void symMulVec(mjtNum* y, const mjtNum* H, const mjtNum* x, int n) {
  for (int i = 0; i < n; i++) {
    const mjtNum* row = H + (size_t)i * n;
    mjtNum s = 0;
    for (int j = 0; j <= i; j++) {
      s += row[j] * x[j];
    }
    y[i] = s;
  }
  for (int i = 0; i < n; i++) {
    const mjtNum* row = H + (size_t)i * n;
    mjtNum xi = x[i];
    for (int j = 0; j < i; j++) {
      y[j] += row[j] * xi;
    }
  }
}

// 0.5*x'*H*x + x'*g, with Hx = H*x
static mjtNum qpValue(const mjtNum* x, const mjtNum* Hx, const mjtNum* g, int n) {
  mjtNum v = 0;
  for (int i = 0; i < n; i++) {
    v += x[i] * (0.5 * Hx[i] + g[i]);
  }
  return v;
}

static void clampBox(mjtNum* x, const mjtNum* lower, const mjtNum* upper, int n) {
  if (!lower) {
    return;
  }
  for (int i = 0; i < n; i++) {
    if (x[i] < lower[i]) {
      x[i] = lower[i];
    } else if (x[i] > upper[i]) {
      x[i] = upper[i];
    }
  }
}

int mju_boxQP(mjtNum* res, mjtNum* R, int* index, const mjtNum* H, const mjtNum* g, int n,
              const mjtNum* lower, const mjtNum* upper) {
  // scratch vectors live after the n*n factor in R (n*(n+7) entries in total)
  mjtNum* grad = R + (size_t)n * n;
  mjtNum* search = grad + n;
  mjtNum* cand = search + n;
  mjtNum* Hx = cand + n;
  mjtNum* tmp = Hx + n;
  mjtNum* isfree = tmp + n;     // 1 free, 0 clamped
  mjtNum* wasfree = isfree + n;

  if (!lower || !upper) {
    lower = upper = NULL;  // bounds come in pairs
  }
  for (int i = 0; i < n; i++) {
    wasfree[i] = -1;
  }
  clampBox(res, lower, upper, n);
  symMulVec(Hx, H, res, n);
  mjtNum value = qpValue(res, Hx, g, n);

  int nfree = n, factored = 0;
  mjtNum improve = mjMAXVAL;
  for (int iter = 0; iter < QP_MAXITER; iter++) {
    // gradient and clamped set
    for (int i = 0; i < n; i++) {
      grad[i] = g[i] + Hx[i];
    }
    nfree = 0;
    int changed = !factored;
    for (int i = 0; i < n; i++) {
      int clamped = lower && ((res[i] == lower[i] && grad[i] > 0) ||
                              (res[i] == upper[i] && grad[i] < 0));
      isfree[i] = clamped ? 0 : 1;
      if (isfree[i] != wasfree[i]) {
        changed = 1;
      }
      nfree += !clamped;
    }
    if (nfree == 0) {
      break;
    }

    // factor the free block of H when the free set changed
    if (changed) {
      int r = 0;
      for (int i = 0; i < n; i++) {
        wasfree[i] = isfree[i];
        if (!isfree[i]) {
          continue;
        }
        if (index) {
          index[r] = i;
        }
        // lower triangle only, as documented: the upper triangle of R is never written
        int c = 0;
        for (int j = 0; j <= i; j++) {
          if (isfree[j]) {
            R[(size_t)r * nfree + c++] = H[(size_t)i * n + j];
          }
        }
        r++;
      }
      if (mju_cholFactor(R, nfree, mjMINVAL) < nfree) {
        return -1;
      }
      factored = 1;
    }

    // converged when the free gradient vanishes
    mjtNum gnorm = 0;
    for (int i = 0; i < n; i++) {
      if (isfree[i]) {
        gnorm += grad[i] * grad[i];
      }
    }
    if (sqrt(gnorm) < QP_MINGRAD) {
      break;
    }

    // converged when the last step barely improved the objective
    if (improve < QP_MINIMPROVE * fabs(value)) {
      break;
    }

    // Newton step on the free subspace: H_ff x_f = -(g_f + H_fc x_c)
    for (int i = 0; i < n; i++) {
      cand[i] = isfree[i] ? 0 : res[i];
    }
    symMulVec(tmp, H, cand, n);
    int r = 0;
    for (int i = 0; i < n; i++) {
      if (isfree[i]) {
        search[r++] = -(g[i] + tmp[i]);
      }
    }
    mju_cholSolve(tmp, R, search, nfree);
    r = nfree - 1;
    for (int i = n - 1; i >= 0; i--) {
      search[i] = isfree[i] ? tmp[r--] - res[i] : 0;
    }

    // must be a descent direction
    mjtNum sdotg = 0;
    for (int i = 0; i < n; i++) {
      sdotg += search[i] * grad[i];
    }
    if (sdotg >= 0) {
      break;
    }

    // projected backtracking line search with the Armijo condition
    mjtNum step = 1, newvalue;
    for (;;) {
      for (int i = 0; i < n; i++) {
        cand[i] = res[i] + step * search[i];
      }
      clampBox(cand, lower, upper, n);
      symMulVec(tmp, H, cand, n);
      newvalue = qpValue(cand, tmp, g, n);
      if ((newvalue - value) / (step * sdotg) >= QP_ARMIJO) {
        break;
      }
      step *= QP_BACKTRACK;
      if (step < QP_MINSTEP) {
        break;
      }
    }
    if (step < QP_MINSTEP) {
      break;
    }

    improve = value - newvalue;
    for (int i = 0; i < n; i++) {
      res[i] = cand[i];
      Hx[i] = tmp[i];
    }
    value = newvalue;
    if (!lower) {
      break;  // unconstrained: the first Newton step is exact
    }
  }
  return nfree;
}

void mju_boxQPmalloc(mjtNum** res, mjtNum** R, int** index, mjtNum** H, mjtNum** g, int n,
                     mjtNum** lower, mjtNum** upper) {
  *res = (mjtNum*)mju_malloc(sizeof(mjtNum) * (size_t)n);
  *R = (mjtNum*)mju_malloc(sizeof(mjtNum) * (size_t)n * (size_t)(n + 7));
  *H = (mjtNum*)mju_malloc(sizeof(mjtNum) * (size_t)n * (size_t)n);
  *g = (mjtNum*)mju_malloc(sizeof(mjtNum) * (size_t)n);
  if (index) {
    *index = (int*)mju_malloc(sizeof(int) * (size_t)n);
  }
  if (lower) {
    *lower = (mjtNum*)mju_malloc(sizeof(mjtNum) * (size_t)n);
  }
  if (upper) {
    *upper = (mjtNum*)mju_malloc(sizeof(mjtNum) * (size_t)n);
  }
}
