// mj_checkPos / mj_checkVel / mj_checkAcc: warnings and automatic reset.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static int nwarn;
static void on_warning(const char* msg) {
  (void)msg;
  nwarn++;
}

static mjModel* make_model(void) {
  snTestBody b[1] = {{.parent = 0, .jnt = mjJNT_SLIDE, .axis = {1, 0, 0}, .mass = 1,
                      .inertia = {1, 1, 1}}};
  mjModel* m = sn_test_model(b, 1, 0, 0);
  m->qpos0[0] = 0.5;
  return m;
}

static void test_checkpos_reset(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  mju_user_warning = on_warning;
  nwarn = 0;

  // finite values, even large ones within mjMAXVAL, are fine
  d->qpos[0] = 1e9;
  mj_checkPos(m, d);
  assert_int_equal(d->warning[mjWARN_BADQPOS].number, 0);
  assert_float_equal(d->qpos[0], 1e9, 0);

  d->qpos[0] = NAN;
  d->qvel[0] = 3;
  d->time = 2;
  mj_checkPos(m, d);
  // reset to qpos0, counted once, detail is the index
  assert_float_equal(d->qpos[0], 0.5, 0);
  assert_float_equal(d->qvel[0], 0, 0);
  assert_float_equal(d->time, 0, 0);
  assert_int_equal(d->warning[mjWARN_BADQPOS].number, 1);
  assert_int_equal(d->warning[mjWARN_BADQPOS].lastinfo, 0);
  assert_int_equal(nwarn, 1);

  mju_user_warning = NULL;
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_checkpos_noreset(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  mju_user_warning = on_warning;
  m->opt.disableflags |= mjDSBL_AUTORESET;
  d->qpos[0] = -2e10;
  d->qvel[0] = 3;
  mj_checkPos(m, d);
  // no reset: the state is left alone and the warning is counted twice, as in MuJoCo
  assert_float_equal(d->qpos[0], -2e10, 0);
  assert_float_equal(d->qvel[0], 3, 0);
  assert_int_equal(d->warning[mjWARN_BADQPOS].number, 2);
  mju_user_warning = NULL;
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_checkvel(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  mju_user_warning = on_warning;
  d->qpos[0] = 0.25;
  d->qvel[0] = INFINITY;
  mj_checkVel(m, d);
  assert_float_equal(d->qvel[0], 0, 0);
  assert_float_equal(d->qpos[0], 0.5, 0);
  assert_int_equal(d->warning[mjWARN_BADQVEL].number, 1);
  mj_checkVel(m, d);
  assert_int_equal(d->warning[mjWARN_BADQVEL].number, 1);
  mju_user_warning = NULL;
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_checkacc_noreset(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  mju_user_warning = on_warning;
  m->opt.disableflags |= mjDSBL_AUTORESET;
  d->qacc[0] = NAN;
  mj_checkAcc(m, d);
  // without a reset nothing is recomputed
  assert_true(isnan(d->qacc[0]));
  assert_int_equal(d->warning[mjWARN_BADQACC].number, 2);
  mju_user_warning = NULL;
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_checkpos_reset),
      cmocka_unit_test(test_checkpos_noreset),
      cmocka_unit_test(test_checkvel),
      cmocka_unit_test(test_checkacc_noreset),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
