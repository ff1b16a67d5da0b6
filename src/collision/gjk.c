// GJK distance between two convex shapes (Gilbert, Johnson, Keerthi 1988): iterate a
// simplex of Minkowski-difference points toward the origin. The closest point on each
// simplex comes from the signed-volumes subalgorithm (Montanari, Petrinic, Barbieri,
// ACM TOG 2017), which also says which vertices survive and reproduces 3.3.8's
// iterates; barycentric weights carried on the surviving vertices give the witness
// points on both shapes.
// Order of evaluation matters where the iterate passes a roundoff tie: a capsule's
// segment core has two equal support points whenever the search
// direction is perpendicular to it, which is every late iteration once GJK converges
// on the side of a capsule, and the last bits of the direction pick one. So the
// arithmetic follows 3.3.8's where it was measured bit for bit (mj_geomDistance's
// witness points at ccd_iterations = k, on 42 random capsule-cylinder poses and the
// robot_arm.xml / rim poses): unit search directions scaled by the reciprocal norm,
// the contact normal from the witness points. Segment stages agree bit for bit, and so
// do triangles (see sv_triangle: which vertex 3.3.8 takes the normal and projection
// from depends on the size of the normal, not on the simplex history) and tetrahedra
// (see sv_tetra): a sphere's point core converging onto an ellipsoid reproduces every
// iterate up to convergence on 235 of 236 random poses whose core stays outside (16 of
// the first 40 before these rules).
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

// Weighted sums are taken from the last (oldest) vertex to the first (see area2).
static mjtNum weighted_norm2(const closest_t* c, const sn_ccd_vertex* s) {
  mjtNum v[3] = {0, 0, 0};
  for (int k = c->n - 1; k >= 0; k--) {
    sn_addToScl3(v, s[c->idx[k]].w, c->lam[k]);
  }
  return sn_dot3(v, v);
}

//---------------------------------- signed volumes (Montanari et al. 2017) -------------------------
// The same closest point computed from signed volumes of sub-simplices, projected
// where the full volume is largest; vertex 0 is the newest support point, which the
// origin's region always includes.

static int same_sign(mjtNum a, mjtNum b) {
  return (a > 0 && b > 0) || (a < 0 && b < 0);
}

static void sv_segment(closest_t* c, const sn_ccd_vertex* s, int i1, int i2) {
  const mjtNum *s1 = s[i1].w, *s2 = s[i2].w;
  mjtNum t[3];
  sn_sub3(t, s2, s1);
  mjtNum tt = sn_dot3(t, t);
  mjtNum p0[3];
  sn_addScl3(p0, s1, t, tt > 0 ? -sn_dot3(s1, t) / tt : 0);
  int I = 0;
  for (int k = 1; k < 3; k++) {
    if (fabs(t[k]) > fabs(t[I])) {
      I = k;
    }
  }
  mjtNum mu = s1[I] - s2[I];
  mjtNum c1 = p0[I] - s2[I], c2 = s1[I] - p0[I];
  if (same_sign(mu, c1) && same_sign(mu, c2)) {
    c->n = 2;
    c->idx[0] = i1;
    c->idx[1] = i2;
    c->lam[0] = c1 / mu;
    c->lam[1] = c2 / mu;
  } else {
    set1(c, i1);
  }
}

// Twice the signed area of the 2-D triangle (a, b, c) with c the projected origin, as six
// products summed left to right in this order. 3.3.8's barycentric weights match bit for
// bit only with this order, and with the full area (mu below) summed in its own order;
// found on mj_geomDistance witness points of a point against mesh faces, where the
// witness is the weighted sum of exactly known vertices (400 of 400 random faces of a
// rotated tetrahedron, 300 of 300 octahedron poses over all three simplex histories).
static mjtNum area2p(const mjtNum a[2], const mjtNum b[2], const mjtNum cc[2]) {
  return -b[1] * cc[0] - cc[1] * a[0] - a[1] * b[0] + cc[0] * a[1] + b[0] * cc[1] + a[0] * b[1];
}

