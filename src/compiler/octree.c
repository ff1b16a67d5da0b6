// Signed-distance octree of a mesh, as 3.3.8 stores it for sdf geoms (oct_* fields).
//
// Layout and rules, all measured against the oracle:
//  - the root is the mesh's bounding box (mesh frame) with its half-sizes scaled by 1.1;
//  - nodes are refined breadth first (each split appends its 8 children, child k in
//    octant k: bit 0 +x, bit 1 +y, bit 2 +z) when a mesh triangle touches the node's
//    box, down to depth 6;
//  - the tree is then balanced (face neighbours differ by at most one level) by sweeps
//    over the nodes that exist when the sweep starts, in index order. Each leaf probes
//    the six points just outside its face centres, located in the tree as it was at
//    the start of the sweep (ties at a cell centre go to the lower child). A probe that
//    lands two or more levels deeper splits the leaf; one that lands two or more levels
//    shallower splits that (still unsplit) leaf. Sweeps repeat until nothing changes;
//  - node boxes are halved spans: the root spans lo .. lo + 2 h0, each child the half of
//    its parent's span on its side of the parent's centre (lo + hi) / 2, and a box is
//    stored as (lo + hi) / 2, (hi - lo) / 2 (oct_aabb bit for bit on collide_sdf_sdf,
//    553,452 values; lo + (2 i + 1) h per depth missed 64% of them by an ulp);
//  - a corner is evaluated at its first node's span bounds (oct_coeff bit for bit: 17% ->
//    23% on collide_sdf_sdf; centre +- half-size: 17%); the rest differ in the last bits
//    of the distance itself;
//  - corner values are a function of the corner's position: the exact signed distance
//    to the surface (octree_dist.c: negative inside, by the winding), except at hanging
//    corners (inside a face or edge of a coarser leaf), which take the trilinear
//    interpolation of that leaf's corner values so the field is continuous.
// Child ids count from the tree's own root (mjModel.mesh_octadr), as in 3.3.8.
#include "compiler/octree.h"

#include "compiler/octree_dist.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SN_OCT_MAXDEPTH 6
// integer corner grid: 2^SN_OCT_MAXDEPTH cells per side
#define SN_OCT_GRID (1 << SN_OCT_MAXDEPTH)

typedef struct {
  int n, cap;
  int* depth;
  int* child;    // 8 per node
  int* coord;    // 3 per node: cell index at its depth
} sn_onodes;

static int sn_onodes_grow(sn_onodes* t) {
  if (t->n < t->cap) {
    return 1;
  }
  int cap = t->cap ? 2 * t->cap : 1024;
  int* d = (int*)realloc(t->depth, sizeof(int) * (size_t)cap);
  if (d) {
    t->depth = d;
  }
  int* c = (int*)realloc(t->child, sizeof(int) * 8 * (size_t)cap);
  if (c) {
    t->child = c;
  }
  int* x = (int*)realloc(t->coord, sizeof(int) * 3 * (size_t)cap);
  if (x) {
    t->coord = x;
  }
  if (!d || !c || !x) {
    return 0;
  }
  t->cap = cap;
  return 1;
}

static int sn_onodes_add(sn_onodes* t, int depth, int x, int y, int z) {
  if (!sn_onodes_grow(t)) {
    return -1;
  }
  int i = t->n++;
  t->depth[i] = depth;
  for (int k = 0; k < 8; k++) {
    t->child[8 * i + k] = -1;
  }
  t->coord[3 * i] = x;
  t->coord[3 * i + 1] = y;
  t->coord[3 * i + 2] = z;
  return i;
}

// Append the 8 children of node i; returns 0 when out of memory.
static int sn_onodes_split(sn_onodes* t, int i) {
  int d = t->depth[i], x = t->coord[3 * i], y = t->coord[3 * i + 1], z = t->coord[3 * i + 2];
  int first = t->n;
  for (int k = 0; k < 8; k++) {
    if (sn_onodes_add(t, d + 1, 2 * x + (k & 1), 2 * y + ((k >> 1) & 1), 2 * z + ((k >> 2) & 1)) < 0) {
      return 0;
    }
  }
  for (int k = 0; k < 8; k++) {
    t->child[8 * i + k] = first + k;
  }
  return 1;
}

//---------------------------------- construction --------------------------------------------------

