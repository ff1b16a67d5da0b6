// Forward pipeline sequencing: force composition, acceleration, gravity
// compensation routing, skips, callbacks and timers.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

// hinge arm with a ball-jointed child and a separate free body
static mjModel* make_model(void) {
  snTestBody b[3] = {
      {.parent = 0, .jnt = mjJNT_HINGE, .pos = {0, 0, 1}, .axis = {0, 1, 0}, .ipos = {0.3, 0, 0},
       .mass = 2, .inertia = {0.01, 0.05, 0.05}},
      {.parent = 1, .jnt = mjJNT_BALL, .pos = {0.6, 0, 0}, .ipos = {0.1, 0.02, 0}, .mass = 1,
       .inertia = {0.02, 0.03, 0.04}},
      {.parent = 0, .jnt = mjJNT_FREE, .pos = {1, 1, 1}, .ipos = {0.05, 0, 0}, .mass = 1,
       .inertia = {0.1, 0.2, 0.3}},
  };
  mjModel* m = sn_test_model(b, 3, 1, 0);
  m->actuator_trntype[0] = mjTRN_JOINT;
  m->actuator_trnid[0] = 0;
  m->actuator_gear[0] = 1.5;
  m->dof_damping[0] = 0.2;
  m->jnt_stiffness[1] = 0.7;
  return m;
}

static void perturb(const mjModel* m, mjData* d) {
  d->qpos[0] = 0.3;
  mjtNum axis[3] = {1, 2, -1};
  mju_normalize3(axis);
  mju_axisAngle2Quat(d->qpos + 1, axis, 0.5);
  d->qpos[5] = 0.2;
  mju_axisAngle2Quat(d->qpos + 8, axis, -0.3);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = 0.1 * (i + 1);
    d->qfrc_applied[i] = 0.05 * (m->nv - i);
  }
  d->ctrl[0] = 0.8;
  d->xfrc_applied[6 * 2 + 0] = 1.5;   // force on body 2
  d->xfrc_applied[6 * 2 + 4] = -0.5;  // torque on body 2
  d->xfrc_applied[6 * 3 + 2] = 3;     // force on body 3
}

