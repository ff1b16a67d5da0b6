// Ray casting against triangle sets: mesh geoms, height fields and skins.
// Triangles are two-sided (a ray starting inside a closed mesh reports where it
// leaves). Conventions pinned with MuJoCo 3.3.8 (tests/conformance/ray.mjs):
// - a height field is the union of its base box (z in [-size[3], 0]) and the
//   triangulated elevation surface closed by four vertical walls along its border;
//   grid point (row r, column c) sits at x = -size[0] + 2 size[0] c / (ncol-1),
//   y = -size[1] + 2 size[1] r / (nrow-1), z = size[2] data[r ncol + c], and each cell
//   is split along the diagonal from (r, c) to (r+1, c+1);
// - mju_raySkin reports the vertex of the hit triangle nearest to the hit point, and
//   leaves vertid untouched when nothing is hit;
// - mj_rayMesh is not the brute-force nearest triangle hit: it walks the mesh's face
//   tree, and a ray must pass through the inside of the geom's box and of each inner
//   tree box (see ray_node), leaves included, so a ray grazing the mesh at a vertex or
//   edge on its box, or leaving a face that it starts on, misses there; a ray starting
//   on a face and going into the solid hits it at +0 (tests/models/ray_mesh_edges.rays,
//   bit for bit).
// Evidence (leaf boxes tested; ray_frame / ray_triangle_f's in-triangle test): rays
// aimed at every vertex and at 0.5 / 0.3 along every edge of ray_mesh_edges.xml's
// meshes, then nudged by 0, +-1..+-100 ulps in one origin coordinate, compared with
// 3.3.8 bit for bit (differences before -> after): six axis directions, 79,464 rays:
// 5,994 -> 0; ten directions (four random), 95,480 rays: 6,514 -> 305; the rotated
// geoms, 65,360 rays: 1,743 -> 366; near vertices of stanford_bunny.xml, 103,200 rays:
// 1,985 -> 5; of ray_mesh.xml, 55,728 rays: 390 -> 142. What still differs: rays that
// pass within ~1e-16 of a triangle's vertex a or b (not c), which 3.3.8 more often
// rejects; with a closed mesh that matters for rays through a vertex from a general
// direction (one such query is marked known in ray_mesh_edges.rays).
#include <float.h>
#include <math.h>

#include <mujoco/mujoco.h>

#include "math/inline.h"

// Projection of the ray's surroundings on the plane perpendicular to it: the axes
// 3.3.8 uses (mapped from mju_raySkin on single triangles, tests/models/
// ray_mesh_edges.rays): t1 is w = (1, 1, 1) without the component of v's largest
// coordinate (the first on ties), made perpendicular to v, t2 = v x t1, each scaled by
// the reciprocal of its length.
static void ray_frame(const mjtNum v[3], mjtNum t1[3], mjtNum t2[3]) {
  int k = 0;
  for (int i = 1; i < 3; i++) {
    if (fabs(v[i]) > fabs(v[k])) {
      k = i;
    }
  }
  mjtNum w[3] = {1, 1, 1};
  w[k] = 0;
  mjtNum s = sn_dot3(w, v) / sn_dot3(v, v);
  for (int i = 0; i < 3; i++) {
    t1[i] = w[i] - s * v[i];
  }
  mjtNum inv = 1 / sqrt(sn_dot3(t1, t1));
  sn_scl3(t1, t1, inv);
  sn_cross(t2, v, t1);
  inv = 1 / sqrt(sn_dot3(t2, t2));
  sn_scl3(t2, t2, inv);
}