mjtNum sn_ccd_plane_areas(mjtNum cc[3], const mjtNum sa[3], const mjtNum sb[3],
                          const mjtNum sc[3], const mjtNum nrm[3], const mjtNum p0[3]) {
  int I = 0;
  for (int k = 1; k < 3; k++) {
    if (fabs(nrm[k]) > fabs(nrm[I])) {
      I = k;
    }
  }
  int ja = I == 0 ? 1 : 0, jb = I == 2 ? 1 : 2;
  mjtNum qa[2] = {sa[ja], sa[jb]}, qb[2] = {sb[ja], sb[jb]}, qc[2] = {sc[ja], sc[jb]};
  mjtNum q0[2] = {p0[ja], p0[jb]};
  cc[0] = area2p(qa, qb, q0);
  cc[1] = area2p(qb, qc, q0);
  cc[2] = area2p(qc, qa, q0);
  return qc[0] * qa[1] - qc[1] * qa[0] + qb[0] * qc[1] - qb[1] * qc[0] - qa[1] * qb[0] +
         qa[0] * qb[1];
}

// Vertex i1 is the newest (i2 the next, i3 the oldest). 3.3.8 orders the triangle
// (i2, i3, i1): the normal is the cross product of the edges from i2, the origin is
// projected through i2, the projection keeps the two remaining axes in ascending order.
// When that normal's squared length is below mjMINVAL (a triangle of edges ~1e-5, as
// near convergence) it takes the normal from the edges at the newest vertex instead and
// projects through it; the 2-D areas keep the order above. Measured on sphere-ellipsoid
// point cores (mj_geomDistance witness points at ccd_iterations = k, every iteration to
// convergence of 240 random poses): all 33 + 56 triangles of the first 40 poses whose
// weights tell the variants apart take the (i2, i3, i1) normal when |n|^2 >= 1e-15 (down
// to 1.7e-15) and the newest-vertex one below (from 9.9e-16), as do all 198 small ones
// of the 240 poses; taking the whole triangle in the order (i1, i2, i3) there instead
// fits the first 40 but misses 2 of the other 200 (the areas' order shows there).
// This is what made the late triangles of long histories look like "another vertex
// order" to earlier measurements.
static void tri_normal(mjtNum nrm[3], const mjtNum* sa, const mjtNum* sb, const mjtNum* sc) {
  mjtNum e1[3], e2[3];
  sn_sub3(e1, sb, sa);
  sn_sub3(e2, sc, sa);
  sn_cross(nrm, e1, e2);
}

static void sv_triangle(closest_t* c, const sn_ccd_vertex* s, int i1, int i2, int i3) {
  const mjtNum *sa = s[i2].w, *sb = s[i3].w, *sc = s[i1].w;
  mjtNum nrm[3];
  tri_normal(nrm, sa, sb, sc);
  mjtNum nn = sn_dot3(nrm, nrm);
  const mjtNum* through = sa;
  if (nn < mjMINVAL) {
    tri_normal(nrm, sc, sa, sb);
    nn = sn_dot3(nrm, nrm);
    through = sc;
  }
  mjtNum p0[3];
  sn_scl3(p0, nrm, nn > 0 ? sn_dot3(through, nrm) / nn : 0);
  // weights of i1, i2, i3: each sub-area has the projection in place of its vertex
  mjtNum cc[3];
  mjtNum mu = sn_ccd_plane_areas(cc, sa, sb, sc, nrm, p0);
  if (same_sign(mu, cc[0]) && same_sign(mu, cc[1]) && same_sign(mu, cc[2])) {
    c->n = 3;
    c->idx[0] = i1;
    c->idx[1] = i2;
    c->idx[2] = i3;
    for (int k = 0; k < 3; k++) {
      c->lam[k] = cc[k] / mu;
    }
    return;
  }
  // the edges through the newest vertex whose opposite sub-area changed sign
  mjtNum best = INFINITY;
  int found = 0;
  int other[2] = {i3, i2};  // dropping vertex 2 keeps (1,3), dropping 3 keeps (1,2)
  for (int j = 0; j < 2; j++) {
    if (same_sign(mu, cc[j + 1])) {
      continue;
    }
    closest_t t = {0};
    sv_segment(&t, s, i1, other[j]);
    mjtNum d = weighted_norm2(&t, s);
    if (d < best) {
      best = d;
      *c = t;
      found = 1;
    }
  }
  if (!found) {
    // only the sub-area opposite the new vertex changed sign: the projection fell just
    // past the previous edge, which exact arithmetic rules out (the new support point
    // bounds the origin's region). It happens when the support step no longer improves
    // (a round-off tie); the new vertex alone can lie far from the origin and restart
    // GJK, which then ends on the iteration cap 1e-5 short of the distance (3.3.8 does
    // not restart there: 0 of 800 capsule-ellipsoid poses off by 1e-6, Sinew 68).
    // Keep the closer of the previous edge and the new vertex
    closest_t t = {0};
    sv_segment(&t, s, i2, i3);
    set1(c, i1);
    if (weighted_norm2(&t, s) < weighted_norm2(c, s)) {
      *c = t;
    }
  }
}

