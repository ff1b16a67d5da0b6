// mjData allocation, reset, copy and the arena stack.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "model/model.h"

// A model with a free body and a mocap body: enough structure for data tests.
static mjModel* make_model(void) {
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  mj_defaultOption(&sizes.opt);
  mj_defaultVisual(&sizes.vis);
  sizes.nbody = 3;
  sizes.njnt = 1;
  sizes.nq = 7;
  sizes.nv = 6;
  sizes.nmocap = 1;
  sizes.nkey = 1;
  sizes.nu = 1;
  sizes.narena = 1 << 16;
  mjModel* m = sn_model_alloc(&sizes);
  assert_non_null(m);
  for (int i = 0; i < m->nbody; i++) {
    m->body_mocapid[i] = -1;
    m->body_quat[4 * i] = 1;
  }
  m->body_mocapid[2] = 0;
  m->body_pos[6] = 1.5;
  m->qpos0[2] = 0.25;
  m->qpos0[3] = 1;
  m->key_qpos[0] = 3;
  m->key_time[0] = 7;
  m->key_ctrl[0] = 0.5;
  m->key_mquat[0] = 1;
  return m;
}

static void test_make_reset(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  assert_int_equal(d->signature, m->signature);
  assert_float_equal(d->qpos[2], 0.25, 0);
  assert_float_equal(d->qpos[3], 1, 0);
  // mocap bodies start at their model pose
  assert_float_equal(d->mocap_pos[0], 1.5, 0);
  assert_float_equal(d->mocap_quat[0], 1, 0);

  d->qpos[2] = 9;
  d->qvel[0] = 4;
  d->time = 3;
  mj_resetData(m, d);
  assert_float_equal(d->qpos[2], 0.25, 0);
  assert_float_equal(d->qvel[0], 0, 0);
  assert_float_equal(d->time, 0, 0);

  mj_resetDataKeyframe(m, d, 0);
  assert_float_equal(d->qpos[0], 3, 0);
  assert_float_equal(d->time, 7, 0);
  assert_float_equal(d->ctrl[0], 0.5, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_copy(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  d->qpos[1] = 2;
  d->xpos[5] = 6;
  d->time = 1.25;
  mjData* c = mj_copyData(NULL, m, d);
  assert_ptr_not_equal(c->qpos, d->qpos);
  assert_float_equal(c->qpos[1], 2, 0);
  assert_float_equal(c->xpos[5], 6, 0);
  assert_float_equal(c->time, 1.25, 0);
  // pointers of the copy must point into its own buffer
  assert_true((char*)c->qvel >= (char*)c->buffer &&
              (char*)c->qvel < (char*)c->buffer + c->nbuffer);
  mj_deleteData(c);

  mjModel* m2 = mj_copyModel(NULL, m);
  assert_float_equal(m2->qpos0[2], 0.25, 0);
  assert_ptr_not_equal(m2->qpos0, m->qpos0);
  assert_int_equal(m2->signature, m->signature);
  mj_deleteModel(m2);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_stack(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  assert_int_equal(d->pstack, 0);
  mj_markStack(d);
  mjtNum* a = mj_stackAllocNum(d, 10);
  int* b = mj_stackAllocInt(d, 3);
  assert_int_equal((uintptr_t)a % sizeof(mjtNum), 0);
  assert_int_equal((uintptr_t)b % sizeof(int), 0);
  // allocations do not overlap
  assert_true((char*)(b + 3) <= (char*)a || (char*)(a + 10) <= (char*)b);
  mj_markStack(d);
  void* c = mj_stackAllocByte(d, 100, 64);
  assert_int_equal((uintptr_t)c % 64, 0);
  size_t inner = d->pstack;
  mj_freeStack(d);
  assert_true(d->pstack < inner);
  mj_freeStack(d);
  assert_int_equal(d->pstack, 0);
  assert_int_equal(d->pbase, 0);
  assert_true(d->maxuse_stack >= 100);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static char last_error[1000];
static jmp_buf error_jump;
static void catch_error(const char* msg) {
  strncpy(last_error, msg, sizeof(last_error) - 1);
  longjmp(error_jump, 1);
}

static void test_stack_overflow_is_an_error(void** state) {
  (void)state;
  mjModel* m = make_model();
  mjData* d = mj_makeData(m);
  mju_user_error = catch_error;
  last_error[0] = 0;
  if (!setjmp(error_jump)) {
    mj_markStack(d);
    mj_stackAllocNum(d, 1 << 20);
    fail_msg("overflow was not reported");
  }
  mju_user_error = NULL;
  assert_non_null(strstr(last_error, "stack overflow"));
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_make_reset),
      cmocka_unit_test(test_copy),
      cmocka_unit_test(test_stack),
      cmocka_unit_test(test_stack_overflow_is_an_error),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
