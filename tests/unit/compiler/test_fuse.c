// compiler fusestatic and the other compiler details checked against MuJoCo 3.3.8:
// fused bodies, element order, combined mass properties, bounding-volume counts;
// massless bodies' inertial frames, ellipsoid shells, keyframe completion, intvelocity
// inheritrange, multi-dof actuator force limits, default camera intrinsics. Expected
// numbers come from the oracle (mujoco-js 0.0.7).
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "../sn_load.h"

static void near(double a, double b) {
  if (fabs(a - b) > 1e-12 + 1e-9 * fabs(b)) {
    fail_msg("%.17g vs %.17g", a, b);
  }
}

static const char* name_of(const mjModel* m, int adr) {
  return m->names + adr;
}

//---------------------------------- fusestatic ----------------------------------------------------

static const char* fuse_xml =
    "<mujoco><compiler fusestatic='true'/><worldbody>"
    "<geom name='w0' size='0.1'/>"
    "<body name='P' pos='0 0 1'><joint/>"
    "  <geom name='g1' size='0.1'/><site name='s1'/>"
    "  <body name='C' pos='0.2 0 0' euler='0 0 90'>"
    "    <geom name='g2' size='0.05' pos='0.1 0 0'/><site name='s2'/>"
    "    <frame pos='0 1 0'><geom name='g2f' size='0.05'/></frame>"
    "    <body name='CC'><geom name='g4' size='0.01'/><site name='s4'/></body>"
    "    <body name='CJ'><joint/><geom name='g5' size='0.01'/></body>"
    "    <geom name='g2b' size='0.05' pos='0.1 0 0'/>"
    "  </body>"
    "  <geom name='g3' size='0.1' pos='0 0 0.3'/><site name='s3'/>"
    "  <body name='D' pos='0.2 0 0' euler='0 0 90'><geom name='g6' size='0.05' pos='0.1 0 0'/></body>"
    "</body>"
    "<body name='M' mocap='true'><geom size='0.1'/></body>"
    "<body name='U' pos='1 0 0' user='1 2'><geom size='0.1'/></body>"
    "</worldbody></mujoco>";

static void test_fuse_order(void** state) {
  (void)state;
  mjModel* m = sn_test_load(fuse_xml);
  assert_int_equal(m->nbody, 4);
  const char* bodies[] = {"world", "P", "CJ", "M"};
  for (int i = 0; i < 4; i++) {
    assert_string_equal(name_of(m, m->name_bodyadr[i]), bodies[i]);
  }
  assert_int_equal(m->body_parentid[2], 1);
  // own geoms first, then the fused bodies' in depth-first order
  const char* geoms[] = {"w0", "", "g1", "g3", "g2", "g2f", "g2b", "g4", "g6", "g5", ""};
  assert_int_equal(m->ngeom, 11);
  for (int i = 0; i < 11; i++) {
    assert_string_equal(name_of(m, m->name_geomadr[i]), geoms[i]);
  }
  const char* sites[] = {"s1", "s3", "s2", "s4"};
  for (int i = 0; i < 4; i++) {
    assert_string_equal(name_of(m, m->name_siteadr[i]), sites[i]);
    assert_int_equal(m->site_bodyid[i], 1);
  }
  // poses composed: g2f sits in a frame of the rotated body C
  near(m->geom_pos[3 * 5 + 0], -0.8);
  near(m->geom_pos[3 * 5 + 1], 0);
  near(m->body_pos[3 * 2], 0.2);
  near(m->body_quat[4 * 2 + 3], sqrt(0.5));
  // U's user data still sizes nuser_body; 3.3.8's surplus bounding-volume nodes
  assert_int_equal(m->nuser_body, 2);
  assert_int_equal(m->nbvh, 22);
  mj_deleteModel(m);
}

