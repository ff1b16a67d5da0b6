// Height-field assets: elevation grids from a PNG image, MuJoCo's binary format, inline
// values or zeros, normalised to [0, 1]; and what a geom referencing one gets from it
// (size, bounds, data id).
//
// Conventions identified against MuJoCo 3.3.8 (tests/models/hfield_*.xml):
//  - row 0 of hfield_data is the bottom (-y) row of the grid: PNG images and inline
//    elevation are listed top row first and are flipped; the binary format is stored as is;
//  - a PNG pixel's elevation is its red channel (grey images: the grey value), alpha
//    ignored;
//  - values are normalised in single precision: (v - min) / (max - min), all zeros when
//    max == min;
//  - a geom gets size (sx, sy, sz/4 + base/2) (a box of that half-size gives its mass
//    properties), an AABB from z = -base to z = sz, and rbound |(sx, sy, max(sz, base))|.
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"
#include "compiler/compile.h"

// Most elevation values in one model (hfield_adr is an int).
#define SN_MAX_HFIELD_DATA 2147483647LL

struct sn_hfield_built {
  int nrow;
  int ncol;
  float* data;  // nrow x ncol, normalised, row 0 at -y
};

//---------------------------------- sources -------------------------------------------------------

// Whether a file is read as PNG: content_type when given, else a ".png" extension.
static int sn_hfield_is_png(sn_ctx* c, const sn_hfield* h, int* png) {
  const char* ct = h->content_type ? h->content_type : "";
  if (!strcmp(ct, "image/png")) {
    *png = 1;
  } else if (!strcmp(ct, "image/vnd.mujoco.hfield")) {
    *png = 0;
  } else if (ct[0]) {
    return sn_cerr_attr(c, &h->loc, "content_type",
                        "unsupported content type '%s' of hfield file '%s'", ct, h->file);
  } else {
    size_t n = strlen(h->file);
    *png = n >= 4 && !strcasecmp(h->file + n - 4, ".png");
  }
  return 1;
}

static int sn_hfield_alloc(sn_ctx* c, const sn_hfield* h, struct sn_hfield_built* b,
                           long long nrow, long long ncol, const char* path) {
  if (nrow * ncol > SN_MAX_HFIELD_DATA) {
    return sn_cerr(c, &h->loc, "hfield %s'%s' too large: %lld x %lld values", path ? "file " : "",
                   path ? path : h->name, nrow, ncol);
  }
  b->nrow = (int)nrow;
  b->ncol = (int)ncol;
  b->data = (float*)sn_malloc_try(sizeof(float) * (size_t)(nrow * ncol));
  if (!b->data) {
    return sn_cerr(c, &h->loc, "could not allocate %lld values for hfield '%s'", nrow * ncol,
                   h->name);
  }
  return 1;
}

// Elevation from a PNG: the red channel of each pixel, image top row last.
static int sn_hfield_png(sn_ctx* c, const sn_hfield* h, const char* path, const char* buf,
                         size_t size, struct sn_hfield_built* b) {
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, buf, size)) {
    return sn_cerr_attr(c, &h->loc, "file", "could not decode PNG file '%s': %s", path,
                        image.message);
  }
  // 8-bit RGBA: no compositing onto a background, so the colour channels are the file's
  image.format = PNG_FORMAT_RGBA;
  long long w = image.width, hgt = image.height;
  unsigned char* rgba = NULL;
  if (w * hgt <= SN_MAX_HFIELD_DATA) {
    rgba = (unsigned char*)sn_malloc_try((size_t)(4 * w * hgt));
  }
  if (!rgba || !sn_hfield_alloc(c, h, b, hgt, w, path)) {
    png_image_free(&image);
    mju_free(rgba);
    return c->failed ? 0
                     : sn_cerr_attr(c, &h->loc, "file", "PNG file '%s' too large: %lld x %lld",
                                    path, w, hgt);
  }
  if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) {
    mju_free(rgba);
    png_image_free(&image);
    return sn_cerr_attr(c, &h->loc, "file", "could not decode PNG file '%s': %s", path,
                        image.message);
  }
  for (long long r = 0; r < hgt; r++) {
    const unsigned char* row = rgba + 4 * w * (hgt - 1 - r);
    for (long long k = 0; k < w; k++) {
      b->data[r * w + k] = row[4 * k];
    }
  }
  mju_free(rgba);
  return 1;
}

