// Analytic box–box narrow phase: separating-axis test over the 15 candidate axes, then
// clipping of the other box's facing feature (face, edge or corner) against the reference
// face, seen along the contact normal; for an edge axis the reference is g1's face most
// aligned with that normal and the incident feature is always g2's most aligned face (the
// closest points of the two edges if nothing overlaps).
// Conventions follow MuJoCo 3.3.8 as observed on the oracle, including its reported depth:
// when the boxes intersect, or when the incident feature is a face, a face-axis contact's
// dist is half the height of the clipped point (pos is still the midpoint of the point and
// its projection), while the margin bounds the point's full height. The candidates are the
// vertices of the overlap of the two faces; on every axis kind a candidate is kept when
// its contact position lies within both boxes grown by the margin (up to 1% of each grown
// half size), or 1% of a half size inside either grown box. A candidate found twice (faces
// sharing an edge line: boxes stacked exactly) is reported once if it is the same to the
// last bit, else twice. (3.3.8 also lists a reference corner lying on an incident edge
// twice at some states, as frame.xml shows; that follows its own round-off: 3.3.8 moved by
// 1e-15 changes its mind.) The contacts come in the oracle's order: edge crossings,
// reference corners, incident corners numbered from the deepest one (on an edge axis along
// the edge first); on a face axis the deepest incident corner is a candidate even off the
// reference face. 3.3.8 walks the reference boundary lines and corners in a frame of its
// own per face (ref_face_frame), and on an edge axis it takes at most one reference
// corner, the first found over the incident face. A box's extent along its own axis is its
// half size exactly (equal boxes tie exactly).
// On an edge axis a reference corner met after that first one is not simply dropped: 3.3.8
// places it over the incident face at coordinates divided by the squared length of the last
// pair it listed (the first corner's depth squared) instead of by the face's determinant,
// and lists the pair (corner, incident point) when those fall inside the face
// (late_ref_corner). Between boxes whose side faces are parallel to within 1e-4..1e-6 rad
// this lists one point more than the overlap (a corner just outside the incident face next
// to its deepest corner), deeper than the boxes overlap anywhere. Measured on 3.3.8, states
// matching before -> after: equal boxes .1 .2 .3, one turned about y by up to 0.2 rad and
// tilted by up to 1e-4, 1e-5, 1e-6, 1e-7 rad: 1869, 1886 of 2000 and 284, 285, 295, 300
// of 300 -> all; the earlier near-parallel sets (margin .06): 591 of 600 (1e-6), 277 and
// 295 of 300 -> all; turned about any axis and flipped, boxes .15 .2 .25 with and without
// margin, tilts 1e-4, 1e-5, 1e-6: 1896, 1902, 1968 of 2000 -> 2000 each; against boxes
// .1 .2 .3, .2 .2 .1, .3 .1 .25 (1e-4, 1e-6): 1974, 1990, 1985, 1993, 1972, 1983 of 2000
// -> 2000 each; general random poses of 16 box pairs: 28,497 -> 28,500 of 28,500, and on
// 64,000 new ones (same pairs, two spreads) 63,413 -> 63,490, no state lost (the rest
// differ elsewhere). In general poses the late pair often lies above the reference face:
// its dist takes the sign of the pair along the face normal, and a pair above the margin is
// dropped but still sets the length the next late corner is divided by.
#include "collision/collision.h"
#include "collision/pair_util.h"

typedef struct {
  mjtNum c[3];       // centre
  mjtNum ax[3][3];   // unit axes (columns of the rotation)
  mjtNum h[3];       // half sizes
} box_t;

static void load_box(box_t* b, const mjModel* m, const mjData* d, int g) {
  sn_geom_t G = sn_geom(m, d, g);
  sn_copy3(b->c, G.pos);
  for (int k = 0; k < 3; k++) {
    sn_geom_axis(b->ax[k], &G, k);
    b->h[k] = G.size[k];
  }
}

