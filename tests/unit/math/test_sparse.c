// Dense <-> compressed-row sparse conversion.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static const mjtNum M[12] = {0, 1.5, 0, 0,
                             0, 0, 0, 0,
                             -2, 0, 3, 4};

static void test_round_trip(void** state) {
  (void)state;
  mjtNum val[4], back[12];
  int rownnz[3], rowadr[3], colind[4];
  assert_int_equal(mju_dense2sparse(val, M, 3, 4, rownnz, rowadr, colind, 4), 0);
  assert_int_equal(rownnz[0], 1);
  assert_int_equal(rownnz[1], 0);
  assert_int_equal(rownnz[2], 3);
  assert_int_equal(rowadr[0], 0);
  assert_int_equal(rowadr[1], 1);
  assert_int_equal(rowadr[2], 1);
  assert_int_equal(colind[0], 1);
  assert_int_equal(colind[3], 3);
  assert_true(val[0] == 1.5 && val[1] == -2 && val[3] == 4);
  mju_sparse2dense(back, val, 3, 4, rownnz, rowadr, colind);
  for (int i = 0; i < 12; i++) {
    assert_true(back[i] == M[i]);
  }
}

static void test_too_small(void** state) {
  (void)state;
  mjtNum val[3];
  int rownnz[3], rowadr[3], colind[3];
  assert_int_equal(mju_dense2sparse(val, M, 3, 4, rownnz, rowadr, colind, 3), 1);
  // an all-zero matrix needs no storage
  const mjtNum Z[4] = {0, 0, 0, 0};
  assert_int_equal(mju_dense2sparse(val, Z, 2, 2, rownnz, rowadr, colind, 0), 0);
  assert_int_equal(rownnz[0] + rownnz[1], 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_round_trip),
    cmocka_unit_test(test_too_small),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
