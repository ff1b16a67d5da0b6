// mj_transmission for joint and jointinparent transmissions.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

// hinge (body 1), ball (body 2, child of 1), free (body 3)
static mjModel* make_model(void) {
  snTestBody b[3] = {
      {.parent = 0, .jnt = mjJNT_HINGE, .axis = {0, 1, 0}, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 1, .jnt = mjJNT_BALL, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 0, .jnt = mjJNT_FREE, .mass = 1, .inertia = {1, 1, 1}},
  };
  mjModel* m = sn_test_model(b, 3, 5, 0);
  const int jnt[5] = {0, 1, 1, 2, 2};
  const int type[5] = {mjTRN_JOINT, mjTRN_JOINT, mjTRN_JOINTINPARENT, mjTRN_JOINT,
                       mjTRN_JOINTINPARENT};
  for (int i = 0; i < 5; i++) {
    m->actuator_trntype[i] = type[i];
    m->actuator_trnid[2 * i] = jnt[i];
    m->actuator_trnid[2 * i + 1] = -1;
    for (int k = 0; k < 6; k++) {
      m->actuator_gear[6 * i + k] = k + 1;
    }
  }
  m->actuator_gear[0] = 2.5;
  return m;
}

static void test_hinge(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.4;
  mj_transmission(m, d);
  assert_float_equal(d->actuator_length[0], 1.0, 1e-15);
  assert_int_equal(d->moment_rownnz[0], 1);
  assert_int_equal(d->moment_rowadr[0], 0);
  assert_int_equal(d->moment_colind[0], 0);
  assert_float_equal(d->actuator_moment[0], 2.5, 0);
  // rows are packed back to back: 1 + 3 + 3 + 6 + 6
  const int adr[5] = {0, 1, 4, 7, 13};
  const int nnz[5] = {1, 3, 3, 6, 6};
  for (int i = 0; i < 5; i++) {
    assert_int_equal(d->moment_rowadr[i], adr[i]);
    assert_int_equal(d->moment_rownnz[i], nnz[i]);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_ball(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  // rotation by angle 0.7 about the unit axis a
  mjtNum a[3] = {1, -2, 2}, q[4];
  mju_normalize3(a);
  mju_axisAngle2Quat(q, a, 0.7);
  mju_copy4(d->qpos + 1, q);
  mj_transmission(m, d);

  const mjtNum gear[3] = {1, 2, 3};
  // length: gear projected on the rotation vector, for both frames
  mjtNum expect = 0.7 * mju_dot3(a, gear);
  assert_float_equal(d->actuator_length[1], expect, 1e-12);
  assert_float_equal(d->actuator_length[2], expect, 1e-12);
  // joint: gear is the local axis; jointinparent: rotated into the child frame
  mjtNum qinv[4], local[3];
  mju_negQuat(qinv, q);
  mju_rotVecQuat(local, gear, qinv);
  for (int k = 0; k < 3; k++) {
    assert_float_equal(d->actuator_moment[1 + k], gear[k], 0);
    assert_int_equal(d->moment_colind[1 + k], 1 + k);
    assert_float_equal(d->actuator_moment[4 + k], local[k], 1e-12);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_freejoint(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  mjtNum a[3] = {0, 0, 1}, q[4];
  mju_axisAngle2Quat(q, a, mjPI / 2);
  d->qpos[5] = 3;
  mju_copy4(d->qpos + 8, q);
  mj_transmission(m, d);
  // free joints have zero length; translation is global in both variants
  assert_float_equal(d->actuator_length[3], 0, 0);
  assert_float_equal(d->actuator_length[4], 0, 0);
  for (int k = 0; k < 6; k++) {
    assert_float_equal(d->actuator_moment[7 + k], k + 1, 0);
    assert_int_equal(d->moment_colind[7 + k], 4 + k);
  }
  // jointinparent: world rotation axis (4,5,6) seen from a body turned 90 deg about z
  assert_float_equal(d->actuator_moment[13 + 0], 1, 0);
  assert_float_equal(d->actuator_moment[13 + 3], 5, 1e-12);
  assert_float_equal(d->actuator_moment[13 + 4], -4, 1e-12);
  assert_float_equal(d->actuator_moment[13 + 5], 6, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hinge),
      cmocka_unit_test(test_ball),
      cmocka_unit_test(test_freejoint),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