// Leaf of the tree (child array ch) containing the point p, given in doubled units of
// the finest grid scaled by 4 (so cell centres and face offsets are integers); ties
// at a cell centre go to the lower child. -1 outside the root.
static int sn_locate(const sn_onodes* t, const int* ch, const int64_t p[3], int64_t side) {
  for (int k = 0; k < 3; k++) {
    if (p[k] < 0 || p[k] > side) {
      return -1;
    }
  }
  int i = 0;
  while (ch[8 * i] >= 0) {
    int64_t s = side >> t->depth[i];  // node size in these units
    int k = 0;
    for (int a = 0; a < 3; a++) {
      int64_t centre = (int64_t)t->coord[3 * i + a] * s + s / 2;
      if (p[a] > centre) {
        k |= 1 << a;
      }
    }
    i = ch[8 * i + k];
  }
  return i;
}

// Balance sweeps (see the file comment). Returns 0 when out of memory.
static int sn_oct_balance(sn_onodes* t) {
  // units: the finest cell is 8 wide, so a node centre and a point just past a face
  // (one unit) are integers
  const int64_t side = (int64_t)SN_OCT_GRID * 8;
  int changed = 1;
  while (changed) {
    changed = 0;
    int n = t->n;
    int* snap = (int*)malloc(sizeof(int) * 8 * (size_t)n);
    if (!snap) {
      return 0;
    }
    memcpy(snap, t->child, sizeof(int) * 8 * (size_t)n);
    for (int i = 0; i < n; i++) {
      if (snap[8 * i] >= 0 || t->child[8 * i] >= 0) {
        continue;
      }
      int d = t->depth[i];
      int64_t s = side >> d;
      for (int f = 0; f < 6; f++) {
        int axis = f / 2, dir = f % 2 ? -1 : 1;
        int64_t p[3];
        for (int a = 0; a < 3; a++) {
          p[a] = (int64_t)t->coord[3 * i + a] * s + s / 2;
        }
        p[axis] += dir * (s / 2 + 1);
        int j = sn_locate(t, snap, p, side);
        if (j < 0) {
          continue;
        }
        if (t->depth[j] >= d + 2) {
          if (t->child[8 * i] < 0) {
            if (!sn_onodes_split(t, i)) {
              free(snap);
              return 0;
            }
            changed = 1;
          }
        } else if (t->depth[j] <= d - 2 && t->child[8 * j] < 0) {
          if (!sn_onodes_split(t, j)) {
            free(snap);
            return 0;
          }
          changed = 1;
        }
      }
    }
    free(snap);
  }
  return 1;
}

//---------------------------------- corner values -------------------------------------------------

typedef struct {
  int cap;
  uint64_t* key;   // packed grid coordinates + 1 (0: empty)
  int* idx;
} sn_vmap;

static uint64_t sn_vkey(int x, int y, int z) {
  return ((uint64_t)x | ((uint64_t)y << 20) | ((uint64_t)z << 40)) + 1;
}

static uint64_t sn_vhash(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  return k;
}

// Index of the key, inserting it as *n (then incremented) when new; -1 when absent
// and insert is 0.
static int sn_vmap_get(sn_vmap* m, uint64_t key, int insert, int* n) {
  uint64_t h = sn_vhash(key) & (uint64_t)(m->cap - 1);
  while (m->key[h]) {
    if (m->key[h] == key) {
      return m->idx[h];
    }
    h = (h + 1) & (uint64_t)(m->cap - 1);
  }
  if (!insert) {
    return -1;
  }
  m->key[h] = key;
  m->idx[h] = (*n)++;
  return m->idx[h];
}

// Leaf containing the finest grid cell (x, y, z).
static int sn_leaf_at(const sn_onodes* t, int x, int y, int z) {
  int i = 0;
  while (t->child[8 * i] >= 0) {
    int sh = SN_OCT_MAXDEPTH - t->depth[i] - 1;
    int k = ((x >> sh) & 1) | (((y >> sh) & 1) << 1) | (((z >> sh) & 1) << 2);
    i = t->child[8 * i + k];
  }
  return i;
}

static void sn_corner(const sn_onodes* t, int i, int k, int c[3]) {
  int sh = SN_OCT_MAXDEPTH - t->depth[i];
  for (int a = 0; a < 3; a++) {
    c[a] = (t->coord[3 * i + a] + ((k >> a) & 1)) << sh;
  }
}

typedef struct {
  int depth;   // depth of the coarsest leaf the vertex hangs on, or -1
  int leaf;
  int v;
} sn_hang;

