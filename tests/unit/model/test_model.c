// The field table covers every array of mjModel and mjData, and copies are deep.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "model/model.h"

// Every size field set to a small distinct value, so each array gets memory.
static mjModel* make_full_model(void) {
  mjModel sizes;
  memset(&sizes, 0, sizeof(sizes));
  int* first = &sizes.nq;
  int* last = &sizes.npluginstate;
  int k = 2;
  for (int* p = first; p <= last; p++) {
    *p = k++ % 5 + 1;
  }
  mj_defaultOption(&sizes.opt);
  sizes.narena = 4096;
  mjModel* m = sn_model_alloc(&sizes);
  assert_non_null(m);
  return m;
}

static void test_model_table_covers_every_pointer(void** state) {
  (void)state;
  mjModel* m = make_full_model();
  // all pointer fields sit between buffer and signature; none may be left unset
  void** first = (void**)&m->qpos0;
  void** last = (void**)&m->mapD2M;
  for (void** p = first; p <= last; p++) {
    assert_non_null(*p);
    assert_true((char*)*p >= (char*)m->buffer && (char*)*p < (char*)m->buffer + m->nbuffer);
  }
  mj_deleteModel(m);
}

static void test_data_table_covers_every_buffer_pointer(void** state) {
  (void)state;
  mjModel* m = make_full_model();
  mjData* d = mj_makeData(m);
  void** first = (void**)&d->qpos;
  void** last = (void**)&d->cfrc_ext;
  for (void** p = first; p <= last; p++) {
    assert_non_null(*p);
    assert_true((char*)*p >= (char*)d->buffer && (char*)*p < (char*)d->buffer + d->nbuffer);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_keyframe_mocap_shapes(void** state) {
  (void)state;
  mjModel* m = make_full_model();
  // key_mpos is nkey x 3*nmocap: the last entry must not overlap key_mquat
  size_t n = (size_t)m->nkey * 3 * (size_t)m->nmocap;
  assert_true((char*)(m->key_mpos + n) <= (char*)m->key_mquat);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_model_table_covers_every_pointer),
      cmocka_unit_test(test_data_table_covers_every_buffer_pointer),
      cmocka_unit_test(test_keyframe_mocap_shapes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
