// Dense and band-dense Cholesky. Numbers marked "oracle" come from MuJoCo 3.3.8's
// WebAssembly build called with the same inputs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

// SPD 4x4
static const mjtNum A4[16] = {4, 1, 0.5, 0, 1, 3, 0.2, 0.1, 0.5, 0.2, 2, 0.3, 0, 0.1, 0.3, 1.5};

static void test_factor_solve(void** state) {
  (void)state;
  mjtNum L[16], x[4], ax[4];
  const mjtNum b[4] = {1, -2, 0.5, 3};
  memcpy(L, A4, sizeof(L));
  assert_int_equal(mju_cholFactor(L, 4, 0), 4);
  // L L' = A on the lower triangle
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j <= i; j++) {
      mjtNum s = 0;
      for (int k = 0; k <= j; k++) {
        s += L[i * 4 + k] * L[j * 4 + k];
      }
      NEAR(s, A4[i * 4 + j], 1e-15);
    }
  }
  // the strict upper triangle is left untouched
  for (int i = 0; i < 4; i++) {
    for (int j = i + 1; j < 4; j++) {
      assert_true(L[i * 4 + j] == A4[i * 4 + j]);
    }
  }
  mju_cholSolve(x, L, b, 4);
  mju_mulMatVec(ax, A4, x, 4, 4);
  for (int i = 0; i < 4; i++) {
    NEAR(ax[i], b[i], 1e-14);
  }
}

static void test_factor_mindiag_rank(void** state) {
  (void)state;
  // rank-one matrix: pivots below mindiag become mindiag and do not count (oracle)
  mjtNum M[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  const mjtNum expect[9] = {1, 1, 1, 1, 0.31622776601683794, 1, 1, 0, 0.31622776601683794};
  assert_int_equal(mju_cholFactor(M, 3, 0.1), 1);
  for (int i = 0; i < 9; i++) {
    NEAR(M[i], expect[i], 0);
  }
  // negative pivots are raised too
  mjtNum N[9] = {-1, 0, 0, 0, 4, 0, 0, 0, -9};
  assert_int_equal(mju_cholFactor(N, 3, 0.25), 1);
  NEAR(N[0], 0.5, 0);
  NEAR(N[4], 2, 0);
  NEAR(N[8], 0.5, 0);
}

static void test_update(void** state) {
  (void)state;
  mjtNum L[16], L2[16], x[4];
  const mjtNum v[4] = {0.5, -0.3, 0.2, 0.7};
  // update: factor of A + vv'
  memcpy(L, A4, sizeof(L));
  mju_cholFactor(L, 4, 0);
  memcpy(x, v, sizeof(x));
  assert_int_equal(mju_cholUpdate(L, x, 4, 1), 4);
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      L2[i * 4 + j] = A4[i * 4 + j] + v[i] * v[j];
    }
  }
  mju_cholFactor(L2, 4, 0);
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j <= i; j++) {
      NEAR(L[i * 4 + j], L2[i * 4 + j], 1e-15);
    }
  }
  // downdate recovers the original factor
  memcpy(x, v, sizeof(x));
  assert_int_equal(mju_cholUpdate(L, x, 4, 0), 4);
  memcpy(L2, A4, sizeof(L2));
  mju_cholFactor(L2, 4, 0);
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j <= i; j++) {
      NEAR(L[i * 4 + j], L2[i * 4 + j], 1e-14);
    }
  }
  // oracle: downdate of chol([4 2 0; 2 5 1; 0 1 3]) by (0.5, 1, -0.3), x overwritten
  mjtNum L3[9] = {4, 2, 0, 2, 5, 1, 0, 1, 3};
  mjtNum x3[3] = {0.5, 1, -0.3};
  const mjtNum eL3[9] = {1.9364916731037085, 2, 0, 0.77459666924148329, 1.8439088914585775, 1,
                         0.077459666924148324, 0.67248441923783409, 1.5658111973933360};
  const mjtNum ex3[3] = {0.5, 0.77459666924148340, -0.54610923277092382};
  mju_cholFactor(L3, 3, 0);
  assert_int_equal(mju_cholUpdate(L3, x3, 3, 0), 3);
  for (int i = 0; i < 9; i++) {
    NEAR(L3[i], eL3[i], 0);
  }
  for (int i = 0; i < 3; i++) {
    NEAR(x3[i], ex3[i], 0);
  }
  // downdating the identity by e0 loses rank; the pivot is clamped to sqrt(mjMINVAL)
  mjtNum I2[4] = {1, 0, 0, 1}, e0[2] = {1, 0};
  assert_int_equal(mju_cholUpdate(I2, e0, 2, 0), 1);
  NEAR(I2[0], sqrt(mjMINVAL), 1e-22);
}

