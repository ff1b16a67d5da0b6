// Ray casting: analytic answers for each primitive (hits, misses, rays starting
// inside, non-unit directions, rotated poses), mesh and height-field rays on small
// inline models, mju_raySkin's vertex, and mj_ray / mj_multiRay filtering.
// (tests/conformance/ray.mjs compares the same functions with MuJoCo 3.3.8.)
#include <stdio.h>
#include <stdlib.h>

#include "../engine/engine_test_model.h"

static const mjtNum kEye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
static const mjtNum kZero[3] = {0, 0, 0};

static mjtNum ray(int type, const mjtNum size[3], mjtNum px, mjtNum py, mjtNum pz, mjtNum vx,
                  mjtNum vy, mjtNum vz) {
  mjtNum p[3] = {px, py, pz}, v[3] = {vx, vy, vz};
  return mju_rayGeom(kZero, kEye, size, p, v, type);
}

static void test_sphere(void** state) {
  (void)state;
  mjtNum s[3] = {0.5, 0, 0};
  assert_float_equal(ray(mjGEOM_SPHERE, s, 0, 0, 3, 0, 0, -1), 2.5, 1e-14);
  assert_float_equal(ray(mjGEOM_SPHERE, s, 0, 0, 3, 0, 0, -2), 1.25, 1e-14);  // units of vec
  assert_float_equal(ray(mjGEOM_SPHERE, s, 0, 0, 0, 1, 0, 0), 0.5, 1e-14);    // from inside
  assert_float_equal(ray(mjGEOM_SPHERE, s, 0, 0, 3, 0, 0, 1), -1, 0);         // pointing away
  assert_float_equal(ray(mjGEOM_SPHERE, s, 0.6, 0, 3, 0, 0, -1), -1, 0);      // passes by
  // grazing chord at height 0.3: enters at z = +0.4
  assert_float_equal(ray(mjGEOM_SPHERE, s, 0.3, 0, 3, 0, 0, -1), 2.6, 1e-12);
}

static void test_box_rotated(void** state) {
  (void)state;
  mjtNum size[3] = {0.1, 0.2, 0.3};
  // box rotated 90 degrees about z: its x half-size 0.1 lies along world y
  mjtNum mat[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1};
  mjtNum pos[3] = {1, 2, 3}, p[3] = {1, 5, 3}, v[3] = {0, -1, 0};
  assert_float_equal(mju_rayGeom(pos, mat, size, p, v, mjGEOM_BOX), 2.9, 1e-12);
  mjtNum q[3] = {4, 2, 3}, w[3] = {-1, 0, 0};
  assert_float_equal(mju_rayGeom(pos, mat, size, q, w, mjGEOM_BOX), 2.8, 1e-12);
  mjtNum inside[3] = {1, 2, 3}, up[3] = {0, 0, 0.5};
  assert_float_equal(mju_rayGeom(pos, mat, size, inside, up, mjGEOM_BOX), 0.6, 1e-12);
  mjtNum miss[3] = {1.25, 5, 3};
  assert_float_equal(mju_rayGeom(pos, mat, size, miss, v, mjGEOM_BOX), -1, 0);
  // diagonal ray: meets the y = 0.2 plane outside the face, the x = 0.1 face inside
  assert_float_equal(ray(mjGEOM_BOX, size, 1, 1, 0, -1, -1, 0), 0.9, 1e-12);
}

