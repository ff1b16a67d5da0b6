// Default classes: nesting, inheritance, class and childclass resolution, repeated
// top-level sections, and MuJoCo's orientation rule for classes.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "xml_test_util.h"

static sn_spec* load(const char* xml) {
  return sn_xml_test_load("d.xml", xml);
}

static const char* bad(const char* xml) {
  return sn_xml_test_bad("d.xml", xml);
}

#define GEOM(s, i) (&SN_AT(s, geoms, sn_geom, i))

static void test_inheritance(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco>"
      "<default>"
      "  <geom rgba=\"1 0 0 1\" friction=\"0.3\"/>"
      "  <joint damping=\"1\"/>"
      "  <default class=\"a\">"
      "    <default class=\"b\"><geom condim=\"1\"/></default>"
      // the parent's own elements reach the child even when written after it
      "    <geom size=\"2\" solref=\"0.05\"/>"
      "    <joint armature=\"0.5\" range=\"-1 1\"/>"
      "  </default>"
      "</default>"
      "<worldbody>"
      "  <geom name=\"g0\" size=\"1\"/>"
      "  <geom name=\"g1\" class=\"a\"/>"
      "  <geom name=\"g2\" class=\"b\" friction=\"0.7\"/>"
      "  <body childclass=\"a\">"
      "    <joint/>"
      "    <geom name=\"g3\"/>"
      "    <frame childclass=\"b\"><geom name=\"g4\"/><geom name=\"g5\" class=\"main\"/></frame>"
      "    <body><geom name=\"g6\"/></body>"
      "  </body>"
      "</worldbody></mujoco>");
  assert_float_equal(GEOM(s, 0)->friction[0], 0.3, 0);
  assert_float_equal(GEOM(s, 0)->rgba[1], 0, 0);
  assert_float_equal(GEOM(s, 0)->size[0], 1, 0);
  assert_float_equal(GEOM(s, 1)->size[0], 2, 0);
  assert_float_equal(GEOM(s, 1)->solref[0], 0.05, 0);
  assert_float_equal(GEOM(s, 1)->solref[1], 1, 0);
  assert_int_equal(GEOM(s, 1)->condim, 3);
  assert_int_equal(GEOM(s, 2)->condim, 1);
  assert_float_equal(GEOM(s, 2)->size[0], 2, 0);
  assert_float_equal(GEOM(s, 2)->friction[0], 0.7, 0);
  assert_float_equal(GEOM(s, 2)->friction[1], 0.005, 0);
  assert_float_equal(GEOM(s, 3)->size[0], 2, 0);   // childclass a
  assert_int_equal(GEOM(s, 4)->condim, 1);          // frame childclass b
  assert_float_equal(GEOM(s, 5)->size[0], 0, 0);    // explicit main
  assert_float_equal(GEOM(s, 6)->size[0], 2, 0);    // childclass reaches nested bodies
  const sn_joint* j = &SN_AT(s, joints, sn_joint, 0);
  assert_float_equal(j->damping, 1, 0);
  assert_float_equal(j->armature, 0.5, 0);
  assert_float_equal(j->range[0], -1, 0);
  sn_spec_free(s);
}

// Repeated top-level sections edit "main"; classes copy their parent when created.
static void test_repeated_sections(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco><default><default class=\"a\"/></default>"
      "<worldbody><geom name=\"x\" class=\"a\" size=\"1\"/><geom name=\"y\" size=\"1\"/>"
      "</worldbody><default><geom rgba=\"0 1 0 1\"/></default></mujoco>");
  assert_float_equal(GEOM(s, 0)->rgba[1], 0.5, 1e-6);  // a was copied before
  assert_float_equal(GEOM(s, 1)->rgba[1], 1, 0);       // sections are read first
  sn_spec_free(s);
  s = load("<mujoco><default class=\"main\"><geom size=\"2\"/></default>"
           "<worldbody><geom/></worldbody></mujoco>");
  assert_float_equal(GEOM(s, 0)->size[0], 2, 0);
  sn_spec_free(s);
}

