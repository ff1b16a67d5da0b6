// Distance queries on a triangle mesh (see octree_dist.h).
//
// The sign of a distance comes from the angle-weighted pseudonormal of the nearest
// feature (face, edge or vertex) of the nearest triangle, which tells the inside of a
// closed, consistently oriented surface from its outside; an inverted surface gets
// inverted signs, as in 3.3.8. Among triangles at exactly the same distance the first
// in face order counts.
#include "compiler/octree_dist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "math/inline.h"

// Does the triangle touch the box (centre c, half-sizes h)? Separating axes: the box
// axes, the triangle normal and the 9 edge-axis cross products; touching counts.
static int sn_tri_box(const double c[3], const double h[3], const double* a, const double* b,
                      const double* d) {
  double v[3][3];
  sn_sub3(v[0], a, c);
  sn_sub3(v[1], b, c);
  sn_sub3(v[2], d, c);
  for (int k = 0; k < 3; k++) {
    double lo = fmin(v[0][k], fmin(v[1][k], v[2][k]));
    double hi = fmax(v[0][k], fmax(v[1][k], v[2][k]));
    if (lo > h[k] || hi < -h[k]) {
      return 0;
    }
  }
  double e[3][3], n[3];
  sn_sub3(e[0], v[1], v[0]);
  sn_sub3(e[1], v[2], v[1]);
  sn_sub3(e[2], v[0], v[2]);
  sn_cross(n, e[0], e[1]);
  double r = h[0] * fabs(n[0]) + h[1] * fabs(n[1]) + h[2] * fabs(n[2]);
  if (fabs(sn_dot3(n, v[0])) > r) {
    return 0;
  }
  for (int i = 0; i < 3; i++) {
    for (int k = 0; k < 3; k++) {
      double axis[3] = {0, 0, 0}, u[3];
      axis[k] = 1;
      sn_cross(u, e[i], axis);
      double p0 = sn_dot3(u, v[0]), p1 = sn_dot3(u, v[1]), p2 = sn_dot3(u, v[2]);
      double rr = h[0] * fabs(u[0]) + h[1] * fabs(u[1]) + h[2] * fabs(u[2]);
      if (fmin(p0, fmin(p1, p2)) > rr || fmax(p0, fmax(p1, p2)) < -rr) {
        return 0;
      }
    }
  }
  return 1;
}

// Closest point q on triangle (a, b, c) to p (Voronoi regions of the vertices, edges
// and face). Returns the feature: 0-2 vertex a, b, c; 3 edge ab, 4 edge bc, 5 edge ca;
// 6 the face.
static int sn_closest_tri(double q[3], const double p[3], const double* a, const double* b,
                           const double* c) {
  double ab[3], ac[3], ap[3], bp[3], cp[3];
  sn_sub3(ab, b, a);
  sn_sub3(ac, c, a);
  sn_sub3(ap, p, a);
  double d1 = sn_dot3(ab, ap), d2 = sn_dot3(ac, ap);
  if (d1 <= 0 && d2 <= 0) {
    memcpy(q, a, sizeof(double) * 3);
    return 0;
  }
  sn_sub3(bp, p, b);
  double d3 = sn_dot3(ab, bp), d4 = sn_dot3(ac, bp);
  if (d3 >= 0 && d4 <= d3) {
    memcpy(q, b, sizeof(double) * 3);
    return 1;
  }
  double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    double t = d1 / (d1 - d3);
    for (int k = 0; k < 3; k++) q[k] = a[k] + t * ab[k];
    return 3;
  }
  sn_sub3(cp, p, c);
  double d5 = sn_dot3(ab, cp), d6 = sn_dot3(ac, cp);
  if (d6 >= 0 && d5 <= d6) {
    memcpy(q, c, sizeof(double) * 3);
    return 2;
  }
  double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    double t = d2 / (d2 - d6);
    for (int k = 0; k < 3; k++) q[k] = a[k] + t * ac[k];
    return 5;
  }
  double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    for (int k = 0; k < 3; k++) q[k] = b[k] + t * (c[k] - b[k]);
    return 4;
  }
  double den = 1 / (va + vb + vc);
  double v = vb * den, w = vc * den;
  for (int k = 0; k < 3; k++) q[k] = a[k] + ab[k] * v + ac[k] * w;
  return 6;
}

//---------------------------------- pseudonormals -------------------------------------------------

typedef struct {
  int a, b, slot;  // a < b; slot: 3 * face + edge
} sn_edge;

static int sn_cmp_edge(const void* x, const void* y) {
  const sn_edge* e = (const sn_edge*)x;
  const sn_edge* f = (const sn_edge*)y;
  if (e->a != f->a) {
    return e->a - f->a;
  }
  if (e->b != f->b) {
    return e->b - f->b;
  }
  return e->slot - f->slot;
}

