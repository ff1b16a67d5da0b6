// <asset><model> and <attach>: subtrees copied with prefixed names and the child's
// units, assets/actuators/keyframes appended after the model's own, the world's
// contents in a frame, nested attachments, and clean errors (no leaks: ASan).
// Expected values come from MuJoCo 3.3.8 (mujoco-js 0.0.7) on the same files.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static const char* child_xml =
    "<mujoco model='kid'>"
    "  <compiler angle='radian' autolimits='false'/>"
    "  <default><default class='c'><geom rgba='1 0 0 1'/></default></default>"
    "  <asset>"
    "    <texture name='t' builtin='checker' width='8' height='8' rgb1='1 1 1' rgb2='0 0 0'/>"
    "    <material name='mat' texture='t'/><material name='unused'/>"
    "  </asset>"
    "  <worldbody>"
    "    <geom name='floor' type='plane' size='1 1 1'/>"
    "    <body name='b0' pos='5 5 5'><joint name='j0'/><geom size='0.1'/></body>"
    "    <body name='b1' pos='1 0 0' euler='0 0 1.5707963'>"
    "      <joint name='j1' range='-1 1' limited='true'/>"
    "      <geom class='c' size='0.1' material='mat'/><site name='s'/>"
    "      <body name='b2' pos='0 1 0'><joint name='j2' type='slide' range='-1 1' "
    "limited='true'/><geom size='0.1' euler='0.5 0 0'/><camera name='cam'/></body>"
    "    </body>"
    "  </worldbody>"
    "  <actuator><motor name='m1' joint='j1'/><position name='p2' joint='j2' kp='3'/></actuator>"
    "  <keyframe><key name='k' qpos='0.1 0.2 0.3' ctrl='1 2'/></keyframe>"
    "  <custom><numeric name='n' data='1 2'/></custom>"
    "</mujoco>";

static const char* parent_xml =
    "<mujoco>"
    "  <asset><material name='pm1'/><model name='other' file='c.xml'/><material name='pm2'/>"
    "  </asset>"
    "  <worldbody>"
    "    <body name='p' pos='0 0 1'><joint name='jp'/><geom size='0.2'/>"
    "      <frame pos='0 0 1' euler='0 90 0'>"
    "        <attach model='other' body='b1' prefix='x_'/>"
    "      </frame>"
    "    </body>"
    "    <body name='q'><joint name='jq'/><geom size='0.2'/></body>"
    "  </worldbody>"
    "  <actuator><motor joint='jp'/></actuator>"
    "  <keyframe><key name='pk' qpos='0.5 0.7'/></keyframe>"
    "  <actuator><motor joint='jq'/></actuator>"
    "</mujoco>";

static mjModel* load2(const char* parent, const char* child, char* err, int errsz) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "p.xml", parent, (int)strlen(parent));
  if (child) {
    mj_addBufferVFS(&vfs, "c.xml", child, (int)strlen(child));
  }
  mjModel* m = mj_loadXML("p.xml", &vfs, err, errsz);
  mj_deleteVFS(&vfs);
  return m;
}

static void near(double a, double b) {
  if (fabs(a - b) > 1e-12 + 1e-9 * fabs(b)) {
    fail_msg("%.17g vs %.17g", a, b);
  }
}

static void test_attach_body(void** state) {
  (void)state;
  char err[1000] = "";
  mjModel* m = load2(parent_xml, child_xml, err, sizeof(err));
  if (!m) {
    fail_msg("%s", err);
  }
  assert_int_equal(m->nbody, 5);
  assert_string_equal(m->names + m->name_bodyadr[2], "x_b1");
  assert_string_equal(m->names + m->name_bodyadr[3], "x_b2");
  assert_string_equal(m->names + m->name_bodyadr[4], "q");
  assert_int_equal(m->body_parentid[2], 1);
  assert_string_equal(m->names + m->name_siteadr[0], "x_s");
  assert_string_equal(m->names + m->name_camadr[0], "x_cam");
  // pose through the frame (degrees here) and the child's euler (radians there)
  near(m->body_pos[6], 2.220446049250313e-16);
  near(m->body_pos[8], 0);
  near(m->body_quat[8], 0.5000000066987241);
  near(m->body_quat[9], 0.4999999933012758);
  near(m->geom_quat[4 * 2], 0.9689124217106447);
  near(m->geom_quat[4 * 2 + 1], 0.24740395925452294);
  // the child's radians are kept; its default class applied
  near(m->jnt_range[2], -1);
  near(m->jnt_range[3], 1);
  assert_true(m->geom_rgba[4 * 1] == 1.0f && m->geom_rgba[4 * 1 + 1] == 0.0f);
  assert_int_equal(m->geom_matid[1], 2);
  // assets, actuators and custom data after the model's own, prefixed
  assert_int_equal(m->nmat, 4);
  assert_string_equal(m->names + m->name_matadr[2], "x_mat");
  assert_string_equal(m->names + m->name_texadr[0], "x_t");
  assert_int_equal(m->nu, 4);
  assert_string_equal(m->names + m->name_actuatoradr[2], "x_m1");
  assert_int_equal(m->actuator_trnid[2 * 3], 2);
  assert_string_equal(m->names + m->name_numericadr[0], "x_n");
  // keyframes: the model's own padded with qpos0, the child's mapped per joint
  assert_int_equal(m->nkey, 2);
  assert_string_equal(m->names + m->name_keyadr[1], "x_k");
  const double q0[] = {0.5, 0.7, 0, 0}, q1[] = {0, 0.2, 0.3, 0};
  const double c1[] = {0, 0, 1, 2};
  for (int i = 0; i < 4; i++) {
    near(m->key_qpos[i], q0[i]);
    near(m->key_qpos[4 + i], q1[i]);
    near(m->key_ctrl[4 + i], c1[i]);
  }
  mj_deleteModel(m);
}

