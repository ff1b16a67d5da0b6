// End to end: a pendulum spec, names and their hash map, autolimits, actuators,
// textures, keyframes and error reporting (every error path must free everything).
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "compiler_test_util.h"

// pole on a hinge with a capsule from fromto and a motor (the first slice)
static sn_spec* pendulum(void) {
  sn_spec* s = sn_spec_create();
  sn_body* b = tu_body(s, 0, 0, 0, 1);
  b->name = "pole";
  sn_joint* j = tu_joint(s, 1, mjJNT_HINGE);
  j->name = "hinge";
  j->axis[1] = 1;
  j->axis[2] = 0;
  j->damping = 0.1;
  sn_geom* g = tu_geom(s, 1, mjGEOM_CAPSULE, 0.05, 0, 0);
  g->name = "rod";
  g->has_fromto = 1;
  g->fromto[5] = -0.5;
  sn_actuator* a = (sn_actuator*)sn_spec_append(s, &s->actuators, sizeof(sn_actuator));
  sn_actuator_default(a);
  a->name = "m";
  a->trntype = mjTRN_JOINT;
  a->target = "hinge";
  a->gear[0] = 2;
  return s;
}

// Values compiled by MuJoCo 3.3.8 for the same model.
static void test_pendulum_matches_oracle(void** state) {
  (void)state;
  sn_spec* s = pendulum();
  mjModel* m = tu_compile(s);
  assert_int_equal(m->nq, 1);
  assert_int_equal(m->nbody, 2);
  assert_int_equal(m->nbvh, 1);
  assert_int_equal(m->nM, 1);
  assert_int_equal(m->narena, 13631488);
  assert_int_equal(m->nnames, 36);
  assert_int_equal(m->nnames_map, 10);
  int map[10] = {1, -1, -1, 0, 0, -1, 0, -1, 0, -1};
  for (int i = 0; i < 10; i++) {
    assert_int_equal(m->names_map[i], map[i]);
  }
  assert_int_equal(mj_name2id(m, mjOBJ_GEOM, "rod"), 0);
  assert_true(fabs(m->body_mass[1] - 4.4505895925855405) < 1e-12);
  assert_true(fabs(m->body_inertia[5] - 0.005432337296832351) < 1e-15);
  assert_true(fabs(m->body_ipos[5] + 0.25) < 1e-15);
  assert_int_equal(m->body_sameframe[1], mjSAMEFRAME_BODYROT);
  assert_int_equal(m->geom_sameframe[0], mjSAMEFRAME_BODYROT);
  assert_true(fabs(m->geom_aabb[5] - 0.3) < 1e-15);
  assert_int_equal(m->body_treeid[1], 0);
  assert_int_equal(m->ntree, 1);
  assert_int_equal(m->actuator_trnid[0], 0);
  assert_true(m->actuator_gear[0] == 2);
  assert_int_equal(m->nJmom, 1);
  assert_true(fabs(m->stat.meanmass - 4.4505895925855405) < 1e-12);
  assert_true(fabs(m->stat.extent - 0.6) < 1e-12);
  assert_true(fabs(m->stat.center[2] - 0.75) < 1e-12);
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_autolimits(void** state) {
  (void)state;
  sn_spec* s = pendulum();
  sn_joint* j = &SN_AT(s, joints, sn_joint, 0);
  j->range[0] = -90;
  j->range[1] = 90;
  mjModel* m = tu_compile(s);
  assert_int_equal(m->jnt_limited[0], 1);
  assert_true(fabs(m->jnt_range[1] - mjPI / 2) < 1e-15);  // degrees to radians
  mj_deleteModel(m);

  j->limited = SN_FALSE;  // unlimited ranges are stored as written
  m = tu_compile(s);
  assert_int_equal(m->jnt_limited[0], 0);
  assert_true(m->jnt_range[1] == 90);
  mj_deleteModel(m);

  j->limited = SN_AUTO;
  s->compiler.autolimits = 0;
  char err[300] = "";
  assert_null(sn_compile(s, NULL, err, sizeof(err)));
  assert_non_null(strstr(err, "range"));
  sn_spec_free(s);
}

static void test_ctrlrange_and_activations(void** state) {
  (void)state;
  sn_spec* s = pendulum();
  sn_actuator* a = &SN_AT(s, actuators, sn_actuator, 0);
  a->ctrlrange[0] = -1;
  a->ctrlrange[1] = 1;
  a->dyntype = mjDYN_INTEGRATOR;
  mjModel* m = tu_compile(s);
  assert_int_equal(m->actuator_ctrllimited[0], 1);
  assert_int_equal(m->na, 1);
  assert_int_equal(m->actuator_actadr[0], 0);
  assert_int_equal(m->actuator_actnum[0], 1);
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_error_names_location(void** state) {
  (void)state;
  sn_spec* s = pendulum();
  sn_geom* g = &SN_AT(s, geoms, sn_geom, 0);
  g->loc.file = "model.xml";
  g->loc.line = 7;
  g->loc.column = 9;
  g->loc.element = "geom";
  g->has_fromto = 0;
  g->size[1] = 0;  // capsule without length
  char err[300] = "";
  assert_null(sn_compile(s, NULL, err, sizeof(err)));
  assert_non_null(strstr(err, "model.xml:7:9: element 'geom':"));
  sn_spec_free(s);

  s = pendulum();
  SN_AT(s, actuators, sn_actuator, 0).target = "nope";
  assert_null(sn_compile(s, NULL, err, sizeof(err)));
  assert_non_null(strstr(err, "nope"));
  sn_spec_free(s);
}

static void test_checker_texture(void** state) {
  (void)state;
  sn_spec* s = pendulum();
  sn_texture* t = (sn_texture*)sn_spec_append(s, &s->textures, sizeof(sn_texture));
  sn_texture_default(t);
  t->name = "grid";
  t->type = mjTEXTURE_2D;
  t->builtin = mjBUILTIN_CHECKER;
  t->width = 4;
  t->height = 6;
  for (int k = 0; k < 3; k++) {
    t->rgb1[k] = 0;
    t->rgb2[k] = 1;
  }
  mjModel* m = tu_compile(s);
  assert_int_equal(m->ntexdata, 72);
  // 2 x 2 checker: top-left rgb1, top-right rgb2, bottom-left rgb2 (3.3.8's bytes)
  assert_int_equal(m->tex_data[0], 0);
  assert_int_equal(m->tex_data[3 * 3], 255);
  assert_int_equal(m->tex_data[3 * (5 * 4)], 255);
  assert_int_equal(m->tex_data[3 * (5 * 4 + 3)], 0);
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_keyframe_defaults_and_lengths(void** state) {
  (void)state;
  sn_spec* s = pendulum();
  SN_AT(s, joints, sn_joint, 0).ref = 30;
  sn_key* k = (sn_key*)sn_spec_append(s, &s->keys, sizeof(sn_key));
  k->name = "k";
  mjModel* m = tu_compile(s);
  assert_true(fabs(m->key_qpos[0] - mjPI / 6) < 1e-15);  // qpos0 by default
  mj_deleteModel(m);
  double two[2] = {1, 2};
  k = &SN_AT(s, keys, sn_key, 0);
  k->qpos.data = two;
  k->qpos.n = 2;
  char err[300] = "";
  assert_null(sn_compile(s, NULL, err, sizeof(err)));
  assert_non_null(strstr(err, "qpos"));
  k->qpos.n = 0;
  sn_spec_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pendulum_matches_oracle),
      cmocka_unit_test(test_autolimits),
      cmocka_unit_test(test_ctrlrange_and_activations),
      cmocka_unit_test(test_error_names_location),
      cmocka_unit_test(test_checker_texture),
      cmocka_unit_test(test_keyframe_defaults_and_lengths),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