static void test_force_composition(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  perturb(m, d);
  mj_forward(m, d);

  // qfrc_smooth = passive - bias + applied + actuator + J'*xfrc
  mjtNum* expect = calloc((size_t)nv, sizeof(mjtNum));
  for (int i = 0; i < nv; i++) {
    expect[i] = d->qfrc_passive[i] - d->qfrc_bias[i] + d->qfrc_applied[i] + d->qfrc_actuator[i];
  }
  for (int b = 1; b < m->nbody; b++) {
    mj_applyFT(m, d, d->xfrc_applied + 6 * b, d->xfrc_applied + 6 * b + 3, d->xipos + 3 * b, b,
               expect);
  }
  for (int i = 0; i < nv; i++) {
    assert_float_equal(d->qfrc_smooth[i], expect[i], 1e-12);
  }
  assert_float_equal(d->qfrc_actuator[0], 1.5 * 0.8, 1e-15);

  // M*qacc_smooth = qfrc_smooth, and without constraints qacc = qacc_smooth
  mjtNum* Ma = calloc((size_t)nv, sizeof(mjtNum));
  mj_mulM(m, d, Ma, d->qacc_smooth);
  for (int i = 0; i < nv; i++) {
    assert_float_equal(Ma[i], d->qfrc_smooth[i], 1e-10);
    assert_float_equal(d->qacc[i], d->qacc_smooth[i], 0);
    assert_float_equal(d->qfrc_constraint[i], 0, 0);
  }
  assert_int_equal(d->nefc, 0);
  assert_int_equal(d->ncon, 0);
  // mj_forward does not touch the warmstart (updated only when stepping)
  assert_float_equal(d->qacc_warmstart[0], 0, 0);
  free(expect);
  free(Ma);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_gravcomp(void** state) {
  (void)state;
  mjModel* m = make_model();
  for (int b = 1; b < m->nbody; b++) {
    m->body_gravcomp[b] = 1;
  }
  m->ngravcomp = m->nbody - 1;
  m->dof_damping[0] = 0;
  m->jnt_stiffness[1] = 0;
  mjData* d = mj_makeData(m);
  perturb(m, d);
  mju_zero(d->qvel, m->nv);
  mju_zero(d->qfrc_applied, m->nv);
  mju_zero(d->xfrc_applied, 6 * m->nbody);
  d->ctrl[0] = 0;
  mj_forward(m, d);
  // full compensation at rest: the gravity force is cancelled, nothing moves
  for (int i = 0; i < m->nv; i++) {
    assert_float_equal(d->qfrc_gravcomp[i], d->qfrc_bias[i], 1e-12);
    assert_float_equal(d->qacc_smooth[i], 0, 1e-10);
  }

  // routed to the actuators: same total, but in qfrc_actuator
  m->jnt_actgravcomp[0] = 1;
  mj_forward(m, d);
  assert_float_equal(d->qfrc_passive[0], 0, 0);
  assert_float_equal(d->qfrc_actuator[0], d->qfrc_gravcomp[0], 1e-15);
  assert_float_equal(d->qacc_smooth[0], 0, 1e-10);
  // and then subject to the joint's actuator force limit
  m->jnt_actfrclimited[0] = 1;
  m->jnt_actfrcrange[0] = -0.1;
  m->jnt_actfrcrange[1] = 0.1;
  mj_forward(m, d);
  assert_float_equal(fabs(d->qfrc_actuator[0]), 0.1, 1e-15);

  // gravity disabled: no compensation either
  m->opt.disableflags = mjDSBL_GRAVITY;
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_float_equal(d->qfrc_gravcomp[i], 0, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static int ncontrol;
static void control(const mjModel* m, mjData* d) {
  ncontrol++;
  d->ctrl[0] = 2;
}

static mjtNum fake_clock;
static mjtNum clock_fn(void) {
  fake_clock += 1;
  return fake_clock;
}

static void test_skip_callbacks_timers(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  perturb(m, d);
  mjcb_control = control;
  mjcb_time = clock_fn;
  ncontrol = 0;
  mj_forward(m, d);
  assert_int_equal(ncontrol, 1);
  assert_float_equal(d->actuator_force[0], 2, 0);
  assert_int_equal(d->timer[mjTIMER_FORWARD].number, 1);
  assert_int_equal(d->timer[mjTIMER_POSITION].number, 1);
  assert_int_equal(d->timer[mjTIMER_VELOCITY].number, 1);
  assert_int_equal(d->timer[mjTIMER_ACTUATION].number, 1);
  assert_int_equal(d->timer[mjTIMER_CONSTRAINT].number, 1);
  assert_true(d->timer[mjTIMER_FORWARD].duration > d->timer[mjTIMER_POSITION].duration);
  assert_true(d->timer[mjTIMER_POSITION].duration >= 1);

  // skipping the position and velocity stages keeps their outputs
  mjtNum xpos = d->xpos[3 * 1 + 2];
  mjtNum bias = d->qfrc_bias[0];
  d->qpos[0] = 1.2;
  d->qvel[0] = 5;
  mj_forwardSkip(m, d, mjSTAGE_VEL, 0);
  assert_float_equal(d->xpos[3 * 1 + 2], xpos, 0);
  assert_float_equal(d->qfrc_bias[0], bias, 0);
  assert_int_equal(d->timer[mjTIMER_POSITION].number, 1);
  assert_int_equal(ncontrol, 2);
  mj_forwardSkip(m, d, mjSTAGE_POS, 0);
  assert_int_equal(d->timer[mjTIMER_VELOCITY].number, 2);
  assert_float_equal(d->xpos[3 * 1 + 2], xpos, 0);

  mj_step(m, d);
  assert_int_equal(d->timer[mjTIMER_STEP].number, 1);
  assert_int_equal(d->timer[mjTIMER_ADVANCE].number, 1);
  mj_resetCallbacks();
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_force_composition),
      cmocka_unit_test(test_gravcomp),
      cmocka_unit_test(test_skip_callbacks_timers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
