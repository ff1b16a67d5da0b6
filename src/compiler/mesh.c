// Mesh assets: loading (file or inline lists), reference frame and scale, normals,
// mass properties and the principal frame, convex hull, polygons and face BVH; then
// the model arrays, and the mesh-related parts of geoms (sizes, bounds, fitting).
//
// Processing order (each step checked against MuJoCo 3.3.8):
//   1. vertices v' = scale * conj(refquat) (v - refpos) (a mirroring scale does not
//      reorder the faces);
//   2. no faces: the convex hull's triangles become the faces;
//   3. normals, if not given, from the faces (normals.c rules below);
//   4. volume, centre and inertia (mesh_inertia.c) -> mesh_pos, mesh_quat: the
//      vertices are moved to the centre and rotated onto the principal axes;
//   5. convex hull graph, polygons, BVH of the final vertices.
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "compiler/mesh.h"
#include "io/meshfile.h"
#include "math/eig3.h"

// A face whose normal makes a larger angle than this (cosine) with a vertex's average
// normal does not contribute to that vertex's normal unless smoothnormal is set.
#define SN_NORMAL_COS 0.8

static sn_mesh* sn_spec_mesh(sn_ctx* c, int i) {
  return &SN_AT(c->spec, meshes, sn_mesh, i);
}

static void* sn_alloc0(size_t bytes) {
  void* p = mju_malloc(bytes ? bytes : 1);
  memset(p, 0, bytes ? bytes : 1);
  return p;
}

static void sn_built_free(sn_mesh_built* b) {
  void* arrays[] = {b->vert, b->normal, b->texcoord, b->face, b->facenormal, b->facetexcoord,
                    b->polynormal, b->polyvertadr, b->polyvertnum, b->polyvert, b->polymapadr,
                    b->polymapnum, b->polymap, b->bvh_depth, b->bvh_child, b->bvh_nodeid,
                    b->bvh_aabb};
  for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) {
    mju_free(arrays[i]);
  }
  sn_mesh_hull_free(&b->hull);
  sn_octree_free(&b->oct);
  memset(b, 0, sizeof(*b));
}

//---------------------------------- loading -------------------------------------------------------

static float* sn_floats(const sn_numlist* l) {
  float* f = (float*)sn_alloc0(sizeof(float) * (size_t)l->n);
  for (int i = 0; i < l->n; i++) {
    f[i] = (float)l->data[i];
  }
  return f;
}

// Inline data into the parsed-file form.
static int sn_mesh_inline(sn_ctx* c, const sn_mesh* sm, sn_meshfile* mf) {
  memset(mf, 0, sizeof(*mf));
  if (sm->vertex.n % 3) {
    return sn_cerr_attr(c, &sm->loc, "vertex", "vertex data must be a multiple of 3");
  }
  if (sm->face.n % 3) {
    return sn_cerr_attr(c, &sm->loc, "face", "face data must be a multiple of 3");
  }
  if (sm->normal.n % 3) {
    return sn_cerr_attr(c, &sm->loc, "normal", "normal data must be a multiple of 3");
  }
  if (sm->texcoord.n % 2) {
    return sn_cerr_attr(c, &sm->loc, "texcoord", "texcoord data must be a multiple of 2");
  }
  mf->nvert = sm->vertex.n / 3;
  mf->vert = sn_floats(&sm->vertex);
  mf->nnormal = sm->normal.n / 3;
  mf->normal = mf->nnormal ? sn_floats(&sm->normal) : NULL;
  mf->ntexcoord = sm->texcoord.n / 2;
  mf->texcoord = mf->ntexcoord ? sn_floats(&sm->texcoord) : NULL;
  mf->nface = sm->face.n / 3;
  if (mf->nface) {
    mf->face = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)mf->nface);
    for (int i = 0; i < 3 * mf->nface; i++) {
      double x = sm->face.data[i];
      mf->face[i] = x > 2e9 ? 2000000000 : x < -2e9 ? -2000000000 : (int)x;
    }
    // inline normals and texture coordinates are per vertex
    if (mf->nnormal) {
      mf->facenormal = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)mf->nface);
      memcpy(mf->facenormal, mf->face, sizeof(int) * 3 * (size_t)mf->nface);
    }
    if (mf->ntexcoord) {
      mf->facetexcoord = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)mf->nface);
      memcpy(mf->facetexcoord, mf->face, sizeof(int) * 3 * (size_t)mf->nface);
    }
  }
  return 1;
}

// STL files give every triangle its own three vertices; 3.3.8 merges vertices with
// identical coordinates (first occurrence kept, in file order) and re-indexes faces.
static int sn_is_format(const sn_mesh* sm, const char* type, const char* ext) {
  const char* ct = sm->content_type;
  if (ct && ct[0]) {
    return !strcasecmp(ct, type);
  }
  const char* dot = strrchr(sm->file, '.');
  return dot && !strcasecmp(dot, ext);
}

static int sn_is_stl(const sn_mesh* sm) {
  return sn_is_format(sm, "model/stl", ".stl") || sn_is_format(sm, "model/x-stl", ".stl");
}

static unsigned sn_vert_hash(const float* v) {
  unsigned bits[3], h = 2166136261u;
  memcpy(bits, v, sizeof(bits));
  for (int k = 0; k < 3; k++) {
    h = (h ^ bits[k]) * 16777619u;
  }
  return h;
}

