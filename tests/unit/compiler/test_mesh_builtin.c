// Builtin mesh generators (mesh_builtin.c): vertex and face counts from the XML
// reference, unit radius, closed and consistently oriented surfaces (every edge used
// once in each direction), outward faces, and clean rejection of bad parameters.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/mesh.h"

typedef struct {
  sn_meshfile mf;
  double* v;
  int stride;
} tu_gen;

static void tu_make(tu_gen* g, const char* kind, const double* p, int np) {
  char err[256];
  memset(g, 0, sizeof(*g));
  if (!sn_mesh_builtin(kind, p, np, &g->mf, &g->v, &g->stride, err, sizeof(err))) {
    fail_msg("%s: %s", kind, err);
  }
}

static void tu_free(tu_gen* g) {
  sn_meshfile_free(&g->mf);
  mju_free(g->v);
}

// Closed and consistently oriented: each directed edge once, and its reverse present.
static void tu_assert_closed(const tu_gen* g) {
  const int* f = g->mf.face;
  int nf = g->mf.nface;
  int a, b;
  assert_int_equal(sn_mesh_misoriented(f, nf, &a, &b), 0);
  for (int i = 0; i < nf; i++) {
    for (int k = 0; k < 3; k++) {
      int u = f[3 * i + k], w = f[3 * i + (k + 1) % 3];
      int found = 0;
      for (int j = 0; j < nf && !found; j++) {
        for (int l = 0; l < 3; l++) {
          found |= f[3 * j + l] == w && f[3 * j + (l + 1) % 3] == u;
        }
      }
      if (!found) {
        fail_msg("edge %d-%d has no opposite", u, w);
      }
    }
  }
}

// Outward faces of a shape star-shaped about the origin: positive enclosed volume.
static double tu_volume(const tu_gen* g) {
  double vol = 0;
  for (int i = 0; i < g->mf.nface; i++) {
    const double* p = g->v + 3 * g->mf.face[3 * i];
    const double* q = g->v + 3 * g->mf.face[3 * i + 1];
    const double* r = g->v + 3 * g->mf.face[3 * i + 2];
    double c[3];
    mju_cross(c, q, r);
    vol += mju_dot3(p, c) / 6;
  }
  return vol;
}

static void test_sphere_counts(void** state) {
  (void)state;
  for (int s = 0; s <= 4; s++) {
    tu_gen g;
    double p = s;
    tu_make(&g, "sphere", &p, 1);
    int pw = 1 << (2 * s);
    assert_int_equal(g.mf.nvert, 2 + 10 * pw);
    assert_int_equal(g.mf.nface, 20 * pw);
    for (int i = 0; i < g.mf.nvert; i++) {
      assert_float_equal(mju_norm3(g.v + 3 * i), 1, 1e-6);
    }
    if (s <= 2) {
      tu_assert_closed(&g);
    }
    double vol = tu_volume(&g);
    assert_true(vol > 0 && vol < 4 * mjPI / 3);
    tu_free(&g);
  }
}

static void test_hemisphere_counts(void** state) {
  (void)state;
  for (int r = 0; r <= 4; r++) {
    tu_gen g;
    double p = r;
    tu_make(&g, "hemisphere", &p, 1);
    assert_int_equal(g.mf.nvert, 2 + 2 * (r + 1) * (r + 2));
    assert_int_equal(g.mf.nface, 4 * (r + 1) * (r + 2));
    // the equator has 4 (r + 1) vertices at z = 0, the last vertex is the origin
    int equator = 0;
    for (int i = 0; i + 1 < g.mf.nvert; i++) {
      equator += fabs(g.v[3 * i + 2]) < 1e-12;
      assert_float_equal(mju_norm3(g.v + 3 * i), 1, 1e-12);
    }
    assert_int_equal(equator, 4 * (r + 1));
    assert_float_equal(mju_norm3(g.v + 3 * (g.mf.nvert - 1)), 0, 0);
    tu_assert_closed(&g);
    assert_true(tu_volume(&g) > 0);
    tu_free(&g);
  }
}

static void test_cone_vertices_only(void** state) {
  (void)state;
  tu_gen g;
  double p[2] = {5, 0.5};
  tu_make(&g, "cone", p, 2);
  assert_int_equal(g.mf.nvert, 10);
  assert_int_equal(g.mf.nface, 0);
  assert_float_equal(g.v[3 * 5], 0.5, 1e-15);  // top ring continues at angle 2 pi
  assert_float_equal(g.v[3 * 5 + 2], 1, 0);
  tu_free(&g);
  double apex[2] = {3, 0};
  tu_make(&g, "cone", apex, 2);
  assert_int_equal(g.mf.nvert, 4);
  tu_free(&g);
}

static void test_supersphere_and_torus(void** state) {
  (void)state;
  tu_gen g;
  double ss[3] = {30, 1, 1};
  tu_make(&g, "supersphere", ss, 3);
  assert_int_equal(g.mf.nvert, 30 * 29 + 2);
  assert_int_equal(g.mf.nface, 2 * 30 * 29);
  tu_assert_closed(&g);
  // inscribed in the unit sphere: slightly less than its volume
  double vs = tu_volume(&g);
  assert_true(vs < 4 * mjPI / 3 && vs > 0.98 * 4 * mjPI / 3);
  tu_free(&g);
  double st[4] = {12, 0.5, 1, 1};
  tu_make(&g, "supertorus", st, 4);
  assert_int_equal(g.mf.nvert, 144);
  assert_int_equal(g.mf.nface, 288);
  tu_assert_closed(&g);
  // torus volume 2 pi^2 R r^2, less for the polygonal cross sections
  double vol = tu_volume(&g);
  assert_true(vol > 0 && vol < 2 * mjPI * mjPI * 0.25);
  tu_free(&g);
}

