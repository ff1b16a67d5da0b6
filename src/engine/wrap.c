// Tendon wrapping geometry (see wrap.h). Both geoms reduce to a circle of radius r at the
// origin of a plane: for a sphere the plane through its centre and the two end points,
// for a cylinder the plane normal to its axis (the path is then a helix, whose unrolled
// length is the 2-D length combined with the height change).
//
// In the plane, from each end point two lines touch the circle; pairing the tangent
// points that lead around the same side gives two candidate paths (straight, arc,
// straight). Decisions identified on MuJoCo 3.3.8:
// - no wrap if an end point is inside the circle;
// - without a side site: wrap only when the straight segment cuts the circle, around
//   the shorter side;
// - with a side site outside the geom: also wrap when the segment misses the circle but
//   the side site is on the far side (its dot product with the point of the segment
//   nearest the centre is negative); the side is the candidate whose tangent-point
//   midpoint, pushed onto the circle, is nearer the side site, unless its two straight
//   parts cross each other;
// - with a side site inside the geom (for cylinders too, 3.3.8 asks whether it is within
//   the radius of the geom's centre, not inside the cylinder): a segment that cuts the
//   circle stays straight; one that misses it (or end points that coincide) is pulled
//   through a point of the circle (both tangent points are that point, no arc): the
//   point minimising the path length, as far as 3.3.8's iteration gets (sn_inside_point).
#include <math.h>

#include "engine/wrap.h"
#include "math/inline.h"

// A candidate path in the plane: tangent points, arc angle and total 2-D length.
typedef struct {
  mjtNum t0[2], t1[2];
  mjtNum arc;                 // angle travelled on the circle
  mjtNum len;                 // straight parts plus r*arc
  int cross;                  // the two straight parts intersect
} sn_wrap2;

static const mjtNum kOrigin[2] = {0, 0};

static mjtNum sn_sqrdist2(const mjtNum a[2], const mjtNum b[2]) {
  return (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]);
}

static mjtNum sn_dist2(const mjtNum a[2], const mjtNum b[2]) {
  return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]));
}

static mjtNum sn_orient2(const mjtNum o[2], const mjtNum a[2], const mjtNum b[2]) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

// Proper intersection of segments p0-p1 and q0-q1.
static int sn_segments_cross(const mjtNum p0[2], const mjtNum p1[2], const mjtNum q0[2],
                             const mjtNum q1[2]) {
  return sn_orient2(q0, q1, p0) * sn_orient2(q0, q1, p1) < 0 &&
         sn_orient2(p0, p1, q0) * sn_orient2(p0, p1, q1) < 0;
}

// The end points' directions and the half-angles of their tangent points (both candidates
// share them).
typedef struct {
  mjtNum dir_a, half_a, dir_b, half_b;
} sn_tangent_angles;

static void sn_tangent_setup(const mjtNum a[2], const mjtNum b[2], mjtNum r,
                             sn_tangent_angles* g) {
  mjtNum da = sqrt(a[0] * a[0] + a[1] * a[1]), db = sqrt(b[0] * b[0] + b[1] * b[1]);
  g->dir_a = atan2(a[1], a[0]);
  g->half_a = acos(r / da);
  g->dir_b = atan2(b[1], b[0]);
  g->half_b = acos(r / db);
}

// The candidate going around the circle in direction dir (+1 counterclockwise).
static void sn_candidate(const mjtNum a[2], const mjtNum b[2], mjtNum r, int dir, int side,
                         const sn_tangent_angles* g, sn_wrap2* c) {
  mjtNum ta = g->dir_a + dir * g->half_a;
  mjtNum tb = g->dir_b - dir * g->half_b;
  c->t0[0] = r * cos(ta);
  c->t0[1] = r * sin(ta);
  c->t1[0] = r * cos(tb);
  c->t1[1] = r * sin(tb);
  mjtNum arc = fmod(dir * (tb - ta), 2 * mjPI);
  c->arc = arc < 0 ? arc + 2 * mjPI : arc;
  c->len = sn_dist2(a, c->t0) + r * c->arc + sn_dist2(c->t1, b);
  // only a side site's choice asks whether the straight parts cross
  c->cross = side && sn_segments_cross(a, c->t0, c->t1, b);
}

// Distance from s to the candidate's tangent-point midpoint pushed onto the circle.
static mjtNum sn_side_distance(const sn_wrap2* c, const mjtNum s[2], mjtNum r) {
  mjtNum m[2] = {c->t0[0] + c->t1[0], c->t0[1] + c->t1[1]};
  mjtNum n = sqrt(m[0] * m[0] + m[1] * m[1]);
  if (n < mjMINVAL) {
    return sqrt(s[0] * s[0] + s[1] * s[1]);
  }
  m[0] *= r / n;
  m[1] *= r / n;
  return sn_dist2(s, m);
}