static void sn_merge_vertices(sn_meshfile* mf) {
  int n = mf->nvert;
  if (n <= 0) {
    return;
  }
  size_t cap = 1;
  while (cap < 2 * (size_t)n) {
    cap <<= 1;
  }
  int* table = (int*)mju_malloc(sizeof(int) * cap);
  int* map = (int*)mju_malloc(sizeof(int) * (size_t)n);
  for (size_t i = 0; i < cap; i++) {
    table[i] = -1;
  }
  int kept = 0;
  for (int i = 0; i < n; i++) {
    const float* v = mf->vert + 3 * i;
    size_t slot = sn_vert_hash(v) & (cap - 1);
    while (table[slot] >= 0 && memcmp(mf->vert + 3 * table[slot], v, 3 * sizeof(float))) {
      slot = (slot + 1) & (cap - 1);
    }
    if (table[slot] < 0) {
      // a new vertex: move it down to its final index (table keeps final indices)
      memmove(mf->vert + 3 * kept, v, 3 * sizeof(float));
      table[slot] = kept;
      map[i] = kept++;
    } else {
      map[i] = table[slot];
    }
  }
  for (int f = 0; f < 3 * mf->nface; f++) {
    mf->face[f] = map[mf->face[f]];
  }
  mf->nvert = kept;
  mju_free(table);
  mju_free(map);
}

// src: the vertices as given in double precision, when they exist before rounding to
// float (NULL: use mf->vert).
static int sn_mesh_load(sn_ctx* c, const sn_mesh* sm, sn_meshfile* mf, double** src,
                        int* normal_stride) {
  *normal_stride = 1;
  *src = NULL;
  if (sm->builtin && sm->builtin[0] && strcmp(sm->builtin, "none")) {
    if (sm->file[0] || sm->vertex.n || sm->face.n || sm->normal.n || sm->texcoord.n) {
      return sn_cerr_attr(c, &sm->loc, "builtin",
                          "builtin mesh cannot be used with a file or user vertex data");
    }
    if (!sm->params.n) {
      return sn_cerr_attr(c, &sm->loc, "params", "required attribute missing: 'params'");
    }
    char err[256];
    if (!sn_mesh_builtin(sm->builtin, sm->params.data, sm->params.n, mf, src, normal_stride,
                         err, sizeof(err))) {
      return sn_cerr_attr(c, &sm->loc, "builtin", "%s", err);
    }
    // 3.3.8 works from the float-rounded vertices (hull orders and frames agree only then)
    mju_free(*src);
    *src = NULL;
    return 1;
  }
  if (!sm->file[0]) {
    return sn_mesh_inline(c, sm, mf);
  }
  if (sm->vertex.n || sm->face.n) {
    return sn_cerr(c, &sm->loc, "mesh data given both in a file and inline");
  }
  char path[1024];
  char* buf = NULL;
  size_t size = 0;
  if (!sn_asset_read(c, c->spec->compiler.meshdir, sm->filedir, sm->file, &sm->loc, "file",
                     "mesh", path, sizeof(path), &buf, &size)) {
    return 0;
  }
  char err[512];
  int rc = sn_meshfile_parse(path, sm->content_type, buf, size, mf, err, sizeof(err));
  mju_free(buf);
  if (rc != 0) {
    return sn_cerr_attr(c, &sm->loc, "file", "%s", err);
  }
  for (int f = 0; f < 3 * mf->nface; f++) {
    if (mf->face[f] < 0 || mf->face[f] >= mf->nvert) {
      return sn_cerr(c, &sm->loc, "in face %d, vertex index %d does not exist", f / 3,
                     mf->face[f]);
    }
  }
  if (sn_is_stl(sm)) {
    sn_merge_vertices(mf);
  }
  // OBJ texture coordinates have v pointing up; 3.3.8 stores 1 - v
  if (sn_is_format(sm, "model/obj", ".obj")) {
    for (int i = 0; i < mf->ntexcoord; i++) {
      mf->texcoord[2 * i + 1] = 1 - mf->texcoord[2 * i + 1];
    }
  }
  return 1;
}

// Index lists must point into their arrays; normal and texture-coordinate lists may
// hold -1 for a corner without one (OBJ faces written "f 1 2 3" next to "f 1/1 ..."),
// which 3.3.8 stores as is.
static int sn_check_indices(sn_ctx* c, const sn_mesh* sm, const int* idx, int nface, int n,
                            int allow_missing, const char* what) {
  for (int f = 0; idx && f < nface; f++) {
    for (int k = 0; k < 3; k++) {
      int i = idx[3 * f + k];
      if ((i < 0 && !(allow_missing && i == -1)) || i >= n) {
        return sn_cerr(c, &sm->loc, "in face %d, %s index %d does not exist", f, what, i);
      }
    }
  }
  return 1;
}

//---------------------------------- normals -------------------------------------------------------

// Unit length in single precision, dividing by the float length (3.3.8's rounding of
// computed normals; a zero vector stays zero).
static void sn_unit_float_div(float n[3]) {
  float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (len > 0) {
    for (int k = 0; k < 3; k++) {
      n[k] /= len;
    }
  }
}

