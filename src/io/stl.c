// STL meshes. Binary: 80-byte header, uint32 triangle count n, then n records of
// 50 bytes (float normal[3], float vertex[3][3], uint16 attribute). ASCII:
// "solid ... facet normal ... outer loop vertex x y z (x3) endloop endfacet ...
// endsolid". Many binary exporters also start their header with "solid", so the
// binary form is recognised by its exact size, not by that prefix. The file's facet
// normals are not returned: MuJoCo 3.3.8 recomputes normals from the triangles.
// Each triangle gets its own three vertices, in file order; the compiler merges
// duplicates.
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/meshfile_formats.h"

// MuJoCo 3.3.8 rejects binary STL files declaring more triangles than this.
#define STL_MAXFACE 200000

static uint32_t read_u32(const unsigned char* p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static float read_f32(const unsigned char* p) {
  uint32_t u = read_u32(p);
  float v;
  memcpy(&v, &u, sizeof(v));
  return v;
}

// Allocate vertex and face arrays for n triangles with the trivial face list.
static int alloc_triangles(sn_meshfile* out, size_t n) {
  int ok = 1;
  out->vert = sn_meshfile_alloc(9 * n, sizeof(float), &ok);
  out->face = sn_meshfile_alloc(3 * n, sizeof(int), &ok);
  if (!ok) {
    return 0;
  }
  for (size_t i = 0; i < 3 * n; i++) {
    out->face[i] = (int)i;
  }
  out->nvert = (int)(3 * n);
  out->nface = (int)n;
  return 1;
}

static int parse_binary(const char* name, const unsigned char* buf, size_t n,
                        sn_meshfile* out, char* err, int errsz) {
  if (!alloc_triangles(out, n)) {
    return sn_meshfile_fail(err, errsz, name, "out of memory");
  }
  for (size_t i = 0; i < n; i++) {
    const unsigned char* rec = buf + 84 + 50 * i + 12;  // skip the facet normal
    for (int k = 0; k < 9; k++) {
      out->vert[9 * i + k] = read_f32(rec + 4 * k);
    }
  }
  if (!sn_meshfile_finite(out->vert, 9 * n)) {
    return sn_meshfile_fail(err, errsz, name, "STL vertex data contains NaN or infinity");
  }
  return 0;
}

// ---------------------------------------------------------------- ASCII reader
typedef struct {
  const char* p;
  const char* end;
  int line;
} cursor;

// Next whitespace-separated token as [*tok, *tok + return value); 0 at the end.
static size_t next_token(cursor* c, const char** tok) {
  while (c->p < c->end && isspace((unsigned char)*c->p)) {
    if (*c->p == '\n') {
      c->line++;
    }
    c->p++;
  }
  *tok = c->p;
  while (c->p < c->end && !isspace((unsigned char)*c->p)) {
    c->p++;
  }
  return (size_t)(c->p - *tok);
}

// Whether token [t, t + n) is the lower-case keyword word, ignoring case.
static int word_eq(const char* t, size_t n, const char* word) {
  if (n != strlen(word)) {
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    if (tolower((unsigned char)t[i]) != word[i]) {
      return 0;
    }
  }
  return 1;
}

static int token_is(cursor* c, const char* word) {
  const char* t;
  size_t n = next_token(c, &t);
  return word_eq(t, n, word);
}

static int token_float(cursor* c, float* v) {
  const char* t;
  size_t n = next_token(c, &t);
  char tmp[64];
  if (n == 0 || n >= sizeof(tmp)) {
    return 0;
  }
  memcpy(tmp, t, n);
  tmp[n] = 0;
  char* e;
  double d = strtod(tmp, &e);
  if (*e || !(d == d) || d > 3.4e38 || d < -3.4e38) {
    return 0;  // NaN, infinity, out of float range or not a number
  }
  *v = (float)d;
  return 1;
}

// Count "facet" keywords (an upper bound on the triangles) without parsing.
static size_t count_facets(const char* p, const char* end) {
  size_t n = 0;
  for (; p + 5 <= end; p++) {
    if (word_eq(p, 5, "facet")) {
      n++;
    }
  }
  return n;
}

// One "facet normal nx ny nz outer loop vertex.. x3 endloop endfacet" record.
static int parse_facet(cursor* c, float v[9]) {
  float nrm;
  if (!token_is(c, "normal")) {
    return 0;
  }
  for (int k = 0; k < 3; k++) {
    if (!token_float(c, &nrm)) {
      return 0;
    }
  }
  if (!token_is(c, "outer") || !token_is(c, "loop")) {
    return 0;
  }
  for (int j = 0; j < 3; j++) {
    if (!token_is(c, "vertex")) {
      return 0;
    }
    for (int k = 0; k < 3; k++) {
      if (!token_float(c, &v[3 * j + k])) {
        return 0;
      }
    }
  }
  return token_is(c, "endloop") && token_is(c, "endfacet");
}

static int parse_ascii(const char* name, const char* buf, size_t len, sn_meshfile* out,
                       char* err, int errsz) {
  cursor c = {buf, buf + len, 1};
  const char* t;
  next_token(&c, &t);  // "solid"
  while (c.p < c.end && *c.p != '\n') {
    c.p++;  // the solid's name runs to the end of the line
  }
  size_t cap = count_facets(c.p, c.end);
  if (cap == 0) {
    return sn_meshfile_fail(err, errsz, name, "ASCII STL has no facets");
  }
  if (cap > SN_MESHFILE_MAXCOUNT) {
    return sn_meshfile_fail(err, errsz, name, "ASCII STL has too many facets (%zu)", cap);
  }
  if (!alloc_triangles(out, cap)) {
    return sn_meshfile_fail(err, errsz, name, "out of memory");
  }
  size_t n = 0;
  for (;;) {
    size_t tl = next_token(&c, &t);
    if (tl == 0) {
      break;  // tolerate a missing "endsolid"
    }
    if (word_eq(t, tl, "endsolid")) {
      break;
    }
    if (!word_eq(t, tl, "facet") || n >= cap ||
        !parse_facet(&c, out->vert + 9 * n)) {
      return sn_meshfile_fail(err, errsz, name,
                              "ASCII STL line %d: malformed facet (expected \"facet normal "
                              "x y z outer loop vertex x y z (3 times) endloop endfacet\" "
                              "with finite numbers)",
                              c.line);
    }
    n++;
  }
  if (n == 0) {
    return sn_meshfile_fail(err, errsz, name, "ASCII STL has no facets");
  }
  out->nface = (int)n;
  out->nvert = (int)(3 * n);
  return 0;
}

// A binary file whose header happens to read "solid" is still binary; only call it
// ASCII if it is all text and mentions facets.
static int looks_ascii(const unsigned char* buf, size_t len) {
  size_t i = 0;
  while (i < len && isspace(buf[i])) {
    i++;
  }
  if (len - i < 5 || !word_eq((const char*)buf + i, 5, "solid")) {
    return 0;
  }
  for (size_t k = 0; k < len; k++) {
    unsigned char ch = buf[k];
    if (ch == 0 || ch == 127 || (ch < 32 && !isspace(ch))) {
      return 0;
    }
  }
  return count_facets((const char*)buf, (const char*)buf + len) > 0;
}

int sn_stl_parse(const char* name, const unsigned char* buf, size_t len, sn_meshfile* out,
                 char* err, int errsz) {
  if (looks_ascii(buf, len)) {
    return parse_ascii(name, (const char*)buf, len, out, err, errsz);
  }
  if (len < 84) {
    return sn_meshfile_fail(err, errsz, name, "STL file too short (%zu bytes)", len);
  }
  uint32_t n = read_u32(buf + 80);
  if (n < 1 || n > STL_MAXFACE) {
    return sn_meshfile_fail(err, errsz, name,
                            "number of faces should be between 1 and %d in binary STL "
                            "(header says %lu)",
                            STL_MAXFACE, (unsigned long)n);
  }
  size_t want = 84 + 50 * (size_t)n;
  if (len != want) {
    return sn_meshfile_fail(err, errsz, name,
                            "binary STL size %zu bytes does not match its %lu triangles "
                            "(%zu expected)",
                            len, (unsigned long)n, want);
  }
  return parse_binary(name, buf, n, out, err, errsz);
}
