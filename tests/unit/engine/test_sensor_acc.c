// Acceleration-stage sensors: mj_rnePostConstraint runs only when a sensor needs it
// (accelerometer, force, torque, frame accelerations, acc-stage user sensors, which
// can then read cacc in mjcb_sensor), not for touch or actuator sensors; analytic
// readings of a box held 1 mm into the floor (touch = the contacts' total normal
// force, accelerometer = -gravity, force sensor of a welded child = its weight); the
// contact sensor's found counts and empty slots; a tactile sensor touching a height field
// stops with 3.3.8's error, and a point in a box reads 3.3.8's box depth.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

// A 1 kg box (with a 0.5 kg box welded on top) pressed 1 mm into the floor on a slide.
static mjModel* box_model(const char* sensors) {
  char xml[2048];
  snprintf(xml, sizeof(xml),
           "<mujoco><worldbody><geom type='plane' size='1 1 .1'/>"
           "<body pos='0 0 .099'><joint name='x' type='slide' axis='1 0 0'/>"
           "<geom type='box' size='.1 .1 .1' mass='1'/><site name='s' size='.2'/>"
           "<body pos='0 0 .15'><geom type='box' size='.05 .05 .05' mass='.5'/>"
           "<site name='top' pos='0 0 -.05'/></body></body>"
           "</worldbody><actuator><motor name='a' joint='x'/></actuator>"
           "<sensor>%s</sensor></mujoco>",
           sensors);
  return sn_test_load(xml);
}

static int cacc_is_zero(const mjModel* m, const mjData* d) {
  for (int i = 0; i < 6 * m->nbody; i++) {
    if (d->cacc[i] != 0) {
      return 0;
    }
  }
  return 1;
}

static mjtNum seen_cacc;

static void read_cacc(const mjModel* m, mjData* d, int stage) {
  if (stage == mjSTAGE_ACC) {
    seen_cacc = d->cacc[6 * (m->nbody - 1) + 5];
  }
}

