// mj_fwdActuation: activation dynamics, gains and biases, clamping, groups and
// callbacks; activation integration through mj_Euler.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

// two slide joints (bodies 1 and 2), nu actuators all on joint 0 unless moved
static mjModel* make_model(int nu, int na) {
  snTestBody b[2] = {
      {.parent = 0, .jnt = mjJNT_SLIDE, .axis = {1, 0, 0}, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 1, .jnt = mjJNT_SLIDE, .axis = {0, 1, 0}, .mass = 1, .inertia = {1, 1, 1}},
  };
  mjModel* m = sn_test_model(b, 2, nu, na);
  for (int i = 0; i < nu; i++) {
    m->actuator_trntype[i] = mjTRN_JOINT;
    m->actuator_trnid[2 * i] = 0;
    m->actuator_trnid[2 * i + 1] = -1;
  }
  m->opt.timestep = 0.01;
  return m;
}

// act after n steps of pure activation dynamics (qacc stays 0: no forward pass)
static void run_activation(const mjModel* m, mjData* d, int n) {
  for (int k = 0; k < n; k++) {
    mj_transmission(m, d);
    mj_fwdActuation(m, d);
    mju_zero(d->qacc, m->nv);
    mj_Euler(m, d);
  }
}

static void test_filters(void** state) {
  (void)state;
  mjModel* m = make_model(3, 3);
  sn_test_actstate(m, 0, mjDYN_FILTER, 0);
  sn_test_actstate(m, 1, mjDYN_FILTEREXACT, 1);
  sn_test_actstate(m, 2, mjDYN_INTEGRATOR, 2);
  m->actuator_dynprm[0] = 0.05;
  m->actuator_dynprm[mjNDYN] = 0.05;
  m->actuator_actlimited[2] = 1;
  m->actuator_actrange[4] = -1;
  m->actuator_actrange[5] = 0.3;
  mjData* d = mj_makeData(m);
  d->ctrl[0] = d->ctrl[1] = 1;
  d->ctrl[2] = 5;

  mj_transmission(m, d);
  mj_fwdActuation(m, d);
  assert_float_equal(d->act_dot[0], 1 / 0.05, 1e-12);
  assert_float_equal(d->act_dot[1], 1 / 0.05, 1e-12);
  assert_float_equal(d->act_dot[2], 5, 0);

  int n = 7;
  run_activation(m, d, n);
  // Euler-integrated filter vs the exact solution of the same ODE
  assert_float_equal(d->act[0], 1 - pow(1 - 0.01 / 0.05, n), 1e-12);
  assert_float_equal(d->act[1], 1 - exp(-n * 0.01 / 0.05), 1e-12);
  // integrator: clamped to actrange
  assert_float_equal(d->act[2], 0.3, 0);
  assert_float_equal(d->time, n * 0.01, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_gain_bias_clamp(void** state) {
  (void)state;
  mjModel* m = make_model(4, 0);
  // 0: fixed gain 3, ctrl clamped to [-1, 1]
  m->actuator_gainprm[0] = 3;
  m->actuator_ctrllimited[0] = 1;
  m->actuator_ctrlrange[0] = -1;
  m->actuator_ctrlrange[1] = 1;
  // 1: affine gain and bias (position/velocity servo), gear 2
  m->actuator_gear[6] = 2;
  m->actuator_gaintype[1] = mjGAIN_AFFINE;
  m->actuator_biastype[1] = mjBIAS_AFFINE;
  mjtNum* g = m->actuator_gainprm + mjNGAIN;
  mjtNum* bprm = m->actuator_biasprm + mjNBIAS;
  g[0] = 1; g[1] = 0.5; g[2] = 0.25;
  bprm[0] = 0.1; bprm[1] = -4; bprm[2] = -2;
  // 2: force limited
  m->actuator_forcelimited[2] = 1;
  m->actuator_forcerange[4] = -0.5;
  m->actuator_forcerange[5] = 0.5;
  // 3: on joint 1, group 3
  m->actuator_trnid[6] = 1;
  m->actuator_group[3] = 3;
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.3;
  d->qvel[0] = -0.7;
  d->ctrl[0] = 5;
  d->ctrl[1] = 0.6;
  d->ctrl[2] = -2;
  d->ctrl[3] = 1.5;
  mj_transmission(m, d);
  for (int i = 0; i < m->nu; i++) {
    d->actuator_velocity[i] = m->actuator_gear[6 * i] * d->qvel[m->actuator_trnid[2 * i]];
  }
  mj_fwdActuation(m, d);

  mjtNum len = 0.6, vel = -1.4;
  mjtNum f1 = (1 + 0.5 * len + 0.25 * vel) * 0.6 + (0.1 - 4 * len - 2 * vel);
  assert_float_equal(d->actuator_force[0], 3, 0);
  assert_float_equal(d->actuator_force[1], f1, 1e-14);
  assert_float_equal(d->actuator_force[2], -0.5, 0);
  assert_float_equal(d->actuator_force[3], 1.5, 0);
  assert_float_equal(d->qfrc_actuator[0], 3 + 2 * f1 - 0.5, 1e-14);
  assert_float_equal(d->qfrc_actuator[1], 1.5, 0);

  // control clamping off
  m->opt.disableflags = mjDSBL_CLAMPCTRL;
  mj_fwdActuation(m, d);
  assert_float_equal(d->actuator_force[0], 15, 0);
  m->opt.disableflags = 0;

  // group 3 switched off: no force, moment unchanged
  m->opt.disableactuator = 1 << 3;
  mj_fwdActuation(m, d);
  assert_float_equal(d->actuator_force[3], 0, 0);
  assert_float_equal(d->qfrc_actuator[1], 0, 0);
  m->opt.disableactuator = 0;

  // joint-level clamp of the summed actuator force
  m->jnt_actfrclimited[0] = 1;
  m->jnt_actfrcrange[0] = -1;
  m->jnt_actfrcrange[1] = 1;
  mj_fwdActuation(m, d);
  assert_float_equal(d->qfrc_actuator[0], 1, 0);
  assert_float_equal(d->actuator_force[0], 3, 0);

  // actuation disabled: nothing at all
  m->opt.disableflags = mjDSBL_ACTUATION;
  mj_fwdActuation(m, d);
  for (int i = 0; i < m->nu; i++) {
    assert_float_equal(d->actuator_force[i], 0, 0);
  }
  assert_float_equal(d->qfrc_actuator[1], 0, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static int nwarn;
static void on_warning(const char* msg) {
  (void)msg;
  nwarn++;
}

static void test_bad_ctrl(void** state) {
  (void)state;
  mjModel* m = make_model(2, 0);
  mjData* d = mj_makeData(m);
  mju_user_warning = on_warning;
  nwarn = 0;
  d->ctrl[0] = 1;
  d->ctrl[1] = NAN;
  mj_transmission(m, d);
  mj_fwdActuation(m, d);
  // every control is treated as zero; d->ctrl itself is kept
  assert_float_equal(d->actuator_force[0], 0, 0);
  assert_float_equal(d->ctrl[0], 1, 0);
  assert_int_equal(d->warning[mjWARN_BADCTRL].number, 1);
  assert_int_equal(d->warning[mjWARN_BADCTRL].lastinfo, 1);
  assert_int_equal(nwarn, 1);

  // a huge control clamped into its range is fine
  m->actuator_ctrllimited[1] = 1;
  m->actuator_ctrlrange[3] = 1;
  d->ctrl[1] = 1e12;
  mj_fwdActuation(m, d);
  assert_float_equal(d->actuator_force[1], 1, 0);
  assert_int_equal(d->warning[mjWARN_BADCTRL].number, 1);
  mju_user_warning = NULL;
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_actearly(void** state) {
  (void)state;
  mjModel* m = make_model(2, 2);
  for (int i = 0; i < 2; i++) {
    sn_test_actstate(m, i, mjDYN_FILTER, i);
    m->actuator_dynprm[i * mjNDYN] = 0.1;
    m->actuator_gainprm[i * mjNGAIN] = 2;
  }
  m->actuator_actearly[1] = 1;
  mjData* d = mj_makeData(m);
  d->act[0] = d->act[1] = 0.2;
  d->ctrl[0] = d->ctrl[1] = 1;
  mj_transmission(m, d);
  mj_fwdActuation(m, d);
  assert_float_equal(d->actuator_force[0], 2 * 0.2, 1e-15);
  // next activation: 0.2 + h*(1 - 0.2)/0.1
  assert_float_equal(d->actuator_force[1], 2 * (0.2 + 0.01 * 8), 1e-14);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static mjtNum user_dyn(const mjModel* m, const mjData* d, int id) {
  return 10 * d->ctrl[id];
}
static mjtNum user_gain(const mjModel* m, const mjData* d, int id) {
  return 4;
}
static mjtNum user_bias(const mjModel* m, const mjData* d, int id) {
  return -d->actuator_length[id];
}

static void test_user_callbacks(void** state) {
  (void)state;
  mjModel* m = make_model(1, 1);
  sn_test_actstate(m, 0, mjDYN_USER, 0);
  m->actuator_gaintype[0] = mjGAIN_USER;
  m->actuator_biastype[0] = mjBIAS_USER;
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.5;
  d->act[0] = 0.25;
  d->ctrl[0] = 0.3;
  mj_transmission(m, d);
  // without callbacks: no dynamics, unit gain, zero bias
  mj_fwdActuation(m, d);
  assert_float_equal(d->act_dot[0], 0, 0);
  assert_float_equal(d->actuator_force[0], 0.25, 0);
  mjcb_act_dyn = user_dyn;
  mjcb_act_gain = user_gain;
  mjcb_act_bias = user_bias;
  mj_fwdActuation(m, d);
  assert_float_equal(d->act_dot[0], 3, 1e-15);
  assert_float_equal(d->actuator_force[0], 4 * 0.25 - 0.5, 1e-15);
  mj_resetCallbacks();
  mj_deleteData(d);
  mj_deleteModel(m);
}

// second-order user dynamics: act = (cos, sin) of a phase advancing at 2*pi*ctrl
static mjtNum oscillator(const mjModel* m, const mjData* d, int id) {
  int adr = m->actuator_actadr[id];
  mjtNum w = 2 * mjPI * d->ctrl[id];
  mjtNum* act_dot = (mjtNum*)d->act_dot + adr;  // the callback owns all its derivatives
  act_dot[0] = -d->act[adr + 1] * w;
  act_dot[1] = d->act[adr] * w;
  return 1e6;  // ignored when actdim > 1
}

static mjtNum gain_from_length(const mjModel* m, const mjData* d, int id) {
  (void)m;
  return 1 + d->actuator_length[id];
}

static mjtNum bias_from_velocity(const mjModel* m, const mjData* d, int id) {
  (void)m;
  return -0.5 * d->actuator_velocity[id];
}

// User types loaded from MJCF: actdim 2 user dynamics (the force uses the last
// activation) stepped against the analytic oscillation, and user gain and bias on
// a site transmission (the callbacks see length and velocity).
static void test_user_callbacks_xml(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><option timestep='1e-4'/><worldbody>"
      "<body><geom size='1'/><joint name='h'/><site name='s' pos='1 0 0'/></body>"
      "</worldbody><actuator>"
      "<general joint='h' dyntype='user' actdim='2'/>"
      "<general site='s' gear='0 0 1 0 0 0' gaintype='user' biastype='user'/>"
      "</actuator></mujoco>");
  assert_int_equal(m->na, 2);
  assert_int_equal(m->actuator_actnum[0], 2);
  assert_int_equal(m->actuator_actadr[1], -1);
  mjData* d = mj_makeData(m);
  mjcb_act_dyn = oscillator;
  mjcb_act_gain = gain_from_length;
  mjcb_act_bias = bias_from_velocity;
  mjtNum freq = 1.5;
  d->ctrl[0] = freq;
  d->ctrl[1] = 2;
  d->act[0] = 1;
  int n = 0;
  for (; n < 5000; n++) {
    mj_step(m, d);
  }
  // explicit Euler multiplies (act0 + i act1) by 1 + i w h each step: radius
  // sqrt(1 + (wh)^2) and angle atan(wh) per step
  mjtNum wh = 2 * mjPI * freq * m->opt.timestep;
  mjtNum radius = pow(1 + wh * wh, 0.5 * n), angle = n * atan(wh);
  assert_near(d->act[0], radius * cos(angle), 1e-10);
  assert_near(d->act[1], radius * sin(angle), 1e-10);
  mj_forward(m, d);
  assert_near(d->act_dot[0], -2 * mjPI * freq * d->act[1], 1e-12);
  assert_near(d->act_dot[1], 2 * mjPI * freq * d->act[0], 1e-12);
  assert_near(d->actuator_force[0], d->act[1], 1e-15);
  assert_near(d->actuator_length[1], 0, 0);
  assert_near(d->actuator_force[1], 2 * 1 - 0.5 * d->actuator_velocity[1], 1e-12);
  mj_resetCallbacks();
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_filters),
      cmocka_unit_test(test_gain_bias_clamp),
      cmocka_unit_test(test_bad_ctrl),
      cmocka_unit_test(test_actearly),
      cmocka_unit_test(test_user_callbacks),
      cmocka_unit_test(test_user_callbacks_xml),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