static void test_band_layout(void** state) {
  (void)state;
  // the documented example: ntotal 8, nband 3, ndense 2
  const int diag[8] = {2, 5, 8, 11, 14, 17, 24, 33};
  for (int i = 0; i < 8; i++) {
    assert_int_equal(mju_bandDiag(i, 8, 3, 2), diag[i]);
  }
  // dense -> band -> dense round trip of a symmetric arrowhead matrix
  const int n = 6, nb = 2, nd = 2;
  mjtNum D[36] = {0}, B[4 * 2 + 2 * 6], back[36];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) {
      if (i >= n - nd || i - j < nb) {
        D[i * n + j] = D[j * n + i] = (i == j) ? 10 + i : 0.1 * (i + 1) - 0.05 * j;
      }
    }
  }
  mju_dense2Band(B, D, n, nb, nd);
  mju_band2Dense(back, B, n, nb, nd, 1);
  for (int i = 0; i < 36; i++) {
    assert_true(back[i] == D[i]);
  }
  mju_band2Dense(back, B, n, nb, nd, 0);
  assert_true(back[0 * n + 1] == 0 && back[1 * n + 0] == D[1 * n + 0]);

  // band mat-vec equals dense mat-vec, for two vectors at once
  mjtNum x[12], y[12], yd[6];
  for (int i = 0; i < 12; i++) {
    x[i] = 0.3 * i - 1;
  }
  mju_bandMulMatVec(y, B, x, n, nb, nd, 2, 1);
  for (int v = 0; v < 2; v++) {
    mju_mulMatVec(yd, D, x + 6 * v, n, n);
    for (int i = 0; i < n; i++) {
      NEAR(y[6 * v + i], yd[i], 1e-14);
    }
  }
}

static void test_band_factor_solve(void** state) {
  (void)state;
  // oracle: ntotal 5, nband 2, ndense 1, diagadd 0.1, diagmul 0.01
  mjtNum B[13] = {0, 4, 1, 5, 0.5, 6, -1, 7, 0.3, 0.2, -0.4, 0.1, 8};
  const mjtNum eB[13] = {0, 2.0346989949375804, 0.49147318718299043, 2.2155031271203822,
                         0.22568237159289364, 2.4716527804593036, -0.40458757310327848,
                         2.6469433117636649, 0.14744195615489714, 0.057565358551230850,
                         -0.16709122329176490, 0.012239388481629651, 2.8507679350533852};
  mjtNum D[25], Bcopy[13];
  memcpy(Bcopy, B, sizeof(B));
  // the smallest pivot, before its square root: 4 + 0.1 + 0.01*4
  NEAR(mju_cholFactorBand(B, 5, 2, 1, 0.1, 0.01), 4.14, 1e-15);
  for (int i = 0; i < 13; i++) {
    NEAR(B[i], eB[i], 0);
  }
  // solve against the dense regularised matrix
  mju_band2Dense(D, Bcopy, 5, 2, 1, 1);
  for (int i = 0; i < 5; i++) {
    D[i * 6] += 0.1 + 0.01 * D[i * 6];
  }
  const mjtNum b[5] = {1, -1, 2, 0.5, -3};
  mjtNum x[5], dx[5];
  mju_cholSolveBand(x, B, b, 5, 2, 1);
  mju_mulMatVec(dx, D, x, 5, 5);
  for (int i = 0; i < 5; i++) {
    NEAR(dx[i], b[i], 1e-14);
  }
  // a singular matrix reports 0
  mjtNum S[4] = {0, 1, 1, 1};  // ntotal 2, nband 2, ndense 0: [[1,1],[1,1]]
  NEAR(mju_cholFactorBand(S, 2, 2, 0, 0, 0), 0, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_factor_solve),
    cmocka_unit_test(test_factor_mindiag_rank),
    cmocka_unit_test(test_update),
    cmocka_unit_test(test_band_layout),
    cmocka_unit_test(test_band_factor_solve),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
