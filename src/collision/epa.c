// EPA penetration depth (van den Bergen 2001): grow a polytope inside the Minkowski
// difference a - b from GJK's final simplex until its face closest to the origin lies
// on the boundary of a - b within ccd_tolerance. That face's distance is the depth,
// the origin's projection onto it (barycentric weights over the face's support
// points) gives the witness points, and their difference the contact normal (finish).
//
// All storage is fixed-size and on the stack; the iteration count is capped so the
// polytope cannot outgrow it.
#include <math.h>
#include <string.h>

#include "collision/ccd.h"
#include "math/inline.h"

#define MAXVERT 256
#define MAXFACE (2 * MAXVERT)
#define MAXEDGE (3 * MAXFACE)

typedef struct {
  int v[3];
  mjtNum n[3];  // unit outward normal
  mjtNum dist;  // n . v0: distance of the face's plane from the origin
  mjtNum key;   // dist squared, with dist's sign: the closest face is the least (sn_epa)
  int alive;
} face_t;

// Edge e of face f (from v[e] to v[e+1]) is node 4*f + e of a doubly linked list per
// start vertex, holding the live faces only: finding the face across an edge then
// costs the degree of a vertex instead of a pass over all faces.
typedef struct {
  sn_ccd_vertex vert[MAXVERT];
  int nvert;
  face_t face[MAXFACE];
  int nface;
  mjtNum center[3];  // a point behind the initial face being added (orients it)
  // live faces in the order the closest one is searched: new faces are appended and a
  // removed face's place is taken by the last one (see expand and sn_epa)
  int ord[MAXFACE];
  int nord;
  int head[MAXVERT];             // first edge node leaving each vertex, -1 if none
  int next[4 * MAXFACE];         // edge lists (node 4*f + e)
  int prev[4 * MAXFACE];
  unsigned long long dead[MAXFACE / 64];  // bit f: slot f < nface holds no live face
  int inward;  // faces are wound inward (the segment polytope's): normals turn round
} poly_t;

static void poly_reset(poly_t* p) {
  p->nvert = 0;
  p->nface = 0;
  p->nord = 0;
  p->inward = 0;
  memset(p->dead, 0, sizeof(p->dead));
}

static void link_face(poly_t* p, int f) {
  for (int e = 0; e < 3; e++) {
    int node = 4 * f + e, v = p->face[f].v[e];
    p->prev[node] = -1;
    p->next[node] = p->head[v];
    if (p->head[v] >= 0) {
      p->prev[p->head[v]] = node;
    }
    p->head[v] = node;
  }
}

// Mark face f dead: off the edge lists, its slot free for add_face.
static void kill_face(poly_t* p, int f) {
  p->face[f].alive = 0;
  p->dead[f / 64] |= 1ULL << (f % 64);
  for (int e = 0; e < 3; e++) {
    int node = 4 * f + e, v = p->face[f].v[e];
    if (p->prev[node] >= 0) {
      p->next[p->prev[node]] = p->next[node];
    } else {
      p->head[v] = p->next[node];
    }
    if (p->next[node] >= 0) {
      p->prev[p->next[node]] = p->prev[node];
    }
  }
}

