// Vector math: 3-, 4- and n-vectors, and the inline kernels in math/inline.h.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "math/inline.h"

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

static void test_normalize3(void** state) {
  (void)state;
  mjtNum v[3] = {3, 0, 4};
  NEAR(mju_normalize3(v), 5, 0);
  NEAR(v[0], 0.6, 2e-16);
  NEAR(v[2], 0.8, 2e-16);

  // a vector shorter than mjMINVAL becomes (1,0,0) and its norm is still returned
  mjtNum t[3] = {1e-16, 0, 0};
  NEAR(mju_normalize3(t), 1e-16, 0);
  assert_true(t[0] == 1 && t[1] == 0 && t[2] == 0);
  mjtNum z[3] = {0, 0, 0};
  assert_true(mju_normalize3(z) == 0);
  assert_true(z[0] == 1 && z[1] == 0 && z[2] == 0);
}

static void test_normalize4(void** state) {
  (void)state;
  mjtNum q[4] = {1, 2, 2, 4};
  NEAR(mju_normalize4(q), 5, 0);
  NEAR(q[3], 0.8, 2e-16);

  mjtNum t[4] = {0, 1e-16, 0, 0};
  mju_normalize4(t);
  assert_true(t[0] == 1 && t[1] == 0 && t[2] == 0 && t[3] == 0);

  // oracle (MuJoCo 3.3.8 wasm): a norm within mjMINVAL of 1 leaves the vector untouched,
  // 1+9e-16 stays, 1+2e-15 is rescaled to exactly 1
  mjtNum a[4] = {1 + 9e-16, 0, 0, 0};
  mju_normalize4(a);
  assert_true(a[0] == 1 + 9e-16);
  mjtNum b[4] = {1 + 2e-15, 0, 0, 0};
  mju_normalize4(b);
  assert_true(b[0] == 1);
}

static void test_normalize_n(void** state) {
  (void)state;
  mjtNum v[5] = {0, 0, 3, 0, 4};
  NEAR(mju_normalize(v, 5), 5, 0);
  NEAR(v[4], 0.8, 2e-16);
  mjtNum t[5] = {0, 1e-17, 0, 0, 0};
  mju_normalize(t, 5);
  assert_true(t[0] == 1 && t[1] == 0 && mju_isZero(t + 1, 4));
}

static void test_three_vectors(void** state) {
  (void)state;
  const mjtNum a[3] = {1, 2, 3}, b[3] = {-4, 0.5, 2};
  mjtNum r[3];
  mju_add3(r, a, b);
  assert_true(r[0] == -3 && r[1] == 2.5 && r[2] == 5);
  mju_sub3(r, a, b);
  assert_true(r[0] == 5 && r[1] == 1.5 && r[2] == 1);
  mju_scl3(r, a, -2);
  assert_true(r[0] == -2 && r[1] == -4 && r[2] == -6);
  mju_addScl3(r, a, b, 2);
  assert_true(r[0] == -7 && r[1] == 3 && r[2] == 7);
  mju_copy3(r, a);
  mju_addTo3(r, b);
  mju_subFrom3(r, b);
  assert_true(r[0] == 1 && r[1] == 2 && r[2] == 3);
  mju_addToScl3(r, b, 0.5);
  assert_true(r[0] == -1 && r[1] == 2.25 && r[2] == 4);
  NEAR(mju_dot3(a, b), -4 + 1 + 6, 0);
  NEAR(mju_norm3(a), sqrt(14), 1e-15);
  NEAR(mju_dist3(a, b), sqrt(25 + 2.25 + 1), 1e-15);
  mju_zero3(r);
  assert_true(r[0] == 0 && r[1] == 0 && r[2] == 0);

  // cross product: orthogonal to both inputs, right-handed on the basis
  mju_cross(r, a, b);
  NEAR(mju_dot3(r, a), 0, 1e-14);
  NEAR(mju_dot3(r, b), 0, 1e-14);
  const mjtNum ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
  mju_cross(r, ex, ey);
  assert_true(r[0] == 0 && r[1] == 0 && r[2] == 1);
  // aliasing the output with an input is safe
  mjtNum c[3] = {1, 0, 0};
  mju_cross(c, c, ey);
  assert_true(c[0] == 0 && c[1] == 0 && c[2] == 1);
}

