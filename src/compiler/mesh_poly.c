// Polygons of a triangle set (the convex hull's, or the mesh's own faces; used by the
// polygon-clipping contact code) and the bounding-volume hierarchy over the mesh faces
// (used by the mesh midphase).
//
// Polygons, as MuJoCo 3.3.8 builds them (pinned down on the mug, cassie, bunny and
// hand-made meshes; the grouping itself is in mesh_polygroup.c):
//   - the faces are grouped by normal; groups come in the map's order;
//   - each group's edge-connected pieces are polygons, in the order of their first
//     faces; the flood fill crosses an edge to the group's first face (in face order)
//     that has the reversed edge;
//   - a piece's boundary edges are its face edges whose reverse is in none of its
//     faces, listed face by face; the polygon starts at the first of them and follows
//     the first edge leaving the vertex reached; a walk that does not come back to the
//     first edge gives no polygon (pieces with holes keep the loop of the first edge);
//   - a piece with exactly three boundary edges (a triangle, possibly split into a fan
//     around inner vertices) lists their first vertices in face order instead, which
//     runs against the boundary for some face orders (bunny.obj, cassie's tarsus);
//   - the stored normal comes from the first three polygon vertices.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/mesh.h"

// The unit normal of triangle (a, b, c) as 3.3.8 computes it for the polygons (the
// faces' normals that group them, and the polygons' stored normals): the cross product
// divided by its length, where below 1e-14 the cross product is replaced by the
// fallback axis (1, 0, 0) and still divided by the length (a tetrahedron scaled by
// 1e-7, cross products of 1e-14, gets (1e14, 0, 0); by 1.0001e-7, its true normals).
// Exactly degenerate triangles (and collinear polygon corners: builtin plates) give
// (inf, nan, nan), nearly degenerate ones a huge x, which puts their groups first
// (cassie's pelvis, the mug).
#define SN_POLY_NORMAL_MIN 1e-14

static void sn_tri_normal(const double* vert, int a, int b, int c, double out[3]) {
  double e1[3], e2[3];
  mju_sub3(e1, vert + 3 * b, vert + 3 * a);
  mju_sub3(e2, vert + 3 * c, vert + 3 * a);
  mju_cross(out, e1, e2);
  double len = sqrt(mju_dot3(out, out));
  if (len < SN_POLY_NORMAL_MIN) {
    out[0] = 1;
    out[1] = out[2] = 0;
  }
  for (int k = 0; k < 3; k++) {
    out[k] /= len;
  }
}

// A polygon's normal: from its first three boundary vertices.
static void sn_poly_normal(const double* vert, const int* pv, int n, double out[3]) {
  if (n < 3) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  sn_tri_normal(vert, pv[0], pv[1], pv[2], out);
}

static int sn_cmp_int(const void* a, const void* b) {
  int i = *(const int*)a, j = *(const int*)b;
  return (i > j) - (i < j);
}

// Directed edges of a triangle set in an open-addressing table: edge (a, b) -> the
// face-edges (3 * face + k) that have it, the last one in the slot and the earlier ones
// chained behind it (chain: NULL when only the first is kept). The faces across edge
// (a, b) of a face are those with (b, a).
typedef struct {
  long long* key;
  int* head;
  int* chain;
  size_t mask;
} sn_edgemap;

static size_t sn_edge_slot(const sn_edgemap* e, long long key) {
  unsigned long long h = (unsigned long long)key * 0x9E3779B97F4A7C15ull;
  size_t slot = (size_t)(h >> 17) & e->mask;
  while (e->head[slot] >= 0 && e->key[slot] != key) {
    slot = (slot + 1) & e->mask;
  }
  return slot;
}

static long long sn_edge_key(int a, int b) {
  return ((long long)a << 32) | (unsigned)b;
}

static void sn_edgemap_alloc(sn_edgemap* e, int nf) {
  size_t cap = 8;
  while (cap < 6 * (size_t)nf) {
    cap <<= 1;
  }
  e->mask = cap - 1;
  e->key = (long long*)mju_malloc(sizeof(long long) * cap);
  e->head = (int*)mju_malloc(sizeof(int) * cap);
  e->chain = NULL;
  for (size_t i = 0; i < cap; i++) {
    e->head[i] = -1;
  }
}

// every face-edge, chained
static void sn_edgemap_build(sn_edgemap* e, const int* face, int nf) {
  sn_edgemap_alloc(e, nf);
  e->chain = (int*)mju_malloc(sizeof(int) * 3 * (size_t)(nf > 0 ? nf : 1));
  for (int f = 0; f < nf; f++) {
    for (int k = 0; k < 3; k++) {
      long long key = sn_edge_key(face[3 * f + k], face[3 * f + (k + 1) % 3]);
      size_t slot = sn_edge_slot(e, key);
      e->key[slot] = key;
      e->chain[3 * f + k] = e->head[slot];
      e->head[slot] = 3 * f + k;
    }
  }
}

