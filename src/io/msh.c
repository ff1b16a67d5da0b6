// MuJoCo's legacy binary MSH: int32 nvertex, nnormal, ntexcoord, nface, then
// float vertex[3 nv], normal[3 nn], texcoord[2 nt] and int32 face[3 nf], all
// little-endian, nothing after. Normals and texcoords are per vertex, so their
// counts are 0 or nvertex and the faces index them too.
#include <stdint.h>
#include <string.h>

#include "io/meshfile_formats.h"

static int32_t read_i32(const unsigned char* p) {
  uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
               (uint32_t)p[3] << 24;
  int32_t v;
  memcpy(&v, &u, sizeof(v));
  return v;
}

static float read_f32(const unsigned char* p) {
  uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
               (uint32_t)p[3] << 24;
  float v;
  memcpy(&v, &u, sizeof(v));
  return v;
}

static void read_floats(const unsigned char** p, float* dst, size_t n) {
  for (size_t i = 0; i < n; i++, *p += 4) {
    dst[i] = read_f32(*p);
  }
}

static int* copy_faces(const int* face, size_t n, int* ok) {
  int* c = sn_meshfile_alloc(n, sizeof(int), ok);
  if (c) {
    memcpy(c, face, n * sizeof(int));
  }
  return c;
}

int sn_msh_parse(const char* name, const unsigned char* buf, size_t len, sn_meshfile* out,
                 char* err, int errsz) {
  if (len < 16) {
    return sn_meshfile_fail(err, errsz, name, "MSH file too short for its header (%zu bytes)",
                            len);
  }
  int32_t nv = read_i32(buf), nn = read_i32(buf + 4), nt = read_i32(buf + 8),
          nf = read_i32(buf + 12);
  if (nv < 1 || nn < 0 || nt < 0 || nf < 1 || nv > SN_MESHFILE_MAXCOUNT ||
      nf > SN_MESHFILE_MAXCOUNT) {
    return sn_meshfile_fail(err, errsz, name,
                            "invalid MSH counts: nvertex %d, nnormal %d, ntexcoord %d, nface %d",
                            (int)nv, (int)nn, (int)nt, (int)nf);
  }
  if ((nn != 0 && nn != nv) || (nt != 0 && nt != nv)) {
    return sn_meshfile_fail(err, errsz, name,
                            "invalid MSH sizes: nnormal %d and ntexcoord %d must be 0 or "
                            "nvertex %d",
                            (int)nn, (int)nt, (int)nv);
  }
  size_t want = 16 + 12 * (size_t)nv + 12 * (size_t)nn + 8 * (size_t)nt + 12 * (size_t)nf;
  if (len != want) {
    return sn_meshfile_fail(err, errsz, name,
                            "MSH size %zu bytes does not match its counts (%zu expected)", len,
                            want);
  }
  int ok = 1;
  out->vert = sn_meshfile_alloc(3 * (size_t)nv, sizeof(float), &ok);
  out->normal = sn_meshfile_alloc(3 * (size_t)nn, sizeof(float), &ok);
  out->texcoord = sn_meshfile_alloc(2 * (size_t)nt, sizeof(float), &ok);
  out->face = sn_meshfile_alloc(3 * (size_t)nf, sizeof(int), &ok);
  if (!ok) {
    return sn_meshfile_fail(err, errsz, name, "out of memory");
  }
  out->nvert = nv;
  out->nnormal = nn;
  out->ntexcoord = nt;
  out->nface = nf;
  const unsigned char* p = buf + 16;
  read_floats(&p, out->vert, 3 * (size_t)nv);
  read_floats(&p, out->normal, 3 * (size_t)nn);
  read_floats(&p, out->texcoord, 2 * (size_t)nt);
  if (!sn_meshfile_finite(out->vert, 3 * (size_t)nv) ||
      !sn_meshfile_finite(out->normal, 3 * (size_t)nn) ||
      !sn_meshfile_finite(out->texcoord, 2 * (size_t)nt)) {
    return sn_meshfile_fail(err, errsz, name, "MSH data contains NaN or infinity");
  }
  for (size_t i = 0; i < 3 * (size_t)nf; i++, p += 4) {
    int32_t f = read_i32(p);
    if (f < 0 || f >= nv) {
      return sn_meshfile_fail(err, errsz, name,
                              "MSH face %zu has vertex index %d outside [0, %d)", i / 3,
                              (int)f, (int)nv);
    }
    out->face[i] = f;
  }
  if (nn) {
    out->facenormal = copy_faces(out->face, 3 * (size_t)nf, &ok);
  }
  if (nt) {
    out->facetexcoord = copy_faces(out->face, 3 * (size_t)nf, &ok);
  }
  if (!ok) {
    return sn_meshfile_fail(err, errsz, name, "out of memory");
  }
  return 0;
}
