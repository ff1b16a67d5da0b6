// <equality> constraints through the loader: eq_data from the qpos0 poses on cases
// whose answer is known in closed form, eq_active from eq_active0 on every reset, names
// (lookup, tuples), and errors that name file, line and column.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "../sn_load.h"

static void expect_error(const char* text, const char* want1, const char* want2) {
  char err[1000] = "";
  mjModel* m = sn_test_try_load(text, err, sizeof(err));
  if (m) {
    mj_deleteModel(m);
    fail_msg("loaded, expected an error containing '%s'", want1);
  }
  if (!strstr(err, want1) || (want2 && !strstr(err, want2))) {
    fail_msg("error '%s' lacks '%s' or '%s'", err, want1, want2 ? want2 : "");
  }
}

// body a at (0 0 1) turned 90 degrees about z, body b at (1 1 1) turned 90 degrees about x
#define TWO_BODIES                                                                  \
  "<worldbody>"                                                                      \
  "<body name=\"a\" pos=\"0 0 1\" euler=\"0 0 90\"><freejoint/><geom size=\"0.1\"/>"  \
  "<site name=\"sa\"/></body>"                                                       \
  "<body name=\"b\" pos=\"1 1 1\" euler=\"90 0 0\"><joint name=\"h\" ref=\"30\"/>"   \
  "<joint name=\"s\" type=\"slide\"/><geom size=\"0.1\"/><site name=\"sb\"/></body>" \
  "</worldbody>"

static void expect_vec(const mjtNum* got, const double* want, int n) {
  for (int i = 0; i < n; i++) {
    assert_float_equal(got[i], want[i], 1e-12);
  }
}

static void test_connect_anchor(void** state) {
  (void)state;
  mjModel* m = sn_test_load("<mujoco>" TWO_BODIES
                       "<equality><connect body1=\"a\" body2=\"b\" anchor=\"1 0 0\"/>"
                       "<connect body1=\"a\" anchor=\"1 0 0\"/>"
                       "<connect site1=\"sa\" site2=\"sb\"/></equality></mujoco>");
  assert_int_equal(m->neq, 3);
  assert_int_equal(m->nemax, 9);
  // the anchor is (0 1 1) in the world: (-1 0 0) from b, which is turned about x
  const double c0[11] = {1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 1};
  expect_vec(m->eq_data, c0, 11);
  assert_int_equal(m->eq_obj2id[1], 0);  // body2 omitted: the world
  const double c1[11] = {1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1};
  expect_vec(m->eq_data + 11, c1, 11);
  const double zero[11] = {0};
  expect_vec(m->eq_data + 22, zero, 11);
  assert_int_equal(m->eq_objtype[2], mjOBJ_SITE);
  mj_deleteModel(m);
}

