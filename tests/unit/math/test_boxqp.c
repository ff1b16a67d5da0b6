// Box-constrained QP. Numbers marked "oracle" come from MuJoCo 3.3.8's WebAssembly build.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

static const mjtNum H[16] = {4, 1, 0.5, 0, 1, 3, 0.2, 0.1, 0.5, 0.2, 2, 0.3, 0, 0.1, 0.3, 1.5};
static const mjtNum G[4] = {-1, 2, -3, 0.5};

static void test_unconstrained(void** state) {
  (void)state;
  mjtNum x[4] = {0, 0, 0, 0}, R[4 * 11], Hx[4];
  int index[4];
  assert_int_equal(mju_boxQP(x, R, index, H, G, 4, NULL, NULL), 4);
  // H x = -g
  mju_mulMatVec(Hx, H, x, 4, 4);
  for (int i = 0; i < 4; i++) {
    NEAR(Hx[i], -G[i], 1e-14);
    assert_int_equal(index[i], i);
  }
}

static void test_bounded(void** state) {
  (void)state;
  const mjtNum lo[4] = {-0.5, -0.5, -0.5, -0.5}, hi[4] = {0.5, 0.5, 0.5, 0.5};
  mjtNum x[4] = {0, 0, 0, 0}, R[4 * 11], grad[4];
  int index[4];
  // oracle: free set {0, 3}, solution and subspace factor
  const mjtNum ex[4] = {0.3125, -0.5, 0.5, -0.40000000000000008};
  assert_int_equal(mju_boxQP(x, R, index, H, G, 4, lo, hi), 2);
  for (int i = 0; i < 4; i++) {
    NEAR(x[i], ex[i], 1e-15);
  }
  assert_int_equal(index[0], 0);
  assert_int_equal(index[1], 3);
  NEAR(R[0], 2, 1e-15);
  NEAR(R[2], 0, 1e-15);
  NEAR(R[3], 1.2247448713915889, 1e-15);
  // KKT: zero gradient on free dimensions, pushing outwards on clamped ones
  mju_mulMatVec(grad, H, x, 4, 4);
  mju_addTo(grad, G, 4);
  NEAR(grad[0], 0, 1e-14);
  NEAR(grad[3], 0, 1e-14);
  assert_true(grad[1] > 0 && x[1] == lo[1]);
  assert_true(grad[2] < 0 && x[2] == hi[2]);

  // a warm start at the solution gives the same answer; index may be NULL
  mjtNum y[4];
  memcpy(y, ex, sizeof(y));
  assert_int_equal(mju_boxQP(y, R, NULL, H, G, 4, lo, hi), 2);
  for (int i = 0; i < 4; i++) {
    NEAR(y[i], ex[i], 1e-15);
  }
}

static void test_failure_and_all_clamped(void** state) {
  (void)state;
  // singular H on the free subspace
  const mjtNum S[4] = {1, 1, 1, 1}, g[2] = {1, -1};
  mjtNum x[2] = {0, 0}, R[2 * 9];
  assert_int_equal(mju_boxQP(x, R, NULL, S, g, 2, NULL, NULL), -1);
  // gradient pushes everything against the bounds
  const mjtNum I[4] = {1, 0, 0, 1}, g2[2] = {-10, 10}, lo[2] = {-1, -1}, hi[2] = {1, 1};
  mjtNum y[2] = {0, 0};
  assert_int_equal(mju_boxQP(y, R, NULL, I, g2, 2, lo, hi), 0);
  assert_true(y[0] == 1 && y[1] == -1);
}

static void test_qp_alloc(void** state) {
  (void)state;
  mjtNum *res, *R, *h, *g, *lower, *upper;
  int* index;
  mju_boxQPmalloc(&res, &R, &index, &h, &g, 5, &lower, &upper);
  assert_non_null(res);
  assert_non_null(R);
  assert_non_null(index);
  assert_non_null(lower);
  assert_non_null(upper);
  R[5 * 12 - 1] = 1;  // n*(n+7) entries
  index[4] = 1;
  mju_free(res);
  mju_free(R);
  mju_free(index);
  mju_free(h);
  mju_free(g);
  mju_free(lower);
  mju_free(upper);
  // optional arrays may be skipped
  mju_boxQPmalloc(&res, &R, NULL, &h, &g, 3, NULL, NULL);
  assert_non_null(g);
  mju_free(res);
  mju_free(R);
  mju_free(h);
  mju_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_unconstrained),
    cmocka_unit_test(test_bounded),
    cmocka_unit_test(test_failure_and_all_clamped),
    cmocka_unit_test(test_qp_alloc),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
