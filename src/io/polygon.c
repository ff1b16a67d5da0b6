// Polygon triangulation for OBJ faces. Ear clipping that walks the corners in
// order and keeps the first corner of the candidate after each clip: for convex
// polygons this yields the fan (0 1 2) (0 2 3) ..., and for concave ones the same
// triangles, in the same order, as MuJoCo 3.3.8 (checked against the oracle on
// random star-shaped polygons).
#include <math.h>

#include "io/meshfile_formats.h"

typedef struct {
  const float* vert;
  const int* poly;
  int ax, ay;  // the two coordinates kept when projecting onto the polygon's plane
} plane2d;

static double px(const plane2d* g, int corner) {
  return g->vert[3 * g->poly[corner] + g->ax];
}

static double py(const plane2d* g, int corner) {
  return g->vert[3 * g->poly[corner] + g->ay];
}

// Twice the signed area of triangle (a, b, c) in the projection.
static double cross3(const plane2d* g, int a, int b, int c) {
  return (px(g, b) - px(g, a)) * (py(g, c) - py(g, a)) -
         (py(g, b) - py(g, a)) * (px(g, c) - px(g, a));
}

// Whether corner p lies in triangle (a, b, c) of orientation s, edges included.
static int inside(const plane2d* g, int a, int b, int c, int p, double s) {
  return s * cross3(g, a, b, p) >= 0 && s * cross3(g, b, c, p) >= 0 &&
         s * cross3(g, c, a, p) >= 0;
}

// Whether the middle corner of list positions (g, g+1, g+2) is an ear.
static int is_ear(const plane2d* g2, const int* list, int m, int g, double s) {
  int a = list[g], b = list[(g + 1) % m], c = list[(g + 2) % m];
  double turn = s * cross3(g2, a, b, c);
  if (turn < 0) {
    return 0;  // reflex corner
  }
  if (turn == 0) {
    return 1;  // a flat corner encloses nothing: MuJoCo clips it too
  }
  for (int k = 0; k < m; k++) {
    int p = list[k];
    if (p != a && p != b && p != c && inside(g2, a, b, c, p, s)) {
      return 0;
    }
  }
  return 1;
}

// Drop the axis along which the polygon's (Newell) normal is largest.
static void choose_plane(plane2d* g, int n) {
  double nrm[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    const float* a = g->vert + 3 * g->poly[i];
    const float* b = g->vert + 3 * g->poly[(i + 1) % n];
    nrm[0] += ((double)a[1] - b[1]) * ((double)a[2] + b[2]);
    nrm[1] += ((double)a[2] - b[2]) * ((double)a[0] + b[0]);
    nrm[2] += ((double)a[0] - b[0]) * ((double)a[1] + b[1]);
  }
  int drop = 2;
  if (fabs(nrm[0]) > fabs(nrm[1]) && fabs(nrm[0]) > fabs(nrm[2])) {
    drop = 0;
  } else if (fabs(nrm[1]) > fabs(nrm[2])) {
    drop = 1;
  }
  g->ax = drop == 0 ? 1 : 0;
  g->ay = drop == 2 ? 1 : 2;
}

int sn_polygon_triangulate(const float* vert, const int* poly, int n, int* tri, int* work) {
  plane2d g2 = {vert, poly, 0, 1};
  choose_plane(&g2, n);
  double area = 0;
  for (int i = 1; i + 1 < n; i++) {
    area += cross3(&g2, 0, i, i + 1);
  }
  double s = area >= 0 ? 1 : -1;
  int* list = work;
  for (int i = 0; i < n; i++) {
    list[i] = i;
  }
  // The candidate is list positions (g, g+1, g+2). After a clip g keeps its
  // number, so the next candidate shares the same first corner, except when the
  // clipped corner was position 0: then g wraps and moves on (as MuJoCo does).
  int m = n, g = 0, misses = 0, t = 0;
  while (m > 3) {
    if (!is_ear(&g2, list, m, g, s)) {
      if (++misses >= m) {
        return t / 3;  // no ear left (self-intersecting): MuJoCo drops the rest
      }
      g = (g + 1) % m;
      continue;
    }
    int e = (g + 1) % m;
    tri[t++] = list[g];
    tri[t++] = list[e];
    tri[t++] = list[(g + 2) % m];
    for (int k = e; k + 1 < m; k++) {
      list[k] = list[k + 1];
    }
    m--;
    g %= m;
    misses = 0;
  }
  tri[t++] = list[0];
  tri[t++] = list[1];
  tri[t++] = list[2];
  return t / 3;
}