// The point of the circle minimising |a - t| + |t - b| (a and b outside), found the way
// 3.3.8 finds it (identified on the oracle's wrap points: the moment arms depend on
// where its iteration stops, up to 5e-7 rad short of the minimum).
// At the minimum the path reflects off the circle: both straight parts meet the normal
// at the same angle g. In the triangle (centre, end point at distance d, t) the law of
// sines puts t at angle g - asin(sin g / d) from the end point's direction, so with the
// radius scaled to 1 the two angles add up to the angle between the end points:
//   F(x) = 2 asin(x) - asin(x / da) - asin(x / db) - angle(a, b) = 0,   x = sin g.
// - the angle comes from the law of cosines on |a|, |b| and |a - b|^2 (lens);
// - Newton's method on x starts at 1 - 1e-7 (just inside the tangent points, where the
//   derivative is infinite) and stops as soon as |F| < 1e-6, without a final step;
// - t is measured from the end point the other lies counterclockwise from;
// - if the end points are within 1e-15 of the same direction (cosine above 1 - 1e-15) or
//   an iterate leaves [0, 1 - 1e-7], t is the direction of a + b instead.
static void sn_inside_point(const mjtNum a[2], const mjtNum b[2], const mjtNum lens[3], mjtNum r,
                            mjtNum t[2]) {
  mjtNum na = lens[0], nb = lens[1];
  if (sn_orient2(kOrigin, a, b) < 0) {
    const mjtNum* tmp = a;
    a = b;
    b = tmp;
    na = lens[1];
    nb = lens[0];
  }
  mjtNum da = na / r, db = nb / r;
  mjtNum c = (na * na + nb * nb - lens[2]) / (2 * na * nb);
  mjtNum angle = acos(c < -1 ? -1 : c);
  mjtNum x = 1 - 1e-7;
  int ok = 0;
  for (int it = 0; it < 100 && c <= 1 - mjMINVAL; it++) {
    mjtNum f = 2 * asin(x) - asin(x / da) - asin(x / db) - angle;
    if (fabs(f) < 1e-6) {
      ok = 1;
      break;
    }
    mjtNum df = 2 / sqrt(1 - x * x) - 1 / sqrt(da * da - x * x) - 1 / sqrt(db * db - x * x);
    x -= f / df;
    if (!(x >= 0 && x <= 1 - 1e-7)) {
      break;             // also NaN
    }
  }
  mjtNum u[2] = {a[0], a[1]};
  if (ok) {
    mjtNum phi = asin(x) - asin(x / da);
    mjtNum cp = cos(phi), sp = sin(phi);
    u[0] = cp * a[0] - sp * a[1];
    u[1] = sp * a[0] + cp * a[1];
  } else {
    u[0] = a[0] + b[0];
    u[1] = a[1] + b[1];
  }
  mjtNum nu = sn_dist2(u, kOrigin);
  if (nu < mjMINVAL) {
    u[0] = a[0];
    u[1] = a[1];
    nu = sn_dist2(u, kOrigin);
  }
  t[0] = r * u[0] / nu;
  t[1] = r * u[1] / nu;
}

// The 2-D problem: end points a, b, side site s (NULL: none) and whether the side site is
// inside the geom (a 3-D question: its projection may fall inside the circle either way);
// lens: |a|, |b| and |a - b|^2, measured where 3.3.8 measures them.
// Fills the tangent points t0, t1 and returns the arc angle, or -1 without a wrap.
static mjtNum sn_wrap_circle(const mjtNum a[2], const mjtNum b[2], const mjtNum lens[3],
                             const mjtNum* s, int inside, mjtNum r, mjtNum t0[2], mjtNum t1[2]) {
  mjtNum r2 = r * r;
  if (a[0] * a[0] + a[1] * a[1] < r2 || b[0] * b[0] + b[1] * b[1] < r2 || r < mjMINVAL) {
    return -1;
  }
  mjtNum d[2] = {b[0] - a[0], b[1] - a[1]};
  mjtNum dd = d[0] * d[0] + d[1] * d[1];
  if (dd < mjMINVAL && !(s && inside)) {
    return -1;
  }
  // the point of the segment nearest the centre (coincident end points: either one)
  mjtNum u = dd < mjMINVAL ? 0 : -(a[0] * d[0] + a[1] * d[1]) / dd;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  mjtNum p[2] = {a[0] + u * d[0], a[1] + u * d[1]};
  int cuts = p[0] * p[0] + p[1] * p[1] < r2;
  if (s && inside) {
    if (cuts) {
      return -1;
    }
    sn_inside_point(a, b, lens, r, t0);
    t1[0] = t0[0];
    t1[1] = t0[1];
    return 0;
  }
  if (!cuts && (!s || s[0] * p[0] + s[1] * p[1] >= 0)) {
    return -1;
  }
  sn_wrap2 c[2];
  sn_tangent_angles g;
  sn_tangent_setup(a, b, r, &g);
  sn_candidate(a, b, r, 1, s != NULL, &g, c);
  sn_candidate(a, b, r, -1, s != NULL, &g, c + 1);
  int k;
  if (s) {
    k = sn_side_distance(c + 1, s, r) < sn_side_distance(c, s, r);
    if (c[k].cross) {
      k = 1 - k;
    }
  } else {
    k = c[1].len < c[0].len;
  }
  t0[0] = c[k].t0[0];
  t0[1] = c[k].t0[1];
  t1[0] = c[k].t1[0];
  t1[1] = c[k].t1[1];
  return c[k].arc;
}