// the last face-edge with (a, b), or -1; the earlier ones follow through e->chain
static int sn_edgemap_find(const sn_edgemap* e, int a, int b) {
  return e->head[sn_edge_slot(e, sn_edge_key(a, b))];
}

static void sn_edgemap_free(sn_edgemap* e) {
  mju_free(e->key);
  mju_free(e->head);
  mju_free(e->chain);
}

int sn_mesh_misoriented(const int* face, int nf, int* a, int* b) {
  sn_edgemap e;
  sn_edgemap_alloc(&e, nf);
  int found = 0;
  for (int f = 0; f < nf && !found; f++) {
    for (int k = 0; k < 3 && !found; k++) {
      *a = face[3 * f + k];
      *b = face[3 * f + (k + 1) % 3];
      long long key = sn_edge_key(*a, *b);
      size_t slot = sn_edge_slot(&e, key);
      if (e.head[slot] >= 0 && e.head[slot] / 3 < f) {
        found = 1;
      } else if (e.head[slot] < 0) {
        e.key[slot] = key;
        e.head[slot] = 3 * f + k;
      }
    }
  }
  sn_edgemap_free(&e);
  return found;
}

// The first face (in face order) of group g with edge (a, b), or -1.
static int sn_edgemap_first(const sn_edgemap* e, int a, int b, const int* groupof, int g) {
  int first = -1;
  for (int i = sn_edgemap_find(e, a, b); i >= 0; i = e->chain[i]) {
    if (groupof[i / 3] == g) {
      first = i / 3;  // the chain runs from the last face to the first
    }
  }
  return first;
}

// Does some face of piece p (pieceof) have edge (b, a), i.e. lie across edge (a, b)?
static int sn_across_in(const sn_edgemap* e, int a, int b, const int* pieceof, int p) {
  for (int i = sn_edgemap_find(e, b, a); i >= 0; i = e->chain[i]) {
    if (pieceof[i / 3] == p) {
      return 1;
    }
  }
  return 0;
}

// Boundary loop of a piece (faces group[0..n-1], in face order), as described at the
// top; returns the number of vertices written to out (0: no polygon).
static int sn_boundary(const int* face, const int* group, int n, const sn_edgemap* e,
                       const int* pieceof, int* out) {
  int nedge = 0;
  int* from = (int*)mju_malloc(sizeof(int) * 3 * (size_t)n);
  int* to = (int*)mju_malloc(sizeof(int) * 3 * (size_t)n);
  for (int i = 0; i < n; i++) {
    const int* f = face + 3 * group[i];
    for (int k = 0; k < 3; k++) {
      int a = f[k], b = f[(k + 1) % 3];
      if (!sn_across_in(e, a, b, pieceof, pieceof[group[i]])) {
        from[nedge] = a;
        to[nedge++] = b;
      }
    }
  }
  int count = 0;
  if (nedge == 3) {
    // three boundary edges: 3.3.8 lists their first vertices in face order, not along
    // the boundary (a triangle split into a fan can come out reversed: bunny.obj)
    for (int j = 0; j < 3; j++) {
      out[count++] = from[j];
    }
  } else if (nedge) {
    int e = 0;
    do {
      out[count++] = from[e];
      int next = -1;
      for (int j = 0; j < nedge && next < 0; j++) {
        if (from[j] == to[e]) {
          next = j;
        }
      }
      e = next;
    } while (e > 0 && count < nedge);
    if (e != 0) {
      count = 0;  // the walk does not come back to its first edge: 3.3.8 drops the polygon
    }
  }
  mju_free(from);
  mju_free(to);
  return count;
}

