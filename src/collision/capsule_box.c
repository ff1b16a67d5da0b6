// Analytic capsule–box narrow phase. The axis point closest to the box (ends first, then
// the twelve edges) gives the first contact, against the box or, when inside it, pushed out
// through the nearest face. A second contact lies where the segment, followed from there
// across the box face it faces, reaches the face's far side (or the capsule's end); when
// the first axis point is inside the box, the axis is followed deeper into it instead, and
// when it is outside while the axis crosses the box elsewhere there is none.
// Conventions follow MuJoCo 3.3.8 as observed on the oracle (random-pose sweeps).
#include "collision/collision.h"
#include "collision/pair_util.h"

// Axis points closer to the box surface than this count as on it (the point-box distance
// of a point on a face is zero only up to roundoff).
#define SN_TOUCH 1e-12

// Closest points of segments p + s*u (|s| <= hu) and q + t*v (|t| <= hv), u, v unit.
static void segment_segment(mjtNum* s, mjtNum* t, const mjtNum p[3], const mjtNum u[3],
                            mjtNum hu, const mjtNum q[3], const mjtNum v[3], mjtNum hv) {
  mjtNum w[3];
  sn_sub3(w, p, q);
  mjtNum b = sn_dot3(u, v), du = sn_dot3(u, w), dv = sn_dot3(v, w);
  mjtNum det = 1 - b * b;
  mjtNum ss = det > mjMINVAL ? (b * dv - du) / det : 0;
  ss = ss < -hu ? -hu : (ss > hu ? hu : ss);
  mjtNum tt = dv + ss * b;
  tt = tt < -hv ? -hv : (tt > hv ? hv : tt);
  ss = tt * b - du;
  ss = ss < -hu ? -hu : (ss > hu ? hu : ss);
  *s = ss;
  *t = tt;
}

// Nearest point of the box (half sizes h, local frame) to local point p.
static void box_nearest(mjtNum res[3], const mjtNum h[3], const mjtNum p[3]) {
  for (int k = 0; k < 3; k++) {
    res[k] = p[k] < -h[k] ? -h[k] : (p[k] > h[k] ? h[k] : p[k]);
  }
}

// Contact of the axis point p (box frame) with the box: against the nearest box point when
// p is outside, else pushed out through the face nearest to it (first axis on ties).
// Returns the distance between p and the box surface (negative inside) and the world
// normal from the capsule towards the box.
static mjtNum point_box(mjtNum n[3], const sn_geom_t* B, const mjtNum p[3]) {
  const mjtNum* h = B->size;
  mjtNum q[3], dl[3];
  box_nearest(q, h, p);
  sn_sub3(dl, q, p);
  mjtNum len = sn_norm3(dl);
  if (len >= mjMINVAL) {
    sn_mulMatVec3(n, B->mat, dl);
    sn_normalize3(n);
    return len;
  }
  int k = 0;
  mjtNum depth = h[0] - fabs(p[0]);
  for (int j = 1; j < 3; j++) {
    if (h[j] - fabs(p[j]) < depth) {
      depth = h[j] - fabs(p[j]);
      k = j;
    }
  }
  sn_geom_axis(n, B, k);
  sn_scl3(n, n, p[k] > 0 ? -1 : 1);
  return -depth;
}

// Candidate (squared distance dd, axis parameter s, box point q) replaces the best so
// far only when closer by more than tie, so earlier candidates win near-ties.
static void keep_closer(mjtNum* best, mjtNum* bs, mjtNum bq[3], mjtNum dd, mjtNum s,
                        const mjtNum q[3], mjtNum tie) {
  if (dd < *best - tie) {
    *best = dd;
    *bs = s;
    sn_copy3(bq, q);
  }
}

// Whether the segment c + s*a, |s| <= hl, meets the box of half sizes h (slab test).
static int segment_meets_box(const mjtNum h[3], const mjtNum c[3], const mjtNum a[3],
                             mjtNum hl) {
  mjtNum lo = -hl, hi = hl;
  for (int k = 0; k < 3; k++) {
    if (a[k] == 0) {
      if (fabs(c[k]) > h[k]) {
        return 0;
      }
      continue;
    }
    mjtNum t1 = (-h[k] - c[k]) / a[k], t2 = (h[k] - c[k]) / a[k];
    lo = fmax(lo, fmin(t1, t2));
    hi = fmin(hi, fmax(t1, t2));
  }
  return lo <= hi;
}

