// GJK distance between two convex shapes (Gilbert, Johnson, Keerthi 1988): iterate a
// simplex of Minkowski-difference points toward the origin. The closest point on each
// simplex is found by Voronoi-region tests (Ericson, Real-Time Collision Detection,
// 5.1.5), which also says which vertices survive; barycentric weights carried on the
// surviving vertices give the witness points on both shapes.
#include <math.h>

#include "collision/ccd.h"
#include "math/inline.h"

void sn_ccd_support(sn_ccd_vertex* v, sn_convex* a, sn_convex* b, const mjtNum dir[3]) {
  mjtNum neg[3] = {-dir[0], -dir[1], -dir[2]};
  sn_convex_support(v->a, a, dir);
  sn_convex_support(v->b, b, neg);
  sn_sub3(v->w, v->a, v->b);
}

//---------------------------------- closest point on a simplex ------------------------------------

// Closest point to the origin on a simplex, as weights over its vertices.
typedef struct {
  int n;          // surviving vertices
  int idx[4];     // their indices in the input simplex
  mjtNum lam[4];  // their weights (sum 1)
} closest_t;

static void set1(closest_t* c, int i) {
  c->n = 1;
  c->idx[0] = i;
  c->lam[0] = 1;
}

static void set2(closest_t* c, int i, int j, mjtNum t) {
  c->n = 2;
  c->idx[0] = i;
  c->idx[1] = j;
  c->lam[0] = 1 - t;
  c->lam[1] = t;
}

static void closest_segment(closest_t* c, const sn_ccd_vertex* s, int i, int j) {
  mjtNum ab[3];
  sn_sub3(ab, s[j].w, s[i].w);
  mjtNum den = sn_dot3(ab, ab);
  mjtNum t = den > 0 ? -sn_dot3(s[i].w, ab) / den : 0;
  if (t <= 0) {
    set1(c, i);
  } else if (t >= 1) {
    set1(c, j);
  } else {
    set2(c, i, j, t);
  }
}

static mjtNum weighted_norm2(const closest_t* c, const sn_ccd_vertex* s) {
  mjtNum v[3] = {0, 0, 0};
  for (int k = 0; k < c->n; k++) {
    sn_addToScl3(v, s[c->idx[k]].w, c->lam[k]);
  }
  return sn_dot3(v, v);
}

static void closest_triangle(closest_t* c, const sn_ccd_vertex* s, int ia, int ib, int ic) {
  const mjtNum *a = s[ia].w, *b = s[ib].w, *cc = s[ic].w;
  mjtNum ab[3], ac[3];
  sn_sub3(ab, b, a);
  sn_sub3(ac, cc, a);
  mjtNum d1 = -sn_dot3(ab, a), d2 = -sn_dot3(ac, a);
  if (d1 <= 0 && d2 <= 0) {
    set1(c, ia);
    return;
  }
  mjtNum d3 = -sn_dot3(ab, b), d4 = -sn_dot3(ac, b);
  if (d3 >= 0 && d4 <= d3) {
    set1(c, ib);
    return;
  }
  mjtNum vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    set2(c, ia, ib, d1 / (d1 - d3));
    return;
  }
  mjtNum d5 = -sn_dot3(ab, cc), d6 = -sn_dot3(ac, cc);
  if (d6 >= 0 && d5 <= d6) {
    set1(c, ic);
    return;
  }
  mjtNum vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    set2(c, ia, ic, d2 / (d2 - d6));
    return;
  }
  mjtNum va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    set2(c, ib, ic, (d4 - d3) / ((d4 - d3) + (d5 - d6)));
    return;
  }
  mjtNum sum = va + vb + vc;
  if (!(sum > mjMINVAL)) {
    // degenerate (collinear) triangle: the best of its edges
    closest_t e[3] = {{0}, {0}, {0}};
    closest_segment(&e[0], s, ia, ib);
    closest_segment(&e[1], s, ia, ic);
    closest_segment(&e[2], s, ib, ic);
    int best = 0;
    mjtNum bestn = weighted_norm2(&e[0], s);
    for (int k = 1; k < 3; k++) {
      mjtNum n2 = weighted_norm2(&e[k], s);
      if (n2 < bestn) {
        bestn = n2;
        best = k;
      }
    }
    *c = e[best];
    return;
  }
  mjtNum v = vb / sum, w = vc / sum;
  c->n = 3;
  c->idx[0] = ia;
  c->idx[1] = ib;
  c->idx[2] = ic;
  c->lam[0] = 1 - v - w;
  c->lam[1] = v;
  c->lam[2] = w;
}

