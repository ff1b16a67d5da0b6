// Wavefront OBJ meshes: "v x y z [w]" (extra colour values ignored), "vn x y z",
// "vt u [v [w]]" and "f" with corners v, v/vt, v//vn or v/vt/vn; indices are
// 1-based, negative ones count back from the last element defined so far.
// Everything else (o, g, s, usemtl, mtllib, l, p, ...) is skipped. Faces are
// collected first and triangulated at the end, so a face may name a vertex that
// is defined further down (MuJoCo 3.3.8 accepts that too). Faces with fewer than
// three corners are dropped, as MuJoCo 3.3.8 does. Polygons become triangles by
// ear clipping in the polygon's plane; for convex polygons that is the fan
// (0 1 2) (0 2 3) ..., the same triangles MuJoCo 3.3.8 produces.
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "io/meshfile_formats.h"

// Growable arrays; memory comes from mju_malloc so the result can be handed over.
typedef struct {
  float* v;
  size_t n, cap;
} fvec;

typedef struct {
  int* v;
  size_t n, cap;
} ivec;

typedef struct {
  const char* name;
  char* err;
  int errsz;
  int line;
  fvec vert, normal, tex;  // 3, 3, 2 floats per element
  ivec corner;             // v, vt, vn per polygon corner (0-based, -1 absent)
  ivec polysize;           // corners per polygon
  int has_tex, has_normal;
  sn_meshfile* out;
} obj_parser;

static int grow(void** data, size_t* cap, size_t need, size_t elsz) {
  if (need <= *cap) {
    return 1;
  }
  size_t c = *cap ? *cap : 64;
  while (c < need) {
    c *= 2;
  }
  void* p = mju_malloc(c * elsz);
  if (!p) {
    return 0;
  }
  if (*data) {
    memcpy(p, *data, *cap * elsz);
    mju_free(*data);
  }
  *data = p;
  *cap = c;
  return 1;
}

static int fpush(fvec* a, float x) {
  if (!grow((void**)&a->v, &a->cap, a->n + 1, sizeof(float))) {
    return 0;
  }
  a->v[a->n++] = x;
  return 1;
}

static int ipush(ivec* a, int x) {
  if (!grow((void**)&a->v, &a->cap, a->n + 1, sizeof(int))) {
    return 0;
  }
  a->v[a->n++] = x;
  return 1;
}

static int fail(obj_parser* P, const char* what) {
  return sn_meshfile_fail(P->err, P->errsz, P->name, "OBJ line %d: %s", P->line, what);
}

static const char* skip_blank(const char* p, const char* end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) {
    p++;
  }
  return p;
}

// Parse one finite float at *pp; 0 if there is none (or it is NaN / infinite).
static int read_float(const char** pp, const char* end, float* out) {
  const char* p = skip_blank(*pp, end);
  char tmp[64];
  size_t n = 0;
  while (p + n < end && n < sizeof(tmp) - 1 && !isspace((unsigned char)p[n])) {
    n++;
  }
  if (n == 0 || n == sizeof(tmp) - 1) {
    return 0;
  }
  memcpy(tmp, p, n);
  tmp[n] = 0;
  char* e;
  double d = strtod(tmp, &e);
  if (*e || !(d == d) || d > 3.4e38 || d < -3.4e38) {
    return 0;
  }
  *out = (float)d;
  *pp = p + n;
  return 1;
}

// "v", "vn", "vt": need at least `need` numbers, keep `keep` of them (pad with 0).
static int parse_numbers(obj_parser* P, const char* p, const char* end, fvec* dst,
                         int need, int keep, const char* what) {
  float x[3] = {0, 0, 0};
  int n = 0;
  float extra;
  while (n < keep && read_float(&p, end, &x[n])) {
    n++;
  }
  while (read_float(&p, end, &extra)) {
  }
  p = skip_blank(p, end);
  if (n < need || (p < end && *p != '#')) {
    return fail(P, what);
  }
  if (dst->n / (size_t)keep >= SN_MESHFILE_MAXCOUNT) {
    return fail(P, "too many elements");
  }
  for (int k = 0; k < keep; k++) {
    if (!fpush(dst, x[k])) {
      return fail(P, "out of memory");
    }
  }
  return 0;
}

