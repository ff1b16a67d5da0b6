// Soft-constraint parameters: the impedance curve d(r) of solimp (its documented end
// points, midpoint, clamping and derivative) and the stiffness/damping of solref in
// both formats, with refsafe.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"
#include "engine_test_model.h"

static void test_impedance_curve(void** state) {
  (void)state;
  const mjtNum solimp[5] = {0.2, 0.8, 0.1, 0.3, 3};
  mjtNum imp, impP;
  // d(0) = d0, d(width) = dwidth and beyond, symmetric in r
  sn_impedance(solimp, 0, &imp, &impP);
  assert_near(imp, 0.2, 1e-15);
  assert_near(impP, 0, 0);
  sn_impedance(solimp, 0.1, &imp, &impP);
  assert_near(imp, 0.8, 1e-15);
  sn_impedance(solimp, -0.5, &imp, &impP);
  assert_near(imp, 0.8, 1e-15);
  assert_near(impP, 0, 0);
  // the midpoint maps to the same fraction of the way from d0 to dwidth
  sn_impedance(solimp, -0.03, &imp, &impP);
  assert_near(imp, 0.2 + 0.3 * 0.6, 1e-14);
  // monotone between the ends, and impP is the slope with respect to r
  mjtNum prev = 0.2;
  for (int k = 1; k < 50; k++) {
    mjtNum r = 0.1 * k / 50, h = 1e-7, ip, im, p;
    sn_impedance(solimp, r, &imp, &impP);
    assert_true(imp >= prev);
    prev = imp;
    sn_impedance(solimp, r + h, &ip, &p);
    sn_impedance(solimp, r - h, &im, &p);
    // (the curvature jumps at the midpoint, hence a relative tolerance)
    assert_near(impP, (ip - im) / (2 * h), 1e-5 * fabs(impP));
    sn_impedance(solimp, -r, &ip, &p);
    assert_near(ip, imp, 0);
    assert_near(p, -impP, 0);
  }
}

static void test_impedance_power_one_and_clamp(void** state) {
  (void)state;
  mjtNum imp, impP;
  // power 1 is linear whatever the midpoint
  const mjtNum lin[5] = {0.3, 0.7, 0.5, 0.9, 1};
  sn_impedance(lin, -0.125, &imp, &impP);
  assert_near(imp, 0.3 + 0.25 * 0.4, 1e-15);
  assert_near(impP, -0.4 / 0.5, 1e-15);
  // values outside (0, 1) are clamped to [mjMINIMP, mjMAXIMP]
  const mjtNum wide[5] = {0, 1.5, 0.1, 0.5, 2};
  sn_impedance(wide, 0, &imp, &impP);
  assert_near(imp, mjMINIMP, 0);
  sn_impedance(wide, 1, &imp, &impP);
  assert_near(imp, mjMAXIMP, 0);
  // a zero width has no transition: MuJoCo 3.3.8 reports the mean of the ends
  const mjtNum zero[5] = {0.2, 0.9, 0, 0.3, 3};
  sn_impedance(zero, -0.2, &imp, &impP);
  assert_near(imp, 0.55, 1e-15);
}

static void test_solref_formats(void** state) {
  (void)state;
  mjModel* m = sn_test_load("<mujoco><option timestep='0.01'/><worldbody/></mujoco>");
  const mjtNum solimp[5] = {0.5, 0.8, 0.01, 0.5, 2};
  mjtNum K, B;
  // (timeconst, dampratio): b = 2/(dwidth tc), k = 1/(dwidth^2 tc^2 dr^2)
  const mjtNum pos[2] = {0.05, 0.7};
  sn_stiffness_damping(m, pos, solimp, 0, &K, &B);
  assert_near(B, 2 / (0.8 * 0.05), 1e-12);
  assert_near(K, 1 / (0.64 * 0.05 * 0.05 * 0.49), 1e-9);
  // refsafe: the time constant is at least two steps
  const mjtNum fast[2] = {0.001, 1};
  sn_stiffness_damping(m, fast, solimp, 0, &K, &B);
  assert_near(B, 2 / (0.8 * 0.02), 1e-12);
  m->opt.disableflags |= mjDSBL_REFSAFE;
  sn_stiffness_damping(m, fast, solimp, 0, &K, &B);
  assert_near(B, 2 / (0.8 * 0.001), 1e-9);
  // (-stiffness, -damping): b = damping/dwidth, k = stiffness/dwidth^2
  const mjtNum direct[2] = {-400, -30};
  sn_stiffness_damping(m, direct, solimp, 0, &K, &B);
  assert_near(B, 30 / 0.8, 1e-12);
  assert_near(K, 400 / 0.64, 1e-10);
  // friction rows have no residual, hence no spring
  sn_stiffness_damping(m, direct, solimp, 1, &K, &B);
  assert_near(K, 0, 0);
  assert_near(B, 30 / 0.8, 1e-12);
  // dampratio critical in one format equals damping 2 sqrt(stiffness) in the other
  m->opt.disableflags = 0;
  const mjtNum crit[2] = {0.1, 1};
  mjtNum K1, B1;
  sn_stiffness_damping(m, crit, solimp, 0, &K1, &B1);
  mjtNum k = 1 / (0.1 * 0.1), eqv[2] = {-k, -2 * sqrt(k)};
  sn_stiffness_damping(m, eqv, solimp, 0, &K, &B);
  assert_near(K * 0.8 * 0.8, K1 * 0.8 * 0.8, 1e-9);
  assert_near(B * 0.8, B1 * 0.8, 1e-12);
  // a mixed-sign pair is invalid: the default (0.02, 1) is used
  const mjtNum mixed[2] = {0.05, -1}, dflt[2] = {0.02, 1};
  sn_stiffness_damping(m, mixed, solimp, 0, &K, &B);
  sn_stiffness_damping(m, dflt, solimp, 0, &K1, &B1);
  assert_near(K, K1, 0);
  assert_near(B, B1, 0);
  // R = (1 - d)/d * diagApprox
  assert_near(sn_regularizer(0.8, 3), 0.25 * 3, 1e-15);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_impedance_curve),
      cmocka_unit_test(test_impedance_power_one_and_clamp),
      cmocka_unit_test(test_solref_formats),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