// The second contact: axis point s2 (box frame segment c + s*a) against the box, unless
// it is inside the box or beyond the margin. Returns the number of contacts written.
static int second_contact(mjContact* con, const sn_geom_t* B, const mjtNum c[3],
                          const mjtNum a[3], mjtNum s2, mjtNum r, mjtNum margin) {
  mjtNum p2[3], n2[3], pw[3], pos[3];
  sn_addScl3(p2, c, a, s2);
  mjtNum gap2 = point_box(n2, B, p2);
  mjtNum dist2 = gap2 - r;
  if (gap2 < -SN_TOUCH || dist2 > margin) {
    return 0;
  }
  sn_mulMatVec3(pw, B->mat, p2);
  sn_addTo3(pw, B->pos);
  sn_addScl3(pos, pw, n2, r + 0.5 * dist2);
  sn_set_contact(con, dist2, pos, n2, NULL);
  return 1;
}

// Axis parameter of the second point when the first (p1 at s1, closest to the edge point
// bq) lies inside the box between the ends. As observed on the oracle: p1 is pushed out
// through its nearest face k, and the axis is followed from there deeper into the box
// until the first of: the face plane opposite k (a full box thickness along k), the end of
// the edge through bq along its free axis; bq's other clamped axis does not limit it.
static mjtNum inside_second(const mjtNum h[3], const mjtNum a[3],
                            mjtNum hl, const mjtNum p1[3], mjtNum s1, const mjtNum bq[3]) {
  int k = 0;
  mjtNum depth = h[0] - fabs(p1[0]);
  for (int j = 1; j < 3; j++) {
    if (h[j] - fabs(p1[j]) < depth) {
      depth = h[j] - fabs(p1[j]);
      k = j;
    }
  }
  mjtNum sg = p1[k] > 0 ? 1 : -1;
  mjtNum dir = sg * a[k] > 0 ? -1 : 1;
  mjtNum step = mjMAXVAL;
  for (int j = 0; j < 3; j++) {
    mjtNum rate = dir * a[j];
    if (rate == 0 || (j != k && fabs(fabs(bq[j]) - h[j]) < SN_TOUCH)) {
      continue;
    }
    mjtNum from = j == k ? sg * h[k] : bq[j];
    mjtNum t = ((rate > 0 ? h[j] : -h[j]) - from) / rate;
    step = t < step ? t : step;
  }
  mjtNum s2 = s1 + dir * step;
  return s2 < -hl ? -hl : (s2 > hl ? hl : s2);
}