// Faces whose edge cross product (twice the area) has a squared length below this add
// nothing to the vertex normals, and an average normal this short is left unnormalised
// (3.3.8's threshold for normalising a vector, applied to the squared length). Pinned by
// mesh_sliver_normals and mesh_normals_tiny_average: anymal_c's handle.obj (faces of
// 9.85e-8 left out, 1.14e-7 counted) and MyoSuite's logo (a vertex between two nearly
// opposite faces whose sum is 6e-8 long: its average stays tiny, fails the angle test
// with both faces, and the vertex gets the default normal).
#define SN_NORMAL_MIN_SQR 1e-14

// A face's contribution to its vertices' normals: the cross product of its edges, taken
// apart into its unit direction and its length (twice the area) and multiplied back, in
// double. The round trip moves the last double bit, which decides float rounding ties in
// the per-vertex sums (4 normals of anymal_c, ~50 of myolegs, the 3x3 supertorus).
static void sn_face_contribution(double out[3], const double* p0, const double* p1,
                                 const double* p2) {
  double e1[3], e2[3], c[3];
  mju_sub3(e1, p1, p0);
  mju_sub3(e2, p2, p0);
  mju_cross(c, e1, e2);
  double sqr = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
  if (sqr < SN_NORMAL_MIN_SQR) {
    mju_zero3(out);  // a sliver's direction is noise: it adds nothing
    return;
  }
  double len = sqrt(sqr);
  for (int k = 0; k < 3; k++) {
    out[k] = (c[k] / len) * len;
  }
}

// Vertex normals from the faces: the area-weighted average of the adjacent face
// normals; unless smooth, faces deviating from that average by more than acos(0.8)
// are then left out. A vertex with no remaining face gets +z (3.3.8's result).
// 3.3.8's rounding: face contributions (sn_face_contribution) in double, summed per
// vertex into floats in face order, each sum divided by its float length.
static void sn_make_normals(const double* v, int nvert, const int* face, int nface, int smooth,
                            double* out) {
  double* fn = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)nface);
  float* acc = (float*)sn_alloc0(sizeof(float) * 3 * (size_t)nvert);
  for (int f = 0; f < nface; f++) {
    sn_face_contribution(fn + 3 * f, v + 3 * face[3 * f], v + 3 * face[3 * f + 1],
                         v + 3 * face[3 * f + 2]);
    for (int k = 0; k < 3; k++) {
      float* a = acc + 3 * face[3 * f + k];
      for (int j = 0; j < 3; j++) {
        a[j] = (float)(a[j] + fn[3 * f + j]);
      }
    }
  }
  if (!smooth) {
    // the deviating faces are summed apart (floats, face order) and taken off the total
    float* avg = (float*)sn_alloc0(sizeof(float) * 3 * (size_t)nvert);
    float* off = (float*)sn_alloc0(sizeof(float) * 3 * (size_t)nvert);
    memcpy(avg, acc, sizeof(float) * 3 * (size_t)nvert);
    for (int i = 0; i < nvert; i++) {
      // a tiny average stays tiny: every face then fails the angle test
      float* a = avg + 3 * i;
      if ((double)a[0] * a[0] + (double)a[1] * a[1] + (double)a[2] * a[2] >= SN_NORMAL_MIN_SQR) {
        sn_unit_float_div(a);
      }
    }
    for (int f = 0; f < nface; f++) {
      double u[3];
      mju_copy3(u, fn + 3 * f);
      mju_normalize3(u);
      for (int k = 0; k < 3; k++) {
        int i = face[3 * f + k];
        const float* a = avg + 3 * i;
        if (!(u[0] * a[0] + u[1] * a[1] + u[2] * a[2] > SN_NORMAL_COS)) {
          for (int j = 0; j < 3; j++) {
            off[3 * i + j] = (float)(off[3 * i + j] + fn[3 * f + j]);
          }
        }
      }
    }
    for (int i = 0; i < 3 * nvert; i++) {
      acc[i] -= off[i];
    }
    mju_free(off);
    mju_free(avg);
  }
  for (int i = 0; i < nvert; i++) {
    sn_unit_float_div(acc + 3 * i);
  }
  for (int i = 0; i < nvert; i++) {
    double* n = out + 3 * i;
    const float* a = acc + 3 * i;
    if (a[0] == 0 && a[1] == 0 && a[2] == 0) {
      n[0] = n[1] = 0;
      n[2] = 1;
    } else {
      for (int k = 0; k < 3; k++) {
        n[k] = a[k];
      }
    }
  }
  mju_free(acc);
  mju_free(fn);
}

// x rounded to single precision, as a double. Kept out of the vectoriser's reach: GCC 12
// at -O3 turns (float)x * y into a double product and drops the rounding (measured).
static double sn_float_round(double x) {
  volatile float f = (float)x;
  return f;
}

// Unit length in single precision: 3.3.8 normalises the stored float normals in float
// arithmetic (sum of squares, square root, reciprocal, products each rounded to float).
static void sn_normalize_float(float n[3]) {
  float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  float inv = 1.0f / len;
  for (int k = 0; k < 3; k++) {
    n[k] *= inv;
  }
}

//---------------------------------- processing ----------------------------------------------------