// Elevation from MuJoCo's binary format: int32 nrow, int32 ncol, float32 data, row 0 first.
static int sn_hfield_binary(sn_ctx* c, const sn_hfield* h, const char* path, const char* buf,
                            size_t size, struct sn_hfield_built* b) {
  int32_t dims[2];
  if (size < sizeof(dims)) {
    return sn_cerr_attr(c, &h->loc, "file", "hfield file '%s' is too short for its header",
                        path);
  }
  memcpy(dims, buf, sizeof(dims));
  if (dims[0] <= 0 || dims[1] <= 0) {
    return sn_cerr_attr(c, &h->loc, "file", "non-positive hfield dimensions %d x %d in file '%s'",
                        dims[0], dims[1], path);
  }
  long long n = (long long)dims[0] * dims[1];
  if ((unsigned long long)(size - sizeof(dims)) != (unsigned long long)n * sizeof(float)) {
    return sn_cerr_attr(c, &h->loc, "file",
                        "unexpected file size in hfield file '%s': %zu bytes, expected %lld "
                        "for %d x %d values", path, size, 8 + 4 * n, dims[0], dims[1]);
  }
  if (!sn_hfield_alloc(c, h, b, dims[0], dims[1], path)) {
    return 0;
  }
  memcpy(b->data, buf + sizeof(dims), sizeof(float) * (size_t)n);
  return 1;
}

static int sn_hfield_file(sn_ctx* c, const sn_hfield* h, struct sn_hfield_built* b) {
  int png = 0;
  if (!sn_hfield_is_png(c, h, &png)) {
    return 0;
  }
  char path[1024];
  char* buf = NULL;
  size_t size = 0;
  if (!sn_asset_read(c, c->spec->compiler.meshdir, h->filedir, h->file, &h->loc, "file",
                     "hfield", path, sizeof(path), &buf, &size)) {
    return 0;
  }
  int ok = png ? sn_hfield_png(c, h, path, buf, size, b)
               : sn_hfield_binary(c, h, path, buf, size, b);
  mju_free(buf);
  return ok;
}

// Inline elevation (listed top row first) or zeros.
static int sn_hfield_inline(sn_ctx* c, const sn_hfield* h, struct sn_hfield_built* b) {
  if (!sn_hfield_alloc(c, h, b, h->nrow, h->ncol, NULL)) {
    return 0;
  }
  long long n = (long long)h->nrow * h->ncol;
  if (!h->elevation.n) {
    memset(b->data, 0, sizeof(float) * (size_t)n);
    return 1;
  }
  if (h->elevation.n != n) {
    return sn_cerr_attr(c, &h->loc, "elevation", "elevation has %d values; nrow*ncol is %lld",
                        h->elevation.n, n);
  }
  for (int r = 0; r < h->nrow; r++) {
    const double* src = h->elevation.data + (long long)(h->nrow - 1 - r) * h->ncol;
    for (int k = 0; k < h->ncol; k++) {
      b->data[(long long)r * h->ncol + k] = (float)src[k];
    }
  }
  return 1;
}

// Shift and scale to [0, 1] in single precision (NaN values stay NaN).
static void sn_hfield_normalise(struct sn_hfield_built* b) {
  long long n = (long long)b->nrow * b->ncol;
  float lo = INFINITY, hi = -INFINITY;
  for (long long i = 0; i < n; i++) {
    lo = b->data[i] < lo ? b->data[i] : lo;
    hi = b->data[i] > hi ? b->data[i] : hi;
  }
  float range = hi - lo;
  for (long long i = 0; i < n; i++) {
    b->data[i] = range > 0 ? (b->data[i] - lo) / range : b->data[i] - lo;
  }
}

// Name of an hfield without one: its file name without directory and extension.
static void sn_hfield_default_name(sn_ctx* c, sn_hfield* h) {
  if ((h->name && h->name[0]) || !h->file || !h->file[0]) {
    return;
  }
  const char* base = strrchr(h->file, '/');
  base = base ? base + 1 : h->file;
  char name[1024];
  snprintf(name, sizeof(name), "%s", base);
  char* dot = strrchr(name, '.');
  if (dot && dot != name) {
    *dot = 0;
  }
  h->name = sn_spec_strdup(c->spec, name);
}

static int sn_hfield_build(sn_ctx* c, sn_hfield* h, struct sn_hfield_built* b) {
  sn_hfield_default_name(c, h);
  if (!h->name || !h->name[0]) {
    return sn_cerr(c, &h->loc, "empty name in height field (give it a name or a file)");
  }
  for (int k = 0; k < 4; k++) {
    if (!(h->size[k] > 0)) {
      return sn_cerr_attr(c, &h->loc, "size", "size parameter %d of hfield '%s' is not positive",
                          k, h->name);
    }
  }
  // 3.3.8 reads a file even when nrow and ncol are also given, and ignores them
  int ok;
  if (h->file && h->file[0]) {
    ok = sn_hfield_file(c, h, b);
  } else if (h->nrow > 0 && h->ncol > 0) {
    ok = sn_hfield_inline(c, h, b);
  } else {
    return sn_cerr(c, &h->loc,
                   "hfield '%s' not specified: give a file, or nrow and ncol (both positive)",
                   h->name);
  }
  if (ok) {
    sn_hfield_normalise(b);
  }
  return ok;
}

//---------------------------------- compile steps -------------------------------------------------

