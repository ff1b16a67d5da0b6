// Grouping of mesh triangles by normal, the first step of the mesh polygons
// (mesh_poly.c): the groups are the entries of an ordered map (a red-black tree) whose
// keys are face normals compared with a tolerance, filled with the faces in order.
//
// Rules pinned down against MuJoCo 3.3.8 (the mug, 24544 faces, and hand-made meshes):
//   - normals are the faces' unit normals from the vertices as given;
//   - two normals are equivalent when they differ by less than 1.6e-3 (Euclidean;
//     the threshold is the same for any orientation and face size); otherwise they are
//     ordered lexicographically, larger component first, components within mjMINVAL
//     counting as equal (two mirror faces of the mug whose x differ by one ulp are
//     ordered by their z);
//   - a face first looks its normal up the way an ordered map's find does (the lower
//     bound, then one equivalence test with it): found, the face joins that group;
//   - not found, the normal is inserted as a new key, unless the insertion's own descent
//     (which stops at the first equivalent key on its path) meets an equivalent key:
//     then nothing is inserted and the face belongs to no group (3.3.8 drops it from
//     the polygons). With a tolerance the two descents need not agree: the mug loses
//     a few dozen faces this way.
// Keys are never updated: a face is compared with the group's first face, so a fan
// of faces 1e-3 apart groups in pairs.
#include <math.h>
#include <string.h>

#include "compiler/mesh.h"

#define SN_GROUP_TOL 1.6e-3

typedef struct {
  const double* fn;  // face normals
  int* key;          // node -> face whose normal is the key
  int* left;
  int* right;
  int* parent;
  char* red;
  int root;
  int n;
} sn_ntree;

// a before b in the map's order
static int sn_nless(const double* a, const double* b) {
  double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
  if (sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) < SN_GROUP_TOL) {
    return 0;
  }
  for (int k = 0; k < 3; k++) {
    if (fabs(d[k]) > mjMINVAL) {
      return a[k] > b[k];
    }
  }
  return 0;
}

static const double* sn_nkey(const sn_ntree* t, int node) {
  return t->fn + 3 * t->key[node];
}

static void sn_rotate(sn_ntree* t, int x, int toleft) {
  int* down = toleft ? t->right : t->left;  // the child that moves up
  int* up = toleft ? t->left : t->right;
  int y = down[x];
  down[x] = up[y];
  if (up[y] >= 0) {
    t->parent[up[y]] = x;
  }
  t->parent[y] = t->parent[x];
  int p = t->parent[x];
  if (p < 0) {
    t->root = y;
  } else if (t->left[p] == x) {
    t->left[p] = y;
  } else {
    t->right[p] = y;
  }
  up[y] = x;
  t->parent[x] = y;
}

// the usual red-black rebalancing after inserting z
static void sn_fixup(sn_ntree* t, int z) {
  while (t->parent[z] >= 0 && t->red[t->parent[z]]) {
    int p = t->parent[z], g = t->parent[p];
    int pleft = t->left[g] == p;
    int u = pleft ? t->right[g] : t->left[g];
    if (u >= 0 && t->red[u]) {
      t->red[p] = t->red[u] = 0;
      t->red[g] = 1;
      z = g;
      continue;
    }
    if (z == (pleft ? t->right[p] : t->left[p])) {
      z = p;
      sn_rotate(t, z, pleft);
      p = t->parent[z];
    }
    t->red[p] = 0;
    t->red[g] = 1;
    sn_rotate(t, g, !pleft);
  }
  t->red[t->root] = 0;
}

// Group of normal f (node id), a new node, or -1 (dropped).
static int sn_lookup(sn_ntree* t, int f) {
  const double* n = t->fn + 3 * f;
  int cand = -1;
  for (int x = t->root; x >= 0;) {
    if (!sn_nless(sn_nkey(t, x), n)) {
      cand = x;
      x = t->left[x];
    } else {
      x = t->right[x];
    }
  }
  if (cand >= 0 && !sn_nless(n, sn_nkey(t, cand))) {
    return cand;
  }
  int p = -1, goleft = 0;
  for (int x = t->root; x >= 0;) {
    p = x;
    if (sn_nless(n, sn_nkey(t, x))) {
      goleft = 1;
      x = t->left[x];
    } else if (sn_nless(sn_nkey(t, x), n)) {
      goleft = 0;
      x = t->right[x];
    } else {
      return -1;
    }
  }
  int z = t->n++;
  t->key[z] = f;
  t->left[z] = t->right[z] = -1;
  t->parent[z] = p;
  t->red[z] = 1;
  if (p < 0) {
    t->root = z;
  } else if (goleft) {
    t->left[p] = z;
  } else {
    t->right[p] = z;
  }
  sn_fixup(t, z);
  return z;
}

int sn_mesh_polygroups(const double* fn, int nf, int* group) {
  size_t cap = (size_t)(nf > 0 ? nf : 1);
  sn_ntree t = {fn, NULL, NULL, NULL, NULL, NULL, -1, 0};
  t.key = (int*)mju_malloc(sizeof(int) * cap);
  t.left = (int*)mju_malloc(sizeof(int) * cap);
  t.right = (int*)mju_malloc(sizeof(int) * cap);
  t.parent = (int*)mju_malloc(sizeof(int) * cap);
  t.red = (char*)mju_malloc(cap);
  for (int f = 0; f < nf; f++) {
    group[f] = sn_lookup(&t, f);
  }
  // renumber the nodes in the map's order (in-order walk)
  int* rank = (int*)mju_malloc(sizeof(int) * cap);
  int* stack = t.parent;  // parents are no longer needed; depth <= n
  int top = 0, next = 0;
  for (int x = t.root; x >= 0 || top;) {
    if (x >= 0) {
      stack[top++] = x;
      x = t.left[x];
    } else {
      x = stack[--top];
      rank[x] = next++;
      x = t.right[x];
    }
  }
  for (int f = 0; f < nf; f++) {
    if (group[f] >= 0) {
      group[f] = rank[group[f]];
    }
  }
  int ngroup = t.n;
  mju_free(rank);
  mju_free(t.key);
  mju_free(t.left);
  mju_free(t.right);
  mju_free(t.parent);
  mju_free(t.red);
  return ngroup;
}