int sn_collide_capsule_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                           mjtNum margin) {
  sn_geom_t C = sn_geom(m, d, g1), B = sn_geom(m, d, g2);
  mjtNum r = C.size[0], hl = C.size[1];
  const mjtNum* h = B.size;

  // the capsule segment in the box frame
  mjtNum axis[3], rel[3], c[3], a[3];
  sn_geom_axis(axis, &C, 2);
  sn_sub3(rel, C.pos, B.pos);
  sn_mulMatTVec3(c, B.mat, rel);
  sn_mulMatTVec3(a, B.mat, axis);

  // closest points: the two ends first (the -z end, then the +z end: with both inside
  // the box, 3.3.8 takes the -z end), then the twelve edges; the first candidate wins
  // ties, up to roundoff in the squared distance
  const mjtNum tie = 1e-12;
  mjtNum best = mjMAXVAL, bs = 0, bq[3] = {0, 0, 0};
  for (int e = 0; e < 2; e++) {
    mjtNum s = e == 0 ? -hl : hl, p[3], q[3], dq[3];
    sn_addScl3(p, c, a, s);
    box_nearest(q, h, p);
    sn_sub3(dq, q, p);
    keep_closer(&best, &bs, bq, sn_dot3(dq, dq), s, q, tie);
  }
  for (int k = 0; k < 3; k++) {
    int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    for (int i = 0; i < 4; i++) {
      mjtNum q0[3], ek[3] = {0, 0, 0};
      q0[k] = 0;
      q0[k1] = (i & 1) ? h[k1] : -h[k1];
      q0[k2] = (i & 2) ? h[k2] : -h[k2];
      ek[k] = 1;
      mjtNum s, t, p[3], q[3], dq[3];
      segment_segment(&s, &t, c, a, hl, q0, ek, h[k]);
      sn_addScl3(p, c, a, s);
      sn_addScl3(q, q0, ek, t);
      sn_sub3(dq, q, p);
      keep_closer(&best, &bs, bq, sn_dot3(dq, dq), s, q, tie);
    }
  }

  // first contact: the chosen axis point against the box (pushed out when inside)
  mjtNum p1[3], n1[3], pw[3];
  sn_addScl3(p1, c, a, bs);
  mjtNum gap = point_box(n1, &B, p1);
  mjtNum dist = gap - r;
  int ncon = 0;
  if (dist <= margin) {
    mjtNum pos[3];
    sn_mulMatVec3(pw, B.mat, p1);
    sn_addTo3(pw, B.pos);
    sn_addScl3(pos, pw, n1, r + 0.5 * dist);
    sn_set_contact(con + ncon++, dist, pos, n1, NULL);
  }
  // an axis point between the ends inside the box: the second contact follows the axis
  // deeper into the box (see inside_second)
  if (gap < -SN_TOUCH && bs != hl && bs != -hl) {
    mjtNum s2 = inside_second(h, a, hl, p1, bs, bq);
    if (s2 != bs) {
      ncon += second_contact(con + ncon, &B, c, a, s2, r, margin);
    }
    return ncon;
  }
  // no second contact when the first point touches the box, is an end inside it, or is
  // between the ends while the axis passes through the box elsewhere (through a face)
  mjtNum nl[3];
  sn_sub3(nl, p1, bq);
  if (sn_norm3(nl) < mjMINVAL || gap < SN_TOUCH ||
      (bs != hl && bs != -hl && segment_meets_box(h, c, a, hl))) {
    return ncon;
  }

  // the box face most facing the capsule at the closest points (local axis k, side sg)
  int k = 0;
  for (int j = 1; j < 3; j++) {
    if (fabs(nl[j]) > fabs(nl[k])) {
      k = j;
    }
  }
  int end = bs == hl || bs == -hl;
  if (end) {
    // an end beyond two face planes (nearest a box edge): of those two faces, the one
    // most parallel to the axis (oracle sweeps; beyond three, the rule above holds best)
    int kk = -1, nout = 0;
    for (int j = 0; j < 3; j++) {
      if (fabs(p1[j]) > h[j]) {
        nout++;
        if (kk < 0 || fabs(a[j]) < fabs(a[kk])) {
          kk = j;
        }
      }
    }
    if (nout == 2) {
      k = kk;
    } else if (nout == 3) {
      // an end beyond all three (nearest a corner): when the axis heads away from the
      // box along its own main direction but towards one of the other two face planes,
      // that face (and the first contact is repeated)
      int e = 0;
      for (int j = 1; j < 3; j++) {
        if (fabs(a[j]) > fabs(a[e])) {
          e = j;
        }
      }
      mjtNum dsg = bs > 0 ? -1 : 1;
      if ((p1[e] > 0 ? 1 : -1) * dsg * a[e] >= 0) {
        for (int j = 0; j < 3; j++) {
          if (j != e && (p1[j] > 0 ? 1 : -1) * dsg * a[j] < 0) {
            k = j;
            break;
          }
        }
      }
    }
  }
  mjtNum sg = nl[k] > 0 ? 1 : -1;

  // direction along the segment: towards the other end from an end, else away from the face
  mjtNum dir;
  if (end) {
    dir = bs > 0 ? -1 : 1;
  } else {
    // no threshold: for a segment parallel to the face the oracle follows the sign of
    // the roundoff, and a zero step (moving off the face) gives no second contact
    dir = sg * a[k] > 0 ? 1 : -1;
  }

  // from the first contact's box point, follow the segment in that direction until the
  // box point (kept on the face plane) reaches the far boundary of the face
  mjtNum step = mjMAXVAL;
  for (int j = 0; j < 3; j++) {
    mjtNum rate = dir * a[j];
    if (j == k || rate == 0) {
      continue;
    }
    mjtNum t = ((rate > 0 ? h[j] : -h[j]) - bq[j]) / rate;
    // from between the ends, a box point already on the boundary and moving outwards
    // stays there and sets no limit (matters at a box corner)
    if (!end && t <= 0) {
      continue;
    }
    step = t < step ? t : step;
  }
  mjtNum s2 = bs + dir * step;
  s2 = s2 < -hl ? -hl : (s2 > hl ? hl : s2);
  // no step: no second contact, except from an end whose axis heads towards the face
  // plane, where 3.3.8 repeats the first contact
  if (s2 == bs && !(end && sg * dir * a[k] < 0)) {
    return ncon;
  }
  return ncon + second_contact(con + ncon, &B, c, a, s2, r, margin);
}