// Half extent of the box projected on unit direction n.
static mjtNum box_radius(const box_t* b, const mjtNum n[3]) {
  return b->h[0] * fabs(sn_dot3(b->ax[0], n)) + b->h[1] * fabs(sn_dot3(b->ax[1], n)) +
         b->h[2] * fabs(sn_dot3(b->ax[2], n));
}

// Corner of the box with signs s (each +-1).
static void box_corner(mjtNum res[3], const box_t* b, const mjtNum s[3]) {
  sn_copy3(res, b->c);
  for (int k = 0; k < 3; k++) {
    sn_addToScl3(res, b->ax[k], s[k] * b->h[k]);
  }
}

// Relative tolerance of the oracle's inside tests on box-box contact points.
#define SN_BOX_TOL 0.01

// Is world point p within box b grown by the margin, up to SN_BOX_TOL of its grown half
// sizes (deep = 0), or inside it by SN_BOX_TOL of its half sizes (deep = 1)?
static int in_box(const box_t* b, const mjtNum p[3], mjtNum margin, int deep) {
  mjtNum rel[3];
  sn_sub3(rel, p, b->c);
  for (int k = 0; k < 3; k++) {
    mjtNum lim = deep ? b->h[k] + margin - SN_BOX_TOL * b->h[k]
                      : (1 + SN_BOX_TOL) * (b->h[k] + margin);
    if (fabs(sn_dot3(rel, b->ax[k])) > lim) {
      return 0;
    }
  }
  return 1;
}

// Is 2-D point p inside the convex quad q (counter-clockwise or clockwise)?
static int inside_quad(const mjtNum q[4][2], const mjtNum p[2]) {
  int pos = 0, neg = 0;
  for (int i = 0; i < 4; i++) {
    const mjtNum* a = q[i];
    const mjtNum* b = q[(i + 1) % 4];
    mjtNum cr = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    pos |= cr > 0;
    neg |= cr < 0;
  }
  return !(pos && neg);
}

// The frame (t1, t2) of a reference face in which 3.3.8 orders its candidates: the rotation
// that turns +z onto the face's outward normal (sign s along box axis ia), about y for x
// faces, about x for y faces, about y by 180 degrees for the -z face. tk[j] says whether
// t_j runs along the face's in-plane axis u = (ia+1)%3 (0) or v = (ia+2)%3 (1), and tf[j]
// its sign along that axis (measured on random poses, every face and side).
static void ref_face_frame(int ia, int s, int tk[2], int tf[2]) {
  if (ia == 2) {  // (t1, t2) = (s x, y)
    tk[0] = 0, tf[0] = s, tk[1] = 1, tf[1] = 1;
  } else if (ia == 0) {  // (-s z, y)
    tk[0] = 1, tf[0] = -s, tk[1] = 0, tf[1] = 1;
  } else {  // (x, -s z)
    tk[0] = 1, tf[0] = 1, tk[1] = 0, tf[1] = -s;
  }
}

// Coordinates (t1, t2) of a reference-face point (u, v) in the face frame.
static void to_face_frame(mjtNum t[2], const mjtNum p[2], const int tk[2], const int tf[2]) {
  t[0] = tf[0] * p[tk[0]];
  t[1] = tf[1] * p[tk[1]];
}