static int sn_pseudo_init(sn_meshdist* ps, const double* vert, int nvert, const int* face,
                          int nface) {
  size_t nf = nface > 0 ? (size_t)nface : 1, nv = nvert > 0 ? (size_t)nvert : 1;
  ps->fn = (double*)calloc(3 * nf, sizeof(double));
  ps->en = (double*)calloc(9 * nf, sizeof(double));
  ps->vn = (double*)calloc(3 * nv, sizeof(double));
  sn_edge* e = (sn_edge*)malloc(sizeof(sn_edge) * 3 * nf);
  if (!ps->fn || !ps->en || !ps->vn || !e) {
    free(e);
    return 0;
  }
  for (int f = 0; f < nface; f++) {
    const int* v = face + 3 * f;
    double ab[3], ac[3], n[3];
    sn_sub3(ab, vert + 3 * v[1], vert + 3 * v[0]);
    sn_sub3(ac, vert + 3 * v[2], vert + 3 * v[0]);
    sn_cross(n, ab, ac);
    double len = sqrt(sn_dot3(n, n));
    for (int k = 0; k < 3; k++) {
      ps->fn[3 * f + k] = len > 0 ? n[k] / len : 0;
    }
    for (int j = 0; j < 3; j++) {
      // angle at corner j
      double u[3], w[3];
      sn_sub3(u, vert + 3 * v[(j + 1) % 3], vert + 3 * v[j]);
      sn_sub3(w, vert + 3 * v[(j + 2) % 3], vert + 3 * v[j]);
      double uw = sqrt(sn_dot3(u, u) * sn_dot3(w, w));
      double cs = uw > 0 ? sn_dot3(u, w) / uw : 1;
      double ang = acos(fmax(-1, fmin(1, cs)));
      for (int k = 0; k < 3; k++) {
        ps->vn[3 * v[j] + k] += ang * ps->fn[3 * f + k];
      }
      int a = v[j], b = v[(j + 1) % 3];
      e[3 * f + j].a = a < b ? a : b;
      e[3 * f + j].b = a < b ? b : a;
      e[3 * f + j].slot = 3 * f + j;
    }
  }
  qsort(e, 3 * (size_t)nface, sizeof(sn_edge), sn_cmp_edge);
  for (int i = 0; i < 3 * nface;) {
    int j = i;
    double sum[3] = {0, 0, 0};
    while (j < 3 * nface && e[j].a == e[i].a && e[j].b == e[i].b) {
      for (int k = 0; k < 3; k++) {
        sum[k] += ps->fn[3 * (e[j].slot / 3) + k];
      }
      j++;
    }
    for (int r = i; r < j; r++) {
      memcpy(ps->en + 3 * e[r].slot, sum, sizeof(sum));
    }
    i = j;
  }
  free(e);
  return 1;
}


//---------------------------------- bounding-volume tree ------------------------------------------

static _Thread_local const double* sn_md_centre;  // sort keys of the current split
static _Thread_local int sn_md_axis;

// Ties keep the face order so the tree does not depend on the sort algorithm.
static int sn_cmp_centre(const void* x, const void* y) {
  int i = *(const int*)x, j = *(const int*)y;
  double a = sn_md_centre[3 * i + sn_md_axis], b = sn_md_centre[3 * j + sn_md_axis];
  if (a != b) {
    return a < b ? -1 : 1;
  }
  return (i > j) - (i < j);
}

// Build the subtree over tri[first .. first+n); returns its node.
static int sn_md_node(sn_meshdist* md, const double* centre, int first, int n) {
  int id = md->nnode++;
  double* b = md->box + 6 * id;
  for (int k = 0; k < 3; k++) {
    b[k] = INFINITY;
    b[3 + k] = -INFINITY;
  }
  for (int i = first; i < first + n; i++) {
    const int* v = md->face + 3 * md->tri[i];
    for (int j = 0; j < 3; j++) {
      for (int k = 0; k < 3; k++) {
        double x = md->vert[3 * v[j] + k];
        b[k] = fmin(b[k], x);
        b[3 + k] = fmax(b[3 + k], x);
      }
    }
  }
  int* nd = md->node + 4 * id;
  nd[0] = nd[1] = -1;
  nd[2] = first;
  nd[3] = n;
  if (n <= 4) {
    return id;
  }
  int axis = 0;
  for (int k = 1; k < 3; k++) {
    if (b[3 + k] - b[k] > b[3 + axis] - b[axis]) {
      axis = k;
    }
  }
  sn_md_centre = centre;
  sn_md_axis = axis;
  qsort(md->tri + first, (size_t)n, sizeof(int), sn_cmp_centre);
  int left = sn_md_node(md, centre, first, n / 2);
  int right = sn_md_node(md, centre, first + n / 2, n - n / 2);
  md->node[4 * id] = left;  // md->node may not move: allocated for the largest tree
  md->node[4 * id + 1] = right;
  return id;
}

