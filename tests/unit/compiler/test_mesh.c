// Mesh assets: analytic mass properties (a box mesh against the box primitive, solid
// and shell; a tetrahedron), hull and polygon structure, fitting, BVH invariants.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "compiler/compile.h"
#include "compiler/mesh.h"
#include "compiler_test_util.h"

#define TOL 1e-12

static void assert_close(double a, double b) {
  if (fabs(a - b) > TOL * fmax(1, fabs(b))) {
    fail_msg("%.17g != %.17g", a, b);
  }
}

static sn_numlist tu_list(sn_spec* s, const double* v, int n) {
  sn_numlist l;
  l.n = n;
  l.data = (double*)sn_spec_alloc(s, sizeof(double) * (size_t)n);
  memcpy(l.data, v, sizeof(double) * (size_t)n);
  return l;
}

// A box with half-sizes a, b, c centred at (1, 2, 3): 8 vertices, 12 outward faces
// (a < b < c keeps the principal frame aligned with the box; the coordinates are exact
// in single precision).
static const double kBoxFace[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                                    1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7};

static sn_mesh* tu_box_mesh(sn_spec* s, const char* name, double a, double b, double c,
                            int faces, int inertia) {
  double v[24];
  for (int i = 0; i < 8; i++) {
    double x = (i == 1 || i == 2 || i == 5 || i == 6) ? a : -a;
    double y = (i == 2 || i == 3 || i == 6 || i == 7) ? b : -b;
    double z = i >= 4 ? c : -c;
    v[3 * i] = 1 + x;
    v[3 * i + 1] = 2 + y;
    v[3 * i + 2] = 3 + z;
  }
  sn_mesh* m = (sn_mesh*)sn_spec_append(s, &s->meshes, sizeof(sn_mesh));
  sn_mesh_default(m);
  m->name = sn_spec_strdup(s, name);
  m->inertia = inertia;
  m->vertex = tu_list(s, v, 24);
  if (faces) {
    m->face = tu_list(s, kBoxFace, 36);
  }
  return m;
}

static sn_geom* tu_mesh_geom(sn_spec* s, int body, const char* mesh, int type) {
  sn_geom* g = tu_geom(s, body, type, 0, 0, 0);
  g->mesh = sn_spec_strdup(s, mesh);
  return g;
}

// A box mesh has the mass, centre and inertia of the box primitive, for every
// solid inertia mode; the mesh frame is at the box centre with identity orientation.
static void test_box_mesh_equals_box(void** state) {
  (void)state;
  const int modes[3] = {mjMESH_INERTIA_LEGACY, mjMESH_INERTIA_EXACT, mjMESH_INERTIA_CONVEX};
  for (int k = 0; k < 3; k++) {
    sn_spec* s = sn_spec_create();
    tu_box_mesh(s, "box", 0.125, 0.25, 0.5, 1, modes[k]);
    tu_body(s, 0, 0, 0, 1);
    tu_mesh_geom(s, 1, "box", mjGEOM_MESH);
    tu_body(s, 0, 0, 0, 2);
    tu_geom(s, 2, mjGEOM_BOX, 0.125, 0.25, 0.5);
    mjModel* m = tu_compile(s);
    assert_close(m->body_mass[1], m->body_mass[2]);
    assert_close(m->body_mass[1], 1000 * 8 * 0.125 * 0.25 * 0.5);
    for (int i = 0; i < 3; i++) {
      assert_close(m->body_inertia[3 + i], m->body_inertia[6 + i]);
      assert_close(m->body_ipos[3 + i], 1 + i);
      assert_close(m->mesh_pos[i], 1 + i);
      assert_close(m->geom_size[i], m->geom_size[3 + i]);
    }
    assert_close(m->mesh_quat[0], 1);
    assert_close(m->geom_rbound[0], m->geom_rbound[1]);
    assert_int_equal(m->geom_dataid[0], 0);
    mj_deleteModel(m);
    sn_spec_free(s);
  }
}

