// Signed-distance octree (octree.c): layout, balance and corner values on a cube,
// whose signed distance is known in closed form. The node count is 3.3.8's for a box
// mesh (measured with tools/dump_model.mjs: noct 63497).
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/octree.h"

static const double tu_v[24] = {-1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1,
                                -1, -1, 1,  1, -1, 1,  -1, 1, 1,  1, 1, 1};
static const int tu_f[36] = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                             2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
static const double tu_box[6] = {0, 0, 0, 1, 1, 1};

// Signed distance to the cube [-1, 1]^3.
static double tu_cube_sdf(const double p[3]) {
  double q[3], out = 0, in = -INFINITY;
  for (int k = 0; k < 3; k++) {
    q[k] = fabs(p[k]) - 1;
    out += q[k] > 0 ? q[k] * q[k] : 0;
    in = fmax(in, q[k]);
  }
  return out > 0 ? sqrt(out) : in;
}

static void tu_corner(const sn_octree* t, int i, int k, double p[3]) {
  for (int a = 0; a < 3; a++) {
    p[a] = t->aabb[6 * i + a] + ((k >> a) & 1 ? 1 : -1) * t->aabb[6 * i + 3 + a];
  }
}

static void test_layout(void** state) {
  (void)state;
  sn_octree t;
  assert_int_equal(sn_octree_build(tu_v, 8, tu_f, 12, tu_box, &t), 1);
  assert_int_equal(t.nnode, 63497);
  // root: the mesh box with 10% margin
  for (int a = 0; a < 3; a++) {
    assert_true(fabs(t.aabb[a]) < 1e-15);
    assert_true(fabs(t.aabb[3 + a] - 1.1) < 1e-15);
  }
  for (int i = 0; i < t.nnode; i++) {
    if (t.child[8 * i] < 0) {
      for (int k = 1; k < 8; k++) {
        assert_int_equal(t.child[8 * i + k], -1);
      }
      continue;
    }
    assert_true(t.depth[i] < 6);
    for (int k = 0; k < 8; k++) {
      int c = t.child[8 * i + k];
      assert_int_equal(c, t.child[8 * i] + k);  // siblings are contiguous
      assert_true(c > i);
      assert_int_equal(t.depth[c], t.depth[i] + 1);
      for (int a = 0; a < 3; a++) {
        // child k in octant k: bit a set means the upper half along axis a
        double off = t.aabb[6 * c + a] - t.aabb[6 * i + a];
        assert_true(((k >> a) & 1) ? off > 0 : off < 0);
        assert_true(fabs(t.aabb[6 * c + 3 + a] - 0.5 * t.aabb[6 * i + 3 + a]) < 1e-15);
      }
    }
  }
  sn_octree_free(&t);
}

// Face neighbours differ by at most one level: leaf depth on the finest grid.
static void test_balance(void** state) {
  (void)state;
  sn_octree t;
  assert_int_equal(sn_octree_build(tu_v, 8, tu_f, 12, tu_box, &t), 1);
  enum { N = 64 };
  signed char* grid = (signed char*)calloc(N * N * N, 1);
  assert_non_null(grid);
  for (int i = 0; i < t.nnode; i++) {
    if (t.child[8 * i] >= 0) {
      continue;
    }
    int lo[3], n = N >> t.depth[i];
    for (int a = 0; a < 3; a++) {
      double x = (t.aabb[6 * i + a] - t.aabb[6 * i + 3 + a] + 1.1) / 2.2 * N;
      lo[a] = (int)lround(x);
    }
    for (int x = lo[0]; x < lo[0] + n; x++) {
      for (int y = lo[1]; y < lo[1] + n; y++) {
        for (int z = lo[2]; z < lo[2] + n; z++) {
          grid[(x * N + y) * N + z] = (signed char)t.depth[i];
        }
      }
    }
  }
  int worst = 0;
  for (int x = 0; x < N; x++) {
    for (int y = 0; y < N; y++) {
      for (int z = 0; z < N; z++) {
        int d = grid[(x * N + y) * N + z];
        int nb[3] = {x + 1 < N ? grid[((x + 1) * N + y) * N + z] : d,
                     y + 1 < N ? grid[(x * N + y + 1) * N + z] : d,
                     z + 1 < N ? grid[(x * N + y) * N + z + 1] : d};
        for (int a = 0; a < 3; a++) {
          worst = abs(d - nb[a]) > worst ? abs(d - nb[a]) : worst;
        }
      }
    }
  }
  assert_int_equal(worst, 1);
  free(grid);
  sn_octree_free(&t);
}

// Corner values: the exact signed distance, or (hanging corners) an interpolation
// within the coarser leaf, whose error is at most the leaf's size; the sign follows
// the winding, so inverted faces invert every value.
static void test_values(void** state) {
  (void)state;
  sn_octree t, u;
  int flip[36];
  for (int f = 0; f < 12; f++) {
    flip[3 * f] = tu_f[3 * f];
    flip[3 * f + 1] = tu_f[3 * f + 2];
    flip[3 * f + 2] = tu_f[3 * f + 1];
  }
  assert_int_equal(sn_octree_build(tu_v, 8, tu_f, 12, tu_box, &t), 1);
  assert_int_equal(sn_octree_build(tu_v, 8, flip, 12, tu_box, &u), 1);
  assert_int_equal(t.nnode, u.nnode);
  int exact = 0;
  for (int i = 0; i < t.nnode; i++) {
    double diag = 2 * sqrt(3) * t.aabb[6 * i + 3];
    for (int k = 0; k < 8; k++) {
      double p[3];
      tu_corner(&t, i, k, p);
      double v = t.coeff[8 * i + k], ref = tu_cube_sdf(p);
      assert_true(fabs(v - ref) <= diag);
      exact += fabs(v - ref) < 1e-12;
      assert_true(u.coeff[8 * i + k] == -v);
    }
  }
  assert_true(exact > 8 * t.nnode / 2);
  // root corners: (1.1, 1.1, 1.1) is sqrt(3) * 0.1 from the cube's corner
  for (int k = 0; k < 8; k++) {
    assert_true(fabs(t.coeff[k] - sqrt(3) * 0.1) < 1e-12);
  }
  sn_octree_free(&t);
  sn_octree_free(&u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout),
      cmocka_unit_test(test_balance),
      cmocka_unit_test(test_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