// Step 1: reference frame and scale, in double precision.
static double* sn_transform(const sn_mesh* sm, const sn_meshfile* mf, const double* src) {
  double* v = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)mf->nvert);
  double q[4], R[9];
  // 3.3.8 divides by the norm here (mju_normalize4 scales by its inverse, which
  // differs in the last bits and, for tied principal moments, in the mesh frame), but
  // only when the squared norm is at least 1e-14: a shorter refquat is used as it is,
  // its matrix (|q|^2 times a rotation) shrinks the mesh to nothing, and the mesh fails
  // as too small ("1.01e-7 0 0 0" loads, "0.99e-7 0 0 0" and "0 0 0 0" fail)
  mju_copy4(q, sm->refquat);
  if (mju_dot(q, q, 4) >= 1e-14) {
    sn_normalize_div(q, 4);
  }
  mju_quat2Mat(R, q);
  for (int i = 0; i < mf->nvert; i++) {
    double d[3], r[3];
    for (int k = 0; k < 3; k++) {
      d[k] = src[3 * i + k] - sm->refpos[k];
    }
    mju_mulMatTVec3(r, R, d);  // conjugate rotation
    for (int k = 0; k < 3; k++) {
      v[3 * i + k] = r[k] * sm->scale[k];
    }
  }
  return v;
}

// Final float arrays of the vertices and normals in the principal frame (vd: the
// vertices in double precision, which the bounds and the BVH use).
static void sn_finish_arrays(sn_mesh_built* mb, const double* v, const double* nrm, int nnormal,
                             double* vd) {
  double R[9];
  mju_quat2Mat(R, mb->quat);
  mb->vert = (float*)sn_alloc0(sizeof(float) * 3 * (size_t)mb->nvert);
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int i = 0; i < mb->nvert; i++) {
    double d[3], r[3];
    mju_sub3(d, v + 3 * i, mb->pos);
    mju_mulMatTVec3(r, R, d);
    mju_copy3(vd + 3 * i, r);
    for (int k = 0; k < 3; k++) {
      mb->vert[3 * i + k] = (float)r[k];
      lo[k] = fmin(lo[k], r[k]);
      hi[k] = fmax(hi[k], r[k]);
    }
  }
  for (int k = 0; k < 3; k++) {
    mb->aabb[k] = 0.5 * (lo[k] + hi[k]);
    mb->aabb[3 + k] = 0.5 * (hi[k] - lo[k]);
    mb->size[k] = fmax(fabs(lo[k]), fabs(hi[k]));
  }
  mb->nnormal = nnormal;
  mb->normal = (float*)sn_alloc0(sizeof(float) * 3 * (size_t)nnormal);
  for (int i = 0; i < nnormal; i++) {
    double r[3];
    mju_mulMatTVec3(r, R, nrm + 3 * i);  // the matrix form: exact zeros stay exact
    for (int k = 0; k < 3; k++) {
      mb->normal[3 * i + k] = (float)r[k];
    }
  }
}

// Steps 2-4 on the transformed vertices v; fills faces, frame, mass properties.
static int sn_mesh_frame(sn_ctx* c, const sn_mesh* sm, sn_mesh_built* mb, const double* v) {
  char err[512];
  const sn_hull hull = mb->hull;
  if (!mb->nface) {
    mb->nface = hull.nface;
    mb->face = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)hull.nface);
    memcpy(mb->face, hull.face, sizeof(int) * 3 * (size_t)hull.nface);
  }
  const int* face = sm->inertia == mjMESH_INERTIA_CONVEX ? hull.face : mb->face;
  int nface = sm->inertia == mjMESH_INERTIA_CONVEX ? hull.nface : mb->nface;
  double com[3], tensor[9];
  // 3.3.8 gives a builtin plate (flat: no volume) the frame of its shell inertia
  int mode = sm->builtin && !strcmp(sm->builtin, "plate") ? mjMESH_INERTIA_SHELL : sm->inertia;
  int ok = sn_mesh_massprops(v, mb->nvert, face, nface, mb->face, mb->nface, mode,
                             &mb->measure, com, tensor, err, sizeof(err));
  if (!ok) {
    return sn_cerr(c, &sm->loc, "%s: %s", err, sm->name);
  }
  mju_copy3(mb->pos, com);
  double eigvec[9];
  sn_eig3_mesh(mb->inertia, eigvec, mb->quat, tensor);
  return 1;
}

// A directed edge used by two faces means inconsistently oriented faces (an exact
// volume needs a well-oriented surface).
static int sn_check_orientation(sn_ctx* c, const sn_mesh* sm, const int* face, int nface) {
  int a, b;
  if (sn_mesh_misoriented(face, nface, &a, &b)) {
    return sn_cerr(c, &sm->loc, "faces of mesh '%s' have inconsistent orientation. "
                   "Please check the faces containing the vertices %d and %d.", sm->name, a, b);
  }
  return 1;
}

static int sn_mesh_raw_hull(sn_ctx* c, const sn_mesh* sm, const sn_meshfile* mf,
                            const double* src, sn_hull* h) {
  char err[512];
  int ok = sn_mesh_hull(src, mf->nvert, sm->maxhullvert, h, err, sizeof(err));
  return ok ? 1 : sn_cerr(c, &sm->loc, "%s", err);
}