// One index of a corner: 1-based or negative relative to count; -1 on error.
static int resolve(obj_parser* P, long idx, size_t count, int face, const char* kind,
                   int* out) {
  long r = idx > 0 ? idx - 1 : (long)count + idx;
  if (idx == 0 || r < 0 || r >= SN_MESHFILE_MAXCOUNT) {
    char msg[160];
    snprintf(msg, sizeof(msg), "in face %d, %s index %ld does not exist", face, kind, idx);
    return fail(P, msg);
  }
  *out = (int)r;
  return 0;
}

// Parse "a", "a/b", "a//c" or "a/b/c" at *pp into 0-based (v, vt, vn), -1 absent.
static int parse_corner(obj_parser* P, const char** pp, const char* end, int face, int c[3]) {
  static const char* kinds[3] = {"vertex", "texcoord", "normal"};
  size_t counts[3] = {P->vert.n / 3, P->tex.n / 2, P->normal.n / 3};
  const char* p = *pp;
  c[0] = c[1] = c[2] = -1;
  for (int k = 0; k < 3; k++) {
    if (k > 0) {
      if (p >= end || *p != '/') {
        break;
      }
      p++;
      if (k == 1 && p < end && *p == '/') {
        continue;  // "a//c"
      }
    }
    char* e;
    char tmp[24];
    size_t n = 0;
    while (p + n < end && n < sizeof(tmp) - 1 && (isdigit((unsigned char)p[n]) ||
                                                   (n == 0 && (p[n] == '-' || p[n] == '+')))) {
      tmp[n] = p[n];
      n++;
    }
    tmp[n] = 0;
    long idx = strtol(tmp, &e, 10);
    if (n == 0 || *e || n == sizeof(tmp) - 1) {
      return fail(P, "malformed face corner (expected v, v/vt, v//vn or v/vt/vn)");
    }
    if (resolve(P, idx, counts[k], face, kinds[k], &c[k])) {
      return -1;
    }
    p += n;
  }
  if (p < end && !isspace((unsigned char)*p)) {
    return fail(P, "malformed face corner (expected v, v/vt, v//vn or v/vt/vn)");
  }
  *pp = p;
  return 0;
}

static int parse_face(obj_parser* P, const char* p, const char* end) {
  int face = (int)P->polysize.n;
  int ncorner = 0;
  for (;;) {
    p = skip_blank(p, end);
    if (p >= end || *p == '#') {
      break;
    }
    int c[3];
    if (parse_corner(P, &p, end, face, c)) {
      return -1;
    }
    if (P->corner.n / 3 >= 3 * (size_t)SN_MESHFILE_MAXCOUNT) {
      return fail(P, "too many face corners");
    }
    for (int k = 0; k < 3; k++) {
      if (!ipush(&P->corner, c[k])) {
        return fail(P, "out of memory");
      }
    }
    P->has_tex |= c[1] >= 0;
    P->has_normal |= c[2] >= 0;
    ncorner++;
  }
  if (ncorner < 3) {
    P->corner.n -= 3 * (size_t)ncorner;  // points and segments are not faces
    return 0;
  }
  if (!ipush(&P->polysize, ncorner)) {
    return fail(P, "out of memory");
  }
  return 0;
}

static int parse_line(obj_parser* P, const char* p, const char* end) {
  p = skip_blank(p, end);
  const char* kw = p;
  while (p < end && !isspace((unsigned char)*p)) {
    p++;
  }
  size_t n = (size_t)(p - kw);
  if (n == 1 && kw[0] == 'v') {
    return parse_numbers(P, p, end, &P->vert, 3, 3, "vertex needs 3 finite numbers");
  }
  if (n == 2 && kw[0] == 'v' && kw[1] == 'n') {
    return parse_numbers(P, p, end, &P->normal, 3, 3, "normal needs 3 finite numbers");
  }
  if (n == 2 && kw[0] == 'v' && kw[1] == 't') {
    return parse_numbers(P, p, end, &P->tex, 1, 2, "texcoord needs finite numbers");
  }
  if (n == 1 && kw[0] == 'f') {
    return parse_face(P, p, end);
  }
  return 0;  // comments, blank lines and statements we do not use
}