// Ray p + x v against triangle (a, b, c): x or -1. Two-sided, edges included.
// Inside: the vertices relative to p, projected on the frame (t1, t2) perpendicular to
// the ray, give the ray's barycentric coordinates from vertex c (u for a, w for b, as
// quotients by the 2D determinant): u >= 0, w >= 0, u + w <= 1. The distance is the
// plane intersection x = -(n . (p - c)) / (n . v), n = (a - c) x (b - c): this form
// gives 3.3.8's distances to the last bit, and its signed zeros for rays starting on a
// face (+0 going into the solid, -0 leaving it) (tests/conformance/ray.mjs --cases).
// The frame (ray_frame) is computed once per ray by the callers.
static mjtNum ray_triangle_f(const mjtNum p[3], const mjtNum v[3], const mjtNum t1[3],
                             const mjtNum t2[3], const mjtNum a[3], const mjtNum b[3],
                             const mjtNum c[3]) {
  mjtNum d[3], pa[2], pb[2], pc[2];
  sn_sub3(d, a, p);
  pa[0] = sn_dot3(d, t1);
  pa[1] = sn_dot3(d, t2);
  sn_sub3(d, b, p);
  pb[0] = sn_dot3(d, t1);
  pb[1] = sn_dot3(d, t2);
  sn_sub3(d, c, p);
  pc[0] = sn_dot3(d, t1);
  pc[1] = sn_dot3(d, t2);
  mjtNum e1[2] = {pa[0] - pc[0], pa[1] - pc[1]}, e2[2] = {pb[0] - pc[0], pb[1] - pc[1]};
  mjtNum o[2] = {-pc[0], -pc[1]};
  mjtNum det = e1[0] * e2[1] - e1[1] * e2[0];
  if (det == 0) {
    return -1;  // the triangle is seen edge-on
  }
  mjtNum u = (o[0] * e2[1] - o[1] * e2[0]) / det;
  mjtNum w = (e1[0] * o[1] - e1[1] * o[0]) / det;
  if (!(u >= 0 && w >= 0 && u + w <= 1)) {
    return -1;
  }
  mjtNum ca[3], cb[3], n[3], cp[3];
  sn_sub3(ca, a, c);
  sn_sub3(cb, b, c);
  sn_cross(n, ca, cb);
  sn_sub3(cp, p, c);
  mjtNum den = sn_dot3(n, v);
  if (den == 0) {
    return -1;
  }
  mjtNum x = -sn_dot3(n, cp) / den;
  return x >= 0 ? x : -1;
}

static void float3(mjtNum res[3], const float* f) {
  res[0] = f[0];
  res[1] = f[1];
  res[2] = f[2];
}

// Ray in geom g's frame: p = R^T (pnt - pos), v = R^T vec.
static void to_geom_frame(const mjData* d, int g, const mjtNum pnt[3], const mjtNum vec[3],
                          mjtNum p[3], mjtNum v[3]) {
  mjtNum dp[3];
  sn_sub3(dp, pnt, d->geom_xpos + 3 * g);
  sn_mulMatTVec3(p, d->geom_xmat + 9 * g, dp);
  sn_mulMatTVec3(v, d->geom_xmat + 9 * g, vec);
}

// Parameter interval [*t0, *t1] (t >= 0) of the ray inside the box lo..hi; 0 if none.
// strict: a ray parallel to an axis must lie strictly between the box's faces.
static int ray_slab(const mjtNum p[3], const mjtNum v[3], const mjtNum lo[3],
                    const mjtNum hi[3], mjtNum* t0, mjtNum* t1, int strict) {
  mjtNum a = 0, b = INFINITY;
  for (int i = 0; i < 3; i++) {
    if (v[i] == 0) {
      if (strict ? (p[i] <= lo[i] || p[i] >= hi[i]) : (p[i] < lo[i] || p[i] > hi[i])) {
        return 0;
      }
      continue;
    }
    mjtNum ta = (lo[i] - p[i]) / v[i], tb = (hi[i] - p[i]) / v[i];
    if (ta > tb) {
      mjtNum t = ta;
      ta = tb;
      tb = t;
    }
    a = ta > a ? ta : a;
    b = tb < b ? tb : b;
  }
  *t0 = a;
  *t1 = b;
  if (!strict) {
    return a <= b;
  }
  // a ray that only touches the box (a corner, an edge, or leaving it at its start)
  // misses; a flat box (coplanar faces, as thin as a rounding) is met in a single point
  int flat = 0;
  for (int i = 0; i < 3; i++) {
    flat |= hi[i] - lo[i] <= 4 * DBL_EPSILON * fmax(fabs(lo[i]), fabs(hi[i]));
  }
  return flat ? a <= b : a < b;
}

static mjtNum closer(mjtNum best, mjtNum x) {
  return (x >= 0 && (best < 0 || x < best)) ? x : best;
}

