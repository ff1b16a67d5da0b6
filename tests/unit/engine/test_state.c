// mj_stateSize / mj_getState / mj_setState / mj_setKeyframe.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static mjModel* make_model(void) {
  snTestBody b[2] = {
      {.parent = 0, .jnt = mjJNT_FREE, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 1, .jnt = mjJNT_HINGE, .axis = {0, 1, 0}, .mass = 1, .inertia = {1, 1, 1}},
  };
  return sn_test_model(b, 2, 2, 1);
}

static void test_sizes(void** state) {
  (void)state;
  mjModel* m = make_model();
  assert_int_equal(mj_stateSize(m, mjSTATE_TIME), 1);
  assert_int_equal(mj_stateSize(m, mjSTATE_QPOS), m->nq);
  assert_int_equal(mj_stateSize(m, mjSTATE_PHYSICS), m->nq + m->nv + m->na);
  assert_int_equal(mj_stateSize(m, mjSTATE_FULLPHYSICS), 1 + m->nq + m->nv + m->na);
  int all = m->nq + 3 * m->nv + m->na + m->nu + 6 * m->nbody + m->neq + 7 * m->nmocap +
            m->nuserdata + m->npluginstate + 1;
  assert_int_equal(mj_stateSize(m, mjSTATE_INTEGRATION), all);
  assert_int_equal(mj_stateSize(m, 0), 0);
  mj_deleteModel(m);
}

// Fill every state component with distinct numbers.
static void scramble(const mjModel* m, mjData* d, mjtNum base) {
  d->time = base;
  for (int i = 0; i < m->nq; i++) d->qpos[i] = base + 1 + i;
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = base + 20 + i;
    d->qacc_warmstart[i] = base + 40 + i;
    d->qfrc_applied[i] = base + 60 + i;
  }
  for (int i = 0; i < m->na; i++) d->act[i] = base + 80 + i;
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = base + 90 + i;
  for (int i = 0; i < 6 * m->nbody; i++) d->xfrc_applied[i] = base + 100 + i;
}

static void test_roundtrip(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  int sig = mjSTATE_INTEGRATION;
  int n = mj_stateSize(m, sig);
  mjtNum* s1 = calloc((size_t)n, sizeof(mjtNum));
  mjtNum* s2 = calloc((size_t)n, sizeof(mjtNum));

  scramble(m, d, 1000);
  mj_getState(m, d, s1, sig);
  // concatenated in bit order: time first, then qpos
  assert_float_equal(s1[0], 1000, 0);
  assert_float_equal(s1[1], 1001, 0);
  assert_float_equal(s1[1 + m->nq], 1020, 0);

  scramble(m, d, -5);
  mj_setState(m, d, s1, sig);
  mj_getState(m, d, s2, sig);
  assert_memory_equal(s1, s2, sizeof(mjtNum) * (size_t)n);
  assert_float_equal(d->qacc_warmstart[2], 1042, 0);

  // a partial signature touches only its components
  scramble(m, d, -5);
  mjtNum part[64];
  int sigp = mjSTATE_QVEL | mjSTATE_CTRL;
  mj_getState(m, d, part, sigp);
  assert_int_equal(mj_stateSize(m, sigp), m->nv + m->nu);
  assert_float_equal(part[0], 15, 0);
  assert_float_equal(part[m->nv], 85, 0);
  part[0] = 7;
  mj_setState(m, d, part, sigp);
  assert_float_equal(d->qvel[0], 7, 0);
  assert_float_equal(d->qpos[0], -4, 0);

  free(s1);
  free(s2);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_keyframe(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  scramble(m, d, 10);
  mj_setKeyframe(m, d, 0);
  assert_float_equal(m->key_time[0], 10, 0);
  mjData* d2 = mj_makeData(m);
  mj_resetDataKeyframe(m, d2, 0);
  assert_memory_equal(d2->qpos, d->qpos, sizeof(mjtNum) * (size_t)m->nq);
  assert_memory_equal(d2->qvel, d->qvel, sizeof(mjtNum) * (size_t)m->nv);
  assert_memory_equal(d2->act, d->act, sizeof(mjtNum) * (size_t)m->na);
  assert_memory_equal(d2->ctrl, d->ctrl, sizeof(mjtNum) * (size_t)m->nu);
  assert_float_equal(d2->time, 10, 0);
  mj_deleteData(d2);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static char last_error[256];
static jmp_buf error_jump;
static void on_error(const char* msg) {
  strncpy(last_error, msg, sizeof(last_error) - 1);
  longjmp(error_jump, 1);
}

static void test_bad_signature(void** state) {
  (void)state;
  mjModel* m = make_model();
  mju_user_error = on_error;
  last_error[0] = 0;
  if (!setjmp(error_jump)) {
    mj_stateSize(m, 1 << mjNSTATE);
  }
  assert_non_null(strstr(last_error, "invalid state signature"));
  last_error[0] = 0;
  if (!setjmp(error_jump)) {
    mj_setKeyframe(m, NULL, 3);
  }
  assert_non_null(strstr(last_error, "mj_setKeyframe"));
  mju_user_error = NULL;
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sizes),
      cmocka_unit_test(test_roundtrip),
      cmocka_unit_test(test_keyframe),
      cmocka_unit_test(test_bad_signature),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
