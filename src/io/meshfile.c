// Mesh file dispatch: pick the reader from the content type or, failing that, the
// file extension (both case-insensitive, as MuJoCo accepts "MESH.STL").
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "io/meshfile.h"
#include "io/meshfile_formats.h"

typedef enum { FMT_NONE, FMT_STL, FMT_OBJ, FMT_MSH } mesh_format;

static int same_nocase(const char* a, const char* b) {
  for (; *a && *b; a++, b++) {
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) {
      return 0;
    }
  }
  return *a == *b;
}

static mesh_format format_of_type(const char* type) {
  if (!type || !type[0]) {
    return FMT_NONE;
  }
  if (same_nocase(type, "model/stl") || same_nocase(type, "model/x-stl")) {
    return FMT_STL;
  }
  if (same_nocase(type, "model/obj") || same_nocase(type, "model/x-obj")) {
    return FMT_OBJ;
  }
  if (same_nocase(type, "model/vnd.mujoco.msh") || same_nocase(type, "model/msh")) {
    return FMT_MSH;
  }
  return FMT_NONE;
}

static mesh_format format_of_name(const char* name) {
  const char* dot = name ? strrchr(name, '.') : NULL;
  if (!dot || strpbrk(dot, "/\\")) {
    return FMT_NONE;
  }
  if (same_nocase(dot, ".stl")) {
    return FMT_STL;
  }
  if (same_nocase(dot, ".obj")) {
    return FMT_OBJ;
  }
  if (same_nocase(dot, ".msh")) {
    return FMT_MSH;
  }
  return FMT_NONE;
}

int sn_meshfile_fail(char* err, int errsz, const char* name, const char* fmt, ...) {
  if (!err || errsz <= 0) {
    return -1;
  }
  int n = snprintf(err, (size_t)errsz, "mesh file '%s': ", name ? name : "");
  if (n < 0 || n >= errsz) {
    return -1;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err + n, (size_t)(errsz - n), fmt, ap);
  va_end(ap);
  return -1;
}

void* sn_meshfile_alloc(size_t n, size_t sz, int* ok) {
  if (n == 0) {
    return NULL;
  }
  void* p = mju_malloc(n * sz);
  if (!p) {
    *ok = 0;
  }
  return p;
}

int sn_meshfile_finite(const float* v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(v[i])) {
      return 0;
    }
  }
  return 1;
}

int sn_meshfile_parse(const char* name, const char* content_type, const void* buf,
                      size_t len, sn_meshfile* out, char* err, int errsz) {
  memset(out, 0, sizeof(*out));
  if (err && errsz > 0) {
    err[0] = 0;
  }
  if (!name) {
    name = "";
  }
  int typed = content_type && content_type[0];
  mesh_format fmt = typed ? format_of_type(content_type) : format_of_name(name);
  if (fmt == FMT_NONE) {
    if (typed) {
      return sn_meshfile_fail(err, errsz, name,
                              "unsupported content type '%s' (expected model/stl, model/obj "
                              "or model/vnd.mujoco.msh)",
                              content_type);
    }
    return sn_meshfile_fail(err, errsz, name,
                            "unknown mesh format (expected .stl, .obj or .msh)");
  }
  if (!buf && len > 0) {
    return sn_meshfile_fail(err, errsz, name, "no data");
  }
  int r;
  switch (fmt) {
    case FMT_STL:
      r = sn_stl_parse(name, buf, len, out, err, errsz);
      break;
    case FMT_OBJ:
      r = sn_obj_parse(name, buf, len, out, err, errsz);
      break;
    default:
      r = sn_msh_parse(name, buf, len, out, err, errsz);
      break;
  }
  if (r != 0) {
    sn_meshfile_free(out);
    return -1;
  }
  return 0;
}

void sn_meshfile_free(sn_meshfile* mf) {
  if (!mf) {
    return;
  }
  mju_free(mf->vert);
  mju_free(mf->normal);
  mju_free(mf->texcoord);
  mju_free(mf->face);
  mju_free(mf->facenormal);
  mju_free(mf->facetexcoord);
  memset(mf, 0, sizeof(*mf));
}
