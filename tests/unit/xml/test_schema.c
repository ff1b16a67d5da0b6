// The grammar: unknown names with suggestions, value syntax and counts, keywords,
// required attributes, unique elements and "not yet supported" stops. Messages carry
// file, line, column, element and attribute.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/spec.h"
#include "xml/load.h"
#include "xml/schema.h"

static char err[1024];

// Load text that must fail; returns the message.
static const char* bad(const char* xml) {
  sn_spec* s = sn_xml_load_spec_text(xml, strlen(xml), "t.xml", NULL, err, sizeof(err));
  if (s) {
    sn_spec_free(s);
    fail_msg("loaded but should have failed: %s", xml);
  }
  return err;
}

static void ok(const char* xml) {
  sn_spec* s = sn_xml_load_spec_text(xml, strlen(xml), "t.xml", NULL, err, sizeof(err));
  if (!s) {
    fail_msg("%s\n  for %s", err, xml);
  }
  sn_spec_free(s);
}

#define HAS(msg, text) assert_non_null(strstr((msg), (text)))

static void test_unknown_attribute(void** state) {
  (void)state;
  const char* m = bad("<mujoco>\n<worldbody>\n  <body>\n    <joint dampng=\"1\"/>"
                       "</body></worldbody></mujoco>");
  assert_string_equal(m, "t.xml:4:12: element 'joint': attribute 'dampng': unrecognized "
                         "attribute; did you mean 'damping'?");
  m = bad("<mujoco><worldbody><geom sizee=\"1\"/></worldbody></mujoco>");
  HAS(m, "t.xml:1:26: element 'geom': attribute 'sizee'");
  HAS(m, "did you mean 'size'?");
  // nothing close: no suggestion
  m = bad("<mujoco><worldbody><geom qqqqqqqq=\"1\"/></worldbody></mujoco>");
  assert_null(strstr(m, "did you mean"));
  // in a default class the names of elements are not available
  m = bad("<mujoco><default><geom name=\"x\"/></default></mujoco>");
  HAS(m, "attribute 'name': unrecognized attribute in a default class");
  // the world body has no attributes
  m = bad("<mujoco><worldbody name=\"w\"/></mujoco>");
  HAS(m, "the world body cannot have attributes");
  // MuJoCo 3.3.8 no longer knows exactmeshinertia
  m = bad("<mujoco><compiler exactmeshinertia=\"true\"/></mujoco>");
  HAS(m, "attribute 'exactmeshinertia': unrecognized attribute");
}

static void test_unknown_element(void** state) {
  (void)state;
  const char* m = bad("<mujoco><worldbody>\n <bdy/></worldbody></mujoco>");
  assert_string_equal(m, "t.xml:2:2: element 'bdy': unrecognized element in 'worldbody'; "
                         "did you mean 'body'?");
  m = bad("<mujoco><actuator><motr joint=\"j\"/></actuator></mujoco>");
  HAS(m, "did you mean 'motor'?");
  m = bad("<notmujoco/>");
  HAS(m, "the top-level element must be 'mujoco'");
  m = bad("<mujoco><worldbody><body><inertial pos=\"0 0 0\" mass=\"1\"/>"
           "<inertial pos=\"0 0 0\" mass=\"1\"/></body></worldbody></mujoco>");
  HAS(m, "element 'inertial': may appear only once in 'body'");
  m = bad("<mujoco><default><position kp=\"1\"/><position kp=\"2\"/></default></mujoco>");
  HAS(m, "may appear only once in 'default'");
}

static void test_numbers(void** state) {
  (void)state;
  const char* m = bad("<mujoco><worldbody><geom size=\"1.0abc\"/></worldbody></mujoco>");
  HAS(m, "element 'geom': attribute 'size': bad number '1.0abc'");
  m = bad("<mujoco><worldbody><geom size=\"1 2 3 4\"/></worldbody></mujoco>");
  HAS(m, "attribute 'size': too many values");
  m = bad("<mujoco><worldbody><geom size=\"1\" pos=\"1 2\"/></worldbody></mujoco>");
  HAS(m, "attribute 'pos': not enough values in '1 2' (expected 3 real values)");
  m = bad("<mujoco><worldbody><geom size=\"1e999\"/></worldbody></mujoco>");
  HAS(m, "out of range");
  m = bad("<mujoco><worldbody><geom size=\"1,2\"/></worldbody></mujoco>");
  HAS(m, "bad number");
  m = bad("<mujoco><worldbody><geom size=\"1\" condim=\"3.5\"/></worldbody></mujoco>");
  HAS(m, "attribute 'condim': bad number '3.5'");
  m = bad("<mujoco><worldbody><geom size=\"1\" condim=\"\"/></worldbody></mujoco>");
  HAS(m, "attribute 'condim'");
  // MuJoCo's number syntax: white space anywhere, strtod forms, and partial arrays
  // where MuJoCo allows them (the rest keeps the default)
  ok("<mujoco><worldbody><geom size=\" 1\n 2 \" friction=\"0.5\" mass=\"0x10\"/>"
     "</worldbody></mujoco>");
  // an empty real counts as absent
  ok("<mujoco><worldbody><geom size=\"1\" pos=\"\"/></worldbody></mujoco>");
}