static void test_mat_vec3(void** state) {
  (void)state;
  const mjtNum m[9] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
  const mjtNum v[3] = {1, -1, 2};
  mjtNum r[3];
  mju_mulMatVec3(r, m, v);
  assert_true(r[0] == 5 && r[1] == 11 && r[2] == 19);
  mju_mulMatTVec3(r, m, v);
  assert_true(r[0] == 11 && r[1] == 13 && r[2] == 17);
}

static void test_four_vectors(void** state) {
  (void)state;
  mjtNum q[4] = {5, 6, 7, 8};
  mju_unit4(q);
  assert_true(q[0] == 1 && q[1] == 0 && q[2] == 0 && q[3] == 0);
  const mjtNum s[4] = {1, 2, 3, 4};
  mju_copy4(q, s);
  assert_true(q[3] == 4);
  mju_zero4(q);
  assert_true(mju_isZero(q, 4));
}

static void test_n_vectors(void** state) {
  (void)state;
  const mjtNum a[6] = {1, -2, 3, -4, 5, -6};
  const mjtNum b[6] = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
  mjtNum r[6];
  NEAR(mju_sum(a, 6), -3, 0);
  NEAR(mju_L1(a, 6), 21, 0);
  NEAR(mju_norm(a, 6), sqrt(91), 1e-14);
  mju_scl(r, a, 2, 6);
  assert_true(r[5] == -12);
  mju_add(r, a, b, 6);
  assert_true(r[1] == -1.5);
  mju_sub(r, a, b, 6);
  assert_true(r[2] == 2.5);
  mju_copy(r, a, 6);
  mju_addTo(r, b, 6);
  mju_subFrom(r, b, 6);
  for (int i = 0; i < 6; i++) {
    assert_true(r[i] == a[i]);
  }
  mju_addToScl(r, b, 4, 6);
  assert_true(r[0] == 3);
  mju_addScl(r, a, b, -2, 6);
  assert_true(r[3] == -5);
  mju_fill(r, 7, 6);
  assert_true(r[0] == 7 && r[5] == 7);
  mju_zero(r, 6);
  assert_true(mju_isZero(r, 6));
}

static void test_dot_summation_order(void** state) {
  (void)state;
  // values where the order of summation matters; the expected sum pairs interleaved
  // partial sums as (s0+s2)+(s1+s3) and adds the tail last, which is what reproduced
  // MuJoCo 3.3.8 (wasm) bit for bit in mju_cholFactor over 500 random matrices
  const mjtNum a[7] = {1e16, 1, -1e16, 1, 3, 1e-3, 7};
  const mjtNum b[7] = {1, 1, 1, 1, 1, 1, 1};
  mjtNum s0 = 1e16, s1 = 1, s2 = -1e16, s3 = 1;
  mjtNum expect = ((s0 + s2) + (s1 + s3)) + ((3 + 1e-3) + 7);
  assert_true(mju_dot(a, b, 7) == expect);
  assert_true(expect != ((((((1e16 + 1) - 1e16) + 1) + 3) + 1e-3) + 7));  // order matters
  NEAR(mju_dot(a, b, 0), 0, 0);
}

static void test_inline_matches_exported(void** state) {
  (void)state;
  const mjtNum q[4] = {0.27189892004362154, -0.34205211558952142, 0.23217000222596085,
                       0.86900426786422758};
  const mjtNum v[3] = {0.3, -1.2, 0.7};
  mjtNum r1[9], r2[9];
  sn_rotVecQuat(r1, v, q);
  mju_rotVecQuat(r2, v, q);
  for (int i = 0; i < 3; i++) {
    assert_true(r1[i] == r2[i]);
  }
  sn_quat2Mat(r1, q);
  mju_quat2Mat(r2, q);
  for (int i = 0; i < 9; i++) {
    assert_true(r1[i] == r2[i]);
  }
  sn_mulQuat(r1, q, q);
  mju_mulQuat(r2, q, q);
  for (int i = 0; i < 4; i++) {
    assert_true(r1[i] == r2[i]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_normalize3),
    cmocka_unit_test(test_normalize4),
    cmocka_unit_test(test_normalize_n),
    cmocka_unit_test(test_three_vectors),
    cmocka_unit_test(test_mat_vec3),
    cmocka_unit_test(test_four_vectors),
    cmocka_unit_test(test_n_vectors),
    cmocka_unit_test(test_dot_summation_order),
    cmocka_unit_test(test_inline_matches_exported),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