// Check indices against the final counts (faces may refer forward).
static int check_corners(obj_parser* P) {
  size_t counts[3] = {P->vert.n / 3, P->tex.n / 2, P->normal.n / 3};
  static const char* kinds[3] = {"vertex", "texcoord", "normal"};
  size_t c = 0;
  for (size_t f = 0; f < P->polysize.n; f++) {
    for (int j = 0; j < P->polysize.v[f]; j++, c++) {
      for (int k = 0; k < 3; k++) {
        int idx = P->corner.v[3 * c + k];
        if (idx >= 0 && (size_t)idx >= counts[k]) {
          return sn_meshfile_fail(P->err, P->errsz, P->name,
                                  "in face %zu, %s index %d does not exist (%zu defined)", f,
                                  kinds[k], idx + 1, counts[k]);
        }
      }
    }
  }
  return 0;
}

// Triangulate every polygon into out->face (+ facenormal / facetexcoord).
static int emit_faces(obj_parser* P) {
  size_t ntri = 0, maxn = 0;
  for (size_t f = 0; f < P->polysize.n; f++) {
    ntri += (size_t)P->polysize.v[f] - 2;
    if ((size_t)P->polysize.v[f] > maxn) {
      maxn = (size_t)P->polysize.v[f];
    }
  }
  if (ntri > SN_MESHFILE_MAXCOUNT) {
    return sn_meshfile_fail(P->err, P->errsz, P->name, "too many faces (%zu)", ntri);
  }
  sn_meshfile* o = P->out;
  int ok = 1;
  o->face = sn_meshfile_alloc(3 * ntri, sizeof(int), &ok);
  if (P->has_normal) {
    o->facenormal = sn_meshfile_alloc(3 * ntri, sizeof(int), &ok);
  }
  if (P->has_tex) {
    o->facetexcoord = sn_meshfile_alloc(3 * ntri, sizeof(int), &ok);
  }
  int* local = sn_meshfile_alloc(3 * maxn, sizeof(int), &ok);  // local triangles + work
  int* vidx = sn_meshfile_alloc(2 * maxn, sizeof(int), &ok);
  if (!ok) {
    mju_free(local);
    mju_free(vidx);
    return sn_meshfile_fail(P->err, P->errsz, P->name, "out of memory");
  }
  size_t c = 0, t = 0;
  for (size_t f = 0; f < P->polysize.n; f++) {
    int n = P->polysize.v[f];
    const int* corner = P->corner.v + 3 * c;
    for (int j = 0; j < n; j++) {
      vidx[j] = corner[3 * j];
    }
    int nt = sn_polygon_triangulate(P->vert.v, vidx, n, local, vidx + n);
    for (int i = 0; i < 3 * nt; i++, t++) {
      const int* cr = corner + 3 * local[i];
      o->face[t] = cr[0];
      if (o->facetexcoord) {
        o->facetexcoord[t] = cr[1];
      }
      if (o->facenormal) {
        o->facenormal[t] = cr[2];
      }
    }
    c += (size_t)n;
  }
  mju_free(local);
  mju_free(vidx);
  o->nface = (int)(t / 3);
  return 0;
}

int sn_obj_parse(const char* name, const char* buf, size_t len, sn_meshfile* out,
                 char* err, int errsz) {
  obj_parser P;
  memset(&P, 0, sizeof(P));
  P.name = name;
  P.err = err;
  P.errsz = errsz;
  P.out = out;
  const char* p = buf;
  const char* end = buf + len;
  int r = 0;
  while (p < end && r == 0) {
    P.line++;
    const char* eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) {
      eol = end;
    }
    r = parse_line(&P, p, eol);
    p = eol + 1;
  }
  if (r == 0 && P.vert.n == 0) {
    r = sn_meshfile_fail(err, errsz, name, "OBJ file has no vertices");
  }
  if (r == 0) {
    r = check_corners(&P);
  }
  if (r == 0) {
    r = emit_faces(&P);
  }
  mju_free(P.corner.v);
  mju_free(P.polysize.v);
  if (r == 0) {
    out->vert = P.vert.v;
    out->nvert = (int)(P.vert.n / 3);
    out->normal = P.normal.v;
    out->nnormal = (int)(P.normal.n / 3);
    out->texcoord = P.tex.v;
    out->ntexcoord = (int)(P.tex.n / 2);
    return 0;
  }
  mju_free(P.vert.v);
  mju_free(P.normal.v);
  mju_free(P.tex.v);
  return -1;
}