// Returns 1 if the origin is inside the tetrahedron s[0..3] (s[0] the newest). The
// cofactors are evaluated with the vertices oldest first: the sign tests only differ
// from the newest-first evaluation when the tetrahedron is flat to round-off, and there
// 3.3.8's follow this order (sphere-ellipsoid poses whose late support point makes a
// tetrahedron with det ~1e-21 from cofactors of ~1e-12: newest first the signs say the
// origin is beyond the faces through the newest vertex, oldest first they say only the
// face opposite it, and 3.3.8 keeps that face's triangle, 5 of 5 such cases).
static int sv_tetra(closest_t* c, const sn_ccd_vertex* s) {
  const mjtNum *t1 = s[3].w, *t2 = s[2].w, *t3 = s[1].w, *t4 = s[0].w;
  mjtNum x[3];
  mjtNum e[4];  // the weights of t1..t4
  sn_cross(x, t3, t4);
  e[0] = -sn_dot3(t2, x);
  e[1] = sn_dot3(t1, x);
  sn_cross(x, t2, t4);
  e[2] = -sn_dot3(t1, x);
  sn_cross(x, t2, t3);
  e[3] = sn_dot3(t1, x);
  mjtNum det = e[0] + e[1] + e[2] + e[3];
  mjtNum cc[4] = {e[3], e[2], e[1], e[0]};  // the weights of s[0..3]
  if (same_sign(det, cc[0]) && same_sign(det, cc[1]) && same_sign(det, cc[2]) &&
      same_sign(det, cc[3])) {
    return 1;
  }
  static const int face[3][3] = {{0, 2, 3}, {0, 1, 3}, {0, 1, 2}};  // without 1, 2, 3
  mjtNum best = INFINITY;
  int found = 0;
  for (int j = 1; j < 4; j++) {
    if (same_sign(det, cc[j])) {
      continue;
    }
    closest_t t = {0};
    sv_triangle(&t, s, face[j - 1][0], face[j - 1][1], face[j - 1][2]);
    mjtNum d = weighted_norm2(&t, s);
    if (d < best) {
      best = d;
      *c = t;
      found = 1;
    }
  }
  if (!found) {
    // only the face opposite the newest vertex has the origin beyond it, which exact
    // arithmetic rules out (as in sv_triangle): 3.3.8 then keeps that face, even where
    // the new vertex alone is closer (9 of 9 such cases over 240 sphere-ellipsoid poses;
    // keeping the closer of the two missed 8 of them), so the iterate stays and the
    // next support point repeats and ends the search
    sv_triangle(c, s, 1, 2, 3);
  }
  return 0;
}