// Shell inertia of a box mesh equals the shell box primitive.
static void test_box_shell(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_box_mesh(s, "box", 0.125, 0.25, 0.5, 1, mjMESH_INERTIA_SHELL);
  tu_body(s, 0, 0, 0, 1);
  tu_mesh_geom(s, 1, "box", mjGEOM_MESH);
  tu_body(s, 0, 0, 0, 2);
  sn_geom* g = tu_geom(s, 2, mjGEOM_BOX, 0.125, 0.25, 0.5);
  g->shellinertia = 1;
  mjModel* m = tu_compile(s);
  assert_close(m->body_mass[1], m->body_mass[2]);
  for (int i = 0; i < 3; i++) {
    assert_close(m->body_inertia[3 + i], m->body_inertia[6 + i]);
  }
  mj_deleteModel(m);
  sn_spec_free(s);
}

// A point cloud's faces come from its hull: a cube has 8 hull vertices, 12 triangles,
// 6 square polygons and every vertex on 3 of them.
static void test_cube_hull(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_box_mesh(s, "cube", 0.5, 0.5, 0.5, 0, mjMESH_INERTIA_LEGACY);
  tu_body(s, 0, 0, 0, 1);
  tu_mesh_geom(s, 1, "cube", mjGEOM_MESH);
  mjModel* m = tu_compile(s);
  assert_int_equal(m->mesh_facenum[0], 12);
  assert_int_equal(m->mesh_graph[0], 8);
  assert_int_equal(m->mesh_graph[1], 12);
  assert_int_equal(m->mesh_polynum[0], 6);
  for (int p = 0; p < 6; p++) {
    assert_int_equal(m->mesh_polyvertnum[p], 4);
    double n = mju_norm3(m->mesh_polynormal + 3 * p);
    assert_close(n, 1);
  }
  for (int v = 0; v < 8; v++) {
    assert_int_equal(m->mesh_polymapnum[v], 3);
  }
  assert_close(m->body_mass[1], 1000);
  // faces are outward: each face normal points away from the centre
  for (int f = 0; f < 12; f++) {
    const int* fc = m->mesh_face + 3 * f;
    double p[3][3], e1[3], e2[3], n[3];
    for (int k = 0; k < 3; k++) {
      for (int i = 0; i < 3; i++) {
        p[k][i] = m->mesh_vert[3 * fc[k] + i];
      }
    }
    mju_sub3(e1, p[1], p[0]);
    mju_sub3(e2, p[2], p[0]);
    mju_cross(n, e1, e2);
    assert_true(mju_dot3(n, p[0]) > 0);
  }
  mj_deleteModel(m);
  sn_spec_free(s);
}