static void test_fuse_mass(void** state) {
  (void)state;
  // the test model of tests/models: numbers of MuJoCo 3.3.8
  mjModel* m = sn_test_load(
      "<mujoco><compiler fusestatic='true'/><worldbody>"
      "<body name='base' pos='0 0 1'><geom type='box' size='0.1 0.1 0.1'/>"
      "  <body name='link' pos='0 0 0.1' euler='0 30 0'><joint type='hinge' axis='0 1 0'/>"
      "    <geom type='capsule' fromto='0 0 0 0.3 0 0' size='0.03'/>"
      "    <body name='bracket' pos='0.3 0 0' euler='0 0 45'>"
      "      <geom type='box' size='0.05 0.02 0.02' pos='0.05 0 0'/>"
      "      <body name='plate' pos='0.1 0 0'>"
      "        <inertial pos='0 0 0' mass='0.2' diaginertia='0.001 0.001 0.001'/>"
      "        <body name='tool' pos='0.05 0 0'><joint type='hinge' axis='1 0 0'/>"
      "          <geom type='sphere' size='0.04'/></body></body></body></body>"
      "  <body name='side' pos='0.5 0 0' euler='90 0 0'><geom type='sphere' size='0.05' "
      "pos='0 0.1 0'/></body></body>"
      "</worldbody></mujoco>");
  assert_int_equal(m->nbody, 3);
  near(m->body_mass[0], 0);
  near(m->body_mass[1], 1.3213273519984767);
  near(m->body_ipos[3], 0.20762548963250305);
  near(m->body_ipos[4], 0.010702976520043504);
  near(m->body_inertia[3], 0.02327790203611435);
  near(m->body_inertia[4], 0.022690317220904015);
  near(m->body_inertia[5], 0.0020526700300786934);
  near(m->body_pos[6], 0.40606601717798213);
  near(m->body_pos[7], 0.10606601717798214);
  near(m->geom_pos[3], 0.5);
  near(m->geom_pos[5], 1.1);
  assert_int_equal(m->nbvh, 9);
  mj_deleteModel(m);
}

static void test_fuse_combination_frame(void** state) {
  (void)state;
  // 3.3.8 combines a fused body at ipos + R(iquat) pos, whatever its orientation
  mjModel* m = sn_test_load(
      "<mujoco><compiler fusestatic='true'/><worldbody>"
      "<body><joint/><geom size='0.1'/>"
      "  <body pos='0.2 0 0' euler='0 0 90'><geom size='0.05' pos='0.1 0 0'/>"
      "    <geom size='0.05' pos='0 0.3 0'/></body></body>"
      "</worldbody></mujoco>");
  near(m->body_ipos[3], 0.0479473319220206);
  near(m->body_ipos[4], 0.04264911064067353);
  near(m->body_inertia[3], 0.13022725226302795);
  near(m->body_inertia[4], 0.10941072053808945);
  near(m->body_inertia[5], 0.03861889009528069);
  mj_deleteModel(m);
}

static void test_fuse_bounds_and_references(void** state) {
  (void)state;
  // bounds apply per body before the combination (an empty body counts too)
  mjModel* m = sn_test_load(
      "<mujoco><compiler fusestatic='true' boundmass='0.5' boundinertia='0.01'/><worldbody>"
      "<body><joint/><geom type='box' size='0.1 0.05 0.02' mass='0.1'/>"
      "  <body pos='0 1 0'><geom type='box' size='0.1 0.05 0.02' mass='0.1'/></body>"
      "  <body pos='0 1 0'/></body></worldbody></mujoco>");
  near(m->body_mass[1], 1.5);
  near(m->body_ipos[4], 1);
  near(m->body_inertia[3], 1.03);
  near(m->body_inertia[5], 0.03);
  mj_deleteModel(m);
  // a fused body cannot be referenced any more (3.3.8 fails the same way)
  char err[1000];
  assert_null(sn_test_try_load("<mujoco><compiler fusestatic='true'/><worldbody><body><joint/>"
                   "<geom size='1'/><body name='A'><geom size='1'/></body>"
                   "<camera mode='targetbody' target='A'/></body></worldbody></mujoco>",
                   err, sizeof(err)));
  assert_non_null(strstr(err, "A"));
}

