// Force-included into every unit test: cmocka's assert_float_equal compares in
// single precision, which would let a 1e-12 tolerance pass 1e-7 errors. Here it
// compares doubles, so each test's tolerance means what it says.
#ifndef SINEW_TESTS_SN_ASSERT_H_
#define SINEW_TESTS_SN_ASSERT_H_

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

static inline void sn_assert_near(double a, double b, double eps, const char* ea,
                                  const char* eb, const char* file, int line) {
  if (!(fabs(a - b) <= eps) && !(a == b)) {
    print_error("%s = %.17g, %s = %.17g, |difference| %.3g > %.3g\n", ea, a, eb, b,
                   fabs(a - b), eps);
    _fail(file, line);
  }
}

#undef assert_float_equal
#define assert_float_equal(a, b, eps) \
  sn_assert_near((double)(a), (double)(b), (double)(eps), #a, #b, __FILE__, __LINE__)

#endif  // SINEW_TESTS_SN_ASSERT_H_