// needhull: a colliding mesh geom uses the mesh, which then keeps its hull graph
// (3.3.8 builds it only then, or when the faces themselves come from the hull) and
// takes its polygons from the hull.
// needoct: an sdf geom uses the mesh, which then gets its signed-distance octree.
static int sn_mesh_process(sn_ctx* c, const sn_mesh* sm, sn_mesh_built* mb, int needhull,
                           int needoct) {
  if (!sm->name[0]) {
    return sn_cerr(c, &sm->loc, "empty name in mesh");
  }
  if (sm->maxhullvert != -1 && sm->maxhullvert < 4) {
    return sn_cerr_attr(c, &sm->loc, "maxhullvert", "maxhullvert must be larger than 3");
  }
  sn_meshfile mf;
  int normal_stride;  // builtin wedges: three normals per vertex, faces use the first
  double* src = NULL;
  if (!sn_mesh_load(c, sm, &mf, &src, &normal_stride)) {
    return 0;
  }
  if (!src) {
    src = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)(mf.nvert ? mf.nvert : 1));
    for (int i = 0; i < 3 * mf.nvert; i++) {
      src[i] = mf.vert[i];
    }
  }
  int ok = 0;
  double* v = NULL;
  double* nrm = NULL;
  double* vd = NULL;
  double* raw = NULL;
  if (mf.nvert < 4) {
    sn_cerr(c, &sm->loc, "at least 4 vertices required");
    goto done;
  }
  for (int i = 0; i < 3 * mf.nvert; i++) {
    if (!isfinite(mf.vert[i])) {
      sn_cerr(c, &sm->loc, "vertex %d has a coordinate that is not a finite number", i / 3);
      goto done;
    }
  }
  if (!sn_check_indices(c, sm, mf.face, mf.nface, mf.nvert, 0, "vertex") ||
      !sn_check_indices(c, sm, mf.facenormal, mf.nface, mf.nnormal, 1, "normal") ||
      !sn_check_indices(c, sm, mf.facetexcoord, mf.nface, mf.ntexcoord, 1, "texcoord")) {
    goto done;
  }
  mb->nvert = mf.nvert;
  mb->nface = mf.nface;
  if (mf.nface) {
    mb->face = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)mf.nface);
    memcpy(mb->face, mf.face, sizeof(int) * 3 * (size_t)mf.nface);
  }
  // the hull (collision graph; the faces of a face-less mesh; convex inertia) is built
  // from the vertices as given: 3.3.8's vertex and face orders are qhull's for those
  int hull = needhull || !mf.nface || sm->inertia == mjMESH_INERTIA_CONVEX;
  if (hull && !sn_mesh_raw_hull(c, sm, &mf, src, &mb->hull)) {
    goto done;
  }
  // a mirroring scale turns the faces of mesh files around (second and third vertex,
  // normal and texture coordinate indices swapped); 3.3.8 leaves inline faces as they are (they are then inside out, which
  // the exact and convex volumes reject)
  if (sm->file[0] && sm->scale[0] * sm->scale[1] * sm->scale[2] < 0) {
    for (int f = 0; f < mb->nface; f++) {
      int t = mb->face[3 * f + 1];
      mb->face[3 * f + 1] = mb->face[3 * f + 2];
      mb->face[3 * f + 2] = t;
      int* other[2] = {mf.facenormal, mf.facetexcoord};
      for (int k = 0; k < 2; k++) {
        if (other[k]) {
          t = other[k][3 * f + 1];
          other[k][3 * f + 1] = other[k][3 * f + 2];
          other[k][3 * f + 2] = t;
        }
      }
    }
  }
  if (sm->inertia == mjMESH_INERTIA_EXACT && !sn_check_orientation(c, sm, mb->face, mb->nface)) {
    goto done;
  }
  v = sn_transform(sm, &mf, src);
  if (!sn_mesh_frame(c, sm, mb, v)) {
    goto done;
  }

  // normals: given (per face corner indices) or computed per vertex
  int nnormal = mf.nnormal ? mf.nnormal : mb->nvert;
  nrm = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)nnormal);
  mb->facenormal = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)mb->nface);
  if (mf.nnormal) {
    for (int i = 0; i < 3 * mf.nnormal; i++) {
      nrm[i] = mf.normal[i];
    }
    memcpy(mb->facenormal, mf.facenormal ? mf.facenormal : mb->face,
           sizeof(int) * 3 * (size_t)mb->nface);
    for (int i = 0; !mf.facenormal && i < 3 * mb->nface; i++) {
      mb->facenormal[i] *= normal_stride;
    }
  } else {
    // from the vertices as given; the scale is applied to the result below
    double* rv = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)mb->nvert);
    for (int i = 0; i < 3 * mb->nvert; i++) {
      rv[i] = src[i];
    }
    sn_make_normals(rv, mb->nvert, mb->face, mb->nface, sm->smoothnormal, nrm);
    mju_free(rv);
    memcpy(mb->facenormal, mb->face, sizeof(int) * 3 * (size_t)mb->nface);
  }
  // reference frame and scale: 3.3.8 multiplies normals by the scale (not its inverse)
  for (int i = 0; i < nnormal; i++) {
    double* n = nrm + 3 * i;
    double q[4], R[9], r[3];
    mju_copy4(q, sm->refquat);
    mju_normalize4(q);
    mju_quat2Mat(R, q);
    mju_mulMatTVec3(r, R, n);
    float nf[3];
    for (int k = 0; k < 3; k++) {
      nf[k] = (float)(sn_float_round(r[k]) * sm->scale[k]);
    }
    // normals (nearly) zero after scaling become +z, like unresolved computed ones;
    // 3.3.8 tests the squared length of the scaled normal against mjMINVAL (a file
    // normal 3.1e-8 long at scale 1, or 3.1e-5 at scale 1e-3, already counts)
    if ((double)nf[0] * nf[0] + (double)nf[1] * nf[1] + (double)nf[2] * nf[2] < mjMINVAL) {
      nf[0] = nf[1] = 0;
      nf[2] = 1;
    }
    sn_normalize_float(nf);
    for (int k = 0; k < 3; k++) {
      n[k] = nf[k];  // stored in single precision before the principal rotation
    }
  }
  mb->facetexcoord = (int*)sn_alloc0(sizeof(int) * 3 * (size_t)mb->nface);
  if (mf.ntexcoord) {
    mb->ntexcoord = mf.ntexcoord;
    mb->texcoord = (float*)sn_alloc0(sizeof(float) * 2 * (size_t)mf.ntexcoord);
    memcpy(mb->texcoord, mf.texcoord, sizeof(float) * 2 * (size_t)mf.ntexcoord);
    memcpy(mb->facetexcoord, mf.facetexcoord ? mf.facetexcoord : mb->face,
           sizeof(int) * 3 * (size_t)mb->nface);
  }
  vd = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)mb->nvert);
  raw = (double*)sn_alloc0(sizeof(double) * 3 * (size_t)mb->nvert);
  for (int i = 0; i < 3 * mb->nvert; i++) {
    raw[i] = src[i];
  }
  sn_finish_arrays(mb, v, nrm, nnormal, vd);
  if (needhull || !mf.nface) {
    sn_mesh_polygons(mb, mb->hull.face, mb->hull.nface, raw, vd);
  } else {
    sn_mesh_polygons(mb, mb->face, mb->nface, raw, vd);
    sn_mesh_hull_free(&mb->hull);
  }
  sn_mesh_bvh(mb, vd);
  if (needoct && !sn_octree_build(vd, mb->nvert, mb->face, mb->nface, mb->aabb, &mb->oct)) {
    sn_cerr(c, &sm->loc, "out of memory building the octree of mesh '%s'", sm->name);
    goto done;
  }
  ok = 1;