void sn_mesh_polygons(sn_mesh_built* mb, const int* face, int nf, const double* raw,
                      const double* vert) {
  size_t cap = (size_t)(nf > 0 ? nf : 1);
  int* group = (int*)mju_malloc(sizeof(int) * cap);
  double* fn = (double*)mju_malloc(sizeof(double) * 3 * cap);
  for (int f = 0; f < nf; f++) {
    sn_tri_normal(raw, face[3 * f], face[3 * f + 1], face[3 * f + 2], fn + 3 * f);
  }
  int ngroup = sn_mesh_polygroups(fn, nf, group);
  // faces of each group, in face order
  int* gadr = (int*)mju_malloc(sizeof(int) * (size_t)(ngroup + 1));
  int* gfaces = (int*)mju_malloc(sizeof(int) * cap);
  memset(gadr, 0, sizeof(int) * (size_t)(ngroup + 1));
  for (int f = 0; f < nf; f++) {
    if (group[f] >= 0) {
      gadr[group[f] + 1]++;
    }
  }
  for (int g = 0; g < ngroup; g++) {
    gadr[g + 1] += gadr[g];
  }
  int* gfill = (int*)mju_malloc(sizeof(int) * (size_t)(ngroup + 1));
  memcpy(gfill, gadr, sizeof(int) * (size_t)(ngroup + 1));
  for (int f = 0; f < nf; f++) {
    if (group[f] >= 0) {
      gfaces[gfill[group[f]]++] = f;
    }
  }
  mju_free(gfill);

  // each group's edge-connected pieces are polygons: groups in the map's order, the
  // pieces of a group in the order of their first faces
  sn_edgemap edges;
  sn_edgemap_build(&edges, face, nf);
  mb->polynormal = (double*)mju_malloc(sizeof(double) * 3 * cap);
  mb->polyvertadr = (int*)mju_malloc(sizeof(int) * cap);
  mb->polyvertnum = (int*)mju_malloc(sizeof(int) * cap);
  mb->polyvert = (int*)mju_malloc(sizeof(int) * 3 * cap);
  int* piece = (int*)mju_malloc(sizeof(int) * cap);  // piece of each face, -1: none yet
  for (int f = 0; f < nf; f++) {
    piece[f] = -1;
  }
  int* members = (int*)mju_malloc(sizeof(int) * cap);
  int npoly = 0, adr = 0, npiece = 0;
  for (int g = 0; g < ngroup; g++) {
    for (int i = gadr[g]; i < gadr[g + 1]; i++) {
      if (piece[gfaces[i]] >= 0) {
        continue;
      }
      // flood fill: the face across an edge is the group's first face with the reversed
      // edge (where several have it, 3.3.8 reaches only that one: cassie's tarsus; faces
      // of other groups do not count: MyoSuite's leg)
      int n = 0;
      members[n++] = gfaces[i];
      piece[gfaces[i]] = npiece;
      for (int q = 0; q < n; q++) {
        const int* t = face + 3 * members[q];
        for (int k = 0; k < 3; k++) {
          int j = sn_edgemap_first(&edges, t[(k + 1) % 3], t[k], group, g);
          if (j >= 0 && piece[j] < 0) {
            piece[j] = npiece;
            members[n++] = j;
          }
        }
      }
      npiece++;
      qsort(members, (size_t)n, sizeof(int), sn_cmp_int);
      int nv = sn_boundary(face, members, n, &edges, piece, mb->polyvert + adr);
      if (!nv) {
        continue;
      }
      mb->polyvertadr[npoly] = adr;
      mb->polyvertnum[npoly] = nv;
      sn_poly_normal(vert, mb->polyvert + adr, nv, mb->polynormal + 3 * npoly);
      adr += nv;
      npoly++;
    }
  }
  mb->npoly = npoly;
  mb->npolyvert = adr;
  mju_free(piece);
  mju_free(members);

  // polygons of each vertex, in polygon order
  mb->polymapadr = (int*)mju_malloc(sizeof(int) * (size_t)(mb->nvert ? mb->nvert : 1));
  mb->polymapnum = (int*)mju_malloc(sizeof(int) * (size_t)(mb->nvert ? mb->nvert : 1));
  memset(mb->polymapnum, 0, sizeof(int) * (size_t)mb->nvert);
  for (int i = 0; i < mb->npolyvert; i++) {
    mb->polymapnum[mb->polyvert[i]]++;
  }
  int total = 0;
  for (int v = 0; v < mb->nvert; v++) {
    mb->polymapadr[v] = total;
    total += mb->polymapnum[v];
  }
  mb->npolymap = total;
  mb->polymap = (int*)mju_malloc(sizeof(int) * (size_t)(total ? total : 1));
  int* fill = (int*)mju_malloc(sizeof(int) * (size_t)(mb->nvert ? mb->nvert : 1));
  memset(fill, 0, sizeof(int) * (size_t)mb->nvert);
  for (int p = 0; p < npoly; p++) {
    for (int i = 0; i < mb->polyvertnum[p]; i++) {
      int v = mb->polyvert[mb->polyvertadr[p] + i];
      mb->polymap[mb->polymapadr[v] + fill[v]++] = p;
    }
  }
  mju_free(fill);
  mju_free(gadr);
  mju_free(gfaces);
  sn_edgemap_free(&edges);
  mju_free(group);
  mju_free(fn);
}

