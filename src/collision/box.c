// Analytic narrow phase for boxes against planes and spheres; conventions
// (contact order, points, normals) follow MuJoCo 3.3.8 as observed on the oracle.
#include "collision/collision.h"
#include "collision/pair_util.h"

// Box corners below margin on the half of the box facing the plane (so at most four),
// enumerated with x varying fastest, minus side first.
int sn_collide_plane_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                         mjtNum margin) {
  sn_geom_t P = sn_geom(m, d, g1), B = sn_geom(m, d, g2);
  mjtNum n[3], ax[3][3];
  sn_geom_axis(n, &P, 2);
  for (int k = 0; k < 3; k++) {
    sn_geom_axis(ax[k], &B, k);
  }
  int ncon = 0;
  for (int i = 0; i < 8 && ncon < 4; i++) {
    mjtNum offset[3] = {0, 0, 0}, corner[3], dp[3];
    for (int k = 0; k < 3; k++) {
      sn_addToScl3(offset, ax[k], (i & (1 << k)) ? B.size[k] : -B.size[k]);
    }
    if (sn_dot3(offset, n) > 0) {
      continue;
    }
    sn_add3(corner, B.pos, offset);
    sn_sub3(dp, corner, P.pos);
    mjtNum dist = sn_dot3(dp, n);
    if (dist <= margin) {
      mjtNum pos[3];
      sn_addScl3(pos, corner, n, -0.5 * dist);
      sn_set_contact(con + ncon++, dist, pos, n, NULL);
    }
  }
  return ncon;
}

// Centre outside the box: the nearest box point along the normal. Centre inside: the face
// of least penetration (first axis on ties, the plus-side normal at the exact centre).
int sn_collide_sphere_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                          mjtNum margin) {
  sn_geom_t S = sn_geom(m, d, g1), B = sn_geom(m, d, g2);
  mjtNum r = S.size[0], rel[3], loc[3], clamped[3];
  sn_sub3(rel, S.pos, B.pos);
  sn_mulMatTVec3(loc, B.mat, rel);
  int outside = 0;
  for (int k = 0; k < 3; k++) {
    mjtNum h = B.size[k];
    clamped[k] = loc[k] < -h ? -h : (loc[k] > h ? h : loc[k]);
    outside |= clamped[k] != loc[k];
  }

  mjtNum n[3], dist;
  if (outside) {
    // in the box frame, as 3.3.8 (bit for bit on mj_geomDistance): the distance to the
    // clamped point, the contact midway between it and the sphere's surface point
    mjtNum dl[3], nl[3], pl[3];
    sn_sub3(dl, clamped, loc);
    mjtNum len = sn_norm3(dl);
    dist = len - r;
    if (dist > margin) {
      return 0;
    }
    mjtNum inv = 1 / len;
    for (int k = 0; k < 3; k++) {
      nl[k] = dl[k] * inv;
      pl[k] = 0.5 * (loc[k] + nl[k] * r + clamped[k]);
    }
    sn_mulMatVec3(n, B.mat, nl);
    mjtNum pos[3];
    sn_mulMatVec3(pos, B.mat, pl);
    sn_addTo3(pos, B.pos);
    sn_set_contact(con, dist, pos, n, NULL);
    return 1;
  } else {
    int best = 0;
    mjtNum depth = B.size[0] - fabs(loc[0]);
    for (int k = 1; k < 3; k++) {
      mjtNum dk = B.size[k] - fabs(loc[k]);
      if (dk < depth) {
        depth = dk;
        best = k;
      }
    }
    dist = -depth - r;
    if (dist > margin) {
      return 0;
    }
    sn_geom_axis(n, &B, best);
    mjtNum sign = 1;
    if (loc[best] > 0) {
      sn_scl3(n, n, -1);
      sign = -1;
    }
    // the contact in the box frame too: midway between the face and the sphere's deepest
    // point along the normal
    mjtNum pl[3] = {loc[0], loc[1], loc[2]};
    pl[best] = loc[best] + sign * (0.5 * (r - depth));
    mjtNum pos[3];
    sn_mulMatVec3(pos, B.mat, pl);
    sn_addTo3(pos, B.pos);
    sn_set_contact(con, dist, pos, n, NULL);
    return 1;
  }
}