done:
  mju_free(vd);
  mju_free(raw);
  mju_free(v);
  mju_free(nrm);
  mju_free(src);
  sn_meshfile_free(&mf);
  return ok;
}

int sn_mesh_prepare(sn_ctx* c) {
  int n = SN_COUNT(c->spec, meshes);
  if (!n) {
    return 1;
  }
  c->meshes = (sn_mesh_built*)sn_alloc0(sizeof(sn_mesh_built) * (size_t)n);
  for (int i = 0; i < n; i++) {
    const sn_mesh* sm = sn_spec_mesh(c, i);
    int needhull = 0, needoct = 0;
    for (int g = 0; g < SN_COUNT(c->spec, geoms); g++) {
      const sn_geom* sg = &SN_AT(c->spec, geoms, sn_geom, g);
      if (strcmp(sg->mesh, sm->name)) {
        continue;
      }
      needhull |= (sg->type == mjGEOM_MESH || sg->type == mjGEOM_SDF) && (sg->contype | sg->conaffinity);
      needoct |= sg->type == mjGEOM_SDF;
    }
    if (!sn_mesh_process(c, sm, c->meshes + i, needhull, needoct)) {
      return 0;
    }
  }
  return 1;
}

void sn_mesh_free(sn_ctx* c) {
  if (!c->meshes) {
    return;
  }
  for (int i = 0; i < SN_COUNT(c->spec, meshes); i++) {
    sn_built_free(c->meshes + i);
  }
  mju_free(c->meshes);
  c->meshes = NULL;
}

void sn_mesh_discard(sn_ctx* c, int i) {
  if (c->meshes) {
    sn_built_free(c->meshes + i);
    memset(c->meshes + i, 0, sizeof(sn_mesh_built));
  }
}

void sn_mesh_move(sn_ctx* c, int from, int to) {
  if (c->meshes && from != to) {
    c->meshes[to] = c->meshes[from];
    memset(c->meshes + from, 0, sizeof(sn_mesh_built));
  }
}

//---------------------------------- model arrays --------------------------------------------------

void sn_mesh_sizes(sn_ctx* c, mjModel* z) {
  int n = SN_COUNT(c->spec, meshes);
  z->nmesh = n;
  for (int i = 0; i < n; i++) {
    const sn_mesh_built* mb = c->meshes + i;
    z->nmeshvert += mb->nvert;
    z->nmeshnormal += mb->nnormal;
    z->nmeshtexcoord += mb->ntexcoord;
    z->nmeshface += mb->nface;
    z->nmeshgraph += mb->hull.ngraph;
    z->nmeshpoly += mb->npoly;
    z->nmeshpolyvert += mb->npolyvert;
    z->nmeshpolymap += mb->npolymap;
    z->nbvh += mb->nbvh;
    z->nbvhstatic += mb->nbvh;
    z->noct += mb->oct.nnode;
  }
}

// Copy count elements of n-wide rows into a model array at adr (rows).
#define SN_PUT(dst, adr, src, count, width) \
  if ((count) > 0) memcpy((dst) + (size_t)(adr) * (width), src, sizeof(*(dst)) * (size_t)(count) * (width))

