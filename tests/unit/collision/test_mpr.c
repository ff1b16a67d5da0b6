// MPR (mpr.c, libccd) for nativeccd="disable": depths of overlapping spheres and
// boxes are analytic, separated shapes give no contact, the normal runs from the
// first shape to the second, and the smooth-geom normal fix is exact for spheres.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "collision/ccd.h"
#include "collision/convex.h"
#include "convex_test_util.h"

static mjModel* mpr_model(void) {
  return load("<mujoco><option><flag nativeccd='disable'/></option>"
              "<worldbody/></mujoco>");
}

static void test_sphere_depth(void** state) {
  (void)state;
  mjModel* m = mpr_model();
  shape_t a, b;
  make_shape(&a, mjGEOM_SPHERE, 0.3, 0, 0);
  make_shape(&b, mjGEOM_SPHERE, 0.2, 0, 0);
  const mjtNum dirs[4][3] = {{0, 0, 1}, {1, 0, 0}, {0.6, 0, -0.8}, {0.48, 0.6, 0.64}};
  for (int k = 0; k < 4; k++) {
    for (int j = 1; j <= 4; j++) {
      mjtNum depth = 0.02 * j;
      mju_scl3(b.pos, dirs[k], 0.5 - depth);
      sn_ccd_result r;
      assert_int_equal(sn_mpr(&r, m, &a.s, &b.s), 1);
      // the portal's triangle lies inside the sphere of the Minkowski difference:
      // its distance is the depth to within the portal's flatness
      assert_float_equal(r.dist, -depth, 1e-4);
      for (int i = 0; i < 3; i++) {
        assert_float_equal(r.normal[i], dirs[k][i], 1e-2);
      }
      // the full contact path replaces the normal by the spheres' own
      mjContact con;
      assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 0, &con), 1);
      assert_float_equal(con.dist, r.dist, 1e-15);
      for (int i = 0; i < 3; i++) {
        assert_float_equal(con.frame[i], dirs[k][i], 1e-9);
      }
    }
  }
  // separated spheres: MPR gives no contact
  mju_scl3(b.pos, dirs[3], 0.51);
  sn_ccd_result r;
  assert_int_equal(sn_mpr(&r, m, &a.s, &b.s), 0);
  mj_deleteModel(m);
}

static void test_box_depth(void** state) {
  (void)state;
  mjModel* m = mpr_model();
  shape_t a, b;
  make_shape(&a, mjGEOM_BOX, 0.5, 0.5, 0.1);
  make_shape(&b, mjGEOM_BOX, 0.1, 0.1, 0.1);
  // a small box sunk 0.03 into a slab's top face: the origin ray meets a face of the
  // Minkowski difference, so depth and normal are exact
  b.pos[0] = 0.1;
  b.pos[1] = -0.05;
  b.pos[2] = 0.2 - 0.03;
  sn_ccd_result r;
  assert_int_equal(sn_mpr(&r, m, &a.s, &b.s), 1);
  assert_float_equal(r.dist, -0.03, 1e-12);
  assert_float_equal(r.normal[0], 0, 1e-12);
  assert_float_equal(r.normal[1], 0, 1e-12);
  assert_float_equal(r.normal[2], 1, 1e-12);
  // swapped: same depth, normal reversed (still from the first shape to the second)
  assert_int_equal(sn_mpr(&r, m, &b.s, &a.s), 1);
  assert_float_equal(r.dist, -0.03, 1e-12);
  assert_float_equal(r.normal[2], -1, 1e-12);
  // boxes keep MPR's direction on the contact path
  mjContact con;
  assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 0, &con), 1);
  assert_float_equal(con.dist, -0.03, 1e-12);
  assert_float_equal(con.frame[2], 1, 1e-12);
  // apart: no contact
  b.pos[2] = 0.21;
  assert_int_equal(sn_mpr(&r, m, &a.s, &b.s), 0);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sphere_depth),
      cmocka_unit_test(test_box_depth),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