// The unit tetrahedron: volume 1/6, centroid (1/4, 1/4, 1/4); about the centroid
// int x^2 = 3V/80 and int xy = -V/80 per axis pair.
static void test_tetrahedron(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  sn_mesh* me = (sn_mesh*)sn_spec_append(s, &s->meshes, sizeof(sn_mesh));
  sn_mesh_default(me);
  me->name = "tet";
  const double v[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  const double f[12] = {2, 0, 3, 0, 1, 3, 1, 2, 3, 1, 0, 2};
  me->vertex = tu_list(s, v, 12);
  me->face = tu_list(s, f, 12);
  tu_body(s, 0, 0, 0, 0);
  sn_geom* g = tu_mesh_geom(s, 1, "tet", mjGEOM_MESH);
  g->density = 1;
  mjModel* m = tu_compile(s);
  assert_close(m->body_mass[1], 1.0 / 6);
  for (int i = 0; i < 3; i++) {
    assert_close(m->mesh_pos[i], 0.25);
    assert_close(m->body_ipos[3 + i], 0.25);
  }
  // second moment about the centroid: int x^2 = V/10 - V/16 = 3V/80 per axis,
  // int xy = V/20 - V/16 = -V/80; trace of the inertia = 2 (3 * 3V/80)
  double V = 1.0 / 6, tr = m->body_inertia[3] + m->body_inertia[4] + m->body_inertia[5];
  assert_close(tr, 2 * 9 * V / 80);
  // I = 5V/80 E + V/80 (ones): V/10 about (1,1,1), 5V/80 about the perpendiculars
  assert_close(m->body_inertia[3], V / 10);
  assert_close(m->body_inertia[4], 5 * V / 80);
  assert_close(m->body_inertia[5], 5 * V / 80);
  mj_deleteModel(m);
  sn_spec_free(s);
}

// Fitted primitives: the inertia box of a box mesh is the box itself.
static void test_fit_box(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_box_mesh(s, "box", 0.125, 0.25, 0.5, 1, mjMESH_INERTIA_LEGACY);
  tu_body(s, 0, 0, 0, 0);
  tu_mesh_geom(s, 1, "box", mjGEOM_BOX);
  tu_mesh_geom(s, 1, "box", mjGEOM_ELLIPSOID)->fitscale = 2;
  mjModel* m = tu_compile(s);
  assert_close(m->geom_size[0], 0.125);
  assert_close(m->geom_size[1], 0.25);
  assert_close(m->geom_size[2], 0.5);
  assert_close(m->geom_size[3], 0.25);
  for (int i = 0; i < 3; i++) {
    assert_close(m->geom_pos[i], 1 + i);
  }
  mj_deleteModel(m);
  s->compiler.fitaabb = 1;
  m = tu_compile(s);
  assert_close(m->geom_size[0], 0.125);
  assert_close(m->geom_size[5], 1.0);
  mj_deleteModel(m);
  sn_spec_free(s);
}

// The face BVH: 2n - 1 nodes after the body trees, a root box containing every
// vertex, and every face in exactly one leaf.
static void test_bvh(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_box_mesh(s, "box", 0.125, 0.25, 0.5, 1, mjMESH_INERTIA_LEGACY);
  tu_body(s, 0, 0, 0, 0);
  tu_mesh_geom(s, 1, "box", mjGEOM_MESH);
  mjModel* m = tu_compile(s);
  assert_int_equal(m->mesh_bvhnum[0], 23);
  assert_int_equal(m->mesh_bvhadr[0], m->body_bvhnum[1]);
  assert_int_equal(m->nbvh, 24);
  int adr = m->mesh_bvhadr[0], seen[12] = {0};
  const double* root = m->bvh_aabb + 6 * adr;
  for (int v = 0; v < 8; v++) {
    for (int i = 0; i < 3; i++) {
      assert_true(fabs(m->mesh_vert[3 * v + i] - root[i]) <= root[3 + i] + 1e-12);
    }
  }
  for (int k = 0; k < 23; k++) {
    int id = m->bvh_nodeid[adr + k];
    if (id >= 0) {
      assert_true(id < 12);
      seen[id]++;
      assert_int_equal(m->bvh_child[2 * (adr + k)], -1);
    }
  }
  for (int f = 0; f < 12; f++) {
    assert_int_equal(seen[f], 1);
  }
  mj_deleteModel(m);
  sn_spec_free(s);
}

// qhull's vertex limit: at most maxhullvert hull vertices.
static void test_maxhullvert(void** state) {
  (void)state;
  double pts[3 * 40];
  for (int i = 0; i < 40; i++) {
    double t = 2.399963 * i, z = 1 - 2 * (i + 0.5) / 40, r = sqrt(1 - z * z);
    pts[3 * i] = r * cos(t);
    pts[3 * i + 1] = r * sin(t);
    pts[3 * i + 2] = z;
  }
  sn_hull h;
  char err[200];
  assert_true(sn_mesh_hull(pts, 40, -1, &h, err, sizeof(err)));
  assert_int_equal(h.nvert, 40);
  assert_int_equal(h.nface, 2 * 40 - 4);  // Euler: F = 2V - 4 for a triangulated sphere
  sn_mesh_hull_free(&h);
  assert_true(sn_mesh_hull(pts, 40, 10, &h, err, sizeof(err)));
  assert_true(h.nvert <= 10);
  sn_mesh_hull_free(&h);
  assert_false(sn_mesh_hull(pts, 3, -1, &h, err, sizeof(err)));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_box_mesh_equals_box), cmocka_unit_test(test_box_shell),
      cmocka_unit_test(test_cube_hull),           cmocka_unit_test(test_tetrahedron),
      cmocka_unit_test(test_fit_box),             cmocka_unit_test(test_bvh),
      cmocka_unit_test(test_maxhullvert),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