int sn_compile_meshes(sn_ctx* c) {
  mjModel* m = c->m;
  int vert = 0, normal = 0, tex = 0, face = 0, graph = 0, poly = 0, polyvert = 0, polymap = 0;
  int oct = 0;
  // mesh trees come last, after the body trees
  int bvh = m->nbvh;
  for (int i = 0; i < m->nmesh; i++) {
    bvh -= c->meshes[i].nbvh;
  }
  // npaths (sn_texture_count) covers every asset file: height fields, meshes, textures
  int pathadr = sn_asset_paths_offset(c->spec, mjOBJ_MESH);
  for (int i = 0; i < m->nmesh; i++) {
    const sn_mesh_built* mb = c->meshes + i;
    const sn_mesh* sm = sn_spec_mesh(c, i);
    m->mesh_vertadr[i] = vert;
    m->mesh_vertnum[i] = mb->nvert;
    m->mesh_faceadr[i] = face;
    m->mesh_facenum[i] = mb->nface;
    m->mesh_normaladr[i] = normal;
    m->mesh_normalnum[i] = mb->nnormal;
    m->mesh_texcoordadr[i] = mb->ntexcoord ? tex : -1;
    m->mesh_texcoordnum[i] = mb->ntexcoord;
    m->mesh_graphadr[i] = mb->hull.ngraph ? graph : -1;
    m->mesh_bvhadr[i] = mb->nbvh ? bvh : -1;
    m->mesh_bvhnum[i] = mb->nbvh;
    const sn_octree* ot = &mb->oct;
    m->mesh_octadr[i] = ot->nnode ? oct : -1;
    m->mesh_octnum[i] = ot->nnode;
    SN_PUT(m->oct_depth, oct, ot->depth, ot->nnode, 1);
    SN_PUT(m->oct_child, oct, ot->child, ot->nnode, 8);  // ids relative to mesh_octadr
    SN_PUT(m->oct_aabb, oct, ot->aabb, ot->nnode, 6);
    SN_PUT(m->oct_coeff, oct, ot->coeff, ot->nnode, 8);
    oct += ot->nnode;
    m->mesh_polyadr[i] = poly;
    m->mesh_polynum[i] = mb->npoly;
    SN_PUT(m->mesh_vert, vert, mb->vert, mb->nvert, 3);
    SN_PUT(m->mesh_normal, normal, mb->normal, mb->nnormal, 3);
    SN_PUT(m->mesh_texcoord, tex, mb->texcoord, mb->ntexcoord, 2);
    for (int f = 0; f < 3 * mb->nface; f++) {
      m->mesh_face[3 * face + f] = mb->face[f];
      m->mesh_facenormal[3 * face + f] = mb->facenormal[f];
      m->mesh_facetexcoord[3 * face + f] = mb->facetexcoord[f];
    }
    SN_PUT(m->mesh_graph, graph, mb->hull.graph, mb->hull.ngraph, 1);
    for (int p = 0; p < mb->npoly; p++) {
      mju_copy3(m->mesh_polynormal + 3 * (poly + p), mb->polynormal + 3 * p);
      m->mesh_polyvertadr[poly + p] = mb->polyvertadr[p] + polyvert;
      m->mesh_polyvertnum[poly + p] = mb->polyvertnum[p];
    }
    SN_PUT(m->mesh_polyvert, polyvert, mb->polyvert, mb->npolyvert, 1);
    for (int v = 0; v < mb->nvert; v++) {
      m->mesh_polymapadr[vert + v] = mb->polymapadr[v] + polymap;
      m->mesh_polymapnum[vert + v] = mb->polymapnum[v];
    }
    SN_PUT(m->mesh_polymap, polymap, mb->polymap, mb->npolymap, 1);
    for (int b = 0; b < mb->nbvh; b++) {
      m->bvh_depth[bvh + b] = mb->bvh_depth[b];
      m->bvh_child[2 * (bvh + b)] = mb->bvh_child[2 * b];
      m->bvh_child[2 * (bvh + b) + 1] = mb->bvh_child[2 * b + 1];
      m->bvh_nodeid[bvh + b] = mb->bvh_nodeid[b];
      memcpy(m->bvh_aabb + 6 * (bvh + b), mb->bvh_aabb + 6 * b, sizeof(double) * 6);
    }
    mju_copy3(m->mesh_scale + 3 * i, sm->scale);
    mju_copy3(m->mesh_pos + 3 * i, mb->pos);
    mju_copy4(m->mesh_quat + 4 * i, mb->quat);
    if (sm->file[0]) {
      const char* file = sn_asset_file(c->spec, sm->file);
      size_t len = strlen(file) + 1;
      m->mesh_pathadr[i] = pathadr;
      memcpy(m->paths + pathadr, file, len);
      pathadr += (int)len;
    } else {
      m->mesh_pathadr[i] = -1;
    }
    vert += mb->nvert;
    normal += mb->nnormal;
    tex += mb->ntexcoord;
    face += mb->nface;
    graph += mb->hull.ngraph;
    poly += mb->npoly;
    polyvert += mb->npolyvert;
    polymap += mb->npolymap;
    bvh += mb->nbvh;
  }
  return 1;
}

//---------------------------------- geoms ---------------------------------------------------------

int sn_mesh_find(sn_ctx* c, const char* name) {
  for (int i = 0; i < SN_COUNT(c->spec, meshes); i++) {
    if (!strcmp(sn_spec_mesh(c, i)->name, name)) {
      return i;
    }
  }
  return -1;
}

// Half-sizes of the mesh's equivalent-inertia box (the box of the same volume and
// principal moments): a box of half-sizes h has moments V (h_j^2 + h_k^2) / 3.
static void sn_mesh_inertia_box(const sn_mesh_built* mb, double h[3]) {
  const double* I = mb->inertia;
  double V = mb->measure;
  h[0] = sqrt(fmax(0, 3 * (I[1] + I[2] - I[0]) / (2 * V)));
  h[1] = sqrt(fmax(0, 3 * (I[0] + I[2] - I[1]) / (2 * V)));
  h[2] = sqrt(fmax(0, 3 * (I[0] + I[1] - I[2]) / (2 * V)));
}