// A reference corner p2 (c3 in world) met after the first one found, on an edge axis.
// 3.3.8 does not drop it: it places the corner over the incident face at coordinates (a, b)
// along the edges q0->q1 and q0->q2 (projected along n) that are the Cramer numerators of
// that 2x2 system in the face frame, (w x e2, e1 x w) with w = p2 - q0, divided by *d2
// instead of by e1 x e2, where *d2 is the squared length of the last pair listed so far
// (the first corner's depth squared, then each later pair's); when both lie in [0, 1] it
// lists the pair (the corner, the incident face point q0 + a (q1 - q0) + b (q2 - q0)), whose
// length becomes the depth, and *d2 becomes that length squared. Measured on 3.3.8: on
// boxes parallel to within 1e-4..1e-6 rad the extra point (a corner just outside the
// incident face next to q0, whose coordinates scale to the other side of q0) matches in
// position and depth to the last digits; a second late corner in a general pose is placed
// with the first late pair's length (counts in the file's header). Returns 1 and the
// incident point when the corner is listed.
static int late_ref_corner(mjtNum pinc[3], const mjtNum p2[2], const mjtNum c3[3],
                           mjtNum q2[4][2], mjtNum q3[4][3], const int tk[2], const int tf[2],
                           mjtNum* d2) {
  if (*d2 == 0) {
    return 0;
  }
  mjtNum t0[2], t1[2], t2[2], tp[2];
  to_face_frame(t0, q2[0], tk, tf);
  to_face_frame(t1, q2[1], tk, tf);
  to_face_frame(t2, q2[2], tk, tf);
  to_face_frame(tp, p2, tk, tf);
  mjtNum e1[2] = {t1[0] - t0[0], t1[1] - t0[1]}, e2[2] = {t2[0] - t0[0], t2[1] - t0[1]};
  mjtNum w[2] = {tp[0] - t0[0], tp[1] - t0[1]};
  mjtNum a = (w[0] * e2[1] - w[1] * e2[0]) / *d2;
  mjtNum b = (e1[0] * w[1] - e1[1] * w[0]) / *d2;
  if (!(a >= 0 && a <= 1 && b >= 0 && b <= 1)) {
    return 0;
  }
  mjtNum dd[3];
  for (int j = 0; j < 3; j++) {
    pinc[j] = q3[0][j] + a * (q3[1][j] - q3[0][j]) + b * (q3[2][j] - q3[0][j]);
  }
  sn_sub3(dd, pinc, c3);
  *d2 = sn_dot3(dd, dd);
  return 1;
}