static void test_capsule_cylinder(void** state) {
  (void)state;
  mjtNum s[3] = {0.2, 0.5, 0};
  // side
  assert_float_equal(ray(mjGEOM_CAPSULE, s, 2, 0, 0.3, -1, 0, 0), 1.8, 1e-12);
  assert_float_equal(ray(mjGEOM_CYLINDER, s, 2, 0, 0.3, -1, 0, 0), 1.8, 1e-12);
  // along the axis: capsule cap at 0.7, cylinder disc at 0.5
  assert_float_equal(ray(mjGEOM_CAPSULE, s, 0, 0, 2, 0, 0, -1), 1.3, 1e-12);
  assert_float_equal(ray(mjGEOM_CYLINDER, s, 0, 0, 2, 0, 0, -1), 1.5, 1e-12);
  // beside the cylinder's rim but inside the capsule's cap sphere
  assert_float_equal(ray(mjGEOM_CYLINDER, s, 0.15, 0, 0.6, 1, 0, 0), -1, 0);
  mjtNum x = ray(mjGEOM_CAPSULE, s, -1, 0, 0.6, 1, 0, 0);
  assert_float_equal(x, 1 - sqrt(0.04 - 0.01), 1e-12);
  // from inside: exits through the side, not through a cap sphere's inner half
  assert_float_equal(ray(mjGEOM_CAPSULE, s, 0, 0, 0.45, 1, 0, 0), 0.2, 1e-12);
  assert_float_equal(ray(mjGEOM_CYLINDER, s, 0, 0, 0.45, 0, 0, 1), 0.05, 1e-12);
  // parallel to the axis outside the radius
  assert_float_equal(ray(mjGEOM_CYLINDER, s, 0.3, 0, 2, 0, 0, -1), -1, 0);
}

static void test_ellipsoid_plane(void** state) {
  (void)state;
  mjtNum e[3] = {0.3, 0.2, 0.1};
  assert_float_equal(ray(mjGEOM_ELLIPSOID, e, 2, 0, 0, -1, 0, 0), 1.7, 1e-12);
  assert_float_equal(ray(mjGEOM_ELLIPSOID, e, 0, 2, 0, 0, -1, 0), 1.8, 1e-12);
  assert_float_equal(ray(mjGEOM_ELLIPSOID, e, 0, 0, 0, 0, 0, 1), 0.1, 1e-12);
  assert_float_equal(ray(mjGEOM_ELLIPSOID, e, 0.31, 0, 2, 0, 0, -1), -1, 0);
  mjtNum pl[3] = {1, 2, 0};
  assert_float_equal(ray(mjGEOM_PLANE, pl, 0.5, 0.5, 2, 0, 0, -1), 2, 1e-14);
  assert_float_equal(ray(mjGEOM_PLANE, pl, 1, 2, 2, 0, 0, -1), 2, 1e-14);  // edge counts
  assert_float_equal(ray(mjGEOM_PLANE, pl, 1.01, 0, 2, 0, 0, -1), -1, 0);   // outside extent
  assert_float_equal(ray(mjGEOM_PLANE, pl, 0, 0, -1, 0, 0, 1), -1, 0);      // from below
  mjtNum inf[3] = {0, 0, 1};
  assert_float_equal(ray(mjGEOM_PLANE, inf, 100, 0, 1, 1, 0, -1), 1, 1e-14);
}

static void test_skin(void** state) {
  (void)state;
  const int face[6] = {0, 1, 2, 1, 3, 2};
  const float vert[15] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.1f, 0.1f, 0.05f};
  mjtNum p[3] = {0.6, 0.6, 1}, v[3] = {0, 0, -2};
  int vid = -7;
  assert_float_equal(mju_raySkin(2, 5, face, vert, p, v, &vid), 0.5, 1e-7);
  assert_int_equal(vid, 3);  // nearest corner of the hit triangle
  mjtNum q[3] = {0.12, 0.1, -1}, up[3] = {0, 0, 1};
  assert_float_equal(mju_raySkin(2, 5, face, vert, q, up, &vid), 1, 1e-7);
  assert_int_equal(vid, 0);  // vertex 4 is closer but not on the hit triangle
  mjtNum far[3] = {3, 3, 1};
  vid = 77;
  assert_float_equal(mju_raySkin(2, 5, face, vert, far, v, &vid), -1, 0);
  assert_int_equal(vid, 77);  // untouched on a miss (as 3.3.8)
  assert_float_equal(mju_raySkin(2, 5, face, vert, far, v, NULL), -1, 0);
}