// World position of local point x.
static void sn_to_world(mjtNum res[3], const mjtNum pos[3], const mjtNum mat[9],
                        const mjtNum x[3]) {
  sn_mulMatVec3(res, mat, x);
  sn_addTo3(res, pos);
}

// Sphere: the plane through the centre and both end points (local coordinates a, b).
static mjtNum sn_wrap_sphere(mjtNum r, const mjtNum a[3], const mjtNum b[3], const mjtNum* s,
                             mjtNum t[6]) {
  mjtNum na = mju_norm3(a);
  if (na < mjMINVAL) {
    return -1;
  }
  mjtNum e1[3], n[3], e2[3];
  sn_scl3(e1, a, 1 / na);
  sn_cross(n, a, b);
  if (mju_normalize3(n) < mjMINVAL) {
    // end points in line with the centre: any plane through that line will do. 3.3.8's
    // is the one containing (1, 1, 1) with the end point's largest component (the first
    // on ties) zeroed: identified on 22 exactly collinear probes, all but a ~ (0, 1, 1),
    // where 3.3.8 takes the plane x = 0 instead. Which side the path then takes without a
    // side site is a tie between equal lengths, decided by round-off in both.
    mjtNum v[3] = {1, 1, 1};
    int k = 0;
    for (int i = 1; i < 3; i++) {
      if (fabs(a[i]) > fabs(a[k])) {
        k = i;
      }
    }
    v[k] = 0;
    sn_cross(n, e1, v);
    mju_normalize3(n);
  }
  sn_cross(e2, n, e1);
  mjtNum a2[2] = {na, 0}, b2[2] = {mju_dot3(b, e1), mju_dot3(b, e2)};
  mjtNum s2[2] = {0, 0}, t0[2], t1[2];
  if (s) {
    s2[0] = mju_dot3(s, e1);
    s2[1] = mju_dot3(s, e2);
  }
  // 3.3.8 measures the inside-wrap angle on the plane coordinates of both end points
  const mjtNum ap[2] = {mju_dot3(a, e1), mju_dot3(a, e2)};
  const mjtNum lens[3] = {sn_dist2(ap, kOrigin), sn_dist2(b2, kOrigin), sn_sqrdist2(ap, b2)};
  mjtNum arc = sn_wrap_circle(a2, b2, lens, s ? s2 : NULL, s && mju_norm3(s) < r, r, t0, t1);
  if (arc < 0) {
    return -1;
  }
  for (int i = 0; i < 3; i++) {
    t[i] = t0[0] * e1[i] + t0[1] * e2[i];
    t[3 + i] = t1[0] * e1[i] + t1[1] * e2[i];
  }
  return r * arc;
}

// Cylinder (axis z): the circle in the xy plane; the path climbs linearly with its
// unrolled length.
static mjtNum sn_wrap_cylinder(mjtNum r, const mjtNum a[3], const mjtNum b[3], const mjtNum* s,
                               mjtNum t[6]) {
  mjtNum t0[2], t1[2];
  int inside = s && mju_norm3(s) < r;
  const mjtNum lens[3] = {sn_dist2(a, kOrigin), sn_dist2(b, kOrigin), sn_sqrdist2(a, b)};
  mjtNum arc = sn_wrap_circle(a, b, lens, s, inside, r, t0, t1);
  if (arc < 0) {
    return -1;
  }
  mjtNum l0 = sn_dist2(a, t0), la = r * arc, l1 = sn_dist2(t1, b);
  mjtNum total = l0 + la + l1;
  mjtNum h = b[2] - a[2];
  mjtNum z0 = a[2], z1 = a[2];
  if (total > mjMINVAL) {
    z0 = a[2] + h * l0 / total;
    z1 = a[2] + h * (l0 + la) / total;
  }
  t[0] = t0[0];
  t[1] = t0[1];
  t[2] = z0;
  t[3] = t1[0];
  t[4] = t1[1];
  t[5] = z1;
  return sqrt(la * la + (z1 - z0) * (z1 - z0));
}

mjtNum sn_wrap_geom(int type, const mjtNum size[3], const mjtNum pos[3], const mjtNum mat[9],
                    const mjtNum p0[3], const mjtNum p1[3], const mjtNum* side, mjtNum t[6]) {
  mjtNum a[3], b[3], s[3], d[3], local[6];
  sn_sub3(d, p0, pos);
  sn_mulMatTVec3(a, mat, d);
  sn_sub3(d, p1, pos);
  sn_mulMatTVec3(b, mat, d);
  if (side) {
    sn_sub3(d, side, pos);
    sn_mulMatTVec3(s, mat, d);
  }
  mjtNum len = type == mjWRAP_SPHERE
                   ? sn_wrap_sphere(size[0], a, b, side ? s : NULL, local)
                   : sn_wrap_cylinder(size[0], a, b, side ? s : NULL, local);
  if (len < 0) {
    return -1;
  }
  sn_to_world(t, pos, mat, local);
  sn_to_world(t + 3, pos, mat, local + 3);
  return len;
}