static void test_keywords(void** state) {
  (void)state;
  const char* m = bad("<mujoco><worldbody><geom type=\"Box\"/></worldbody></mujoco>");
  HAS(m, "attribute 'type': invalid keyword 'Box'");
  HAS(m, "did you mean 'box'?");
  m = bad("<mujoco><worldbody><body mocap=\"1\"/></worldbody></mujoco>");
  HAS(m, "invalid keyword '1' (valid: false, true)");
  m = bad("<mujoco><option integrator=\"rk4\"/></mujoco>");
  HAS(m, "did you mean 'RK4'?");
}

static void test_required(void** state) {
  (void)state;
  const char* m = bad("<mujoco><worldbody><body><inertial mass=\"1\"/></body></worldbody>"
                       "</mujoco>");
  HAS(m, "element 'inertial': required attribute 'pos' is missing");
  m = bad("<mujoco><worldbody><replicate/></worldbody></mujoco>");
  HAS(m, "required attribute 'count' is missing");
  m = bad("<mujoco><custom><numeric data=\"1\"/></custom></mujoco>");
  HAS(m, "required attribute 'name' is missing");
}

static void test_not_yet_supported(void** state) {
  (void)state;
  const char* m = bad("<mujoco><extension>\n  <plugin plugin=\"p\"/></extension></mujoco>");
  assert_string_equal(m, "t.xml:2:3: element 'plugin': not yet supported: extension/plugin");
  m = bad("<mujoco><asset><skin file=\"a.skn\"/></asset></mujoco>");
  HAS(m, "not yet supported: asset/skin");
  m = bad("<mujoco><actuator><plugin plugin=\"p\"/></actuator></mujoco>");
  HAS(m, "not yet supported: actuator/plugin");
  ok("<mujoco><worldbody><geom type=\"sdf\" mesh=\"m\"/></worldbody></mujoco>");  // read now
  m = bad("<mujoco><sensor><plugin plugin=\"p\"/></sensor></mujoco>");
  HAS(m, "not yet supported: sensor/plugin");
  ok("<mujoco><contact><exclude body1=\"a\" body2=\"b\"/><pair geom1=\"a\" geom2=\"b\"/>"
     "</contact></mujoco>");
  m = bad("<mujoco><equality><flex flex=\"a\"/></equality></mujoco>");
  HAS(m, "not yet supported: equality/flex");
  m = bad("<mujoco><worldbody><body><flexcomp name=\"f\"/></body></worldbody></mujoco>");
  HAS(m, "not yet supported: body/flexcomp");
  m = bad("<mujoco><extension><plugin plugin=\"p\"/></extension></mujoco>");
  HAS(m, "not yet supported: extension/plugin");
  m = bad("<mujoco><worldbody><body><composite type=\"grid\"/></body></worldbody></mujoco>");
  HAS(m, "not yet supported: body/composite");
  ok("<mujoco><default><muscle/><adhesion/></default></mujoco>");
  // (no keyword value is marked not-yet-supported any more since sdf geoms are read, so
  // the "(from its default class)" variant of rd_check_later has no case to test)
  // empty sections are fine, and defaults of later kinds are accepted
  ok("<mujoco><tendon/><sensor/><contact/><equality/><deformable/><extension/>"
     "<default><tendon width=\"0.01\"/><mesh scale=\"1 1 1\"/><geom type=\"mesh\"/>"
     "</default></mujoco>");
}

static void test_table(void** state) {
  (void)state;
  // every child key names a definition, and keywords map to enum values
  for (int i = 0; i < sn_schema_ndef(); i++) {
    const sn_elem_def* d = sn_schema_elem(i);
    char key[128];
    const char* p = d->children;
    while (*p) {
      while (*p == ' ') p++;
      size_t n = strcspn(p, " ");
      if (!n) break;
      memcpy(key, p, n);
      key[n] = 0;
      p += n;
      if (sn_schema_find(key) < 0) fail_msg("%s lists unknown child %s", d->key, key);
    }
  }
  int v = -1;
  assert_true(sn_schema_keyword(sn_schema_attr_of("body/site", "type"), "box", &v));
  assert_int_equal(v, mjGEOM_BOX);
  assert_true(sn_schema_keyword(sn_schema_attr_of("tuple/element", "objtype"), "xbody", &v));
  assert_int_equal(v, mjOBJ_XBODY);
  assert_true(sn_schema_keyword(sn_schema_attr_of("tuple/element", "objtype"), "plugin", &v));
  assert_int_equal(v, mjOBJ_PLUGIN);
  assert_true(sn_schema_keyword(sn_schema_attr_of("body/light", "type"), "image", &v));
  assert_int_equal(v, mjLIGHT_IMAGE);
  assert_int_equal(sn_levenshtein("damping", "dampng"), 1);
  assert_int_equal(sn_levenshtein("Box", "box"), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unknown_attribute), cmocka_unit_test(test_unknown_element),
      cmocka_unit_test(test_numbers),           cmocka_unit_test(test_keywords),
      cmocka_unit_test(test_required),          cmocka_unit_test(test_not_yet_supported),
      cmocka_unit_test(test_table),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