static const char* kScene =
    "<mujoco>"
    "  <asset>"
    "    <material name='hidden' rgba='1 1 1 0'/>"
    "    <mesh name='tet' vertex='0 0 0  1 0 0  0 1 0  0 0 1'/>"
    "    <hfield name='hf' nrow='2' ncol='3' size='1 2 1 0.5' elevation='0 0 0.5 0 1 0'/>"
    "  </asset>"
    "  <worldbody>"
    "    <geom name='floor' type='plane' size='0 0 1' pos='0 0 -5'/>"
    "    <geom name='s0' type='sphere' size='0.3' pos='0 0 0'/>"
    "    <body name='b1' pos='1 0 0'><joint/>"
    "      <geom name='s1' type='sphere' size='0.3' group='2'/></body>"
    "    <body name='b2' pos='2 0 0'><joint/>"
    "      <geom name='s2' type='sphere' size='0.3' rgba='1 0 0 0'/></body>"
    "    <body name='b3' pos='3 0 0'><joint/>"
    "      <geom name='s3' type='sphere' size='0.3' material='hidden'/></body>"
    "    <body name='b4' pos='4 0 0'><joint/><inertial pos='0 0 0' mass='1' diaginertia='1 1 1'/>"
    "      <geom name='s4' type='sphere' size='0.3' group='9'/></body>"
    "    <body name='b5' pos='5 0 0'><joint/>"
    "      <geom name='tet' type='mesh' mesh='tet'/></body>"
    "    <geom name='hf' type='hfield' hfield='hf' pos='10 0 0'/>"
    "  </worldbody>"
    "</mujoco>";