static void test_attach_world_and_nested(void** state) {
  (void)state;
  const char* mid =
      "<mujoco model='mid'>"
      "  <asset><model name='inner' file='c.xml'/></asset>"
      "  <worldbody><geom name='wg' size='0.1' pos='0 0 3'/>"
      "    <frame pos='1 2 3' euler='10 20 30'>"
      "      <body name='fb' euler='30 0 0'><joint name='fj'/><geom size='0.1'/></body>"
      "    </frame>"
      "    <body name='top' pos='0 0 1'><joint type='ball'/><geom size='0.2'/>"
      "      <attach model='inner' body='b1' prefix='in_'/></body>"
      "  </worldbody>"
      "</mujoco>";
  const char* top =
      "<mujoco><asset><model name='mid' file='m.xml'/></asset>"
      "<worldbody><body name='A' pos='0 1 0'><joint/><geom size='0.1'/></body>"
      "<attach model='mid' prefix='a/'/></worldbody></mujoco>";
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "p.xml", top, (int)strlen(top));
  mj_addBufferVFS(&vfs, "m.xml", mid, (int)strlen(mid));
  mj_addBufferVFS(&vfs, "c.xml", child_xml, (int)strlen(child_xml));
  char err[1000] = "";
  mjModel* m = mj_loadXML("p.xml", &vfs, err, sizeof(err));
  mj_deleteVFS(&vfs);
  if (!m) {
    fail_msg("%s", err);
  }
  // world geom of the child in the world, bodies in depth-first order
  assert_string_equal(m->names + m->name_geomadr[0], "a/wg");
  assert_int_equal(m->geom_bodyid[0], 0);
  assert_int_equal(m->nbody, 6);
  assert_string_equal(m->names + m->name_bodyadr[2], "a/fb");
  assert_string_equal(m->names + m->name_bodyadr[4], "a/in_b1");
  assert_string_equal(m->names + m->name_jntadr[3], "a/in_j1");
  assert_int_equal(m->nu, 2);
  assert_string_equal(m->names + m->name_actuatoradr[0], "a/in_m1");
  mj_deleteModel(m);
}

static void expect_error(const char* parent, const char* child, const char* text) {
  char err[1000] = "";
  mjModel* m = load2(parent, child, err, sizeof(err));
  if (m) {
    mj_deleteModel(m);
    fail_msg("loaded; expected an error with '%s'", text);
  }
  if (!strstr(err, text)) {
    fail_msg("error '%s' lacks '%s'", err, text);
  }
}

static void test_attach_errors(void** state) {
  (void)state;
  expect_error("<mujoco><worldbody><attach model='nope' body='b' prefix='x'/></worldbody>"
               "</mujoco>",
               NULL, "unknown model 'nope'");
  expect_error("<mujoco><asset><model name='o' file='c.xml'/></asset><worldbody>"
               "<attach model='o' body='nobody' prefix='x'/></worldbody></mujoco>",
               child_xml, "body 'nobody' not found");
  expect_error("<mujoco><asset><model name='o' file='missing.xml'/></asset></mujoco>", NULL,
               "cannot load model");
  // a model that loads itself
  expect_error("<mujoco><asset><model name='o' file='p.xml'/></asset></mujoco>", NULL,
               "nested too deeply");
  // errors after the child was loaded release it (ASan)
  expect_error("<mujoco><asset><model name='o' file='c.xml'/></asset><worldbody>"
               "<attach model='o' body='b1' prefix='x'/><geom size='-1' type='box'/>"
               "<bogus/></worldbody></mujoco>",
               child_xml, "bogus");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_attach_body),
      cmocka_unit_test(test_attach_world_and_nested),
      cmocka_unit_test(test_attach_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
