// Actuator shortcuts: the general-actuator parameters each one implies (values checked
// against MuJoCo 3.3.8's compiled actuator_*prm/*type), shortcuts inside default
// classes, and the shortcut errors.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/spec.h"
#include "xml/load.h"

static char err[1024];

// Load a model with one hinge "j" whose default section and actuators are given.
static sn_spec* model(const char* defaults, const char* actuators) {
  char xml[4096];
  snprintf(xml, sizeof(xml),
           "<mujoco><default>%s</default><worldbody><body><joint name=\"j\" range=\"-1 2\"/>"
           "<geom size=\".1\"/></body></worldbody><actuator>%s</actuator></mujoco>",
           defaults, actuators);
  return sn_xml_load_spec_text(xml, strlen(xml), "a.xml", NULL, err, sizeof(err));
}

static const sn_actuator* act(const sn_spec* s, int i) {
  return &SN_AT(s, actuators, sn_actuator, i);
}

static void prm(const double* p, double a, double b, double c) {
  assert_float_equal(p[0], a, 1e-12);
  assert_float_equal(p[1], b, 1e-12);
  assert_float_equal(p[2], c, 1e-12);
}

static void types(const sn_actuator* a, int dyn, int gain, int bias) {
  assert_int_equal(a->dyntype, dyn);
  assert_int_equal(a->gaintype, gain);
  assert_int_equal(a->biastype, bias);
}

static void test_plain_shortcuts(void** state) {
  (void)state;
  sn_spec* s = model("",
                     "<motor joint=\"j\" gear=\"2\"/>"
                     "<position joint=\"j\" kp=\"3\" kv=\"0.5\"/>"
                     "<position joint=\"j\" kp=\"3\" dampratio=\"0.7\" timeconst=\"0.1\"/>"
                     "<velocity joint=\"j\" kv=\"4\"/>"
                     "<intvelocity joint=\"j\" kp=\"5\" actrange=\"-1 1\"/>"
                     "<damper joint=\"j\" kv=\"6\" ctrlrange=\"0 1\"/>"
                     "<cylinder joint=\"j\" timeconst=\"0.3\" diameter=\"2\" bias=\"1 2 3\"/>"
                     "<general joint=\"j\" dyntype=\"filter\" gainprm=\"7 8\" biastype=\"affine\""
                     " biasprm=\"1\"/>");
  assert_non_null(s);
  assert_int_equal(SN_COUNT(s, actuators), 8);
  const sn_actuator* a = act(s, 0);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_NONE);
  prm(a->gainprm, 1, 0, 0);
  assert_float_equal(a->gear[0], 2, 0);
  assert_int_equal(a->trntype, mjTRN_JOINT);
  assert_string_equal(a->target, "j");
  assert_string_equal(a->element, "motor");

  a = act(s, 1);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->gainprm, 3, 0, 0);
  prm(a->biasprm, 0, -3, -0.5);

  a = act(s, 2);  // dampratio is kept positive for the compiler; timeconst -> filterexact
  types(a, mjDYN_FILTEREXACT, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->dynprm, 0.1, 0, 0);
  prm(a->biasprm, 0, -3, 0.7);

  a = act(s, 3);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->gainprm, 4, 0, 0);
  prm(a->biasprm, 0, 0, -4);

  a = act(s, 4);
  types(a, mjDYN_INTEGRATOR, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->gainprm, 5, 0, 0);
  prm(a->biasprm, 0, -5, 0);
  assert_int_equal(a->actlimited, SN_TRUE);

  a = act(s, 5);
  types(a, mjDYN_NONE, mjGAIN_AFFINE, mjBIAS_NONE);
  prm(a->gainprm, 0, 0, -6);
  assert_int_equal(a->ctrllimited, SN_TRUE);

  a = act(s, 6);  // diameter 2 -> area pi; MuJoCo copies only bias[0]
  types(a, mjDYN_FILTER, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->dynprm, 0.3, 0, 0);
  prm(a->gainprm, 3.14159265358979323846, 0, 0);
  prm(a->biasprm, 1, 0, 0);

  a = act(s, 7);
  types(a, mjDYN_FILTER, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->gainprm, 7, 8, 0);
  prm(a->biasprm, 1, 0, 0);
  sn_spec_free(s);
}

