// Height-field narrow phase (src/collision/hfield.c): which prisms collide, analytic
// sphere contacts, the contact cap, the margin rule 3.3.8 applies, and the ellipsoid
// surface normal it reports instead of EPA's face normal.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "../sn_load.h"
#include "collision/collision.h"

// A height field (geom 0) of n x n vertices with the given elevation (NULL: flat) under
// a free sphere of radius r with margin mg (geom 1).
static mjModel* model(int n, const char* elevation, double r, double mg) {
  char xml[4000];
  snprintf(xml, sizeof(xml),
           "<mujoco><asset><hfield name='h' size='1 1 0.5 0.1' nrow='%d' ncol='%d' %s%s%s/>"
           "</asset><worldbody><geom type='hfield' hfield='h'/>"
           "<body><freejoint/><geom type='sphere' size='%g' margin='%g'/></body>"
           "</worldbody></mujoco>",
           n, n, elevation ? "elevation='" : "", elevation ? elevation : "",
           elevation ? "'" : "", r, mg);
  mjModel* m = sn_test_load(xml);
  return m;
}

// Contacts of the sphere at (x, y, z), straight from the pair function.
static int collide(const mjModel* m, mjData* d, double x, double y, double z, mjContact* con) {
  mj_resetData(m, d);
  d->qpos[0] = x;
  d->qpos[1] = y;
  d->qpos[2] = z;
  mj_kinematics(m, d);
  return sn_collide_hfield(m, d, con, 0, 1, mju_max(m->geom_margin[0], m->geom_margin[1]));
}

// Over a flat field the sphere touches the top faces: depth r - z, normal +z, one
// contact per prism under it (its centre over a triangle's interior: one).
static void test_flat(void** state) {
  (void)state;
  mjModel* m = model(5, NULL, 0.1, 0);
  mjData* d = mj_makeData(m);
  mjContact con[mjMAXCONPAIR];
  int n = collide(m, d, 0.3, 0.1, 0.07, con);
  assert_int_equal(n, 1);
  assert_float_equal(con[0].dist, -0.03, 1e-12);
  assert_float_equal(con[0].frame[2], 1, 1e-12);
  assert_float_equal(con[0].pos[2], -0.015, 1e-12);
  // above the surface: nothing; outside the field: nothing
  assert_int_equal(collide(m, d, 0.3, 0.1, 0.11, con), 0);
  assert_int_equal(collide(m, d, 1.5, 0.1, 0.05, con), 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A peak shared by six prisms: each reports the same deepest point.
static void test_peak(void** state) {
  (void)state;
  mjModel* m = model(3, "0 0 0  0 1 0  0 0 0", 0.2, 0);
  mjData* d = mj_makeData(m);
  mjContact con[mjMAXCONPAIR];
  int n = collide(m, d, 0, 0, 0.6, con);
  assert_int_equal(n, 6);
  for (int i = 0; i < n; i++) {
    assert_float_equal(con[i].dist, -0.1, 1e-12);
    assert_float_equal(con[i].pos[2], 0.45, 1e-12);
    assert_float_equal(con[i].frame[2], 1, 1e-12);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A sphere covering many cells stops at mjMAXCONPAIR contacts.
static void test_cap(void** state) {
  (void)state;
  mjModel* m = model(21, NULL, 0.5, 0);
  mjData* d = mj_makeData(m);
  mjContact con[mjMAXCONPAIR];
  assert_int_equal(collide(m, d, 0, 0, 0.2, con), mjMAXCONPAIR);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// With a margin m, 3.3.8 raises the prism tops by m and inflates the geom by m/2:
// a sphere whose lowest point is h above a flat field gets dist h - 1.5 m, until h
// exceeds m; the contact point is midway between the inflated surfaces.
static void test_margin(void** state) {
  (void)state;
  mjModel* m = model(3, NULL, 0.1, 0.2);
  mjData* d = mj_makeData(m);
  mjContact con[mjMAXCONPAIR];
  // far enough from the cell's diagonal for the other prism to stay clear
  int n = collide(m, d, 0.7, 0.2, 0.25, con);
  assert_int_equal(n, 1);
  assert_float_equal(con[0].dist, 0.15 - 0.3, 1e-12);
  assert_float_equal(con[0].pos[2], 0.125, 1e-12);
  assert_int_equal(collide(m, d, 0.7, 0.2, 0.3 + 1e-9, con), 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// An ellipsoid sunk 0.018 into a flat field: EPA's face is the prism's top (normal +z),
// but 3.3.8 reports the ellipsoid's surface normal reached by its ray-cast iteration
// from the contact point, 5.5e-4 off +z (surface_normal.c). Pose and expected values:
// MuJoCo 3.3.8 (mujoco-js), tests/conformance/probe.mjs --seed 1 on this model with the
// body at (-0.4, 0.45, 0.015), euler (0, 30, 70).
static void test_ellipsoid_normal(void** state) {
  (void)state;
  const char* xml =
      "<mujoco><asset><hfield name='h' size='1 1 0.1 0.5' nrow='2' ncol='2' "
      "elevation='0 0 0 0'/></asset><worldbody><geom type='hfield' hfield='h'/>"
      "<body><freejoint/><geom type='ellipsoid' size='0.085 0.035 0.04'/></body>"
      "</worldbody></mujoco>";
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  static const double qpos[7] = {-0.37458521188236776, 0.3505471442360431,
                                 0.020489407991990446, 0.8077870541916237,
                                 0.2203931090570399,   0.15313118647591858,
                                 0.5248407304021555};
  for (int i = 0; i < 7; i++) {
    d->qpos[i] = qpos[i];
  }
  mj_kinematics(m, d);
  mjContact con[mjMAXCONPAIR];
  assert_int_equal(sn_collide_hfield(m, d, con, 0, 1, 0), 1);
  static const double pos[3] = {-0.377514285434293, 0.3545291964507052,
                                -0.009128513602829173};
  static const double n[3] = {-0.0001523584666355826, -0.0005248613464121643,
                              0.9999998506537213};
  assert_float_equal(con[0].dist, -0.018257027205658527, 1e-12);
  for (int k = 0; k < 3; k++) {
    assert_float_equal(con[0].pos[k], pos[k], 1e-12);
    assert_float_equal(con[0].frame[k], n[k], 1e-12);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_flat),
      cmocka_unit_test(test_peak),
      cmocka_unit_test(test_cap),
      cmocka_unit_test(test_margin),
      cmocka_unit_test(test_ellipsoid_normal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