// Nearest hit among faces f0..f1-1, starting from best (-1: none yet).
static mjtNum ray_faces(const float* vert, const int* face, int f0, int f1, const mjtNum p[3],
                        const mjtNum v[3], const mjtNum fr[6], mjtNum best) {
  for (int f = f0; f < f1; f++) {
    mjtNum a[3], b[3], c[3];
    float3(a, vert + 3 * face[3 * f]);
    float3(b, vert + 3 * face[3 * f + 1]);
    float3(c, vert + 3 * face[3 * f + 2]);
    best = closer(best, ray_triangle_f(p, v, fr, fr + 3, a, b, c));
  }
  return best;
}

// Entry parameter of the ray into a face-tree box (centre, half-size), -1 if it misses.
// Measured on 3.3.8: the box is not padded here (a box of no thickness is compiled 1e-14
// thick: src/compiler/mesh_poly.c), and a ray must pass through its inside:
// touching it at a corner or along an edge or face, or leaving it at the ray's start,
// does not count (so a mesh vertex or edge grazed from outside, or a ray leaving a face
// it starts on, hits nothing there); a flat box (coplanar faces) is crossed at a point.
static mjtNum ray_node(const mjtNum* aabb, const mjtNum p[3], const mjtNum v[3]) {
  mjtNum lo[3], hi[3], t0, t1;
  for (int i = 0; i < 3; i++) {
    lo[i] = aabb[i] - aabb[3 + i];
    hi[i] = aabb[i] + aabb[3 + i];
  }
  return ray_slab(p, v, lo, hi, &t0, &t1, 1) ? t0 : -1;
}

// Nearest hit through the mesh's face tree (bvh_* rows from adr; leaves name a face):
// depth first, nearer child first, skipping boxes entered beyond the best hit so far.
// Every box, a leaf's too, is tested by ray_node's rule.
static mjtNum ray_face_tree(const mjModel* m, int adr, const float* vert, const int* face,
                            int nface, const mjtNum p[3], const mjtNum v[3], const mjtNum fr[6]) {
  enum { STACK = 128 };       // median splits: depth <= 32 for any face count
  int stack[STACK];
  int top = 0;
  mjtNum best = -1;
  if (ray_node(m->bvh_aabb + 6 * adr, p, v) < 0) {
    return -1;
  }
  stack[top++] = 0;
  while (top > 0) {
    int node = stack[--top];
    const int* child = m->bvh_child + 2 * (adr + node);
    if (child[0] < 0 && child[1] < 0) {
      int f = m->bvh_nodeid[adr + node];
      if (f >= 0 && f < nface) {
        best = ray_faces(vert, face, f, f + 1, p, v, fr, best);
      }
      continue;
    }
    mjtNum t[2] = {-1, -1};
    for (int k = 0; k < 2; k++) {
      if (child[k] >= 0) {
        t[k] = ray_node(m->bvh_aabb + 6 * (adr + child[k]), p, v);
        if (best >= 0 && t[k] > best) {
          t[k] = -1;
        }
      }
    }
    // push the farther child first so the nearer one is visited next
    int first = t[1] >= 0 && (t[0] < 0 || t[1] < t[0]) ? 1 : 0;
    for (int k = 1; k >= 0; k--) {
      int c = k ? 1 - first : first;
      if (t[c] >= 0) {
        if (top == STACK) {
          // deeper than any tree the compiler builds: test every face instead
          return ray_faces(vert, face, 0, nface, p, v, fr, best);
        }
        stack[top++] = child[c];
      }
    }
  }
  return best;
}