// A class's alternative orientation wins over an element's quat; an element's own
// alternative form replaces the class's (MuJoCo 3.3.8).
static void test_orientation(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco><default><default class=\"e\"><geom euler=\"0 0 90\"/></default>"
      "<default class=\"q\"><geom quat=\"0 1 0 0\"/></default></default><worldbody>"
      "<geom class=\"e\" size=\"1\" quat=\"0 0 1 0\"/>"
      "<geom class=\"q\" size=\"1\" axisangle=\"0 0 1 30\"/>"
      "<geom class=\"q\" size=\"1\"/>"
      "<geom class=\"e\" size=\"1\" zaxis=\"1 0 0\"/>"
      "<geom size=\"1\"/>"
      "</worldbody></mujoco>");
  assert_int_equal(GEOM(s, 0)->orient.type, SN_ORIENT_EULER);
  assert_float_equal(GEOM(s, 0)->orient.v[2], 90, 0);
  assert_int_equal(GEOM(s, 1)->orient.type, SN_ORIENT_AXISANGLE);
  assert_int_equal(GEOM(s, 2)->orient.type, SN_ORIENT_QUAT);
  assert_float_equal(GEOM(s, 2)->orient.v[1], 1, 0);
  assert_int_equal(GEOM(s, 3)->orient.type, SN_ORIENT_ZAXIS);
  assert_int_equal(GEOM(s, 4)->orient.type, SN_ORIENT_NONE);
  sn_spec_free(s);
}

static void test_other_kinds(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco><default>"
      "<site size=\"0.1\" type=\"box\"/><camera fovy=\"60\"/>"
      "<light castshadow=\"false\" directional=\"true\"/><material shininess=\"0.9\"/>"
      "<default class=\"p\"><light type=\"point\"/></default>"
      "</default>"
      "<asset><material name=\"m\"/></asset>"
      "<worldbody><site/><camera/><light/><light class=\"p\"/><light class=\"p\" "
      "directional=\"false\"/></worldbody></mujoco>");
  assert_int_equal(SN_AT(s, sites, sn_site, 0).type, mjGEOM_BOX);
  assert_float_equal(SN_AT(s, sites, sn_site, 0).size[0], 0.1, 0);
  assert_float_equal(SN_AT(s, cameras, sn_camera, 0).fovy, 60, 0);
  assert_int_equal(SN_AT(s, lights, sn_light, 0).castshadow, 0);
  assert_int_equal(SN_AT(s, lights, sn_light, 0).type, mjLIGHT_DIRECTIONAL);
  assert_int_equal(SN_AT(s, lights, sn_light, 1).type, mjLIGHT_POINT);
  assert_int_equal(SN_AT(s, lights, sn_light, 2).type, mjLIGHT_SPOT);
  assert_float_equal(SN_AT(s, materials, sn_material, 0).shininess, 0.9f, 0);
  sn_spec_free(s);
}

static void test_errors(void** state) {
  (void)state;
  const char* m = bad("<mujoco><worldbody><geom class=\"x\"/></worldbody></mujoco>");
  assert_non_null(strstr(m, "d.xml:1:26: element 'geom': attribute 'class': unknown default "
                            "class name 'x'"));
  m = bad("<mujoco><worldbody><body childclass=\"x\"/></worldbody></mujoco>");
  assert_non_null(strstr(m, "unknown default childclass 'x'"));
  m = bad("<mujoco><default><default class=\"a\"/><default class=\"a\"/></default></mujoco>");
  assert_non_null(strstr(m, "repeated default class name 'a'"));
  m = bad("<mujoco><default><default/></default></mujoco>");
  assert_non_null(strstr(m, "needs a (non-empty) name"));
  m = bad("<mujoco><default class=\"other\"/></mujoco>");
  assert_non_null(strstr(m, "cannot be renamed"));
  m = bad("<mujoco><default><default class=\"main\"/></default></mujoco>");
  assert_non_null(strstr(m, "repeated default class name 'main'"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inheritance), cmocka_unit_test(test_repeated_sections),
      cmocka_unit_test(test_orientation), cmocka_unit_test(test_other_kinds),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