//---------------------------------- face BVH ------------------------------------------------------

typedef struct {
  sn_mesh_built* mb;
  const double* box;          // per face: centre, half-size (the centre is the sort key)
  int next;
  int axis;
} sn_fbvh;

static _Thread_local const sn_fbvh* sn_fsort;

// Ties keep the face order.
static int sn_cmp_face(const void* a, const void* b) {
  int i = *(const int*)a, j = *(const int*)b;
  double ci = sn_fsort->box[6 * i + sn_fsort->axis], cj = sn_fsort->box[6 * j + sn_fsort->axis];
  if (ci != cj) {
    return ci < cj ? -1 : 1;
  }
  return (i > j) - (i < j);
}

static int sn_fbvh_node(sn_fbvh* b, int* idx, int n, int depth) {
  sn_mesh_built* mb = b->mb;
  int node = b->next++;
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int i = 0; i < n; i++) {
    const double* e = b->box + 6 * idx[i];
    for (int k = 0; k < 3; k++) {
      lo[k] = fmin(lo[k], e[k] - e[k + 3]);
      hi[k] = fmax(hi[k], e[k] + e[k + 3]);
    }
  }
  mb->bvh_depth[node] = depth;
  double* aabb = mb->bvh_aabb + 6 * node;
  if (n == 1) {
    memcpy(aabb, b->box + 6 * idx[0], 6 * sizeof(double));
  } else {
    for (int k = 0; k < 3; k++) {
      aabb[k] = 0.5 * (lo[k] + hi[k]);
      aabb[3 + k] = 0.5 * (hi[k] - lo[k]);
    }
  }
  // 3.3.8 makes a box of no thickness (its faces in one coordinate plane, up to
  // rounding) 1e-14 thick on each side; the parents' boxes are built from the faces,
  // not from these (tests/models/ray_mesh_edges.xml, ray_mesh.xml: bvh_aabb)
  for (int k = 0; k < 3; k++) {
    if (2 * aabb[3 + k] < mjMINVAL) {
      aabb[3 + k] = 0.5 * ((aabb[k] + 1e-14) - (aabb[k] - 1e-14));
    }
  }
  if (n == 1) {
    mb->bvh_nodeid[node] = idx[0];
    mb->bvh_child[2 * node] = mb->bvh_child[2 * node + 1] = -1;
    return node;
  }
  mb->bvh_nodeid[node] = -1;
  int axis = 0;
  for (int k = 1; k < 3; k++) {
    if (hi[k] - lo[k] > hi[axis] - lo[axis]) {  // ties: the first axis
      axis = k;
    }
  }
  b->axis = axis;
  sn_fsort = b;
  qsort(idx, (size_t)n, sizeof(int), sn_cmp_face);
  int left = n / 2;
  int l = sn_fbvh_node(b, idx, left, depth + 1);
  int r = sn_fbvh_node(b, idx + left, n - left, depth + 1);
  mb->bvh_child[2 * node] = l;
  mb->bvh_child[2 * node + 1] = r;
  return node;
}

void sn_mesh_bvh(sn_mesh_built* mb, const double* vert) {
  int n = mb->nface;
  if (!n) {
    return;
  }
  mb->nbvh = 2 * n - 1;
  mb->bvh_depth = (int*)mju_malloc(sizeof(int) * (size_t)mb->nbvh);
  mb->bvh_child = (int*)mju_malloc(sizeof(int) * 2 * (size_t)mb->nbvh);
  mb->bvh_nodeid = (int*)mju_malloc(sizeof(int) * (size_t)mb->nbvh);
  mb->bvh_aabb = (double*)mju_malloc(sizeof(double) * 6 * (size_t)mb->nbvh);
  double* box = (double*)mju_malloc(sizeof(double) * 6 * (size_t)n);
  int* idx = (int*)mju_malloc(sizeof(int) * (size_t)n);
  for (int f = 0; f < n; f++) {
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int k = 0; k < 3; k++) {
      const double* p = vert + 3 * mb->face[3 * f + k];
      for (int i = 0; i < 3; i++) {
        lo[i] = fmin(lo[i], p[i]);
        hi[i] = fmax(hi[i], p[i]);
      }
    }
    for (int i = 0; i < 3; i++) {
      box[6 * f + i] = 0.5 * (lo[i] + hi[i]);
      box[6 * f + 3 + i] = 0.5 * (hi[i] - lo[i]);
    }
    idx[f] = f;
  }
  sn_fbvh b = {mb, box, 0, 0};
  sn_fbvh_node(&b, idx, n, 0);
  mju_free(box);
  mju_free(idx);
}
