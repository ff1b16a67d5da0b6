// mj_passive: joint springs and dampers, tendon springs with their dead band and
// tendon dampers, disable flags, gravity compensation routing and the passive callback.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

// slide (body 1), ball (body 2), free (body 3)
static mjModel* make_model(void) {
  snTestBody b[3] = {
      {.parent = 0, .jnt = mjJNT_SLIDE, .axis = {1, 0, 0}, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 1, .jnt = mjJNT_BALL, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 0, .jnt = mjJNT_FREE, .mass = 1, .inertia = {1, 1, 1}},
  };
  mjModel* m = sn_test_model(b, 3, 0, 0);
  m->jnt_stiffness[0] = 3;
  m->jnt_stiffness[1] = 2;
  m->jnt_stiffness[2] = 5;
  m->qpos_spring[0] = 0.25;
  m->qpos_spring[5] = -1;  // free joint rest position x
  for (int i = 0; i < m->nv; i++) {
    m->dof_damping[i] = 0.1 * (i + 1);
  }
  return m;
}

static void test_springs_dampers(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  d->qpos[0] = 1;
  // ball rotated by 0.3 about axis a; free body rotated by 0.5 about z, moved
  mjtNum a[3] = {2, 1, -2}, z[3] = {0, 0, 1};
  mju_normalize3(a);
  mju_axisAngle2Quat(d->qpos + 1, a, 0.3);
  d->qpos[5] = 1;
  d->qpos[6] = 2;
  d->qpos[7] = 3;
  mju_axisAngle2Quat(d->qpos + 8, z, 0.5);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = i - 4.5;
  }
  mj_passive(m, d);

  assert_float_equal(d->qfrc_spring[0], -3 * (1 - 0.25), 1e-15);
  for (int k = 0; k < 3; k++) {
    assert_float_equal(d->qfrc_spring[1 + k], -2 * 0.3 * a[k], 1e-12);
  }
  assert_float_equal(d->qfrc_spring[4], -5 * (1 + 1), 1e-15);
  assert_float_equal(d->qfrc_spring[5], -5 * 2, 1e-15);
  assert_float_equal(d->qfrc_spring[6], -5 * 3, 1e-15);
  assert_float_equal(d->qfrc_spring[7], 0, 1e-15);
  assert_float_equal(d->qfrc_spring[9], -5 * 0.5, 1e-12);
  for (int i = 0; i < m->nv; i++) {
    assert_float_equal(d->qfrc_damper[i], -0.1 * (i + 1) * (i - 4.5), 1e-15);
    assert_float_equal(d->qfrc_passive[i], d->qfrc_spring[i] + d->qfrc_damper[i], 1e-15);
    assert_float_equal(d->qfrc_gravcomp[i], 0, 0);
    assert_float_equal(d->qfrc_fluid[i], 0, 0);
  }

  // an unnormalised quaternion gives the same spring force
  for (int k = 0; k < 4; k++) {
    d->qpos[1 + k] *= 1.5;
  }
  mj_passive(m, d);
  assert_float_equal(d->qfrc_spring[1], -2 * 0.3 * a[0], 1e-12);

  mj_deleteData(d);
  mj_deleteModel(m);
}

// A fixed tendon L = q0 - 0.5 q1 with springlength (-0.1, 0.2): no spring force inside
// the band, k (edge - L) J' outside; the damper is -b J' J qvel in both storages.
static void test_tendon_deadband(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody>"
      "<body><joint name='a' type='slide' axis='1 0 0'/><geom size='.1'/></body>"
      "<body><joint name='b' type='slide' axis='0 1 0'/><geom size='.1'/></body>"
      "</worldbody><tendon><fixed stiffness='4' springlength='-.1 .2' damping='3'>"
      "<joint joint='a' coef='1'/><joint joint='b' coef='-.5'/></fixed></tendon></mujoco>");
  assert_float_equal(m->tendon_lengthspring[0], -0.1, 0);
  assert_float_equal(m->tendon_lengthspring[1], 0.2, 0);
  mjData* d = mj_makeData(m);
  const mjtNum q[3][2] = {{0.1, 0.2}, {0.5, 0.2}, {-0.3, 0.2}};
  const mjtNum frc[3] = {0, 4 * (0.2 - 0.4), 4 * (-0.1 + 0.4)};
  for (int jac = 0; jac < 2; jac++) {
    m->opt.jacobian = jac ? mjJAC_SPARSE : mjJAC_DENSE;
    for (int k = 0; k < 3; k++) {
      d->qpos[0] = q[k][0];
      d->qpos[1] = q[k][1];
      d->qvel[0] = 0.7;
      d->qvel[1] = -0.2;
      mj_forward(m, d);
      assert_float_equal(d->qfrc_spring[0], frc[k], 1e-14);
      assert_float_equal(d->qfrc_spring[1], -0.5 * frc[k], 1e-14);
      mjtNum v = 0.7 + 0.5 * 0.2;
      assert_float_equal(d->ten_velocity[0], v, 1e-15);
      assert_float_equal(d->qfrc_damper[0], -3 * v, 1e-14);
      assert_float_equal(d->qfrc_damper[1], 1.5 * v, 1e-14);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static int ncallback;
static void passive_callback(const mjModel* m, mjData* d) {
  ncallback++;
  d->qfrc_passive[0] += 100;
}

static void test_flags_and_callback(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  d->qpos[0] = 1;
  d->qvel[0] = 2;
  mjcb_passive = passive_callback;
  ncallback = 0;

  m->opt.disableflags = mjDSBL_SPRING;
  mj_passive(m, d);
  assert_float_equal(d->qfrc_spring[0], 0, 0);
  assert_float_equal(d->qfrc_damper[0], -0.2, 1e-15);
  assert_float_equal(d->qfrc_passive[0], 100 - 0.2, 1e-12);
  assert_int_equal(ncallback, 1);

  m->opt.disableflags = mjDSBL_DAMPER;
  mj_passive(m, d);
  assert_float_equal(d->qfrc_damper[0], 0, 0);
  assert_float_equal(d->qfrc_passive[0], 100 - 3 * 0.75, 1e-12);
  assert_int_equal(ncallback, 2);

  // both off: every passive force is off, the callback too
  m->opt.disableflags = mjDSBL_SPRING | mjDSBL_DAMPER;
  mj_passive(m, d);
  assert_float_equal(d->qfrc_passive[0], 0, 0);
  assert_int_equal(ncallback, 2);

  mjcb_passive = NULL;
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_springs_dampers),
      cmocka_unit_test(test_tendon_deadband),
      cmocka_unit_test(test_flags_and_callback),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