static void test_mj_ray_filters(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kScene);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjtNum v[3] = {0, 0, -1};
  int id;
  for (int x = 0; x <= 4; x++) {
    mjtNum p[3] = {x, 0, 2};
    mjtNum r = mj_ray(m, d, p, v, NULL, 1, -1, &id);
    if (x == 2 || x == 3) {  // alpha 0 from rgba, alpha 0 from the material
      assert_int_equal(id, 0);
      assert_float_equal(r, 7, 1e-12);  // the floor below
    } else {
      assert_float_equal(r, 1.7, 1e-12);
      assert_int_equal(id, mj_name2id(m, mjOBJ_GEOM, x == 0 ? "s0" : x == 1 ? "s1" : "s4"));
    }
  }
  mjtNum p0[3] = {0, 0, 2}, p1[3] = {1, 0, 2}, p4[3] = {4, 0, 2};
  mj_ray(m, d, p0, v, NULL, 0, -1, &id);  // static geoms skipped (floor too)
  assert_int_equal(id, -1);
  mjtByte only2[mjNGROUP] = {0, 0, 1, 0, 0, 0}, only5[mjNGROUP] = {0, 0, 0, 0, 0, 1};
  mj_ray(m, d, p1, v, only2, 1, -1, &id);
  assert_int_equal(id, mj_name2id(m, mjOBJ_GEOM, "s1"));
  mj_ray(m, d, p1, v, only5, 1, -1, &id);
  assert_int_equal(id, -1);
  mj_ray(m, d, p4, v, only5, 1, -1, &id);  // group 9 counts as group 5
  assert_int_equal(id, mj_name2id(m, mjOBJ_GEOM, "s4"));
  mj_ray(m, d, p1, v, NULL, 1, mj_name2id(m, mjOBJ_BODY, "b1"), &id);
  assert_int_equal(id, 0);
  assert_float_equal(mj_ray(m, d, p1, v, NULL, 1, -1, NULL), 1.7, 1e-12);  // NULL geomid
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_mesh_and_hfield(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kScene);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  int tet = mj_name2id(m, mjOBJ_GEOM, "tet"), hf = mj_name2id(m, mjOBJ_GEOM, "hf");
  // the tetrahedron's slanted face x + y + z = 1 (in the mesh's own coordinates);
  // the compiler moved the mesh frame to the centroid/principal axes, so go
  // through the geom pose: mesh point q maps to xpos + xmat (q - mesh_pos) rotated
  // by mesh_quat^-1. Cast from outside along the face normal instead: hit distance
  // equals the distance from the point to the face.
  mjtNum c[3] = {0.25, 0.25, 0.25}, n[3] = {1, 1, 1};
  mju_normalize3(n);
  // local (asset) frame -> world: x = geom_xpos + geom_xmat * R(mesh_quat)^T (q - mesh_pos)
  mjtNum negq[4], qa[3], ql[3], world[3], nl[3], nw[3];
  mju_negQuat(negq, m->mesh_quat + 4 * m->geom_dataid[tet]);
  mju_sub3(qa, c, m->mesh_pos + 3 * m->geom_dataid[tet]);
  mju_rotVecQuat(ql, qa, negq);
  mju_mulMatVec3(world, d->geom_xmat + 9 * tet, ql);
  mju_addTo3(world, d->geom_xpos + 3 * tet);
  mju_rotVecQuat(nl, n, negq);
  mju_mulMatVec3(nw, d->geom_xmat + 9 * tet, nl);
  // centroid -> face distance is 1/(4 sqrt 3); start 1 further out along the normal
  mjtNum start[3], dir[3];
  mju_addScl3(start, world, nw, 1);
  mju_scl3(dir, nw, -1);
  assert_float_equal(mj_rayMesh(m, d, tet, start, dir), 1 - 0.25 / sqrt(3), 1e-6);
  mju_scl3(dir, nw, 1);
  assert_float_equal(mj_rayMesh(m, d, tet, start, dir), -1, 0);
  assert_float_equal(mj_rayMesh(m, d, tet, world, dir), 0.25 / sqrt(3), 1e-6);  // inside

  // height field at x = 10: rows along y, data rows [0 1 0] (y = -2), [0 0 0.5] (y = 2)
  // after the compiler's row flip; cells split along (r, c)-(r+1, c+1)
  mjtNum down[3] = {0, 0, -1};
  mjtNum p1[3] = {10.5, 0.5, 5};  // u = 0.5, v = 0.625 in cell (0, 1): height 0.625
  assert_float_equal(mj_rayHfield(m, d, hf, p1, down), 5 - 0.625, 1e-12);
  mjtNum p2[3] = {10.5, -0.5, 5};  // u = 0.5, v = 0.375: height 0.6875
  assert_float_equal(mj_rayHfield(m, d, hf, p2, down), 5 - 0.6875, 1e-12);
  mjtNum wall[3] = {13, -1, 0.05}, west[3] = {-1, 0, 0};  // border wall up to 0.125
  assert_float_equal(mj_rayHfield(m, d, hf, wall, west), 2, 1e-12);
  mjtNum below[3] = {10.3, 0.2, -2}, up[3] = {0, 0, 1};  // base box bottom
  assert_float_equal(mj_rayHfield(m, d, hf, below, up), 1.5, 1e-12);
  mjtNum inbase[3] = {10.3, 0.2, -0.2};  // inside the base box: its top at z = 0
  assert_float_equal(mj_rayHfield(m, d, hf, inbase, up), 0.2, 1e-12);
  mjtNum outside[3] = {11.5, 0, 5};
  assert_float_equal(mj_rayHfield(m, d, hf, outside, down), -1, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_multi_ray(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kScene);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjtNum p[3] = {1, 0, 2};
  mjtNum vec[9] = {0, 0, -1, -1, 0, -2, 0, 0, 1};
  int id[3];
  mjtNum dist[3];
  mj_multiRay(m, d, p, vec, NULL, 1, -1, id, dist, 3, 100);
  for (int i = 0; i < 3; i++) {
    int single;
    mjtNum x = mj_ray(m, d, p, vec + 3 * i, NULL, 1, -1, &single);
    assert_float_equal(dist[i], x, 1e-14);
    assert_int_equal(id[i], single);
  }
  assert_float_equal(dist[0], 1.7, 1e-12);
  // cutoff 1.69: s1's bounding sphere (|p - c| - r = 1.7) is dropped, the floor (centre
  // 7.07 away, radius 0) too; a ray that hits nothing else reports -1
  mj_multiRay(m, d, p, vec, NULL, 1, -1, id, dist, 1, 1.69);
  assert_int_equal(id[0], -1);
  mj_multiRay(m, d, p, vec, NULL, 1, -1, id, dist, 1, 1.7);
  assert_int_equal(id[0], mj_name2id(m, mjOBJ_GEOM, "s1"));
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mj_rayMesh walks the mesh's face tree; with the tree removed (mesh_bvhadr = -1) it
// tests every face. Both must give the same distance, bit for bit, on random rays
// (from outside, grazing, and from inside the concave torus and sphere).
static const char kTreeScene[] =
    "<mujoco><asset>"
    "<mesh name='torus' builtin='supertorus' params='24 0.3 1 1'/>"
    "<mesh name='ball' builtin='sphere' params='3'/>"
    "<mesh name='quad' vertex='0 0 0  1 0 0  1 1 0  0 1 0  0 0 1' face='0 1 2  0 2 3  0 1 4'/>"
    "</asset><worldbody>"
    "<geom name='torus' type='mesh' mesh='torus' pos='0.2 -0.1 0.3' euler='20 30 40'/>"
    "<geom name='ball' type='mesh' mesh='ball' pos='-1 0.5 0' size='1' euler='5 0 9'/>"
    "<geom name='quad' type='mesh' mesh='quad' pos='1 1 -1'/>"
    "</worldbody></mujoco>";

static mjtNum uniform(unsigned* s, mjtNum lo, mjtNum hi) {
  *s = *s * 1664525u + 1013904223u;
  return lo + (hi - lo) * ((*s >> 8) / 16777216.0);
}

static void test_mesh_tree_matches_all_faces(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTreeScene);
  mjModel* flat = mj_copyModel(NULL, m);
  for (int i = 0; i < flat->nmesh; i++) {
    assert_true(m->mesh_bvhnum[i] > 0);
    flat->mesh_bvhadr[i] = -1;
  }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  unsigned seed = 12345;
  int hits = 0;
  for (int g = 0; g < m->ngeom; g++) {
    for (int k = 0; k < 3000; k++) {
      mjtNum p[3], v[3];
      for (int i = 0; i < 3; i++) {
        // half the rays start near the geom (often inside), half further out
        mjtNum r = k % 2 ? 0.6 : 3;
        p[i] = d->geom_xpos[3 * g + i] + uniform(&seed, -r, r);
        v[i] = uniform(&seed, -1, 1);
      }
      if (k % 5 == 0) {
        // aim at the geom's centre: mostly hits
        for (int i = 0; i < 3; i++) {
          v[i] = d->geom_xpos[3 * g + i] - p[i] + uniform(&seed, -0.2, 0.2);
        }
      }
      if (k % 7 == 0) {
        v[k % 3] = 0;         // axis-parallel components
      }
      mjtNum tree = mj_rayMesh(m, d, g, p, v), all = mj_rayMesh(flat, d, g, p, v);
      if (tree != all) {
        fail_msg("geom %d ray %d: tree %.17g, all faces %.17g", g, k, tree, all);
      }
      hits += all >= 0;
    }
  }
  assert_true(hits > 3000);   // the comparison covered many hits, not only misses
  mj_deleteData(d);
  mj_deleteModel(flat);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sphere),          cmocka_unit_test(test_box_rotated),
      cmocka_unit_test(test_capsule_cylinder), cmocka_unit_test(test_ellipsoid_plane),
      cmocka_unit_test(test_skin),            cmocka_unit_test(test_mj_ray_filters),
      cmocka_unit_test(test_mesh_and_hfield), cmocka_unit_test(test_multi_ray),
      cmocka_unit_test(test_mesh_tree_matches_all_faces),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
