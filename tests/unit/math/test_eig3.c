// Symmetric 3x3 eigen-decomposition. Numbers marked "oracle" come from MuJoCo 3.3.8's
// WebAssembly build called with the same inputs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

// mat = V diag(val) V', V = quat2Mat(quat), values sorted in decreasing order
static void check_decomposition(const mjtNum mat[9], double tol) {
  mjtNum val[3], vec[9], quat[4], qm[9];
  mju_eig3(val, vec, quat, mat);
  assert_true(val[0] >= val[1] - 1e-12 && val[1] >= val[2] - 1e-12);
  mju_quat2Mat(qm, quat);
  for (int i = 0; i < 9; i++) {
    NEAR(qm[i], vec[i], 0);
  }
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      mjtNum s = 0;
      for (int k = 0; k < 3; k++) {
        s += vec[3 * i + k] * val[k] * vec[3 * j + k];
      }
      NEAR(s, mat[3 * i + j], tol);
    }
  }
}

// MuJoCo stops rotating once the Jacobi angle is below ~1.4e-6 (cos > 1-1e-12), so the
// reconstruction is only good to about 1e-6 relative; the oracle shows the same residuals.
static void test_reconstruction(void** state) {
  (void)state;
  const mjtNum m1[9] = {4, 1, 2, 1, 3, 0.5, 2, 0.5, 6};
  const mjtNum m2[9] = {1e-3, 2e-4, 0, 2e-4, 5e-3, -1e-3, 0, -1e-3, 2e-3};
  const mjtNum m3[9] = {-2, 0.3, 0.7, 0.3, 1, -0.9, 0.7, -0.9, 0.5};
  const mjtNum m4[9] = {2, 1, 0, 1, 2, 0, 0, 0, 2};  // repeated eigenvalue
  check_decomposition(m1, 1e-6 * 7.5);
  check_decomposition(m2, 1e-6 * 5e-3);
  check_decomposition(m3, 1e-6 * 2.3);
  check_decomposition(m4, 1e-15);
}

static void test_oracle(void** state) {
  (void)state;
  const mjtNum m[9] = {4, 1, 2, 1, 3, 0.5, 2, 0.5, 6};
  const mjtNum eval[3] = {7.4430849230972473, 3.3532767455103580, 2.2036383313923880};
  const mjtNum equat[4] = {0.37790638208170502, 0.79076286407985608, -0.091499684113184987,
                           0.47276703246031082};
  mjtNum val[3], vec[9], quat[4];
  assert_int_equal(mju_eig3(val, vec, quat, m), 7);
  for (int i = 0; i < 3; i++) {
    NEAR(val[i], eval[i], 0);
  }
  for (int i = 0; i < 4; i++) {
    NEAR(quat[i], equat[i], 0);
  }

  // already diagonal: no iteration, only the sorting turns (MuJoCo's constant 0.707106781186548)
  const mjtNum d[9] = {1, 0, 0, 0, 2, 0, 0, 0, 3};
  assert_int_equal(mju_eig3(val, vec, quat, d), 0);
  assert_true(val[0] == 3 && val[1] == 2 && val[2] == 1);
  NEAR(quat[0], 0, 0);
  NEAR(quat[1], 0.70710678118654802, 0);
  NEAR(quat[2], 0, 0);
  NEAR(quat[3], 0.70710678118654802, 0);
  // equal values are not swapped
  const mjtNum e[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  mju_eig3(val, vec, quat, e);
  assert_true(quat[0] == 1 && quat[1] == 0 && quat[2] == 0 && quat[3] == 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_reconstruction),
    cmocka_unit_test(test_oracle),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
