// Midphase: the geom pairs of two bodies, in MuJoCo 3.3.8's order. A pair is collided
// with the geom of smaller type first, and the oracle visits the pairs of a body pair
// sorted by (first geom, second geom) in that order. Since the geoms of the smaller
// body have the smaller ids, that order is: the pairs kept as (g in b1, g in b2)
// lexicographically, then the swapped ones as (g in b2, g in b1) lexicographically.
//
// With the midphase enabled and both bodies holding several geoms, the two body BVHs
// (compiled boxes in each body's inertial frame) are descended together first, and only
// leaf pairs whose world boxes overlap (inflated by the margins) are kept. The BVH only
// prunes pairs that cannot touch, so the contacts are the same either way.
#include <math.h>

#include "base/sort.h"
#include "collision/driver.h"

// a geom pair as collided (smaller type first)
typedef struct {
  int g1, g2;
} sn_gpair;

// lexicographic: a total order on distinct pairs, so the sorted sequence does not depend
// on the sorting algorithm
static inline int sn_gpair_less(const sn_gpair* x, const sn_gpair* y) {
  return x->g1 != y->g1 ? x->g1 < y->g1 : x->g2 < y->g2;
}

SN_DEFINE_SORT(sn_sort_gpair, sn_gpair, sn_gpair_less)

// every pair, in the oracle's order
static void sn_all_pairs(const mjModel* m, mjData* d, int b1, int b2, sn_geompair_fn fn,
                         void* ctx) {
  int a1 = m->body_geomadr[b1], n1 = m->body_geomnum[b1];
  int a2 = m->body_geomadr[b2], n2 = m->body_geomnum[b2];
  const int* type = m->geom_type;
  for (int g1 = a1; g1 < a1 + n1; g1++) {
    for (int g2 = a2; g2 < a2 + n2; g2++) {
      if (type[g1] <= type[g2]) {
        fn(m, d, g1, g2, ctx);
      }
    }
  }
  for (int g2 = a2; g2 < a2 + n2; g2++) {
    for (int g1 = a1; g1 < a1 + n1; g1++) {
      if (type[g1] > type[g2]) {
        fn(m, d, g2, g1, ctx);
      }
    }
  }
}

// the largest margin of a body's geoms (the override margin when that is on); -1 when
// the body holds a plane, whose compiled box does not bound it
static mjtNum sn_body_margin(const mjModel* m, int b) {
  mjtNum margin = 0;
  int adr = m->body_geomadr[b], num = m->body_geomnum[b];
  for (int g = adr; g < adr + num; g++) {
    if (m->geom_type[g] == mjGEOM_PLANE) {
      return -1;
    }
    margin = fmax(margin, m->geom_margin[g]);
  }
  return (m->opt.enableflags & mjENBL_OVERRIDE) ? m->opt.o_margin : margin;
}

// world box (centre, half-size) of BVH node of body b
static void sn_node_box(const mjModel* m, const mjData* d, int b, int node, mjtNum* c,
                        mjtNum* h) {
  const mjtNum* box = m->bvh_aabb + 6 * (m->body_bvhadr[b] + node);
  const mjtNum* R = d->ximat + 9 * b;
  for (int i = 0; i < 3; i++) {
    c[i] = d->xipos[3 * b + i];
    h[i] = 0;
    for (int j = 0; j < 3; j++) {
      c[i] += R[3 * i + j] * box[j];
      h[i] += fabs(R[3 * i + j]) * box[3 + j];
    }
  }
}

static int sn_nodes_overlap(const mjModel* m, const mjData* d, int b1, int n1, int b2, int n2,
                            mjtNum margin) {
  mjtNum c1[3], h1[3], c2[3], h2[3];
  sn_node_box(m, d, b1, n1, c1, h1);
  sn_node_box(m, d, b2, n2, c2, h2);
  for (int k = 0; k < 3; k++) {
    if (fabs(c1[k] - c2[k]) > h1[k] + h2[k] + margin) {
      return 0;
    }
  }
  return 1;
}

// Descend both trees; store the kept geom pairs (type order) in out when given, return
// their count. stack holds (node1, node2) pairs.
static int sn_tree_pairs(const mjModel* m, const mjData* d, int b1, int b2, mjtNum margin,
                         int* stack, sn_gpair* out) {
  const int* child1 = m->bvh_child + 2 * m->body_bvhadr[b1];
  const int* child2 = m->bvh_child + 2 * m->body_bvhadr[b2];
  const int* id1 = m->bvh_nodeid + m->body_bvhadr[b1];
  const int* id2 = m->bvh_nodeid + m->body_bvhadr[b2];
  int top = 0, n = 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top) {
    int j = stack[--top], i = stack[--top];
    if (!sn_nodes_overlap(m, d, b1, i, b2, j, margin)) {
      continue;
    }
    int leaf1 = child1[2 * i] < 0, leaf2 = child2[2 * j] < 0;
    if (leaf1 && leaf2) {
      if (out) {
        int g1 = id1[i], g2 = id2[j];
        int swap = m->geom_type[g1] > m->geom_type[g2];
        out[n].g1 = swap ? g2 : g1;
        out[n].g2 = swap ? g1 : g2;
      }
      n++;
      continue;
    }
    // descend the inner node (both when both are inner)
    for (int a = 0; a < (leaf1 ? 1 : 2); a++) {
      for (int b = 0; b < (leaf2 ? 1 : 2); b++) {
        stack[top++] = leaf1 ? i : child1[2 * i + a];
        stack[top++] = leaf2 ? j : child2[2 * j + b];
      }
    }
  }
  return n;
}

void sn_midphase(const mjModel* m, mjData* d, int b1, int b2, sn_geompair_fn fn, void* ctx) {
  int num1 = m->body_bvhnum[b1], num2 = m->body_bvhnum[b2];
  mjtNum m1 = sn_body_margin(m, b1), m2 = sn_body_margin(m, b2);
  if ((m->opt.disableflags & mjDSBL_MIDPHASE) || num1 < 2 || num2 < 2 || m1 < 0 || m2 < 0) {
    sn_all_pairs(m, d, b1, b2, fn, ctx);
    return;
  }
  mj_markStack(d);
  // depth-first with up to 4 children pairs per node pair: 3 per level plus the root
  int* stack = mj_stackAllocInt(d, 2 * (3 * (size_t)(num1 + num2) + 4));
  int n = sn_tree_pairs(m, d, b1, b2, m1 + m2, stack, NULL);
  if (n) {
    sn_gpair* pairs = mj_stackAllocByte(d, 2 * sizeof(sn_gpair) * (size_t)n, _Alignof(sn_gpair));
    sn_gpair* tmp = pairs + n;
    sn_tree_pairs(m, d, b1, b2, m1 + m2, stack, pairs);
    sn_sort_gpair(pairs, tmp, n);
    for (int i = 0; i < n; i++) {
      fn(m, d, pairs[i].g1, pairs[i].g2, ctx);
    }
  }
  mj_freeStack(d);
}