//---------------------------------- other compiler details ----------------------------------------

static void test_massless_inertial_frame(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody>"
      "<body mocap='true' pos='-0.5 0 0.5' euler='0 0 45'/>"
      "<frame pos='0 1 0'><body pos='0 0 3'/></frame>"
      "<body pos='1 0 0'><geom size='0.1' mass='1e-20'/></body>"
      "</worldbody></mujoco>");
  near(m->body_ipos[3], -0.5);
  near(m->body_ipos[5], 0.5);
  near(m->body_iquat[4], 0.9238795325112867);
  near(m->body_iquat[7], 0.3826834323650898);
  near(m->body_ipos[6 + 2], 3);  // as written, not composed with the frame
  near(m->body_mass[3], 0);
  near(m->body_ipos[9], 1);
  mj_deleteModel(m);
}

static void test_ellipsoid_shell(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody>"
      "<body><geom type='ellipsoid' size='1 2 3' density='1' shellinertia='true'/></body>"
      "<body><geom type='ellipsoid' size='0.5 0.7 1.3' mass='2' shellinertia='true'/></body>"
      "</worldbody></mujoco>");
  near(m->body_mass[1], 48.9719333337173);
  near(m->body_inertia[3], 180.75103342533112);
  near(m->body_inertia[4], 140.68307422101498);
  near(m->body_inertia[5], 81.02634166926146);
  near(m->body_inertia[6], 1.2531531241547782);
  near(m->body_inertia[7], 1.1190378307946958);
  near(m->body_inertia[8], 0.5246919507335406);
  mj_deleteModel(m);
}

static void test_keyframe_completion(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><joint name='a'/><geom size='1'/></body>"
      "<body><joint ref='0.25'/><geom size='1'/></body>"
      "<body mocap='true' pos='1 2 3'/><body mocap='true' pos='4 5 6'/></worldbody>"
      "<actuator><motor joint='a'/><motor joint='a'/></actuator>"
      "<keyframe><key qpos='0.5' ctrl='0.5' mpos='0.5 0 0'/></keyframe></mujoco>");
  near(m->key_qpos[0], 0.5);
  near(m->key_qpos[1], m->qpos0[1]);
  near(m->key_ctrl[1], 0);
  near(m->key_mpos[3], 4);
  mj_deleteModel(m);
  char err[1000];
  assert_null(sn_test_try_load("<mujoco><worldbody><body><joint/><geom size='1'/></body></worldbody>"
                   "<keyframe><key qpos='1 2'/></keyframe></mujoco>",
                   err, sizeof(err)));
  assert_non_null(strstr(err, "qpos"));
}

static void test_actuator_details(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><visual><map znear='0.05'/></visual><worldbody><camera/>"
      "<body><joint name='h' range='-90 90'/><joint type='ball' actuatorfrcrange='-1 1' "
      "actuatorfrclimited='true'/><geom size='1'/></body></worldbody>"
      "<actuator><intvelocity joint='h' kp='10' inheritrange='1'/></actuator></mujoco>");
  assert_int_equal(m->actuator_actlimited[0], 1);
  near(m->actuator_actrange[0], -mjPI / 2);
  near(m->actuator_actrange[1], mjPI / 2);
  assert_int_equal(m->jnt_actfrclimited[1], 0);
  near(m->cam_intrinsic[0], 0.05f);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fuse_order),
      cmocka_unit_test(test_fuse_mass),
      cmocka_unit_test(test_fuse_combination_frame),
      cmocka_unit_test(test_fuse_bounds_and_references),
      cmocka_unit_test(test_massless_inertial_frame),
      cmocka_unit_test(test_ellipsoid_shell),
      cmocka_unit_test(test_keyframe_completion),
      cmocka_unit_test(test_actuator_details),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