mjtNum mj_rayMesh(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                  const mjtNum vec[3]) {
  if (m->geom_type[geomid] != mjGEOM_MESH) {
    mju_error("mj_rayMesh: geom with mesh type expected");
  }
  int mesh = m->geom_dataid[geomid];
  if (mesh < 0) {
    return -1;
  }
  mjtNum p[3], v[3];
  to_geom_frame(d, geomid, pnt, vec, p, v);
  // cheap rejection with the mesh's box in the geom frame (the same rule as tree boxes),
  // and with that box as a box geom (mju_rayGeom: some face met at a point within its
  // bounds): 3.3.8 misses a mesh when the second test fails, e.g. a ray from inside the
  // box whose exit point rounds outside every exit face (leaving through an edge or a
  // corner) -- measured: rays from inside an icosahedron, leaving its box where two or
  // three slab exits are equal (1 + 4e-16), miss in 3.3.8 exactly when mju_rayGeom on
  // the box does, and hit again when v is nudged by 1e-12 (tests/models/ray_mesh_exit.rays)
  const mjtNum* aabb = m->geom_aabb + 6 * geomid;
  if (aabb[3] > 0 && aabb[4] > 0 && aabb[5] > 0) {
    static const mjtNum eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    if (ray_node(aabb, p, v) < 0 || mju_rayGeom(aabb, eye, aabb + 3, p, v, mjGEOM_BOX) < 0) {
      return -1;
    }
  }
  const float* vert = m->mesh_vert + 3 * m->mesh_vertadr[mesh];
  const int* face = m->mesh_face + 3 * m->mesh_faceadr[mesh];
  mjtNum fr[6];  // the ray's frame (ray_frame)
  ray_frame(v, fr, fr + 3);
  int adr = m->mesh_bvhadr[mesh];
  if (adr >= 0 && m->mesh_bvhnum[mesh] > 0) {
    return ray_face_tree(m, adr, vert, face, m->mesh_facenum[mesh], p, v, fr);
  }
  return ray_faces(vert, face, 0, m->mesh_facenum[mesh], p, v, fr, -1);
}

// ---------------------------------------------------------------- height fields

typedef struct {
  const float* data;
  int nrow, ncol;
  mjtNum sx, sy, sz;
  mjtNum fr[6];  // the ray's frame (ray_frame)
} hfield_grid;

static void grid_point(const hfield_grid* h, int r, int c, mjtNum z0, mjtNum out[3]) {
  out[0] = -h->sx + 2 * h->sx * c / (h->ncol - 1);
  out[1] = -h->sy + 2 * h->sy * r / (h->nrow - 1);
  out[2] = z0 < 0 ? h->sz * h->data[r * h->ncol + c] : z0;
}

// The two surface triangles of cell (r, c), split along (r, c)-(r+1, c+1).
static mjtNum ray_cell(const hfield_grid* h, int r, int c, const mjtNum p[3],
                       const mjtNum v[3]) {
  mjtNum p00[3], p01[3], p10[3], p11[3];  // p<row><col>
  grid_point(h, r, c, -1, p00);
  grid_point(h, r, c + 1, -1, p01);
  grid_point(h, r + 1, c, -1, p10);
  grid_point(h, r + 1, c + 1, -1, p11);
  mjtNum best = ray_triangle_f(p, v, h->fr, h->fr + 3, p00, p01, p11);
  return closer(best, ray_triangle_f(p, v, h->fr, h->fr + 3, p00, p11, p10));
}

// Wall segment between border grid points (r0, c0) and (r1, c1), from z = 0 up.
static mjtNum ray_wall(const hfield_grid* h, int r0, int c0, int r1, int c1,
                       const mjtNum p[3], const mjtNum v[3]) {
  mjtNum a0[3], a1[3], b0[3], b1[3];
  grid_point(h, r0, c0, 0, a0);
  grid_point(h, r1, c1, 0, a1);
  grid_point(h, r0, c0, -1, b0);
  grid_point(h, r1, c1, -1, b1);
  mjtNum best = ray_triangle_f(p, v, h->fr, h->fr + 3, a0, a1, b1);
  return closer(best, ray_triangle_f(p, v, h->fr, h->fr + 3, a0, b1, b0));
}

// Index range [*i0, *i1] of cells along one axis touched by coordinates in [a, b].
static void cell_range(mjtNum a, mjtNum b, mjtNum half, int n, int* i0, int* i1) {
  mjtNum step = 2 * half / (n - 1);
  int lo = (int)floor((a + half) / step) - 1, hi = (int)floor((b + half) / step) + 1;
  *i0 = lo < 0 ? 0 : lo;
  *i1 = hi > n - 2 ? n - 2 : hi;
}

