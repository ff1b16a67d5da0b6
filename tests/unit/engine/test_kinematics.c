// mj_kinematics and mj_local2Global: joint composition, quaternion normalisation,
// reference positions, mocap bodies, geom/site frames.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

// two-link planar pendulum about y: positions follow the angle sums
static void test_planar_chain(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body pos='0 0 2'><joint axis='0 1 0'/>"
      "<geom type='capsule' fromto='0 0 0 1 0 0' size='.05'/>"
      "<body pos='1 0 0'><joint axis='0 1 0'/><geom type='capsule' fromto='0 0 0 .5 0 0' size='.05'/>"
      "<site name='tip' pos='.5 0 0'/></body></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mjtNum a = 0.4, b = -1.1;
  d->qpos[0] = a;
  d->qpos[1] = b;
  mj_kinematics(m, d);

  // rotation by t about +y maps x to (cos t, 0, -sin t)
  mjtNum elbow[3] = {cos(a), 0, 2 - sin(a)};
  mjtNum tip[3] = {elbow[0] + 0.5 * cos(a + b), 0, elbow[2] - 0.5 * sin(a + b)};
  assert_vec_equal(d->xpos + 6, elbow, 3, 1e-12);
  assert_vec_equal(d->site_xpos, tip, 3, 1e-12);
  assert_vec_equal(d->xanchor + 3, elbow, 3, 1e-12);
  mjtNum y[3] = {0, 1, 0};
  assert_vec_equal(d->xaxis + 3, y, 3, 1e-12);
  // xmat is the rotation of xquat, orthonormal
  mjtNum R[9];
  mju_quat2Mat(R, d->xquat + 8);
  assert_vec_equal(d->xmat + 18, R, 9, 1e-14);
  assert_near(d->xmat[18], cos(a + b), 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// ball and free quaternions are normalised for kinematics but not written back
static void test_quaternion_normalisation(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody>"
      "<body><freejoint/><geom size='.1' pos='.1 .2 .3'/></body>"
      "<body pos='1 0 0'><joint type='ball'/><geom size='.1' pos='0 0 -.5'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mjtNum qfree[7] = {1, 2, 3, 2, 0, 0, 2};  // 90 degrees about z, norm 2*sqrt(2)
  mjtNum qball[4] = {0, 3, 0, 0};           // 180 degrees about x, norm 3
  memcpy(d->qpos, qfree, sizeof(qfree));
  memcpy(d->qpos + 7, qball, sizeof(qball));
  mj_kinematics(m, d);

  assert_vec_equal(d->qpos, qfree, 7, 0);
  assert_vec_equal(d->qpos + 7, qball, 4, 0);
  assert_vec_equal(d->xpos + 3, qfree, 3, 0);
  mjtNum s = sqrt(0.5);
  mjtNum q1[4] = {s, 0, 0, s}, q2[4] = {0, 1, 0, 0};
  assert_vec_equal(d->xquat + 4, q1, 4, 1e-15);
  assert_vec_equal(d->xquat + 8, q2, 4, 1e-15);
  // the com of body 1 is at xpos + R*(.1,.2,.3), R = 90 degrees about z
  mjtNum ipos[3] = {1 - 0.2, 2 + 0.1, 3 + 0.3};
  assert_vec_equal(d->xipos + 3, ipos, 3, 1e-12);
  // ball: the geom hangs down; flipped about x it points up
  mjtNum gpos[3] = {1, 0, 0.5};
  assert_vec_equal(d->geom_xpos + 3, gpos, 3, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// slide and hinge positions are measured from qpos0 (the joint ref)
static void test_joint_reference(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><compiler angle='radian'/><worldbody><body><joint type='slide' axis='1 0 0' ref='0.5'/>"
      "<joint type='hinge' axis='0 0 1' ref='0.3' pos='1 0 0'/><geom size='.1'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  assert_near(d->qpos[0], 0.5, 0);
  mj_kinematics(m, d);
  mjtNum zero[3] = {0, 0, 0};
  assert_vec_equal(d->xpos + 3, zero, 3, 1e-15);
  assert_near(d->xquat[4], 1, 1e-15);

  // slide by 1 and turn by 90 degrees about the anchor (1 + 1, 0, 0)
  d->qpos[0] = 1.5;
  d->qpos[1] = 0.3 + mjPI / 2;
  mj_kinematics(m, d);
  mjtNum anchor[3] = {2, 0, 0}, pos[3] = {2, -1, 0};
  assert_vec_equal(d->xanchor + 3, anchor, 3, 1e-12);
  assert_vec_equal(d->xpos + 3, pos, 3, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mocap bodies take their pose from mocap_pos and (normalised) mocap_quat
static void test_mocap(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body mocap='true' pos='1 2 3'><geom size='.1'/>"
      "<site pos='0 0 1'/></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  mjtNum p0[3] = {1, 2, 3};
  assert_vec_equal(d->xpos + 3, p0, 3, 0);

  mjtNum p[3] = {-1, 0, 4}, q[4] = {0, 0, 5, 0};  // 180 degrees about y
  mju_copy3(d->mocap_pos, p);
  mju_copy4(d->mocap_quat, q);
  mj_kinematics(m, d);
  assert_vec_equal(d->xpos + 3, p, 3, 0);
  assert_near(d->xquat[6], 1, 1e-15);
  assert_near(d->mocap_quat[2], 5, 0);
  mjtNum site[3] = {-1, 0, 3};
  assert_vec_equal(d->site_xpos, site, 3, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// geoms and sites agree with mj_local2Global for every sameframe mode
static void test_frames_match_local2global(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body pos='.1 .2 .3' euler='10 20 30'>"
      "<joint type='ball'/><joint axis='1 1 0'/>"
      "<geom type='box' size='.1 .2 .3' pos='.4 0 0' euler='0 30 0'/>"
      "<geom type='box' size='.1 .2 .3'/>"
      "<geom type='box' size='.1 .2 .3' pos='0 .5 0'/>"
      "<site pos='.3 .2 .1' euler='5 6 7'/>"
      "</body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mjtNum axis[3] = {1, 2, 3};
  mju_normalize3(axis);
  mju_axisAngle2Quat(d->qpos, axis, 0.7);
  d->qpos[4] = -0.4;
  mj_kinematics(m, d);

  for (int g = 0; g < m->ngeom; g++) {
    mjtNum pos[3], mat[9];
    mj_local2Global(d, pos, mat, m->geom_pos + 3 * g, m->geom_quat + 4 * g, 1, 0);
    assert_vec_equal(d->geom_xpos + 3 * g, pos, 3, 1e-12);
    assert_vec_equal(d->geom_xmat + 9 * g, mat, 9, 1e-12);
  }
  mjtNum pos[3], mat[9];
  mj_local2Global(d, pos, mat, m->site_pos, m->site_quat, 1, 0);
  assert_vec_equal(d->site_xpos, pos, 3, 1e-12);
  assert_vec_equal(d->site_xmat, mat, 9, 1e-12);

  // sameframe shortcuts return the body or inertial frame itself
  mj_local2Global(d, pos, mat, m->site_pos, m->site_quat, 1, 1);
  assert_vec_equal(pos, d->xpos + 3, 3, 0);
  assert_vec_equal(mat, d->xmat + 9, 9, 0);
  mj_local2Global(d, pos, mat, m->site_pos, m->site_quat, 1, 2);
  assert_vec_equal(pos, d->xipos + 3, 3, 0);
  assert_vec_equal(mat, d->ximat + 9, 9, 0);

  // the world frame is the identity
  mjtNum eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  assert_vec_equal(d->xmat, eye, 9, 0);
  assert_vec_equal(d->ximat, eye, 9, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_planar_chain),
      cmocka_unit_test(test_quaternion_normalisation),
      cmocka_unit_test(test_joint_reference),
      cmocka_unit_test(test_mocap),
      cmocka_unit_test(test_frames_match_local2global),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