static int sn_cmp_hang(const void* a, const void* b) {
  const sn_hang* x = (const sn_hang*)a;
  const sn_hang* y = (const sn_hang*)b;
  if (x->depth != y->depth) {
    return x->depth - y->depth;
  }
  return x->v - y->v;
}

int sn_octree_build(const double* vert, int nvert, const int* face, int nface,
                    const double aabb[6], sn_octree* out) {
  memset(out, 0, sizeof(*out));
  double lo[3], h0[3];
  for (int k = 0; k < 3; k++) {
    h0[k] = 1.1 * aabb[3 + k];
    lo[k] = aabb[k] - h0[k];
  }
  sn_onodes t = {0};
  int ok = 0;
  double* val = NULL;
  int* vid = NULL;
  int* vc = NULL;     // grid coordinates of each distinct corner
  sn_hang* hang = NULL;
  double* span = NULL;  // per node: lower and upper bounds
  double* box = NULL;   // per node: centre and half-sizes
  double* cpos = NULL;  // per distinct corner: its position
  sn_vmap map = {0};
  int nv = 0;
  sn_meshdist md = {0};

  // breadth first refinement where the surface passes
  if (!sn_meshdist_init(&md, vert, nvert, face, nface) || sn_onodes_add(&t, 0, 0, 0, 0) < 0) {
    goto done;
  }
  for (int i = 0; i < t.n; i++) {
    int d = t.depth[i];
    if (d >= SN_OCT_MAXDEPTH) {
      continue;
    }
    double c[3], h[3];
    for (int k = 0; k < 3; k++) {
      h[k] = h0[k] / (double)(1 << d);
      c[k] = lo[k] + (2 * t.coord[3 * i + k] + 1) * h[k];
    }
    if (sn_meshdist_touches(&md, c, h) && !sn_onodes_split(&t, i)) {
      goto done;
    }
  }
  if (!sn_oct_balance(&t)) {
    goto done;
  }
  // boxes: each node spans [blo, bhi]; the root lo .. lo + 2 h0, a child the half of its
  // parent's span on its side of the parent's centre (blo + bhi) / 2; stored as centre
  // (blo + bhi) / 2 and half-size (bhi - blo) / 2 (measured: oct_aabb bit for bit, where
  // lo + (2 i + 1) h per depth was 32% off in the last bits)
  span = (double*)malloc(sizeof(double) * 6 * (size_t)t.n);
  box = (double*)malloc(sizeof(double) * 6 * (size_t)t.n);
  if (!span || !box) {
    goto done;
  }
  for (int a = 0; a < 3; a++) {
    span[a] = lo[a];
    span[3 + a] = lo[a] + 2 * h0[a];
  }
  for (int i = 0; i < t.n; i++) {
    for (int a = 0; a < 3; a++) {
      double blo = span[6 * i + a], bhi = span[6 * i + 3 + a];
      box[6 * i + a] = (blo + bhi) / 2;
      box[6 * i + 3 + a] = (bhi - blo) / 2;
    }
    for (int k = 0; k < 8 && t.child[8 * i] >= 0; k++) {
      int c = t.child[8 * i + k];
      for (int a = 0; a < 3; a++) {
        double mid = box[6 * i + a];
        span[6 * c + a] = (k >> a) & 1 ? mid : span[6 * i + a];
        span[6 * c + 3 + a] = (k >> a) & 1 ? span[6 * i + 3 + a] : mid;
      }
    }
  }

  // distinct corners
  nv = 0;
  map.cap = 16;
  while (map.cap < 16 * t.n) {
    map.cap *= 2;
  }
  map.key = (uint64_t*)calloc((size_t)map.cap, sizeof(uint64_t));
  map.idx = (int*)malloc(sizeof(int) * (size_t)map.cap);
  vid = (int*)malloc(sizeof(int) * 8 * (size_t)t.n);
  vc = (int*)malloc(sizeof(int) * 3 * 8 * (size_t)t.n);
  cpos = (double*)malloc(sizeof(double) * 3 * 8 * (size_t)t.n);
  if (!map.key || !map.idx || !vid || !vc || !cpos) {
    goto done;
  }
  for (int i = 0; i < t.n; i++) {
    for (int k = 0; k < 8; k++) {
      int c[3];
      sn_corner(&t, i, k, c);
      int before = nv;
      vid[8 * i + k] = sn_vmap_get(&map, sn_vkey(c[0], c[1], c[2]), 1, &nv);
      if (nv > before) {
        memcpy(vc + 3 * before, c, sizeof(c));
        for (int a = 0; a < 3; a++) {
          cpos[3 * before + a] = span[6 * i + 3 * ((k >> a) & 1) + a];
        }
      }
    }
  }
  val = (double*)malloc(sizeof(double) * (size_t)(nv ? nv : 1));
  hang = (sn_hang*)malloc(sizeof(sn_hang) * (size_t)(nv ? nv : 1));
  if (!val || !hang) {
    goto done;
  }
  for (int v = 0; v < nv; v++) {
    hang[v].depth = -1;
    hang[v].leaf = -1;
    hang[v].v = v;
  }
  // hanging corners: the leaves around each corner (one per octant) that do not have
  // it as a corner; keep the coarsest
  for (int i = 0; i < t.n; i++) {
    for (int k = 0; k < 8; k++) {
      int v = vid[8 * i + k];
      if (hang[v].leaf != -1) {
        continue;
      }
      hang[v].leaf = -2;  // visited
      int c[3];
      sn_corner(&t, i, k, c);
      for (int o = 0; o < 8; o++) {
        int x = c[0] - ((o & 1) ? 1 : 0), y = c[1] - ((o & 2) ? 1 : 0), z = c[2] - ((o & 4) ? 1 : 0);
        if (x < 0 || y < 0 || z < 0 || x >= SN_OCT_GRID || y >= SN_OCT_GRID || z >= SN_OCT_GRID) {
          continue;
        }
        int leaf = sn_leaf_at(&t, x, y, z);
        int sh = SN_OCT_MAXDEPTH - t.depth[leaf];
        int corner = 1;
        for (int a = 0; a < 3; a++) {
          corner &= (c[a] & ((1 << sh) - 1)) == 0;
        }
        if (!corner && (hang[v].depth < 0 || t.depth[leaf] < hang[v].depth)) {
          hang[v].depth = t.depth[leaf];
          hang[v].leaf = leaf;
        }
      }
      if (hang[v].depth < 0) {
        val[v] = sn_meshdist_sdf(&md, cpos + 3 * v);
      }
    }
  }
  // hanging corners in order of their leaf's depth: a leaf's own corners hang only on
  // coarser leaves, so they are final when it is used
  qsort(hang, (size_t)nv, sizeof(sn_hang), sn_cmp_hang);
  for (int q = 0; q < nv; q++) {
    if (hang[q].depth < 0) {
      continue;
    }
    int v = hang[q].v, leaf = hang[q].leaf;
    // position of the corner inside the leaf
    const int* c = vc + 3 * v;
    int sh = SN_OCT_MAXDEPTH - t.depth[leaf];
    double w[3];
    for (int a = 0; a < 3; a++) {
      w[a] = (double)(c[a] - (t.coord[3 * leaf + a] << sh)) / (double)(1 << sh);
    }
    double s = 0;
    for (int k = 0; k < 8; k++) {
      double wk = 1;
      for (int a = 0; a < 3; a++) {
        wk *= (k >> a) & 1 ? w[a] : 1 - w[a];
      }
      s += wk * val[vid[8 * leaf + k]];
    }
    val[v] = s;
  }

  // output
  out->nnode = t.n;
  out->depth = (int*)malloc(sizeof(int) * (size_t)t.n);
  out->child = (int*)malloc(sizeof(int) * 8 * (size_t)t.n);
  out->aabb = (double*)malloc(sizeof(double) * 6 * (size_t)t.n);
  out->coeff = (double*)malloc(sizeof(double) * 8 * (size_t)t.n);
  if (!out->depth || !out->child || !out->aabb || !out->coeff) {
    sn_octree_free(out);
    goto done;
  }
  memcpy(out->depth, t.depth, sizeof(int) * (size_t)t.n);
  memcpy(out->child, t.child, sizeof(int) * 8 * (size_t)t.n);
  memcpy(out->aabb, box, sizeof(double) * 6 * (size_t)t.n);
  for (int i = 0; i < t.n; i++) {
    for (int k = 0; k < 8; k++) {
      out->coeff[8 * i + k] = val[vid[8 * i + k]];
    }
  }
  ok = 1;

done:
  free(t.depth);
  free(t.child);
  free(t.coord);
  free(map.key);
  free(map.idx);
  free(vid);
  free(vc);
  free(val);
  free(hang);
  free(span);
  free(box);
  free(cpos);
  sn_meshdist_free(&md);
  return ok;
}

void sn_octree_free(sn_octree* t) {
  free(t->depth);
  free(t->child);
  free(t->aabb);
  free(t->coeff);
  memset(t, 0, sizeof(*t));
}
