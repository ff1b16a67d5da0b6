// MPR (mpr.c, libccd) for nativeccd="disable": depths of overlapping spheres and
// boxes are analytic, separated shapes give no contact, the normal runs from the
// first shape to the second, the smooth-geom normal fix is exact for spheres, and
// support points on an axis normal to the direction sit midway (3.3.8's portals).
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

// Support points on an axis the direction is normal to sit midway along it (sign 0 is
// 0): on an axis-aligned face MPR's portal normals are exactly axis-parallel, and
// 3.3.8's portals then hold box edge midpoints and the middles of capsule and cylinder
// sides, which set its depth and normal. The native GJK/EPA support takes a box's
// positive side instead (hfield_collision_box_zero.xml), and a capsule's or cylinder's
// +z end (mj_geomDistance witness points of a cylinder side on against an ellipsoid).
static void test_axis_ties(void** state) {
  (void)state;
  shape_t box, cap, cyl;
  make_shape(&box, mjGEOM_BOX, 0.5, 0.4, 0.1);
  make_shape(&cap, mjGEOM_CAPSULE, 0.2, 0.3, 0);
  make_shape(&cyl, mjGEOM_CYLINDER, 0.2, 0.3, 0);
  mjtNum p[3];
  sn_convex_support_mpr(p, &box.s, (mjtNum[3]){0, 0, 1});
  assert_true(p[0] == 0 && p[1] == 0 && p[2] == 0.1);
  sn_convex_support_mpr(p, &box.s, (mjtNum[3]){1, -2, 0});
  assert_true(p[0] == 0.5 && p[1] == -0.4 && p[2] == 0);
  sn_convex_support(p, &box.s, (mjtNum[3]){0, 0, 1});
  assert_true(p[0] == 0.5 && p[1] == 0.4 && p[2] == 0.1);
  sn_convex_support(p, &box.s, (mjtNum[3]){1, -2, 0});
  assert_true(p[0] == 0.5 && p[1] == -0.4 && p[2] == 0.1);
  sn_convex_support_mpr(p, &cap.s, (mjtNum[3]){1, 0, 0});
  assert_true(p[0] == 0.2 && p[1] == 0 && p[2] == 0);
  sn_convex_support_mpr(p, &cyl.s, (mjtNum[3]){0, -1, 0});
  assert_true(p[0] == 0 && p[1] == -0.2 && p[2] == 0);
  sn_convex_support(p, &cap.s, (mjtNum[3]){1, 0, 0});
  assert_true(p[0] == 0.2 && p[1] == 0 && p[2] == 0.3);
  sn_convex_support(p, &cyl.s, (mjtNum[3]){0, -1, 0});
  assert_true(p[0] == 0 && p[1] == -0.2 && p[2] == 0.3);

  // tests/models/repro/collide_mpr_box_mesh_state.xml as two boxes (the slab mesh is a
  // box): the final portal holds an edge midpoint of the big box's top face, and the
  // closest point to the origin lies on its edge, off the face normal (3.3.8's numbers)
  mjModel* m = mpr_model();
  shape_t a, b;
  make_shape(&a, mjGEOM_BOX, 0.5, 0.5, 0.1);
  // the mesh's frame (its inertia axes) and float vertices, as 3.3.8 compiles them
  make_shape(&b, mjGEOM_BOX, (float)0.05, (float)0.1, (float)0.3);
  const mjtNum pos[3] = {0.12504368984301756, -0.099725920551089545, 0.17846957134930425};
  const mjtNum mat[9] = {0.26026361272090537,  0.39760867591951310,  0.87986941799735341,
                         -0.32041594755281855, -0.82406660087492556, 0.46717005241804893,
                         0.91082186647406482,  -0.40351155888770368, -0.087074390016371850};
  mju_copy3(b.pos, pos);
  mju_copy(b.mat, mat, 9);
  sn_ccd_result r;
  assert_int_equal(sn_mpr(&r, m, &a.s, &b.s), 1);
  assert_float_equal(r.dist, -0.03652758226732429, 1e-12);
  const mjtNum n[3] = {0.17699644485943036, -0.3539928897188653, 0.9183470436254533};
  for (int i = 0; i < 3; i++) {
    assert_float_equal(r.normal[i], n[i], 1e-10);
  }
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sphere_depth),
      cmocka_unit_test(test_box_depth),
      cmocka_unit_test(test_axis_ties),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
