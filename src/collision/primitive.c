// Analytic narrow phase for planes, spheres and capsules (and plane–cylinder): the
// contact conventions (order of multiple contacts, fallback normals, tangents) follow
// MuJoCo 3.3.8 as observed on the oracle.
#include "collision/collision.h"
#include "collision/pair_util.h"

//---------------------------------- plane pairs ---------------------------------------------------

// Signed distance of point p above plane (origin o, unit normal n).
static mjtNum plane_height(const mjtNum o[3], const mjtNum n[3], const mjtNum p[3]) {
  mjtNum dp[3];
  sn_sub3(dp, p, o);
  return sn_dot3(dp, n);
}

// Contact of a plane with the sphere (c, r); the optional tangent is passed through.
static int plane_ball(mjContact* con, const mjtNum o[3], const mjtNum n[3], const mjtNum c[3],
                      mjtNum r, const mjtNum* tangent, mjtNum margin) {
  mjtNum dist = plane_height(o, n, c) - r;
  if (dist > margin) {
    return 0;
  }
  mjtNum pos[3];
  sn_addScl3(pos, c, n, -(r + 0.5 * dist));
  sn_set_contact(con, dist, pos, n, tangent);
  return 1;
}

int sn_collide_plane_sphere(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                            mjtNum margin) {
  sn_geom_t P = sn_geom(m, d, g1), S = sn_geom(m, d, g2);
  mjtNum n[3];
  sn_geom_axis(n, &P, 2);
  return plane_ball(con, P.pos, n, S.pos, S.size[0], NULL, margin);
}

// One contact per end sphere, the +axis end first; the capsule axis is the tangent.
int sn_collide_plane_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                             mjtNum margin) {
  sn_geom_t P = sn_geom(m, d, g1), C = sn_geom(m, d, g2);
  mjtNum n[3], axis[3], end[3];
  sn_geom_axis(n, &P, 2);
  sn_geom_axis(axis, &C, 2);
  int ncon = 0;
  for (int side = 1; side >= -1; side -= 2) {
    sn_addScl3(end, C.pos, axis, side * C.size[1]);
    ncon += plane_ball(con + ncon, P.pos, n, end, C.size[0], axis, margin);
  }
  return ncon;
}

// Rim points of the cylinder: the deepest point of the disk nearer the plane, the point
// above it on the far disk, then two more points on the near rim at +-120 degrees.
int sn_collide_plane_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                              mjtNum margin) {
  sn_geom_t P = sn_geom(m, d, g1), C = sn_geom(m, d, g2);
  mjtNum n[3], axis[3];
  sn_geom_axis(n, &P, 2);
  sn_geom_axis(axis, &C, 2);
  mjtNum r = C.size[0], h = C.size[1];

  // the near disk is on the side of the axis pointing into the plane
  mjtNum down[3];
  sn_scl3(down, axis, sn_dot3(axis, n) >= 0 ? -1 : 1);

  // direction in the disk plane towards the plane (the local x axis when the disk is flat)
  mjtNum nl[3], v[3];
  sn_mulMatTVec3(nl, C.mat, n);
  mjtNum len = sqrt(nl[0] * nl[0] + nl[1] * nl[1]);
  if (len < mjMINVAL) {
    sn_geom_axis(v, &C, 0);
  } else {
    mjtNum ax[3], ay[3];
    sn_geom_axis(ax, &C, 0);
    sn_geom_axis(ay, &C, 1);
    sn_scl3(v, ax, -nl[0] / len);
    sn_addToScl3(v, ay, -nl[1] / len);
  }
  mjtNum w[3];
  sn_cross(w, v, down);

  mjtNum near[3], far[3];
  sn_addScl3(near, C.pos, down, h);
  sn_addScl3(far, C.pos, down, -h);

  mjtNum pts[4][3];
  sn_addScl3(pts[0], near, v, r);
  sn_addScl3(pts[1], far, v, r);
  const mjtNum c120 = -0.5, s120 = sqrt(3.0) / 2;
  for (int k = 0; k < 2; k++) {
    mjtNum s = k == 0 ? s120 : -s120;
    sn_addScl3(pts[2 + k], near, v, r * c120);
    sn_addToScl3(pts[2 + k], w, r * s);
  }

  // the deepest point as 3.3.8 computes it (bit for bit on mj_geomDistance over 300
  // random poses): from the plane normal's component across the axis, its distance from
  // (centre + near-disk offset) - rim offset, its contact point from (centre - rim
  // offset) + near-disk offset
  mjtNum deep[3];
  mjtNum across[3], dh[3], vr[3];
  sn_addScl3(across, n, axis, -sn_dot3(n, axis));
  mjtNum alen = sn_norm3(across);
  int exact = len >= mjMINVAL && alen >= mjMINVAL;
  if (exact) {
    sn_scl3(dh, down, h);
    sn_scl3(vr, across, r / alen);
    for (int i = 0; i < 3; i++) {
      pts[0][i] = (C.pos[i] + dh[i]) - vr[i];
      deep[i] = (C.pos[i] - vr[i]) + dh[i];
    }
  }

  int ncon = 0;
  for (int k = 0; k < 4; k++) {
    mjtNum dist = plane_height(P.pos, n, pts[k]);
    if (dist <= margin) {
      mjtNum pos[3];
      sn_addScl3(pos, k == 0 && exact ? deep : pts[k], n, -0.5 * dist);
      sn_set_contact(con + ncon++, dist, pos, n, NULL);
    }
  }
  return ncon;
}