static void test_weld_relpose(void** state) {
  (void)state;
  mjModel* m = sn_test_load("<mujoco>" TWO_BODIES
                       "<equality><weld body1=\"a\" body2=\"b\" anchor=\"0 0 1\"/>"
                       "<weld body1=\"a\" body2=\"b\" relpose=\"1 2 3 0 0 0 2\" "
                       "torquescale=\"0.5\"/>"
                       "<weld site1=\"sa\" site2=\"sb\" torquescale=\"3\"/>"
                       "<joint joint1=\"s\" joint2=\"h\" polycoef=\"1 2\"/></equality>"
                       "</mujoco>");
  assert_int_equal(m->nemax, 7 + 7 + 7 + 1);
  // anchor (0 0 1) of b is (1 0 1) in the world, i.e. (0 -1 0) in a; b relative to a:
  // -90 degrees about z, then 90 about x
  double h = sqrt(0.5);
  double qrel[4];
  double qa[4] = {h, 0, 0, h}, qb[4] = {h, h, 0, 0}, qac[4];
  mju_negQuat(qac, qa);
  mju_mulQuat(qrel, qac, qb);
  const double w0[11] = {0, 0, 1, 0, -1, 0, qrel[0], qrel[1], qrel[2], qrel[3], 1};
  expect_vec(m->eq_data, w0, 11);
  // a given relpose is kept, its quaternion normalised
  const double w1[11] = {0, 0, 0, 1, 2, 3, 0, 0, 0, 1, 0.5};
  expect_vec(m->eq_data + 11, w1, 11);
  // by sites 3.3.8 keeps the shared default vector, with torquescale
  const double w2[11] = {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 3};
  expect_vec(m->eq_data + 22, w2, 11);
  // joint: polycoef over its default 0 1 0 0 0; 3.3.8 leaves the object type unset
  const double j0[11] = {1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  expect_vec(m->eq_data + 33, j0, 11);
  assert_int_equal(m->eq_objtype[3], mjOBJ_UNKNOWN);
  assert_int_equal(m->eq_obj1id[3], 2);
  assert_int_equal(m->eq_obj2id[3], 1);
  mj_deleteModel(m);
}

static void test_active_reset(void** state) {
  (void)state;
  mjModel* m = sn_test_load("<mujoco><default><equality active=\"false\"/></default>" TWO_BODIES
                       "<equality><weld name=\"w\" body1=\"a\"/>"
                       "<connect name=\"c\" body1=\"b\" anchor=\"0 0 0\" active=\"true\"/>"
                       "</equality><keyframe><key qpos=\"0 0 1 1 0 0 0 0.1 0.2\"/></keyframe>"
                       "<custom><tuple name=\"t\"><element objtype=\"equality\" objname=\"c\"/>"
                       "</tuple></custom></mujoco>");
  assert_int_equal(m->eq_active0[0], 0);
  assert_int_equal(m->eq_active0[1], 1);
  assert_int_equal(mj_name2id(m, mjOBJ_EQUALITY, "c"), 1);
  assert_int_equal(m->tuple_objtype[0], mjOBJ_EQUALITY);
  assert_int_equal(m->tuple_objid[0], 1);
  mjData* d = mj_makeData(m);
  assert_int_equal(d->eq_active[0], 0);
  assert_int_equal(d->eq_active[1], 1);
  d->eq_active[0] = 1;
  d->eq_active[1] = 0;
  mj_resetDataKeyframe(m, d, 0);
  assert_int_equal(d->eq_active[0], 0);
  assert_int_equal(d->eq_active[1], 1);
  d->eq_active[1] = 0;
  mj_resetData(m, d);
  assert_int_equal(d->eq_active[1], 1);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_errors(void** state) {
  (void)state;
  expect_error("<mujoco>" TWO_BODIES "<equality>\n<weld body1=\"a\" body2=\"nob\"/>"
               "</equality></mujoco>",
               "m.xml:2:1: element 'weld': attribute 'body2':",
               "unknown element 'nob' in equality constraint 0");
  expect_error("<mujoco>" TWO_BODIES "<equality>\n<connect site1=\"sa\" site2=\"sb\" "
               "anchor=\"0 0 0\"/></equality></mujoco>",
               "m.xml:2:1: element 'connect'", "body and site semantics cannot be mixed");
  expect_error("<mujoco>" TWO_BODIES "<equality>\n<joint joint1=\"h\" joint2=\"h\"/>"
               "</equality></mujoco>",
               "m.xml:2:1", "element 'h' is repeated in equality constraint 0");
  expect_error("<mujoco><worldbody><body name=\"a\"><joint type=\"ball\" name=\"j\"/>"
               "<geom size=\"1\"/></body></worldbody><equality><joint joint1=\"j\"/>"
               "</equality></mujoco>",
               "attribute 'joint1'", "only hinge and slide joints");
  expect_error("<mujoco>" TWO_BODIES "<equality><weld body1=\"a\" relpose=\"1 2 3\"/>"
               "</equality></mujoco>",
               "relpose", NULL);
  expect_error("<mujoco><worldbody/><equality><flex flex=\"f\"/></equality></mujoco>",
               "not yet supported: equality/flex", NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_connect_anchor),
    cmocka_unit_test(test_weld_relpose),
    cmocka_unit_test(test_active_reset),
    cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, 0, 0);
}