//---------------------------------- enclosing walk (zero cutoff) -----------------------------------
// With a zero (or negative) cutoff only penetration matters, and 3.3.8 (measured with
// mj_geomDistance at distmax = 0 and ccd_iterations = k) stops projecting once its
// simplex first becomes a tetrahedron. From there it walks: the vertex behind the face
// the origin lies farthest outside of is replaced by the support point along that face's
// outward normal, until no face has the origin outside. Its face normals follow the
// vertex order, so when the first tetrahedron has the other orientation (tetra_volume
// > 0) the first step sees every face inside out: it replaces the vertex behind the face
// the origin lies farthest *inside* of, with the support point along that face's inward
// normal. That step leaves a tetrahedron of the expected orientation, and later steps
// are ordinary. A step whose support point stays behind the origin along its normal
// ends the walk as "separated", the inside-out first step included, so 3.3.8 misses
// some real (mostly shallow) penetrations; they are missed here too (perf/boxmesh.xml).
// EPA starts from the tetrahedron the walk ends with.
// Height-field prisms walk too: together with EPA's prism stop rule (epa.c) this
// reproduces 3.3.8 on hfield_collision_*.xml, myolegs.xml and 359 of 375 contacts of
// random box poses over a flat field (204 while prisms kept projecting; ellipsoid,
// capsule, cylinder and sphere samples went from 46-77% to 87-100% of contacts), and
// 3.3.8's first contact at ccd_iterations = 4 (measured over tilted box poses).

// Signed volume (times 6) of the tetrahedron s[0..3] in the signed-volumes test's terms.
static mjtNum tetra_volume(const sn_ccd_vertex* s) {
  mjtNum x[3];
  sn_cross(x, s[2].w, s[3].w);
  mjtNum v = sn_dot3(s[0].w, x) - sn_dot3(s[1].w, x);
  sn_cross(x, s[1].w, s[3].w);
  v -= sn_dot3(s[0].w, x);
  sn_cross(x, s[1].w, s[2].w);
  return v + sn_dot3(s[0].w, x);
}

// Walk s[0..3] (see above) for at most maxstep steps; returns 1 once it encloses the
// origin, 0 if the steps run out, -1 if a step finds a separating plane.
static int enclose_walk(sn_ccd_vertex* s, sn_convex* a, sn_convex* b, int maxstep) {
  mjtNum sigma = tetra_volume(s) > 0 ? -1 : 1;
  for (int step = 0;; step++) {
    mjtNum dir[3] = {0, 0, 0}, far = 0;
    int pick = -1;
    for (int i = 0; i < 4; i++) {
      int f0 = i == 0, f1 = i <= 1 ? 2 : 1, f2 = i <= 2 ? 3 : 2;  // the others, ascending
      const mjtNum *p0 = s[f0].w, *p1 = s[f1].w, *p2 = s[f2].w;
      mjtNum e1[3], e2[3], n[3], r[3];
      sn_sub3(e1, p1, p0);
      sn_sub3(e2, p2, p0);
      sn_cross(n, e1, e2);
      mjtNum len = sn_norm3(n);
      if (len < mjMINVAL) {
        continue;
      }
      // unit normal pointing away from the vertex behind the face (times sigma)
      sn_sub3(r, s[i].w, p0);
      sn_scl3(n, n, (sn_dot3(n, r) > 0 ? -sigma : sigma) / len);
      mjtNum out = -sn_dot3(n, p0);
      if (out > far) {
        far = out;
        pick = i;
        sn_copy3(dir, n);
      }
    }
    if (pick < 0) {
      return 1;
    }
    if (step >= maxstep) {
      return 0;
    }
    sn_ccd_support(s + pick, a, b, dir);
    // the support point does not get past the origin along dir: a - b lies on the
    // far side of a plane through the origin, so they are separated (taken as
    // proof even on the inside-out first step, as 3.3.8 does)
    if (sn_dot3(dir, s[pick].w) < 0) {
      return -1;
    }
    sigma = 1;
  }
}

// Zero-cutoff outcome once the simplex s first has four vertices, at iteration iter of
// maxiter (each step and the final enclosure test cost an iteration, as in 3.3.8). A
// first tetrahedron that already encloses the origin is kept when the walk cannot
// finish in time.
static int zero_cutoff_tetra(sn_ccd_vertex* s, sn_convex* a, sn_convex* b, int inside,
                             int iter, int maxiter) {
  int left = maxiter - iter - 1;
  if (left < 1) {
    return SN_CCD_FAR;
  }
  if (!inside) {
    return enclose_walk(s, a, b, left - 1) > 0 ? SN_CCD_PENETRATING : SN_CCD_FAR;
  }
  if (tetra_volume(s) <= 0) {
    return SN_CCD_PENETRATING;
  }
  sn_ccd_vertex t[4] = {s[0], s[1], s[2], s[3]};
  int walk = enclose_walk(t, a, b, left - 1);
  if (walk < 0) {
    return SN_CCD_FAR;
  }
  if (walk > 0) {
    for (int k = 0; k < 4; k++) {
      s[k] = t[k];
    }
  }
  return SN_CCD_PENETRATING;
}

