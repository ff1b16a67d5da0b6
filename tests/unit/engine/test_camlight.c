// mj_camlight: fixed, tracking and targeting cameras and lights.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static const char* kScene =
    "<mujoco><worldbody>"
    "<body name='a' pos='0 0 1' euler='10 20 30'><freejoint/>"
    "  <geom type='box' size='.1 .2 .3'/>"
    "  <camera name='fixed' pos='.1 .2 .3' euler='5 10 15'/>"
    "  <camera name='track' pos='.1 .2 .3' mode='track'/>"
    "  <camera name='trackcom' pos='.1 .2 .3' mode='trackcom'/>"
    "  <camera name='target' pos='.1 .2 .3' mode='targetbody' target='b'/>"
    "  <light name='fixed' pos='.1 .2 .3' dir='0 1 0'/>"
    "  <light name='track' pos='.1 .2 .3' dir='0 1 0' mode='track'/>"
    "  <light name='target' pos='.1 .2 .3' dir='0 1 0' mode='targetbodycom' target='b'/>"
    "  <body name='b' pos='1 1 0'><joint type='ball'/><geom size='.1' pos='.3 0 0'/></body>"
    "</body></worldbody></mujoco>";

static void stages(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_camlight(m, d);
}

static void test_modes(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kScene);
  mjData* d = mj_makeData(m);
  stages(m, d);
  // remember the tracking offsets at qpos0
  mjtNum off_track[3], off_com[3], mat_track[9], dir_track[3];
  mju_sub3(off_track, d->cam_xpos + 3, d->xpos + 3);
  mju_sub3(off_com, d->cam_xpos + 6, d->subtree_com + 3);
  memcpy(mat_track, d->cam_xmat + 9, sizeof(mat_track));
  mju_copy3(dir_track, d->light_xdir + 3);

  // move and turn the free body, bend the ball joint
  d->qpos[0] = 2;
  d->qpos[1] = -1;
  d->qpos[2] = 0.5;
  mjtNum axis[3] = {1, -2, 0.5}, q[4];
  mju_normalize3(axis);
  mju_axisAngle2Quat(d->qpos + 3, axis, 1.3);
  mju_axisAngle2Quat(q, axis, -0.6);
  mju_copy4(d->qpos + 7, q);
  stages(m, d);

  // fixed: composed with the body frame
  mjtNum pos[3], quat[4], mat[9];
  mju_mulMatVec3(pos, d->xmat + 9, m->cam_pos);
  mju_addTo3(pos, d->xpos + 3);
  mju_mulQuat(quat, d->xquat + 4, m->cam_quat);
  mju_quat2Mat(mat, quat);
  assert_vec_equal(d->cam_xpos, pos, 3, 1e-12);
  assert_vec_equal(d->cam_xmat, mat, 9, 1e-12);
  mjtNum dir[3];
  mju_mulMatVec3(dir, d->xmat + 9, m->light_dir);
  assert_vec_equal(d->light_xdir, dir, 3, 1e-12);

  // track and trackcom: same world offset and orientation as at qpos0
  mju_sub3(pos, d->cam_xpos + 3, d->xpos + 3);
  assert_vec_equal(pos, off_track, 3, 1e-12);
  assert_vec_equal(d->cam_xmat + 9, mat_track, 9, 0);
  mju_sub3(pos, d->cam_xpos + 6, d->subtree_com + 3);
  assert_vec_equal(pos, off_com, 3, 1e-12);
  assert_vec_equal(d->light_xdir + 3, dir_track, 3, 0);

  // targetbody: the camera looks along -z at the target, x stays horizontal
  const mjtNum* cm = d->cam_xmat + 27;
  mjtNum to[3], z[3] = {cm[2], cm[5], cm[8]};
  mju_sub3(to, d->xpos + 6, d->cam_xpos + 9);
  mju_normalize3(to);
  for (int k = 0; k < 3; k++) {
    assert_near(z[k], -to[k], 1e-12);
  }
  assert_near(cm[6], 0, 1e-12);
  mjtNum MtM[9], eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  mju_mulMatTMat(MtM, cm, cm, 3, 3, 3);
  assert_vec_equal(MtM, eye, 9, 1e-12);

  // targetbodycom light: points at the subtree com of the target
  mju_sub3(to, d->subtree_com + 6, d->light_xpos + 6);
  mju_normalize3(to);
  assert_vec_equal(d->light_xdir + 6, to, 3, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_modes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