static void test_wedge_normals(void** state) {
  (void)state;
  tu_gen g;
  double p[5] = {4, 3, 60, 30, 0};
  tu_make(&g, "wedge", p, 5);
  assert_int_equal(g.mf.nvert, 12);
  assert_int_equal(g.mf.nface, 0);
  assert_int_equal(g.stride, 3);
  assert_int_equal(g.mf.nnormal, 36);
  for (int i = 0; i < 12; i++) {
    const float* n = g.mf.normal + 9 * i;
    double r[3], t1[3], t2[3];
    for (int k = 0; k < 3; k++) {
      r[k] = n[k];
      t1[k] = n[3 + k];
      t2[k] = n[6 + k];
    }
    // radial normal equals the vertex; the two tangents are orthonormal to it
    assert_float_equal(r[0], g.v[3 * i], 1e-7);
    assert_float_equal(mju_dot3(r, t1), 0, 1e-6);
    assert_float_equal(mju_dot3(r, t2), 0, 1e-6);
    assert_float_equal(mju_dot3(t1, t2), 0, 1e-6);
    assert_float_equal(mju_norm3(t1), 1, 1e-6);
    // the patch is centred on -z and spans +-60 degrees of azimuth
    assert_true(g.v[3 * i + 2] < 0);
  }
  tu_free(&g);
}

// Foveal wedge (3.3.8's "8 2 60 10 1"): the azimuths of the cell centres are 60 degrees
// times the means of the fifth powers of the cell edges: 1, 33, 275, 1267 (/ 2048).
static void test_wedge_gamma(void** state) {
  (void)state;
  tu_gen g;
  double p[5] = {8, 2, 60, 10, 1};
  tu_make(&g, "wedge", p, 5);
  assert_int_equal(g.mf.nvert, 16);
  const double want[8] = {-1267, -275, -33, -1, 1, 33, 275, 1267};
  for (int i = 0; i < 8; i++) {
    const double* v = g.v + 3 * (2 * i);  // elevation runs fastest
    double phi = atan2(v[0], -v[2]) * 180 / mjPI;
    assert_float_equal(phi, 60 * want[i] / 2048, 1e-12);
  }
  tu_free(&g);
}

// 3.3.8's plate "3 3": cell centres at z = -1, x outer, two triangles per square of
// neighbours, normals x, y, z at every vertex.
static void test_plate_grid(void** state) {
  (void)state;
  tu_gen g;
  double p[2] = {3, 3};
  tu_make(&g, "plate", p, 2);
  assert_int_equal(g.mf.nvert, 9);
  assert_int_equal(g.mf.nface, 8);
  assert_int_equal(g.stride, 3);
  assert_int_equal(g.mf.nnormal, 27);
  assert_float_equal(g.v[0], -2.0 / 3, 1e-12);
  assert_float_equal(g.v[1], -2.0 / 3, 1e-12);
  assert_float_equal(g.v[2], -1, 1e-12);
  assert_float_equal(g.v[3 * 1 + 1], 0, 1e-12);  // y runs fastest
  const int face[6] = {0, 3, 1, 4, 1, 3};
  for (int k = 0; k < 6; k++) {
    assert_int_equal(g.mf.face[k], face[k]);
  }
  for (int i = 0; i < 9; i++) {
    for (int k = 0; k < 9; k++) {
      assert_float_equal(g.mf.normal[9 * i + k], k % 4 == 0 ? 1 : 0, 0);
    }
  }
  tu_free(&g);
}

static void test_bad_parameters(void** state) {
  (void)state;
  struct {
    const char* kind;
    double p[5];
    int np;
    const char* msg;
  } bad[] = {
      {"sphere", {5}, 1, "greater than 4"},
      {"sphere", {-1}, 1, "non-negative"},
      {"hemisphere", {11}, 1, "[0, 10]"},
      {"cone", {2, 1}, 2, ">= 3"},
      {"cone", {4, 1.5}, 2, "[0, 1]"},
      {"supersphere", {30, 1}, 2, "needs 3 parameters"},
      {"supertorus", {30, 0, 1, 1}, 4, "(0, 1]"},
      {"wedge", {5, 5, 45, 20, 1.5}, 5, "gamma must be in [0, 1]"},
      {"wedge", {5, 5, 45, 20, -0.1}, 5, "gamma must be in [0, 1]"},
      {"wedge", {5, 5, 200, 20, 0}, 5, "fields of view"},
      {"plate", {0, 3}, 2, "positive integers"},
      {"pyramid", {1}, 1, "invalid builtin mesh type"},
  };
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    sn_meshfile mf;
    double* v = (double*)1;
    int stride;
    char err[256] = "";
    assert_int_equal(sn_mesh_builtin(bad[i].kind, bad[i].p, bad[i].np, &mf, &v, &stride, err,
                                     sizeof(err)),
                     0);
    assert_null(v);
    assert_null(mf.vert);
    if (!strstr(err, bad[i].msg)) {
      fail_msg("%s: '%s' lacks '%s'", bad[i].kind, err, bad[i].msg);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sphere_counts),        cmocka_unit_test(test_hemisphere_counts),
      cmocka_unit_test(test_cone_vertices_only),   cmocka_unit_test(test_supersphere_and_torus),
      cmocka_unit_test(test_wedge_normals), cmocka_unit_test(test_wedge_gamma),
      cmocka_unit_test(test_plate_grid),
      cmocka_unit_test(test_bad_parameters),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