// Contacts between the reference face of box R (axis ia, outward unit normal nr) and the
// feature of box I facing it (face, edge or corner). Points are the vertices of their
// overlap seen along the contact normal n (R to I): incident edges crossing the reference
// boundary, reference corners over an incident face, incident corners over the reference
// face. Each gets its depth along n; the reported dist is depth*scale. flip: R is g2.
// zerok: an incident axis perpendicular to n (edge axes), else -1. Returns -1 when the
// faces do not overlap at all (no candidate points, whatever the margin).
static int face_contacts(mjContact* con, const box_t* R, int ia, const mjtNum nr[3],
                         const box_t* I, const mjtNum n[3], mjtNum scale, int flip,
                         int zerok, mjtNum margin) {
  // reference face frame: centre, in-plane axes u, v and their half sizes
  int iu = (ia + 1) % 3, iv = (ia + 2) % 3;
  mjtNum fc[3];
  sn_addScl3(fc, R->c, nr, R->h[ia]);
  const mjtNum *u = R->ax[iu], *v = R->ax[iv];
  mjtNum hu = R->h[iu], hv = R->h[iv];
  mjtNum nn = sn_dot3(n, nr);
  if (nn < mjMINVAL) {
    return -1;
  }

  // incident feature: box axes whose direction cosine with n exceeds 1/2 are pinned to
  // the side facing R, the others span the feature: a face (one pinned axis), an edge (two
  // pinned) or a corner (three pinned); on an edge axis only the most aligned axis is
  // pinned (the oracle clips a face there even when an edge faces R). Its corners are
  // numbered as the oracle orders them: corner 0 is the deepest (each axis on the side
  // facing R, a zero cosine counting as facing away), bit 0 flips the first free axis,
  // bit 1 the second.
  int pinned[3], nfree = 0, freeax[2] = {0, 0}, jb = 0, kmax = 0;
  mjtNum side[3], cmax = -1;
  for (int k = 0; k < 3; k++) {
    mjtNum ck = fabs(sn_dot3(I->ax[k], n));
    if (ck > cmax) {
      cmax = ck;
      kmax = k;
    }
  }
  for (int k = 0; k < 3; k++) {
    mjtNum ck = sn_dot3(I->ax[k], n);
    pinned[k] = zerok >= 0 ? k == kmax : fabs(ck) > 0.5;
    side[k] = ck < 0 ? 1 : -1;
    if (k == zerok) {
      // the edge axis of an edge-axis normal: its cosine is zero but for roundoff, and
      // the oracle numbers that axis from its positive side
      side[k] = 1;
    }
    if (!pinned[k] && nfree < 2) {
      freeax[nfree++] = k;
    } else if (pinned[k]) {
      jb = k;
    }
  }
  if (nfree == 2 && freeax[1] == zerok) {
    // on an edge axis the oracle numbers the corners along the edge direction first
    freeax[1] = freeax[0];
    freeax[0] = zerok;
  }
  int npoly = 1 << nfree;
  mjtNum q3[4][3], q2[4][2], qh[4];
  for (int i = 0; i < npoly; i++) {
    mjtNum s[3];
    for (int k = 0; k < 3; k++) {
      s[k] = side[k];
    }
    for (int f = 0; f < nfree; f++) {
      if (i & (1 << f)) {
        s[freeax[f]] = -s[freeax[f]];
      }
    }
    box_corner(q3[i], I, s);
    // height along n above the reference plane, then the point projected along n
    mjtNum rel[3];
    sn_sub3(rel, q3[i], fc);
    qh[i] = sn_dot3(rel, nr) / nn;
    sn_addToScl3(rel, n, -qh[i]);
    q2[i][0] = sn_dot3(rel, u);
    q2[i][1] = sn_dot3(rel, v);
  }

  // the incident face plane, to measure depth at points given in reference coordinates
  mjtNum inorm[3];
  sn_scl3(inorm, I->ax[jb], side[jb]);
  mjtNum ndot = sn_dot3(inorm, n);

  mjtNum pts[16][3];  // (u, v, height along n above the reference plane)
  int npt = 0;
  int pair[16] = {0};  // reference corner paired with pinc (late_ref_corner)
  mjtNum pinc[16][3];

  // incident edges crossing the reference rectangle's boundary lines, in the oracle's
  // order: edges 0-1, 0-2, 1-3, 2-3, each against the four boundary lines in turn
  static const int edge[4][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  int tk[2], tf[2];
  ref_face_frame(ia, sn_dot3(nr, R->ax[ia]) > 0 ? 1 : -1, tk, tf);
  int nedge = npoly == 4 ? 4 : npoly - 1;
  for (int i = 0; i < nedge; i++) {
    const mjtNum *a = q2[edge[i][0]], *b = q2[edge[i][1]];
    mjtNum ha = qh[edge[i][0]], hb = qh[edge[i][1]];
    for (int line = 0; line < 4; line++) {
      // lines t1 = -+, then t2 = -+ in the face frame; k: along u (0) or v (1)
      int k = tk[line / 2], sgn = (line % 2 ? 1 : -1) * tf[line / 2];
      mjtNum lim = k == 0 ? hu : hv;
      mjtNum da = a[k] - sgn * lim, db = b[k] - sgn * lim;
      if ((da < 0) == (db < 0) || da == db) {
        continue;
      }
      mjtNum t = da / (da - db);
      mjtNum p[3] = {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), ha + t * (hb - ha)};
      if (db == 0) {
        // ends on the line: the corner itself, so that its duplicates are recognized
        p[0] = b[0];
        p[1] = b[1];
        p[2] = hb;
      }
      p[k] = sgn * lim;
      int o = 1 - k;
      mjtNum olim = o == 0 ? hu : hv;
      if (fabs(p[o]) <= olim && npt < 16) {
        sn_copy3(pts[npt++], p);
      }
    }
  }
  // the face's corners in loop order, for the inside test
  mjtNum loop[4][2];
  if (npoly == 4) {
    static const int order[4] = {0, 1, 3, 2};
    for (int i = 0; i < 4; i++) {
      loop[i][0] = q2[order[i]][0];
      loop[i][1] = q2[order[i]][1];
    }
  }
  // reference corners inside the incident face, (t1, t2) = (-,-), (-,+), (+,-), (+,+) in
  // the face frame; on an edge axis 3.3.8 takes the first one found (even when it lies above
  // the margin) and treats each later corner by late_ref_corner, starting from the first
  // one's depth squared (d2)
  int nref = 0;
  mjtNum d2 = 0;
  for (int r = 0; r < 4 && npoly == 4; r++) {
    int c1 = r & 2 ? 1 : -1, c2 = r & 1 ? 1 : -1;
    int su = tk[0] == 0 ? tf[0] * c1 : tf[1] * c2;
    int sv = tk[0] == 0 ? tf[1] * c2 : tf[0] * c1;
    mjtNum p2[2] = {su * hu, sv * hv};
    if (zerok >= 0 && nref > 0) {
      mjtNum c3[3];
      sn_addScl3(c3, fc, u, p2[0]);
      sn_addToScl3(c3, v, p2[1]);
      if (npt < 16 && late_ref_corner(pinc[npt], p2, c3, q2, q3, tk, tf, &d2)) {
        pts[npt][0] = p2[0];
        pts[npt][1] = p2[1];
        pts[npt][2] = 0;
        pair[npt++] = 1;
      }
      continue;
    }
    if (!inside_quad(loop, p2)) {
      continue;
    }
    nref++;
    if (fabs(ndot) > mjMINVAL && npt < 16) {
      mjtNum w[3], rel[3];
      sn_addScl3(w, fc, u, p2[0]);
      sn_addToScl3(w, v, p2[1]);
      sn_sub3(rel, q3[0], w);
      pts[npt][0] = p2[0];
      pts[npt][1] = p2[1];
      pts[npt][2] = sn_dot3(rel, inorm) / ndot;
      d2 = pts[npt][2] * pts[npt][2];
      npt++;
    }
  }
  // incident corners inside the reference rectangle; on a face axis corner 0 is always a
  // candidate (3.3.8 keeps it off the face when the keep rule allows: within 1% of the
  // face grown by the margin, or anywhere once the margin exceeds 1% of its box)
  for (int i = 0; i < npoly; i++) {
    if (((i == 0 && zerok < 0) || (fabs(q2[i][0]) <= hu && fabs(q2[i][1]) <= hv)) && npt < 16) {
      pts[npt][0] = q2[i][0];
      pts[npt][1] = q2[i][1];
      pts[npt][2] = qh[i];
      npt++;
    }
  }

  if (npt == 0) {
    return -1;
  }
  mjtNum cn[3];
  sn_scl3(cn, n, flip ? -1 : 1);
  int ncon = 0;
  for (int i = 0; i < npt; i++) {
    // 3.3.8 reports a point found twice (a crossing at an incident corner, a corner on
    // the other face's boundary: boxes stacked exactly) once, where it first comes, but
    // only when both are the same to the last bit: a crossing computed 1e-16 from the
    // deepest incident corner (which lies that far outside the reference face) is listed
    // and the corner again (boxes of equal width with faces in one plane, turned about
    // their common axis: 20 of 20 such poses list both)
    int dup = 0;
    for (int j = 0; j < i && !dup; j++) {
      dup = pts[j][0] == pts[i][0] && pts[j][1] == pts[i][1];
    }
    if (dup) {
      continue;
    }
    // the margin bounds the point's full height, also where the reported dist is half of it;
    // a separated incident face also reports half its height on a face axis (3.3.8 on 400
    // random separated poses of two equal boxes turned by up to 0.15 rad about each axis:
    // 400 of 400 agree with this rule, 303 with full heights; of unequal boxes turned by
    // up to 0.2 and 0.6 rad: 400 and 400 of 400, 334 and 379 with full heights); its edge
    // and corner incident features keep full heights, as on the margin data sets of
    // general poses
    mjtNum dist = (nfree == 2 && zerok < 0 ? 0.5 : scale) * pts[i][2];
    if (pts[i][2] > margin) {
      continue;
    }
    mjtNum pos[3];
    sn_addScl3(pos, fc, u, pts[i][0]);
    sn_addToScl3(pos, v, pts[i][1]);
    if (pair[i]) {
      // the pair's midpoint and length, negative when the incident point lies below the
      // reference face (the sign along the face normal nr, not n: 3.3.8 on box sizes
      // .4 .25 .6 / .3 .5 .2 lists +0.0037 where the pair's component along n is -0.001)
      mjtNum dd[3];
      sn_sub3(dd, pinc[i], pos);
      dist = sn_dot3(dd, nr) < 0 ? -sn_norm3(dd) : sn_norm3(dd);
      if (dist > margin) {
        continue;
      }
      sn_addToScl3(pos, dd, 0.5);
    } else {
      sn_addToScl3(pos, n, 0.5 * pts[i][2]);
    }
    // the oracle's keep rule (the same on face and edge axes, measured on 3.3.8 over
    // random poses of boxes of several proportions, with and without margin)
    int keep = (in_box(I, pos, margin, 0) && in_box(R, pos, margin, 0)) ||
               in_box(I, pos, margin, 1) || in_box(R, pos, margin, 1);
    if (!keep) {
      continue;
    }
    sn_set_contact(con + ncon++, dist, pos, cn, NULL);
  }
  return ncon;
}