mjtNum mj_rayHfield(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                    const mjtNum vec[3]) {
  if (m->geom_type[geomid] != mjGEOM_HFIELD) {
    mju_error("mj_rayHfield: geom with hfield type expected");
  }
  int id = m->geom_dataid[geomid];
  if (id < 0) {
    return -1;
  }
  const mjtNum* size = m->hfield_size + 4 * id;
  hfield_grid h = {m->hfield_data + m->hfield_adr[id], m->hfield_nrow[id], m->hfield_ncol[id],
                   size[0], size[1], size[2], {0}};
  mjtNum p[3], v[3];
  to_geom_frame(d, geomid, pnt, vec, p, v);
  ray_frame(v, h.fr, h.fr + 3);

  // the base box
  mjtNum bpos[3] = {0, 0, -size[3] / 2}, bsize[3] = {size[0], size[1], size[3] / 2};
  mjtNum eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  mjtNum best = size[3] > 0 ? mju_rayGeom(bpos, eye, bsize, p, v, mjGEOM_BOX) : -1;
  if (h.nrow < 2 || h.ncol < 2) {
    return best;
  }

  // the surface and walls lie in the box above z = 0
  mjtNum lo[3] = {-size[0], -size[1], 0}, hi[3] = {size[0], size[1], size[2]};
  mjtNum t0, t1;
  if (!ray_slab(p, v, lo, hi, &t0, &t1, 0)) {
    return best;
  }
  mjtNum xa = p[0] + t0 * v[0], xb = p[0] + t1 * v[0];
  mjtNum ya = p[1] + t0 * v[1], yb = p[1] + t1 * v[1];
  int c0, c1, r0, r1;
  cell_range(fmin(xa, xb), fmax(xa, xb), size[0], h.ncol, &c0, &c1);
  cell_range(fmin(ya, yb), fmax(ya, yb), size[1], h.nrow, &r0, &r1);
  for (int r = r0; r <= r1; r++) {
    for (int c = c0; c <= c1; c++) {
      best = closer(best, ray_cell(&h, r, c, p, v));
    }
  }
  for (int c = 0; c + 1 < h.ncol; c++) {
    best = closer(best, ray_wall(&h, 0, c, 0, c + 1, p, v));
    best = closer(best, ray_wall(&h, h.nrow - 1, c, h.nrow - 1, c + 1, p, v));
  }
  for (int r = 0; r + 1 < h.nrow; r++) {
    best = closer(best, ray_wall(&h, r, 0, r + 1, 0, p, v));
    best = closer(best, ray_wall(&h, r, h.ncol - 1, r + 1, h.ncol - 1, p, v));
  }
  return best;
}

// ---------------------------------------------------------------- skins

mjtNum mju_raySkin(int nface, int nvert, const int* face, const float* vert,
                   const mjtNum pnt[3], const mjtNum vec[3], int vertid[1]) {
  mjtNum best = -1;
  int bestface = -1;
  mjtNum fr[6];  // the ray's frame (ray_frame)
  ray_frame(vec, fr, fr + 3);
  for (int f = 0; f < nface; f++) {
    const int* t = face + 3 * f;
    if (t[0] < 0 || t[1] < 0 || t[2] < 0 || t[0] >= nvert || t[1] >= nvert || t[2] >= nvert) {
      continue;
    }
    mjtNum a[3], b[3], c[3];
    float3(a, vert + 3 * t[0]);
    float3(b, vert + 3 * t[1]);
    float3(c, vert + 3 * t[2]);
    mjtNum x = ray_triangle_f(pnt, vec, fr, fr + 3, a, b, c);
    if (x >= 0 && (best < 0 || x < best)) {
      best = x;
      bestface = f;
    }
  }
  if (bestface >= 0 && vertid) {
    mjtNum hit[3], best2 = INFINITY;
    sn_addScl3(hit, pnt, vec, best);
    for (int k = 0; k < 3; k++) {
      mjtNum q[3], dq[3];
      float3(q, vert + 3 * face[3 * bestface + k]);
      sn_sub3(dq, q, hit);
      mjtNum dd = sn_dot3(dq, dq);
      if (dd < best2) {
        best2 = dd;
        vertid[0] = face[3 * bestface + k];
      }
    }
  }
  return best;
}