int sn_meshdist_init(sn_meshdist* md, const double* vert, int nvert, const int* face, int nface) {
  memset(md, 0, sizeof(*md));
  if (nface < 0 || nvert < 0) {
    return 0;
  }
  md->vert = vert;
  md->face = face;
  md->nface = nface;
  if (!sn_pseudo_init(md, vert, nvert, face, nface)) {
    return 0;
  }
  size_t nf = nface > 0 ? (size_t)nface : 1, cap = 2 * nf;
  md->box = (double*)malloc(sizeof(double) * 6 * cap);
  md->node = (int*)malloc(sizeof(int) * 4 * cap);
  md->tri = (int*)malloc(sizeof(int) * nf);
  double* centre = (double*)malloc(sizeof(double) * 3 * nf);
  if (!md->box || !md->node || !md->tri || !centre) {
    free(centre);
    return 0;
  }
  for (int f = 0; f < nface; f++) {
    md->tri[f] = f;
    for (int k = 0; k < 3; k++) {
      centre[3 * f + k] = (vert[3 * face[3 * f] + k] + vert[3 * face[3 * f + 1] + k] +
                           vert[3 * face[3 * f + 2] + k]) / 3;
    }
  }
  if (nface) {
    sn_md_node(md, centre, 0, nface);
  }
  free(centre);
  return 1;
}

void sn_meshdist_free(sn_meshdist* md) {
  free(md->fn);
  free(md->en);
  free(md->vn);
  free(md->box);
  free(md->node);
  free(md->tri);
  memset(md, 0, sizeof(*md));
}

// Squared distance from p to a box (lower and upper corners).
static double sn_box_dist2(const double* b, const double p[3]) {
  double s = 0;
  for (int k = 0; k < 3; k++) {
    double d = fmax(0, fmax(b[k] - p[k], p[k] - b[3 + k]));
    s += d * d;
  }
  return s;
}

// tree depth is about log2(nface / 4) + 1, far below this
#define SN_MD_STACK 128

double sn_meshdist_sdf(const sn_meshdist* md, const double p[3]) {
  double best = INFINITY, side = 1;
  int bestf = -1;
  int stack[SN_MD_STACK], n = 0;
  if (md->nnode) {
    stack[n++] = 0;
  }
  while (n) {
    int id = stack[--n];
    if (sn_box_dist2(md->box + 6 * id, p) > best) {
      continue;
    }
    const int* nd = md->node + 4 * id;
    if (nd[0] >= 0) {
      // nearer child pushed last, so it is searched first
      double dl = sn_box_dist2(md->box + 6 * nd[0], p), dr = sn_box_dist2(md->box + 6 * nd[1], p);
      if (n + 2 > SN_MD_STACK) {
        continue;  // unreachable: the tree is balanced
      }
      stack[n++] = dl <= dr ? nd[1] : nd[0];
      stack[n++] = dl <= dr ? nd[0] : nd[1];
      continue;
    }
    for (int i = nd[2]; i < nd[2] + nd[3]; i++) {
      int f = md->tri[i];
      const int* v = md->face + 3 * f;
      double q[3], dq[3];
      int feat = sn_closest_tri(q, p, md->vert + 3 * v[0], md->vert + 3 * v[1], md->vert + 3 * v[2]);
      sn_sub3(dq, p, q);
      double d2 = sn_dot3(dq, dq);
      if (d2 < best || (d2 == best && f < bestf)) {
        best = d2;
        bestf = f;
        const double* nrm = feat < 3 ? md->vn + 3 * v[feat]
                          : feat < 6 ? md->en + 3 * (3 * f + feat - 3)
                                     : md->fn + 3 * f;
        side = sn_dot3(dq, nrm) < 0 ? -1 : 1;
      }
    }
  }
  return side * sqrt(best);
}

int sn_meshdist_touches(const sn_meshdist* md, const double c[3], const double h[3]) {
  int stack[SN_MD_STACK], n = 0;
  if (md->nnode) {
    stack[n++] = 0;
  }
  while (n) {
    int id = stack[--n];
    const double* b = md->box + 6 * id;
    int apart = 0;
    for (int k = 0; k < 3; k++) {
      apart |= b[k] > c[k] + h[k] || b[3 + k] < c[k] - h[k];
    }
    if (apart) {
      continue;
    }
    const int* nd = md->node + 4 * id;
    if (nd[0] >= 0) {
      if (n + 2 <= SN_MD_STACK) {
        stack[n++] = nd[1];
        stack[n++] = nd[0];
      }
      continue;
    }
    for (int i = nd[2]; i < nd[2] + nd[3]; i++) {
      const int* v = md->face + 3 * md->tri[i];
      if (sn_tri_box(c, h, md->vert + 3 * v[0], md->vert + 3 * v[1], md->vert + 3 * v[2])) {
        return 1;
      }
    }
  }
  return 0;
}
