// Error and warning routing, and the warning counters in mjData.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static char captured[1000];
static int nwarn;
static void capture_warning(const char* msg) {
  strncpy(captured, msg, sizeof(captured) - 1);
  nwarn++;
}

static void test_warning_hook_formats(void** state) {
  (void)state;
  mju_user_warning = capture_warning;
  nwarn = 0;
  mju_warning("value %d of %s", 3, "x");
  assert_string_equal(captured, "value 3 of x");
  mju_warning_i("count", 7);
  assert_string_equal(captured, "count: 7");
  mju_user_warning = NULL;
}

static void test_mj_warning_counts_and_prints_once(void** state) {
  (void)state;
  mjData d;
  memset(&d, 0, sizeof(d));
  mju_user_warning = capture_warning;
  nwarn = 0;
  mj_warning(&d, mjWARN_BADQACC, 4);
  mj_warning(&d, mjWARN_BADQACC, 5);
  assert_int_equal(nwarn, 1);
  assert_int_equal(d.warning[mjWARN_BADQACC].number, 2);
  assert_int_equal(d.warning[mjWARN_BADQACC].lastinfo, 5);
  assert_non_null(strstr(captured, "QACC"));
  mju_user_warning = NULL;
}

static void test_version(void** state) {
  (void)state;
  assert_int_equal(mj_version(), mjVERSION_HEADER);
  assert_string_equal(mj_versionString(), "3.3.8");
}

static void test_malloc_alignment(void** state) {
  (void)state;
  void* p = mju_malloc(10);
  assert_int_equal((uintptr_t)p % 64, 0);
  mju_free(p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_warning_hook_formats),
      cmocka_unit_test(test_mj_warning_counts_and_prints_once),
      cmocka_unit_test(test_version),
      cmocka_unit_test(test_malloc_alignment),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