// Normal and distance of face f from its winding; 0 if it is degenerate.
static int face_plane(poly_t* p, face_t* f) {
  const mjtNum *a = p->vert[f->v[0]].w, *b = p->vert[f->v[1]].w, *c = p->vert[f->v[2]].w;
  mjtNum ab[3], ac[3];
  sn_sub3(ab, b, a);
  sn_sub3(ac, c, a);
  sn_cross(f->n, ab, ac);
  mjtNum len = sn_norm3(f->n);
  if (len < mjMINVAL) {
    return 0;
  }
  // the distance is the length of the origin's projection onto the face's plane,
  // n (n.a) / (n.n) through the first vertex: 3.3.8's depths match it bit for bit (all
  // 538 faces it reported at ccd_iterations 4 to 6 over 350 planar ellipsoid poses,
  // with the apexes of init_polytope; the unit normal's n.a matched 25%), and its
  // mirror-image faces order by it
  mjtNum t = sn_dot3(f->n, a) / sn_dot3(f->n, f->n), q[3];
  sn_scl3(q, f->n, t);
  mjtNum qq = sn_dot3(q, q), lq = sqrt(qq);
  if (lq > 0) {
    // the outward unit normal as the projection divided by its length: 3.3.8 searches
    // for support points along it (ellipsoid supports round differently along a
    // direction scaled otherwise: with it the chosen face's depth has 3.3.8's bits in
    // all 350 planar poses at ccd_iterations 4, 5 and 35; along the normal scaled by
    // 1 / |n| the depth bits parted in 29 of them)
    // (on an inward-wound face the cross product points inward: the same q, signs turned)
    mjtNum sgn = (t < 0) != p->inward ? -1 : 1;
    for (int k = 0; k < 3; k++) {
      f->n[k] = sgn * (q[k] / lq);
    }
  } else {
    sn_scl3(f->n, f->n, (p->inward ? -1 : 1) / len);
  }
  f->dist = (t < 0) != p->inward ? -lq : lq;
  // faces are compared by the squared length of the projection, q.q, not by its root:
  // where two faces' roots round to the same depth their squares can still differ, and
  // 3.3.8 takes the one of lesser q.q (planar ellipsoid pairs, the first tie of each
  // pose along ccd_iterations: q.q told 45 of 45 such pairs apart the way 3.3.8 did;
  // it is what the squared-depth orders tried before missed, n.a^2/n.n rounds otherwise)
  f->key = (t < 0) != p->inward ? -qq : qq;
  return 1;
}

// Add face (i, j, k) in the lowest free slot.
static int add_face(poly_t* p, int i, int j, int k, int orient) {
  int slot = -1;
  for (int w = 0; w < MAXFACE / 64 && 64 * w < p->nface; w++) {
    if (p->dead[w]) {
      slot = 64 * w + __builtin_ctzll(p->dead[w]);
      p->dead[w] &= p->dead[w] - 1;
      break;
    }
  }
  if (slot < 0) {
    if (p->nface >= MAXFACE) {
      return 0;
    }
    slot = p->nface++;
  }
  face_t* f = p->face + slot;
  f->v[0] = i;
  f->v[1] = j;
  f->v[2] = k;
  f->alive = 1;
  if (!face_plane(p, f)) {
    f->dist = INFINITY;  // never the closest; removed when something sees it
    f->key = INFINITY;
    sn_zero3(f->n);
    link_face(p, slot);
    p->ord[p->nord++] = slot;
    return 1;
  }
  if (orient) {
    mjtNum rel[3];
    sn_sub3(rel, p->vert[i].w, p->center);
    if (sn_dot3(rel, f->n) < 0) {
      // turned by exchanging the first two vertices, which keeps the apex last: the
      // face (j, i, k) is 3.3.8's, as the barycentric weights of its witness points
      // show (the first vertex is the base of the distance above)
      if (orient == 2) {
        f->v[0] = j;
        f->v[1] = i;
      } else {
        f->v[1] = k;
        f->v[2] = j;
      }
      face_plane(p, f);
    }
  }
  link_face(p, slot);
  p->ord[p->nord++] = slot;
  return 1;
}

// Take face f out of the search order, the last face moving into its place.
static void unorder_face(poly_t* p, int f) {
  for (int k = 0; k < p->nord; k++) {
    if (p->ord[k] == f) {
      p->ord[k] = p->ord[--p->nord];
      return;
    }
  }
}

static int add_vertex(poly_t* p, const sn_ccd_vertex* v) {
  if (p->nvert >= MAXVERT) {
    return -1;
  }
  p->head[p->nvert] = -1;
  p->vert[p->nvert] = *v;
  return p->nvert++;
}

// A direction perpendicular to u: u crossed with the coordinate axis along which u is
// shortest (the first of equally short ones, as 3.3.8's segment polytopes show when
// u lies along an axis).
static void perpendicular(mjtNum res[3], const mjtNum u[3]) {
  mjtNum ax[3] = {0, 0, 0};
  int k = fabs(u[0]) <= fabs(u[1]) ? (fabs(u[0]) <= fabs(u[2]) ? 0 : 2)
                                   : (fabs(u[1]) <= fabs(u[2]) ? 1 : 2);
  ax[k] = 1;
  sn_cross(res, u, ax);
}