// Returns 1 if the origin is inside the tetrahedron, else the closest point on it.
static int closest_tetra(closest_t* c, const sn_ccd_vertex* s) {
  static const int face[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
  int outside = 0;
  mjtNum bestn = INFINITY;
  for (int f = 0; f < 4; f++) {
    const mjtNum *a = s[face[f][0]].w, *b = s[face[f][1]].w, *cc = s[face[f][2]].w;
    const mjtNum* d = s[face[f][3]].w;
    mjtNum ab[3], ac[3], n[3], ad[3];
    sn_sub3(ab, b, a);
    sn_sub3(ac, cc, a);
    sn_cross(n, ab, ac);
    sn_sub3(ad, d, a);
    mjtNum sd = sn_dot3(n, ad), so = -sn_dot3(n, a);
    // the origin is beyond this face when it lies on the side away from the 4th
    // vertex; a flat tetrahedron (sd ~ 0) counts every face as a candidate
    int beyond = sd * so <= 0 || fabs(sd) <= mjMINVAL * (1 + sn_dot3(n, n));
    if (!beyond) {
      continue;
    }
    outside = 1;
    closest_t t = {0};
    closest_triangle(&t, s, face[f][0], face[f][1], face[f][2]);
    mjtNum n2 = weighted_norm2(&t, s);
    if (n2 < bestn) {
      bestn = n2;
      *c = t;
    }
  }
  return !outside;
}

//---------------------------------- GJK ------------------------------------------------------------

static void witness(sn_ccd_result* res) {
  sn_zero3(res->x1);
  sn_zero3(res->x2);
}

void sn_gjk(sn_ccd_result* res, sn_convex* a, sn_convex* b, mjtNum cutoff, mjtNum tol,
            int maxiter) {
  sn_ccd_vertex* s = res->simplex;
  mjtNum lam[4] = {1, 0, 0, 0};
  mjtNum v[3];
  int n = 0;
  witness(res);

  // start from the difference of the centres: an interior point of a - b
  sn_ccd_vertex first;
  mjtNum dir[3] = {1, 0, 0};
  if (a->type != SN_CONVEX_PRISM && b->type != SN_CONVEX_PRISM) {
    sn_sub3(dir, b->pos, a->pos);
    if (sn_dot3(dir, dir) < mjMINVAL) {
      dir[0] = 1;
      dir[1] = dir[2] = 0;
    }
  }
  sn_ccd_support(&first, a, b, dir);
  s[0] = first;
  n = 1;
  sn_copy3(v, first.w);
  res->status = SN_CCD_SEPARATED;

  if (maxiter < 1) {
    maxiter = 1;
  }
  for (int iter = 0; iter < maxiter; iter++) {
    mjtNum vv = sn_dot3(v, v);
    if (vv < mjMINVAL * mjMINVAL) {
      res->status = SN_CCD_PENETRATING;
      break;
    }
    mjtNum vn = sqrt(vv), neg[3] = {-v[0], -v[1], -v[2]};
    sn_ccd_vertex w;
    sn_ccd_support(&w, a, b, neg);
    mjtNum vw = sn_dot3(v, w.w);
    if (vw > cutoff * vn) {
      res->status = SN_CCD_FAR;
      res->nsimplex = n;
      return;
    }
    // squared upper bound |v|^2 and squared lower bound (v.w/|v|)^2 of the distance
    // within tol^2 (this matches 3.3.8's stopping iteration)
    if (vw > 0 && vv - vw * vw / vv <= tol * tol) {
      break;
    }
    int dup = 0;
    for (int k = 0; k < n; k++) {
      mjtNum dw[3];
      sn_sub3(dw, s[k].w, w.w);
      if (sn_dot3(dw, dw) < mjMINVAL) {
        dup = 1;
      }
    }
    if (dup) {
      break;
    }
    s[n++] = w;

    closest_t c;
    if (n == 2) {
      closest_segment(&c, s, 0, 1);
    } else if (n == 3) {
      closest_triangle(&c, s, 0, 1, 2);
    } else if (closest_tetra(&c, s)) {
      res->status = SN_CCD_PENETRATING;
      break;
    }
    sn_ccd_vertex keep[4];
    for (int k = 0; k < c.n; k++) {
      keep[k] = s[c.idx[k]];
      lam[k] = c.lam[k];
    }
    n = c.n;
    sn_zero3(v);
    for (int k = 0; k < n; k++) {
      s[k] = keep[k];
      sn_addToScl3(v, s[k].w, lam[k]);
    }
  }
  res->nsimplex = n;
  if (res->status == SN_CCD_PENETRATING) {
    res->dist = 0;
    return;
  }
  for (int k = 0; k < n; k++) {
    sn_addToScl3(res->x1, s[k].a, lam[k]);
    sn_addToScl3(res->x2, s[k].b, lam[k]);
  }
  res->dist = sn_norm3(v);
  if (res->dist > cutoff) {
    res->status = SN_CCD_FAR;
    return;
  }
  sn_scl3(res->normal, v, -1 / res->dist);
}