//---------------------------------- GJK ------------------------------------------------------------

// res = sign * src / |src|, scaled by the reciprocal of the norm: 3.3.8 hands the support
// functions unit directions formed this way (its witness points at ccd_iterations = k
// match bit for bit only so).
static void unit_dir(mjtNum res[3], const mjtNum src[3], mjtNum sign) {
  mjtNum inv = sign / sqrt(sn_dot3(src, src));
  res[0] = src[0] * inv;
  res[1] = src[1] * inv;
  res[2] = src[2] * inv;
}

static void witness(sn_ccd_result* res) {
  sn_zero3(res->x1);
  sn_zero3(res->x2);
}

// A point inside obj: its frame origin, or the centroid of a prism's vertices.
static void centre(mjtNum c[3], const sn_convex* obj) {
  if (obj->type != SN_CONVEX_PRISM) {
    sn_copy3(c, obj->pos);
    return;
  }
  sn_zero3(c);
  for (int k = 0; k < 6; k++) {
    sn_addToScl3(c, obj->prism[k], 1.0 / 6);
  }
}

void sn_gjk(sn_ccd_result* res, sn_convex* a, sn_convex* b, mjtNum cutoff, mjtNum tol,
            int maxiter) {
  sn_ccd_vertex* s = res->simplex;
  mjtNum lam[4] = {1, 0, 0, 0};
  mjtNum v[3];
  int n = 0;
  witness(res);

  // start from the difference of the centres: an interior point of a - b (a prism's
  // centre is the mean of its six vertices, which reproduces 3.3.8's iterates on
  // height fields)
  sn_ccd_vertex first;
  mjtNum dir[3], ca[3], cb[3];
  centre(ca, a);
  centre(cb, b);
  sn_sub3(dir, cb, ca);
  if (sn_dot3(dir, dir) < mjMINVAL) {
    dir[0] = 1;
    dir[1] = dir[2] = 0;
  }
  unit_dir(dir, dir, 1);
  sn_ccd_support(&first, a, b, dir);
  s[0] = first;
  n = 1;
  sn_copy3(v, first.w);
  res->status = SN_CCD_SEPARATED;

  // 3.3.8's search starts one step earlier, from v = ca - cb itself (whose support point
  // is first), and tests the cutoff with that v too: mj_geomDistance's result shows it,
  // zero fromto exactly when distmax + radii < (ca - cb).first / |ca - cb| on
  // sphere/capsule-mesh pairs whose later bounds are all smaller
  mjtNum v0[3];
  sn_sub3(v0, ca, cb);
  mjtNum vv0 = sn_dot3(v0, v0);
  if (vv0 >= mjMINVAL && sn_dot3(v0, first.w) > cutoff * sqrt(vv0)) {
    res->status = SN_CCD_FAR;
    res->nsimplex = n;
    return;
  }

  if (maxiter < 1) {
    maxiter = 1;
  }
  // The iteration cap: 3.3.8's budget of maxiter iterations covers one iteration less of
  // this loop (its search starts one step earlier, see above), and when it runs out its
  // witness points are those of its last iterate but its distance is |v| from the top of
  // its last iteration, one iterate older. Measured on contacts at ccd_iterations = 2..40
  // (30 random poses each of sphere and capsule cores against an ellipsoid and a mesh):
  // 4499 of 4503 within 1e-12 of 3.3.8 (2689 before; the other 4 are one capsule-ellipsoid
  // pose at k >= 37), and at the default 35 iterations all 104 sphere/capsule-ellipsoid
  // contacts of 400 random poses (61 off by up to 2.6e-5 before). Outcomes this loop
  // would only reach in that extra iteration (a penetration, the cutoff test) are not
  // reached either. The zero-cutoff search (penetration only) keeps its own calibration
  // (zero_cutoff_tetra).
  int itmax = cutoff > 0 && maxiter >= 2 ? maxiter - 1 : maxiter;
  mjtNum vtop = -1;  // |v| at the top of the current iteration
  int capped = 1;
  for (int iter = 0; iter < itmax; iter++) {
    mjtNum vv = sn_dot3(v, v);
    // the origin on (or within rounding of) the simplex: the shapes touch or overlap
    if (vv < mjMINVAL) {
      // 3.3.8 takes one more iteration than this to conclude so; at a zero cutoff with
      // none left it reports no contact (flat ellipsoid triangles, found here at
      // iteration i: 3.3.8 has no contact at ccd_iterations = i + 1 in 1694 of 1704
      // poses with i = 2 and in all 62 with i = 3; the other 10 are round-off)
      if (cutoff <= 0 && iter + 1 >= maxiter) {
        res->status = SN_CCD_FAR;
        res->nsimplex = n;
        return;
      }
      res->status = SN_CCD_PENETRATING;
      break;
    }
    mjtNum vn = sqrt(vv), neg[3];
    vtop = vn;
    unit_dir(neg, v, -1);
    sn_ccd_vertex w;
    sn_ccd_support(&w, a, b, neg);
    mjtNum vw = sn_dot3(v, w.w);
    // a support point already in the simplex ends the search before the cutoff test (in
    // 3.3.8 a pair converged beyond the cutoff this way keeps its witness points, where
    // one stopped by the cutoff test has none: measured through mj_geomDistance)
    int dup = 0;
    for (int k = 0; k < n; k++) {
      mjtNum dw[3];
      sn_sub3(dw, s[k].w, w.w);
      if (sn_dot3(dw, dw) < mjMINVAL) {
        dup = 1;
      }
    }
    if (dup) {
      capped = 0;
      break;
    }
    if (vw > cutoff * vn) {
      res->status = SN_CCD_FAR;
      res->nsimplex = n;
      return;
    }
    // squared upper bound |v|^2 and squared lower bound (v.w/|v|)^2 of the distance
    // within tol^2 (this matches 3.3.8's stopping iteration)
    if (vw > 0 && vv - vw * vw / vv <= tol * tol) {
      capped = 0;
      break;
    }
    // the newest support point goes first: the signed-volume tests rely on it
    for (int k = n; k > 0; k--) {
      s[k] = s[k - 1];
    }
    s[0] = w;
    n++;
    closest_t c = {0};
    if (n == 2) {
      sv_segment(&c, s, 0, 1);
    } else if (n == 3) {
      sv_triangle(&c, s, 0, 1, 2);
    } else {
      int inside = sv_tetra(&c, s);
      if (cutoff <= 0) {
        res->status = zero_cutoff_tetra(s, a, b, inside, iter, maxiter);
        res->nsimplex = 4;
        res->dist = 0;
        return;
      }
      if (inside) {
        res->status = SN_CCD_PENETRATING;
        break;
      }
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
    }
    for (int k = n - 1; k >= 0; k--) {
      sn_addToScl3(v, s[k].w, lam[k]);
    }
  }
  res->nsimplex = n;
  if (res->status == SN_CCD_PENETRATING) {
    res->dist = 0;
    return;
  }
  for (int k = n - 1; k >= 0; k--) {
    sn_addToScl3(res->x1, s[k].a, lam[k]);
    sn_addToScl3(res->x2, s[k].b, lam[k]);
  }
  // at the cap the distance is one iterate older than the witness points (see above)
  res->dist = capped && itmax < maxiter ? vtop : sn_norm3(v);
  // the normal from the witness points rather than from v: 3.3.8 offsets a sphere's or
  // capsule's witness by its radius along this direction (bit for bit, see above)
  mjtNum d[3];
  sn_sub3(d, res->x1, res->x2);
  mjtNum dn = sn_norm3(d);
  if (dn < mjMINVAL) {
    sn_scl3(res->normal, v, -1 / sn_norm3(v));
  } else {
    unit_dir(res->normal, d, -1);
  }
  if (res->dist > cutoff) {
    res->status = SN_CCD_BEYOND;
  }
}