// Polytope for a GJK segment s[0]-s[1] through the origin: a double pyramid with the
// segment's ends as apexes over the support points along three directions around it.
// Returns 0 if it has no volume on both sides of its middle triangle.
// Measured on 300 poses of ellipsoid pairs lined up along x, y or z (GJK ends on a
// segment; tests/models/collide_convex_segment_axes.xml): with the directions, their
// scaling and the faces' winding below, 3.3.8's depth at ccd_iterations 3 (two
// expansions) is reproduced bit for bit in 300 of 300 (0 with the directions d, d turned
// by 120 and 240 degrees through cos and sin, faces wound outward), and its contact
// frames at ccd_iterations 3, 4, 5 and 35 within 2e-14 in all (before: 389 of those 1200
// frames were more than 1e-6 off 3.3.8's).
static int segment_polytope(poly_t* p, sn_ccd_vertex s[5], sn_convex* a, sn_convex* b) {
  mjtNum u[3], d[3][3];
  sn_sub3(u, s[1].w, s[0].w);
  mjtNum len = sn_norm3(u);
  if (len < mjMINVAL) {
    return 0;
  }
  // d[0]: u crossed with an axis, unnormalised; d[1]: d[0] turned about u by the
  // quaternion q (0, d[0]) q* with q = (0.5, 0.86602540378 u/|u|), written out as two
  // Hamilton products. The constant is sin(60 degrees) cut to 11 digits, so q is not
  // quite a unit quaternion and the turn is 4.4e-12 rad short of 120 degrees: with the
  // exact sine (or a rotation matrix) the depths part from 3.3.8's in the last bits.
  // d[2] is minus the sum of the other two's unit vectors (about 240 degrees).
  perpendicular(d[0], u);
  mjtNum q[4] = {0.5, 0, 0, 0}, qc[4], v[4] = {0, d[0][0], d[0][1], d[0][2]}, t[4];
  for (int k = 0; k < 3; k++) {
    q[1 + k] = 0.86602540378 * (u[k] / len);
  }
  sn_negQuat(qc, q);
  sn_mulQuat(t, q, v);
  sn_mulQuat(t, t, qc);
  sn_copy3(d[1], t + 1);
  mjtNum l0 = sn_norm3(d[0]), l1 = sn_norm3(d[1]);
  if (!(l0 > mjMINVAL && l1 > mjMINVAL)) {
    return 0;
  }
  for (int k = 0; k < 3; k++) {
    d[2][k] = -(d[0][k] / l0 + d[1][k] / l1);
  }
  // each searched along its unit vector (divided by its length)
  for (int r = 0; r < 3; r++) {
    mjtNum l = sn_norm3(d[r]), dir[3];
    if (!(l > mjMINVAL)) {
      return 0;
    }
    for (int k = 0; k < 3; k++) {
      dir[k] = d[r][k] / l;
    }
    sn_ccd_support(&s[2 + r], a, b, dir);
  }
  mjtNum e1[3], e2[3], nrm[3], h0[3], h1[3];
  sn_sub3(e1, s[3].w, s[2].w);
  sn_sub3(e2, s[4].w, s[2].w);
  sn_cross(nrm, e1, e2);
  sn_sub3(h0, s[0].w, s[2].w);
  sn_sub3(h1, s[1].w, s[2].w);
  mjtNum v0 = sn_dot3(h0, nrm), v1 = sn_dot3(h1, nrm);
  if (!(fabs(v0) > mjMINVAL && fabs(v1) > mjMINVAL && (v0 > 0) != (v1 > 0))) {
    return 0;
  }
  poly_reset(p);
  for (int k = 0; k < 5; k++) {
    add_vertex(p, &s[k]);
  }
  // s[2], s[3], s[4] turn about u the positive way; over each edge t -> t' of that turn
  // the faces are (t, t', s[0]) and (t', t, s[1]), both wound inward. The whole polytope
  // is kept wound so (the fans of expand inherit the winding of the faces they replace)
  // and face_plane turns its normals round. The apex stays last, the base of
  // face_plane's distance: wound outward by exchanging the first two vertices, the
  // depths at ccd_iterations 3 have 3.3.8's bits in 114 of the 300 poses above; with the
  // exact sine in q, in 0. The faces go in as s[0]'s pyramid, then s[1]'s, each over the
  // edges from s[4]: of the 24 orders tried this one follows 3.3.8's choices between
  // tied faces most often on sphere-like pairs (the polytope is symmetric about u and
  // ties are common: 3474 of 4000 contacts within 1e-9 at ccd_iterations 3 to 8, 3376 in
  // the worst order); on the ellipsoid pairs all orders agree.
  p->inward = 1;
  for (int h = 0; h < 2; h++) {
    for (int e = 0; e < 3; e++) {
      int t0 = 2 + (e + 2) % 3, t1 = 2 + e;
      if (!(h ? add_face(p, t1, t0, 1, 0) : add_face(p, t0, t1, 0, 0))) {
        return 0;
      }
    }
  }
  return 1;
}