// A primitive fitted to a mesh: to its bounding box (compiler fitaabb: the smallest
// primitive containing the box, centred on it) or to its equivalent-inertia box
// (half-sizes a, b, c from the principal moments); then scaled by fitscale. The
// capsule and cylinder rules (radius from x and y, length from z) are 3.3.8's.
static int sn_mesh_fit(sn_ctx* c, const sn_geom* g, const sn_mesh_built* mb, double size[3],
                       sn_pose* pose) {
  double h[3];
  int aabb = c->spec->compiler.fitaabb;
  if (aabb) {
    mju_copy3(h, mb->aabb + 3);
    double shift[3];
    mju_rotVecQuat(shift, mb->aabb, pose->quat);
    mju_addTo3(pose->pos, shift);
  } else {
    sn_mesh_inertia_box(mb, h);
  }
  mju_zero3(size);
  switch (g->type) {
    case mjGEOM_SPHERE:
      size[0] = aabb ? fmax(fmax(h[0], h[1]), h[2]) : (h[0] + h[1] + h[2]) / 3;
      break;
    case mjGEOM_CAPSULE:
      size[0] = aabb ? fmax(h[0], h[1]) : (h[0] + h[1]) / 2;
      size[1] = aabb ? h[2] - size[0] : fmax(0, h[2] - size[0] / 2);
      break;
    case mjGEOM_CYLINDER:
      size[0] = aabb ? fmax(h[0], h[1]) : (h[0] + h[1]) / 2;
      size[1] = h[2];
      break;
    case mjGEOM_ELLIPSOID:
    case mjGEOM_BOX:
      mju_copy3(size, h);
      break;
    default:
      return sn_cerr_attr(c, &g->loc, "type", "a mesh can only be fitted with a primitive geom");
  }
  int need = g->type == mjGEOM_SPHERE ? 1 : g->type == mjGEOM_CAPSULE ||
             g->type == mjGEOM_CYLINDER ? 2 : 3;
  for (int k = 0; k < need; k++) {
    size[k] *= g->fitscale;
    if (!(size[k] > 0)) {
      return sn_cerr_attr(c, &g->loc, "mesh", "size %d must be positive in geom (fitted to "
                          "mesh '%s')", k, g->mesh);
    }
  }
  return 1;
}

int sn_mesh_geom_resolve(sn_ctx* c, const sn_geom* g, double size[3], sn_pose* pose) {
  int id = sn_mesh_find(c, g->mesh);
  if (id < 0) {
    return sn_cerr_attr(c, &g->loc, "mesh", "mesh '%s' not found in geom", g->mesh);
  }
  const sn_mesh_built* mb = c->meshes + id;
  sn_pose offset, geom = *pose;
  mju_copy3(offset.pos, mb->pos);
  mju_copy4(offset.quat, mb->quat);
  sn_pose_mul(pose, &geom, &offset);
  if (g->type == mjGEOM_MESH || g->type == mjGEOM_SDF) {  // sdf: the mesh's own shape
    mju_copy3(size, mb->size);
    return 1;
  }
  return sn_mesh_fit(c, g, mb, size, pose);
}

void sn_mesh_geom_bounds(sn_ctx* c, int mesh, double* rbound, double aabb[6]) {
  const sn_mesh_built* mb = c->meshes + mesh;
  memcpy(aabb, mb->aabb, sizeof(double) * 6);
  *rbound = mju_norm3(mb->size);
}

int sn_mesh_geom_massprops(sn_ctx* c, const sn_geom* g, double* mass, double inertia[3]) {
  int id = sn_mesh_find(c, g->mesh);
  if (id < 0) {
    return sn_cerr_attr(c, &g->loc, "mesh", "mesh '%s' not found in geom", g->mesh);
  }
  if (g->shellinertia) {
    return sn_cerr_attr(c, &g->loc, "shellinertia",
                        "for mesh geoms, inertia should be specified in the mesh asset");
  }
  const sn_mesh_built* mb = c->meshes + id;
  if (g->mass >= 0 && mb->measure < SN_GEOM_MEASURE_MIN) {
    *mass = 0;  // as for primitives: a given mass needs a volume (or area) to spread over
    inertia[0] = inertia[1] = inertia[2] = 0;
    return 1;
  }
  *mass = g->mass >= 0 ? g->mass : g->density * mb->measure;
  // 3.3.8 gives a mesh geom the moments of its equivalent-inertia box of the geom's
  // mass (identified against the oracle: the moments are not linear in the density
  // in their last bits, and match this round trip through the half-sizes)
  double h[3];
  sn_mesh_inertia_box(mb, h);
  for (int k = 0; k < 3; k++) {
    double a = h[(k + 1) % 3], b = h[(k + 2) % 3];
    inertia[k] = *mass * (a * a + b * b) / 3;
  }
  return 1;
}

int sn_mesh_material(sn_ctx* c, const char* mesh) {
  int id = sn_mesh_find(c, mesh);
  if (id < 0 || !sn_spec_mesh(c, id)->material[0]) {
    return -1;
  }
  return sn_find_name(c, mjOBJ_MATERIAL, sn_spec_mesh(c, id)->material);
}