//---------------------------------- sphere and capsule pairs --------------------------------------

int sn_collide_sphere_sphere(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                             mjtNum margin) {
  sn_geom_t A = sn_geom(m, d, g1), B = sn_geom(m, d, g2);
  mjtNum za[3], zb[3];
  sn_geom_axis(za, &A, 2);
  sn_geom_axis(zb, &B, 2);
  return sn_sphere_pair(con, A.pos, A.size[0], B.pos, B.size[0], za, zb, margin);
}

// The sphere against the nearest point of the capsule's axis segment.
int sn_collide_sphere_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                              mjtNum margin) {
  sn_geom_t S = sn_geom(m, d, g1), C = sn_geom(m, d, g2);
  mjtNum zs[3], axis[3], p[3];
  sn_geom_axis(zs, &S, 2);
  sn_geom_axis(axis, &C, 2);
  sn_segment_closest(p, C.pos, axis, C.size[1], S.pos);
  return sn_sphere_pair(con, S.pos, S.size[0], p, C.size[0], zs, axis, margin);
}

// Axes closer to parallel than this (|s1|^2 |s2|^2 - (s1.s2)^2 with half-length axis
// vectors s1, s2) are treated as parallel, as the oracle does.
#define SN_PARALLEL_EPS mjMINVAL

// Crossing axes: one contact at the closest points of the two segments. Parallel axes:
// the ends of capsule 1 against segment 2, then the ends of capsule 2 against segment 1,
// in that order, keeping the first two within margin.
int sn_collide_capsule_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1,
                               int g2, mjtNum margin) {
  sn_geom_t A = sn_geom(m, d, g1), B = sn_geom(m, d, g2);
  mjtNum a1[3], a2[3], s1[3], s2[3], dif[3];
  sn_geom_axis(a1, &A, 2);
  sn_geom_axis(a2, &B, 2);
  sn_scl3(s1, a1, A.size[1]);
  sn_scl3(s2, a2, B.size[1]);
  sn_sub3(dif, A.pos, B.pos);
  mjtNum aa = sn_dot3(s1, s1), bb = sn_dot3(s2, s2), ab = sn_dot3(s1, s2);
  mjtNum da = sn_dot3(dif, s1), db = sn_dot3(dif, s2);
  mjtNum det = aa * bb - ab * ab;
  mjtNum p1[3], p2[3];

  if (det >= SN_PARALLEL_EPS) {
    // closest points of the lines, then clamped back onto the segments
    mjtNum x1 = (ab * db - bb * da) / det;
    x1 = x1 < -1 ? -1 : (x1 > 1 ? 1 : x1);
    mjtNum x2 = (db + x1 * ab) / bb;
    x2 = x2 < -1 ? -1 : (x2 > 1 ? 1 : x2);
    x1 = (x2 * ab - da) / aa;
    x1 = x1 < -1 ? -1 : (x1 > 1 ? 1 : x1);
    sn_addScl3(p1, A.pos, s1, x1);
    sn_addScl3(p2, B.pos, s2, x2);
    return sn_sphere_pair(con, p1, A.size[0], p2, B.size[0], a1, a2, margin);
  }

  int ncon = 0;
  for (int k = 0; k < 4 && ncon < 2; k++) {
    mjtNum side = (k % 2) ? -1 : 1;
    if (k < 2) {
      sn_addScl3(p1, A.pos, s1, side);
      sn_segment_closest(p2, B.pos, a2, B.size[1], p1);
    } else {
      sn_addScl3(p2, B.pos, s2, side);
      sn_segment_closest(p1, A.pos, a1, A.size[1], p2);
    }
    ncon += sn_sphere_pair(con + ncon, p1, A.size[0], p2, B.size[0], a1, a2, margin);
  }
  return ncon;
}
