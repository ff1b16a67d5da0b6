// Mesh polygons (mesh_poly.c): the merge tolerance and the polygon normal, as measured
// on 3.3.8 (see SN_COPLANAR_TOL): faces join the polygon of the first face when their
// unit normals differ by less than 1.6e-3; a fan whose neighbours differ by 1e-3 merges
// in pairs; the normal comes from the first three boundary vertices.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/mesh.h"

static void tu_free(sn_mesh_built* mb) {
  mju_free(mb->polynormal);
  mju_free(mb->polyvertadr);
  mju_free(mb->polyvertnum);
  mju_free(mb->polyvert);
  mju_free(mb->polymapadr);
  mju_free(mb->polymapnum);
  mju_free(mb->polymap);
}

// Square base (two triangles, one corner raised by eps) of a pyramid with apex below.
static int tu_pyramid_polys(double eps) {
  double v[15] = {-2, -1, 0, 2, -1, 0, 2, 1, eps, -2, 1, 0, 0, 0, -1};
  int f[18] = {0, 2, 1, 0, 3, 2, 0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4};
  sn_mesh_built mb;
  memset(&mb, 0, sizeof(mb));
  mb.nvert = 5;
  sn_mesh_polygons(&mb, f, 6, v, v);
  int n = mb.npoly;
  tu_free(&mb);
  return n;
}

static void test_merge_tolerance(void** state) {
  (void)state;
  // 2:1 base: the two normals differ by 0.559 eps; 3.3.8 splits at eps = 2.86217e-3
  assert_int_equal(tu_pyramid_polys(0), 5);
  assert_int_equal(tu_pyramid_polys(2.8621e-3), 5);
  assert_int_equal(tu_pyramid_polys(2.8623e-3), 6);
  assert_int_equal(tu_pyramid_polys(1e-2), 6);
}

static void test_fan_pairs(void** state) {
  (void)state;
  // apex slightly raised over a unit circle: neighbouring fan faces differ by ~1e-3
  enum { K = 10 };
  double v[3 * (K + 3)];
  int f[3 * (2 * K + 2)];
  v[0] = 0, v[1] = 0, v[2] = 0.05;
  for (int k = 0; k <= K; k++) {
    v[3 * (k + 1)] = cos(0.02 * k);
    v[3 * (k + 1) + 1] = sin(0.02 * k);
    v[3 * (k + 1) + 2] = 0;
  }
  int q = K + 2;
  v[3 * q] = 0.3, v[3 * q + 1] = 0.1, v[3 * q + 2] = -1;
  int nf = 0;
  for (int k = 0; k < K; k++, nf++) {
    f[3 * nf] = 0, f[3 * nf + 1] = 1 + k, f[3 * nf + 2] = 2 + k;
  }
  for (int k = 0; k < K; k++, nf++) {
    f[3 * nf] = q, f[3 * nf + 1] = 2 + k, f[3 * nf + 2] = 1 + k;
  }
  f[3 * nf] = 0, f[3 * nf + 1] = q, f[3 * nf + 2] = 1, nf++;
  f[3 * nf] = 0, f[3 * nf + 1] = K + 1, f[3 * nf + 2] = q, nf++;
  sn_mesh_built mb;
  memset(&mb, 0, sizeof(mb));
  mb.nvert = K + 3;
  sn_mesh_polygons(&mb, f, nf, v, v);
  // the fan polygons (containing the apex, vertex 0): five quads [0, 2i+1, 2i+2, 2i+3]
  int quads = 0;
  for (int p = 0; p < mb.npoly; p++) {
    const int* pv = mb.polyvert + mb.polyvertadr[p];
    int n = mb.polyvertnum[p], apex = 0;
    for (int i = 0; i < n; i++) {
      apex |= pv[i] == 0;
    }
    if (apex && n == 4) {
      quads++;
      // normal of the first three vertices: unit length, pointing up (outward)
      const double* nn = mb.polynormal + 3 * p;
      assert_float_equal(mju_norm3(nn), 1, 1e-12);
      assert_true(nn[2] > 0.99);
    }
  }
  assert_int_equal(quads, K / 2);
  tu_free(&mb);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_merge_tolerance),
      cmocka_unit_test(test_fan_pairs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