// Edge contact: the closest points of edge ia of A and edge jb of B, each the edge of its
// box furthest along the normal towards the other box.
static int edge_contact(mjContact* con, const box_t* A, int ia, const box_t* B, int jb,
                        const mjtNum n[3], mjtNum margin) {
  mjtNum sa[3], sb[3];
  for (int k = 0; k < 3; k++) {
    mjtNum da = sn_dot3(A->ax[k], n), db = sn_dot3(B->ax[k], n);
    sa[k] = da > 0 ? 1 : -1;
    sb[k] = db > 0 ? -1 : 1;
  }
  sa[ia] = 0;
  sb[jb] = 0;
  mjtNum pa[3], pb[3];
  box_corner(pa, A, sa);
  box_corner(pb, B, sb);
  const mjtNum *ea = A->ax[ia], *eb = B->ax[jb];
  mjtNum dif[3];
  sn_sub3(dif, pa, pb);
  mjtNum ab = sn_dot3(ea, eb), da = sn_dot3(dif, ea), db = sn_dot3(dif, eb);
  mjtNum det = 1 - ab * ab;
  if (det < mjMINVAL) {
    return 0;
  }
  mjtNum ta = (ab * db - da) / det, tb = (db - ab * da) / det;
  ta = ta < -A->h[ia] ? -A->h[ia] : (ta > A->h[ia] ? A->h[ia] : ta);
  tb = tb < -B->h[jb] ? -B->h[jb] : (tb > B->h[jb] ? B->h[jb] : tb);
  mjtNum qa[3], qb[3], dd[3];
  sn_addScl3(qa, pa, ea, ta);
  sn_addScl3(qb, pb, eb, tb);
  sn_sub3(dd, qb, qa);
  mjtNum dist = sn_dot3(dd, n);
  if (dist > margin) {
    return 0;
  }
  mjtNum pos[3];
  sn_add3(pos, qa, qb);
  sn_scl3(pos, pos, 0.5);
  sn_set_contact(con, dist, pos, n, NULL);
  return 1;
}

