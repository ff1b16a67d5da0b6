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
//   the radius of the geom's centre, not inside the cylinder): a segment that cuts the circle stays straight; one
//   that misses it is pulled through the point of the circle that minimises the path
//   length (both tangent points are that point, no arc).
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

// The candidate going around the circle in direction dir (+1 counterclockwise).
static void sn_candidate(const mjtNum a[2], const mjtNum b[2], mjtNum r, int dir, sn_wrap2* c) {
  mjtNum da = sqrt(a[0] * a[0] + a[1] * a[1]), db = sqrt(b[0] * b[0] + b[1] * b[1]);
  mjtNum ta = atan2(a[1], a[0]) + dir * acos(r / da);
  mjtNum tb = atan2(b[1], b[0]) - dir * acos(r / db);
  c->t0[0] = r * cos(ta);
  c->t0[1] = r * sin(ta);
  c->t1[0] = r * cos(tb);
  c->t1[1] = r * sin(tb);
  mjtNum arc = fmod(dir * (tb - ta), 2 * mjPI);
  c->arc = arc < 0 ? arc + 2 * mjPI : arc;
  c->len = sn_dist2(a, c->t0) + r * c->arc + sn_dist2(c->t1, b);
  c->cross = sn_segments_cross(a, c->t0, c->t1, b);
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

// The point of the circle minimising |a - t| + |t - b| (a and b outside): the length's
// derivative in the angle vanishes there; Newton steps from the angle of a+b, guarded
// by bisection on the arc between the directions of a and b.
static void sn_inside_point(const mjtNum a[2], const mjtNum b[2], mjtNum r, mjtNum t[2]) {
  mjtNum aa = atan2(a[1], a[0]), ab = atan2(b[1], b[0]);
  mjtNum span = ab - aa;
  span = span > mjPI ? span - 2 * mjPI : span < -mjPI ? span + 2 * mjPI : span;
  mjtNum lo = 0, hi = 1;      // fraction of the arc from a's direction to b's
  mjtNum x = 0.5;
  for (int it = 0; it < 100; it++) {
    mjtNum th = aa + x * span;
    mjtNum p[2] = {r * cos(th), r * sin(th)}, dp[2] = {-p[1] * span, p[0] * span};
    mjtNum la = sn_dist2(p, a), lb = sn_dist2(p, b);
    if (la < mjMINVAL || lb < mjMINVAL) {
      break;
    }
    // g = d/dx (|p-a| + |p-b|), h its derivative (second-order terms of the unit vectors)
    mjtNum ua[2] = {(p[0] - a[0]) / la, (p[1] - a[1]) / la};
    mjtNum ub[2] = {(p[0] - b[0]) / lb, (p[1] - b[1]) / lb};
    mjtNum g = ua[0] * dp[0] + ua[1] * dp[1] + ub[0] * dp[0] + ub[1] * dp[1];
    mjtNum ddp[2] = {-p[0] * span * span, -p[1] * span * span};
    mjtNum dd = dp[0] * dp[0] + dp[1] * dp[1];
    mjtNum pa = ua[0] * dp[0] + ua[1] * dp[1], pb = ub[0] * dp[0] + ub[1] * dp[1];
    mjtNum h = (dd - pa * pa) / la + (dd - pb * pb) / lb + (ua[0] + ub[0]) * ddp[0] +
               (ua[1] + ub[1]) * ddp[1];
    if (g > 0) {
      hi = x;
    } else {
      lo = x;
    }
    mjtNum next = h > 0 ? x - g / h : 0.5 * (lo + hi);
    if (next <= lo || next >= hi) {
      next = 0.5 * (lo + hi);
    }
    if (fabs(next - x) < 1e-15) {
      x = next;
      break;
    }
    x = next;
  }
  mjtNum th = aa + x * span;
  t[0] = r * cos(th);
  t[1] = r * sin(th);
}

// The 2-D problem: end points a, b, side site s (NULL: none) and whether the side site is
// inside the geom (a 3-D question: its projection may fall inside the circle either way).
// Fills the tangent points t0, t1 and returns the arc angle, or -1 without a wrap.
static mjtNum sn_wrap_circle(const mjtNum a[2], const mjtNum b[2], const mjtNum* s, int inside,
                             mjtNum r, mjtNum t0[2], mjtNum t1[2]) {
  mjtNum r2 = r * r;
  if (a[0] * a[0] + a[1] * a[1] < r2 || b[0] * b[0] + b[1] * b[1] < r2 || r < mjMINVAL) {
    return -1;
  }
  mjtNum d[2] = {b[0] - a[0], b[1] - a[1]};
  mjtNum dd = d[0] * d[0] + d[1] * d[1];
  if (dd < mjMINVAL) {
    return -1;
  }
  // the point of the segment nearest the centre
  mjtNum u = -(a[0] * d[0] + a[1] * d[1]) / dd;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  mjtNum p[2] = {a[0] + u * d[0], a[1] + u * d[1]};
  int cuts = p[0] * p[0] + p[1] * p[1] < r2;
  if (s && inside) {
    if (cuts) {
      return -1;
    }
    sn_inside_point(a, b, r, t0);
    t1[0] = t0[0];
    t1[1] = t0[1];
    return 0;
  }
  if (!cuts && (!s || s[0] * p[0] + s[1] * p[1] >= 0)) {
    return -1;
  }
  sn_wrap2 c[2];
  sn_candidate(a, b, r, 1, c);
  sn_candidate(a, b, r, -1, c + 1);
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
    // end points in line with the centre: any plane through that line will do; 3.3.8
    // picks one independent of the side site
    const mjtNum v[3] = {1, 1, 1};
    sn_cross(n, e1, v);
    if (mju_normalize3(n) < mjMINVAL) {
      const mjtNum w[3] = {0, 0, 1};
      sn_cross(n, e1, w);
      mju_normalize3(n);
    }
  }
  sn_cross(e2, n, e1);
  mjtNum a2[2] = {na, 0}, b2[2] = {mju_dot3(b, e1), mju_dot3(b, e2)};
  mjtNum s2[2] = {0, 0}, t0[2], t1[2];
  if (s) {
    s2[0] = mju_dot3(s, e1);
    s2[1] = mju_dot3(s, e2);
  }
  mjtNum arc = sn_wrap_circle(a2, b2, s ? s2 : NULL, s && mju_norm3(s) < r, r, t0, t1);
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
  mjtNum arc = sn_wrap_circle(a, b, s, inside, r, t0, t1);
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