// A class whose general actuator has every parameter set: each shortcut changes only
// what it implies (as MuJoCo 3.3.8 does).
static void test_shortcuts_over_class(void** state) {
  (void)state;
  sn_spec* s = model(
      "<general dyntype=\"filter\" gaintype=\"affine\" biastype=\"affine\" "
      "dynprm=\"11 12 13\" gainprm=\"21 22 23\" biasprm=\"31 32 33\" ctrlrange=\"-5 5\"/>",
      "<motor joint=\"j\"/><velocity joint=\"j\"/><position joint=\"j\"/>"
      "<position joint=\"j\" timeconst=\"0\"/><cylinder joint=\"j\"/>"
      "<intvelocity joint=\"j\" actrange=\"-1 1\"/>");
  assert_non_null(s);
  const sn_actuator* a = act(s, 0);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_NONE);
  prm(a->dynprm, 11, 12, 13);
  prm(a->gainprm, 1, 22, 23);
  prm(a->biasprm, 31, 32, 33);
  a = act(s, 1);  // kv defaults to gainprm[0]; biasprm is reset
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->gainprm, 21, 22, 23);
  prm(a->biasprm, 0, 0, -21);
  a = act(s, 2);  // dyntype kept without timeconst; biasprm[2] kept (a damping ratio)
  types(a, mjDYN_FILTER, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->biasprm, 31, -21, 33);
  a = act(s, 3);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->dynprm, 0, 12, 13);
  a = act(s, 4);  // nothing given: only the types change
  types(a, mjDYN_FILTER, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->dynprm, 11, 12, 13);
  prm(a->gainprm, 21, 22, 23);
  prm(a->biasprm, 31, 32, 33);
  a = act(s, 5);
  types(a, mjDYN_INTEGRATOR, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->biasprm, 31, -21, 33);
  for (int i = 0; i < 6; i++) {
    assert_float_equal(act(s, i)->ctrlrange[1], 5, 0);
  }
  sn_spec_free(s);
}

static void test_shortcut_in_default(void** state) {
  (void)state;
  // a shortcut in a class sets the class's general actuator
  sn_spec* s = model("<position kp=\"10\" kv=\"2\" inheritrange=\"1\"/>",
                     "<general joint=\"j\"/><motor joint=\"j\"/><position joint=\"j\"/>");
  assert_non_null(s);
  const sn_actuator* a = act(s, 0);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(a->gainprm, 10, 0, 0);
  prm(a->biasprm, 0, -10, -2);
  assert_true(a->inheritrange);
  a = act(s, 1);  // motor keeps the class's biasprm but not its bias type or inheritrange
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_NONE);
  prm(a->gainprm, 1, 0, 0);
  prm(a->biasprm, 0, -10, -2);
  assert_false(a->inheritrange);
  a = act(s, 2);
  prm(a->gainprm, 10, 0, 0);
  prm(a->biasprm, 0, -10, -2);
  assert_true(a->inheritrange);
  assert_float_equal(a->inheritrange_scale, 1, 0);
  sn_spec_free(s);

  // shortcuts in one class apply in order; nested classes inherit
  s = model("<default class=\"a\"><position kp=\"10\"/><motor/>"
            "<default class=\"b\"><velocity kv=\"3\"/></default></default>",
            "<general joint=\"j\" class=\"a\"/><general joint=\"j\" class=\"b\"/>");
  assert_non_null(s);
  types(act(s, 0), mjDYN_NONE, mjGAIN_FIXED, mjBIAS_NONE);
  prm(act(s, 0)->biasprm, 0, -10, 0);
  types(act(s, 1), mjDYN_NONE, mjGAIN_FIXED, mjBIAS_AFFINE);
  prm(act(s, 1)->gainprm, 3, 0, 0);
  prm(act(s, 1)->biasprm, 0, 0, -3);
  sn_spec_free(s);

  // damper's kv does not come from the class
  s = model("<damper kv=\"5\" ctrlrange=\"0 1\"/>", "<damper joint=\"j\"/>");
  assert_non_null(s);
  prm(act(s, 0)->gainprm, 0, 0, 0);
  sn_spec_free(s);
}