int sn_collide_box_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                       mjtNum margin) {
  box_t A, B;
  load_box(&A, m, d, g1);
  load_box(&B, m, d, g2);
  mjtNum dif[3];
  sn_sub3(dif, B.c, A.c);

  // separating axis with the largest separation (least penetration)
  mjtNum best = -mjMAXVAL, bestn[3] = {0, 0, 1};
  int kind = -1, bi = 0, bj = 0;
  for (int k = 0; k < 15; k++) {
    mjtNum L[3];
    int i = 0, j = 0;
    if (k < 3) {
      sn_copy3(L, A.ax[k]);
    } else if (k < 6) {
      sn_copy3(L, B.ax[k - 3]);
    } else {
      i = (k - 6) / 3;
      j = (k - 6) % 3;
      sn_cross(L, A.ax[i], B.ax[j]);
      mjtNum len = sn_norm3(L);
      if (len < 1e-6) {
        continue;
      }
      sn_scl3(L, L, 1 / len);
    }
    mjtNum c = sn_dot3(dif, L);
    // a box's extent along its own axis is its half size, free of the roundoff in the
    // products of its axes (boxes of equal size then tie exactly and A's face is kept,
    // as in 3.3.8)
    mjtNum ra = k < 3 ? A.h[k] : box_radius(&A, L);
    mjtNum rb = k >= 3 && k < 6 ? B.h[k - 3] : box_radius(&B, L);
    mjtNum sep = fabs(c) - ra - rb;
    // an edge axis replaces the best one so far only when it beats it by a relative
    // 1e-12: sep > best * (1 - 1e-12), which favours the face when the boxes intersect and
    // the edge when they are apart. Measured on 3.3.8 with two equal boxes, one turned
    // about their common y axis and tilted by ~1e-6, where the edge axis ay x bz (or
    // az x by) and a face axis differ by 1e-13..1e-12 in separation: intersecting, the
    // oracle took the edge axis in all 33 of 300 poses with (e - f) / |f| >= 1.008e-12 and
    // the face in all 118 with 0 < (e - f) / |f| <= 0.988e-12 (an absolute 1e-12 splits
    // them wrongly); separated by up to 0.05 within a margin, it took the edge in all 27 of
    // 400 poses where the edge trails by -0.925e-12 <= (e - f) / f < 0 and the face in all
    // 134 with (e - f) / f <= -1.048e-12 (tests/models/collide_box_box_tilt*.xml)
    if (k >= 6 ? sep > best * (1 - 1e-12) : sep > best) {
      best = sep;
      sn_scl3(bestn, L, c < 0 ? -1 : 1);  // from A towards B
      kind = k < 3 ? 0 : (k < 6 ? 1 : 2);
      bi = k < 3 ? k : (k < 6 ? k - 3 : i);
      bj = j;
    }
  }
  if (best > margin) {
    return 0;
  }
  // face contacts of intersecting boxes report half the depth, of separated boxes the
  // full distance unless the incident feature is a face (face_contacts; the oracle's
  // convention)
  mjtNum scale = best < 0 ? 0.5 : 1;
  if (kind == 0) {
    int ncon = face_contacts(con, &A, bi, bestn, &B, bestn, scale, 0, -1, margin);
    return ncon > 0 ? ncon : 0;
  }
  if (kind == 1) {
    mjtNum nb[3];
    sn_scl3(nb, bestn, -1);
    int ncon = face_contacts(con, &B, bi, nb, &A, nb, scale, 1, -1, margin);
    return ncon > 0 ? ncon : 0;
  }
  // edge axis: clip the face of A most aligned with the normal against B's, measuring
  // full depths along the normal
  int ia = 0;
  for (int k = 1; k < 3; k++) {
    if (fabs(sn_dot3(A.ax[k], bestn)) > fabs(sn_dot3(A.ax[ia], bestn))) {
      ia = k;
    }
  }
  mjtNum nr[3];
  sn_scl3(nr, A.ax[ia], sn_dot3(A.ax[ia], bestn) > 0 ? 1 : -1);
  int ncon = face_contacts(con, &A, ia, nr, &B, bestn, 1, 0, bj, margin);
  return ncon >= 0 ? ncon : edge_contact(con, &A, bi, &B, bj, bestn, margin);
}