int sn_hfield_prepare(sn_ctx* c) {
  int n = SN_COUNT(c->spec, hfields);
  c->hfields = (struct sn_hfield_built*)mju_malloc(sizeof(struct sn_hfield_built) *
                                                   (size_t)(n > 0 ? n : 1));
  memset(c->hfields, 0, sizeof(struct sn_hfield_built) * (size_t)(n > 0 ? n : 1));
  long long total = 0;
  for (int i = 0; i < n; i++) {
    sn_hfield* h = &SN_AT(c->spec, hfields, sn_hfield, i);
    if (!sn_hfield_build(c, h, c->hfields + i)) {
      return 0;
    }
    total += (long long)c->hfields[i].nrow * c->hfields[i].ncol;
    if (total > SN_MAX_HFIELD_DATA) {
      return sn_cerr(c, &h->loc, "model too large: hfield data exceeds %lld values",
                     SN_MAX_HFIELD_DATA);
    }
  }
  return 1;
}

void sn_hfield_sizes(sn_ctx* c, mjModel* z) {
  z->nhfield = SN_COUNT(c->spec, hfields);
  z->nhfielddata = 0;
  for (int i = 0; i < z->nhfield; i++) {
    z->nhfielddata += c->hfields[i].nrow * c->hfields[i].ncol;
  }
}

int sn_compile_hfields(sn_ctx* c) {
  mjModel* m = c->m;
  int adr = 0;
  int pathadr = sn_asset_paths_offset(c->spec, mjOBJ_HFIELD);
  for (int i = 0; i < m->nhfield; i++) {
    const sn_hfield* h = &SN_AT(c->spec, hfields, sn_hfield, i);
    const struct sn_hfield_built* b = c->hfields + i;
    mju_copy(m->hfield_size + 4 * i, h->size, 4);
    m->hfield_nrow[i] = b->nrow;
    m->hfield_ncol[i] = b->ncol;
    m->hfield_adr[i] = adr;
    memcpy(m->hfield_data + adr, b->data, sizeof(float) * (size_t)b->nrow * (size_t)b->ncol);
    adr += b->nrow * b->ncol;
    m->hfield_pathadr[i] = -1;
    if (h->file && h->file[0]) {
      const char* file = sn_asset_file(c->spec, h->file);
      size_t len = strlen(file) + 1;
      m->hfield_pathadr[i] = pathadr;
      memcpy(m->paths + pathadr, file, len);
      pathadr += (int)len;
    }
  }
  return 1;
}

void sn_hfield_free(sn_ctx* c) {
  if (!c->hfields) {
    return;
  }
  for (int i = 0; i < SN_COUNT(c->spec, hfields); i++) {
    mju_free(c->hfields[i].data);
  }
  mju_free(c->hfields);
  c->hfields = NULL;
}

//---------------------------------- geoms ---------------------------------------------------------

// The spec hfield a geom names, or NULL (with an error) if it has none or a missing one.
static const sn_hfield* sn_hfield_of_geom(sn_ctx* c, const sn_geom* g, int* id) {
  if (!g->hfield || !g->hfield[0]) {
    sn_cerr_attr(c, &g->loc, "hfield", "hfield geom must name an hfield asset");
    return NULL;
  }
  // unnamed hfields with a file are named after it; geoms may be resolved (fusestatic)
  // before sn_hfield_prepare has run
  for (int i = 0; i < SN_COUNT(c->spec, hfields); i++) {
    sn_hfield* h = &SN_AT(c->spec, hfields, sn_hfield, i);
    sn_hfield_default_name(c, h);
    if (h->name && !strcmp(h->name, g->hfield)) {
      *id = i;
      return h;
    }
  }
  sn_cerr_attr(c, &g->loc, "hfield", "hfield '%s' not found in geom", g->hfield);
  return NULL;
}

int sn_hfield_geom_size(sn_ctx* c, const sn_geom* g, double size[3]) {
  if (g->type != mjGEOM_HFIELD) {
    if (g->hfield && g->hfield[0]) {
      return sn_cerr_attr(c, &g->loc, "hfield", "hfield '%s' given to a geom of another type",
                          g->hfield);
    }
    return 1;
  }
  int id;
  const sn_hfield* h = sn_hfield_of_geom(c, g, &id);
  if (!h) {
    return 0;
  }
  size[0] = h->size[0];
  size[1] = h->size[1];
  size[2] = 0.25 * h->size[2] + 0.5 * h->size[3];
  return 1;
}

int sn_hfield_geom(sn_ctx* c, const sn_geom* g, int id) {
  int hid;
  const sn_hfield* h = sn_hfield_of_geom(c, g, &hid);
  if (!h) {
    return 0;
  }
  mjModel* m = c->m;
  const double* s = h->size;
  double* aabb = m->geom_aabb + 6 * id;
  aabb[0] = aabb[1] = 0;
  aabb[2] = 0.5 * (s[2] - s[3]);
  aabb[3] = s[0];
  aabb[4] = s[1];
  aabb[5] = 0.5 * (s[2] + s[3]);
  double z = s[2] > s[3] ? s[2] : s[3];
  m->geom_rbound[id] = sqrt(s[0] * s[0] + s[1] * s[1] + z * z);
  m->geom_dataid[id] = hid;
  return 1;
}