// Grow GJK's simplex (1-4 points containing the origin) into a full-dimensional
// polytope: a tetrahedron, or a double pyramid over a triangle.
static int init_polytope(poly_t* p, const sn_ccd_result* r, sn_convex* a, sn_convex* b) {
  sn_ccd_vertex s[5];
  int n = r->nsimplex;
  memcpy(s, r->simplex, sizeof(sn_ccd_vertex) * n);
  sn_ccd_vertex w;
  if (n == 1) {
    static const mjtNum axes[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                      {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (int k = 0; k < 6 && n == 1; k++) {
      sn_ccd_support(&w, a, b, axes[k]);
      mjtNum d[3];
      sn_sub3(d, w.w, s[0].w);
      if (sn_dot3(d, d) > mjMINVAL) {
        s[n++] = w;
      }
    }
    if (n == 1) {
      return 0;
    }
  }
  if (n == 2 && segment_polytope(p, s, a, b)) {
    return 1;
  }
  if (n == 2) {
    mjtNum u[3], d[3];
    sn_sub3(u, s[1].w, s[0].w);
    perpendicular(d, u);
    for (int k = 0; k < 4 && n == 2; k++) {
      sn_ccd_support(&w, a, b, d);
      mjtNum e[3], c[3];
      sn_sub3(e, w.w, s[0].w);
      sn_cross(c, u, e);
      if (sn_dot3(c, c) > mjMINVAL * (1 + sn_dot3(u, u))) {
        s[n++] = w;
      } else {
        // try the direction rotated by 90 degrees about the segment
        mjtNum d2[3];
        sn_cross(d2, u, d);
        if (k % 2) {
          sn_scl3(d2, d2, -1);
        }
        sn_copy3(d, d2);
      }
    }
    if (n == 2) {
      return 0;
    }
  }
  poly_reset(p);
  if (n == 3) {
    // a double pyramid over the triangle, with apexes at the support points along its
    // normal and the opposite: at ccd_iterations = 4, 3.3.8's depth is this polytope's
    // best face after three expansions in 1703 of the 1704 flat-triangle ellipsoid
    // poses it finds a contact in (the other is a round-off tie). When a - b is
    // symmetric about the triangle's plane (shapes held in a plane) the polytope has
    // mirror-image faces at equal distance; which of them 3.3.8 takes is decided by
    // round-off (pose changes of 3e-13 flip it), so such contact normals match it only
    // up to the mirror.
    mjtNum ab[3], ac[3], nrm[3], neg[3];
    sn_sub3(ab, s[1].w, s[0].w);
    sn_sub3(ac, s[2].w, s[0].w);
    sn_cross(nrm, ab, ac);
    // the apexes lie along the unit normal divided out component by component: at a
    // pole of an ellipsoid the support point's last bits depend on the direction's
    // length, and the triangle's faces then have 3.3.8's depths bit for bit (538 of 538
    // faces it reported at ccd_iterations 4 to 6 over 350 planar poses, 377 with the
    // cross product's own length)
    mjtNum ln = sqrt(sn_dot3(nrm, nrm));
    if (!(ln > mjMINVAL)) {
      return 0;  // the triangle has no normal
    }
    mjtNum dir[3] = {nrm[0] / ln, nrm[1] / ln, nrm[2] / ln};
    sn_scl3(neg, dir, -1);
    sn_ccd_support(&s[3], a, b, dir);
    sn_ccd_support(&s[4], a, b, neg);
    mjtNum h1[3], h2[3];
    sn_sub3(h1, s[3].w, s[0].w);
    sn_sub3(h2, s[4].w, s[0].w);
    mjtNum t = sn_norm3(nrm);
    mjtNum e1 = sn_dot3(h1, nrm) / t, e2 = -sn_dot3(h2, nrm) / t;
    if (e1 <= mjMINVAL && e2 <= mjMINVAL) {
      return 0;  // a - b is flat
    }
    for (int k = 0; k < 5; k++) {
      add_vertex(p, &s[k]);
    }
    int apex[2] = {3, 4};
    mjtNum ext[2] = {e1, e2};
    if (e1 > mjMINVAL && e2 > mjMINVAL) {
      // one pyramid after the other, the apex opposite the normal first, each with its
      // faces over the triangle's edges taken oldest vertex first (s[2] to s[1], s[1] to
      // s[0], s[0] to s[2]): when a - b is symmetric about the triangle's plane,
      // mirror-image faces tie, and 3.3.8's choices between them follow from this order
      // and the search order (see the comment above sn_epa)
      static const int edges[3] = {1, 0, 2};
      for (int h = 1; h >= 0; h--) {
        for (int e = 0; e < 3; e++) {
          int k = edges[e];
          sn_copy3(p->center, s[(k + 2) % 3].w);
          if (!add_face(p, k, (k + 1) % 3, apex[h], 2)) {
            return 0;
          }
        }
      }
      return 1;
    }
    for (int h = 0; h < 2; h++) {
      if (ext[h] <= mjMINVAL) {
        // a - b is flat on this side: the triangle itself closes the polytope, facing
        // away from the other apex
        sn_copy3(p->center, s[apex[1 - h]].w);
        if (!add_face(p, 0, 1, 2, 1)) {
          return 0;
        }
        continue;
      }
      // each face of a pyramid faces away from the triangle's third vertex, which lies
      // inside that pyramid: the pyramids' union need not be convex (an apex can
      // project outside the triangle), so no single interior point orients them all
      for (int k = 0; k < 3; k++) {
        sn_copy3(p->center, s[(k + 2) % 3].w);
        if (!add_face(p, k, (k + 1) % 3, apex[h], 2)) {
          return 0;
        }
      }
    }
    return 1;
  }
  // tetrahedron
  sn_zero3(p->center);
  for (int k = 0; k < 4; k++) {
    add_vertex(p, &s[k]);
    sn_addToScl3(p->center, s[k].w, 0.25);
  }
  static const int tf[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
  for (int f = 0; f < 4; f++) {
    if (!add_face(p, tf[f][0], tf[f][1], tf[f][2], 1)) {
      return 0;
    }
  }
  return 1;
}

// Whether vertex w lies in front of face f (a degenerate face is seen from anywhere).
static int sees_face(const poly_t* p, const face_t* f, const mjtNum w[3]) {
  if (isinf(f->dist)) {
    return 1;
  }
  mjtNum rel[3];
  sn_sub3(rel, w, p->vert[f->v[0]].w);
  return sn_dot3(rel, f->n) > 1e-12;
}

// The live face of lowest index holding the directed edge (i, j), and the edge's slot
// in it; -1 if none. (A polytope that lost convexity may hold an edge twice.)
static int face_with_edge(const poly_t* p, int i, int j, int* slot) {
  static const int nextv[3] = {1, 2, 0};
  int best = -1;
  for (int node = p->head[i]; node >= 0; node = p->next[node]) {
    int f = node >> 2, e = node & 3;
    if (p->face[f].v[nextv[e]] == j && (best < 0 || f < best || (f == best && e < *slot))) {
      best = f;
      *slot = e;
    }
  }
  return best;
}

// Replace the faces that vertex iv sees by a fan from iv over their horizon. The seen
// faces are found by a depth-first walk from the face start (which iv sees) across
// shared edges, not by testing every face: the polytope built over a flat GJK triangle
// is not convex when its apexes project outside the triangle, and there a new vertex
// can also see faces of the opposite pyramid that do not border the ones it replaces;
// removing those leaves faces the origin is outside of. Over 2000 random poses of
// particle_free2d.xml's ellipsoid pair, 268 start from such a polytope; with the walk
// 3.3.8's depth is reproduced in 1998 (the other 2 follow a round-off tie elsewhere).
// The walk crosses the start face's edges from its last vertex (v2-v0, v0-v1, v1-v2) and
// every other face's from the edge after the one it was entered by; the replaced faces
// leave the search order as the walk is done with them; the fan's faces are then
// appended in horizon order. These orders decide ties between mirror-image faces (see
// the comment above sn_epa).
static int expand(poly_t* p, int iv, int start) {
  typedef struct {
    int face, entry, step;  // face being visited, edge it was entered by, edges done
  } frame_t;
  frame_t stack[MAXFACE];
  int edge[MAXEDGE][2];
  int nedge = 0, depth = 0;
  const mjtNum* w = p->vert[iv].w;
  int done[MAXFACE], ndone = 0;  // replaced faces in the order the walk leaves them
  kill_face(p, start);
  stack[depth++] = (frame_t){start, -1, 0};
  while (depth > 0) {
    frame_t* fr = stack + depth - 1;
    // the start face crosses all three edges; others skip the one they were entered by
    int nstep = fr->entry < 0 ? 3 : 2;
    if (fr->step >= nstep) {
      done[ndone++] = fr->face;
      depth--;
      continue;
    }
    int e = fr->entry < 0 ? (fr->step + 2) % 3 : (fr->entry + 1 + fr->step) % 3;
    fr->step++;
    const face_t* fc = p->face + fr->face;
    int i = fc->v[e], j = fc->v[(e + 1) % 3];
    int slot = 0;
    int g = face_with_edge(p, j, i, &slot);
    if (g < 0) {
      continue;
    }
    if (sees_face(p, p->face + g, w)) {
      if (depth >= MAXFACE) {
        return 0;
      }
      kill_face(p, g);
      stack[depth++] = (frame_t){g, slot, 0};
    } else {
      if (nedge >= MAXEDGE) {
        return 0;
      }
      edge[nedge][0] = i;
      edge[nedge][1] = j;
      nedge++;
    }
  }
  // the replaced faces leave the search order as the walk is done with them (a face
  // once every face beyond it is, the start face last), before the fan is appended
  for (int k = 0; k < ndone; k++) {
    unorder_face(p, done[k]);
  }
  for (int k = 0; k < nedge; k++) {
    if (!add_face(p, edge[k][0], edge[k][1], iv, 0)) {
      return 0;
    }
  }
  return nedge > 0;
}

// Twice the signed area of the 2-D triangle (a, b, c), c the projected origin: the same
// products in the same order as gjk.c's triangle stage (3.3.8's weights take them so).
// Barycentric weights of the origin's projection onto face f as GJK's triangle stage
// computes them (signed areas in the coordinate plane the normal is most nearly
// perpendicular to), with the face taken as (v0, v2, v1) there: 0 if it is degenerate.
static int face_weights(mjtNum lam[3], const poly_t* p, const face_t* f) {
  const mjtNum *sa = p->vert[f->v[0]].w, *sb = p->vert[f->v[2]].w, *sc = p->vert[f->v[1]].w;
  mjtNum e1[3], e2[3], nrm[3], p0[3];
  sn_sub3(e1, sb, sa);
  sn_sub3(e2, sc, sa);
  sn_cross(nrm, e1, e2);
  mjtNum nn = sn_dot3(nrm, nrm);
  if (!(nn > 0)) {
    return 0;
  }
  sn_scl3(p0, nrm, sn_dot3(sa, nrm) / nn);
  mjtNum cc[3];
  mjtNum mu = sn_ccd_plane_areas(cc, sa, sb, sc, nrm, p0);
  if (mu == 0) {
    return 0;
  }
  lam[1] = cc[0] / mu;
  lam[0] = cc[1] / mu;
  lam[2] = cc[2] / mu;
  return isfinite(lam[0]) && isfinite(lam[1]) && isfinite(lam[2]);
}

// The result from face f: its depth, and witness points from the origin's projection.
// 3.3.8's witness points and normal follow GJK's conventions rather than the face's
// plane: weights as face_weights, sums from the last vertex of (v0, v2, v1) to the
// first, and the normal x1 - x2 scaled by its reciprocal length. Measured on 400
// planar ellipsoid poses at ccd_iterations 35 (349 with 3.3.8's face): contact
// positions bit for bit in 343 (12 with the barycentric weights of the plane's
// projection), normals in 201 (0 with the face normal).
static void finish(sn_ccd_result* res, const poly_t* p, const face_t* f) {
  mjtNum lam[3] = {1, 0, 0};
  if (!face_weights(lam, p, f)) {
    // a degenerate face: barycentric weights of the projection n*dist
    const mjtNum *a = p->vert[f->v[0]].w, *b = p->vert[f->v[1]].w, *c = p->vert[f->v[2]].w;
    mjtNum q[3], ab[3], ac[3], aq[3];
    sn_scl3(q, f->n, f->dist);
    sn_sub3(ab, b, a);
    sn_sub3(ac, c, a);
    sn_sub3(aq, q, a);
    mjtNum d00 = sn_dot3(ab, ab), d01 = sn_dot3(ab, ac), d11 = sn_dot3(ac, ac);
    mjtNum d20 = sn_dot3(aq, ab), d21 = sn_dot3(aq, ac);
    mjtNum den = d00 * d11 - d01 * d01;
    if (den > mjMINVAL) {
      lam[1] = (d11 * d20 - d01 * d21) / den;
      lam[2] = (d00 * d21 - d01 * d20) / den;
      lam[0] = 1 - lam[1] - lam[2];
    }
  }
  static const int order[3] = {1, 0, 2};
  sn_zero3(res->x1);
  sn_zero3(res->x2);
  for (int k = 2; k >= 0; k--) {
    int v = f->v[order[k]];
    sn_addToScl3(res->x1, p->vert[v].a, lam[order[k]]);
    sn_addToScl3(res->x2, p->vert[v].b, lam[order[k]]);
  }
  mjtNum d[3];
  sn_sub3(d, res->x1, res->x2);
  mjtNum len = sn_norm3(d);
  if (len > mjMINVAL) {
    sn_scl3(res->normal, d, 1 / len);
  } else {
    sn_copy3(res->normal, f->n);
  }
  res->dist = -f->dist;
  res->status = SN_CCD_PENETRATING;
}

static int same3(const mjtNum x[3], const mjtNum y[3]) {
  return x[0] == y[0] && x[1] == y[1] && x[2] == y[2];
}

// Whether w's support point on the shape that is not a prism (b if both are) occurs
// exactly in some vertex of the polytope.
static int seen_geom_part(const poly_t* p, const sn_ccd_vertex* w, int geom_is_a) {
  for (int k = 0; k < p->nvert; k++) {
    if (same3(geom_is_a ? p->vert[k].a : p->vert[k].b, geom_is_a ? w->a : w->b)) {
      return 1;
    }
  }
  return 0;
}

// Shapes whose repeated support point stops EPA against a height-field prism.
static int prism_stops_on(const sn_convex* s) {
  return s->type == mjGEOM_BOX || s->type == mjGEOM_MESH;
}

// Boxes and meshes not inflated by a margin: a - b is a polytope, whose boundary face
// EPA reaches exactly in finitely many steps.
static int is_polytope(const sn_convex* s) {
  return (s->type == mjGEOM_BOX || s->type == mjGEOM_MESH) && s->margin <= 0;
}

int sn_epa(sn_ccd_result* res, sn_convex* a, sn_convex* b, mjtNum tol, int maxiter) {
  poly_t p;
  if (!init_polytope(&p, res, a, b)) {
    return 0;
  }
  if (maxiter > MAXVERT - 5) {
    maxiter = MAXVERT - 5;
  }
  int best = -1;
  mjtNum upper = INFINITY;
  int prism = a->type == SN_CONVEX_PRISM || b->type == SN_CONVEX_PRISM;
  int geom_is_a = b->type == SN_CONVEX_PRISM && a->type != SN_CONVEX_PRISM;
  // between two polytopes 3.3.8 does not stop within ccd_tolerance but goes on until the
  // closest face lies on the boundary of a - b (up to round-off), or the iteration cap:
  // measured on box-mesh and mesh-mesh pairs (240 random poses at two scales agree to
  // 1e-8, where stopping within tolerance leaves 7 of them 2e-8 to 6e-8 apart; on an edge
  // lying almost flat on a face the witness point moved by up to 0.01, boxmesh.xml and
  // collide_epa_polytope_edge.xml). Pairs with a curved shape, margin-inflated boxes and
  // meshes included, agree better with the tolerance rule
  if (is_polytope(a) && is_polytope(b)) {
    tol = mjMINVAL;
  }
  // The closest face is the first of the least key (q.q, see face_plane) in the search
  // order (p.ord). When a - b is symmetric about a plane (shapes held in a plane,
  // particle_free2d.xml) the double pyramid over GJK's flat triangle has mirror-image
  // faces whose keys tie or differ in the last bits, and which one 3.3.8 takes shows only
  // in the sign of the contact normal. Measured on 400 random poses of an ellipsoid pair
  // in a plane, with the oracle's own geom frames (see below), by whether the contact
  // frame and depth match 3.3.8's (within 1e-9; a mirror image is 1e-2 off) at every
  // ccd_iterations from 4 to 35, i.e. every choice of every expansion (the depth
  // arithmetic and the apex and support directions that make the depths bit-exact are
  // measured at face_plane and init_polytope):
  //   depth as key, faces edge by edge, replaced faces leaving last found first  318
  //   + q.q as key                                                               338
  //   + the pyramids one after the other, edges oldest vertex first (init)       371
  //   + replaced faces leaving as the walk is done with them (expand)            378
  //   + the walk crossing the start face's edges from its last vertex (expand)   388
  // (at 35 iterations 395 of 400 frames, 393 before). Tried and worse: a binary heap
  // of faces by key in several variants (at best 354), the last rather than the first
  // of equal keys, replaced faces leaving first found first or with the start face
  // first, the fan filling the replaced faces' places, the triangle first closed by one
  // apex and expanded to the other (a tetrahedron from GJK: 93-129). The other 12 are
  // ties between two faces of one fan whose new vertex lies in the plane of symmetry;
  // 3.3.8 takes the later of the two in the search order there, for reasons not found.
  // No order of the faces alone can decide those: over another 400 such poses at
  // ccd_iterations 4 to 35, the chosen face tied exactly with its mirror image 114 times,
  // and this order took 3.3.8's face in 82 of the 93 ties across fans but only 10 of the
  // 21 within one fan, where two poses with the same slots, vertices, horizons and search
  // positions (13 and 331 of that set, at 7 iterations) get opposite choices. Neither
  // does another key: q.q through the other vertices, n.a^2/n.n, the unit normal's n.a
  // and the projection of GJK's triangle stage each order those pairs about half right.
  // The oracle's geom frames: its sin and cos are 1 ulp off the correctly rounded value
  // in 53 of the 1600 half-angle calls of these poses' hinges (glibc's in 4), so on 50
  // of the 400 poses Sinew's geom_xmat differs from 3.3.8's in the last bit, which alone
  // flips 14 frames at 35 iterations (kinematics, not EPA).
  for (int iter = 0;; iter++) {
    best = -1;
    for (int o = 0; o < p.nord; o++) {
      int f = p.ord[o];
      if (best < 0 || p.face[f].key < p.face[best].key) {
        best = f;
      }
    }
    if (best < 0 || isinf(p.face[best].dist)) {
      return 0;
    }
    // ccd_iterations counts the initial polytope as one iteration (3.3.8's results)
    if (iter >= maxiter - 1) {
      break;
    }
    face_t* f = p.face + best;
    sn_ccd_vertex w;
    sn_ccd_support(&w, a, b, f->n);
    mjtNum wn = sn_dot3(w.w, f->n);
    if (wn < upper) {
      upper = wn;
    }
    // the support distance along any face normal bounds the depth from above
    if (upper - f->dist < tol) {
      break;
    }
    // against a height-field prism, 3.3.8 stops once the other shape's support point
    // is already used by a polytope vertex, whether or not the prism's is new (a new
    // prism vertex with a repeated box vertex still stops it, support gap 0.1 on
    // hfield_collision_box_tilted.xml seed 2; requiring both to repeat matched 270 of
    // 375 random box-pose contacts, this rule 359). The same rule on mesh pairs
    // disagrees with 3.3.8. A cylinder is not stopped so: where its side line meets a
    // prism edge, EPA's directions turn about its axis and its support point repeats to
    // the last bit by chance of round-off, yet 3.3.8 goes on to the tolerance (random
    // cylinder poses over a flat field: 6 -> 3 of 400 and 3 -> 1 of 400 differ, over
    // bumpy fields 83 -> 41 and 135 -> 88 of 300, capsules unchanged at 0 of 400;
    // hfield_collision_cylinder_repeat.xml)
    if (prism && prism_stops_on(geom_is_a ? a : b) && seen_geom_part(&p, &w, geom_is_a)) {
      break;
    }
    int iv = add_vertex(&p, &w);
    if (iv < 0) {
      break;
    }
    face_t saved = *f;
    if (!expand(&p, iv, best)) {
      // numerical trouble (the polytope stopped being convex): keep the last face
      finish(res, &p, &saved);
      return 1;
    }
  }
  finish(res, &p, p.face + best);
  return 1;
}
