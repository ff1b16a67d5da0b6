// mj_sensorPos/Vel/Acc: user sensors through mjcb_sensor (called once per stage that
// has user sensors, before the cutoffs), cutoff clamping per data type, the sensor
// disable flag, and stages without sensors leaving sensordata alone.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static const char* kUserXml =
    "<mujoco><worldbody><body><joint name='j' type='slide' axis='1 0 0'/>"
    "<geom size='.1'/></body></worldbody><sensor>"
    "<user name='u_pos' needstage='pos' dim='2' cutoff='1'/>"
    "<jointpos joint='j' cutoff='0.5'/>"
    "<user name='u_vel' needstage='vel' dim='1' datatype='positive' cutoff='2'/>"
    "<user name='u_acc' dim='3'/>"
    "</sensor></mujoco>";

static int ncalls[4];
static int order_ok;

// Writes recognisable values (some beyond the cutoffs) into the user sensors of the
// stage; checks that the built-in sensors of the stage were computed first.
static void user_sensor(const mjModel* m, mjData* d, int stage) {
  ncalls[stage]++;
  mjtNum* s = d->sensordata;
  if (stage == mjSTAGE_POS) {
    // the jointpos sensor (adr 2) has its value but not yet its cutoff
    order_ok = s[m->sensor_adr[1]] == d->qpos[0];
    s[0] = 3;
    s[1] = -0.25;
  } else if (stage == mjSTAGE_VEL) {
    s[3] = -7;
  } else {
    s[4] = 100;
    s[5] = -100;
    s[6] = 0.5;
  }
}

static void test_user_callback(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kUserXml);
  mjData* d = mj_makeData(m);
  assert_int_equal(m->nsensordata, 7);
  d->qpos[0] = 0.8;
  memset(ncalls, 0, sizeof(ncalls));
  mjcb_sensor = user_sensor;
  mj_forward(m, d);
  mj_resetCallbacks();
  assert_int_equal(ncalls[mjSTAGE_POS], 1);
  assert_int_equal(ncalls[mjSTAGE_VEL], 1);
  assert_int_equal(ncalls[mjSTAGE_ACC], 1);
  assert_true(order_ok);
  // real data clamped both ways, positive data only from above, no cutoff: as written
  assert_float_equal(d->sensordata[0], 1, 0);
  assert_float_equal(d->sensordata[1], -0.25, 0);
  assert_float_equal(d->sensordata[2], 0.5, 0);
  assert_float_equal(d->sensordata[3], -7, 0);
  assert_float_equal(d->sensordata[4], 100, 0);
  assert_float_equal(d->sensordata[5], -100, 0);
  assert_float_equal(d->sensordata[6], 0.5, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_no_callback_for_stage_without_user_sensors(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><joint name='j' type='slide'/><geom size='.1'/></body>"
      "</worldbody><sensor><jointpos joint='j'/><user needstage='vel' dim='1'/></sensor>"
      "</mujoco>");
  mjData* d = mj_makeData(m);
  memset(ncalls, 0, sizeof(ncalls));
  mjcb_sensor = user_sensor;
  mj_sensorPos(m, d);
  mj_sensorAcc(m, d);
  assert_int_equal(ncalls[mjSTAGE_POS] + ncalls[mjSTAGE_ACC], 0);
  mj_sensorVel(m, d);
  assert_int_equal(ncalls[mjSTAGE_VEL], 1);
  mj_resetCallbacks();
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_disabled(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kUserXml);
  m->opt.disableflags |= mjDSBL_SENSOR;
  mjData* d = mj_makeData(m);
  for (int i = 0; i < m->nsensordata; i++) {
    d->sensordata[i] = 42;
  }
  d->qpos[0] = 0.1;
  memset(ncalls, 0, sizeof(ncalls));
  mjcb_sensor = user_sensor;
  mj_forward(m, d);
  mj_resetCallbacks();
  assert_int_equal(ncalls[1] + ncalls[2] + ncalls[3], 0);
  for (int i = 0; i < m->nsensordata; i++) {
    assert_float_equal(d->sensordata[i], 42, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A cutoff clamps real sensors symmetrically and positive ones from above only; the
// rangefinder's -1 (no hit) stays; the distance sensor's cutoff bounds its search.
static void test_cutoff(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody>"
      "<body name='a' pos='0 0 1'><joint name='j' type='slide' axis='0 0 1'/>"
      "<geom name='ga' size='.1'/><site name='s' euler='180 0 0'/>"
      "<site name='up'/></body>"
      "<geom name='floor' type='plane' size='1 1 .1'/></worldbody><sensor>"
      "<jointpos joint='j' cutoff='0.3'/>"
      "<framepos objtype='xbody' objname='a' cutoff='0.6'/>"
      "<rangefinder site='s' cutoff='0.5'/>"
      "<rangefinder site='up' cutoff='0.5'/>"
      "<distance geom1='ga' geom2='floor' cutoff='0.4'/>"
      "<distance geom1='ga' geom2='floor' cutoff='2'/>"
      "</sensor></mujoco>");
  mjData* d = mj_makeData(m);
  d->qpos[0] = -0.4;
  mj_forward(m, d);
  const mjtNum* s = d->sensordata;
  assert_float_equal(s[0], -0.3, 0);
  assert_float_equal(s[1], 0, 0);
  assert_float_equal(s[2], 0, 0);
  assert_float_equal(s[3], 0.6, 0);
  assert_float_equal(s[4], 0.5, 0);   // the floor is 0.6 below
  assert_float_equal(s[5], -1, 0);
  assert_float_equal(s[6], 0.4, 0);   // nothing within 0.4: the cutoff itself
  assert_float_equal(s[7], 0.5, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_user_callback),
      cmocka_unit_test(test_no_callback_for_stage_without_user_sensors),
      cmocka_unit_test(test_disabled),
      cmocka_unit_test(test_cutoff),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