static void test_errors(void** state) {
  (void)state;
  assert_null(model("", "<position joint=\"j\" kv=\"1\" dampratio=\"1\"/>"));
  assert_non_null(strstr(err, "element 'position'"));
  assert_non_null(strstr(err, "kv and dampratio cannot both be defined"));
  assert_null(model("", "<position joint=\"j\" kv=\"-1\"/>"));
  assert_non_null(strstr(err, "attribute 'kv': kv cannot be negative"));
  assert_null(model("", "<position joint=\"j\" timeconst=\"-1\"/>"));
  assert_null(model("", "<damper joint=\"j\" ctrlrange=\"-1 1\"/>"));
  assert_non_null(strstr(err, "damper control range cannot be negative"));
  assert_null(model("", "<damper joint=\"j\" kv=\"-1\" ctrlrange=\"0 1\"/>"));
  assert_null(model("<position inheritrange=\"1\"/>",
                    "<position joint=\"j\" ctrlrange=\"-1 1\"/>"));
  assert_non_null(strstr(err, "ctrlrange and inheritrange cannot both be defined"));
  assert_null(model("", "<intvelocity joint=\"j\" inheritrange=\"1\" actrange=\"0 1\"/>"));
  assert_null(model("", "<motor joint=\"j\" jointinparent=\"j\"/>"));
  assert_non_null(strstr(err, "at most one transmission target"));
  assert_null(model("", "<damper joint=\"j\" ctrllimited=\"true\"/>"));  // not a damper attr
  assert_null(model("", "<adhesion body=\"world\" ctrlrange=\"-1 1\"/>"));
  assert_non_null(strstr(err, "adhesion control range cannot be negative"));
  assert_null(model("", "<adhesion body=\"world\" ctrlrange=\"0 1\" gain=\"-1\"/>"));
  assert_non_null(strstr(err, "adhesion gain cannot be negative"));
  assert_null(model("", "<motor joint=\"j\" refsite=\"s\"/>"));
  assert_non_null(strstr(err, "refsite can only be used with site transmission"));
  assert_null(model("", "<motor joint=\"j\" cranklength=\"1\"/>"));
  assert_non_null(strstr(err, "can only be used in slidercrank transmission"));
  // a class's cranklength is fine on any transmission
  sn_spec* ok = model("<motor cranklength=\"1\"/>", "<motor joint=\"j\"/>");
  assert_non_null(ok);
  sn_spec_free(ok);
  assert_null(model("", "<muscle joint=\"j\" tausmooth=\"-1\"/>"));
  assert_non_null(strstr(err, "tausmooth cannot be negative"));
  assert_null(model("", "<position joint=\"j\" class=\"nope\"/>"));
  assert_non_null(strstr(err, "unknown default class name 'nope'"));
}

// Muscle and adhesion (values checked against MuJoCo 3.3.8): inherited parameters still
// at the general defaults become the muscle defaults, others are kept, and given
// attributes win even when they equal a general default; adhesion only sets the gain,
// the body target and the control limit, keeping the class's dynamics.
static void test_muscle_adhesion(void** state) {
  (void)state;
  sn_spec* s = model("<default class=\"g\"><general gainprm=\"1 2 0 5\" dynprm=\"2 0\""
                     " dyntype=\"filter\" biastype=\"affine\" biasprm=\"1 2 3\"/></default>",
                     "<muscle joint=\"j\"/>"
                     "<muscle class=\"g\" joint=\"j\"/>"
                     "<muscle joint=\"j\" force=\"0\" lmin=\"0\" timeconst=\"1 0\""
                     " tausmooth=\"0.2\" range=\"0.5 1.5\" scale=\"7\"/>"
                     "<adhesion class=\"g\" body=\"world\" ctrlrange=\"0 1\"/>"
                     "<adhesion body=\"world\" gain=\"3\" ctrlrange=\"0 1\"/>");
  assert_non_null(s);
  const sn_actuator* a = act(s, 0);
  types(a, mjDYN_MUSCLE, mjGAIN_MUSCLE, mjBIAS_MUSCLE);
  prm(a->dynprm, 0.01, 0.04, 0);
  const double def[9] = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
  for (int k = 0; k < 9; k++) {
    assert_float_equal(a->gainprm[k], def[k], 0);
    assert_float_equal(a->biasprm[k], def[k], 0);
  }
  a = act(s, 1);
  prm(a->dynprm, 2, 0.04, 0);
  prm(a->gainprm, 0.75, 2, -1);
  prm(a->gainprm + 3, 5, 0.5, 1.6);
  prm(a->biasprm, 0.75, 2, -1);
  a = act(s, 2);
  prm(a->dynprm, 1, 0, 0.2);
  prm(a->gainprm, 0.5, 1.5, 0);
  prm(a->gainprm + 3, 7, 0, 1.6);
  a = act(s, 3);
  types(a, mjDYN_FILTER, mjGAIN_FIXED, mjBIAS_NONE);
  assert_int_equal(a->trntype, mjTRN_BODY);
  assert_int_equal(a->ctrllimited, SN_TRUE);
  prm(a->gainprm, 1, 2, 0);
  prm(a->dynprm, 2, 0, 0);
  prm(a->biasprm, 1, 2, 3);
  a = act(s, 4);
  types(a, mjDYN_NONE, mjGAIN_FIXED, mjBIAS_NONE);
  prm(a->gainprm, 3, 0, 0);
  sn_spec_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain_shortcuts),
      cmocka_unit_test(test_muscle_adhesion),
      cmocka_unit_test(test_shortcuts_over_class),
      cmocka_unit_test(test_shortcut_in_default),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