static void test_rnepost_on_demand(void** state) {
  (void)state;
  const char* lazy[] = {"<touch site='s'/>", "<actuatorfrc actuator='a'/>",
                        "<user dim='1' needstage='vel'/>"};
  for (int k = 0; k < 3; k++) {
    mjModel* m = box_model(lazy[k]);
    mjData* d = mj_makeData(m);
    mj_forward(m, d);
    assert_true(cacc_is_zero(m, d));
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  const char* eager[] = {"<accelerometer site='s'/>", "<force site='s'/>",
                         "<torque site='s'/>", "<framelinacc objtype='site' objname='s'/>",
                         "<frameangacc objtype='site' objname='s'/>"};
  for (int k = 0; k < 5; k++) {
    mjModel* m = box_model(eager[k]);
    mjData* d = mj_makeData(m);
    mj_forward(m, d);
    assert_false(cacc_is_zero(m, d));
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  // an acc-stage user sensor: cacc is ready when mjcb_sensor runs
  mjModel* m = box_model("<user dim='1' needstage='acc'/>");
  mjData* d = mj_makeData(m);
  seen_cacc = 0;
  mjcb_sensor = read_cacc;
  mj_forward(m, d);
  mj_resetCallbacks();
  assert_near(seen_cacc, 9.81, 1e-9);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_box_at_rest(void** state) {
  (void)state;
  mjModel* m = box_model(
      "<touch site='s'/><accelerometer site='s'/><force site='top'/><torque site='top'/>"
      "<contact data='found force' num='6'/><contact data='found' reduce='netforce'/>");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  const mjtNum* s = d->sensordata;
  mjtNum g = 9.81;
  // the slide holds the box at its depth, so the contacts push with whatever the soft
  // contact model gives there: touch adds up their normal forces
  mjtNum normal = 0;
  for (int i = 0; i < d->ncon; i++) {
    mjtNum f[6];
    mj_contactForce(m, d, i, f);
    normal += f[0];
  }
  assert_int_equal(d->ncon, 4);
  assert_near(s[0], normal, 1e-12);
  // accelerometer: no motion, so it reads -gravity (upwards 9.81)
  assert_near(s[1], 0, 1e-9);
  assert_near(s[2], 0, 1e-9);
  assert_near(s[3], g, 1e-9);
  // the welded top box: its parent holds it up with its weight, no torque about the
  // site below its com
  assert_near(s[4], 0, 1e-9);
  assert_near(s[5], 0, 1e-9);
  assert_near(s[6], 0.5 * g, 1e-9);
  for (int k = 7; k < 10; k++) {
    assert_near(s[k], 0, 1e-9);
  }
  // contact sensor: 4 contacts in 6 slots of (found, force): the last two are zero
  for (int j = 0; j < 6; j++) {
    const mjtNum* slot = s + 10 + 4 * j;
    assert_float_equal(slot[0], j < 4 ? 4 : 0, 0);
    if (j >= 4) {
      assert_float_equal(slot[1], 0, 0);
    }
  }
  assert_float_equal(s[34], 4, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static char last_error[500];
static jmp_buf error_jump;

static void catch_error(const char* msg) {
  strncpy(last_error, msg, sizeof(last_error) - 1);
  longjmp(error_jump, 1);
}

// A plate of 2 x 2 vertices on a sphere resting in (and touching) the given geom.
static mjModel* tactile_model(const char* other) {
  char xml[2048];
  snprintf(xml, sizeof(xml),
           "<mujoco><asset><mesh name='p' builtin='plate' params='2 2' scale='.01 .01 .01'/>"
           "<hfield name='h' nrow='2' ncol='2' size='1 1 .1 .1' elevation='0 0 0 0'/>"
           "</asset><worldbody>%s<body pos='.05 -.03 .02'><freejoint/>"
           "<geom name='s' type='sphere' size='.05'/></body></worldbody>"
           "<sensor><tactile geom='s' mesh='p'/></sensor></mujoco>",
           other);
  return sn_test_load(xml);
}

// 3.3.8 has no depth for height fields: the first such contact is an error
static void test_tactile_hfield_is_an_error(void** state) {
  (void)state;
  mjModel* m = tactile_model("<geom type='hfield' hfield='h'/>");
  mjData* d = mj_makeData(m);
  mju_user_error = catch_error;
  last_error[0] = 0;
  if (!setjmp(error_jump)) {
    mj_forward(m, d);
    fail_msg("tactile sensor against a height field gave no error");
  }
  mju_user_error = NULL;
  assert_string_equal(last_error,
                      "geomDistance: sdf collisions not available for geom type 1");
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Box depth at a vertex: exact on a face's plane, -min_j(a_j^2 / s_j) |s / a| inside.
static void test_tactile_box_depth(void** state) {
  (void)state;
  mjModel* m = tactile_model("<geom type='box' size='.4 .3 .2'/>");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  assert_true(d->ncon > 0);
  int nv = m->mesh_vertnum[0];
  const mjtNum s[3] = {.4, .3, .2};
  for (int v = 0; v < nv; v++) {
    mjtNum loc[3], p[3];
    for (int k = 0; k < 3; k++) {
      loc[k] = m->mesh_vert[3 * v + k];
    }
    mju_mulMatVec3(p, d->geom_xmat + 9 * 1, loc);
    mju_addTo3(p, d->geom_xpos + 3 * 1);
    mjtNum a[3], near = INFINITY, grad = 0;
    for (int k = 0; k < 3; k++) {
      a[k] = s[k] - fabs(p[k]);
      near = fmin(near, a[k] * a[k] / s[k]);
      grad += s[k] * s[k] / (a[k] * a[k]);
    }
    mjtNum depth = -near * sqrt(grad);
    assert_near(d->sensordata[v], depth / (0.05 - depth), 1e-12);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rnepost_on_demand),
      cmocka_unit_test(test_box_at_rest),
      cmocka_unit_test(test_tactile_hfield_is_an_error),
      cmocka_unit_test(test_tactile_box_depth),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
