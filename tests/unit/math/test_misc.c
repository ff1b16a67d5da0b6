// Miscellaneous utilities. Numbers marked "oracle" come from MuJoCo 3.3.8's WebAssembly
// build called with the same inputs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

// range, force (-1: scale/acc0), scale, lmin, lmax, vmax, fpmax, fvmax
static const mjtNum PRM[9] = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
static const mjtNum LR[2] = {0.3, 0.6};

static void test_muscle_oracle(void** state) {
  (void)state;
  const struct {
    mjtNum len, vel, gain, bias;
  } cases[] = {
    {0.35, 0.1, -60.444444444444464, 0},
    {0.45, -0.2, -55.281777777777769, 0},
    {0.62, 0.05, -82.578024691358024, -2.8311111111111154},
    {0.3, 0.8, -48.000000000000000, 0},
  };
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    NEAR(mju_muscleGain(cases[k].len, cases[k].vel, LR, 2.5, PRM), cases[k].gain, 1e-13);
    NEAR(mju_muscleBias(cases[k].len, LR, 2.5, PRM), cases[k].bias, 1e-13);
  }
}

static void test_muscle_shape(void** state) {
  (void)state;
  // with L0 = 1 and zero offset the normalised length equals len
  const mjtNum prm[9] = {0, 1, 10, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
  const mjtNum lr[2] = {0, 1};
  // peak active force F0 at L=1, V=0; zero outside (lmin, lmax) and for V <= -1
  NEAR(mju_muscleGain(1, 0, lr, 1, prm), -10, 1e-14);
  NEAR(mju_muscleGain(0.5, 0, lr, 1, prm), 0, 0);
  NEAR(mju_muscleGain(1.6, 0, lr, 1, prm), 0, 0);
  NEAR(mju_muscleGain(1, -1.5, lr, 1, prm), 0, 0);
  // saturation at fvmax for fast lengthening
  NEAR(mju_muscleGain(1, 10, lr, 1, prm), -12, 1e-14);
  // passive force: 0 up to L=1, fpmax/2 at (1+lmax)/2, then linear with slope fpmax/(b-1)
  NEAR(mju_muscleBias(1, lr, 1, prm), 0, 0);
  NEAR(mju_muscleBias(1.3, lr, 1, prm), -10 * 0.65, 1e-14);
  NEAR(mju_muscleBias(1.15, lr, 1, prm), -10 * 0.1625, 1e-14);
  NEAR(mju_muscleBias(1.4, lr, 1, prm), -10 * (0.65 + 0.1 * 1.3 / 0.3), 1e-13);
  // force < 0: F0 = scale / acc0
  const mjtNum prm2[9] = {0, 1, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
  NEAR(mju_muscleGain(1, 0, lr, 4, prm2), -50, 1e-13);
}

static void test_muscle_dynamics(void** state) {
  (void)state;
  const mjtNum p0[3] = {0.01, 0.04, 0}, p1[3] = {0.01, 0.04, 0.2};
  // oracle
  NEAR(mju_muscleDynamics(0.8, 0.3, p0), 52.631578947368425, 1e-13);
  NEAR(mju_muscleDynamics(0.1, 0.6, p0), -17.5, 1e-13);
  NEAR(mju_muscleDynamics(0.5, 0.45, p1), 3.5567879237117461, 1e-13);
  NEAR(mju_muscleDynamics(1.5, -0.2, p0), 240, 1e-12);
  // activation: tau_act*(0.5+1.5 act); deactivation: tau_deact/(0.5+1.5 act)
  NEAR(mju_muscleDynamics(1, 0, p0), 1 / 0.005, 1e-12);
  NEAR(mju_muscleDynamics(0, 1, p0), -1 / 0.02, 1e-12);
}

static void test_pyramid(void** state) {
  (void)state;
  const mjtNum force[3] = {2, 0.5, -0.3}, mu[2] = {0.5, 2};
  mjtNum pyr[4], back[3];
  mju_encodePyramid(pyr, force, mu, 3);
  // each edge pair splits force[0]/(dim-1)
  NEAR(pyr[0] + pyr[1], 1, 1e-15);
  NEAR(pyr[2] + pyr[3], 1, 1e-15);
  mju_decodePyramid(back, pyr, mu, 3);
  for (int i = 0; i < 3; i++) {
    NEAR(back[i], force[i], 1e-15);
  }
  // outside the cone the positive side is clamped (oracle: (2, 5, 0), mu 1 -> 2, 0)
  const mjtNum out[2] = {2, 5}, one[1] = {1};
  mju_encodePyramid(pyr, out, one, 2);
  NEAR(pyr[0], 2, 0);
  NEAR(pyr[1], 0, 0);
  // frictionless: decode copies the normal force, encode writes nothing (oracle)
  mjtNum p1[1] = {0.3}, f1[1] = {9};
  mju_decodePyramid(f1, p1, one, 1);
  NEAR(f1[0], 0.3, 0);
  mjtNum p2[1] = {9};
  mju_encodePyramid(p2, f1, one, 1);
  NEAR(p2[0], 9, 0);
}

static void test_springDamper(void** state) {
  (void)state;
  // oracle: underdamped, critically damped, overdamped, free motion
  NEAR(mju_springDamper(0.5, -0.2, 4, 1, 0.3), 0.37194796718848733, 1e-15);
  NEAR(mju_springDamper(0.5, -0.2, 4, 4, 0.3), 0.40612061070957961, 1e-15);
  NEAR(mju_springDamper(0.5, -0.2, 4, 10, 0.3), 0.44193321852863776, 1e-15);
  NEAR(mju_springDamper(0.5, -0.2, 0, 0, 0.3), 0.44, 1e-15);
  // undamped oscillator: x = x0 cos(wt) + v0/w sin(wt)
  NEAR(mju_springDamper(1, 2, 9, 0, 0.7), cos(2.1) + 2.0 / 3 * sin(2.1), 1e-15);
}

static void test_scalars(void** state) {
  (void)state;
  assert_true(mju_min(1, 2) == 1 && mju_max(1, 2) == 2);
  assert_true(mju_clip(5, 0, 1) == 1 && mju_clip(-5, 0, 1) == 0 && mju_clip(0.5, 0, 1) == 0.5);
  assert_true(mju_sign(-3) == -1 && mju_sign(0) == 0 && mju_sign(2) == 1);
  // halves round up; no x+0.5 rounding error (oracle)
  assert_int_equal(mju_round(2.5), 3);
  assert_int_equal(mju_round(-2.5), -2);
  assert_int_equal(mju_round(-0.5), 0);
  assert_int_equal(mju_round(2.4999), 2);
  assert_int_equal(mju_round(0.49999999999999994), 0);
  assert_int_equal(mju_round(1e10), 2147483647);
  assert_int_equal(mju_round(NAN), 0);
  assert_false(mju_isBad(1e10));
  assert_true(mju_isBad(1.0000001e10));
  assert_true(mju_isBad(-2e10));
  assert_true(mju_isBad(NAN));
  const mjtNum z[3] = {0, -0.0, 0}, nz[3] = {0, 1e-300, 0};
  assert_true(mju_isZero(z, 3));
  assert_false(mju_isZero(nz, 3));
  // quintic smoothstep
  NEAR(mju_sigmoid(-1), 0, 0);
  NEAR(mju_sigmoid(2), 1, 0);
  NEAR(mju_sigmoid(0.5), 0.5, 1e-16);
  NEAR(mju_sigmoid(0.25), 6 * pow(0.25, 5) - 15 * pow(0.25, 4) + 10 * pow(0.25, 3), 1e-16);
}

static void test_type_names(void** state) {
  (void)state;
  assert_string_equal(mju_type2Str(mjOBJ_BODY), "body");
  assert_string_equal(mju_type2Str(mjOBJ_HFIELD), "hfield");
  assert_string_equal(mju_type2Str(mjOBJ_PLUGIN), "plugin");
  assert_string_equal(mju_type2Str(mjOBJ_FRAME), "frame");
  assert_null(mju_type2Str(mjOBJ_UNKNOWN));
  assert_null(mju_type2Str(mjOBJ_DEFAULT));
  assert_null(mju_type2Str(-1));
  for (int t = mjOBJ_BODY; t <= mjOBJ_PLUGIN; t++) {
    assert_int_equal(mju_str2Type(mju_type2Str(t)), t);
  }
  // oracle: "frame" is not looked up, names are case-sensitive
  assert_int_equal(mju_str2Type("frame"), mjOBJ_UNKNOWN);
  assert_int_equal(mju_str2Type("BODY"), mjOBJ_UNKNOWN);
  assert_int_equal(mju_str2Type("xyz"), mjOBJ_UNKNOWN);
}

static void test_text(void** state) {
  (void)state;
  assert_string_equal(mju_writeNumBytes(1536), "1536");
  assert_string_equal(mju_writeNumBytes(2048), "2K");
  assert_string_equal(mju_writeNumBytes((size_t)3 << 20), "3M");
  assert_string_equal(mju_writeNumBytes((size_t)5 << 30), "5G");
  assert_string_equal(mju_writeNumBytes(0), "0");
  char buf[5];
  memset(buf, 'x', sizeof(buf));
  mju_strncpy(buf, "abcdefgh", 5);
  assert_string_equal(buf, "abcd");
  mju_strncpy(buf, "ab", 5);
  assert_string_equal(buf, "ab");
}

static void test_conversions_and_sorting(void** state) {
  (void)state;
  const float f[3] = {1.5f, -2.25f, 0.1f};
  mjtNum n[3];
  float g[3];
  double d[3];
  mju_f2n(n, f, 3);
  assert_true(n[2] == (double)0.1f);
  mju_n2f(g, n, 3);
  assert_true(g[1] == -2.25f);
  mju_n2d(d, n, 3);
  mju_d2n(n, d, 3);
  assert_true(n[0] == 1.5);

  mjtNum list[7] = {3, -1, 2.5, 3, 0, -7, 1};
  mju_insertionSort(list, 7);
  for (int i = 1; i < 7; i++) {
    assert_true(list[i - 1] <= list[i]);
  }
  assert_true(list[0] == -7 && list[6] == 3);
  int ilist[6] = {5, 1, 4, 1, -2, 9};
  mju_insertionSortInt(ilist, 6);
  const int isorted[6] = {-2, 1, 1, 4, 5, 9};
  for (int i = 0; i < 6; i++) {
    assert_int_equal(ilist[i], isorted[i]);
  }
}

static void test_random(void** state) {
  (void)state;
  // Halton: radical inverse (oracle)
  NEAR(mju_Halton(5, 2), 0.625, 0);
  NEAR(mju_Halton(7, 3), 5.0 / 9, 1e-16);
  NEAR(mju_Halton(123, 7), 0.63848396501457716, 1e-16);
  NEAR(mju_Halton(0, 2), 0, 0);

  // standard normal: sample mean ~ 0, variance ~ 1, and the second number is filled
  srand(12345);
  const int n = 20000;
  double s = 0, s2 = 0;
  for (int i = 0; i < n; i += 2) {
    mjtNum b = 1e6;
    mjtNum a = mju_standardNormal(&b);
    assert_true(b != 1e6);
    s += a + b;
    s2 += a * a + b * b;
  }
  NEAR(s / n, 0, 0.05);
  NEAR(s2 / n, 1, 0.05);
  (void)mju_standardNormal(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_muscle_oracle),
    cmocka_unit_test(test_muscle_shape),
    cmocka_unit_test(test_muscle_dynamics),
    cmocka_unit_test(test_pyramid),
    cmocka_unit_test(test_springDamper),
    cmocka_unit_test(test_scalars),
    cmocka_unit_test(test_type_names),
    cmocka_unit_test(test_text),
    cmocka_unit_test(test_conversions_and_sorting),
    cmocka_unit_test(test_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
