// Bounding-volume hierarchies over the geoms of each body, in the body's inertial
// frame: a binary tree built top-down by sorting the elements of a node along the
// longest side of the node's box and giving the first half (rounded down) to the left
// child. Nodes are stored in preorder; child indices are relative to the body's first
// node; leaves store the geom id.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

typedef struct {
  mjModel* m;
  int adr;              // first node of the body
  int next;             // next free node (relative)
  const double* box;    // (ngeom_body x 6) element boxes: center, half-size
  int axis;             // sort key of the current split
  const int* gid;       // geom id of each element
} sn_bvh_build;

static _Thread_local const sn_bvh_build* sn_sort_ctx;

// Ties keep the geom order so the result does not depend on the sort algorithm.
static int sn_cmp_center(const void* a, const void* b) {
  int i = *(const int*)a, j = *(const int*)b;
  double ci = sn_sort_ctx->box[6 * i + sn_sort_ctx->axis];
  double cj = sn_sort_ctx->box[6 * j + sn_sort_ctx->axis];
  if (ci < cj) {
    return -1;
  }
  if (ci > cj) {
    return 1;
  }
  return (i > j) - (i < j);
}

// Build the subtree over elements idx[0..n) at the given depth; returns its node.
static int sn_bvh_node(sn_bvh_build* b, int* idx, int n, int depth) {
  mjModel* m = b->m;
  int node = b->next++;
  int g = b->adr + node;
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int i = 0; i < n; i++) {
    const double* e = b->box + 6 * idx[i];
    for (int k = 0; k < 3; k++) {
      lo[k] = fmin(lo[k], e[k] - e[k + 3]);
      hi[k] = fmax(hi[k], e[k] + e[k + 3]);
    }
  }
  m->bvh_depth[g] = depth;
  if (n == 1) {
    memcpy(m->bvh_aabb + 6 * g, b->box + 6 * idx[0], 6 * sizeof(double));
    m->bvh_nodeid[g] = b->gid[idx[0]];
    m->bvh_child[2 * g] = m->bvh_child[2 * g + 1] = -1;
    return node;
  }
  for (int k = 0; k < 3; k++) {
    m->bvh_aabb[6 * g + k] = 0.5 * (lo[k] + hi[k]);
    m->bvh_aabb[6 * g + 3 + k] = 0.5 * (hi[k] - lo[k]);
  }
  m->bvh_nodeid[g] = -1;
  int axis = 0;
  for (int k = 1; k < 3; k++) {
    if (hi[k] - lo[k] >= hi[axis] - lo[axis]) {
      axis = k;
    }
  }
  b->axis = axis;
  sn_sort_ctx = b;
  qsort(idx, (size_t)n, sizeof(int), sn_cmp_center);
  int left = n / 2;
  m->bvh_child[2 * g] = sn_bvh_node(b, idx, left, depth + 1);
  m->bvh_child[2 * g + 1] = sn_bvh_node(b, idx + left, n - left, depth + 1);
  return node;
}

int sn_compile_bvh(sn_ctx* c) {
  mjModel* m = c->m;
  int adr = 0;
  for (int body = 0; body < m->nbody; body++) {
    int num = m->body_geomnum[body], geomadr = m->body_geomadr[body];
    int n = 0;
    for (int i = 0; i < num; i++) {
      n += (m->geom_contype[geomadr + i] | m->geom_conaffinity[geomadr + i]) != 0;
    }
    if (!n) {
      m->body_bvhadr[body] = -1;
      m->body_bvhnum[body] = 0;
      continue;
    }
    m->body_bvhadr[body] = adr;
    m->body_bvhnum[body] = 2 * n - 1;

    // geom boxes in the inertial frame: centre moved, half-sizes of the rotated box
    double* box = (double*)mju_malloc(sizeof(double) * 6 * (size_t)n);
    int* idx = (int*)mju_malloc(sizeof(int) * (size_t)n);
    double Rb[9];
    mju_quat2Mat(Rb, m->body_iquat + 4 * body);
    int* gid = (int*)mju_malloc(sizeof(int) * (size_t)n);
    for (int i = 0, k = 0; i < num; i++) {
      if (m->geom_contype[geomadr + i] | m->geom_conaffinity[geomadr + i]) {
        gid[k++] = geomadr + i;
      }
    }
    for (int i = 0; i < n; i++) {
      int g = gid[i];
      const double* aabb = m->geom_aabb + 6 * g;
      double Rg[9], M[9], cg[3], p[3];
      mju_quat2Mat(Rg, m->geom_quat + 4 * g);
      mju_mulMatTMat(M, Rb, Rg, 3, 3, 3);
      mju_mulMatVec3(cg, Rg, aabb);
      mju_add3(p, m->geom_pos + 3 * g, cg);
      mju_subFrom3(p, m->body_ipos + 3 * body);
      mju_mulMatTVec3(box + 6 * i, Rb, p);
      for (int r = 0; r < 3; r++) {
        box[6 * i + 3 + r] = fabs(M[3 * r]) * aabb[3] + fabs(M[3 * r + 1]) * aabb[4] +
                             fabs(M[3 * r + 2]) * aabb[5];
      }
      idx[i] = i;
    }
    sn_bvh_build b = {m, adr, 0, box, 0, gid};
    sn_bvh_node(&b, idx, n, 0);
    mju_free(box);
    mju_free(gid);
    mju_free(idx);
    adr += 2 * n - 1;
  }
  return 1;
}
