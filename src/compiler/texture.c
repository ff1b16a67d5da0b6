// Textures: procedural (builtin) textures and PNG files, laid out as in mjModel:
// 2d textures are width x height; cube and skybox textures are six square faces
// (right, left, up, down, front, back) stacked vertically, width x 6 width.
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"
#include "compiler/compile.h"

// Largest texture, in bytes (all faces and channels): texture addresses are ints.
#define SN_MAX_TEXTURE_BYTES 2147483647LL

// Whether a w x h image of nc channels (times nface faces) fits the limit; sizes are
// multiplied in 64 bits so that no product can overflow.
static int sn_texture_fits(long long w, long long h, long long nc, long long nface,
                           long long* bytes) {
  *bytes = -1;
  if (w <= 0 || h <= 0 || nc <= 0 || w > SN_MAX_TEXTURE_BYTES || h > SN_MAX_TEXTURE_BYTES) {
    return 0;
  }
  long double total = (long double)w * (long double)h * (long double)nc * (long double)nface;
  if (total > (long double)SN_MAX_TEXTURE_BYTES) {
    return 0;
  }
  *bytes = (long long)total;
  return 1;
}

static int sn_texture_too_large(sn_ctx* c, const sn_texture* t, const char* attr, long long w,
                                long long h, int nface) {
  return sn_cerr_attr(c, &t->loc, attr,
                      "texture '%s' too large: %lld x %lld pixels x %d channels%s exceeds "
                      "%lld bytes", t->name ? t->name : "", w, h, t->nchannel,
                      nface == 6 ? " x 6 faces" : "", SN_MAX_TEXTURE_BYTES);
}

//---------------------------------- procedural ----------------------------------------------------

static unsigned char sn_byte(double v) {
  if (isnan(v)) {
    return 0;  // a gradient on a one-pixel-wide image
  }
  v = v < 0 ? 0 : v > 1 ? 1 : v;
  return (unsigned char)(255 * v);
}

static void sn_put(unsigned char* px, const double rgb[3]) {
  for (int k = 0; k < 3; k++) {
    px[k] = sn_byte(rgb[k]);
  }
}

static void sn_mix(double out[3], const double a[3], const double b[3], double s) {
  for (int k = 0; k < 3; k++) {
    out[k] = s * a[k] + (1 - s) * b[k];
  }
}

// Gradient profile: 1 at r = 0, 0.5 at r = 0.5, 0 at r = 1 (and beyond), an algebraic
// sigmoid in u = 2 r - 1 scaled to pass through both ends. Derived from 3.3.8's bytes
// (2d gradients of many sizes and colours, cube and skybox faces): byte-exact there.
static double sn_gradient(double r) {
  if (r >= 1) {
    return 0;
  }
  double u = 2 * r - 1;
  return 0.5 - u / sqrt(2 + 2 * u * u);
}

// std::mt19937_64 (the 64-bit Mersenne twister of C++11, standard parameters). mark="random"
// in 3.3.8 draws one number per pixel, u = draw / 2^64, from this engine seeded with 42 for
// each texture, and marks the pixel when u < random (found from its bytes; exact).
typedef struct {
  unsigned long long mt[312];
  int i;
} sn_mt64;

static void sn_mt64_seed(sn_mt64* g, unsigned long long seed) {
  g->mt[0] = seed;
  for (int i = 1; i < 312; i++) {
    g->mt[i] = 6364136223846793005ULL * (g->mt[i - 1] ^ (g->mt[i - 1] >> 62)) +
               (unsigned long long)i;
  }
  g->i = 312;
}

static unsigned long long sn_mt64_next(sn_mt64* g) {
  const unsigned long long upper = 0xFFFFFFFF80000000ULL, lower = 0x7FFFFFFFULL;
  if (g->i >= 312) {
    for (int i = 0; i < 312; i++) {
      unsigned long long x = (g->mt[i] & upper) | (g->mt[(i + 1) % 312] & lower);
      unsigned long long xa = x >> 1;
      if (x & 1) {
        xa ^= 0xB5026F5AA96619E9ULL;
      }
      g->mt[i] = g->mt[(i + 156) % 312] ^ xa;
    }
    g->i = 0;
  }
  unsigned long long y = g->mt[g->i++];
  y ^= (y >> 29) & 0x5555555555555555ULL;
  y ^= (y << 17) & 0x71D67FFFEDA60000ULL;
  y ^= (y << 37) & 0xFFF7EEE000000000ULL;
  y ^= y >> 43;
  return y;
}

static double sn_uniform(sn_mt64* g) {
  return (double)sn_mt64_next(g) / 18446744073709551616.0;
}

// One square or rectangular image of a builtin texture. face: -1 for 2d, else 0..5.
// Pixel coordinates run from -1 to 1 between the centres of the first and last pixels (an
// image one pixel wide has none: 3.3.8 gives zero bytes for the gradient there).
static void sn_builtin_face(const sn_texture* t, int face, int w, int h, unsigned char* img,
                            sn_mt64* rng) {
  for (int r = 0; r < h; r++) {
    for (int c = 0; c < w; c++) {
      double rgb[3];
      switch (t->builtin) {
        case mjBUILTIN_CHECKER: {
          // 2 x 2 checker; front and back faces of cubes are inverted
          int odd = (r < h / 2) != (c < w / 2);
          if (face >= 4) {
            odd = !odd;
          }
          memcpy(rgb, odd ? t->rgb2 : t->rgb1, sizeof(rgb));
          break;
        }
        case mjBUILTIN_GRADIENT: {
          double x = w > 1 ? 2.0 * c / (w - 1) - 1 : NAN, y = h > 1 ? 2.0 * r / (h - 1) - 1 : NAN;
          double s;
          if (face < 0) {
            // radial: rgb1 at the centre, rgb2 from distance 1 on
            s = sn_gradient(sqrt(x * x + y * y));
          } else {
            // angle of the pixel direction from straight up, over pi: up face bright
            double d[3];
            switch (face) {
              case 0: d[0] = 1, d[1] = -y, d[2] = -x; break;
              case 1: d[0] = -1, d[1] = -y, d[2] = x; break;
              case 2: d[0] = x, d[1] = 1, d[2] = y; break;
              case 3: d[0] = x, d[1] = -1, d[2] = -y; break;
              case 4: d[0] = x, d[1] = -y, d[2] = 1; break;
              default: d[0] = -x, d[1] = -y, d[2] = -1; break;
            }
            double e = d[1] / sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            s = sn_gradient(acos(e) / mjPI);
          }
          sn_mix(rgb, t->rgb1, t->rgb2, s);
          break;
        }
        default:  // flat: rgb1, the down face of cubes rgb2
          memcpy(rgb, face == 3 ? t->rgb2 : t->rgb1, sizeof(rgb));
          break;
      }
      int mark = 0;
      switch (t->mark) {
        case mjMARK_EDGE: mark = r == 0 || c == 0 || r == h - 1 || c == w - 1; break;
        case mjMARK_CROSS: mark = r == h / 2 || c == w / 2; break;
        case mjMARK_RANDOM: mark = sn_uniform(rng) < t->random; break;
        default: break;
      }
      sn_put(img + 3 * (r * w + c), mark ? t->markrgb : rgb);
    }
  }
}

static void sn_builtin(const sn_texture* t, int w, int h, unsigned char* data) {
  sn_mt64 rng;
  sn_mt64_seed(&rng, 42);
  if (t->type == mjTEXTURE_2D) {
    sn_builtin_face(t, -1, w, h, data, &rng);
    return;
  }
  for (int f = 0; f < 6; f++) {
    sn_builtin_face(t, f, w, w, data + 3 * (size_t)w * (size_t)w * (size_t)f, &rng);
  }
}

//---------------------------------- files ---------------------------------------------------------

// Whether a PNG stream declares the sRGB colour space (an sRGB chunk before the data).
static int sn_png_is_srgb(const unsigned char* d, size_t n) {
  size_t i = 8;
  while (i + 8 <= n) {
    size_t len =
        ((size_t)d[i] << 24) | ((size_t)d[i + 1] << 16) | ((size_t)d[i + 2] << 8) | d[i + 3];
    const unsigned char* type = d + i + 4;
    if (!memcmp(type, "sRGB", 4)) {
      return 1;
    }
    if (!memcmp(type, "IDAT", 4)) {
      return 0;
    }
    i += 12 + len;
  }
  return 0;
}

// hflip mirrors each row of an image read from a file, vflip the order of the rows (as
// read, before a cube or skybox image is cut into faces).
static void sn_flip_image(unsigned char* img, int w, int h, int nc, int hflip, int vflip) {
  for (int y = 0; hflip && y < h; y++) {
    unsigned char* row = img + (size_t)y * w * nc;
    for (int a = 0, b = w - 1; a < b; a++, b--) {
      for (int k = 0; k < nc; k++) {
        unsigned char tmp = row[a * nc + k];
        row[a * nc + k] = row[b * nc + k];
        row[b * nc + k] = tmp;
      }
    }
  }
  size_t stride = (size_t)w * nc;
  for (int a = 0, b = h - 1; vflip && a < b; a++, b--) {
    unsigned char* ra = img + a * stride;
    unsigned char* rb = img + b * stride;
    for (size_t k = 0; k < stride; k++) {
      unsigned char tmp = ra[k];
      ra[k] = rb[k];
      rb[k] = tmp;
    }
  }
}

// Decode a PNG file into 8-bit RGB (or RGBA when nchannel is 4).
static int sn_load_png(sn_ctx* c, const sn_texture* t, const char* attr, const char* file,
                       int nchannel, unsigned char** img, int* w, int* h, int* srgb) {
  char path[1024];
  char* buf = NULL;
  size_t size = 0;
  if (!sn_asset_read(c, c->spec->compiler.texturedir, t->filedir, file, &t->loc, attr,
                     "texture", path, sizeof(path), &buf, &size)) {
    return 0;
  }
  *srgb = sn_png_is_srgb((const unsigned char*)buf, size);
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, buf, size)) {
    mju_free(buf);
    return sn_cerr_attr(c, &t->loc, attr, "could not decode PNG file '%s'", path);
  }
  // 3.3.8 drops a file's alpha channel as it is; libpng would composite the colours onto
  // black (a transparent white pixel of mug.png became black), so such a file is read
  // with its alpha, which is then left out
  int drop = nchannel != 4 && (image.format & PNG_FORMAT_FLAG_ALPHA);
  int nread = nchannel + drop;
  image.format = nread == 4 ? PNG_FORMAT_RGBA : nread == 2 ? PNG_FORMAT_GA
                 : nread == 1 ? PNG_FORMAT_GRAY : PNG_FORMAT_RGB;
  // the header's size is checked before anything that large is allocated
  long long bytes;
  if (!sn_texture_fits(image.width, image.height, nread, 1, &bytes)) {
    long long iw = image.width, ih = image.height;
    png_image_free(&image);
    mju_free(buf);
    return sn_cerr_attr(c, &t->loc, attr,
                        "PNG file '%s' too large: %lld x %lld pixels x %d channels exceeds "
                        "%lld bytes", path, iw, ih, nread, SN_MAX_TEXTURE_BYTES);
  }
  *w = (int)image.width;
  *h = (int)image.height;
  *img = (unsigned char*)sn_malloc_try((size_t)bytes);
  if (!*img) {
    png_image_free(&image);
    mju_free(buf);
    return sn_cerr_attr(c, &t->loc, attr, "could not allocate %lld bytes for PNG file '%s'",
                        bytes, path);
  }
  if (!png_image_finish_read(&image, NULL, *img, 0, NULL)) {
    mju_free(buf);
    mju_free(*img);
    *img = NULL;
    png_image_free(&image);
    return sn_cerr_attr(c, &t->loc, attr, "could not decode PNG file '%s'", path);
  }
  if (drop) {
    size_t n = (size_t)*w * (size_t)*h;
    for (size_t i = 0; i < n; i++) {
      for (int k = 0; k < nchannel; k++) {
        (*img)[nchannel * i + k] = (*img)[nread * i + k];
      }
    }
  }
  sn_flip_image(*img, *w, *h, nchannel, t->hflip, t->vflip);
  mju_free(buf);
  return 1;
}

//---------------------------------- steps ---------------------------------------------------------

// A cube face not given by the files: rgb1 (opaque).
static void sn_fill_face(const sn_texture* t, int w, unsigned char* face) {
  int nc = t->nchannel;
  for (int i = 0; i < w * w; i++) {
    for (int k = 0; k < nc; k++) {
      face[nc * i + k] = k < 3 ? sn_byte(t->rgb1[k]) : 255;
    }
  }
}

// Cube or skybox from one image cut into a gridsize[0] x gridsize[1] grid of square
// cells; gridlayout names the face of each cell (row-major; '.' unused, the last cell
// of a face wins, missing faces are rgb1). Faces are copied as they are in the image.
static int sn_cube_grid(sn_ctx* c, const sn_texture* t, unsigned char** img, int fw, int fh,
                        int* w, int* h) {
  int rows = t->gridsize[0], cols = t->gridsize[1], nc = t->nchannel;
  const char* layout = t->gridlayout ? t->gridlayout : "";
  if (rows <= 0 || cols <= 0 || rows * cols > 12) {
    return sn_cerr_attr(c, &t->loc, "gridsize", "gridsize must be positive with at most 12 cells");
  }
  if ((int)strlen(layout) != rows * cols) {
    return sn_cerr_attr(c, &t->loc, "gridlayout",
                        "gridlayout must have gridsize[0] x gridsize[1] characters");
  }
  if (fw % cols || fh % rows || fw / cols != fh / rows) {
    return sn_cerr_attr(c, &t->loc, "gridsize", "the image does not divide into square grid cells");
  }
  int s = fw / cols;
  long long bytes;
  if (!sn_texture_fits(s, s, nc, 6, &bytes)) {
    return sn_texture_too_large(c, t, "file", s, s, 6);
  }
  int cell[6] = {-1, -1, -1, -1, -1, -1};
  for (int i = 0; i < rows * cols; i++) {
    const char* f = strchr("RLUDFB", layout[i]);
    if (layout[i] == '.') {
      continue;
    }
    if (!f || !*f) {
      return sn_cerr_attr(c, &t->loc, "gridlayout",
                          "gridlayout may only contain the characters .RLUDFB");
    }
    cell[f - "RLUDFB"] = i;
  }
  unsigned char* out = (unsigned char*)sn_malloc_try((size_t)bytes);
  if (!out) {
    return sn_cerr_attr(c, &t->loc, "file", "could not allocate %lld bytes for texture '%s'",
                        bytes, t->name ? t->name : "");
  }
  for (int f = 0; f < 6; f++) {
    unsigned char* face = out + (size_t)f * (size_t)s * (size_t)s * (size_t)nc;
    if (cell[f] < 0) {
      sn_fill_face(t, s, face);
      continue;
    }
    int r0 = (cell[f] / cols) * s, c0 = (cell[f] % cols) * s;
    for (int r = 0; r < s; r++) {
      memcpy(face + (size_t)r * (size_t)s * (size_t)nc,
             *img + ((size_t)(r0 + r) * (size_t)fw + (size_t)c0) * (size_t)nc,
             (size_t)s * (size_t)nc);
    }
  }
  mju_free(*img);
  *img = out;
  *w = s;
  *h = 6 * s;
  return 1;
}

// Cube or skybox from up to six square files (right, left, up, down, front, back);
// missing faces are rgb1.
static int sn_cube_files(sn_ctx* c, const sn_texture* t, unsigned char** img, int* w, int* h,
                         int* srgb) {
  int nc = t->nchannel, s = -1;
  unsigned char* faces[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
  int ok = 1;
  for (int f = 0; f < 6 && ok; f++) {
    const char* file = t->cubefiles[f];
    if (!file || !file[0]) {
      continue;
    }
    int fw, fh, fs = 0;
    static const char* attrs[6] = {"fileright", "fileleft", "fileup",
                                   "filedown", "filefront", "fileback"};
    if (!sn_load_png(c, t, attrs[f], file, nc, &faces[f], &fw, &fh, &fs)) {
      ok = 0;
    } else if (fw != fh || (s >= 0 && fw != s)) {
      ok = sn_cerr(c, &t->loc, "cube texture faces must be square images of one size");
    } else {
      s = fw;
      *srgb |= fs;
    }
  }
  if (ok && s < 0) {
    ok = sn_cerr(c, &t->loc, "texture '%s' has neither a builtin nor a file", t->name);
  }
  long long bytes = 0;
  if (ok && !sn_texture_fits(s, s, nc, 6, &bytes)) {
    ok = sn_texture_too_large(c, t, "fileright", s, s, 6);
  }
  if (ok) {
    *img = (unsigned char*)sn_malloc_try((size_t)bytes);
    ok = *img ? 1 : sn_cerr(c, &t->loc, "could not allocate %lld bytes for texture '%s'", bytes,
                            t->name ? t->name : "");
  }
  if (ok) {
    size_t face = (size_t)s * (size_t)s * (size_t)nc;
    for (int f = 0; f < 6; f++) {
      if (faces[f]) {
        memcpy(*img + (size_t)f * face, faces[f], face);
      } else {
        sn_fill_face(t, s, *img + (size_t)f * face);
      }
    }
    *w = s;
    *h = 6 * s;
  }
  for (int f = 0; f < 6; f++) {
    mju_free(faces[f]);
  }
  return ok;
}

// Width and height of a texture as stored; files are decoded to find out. *img
// receives the pixels of file-based textures as stored (caller frees).
static int sn_texture_dims(sn_ctx* c, const sn_texture* t, int* w, int* h, unsigned char** img,
                           int* srgb) {
  *img = NULL;
  *srgb = 0;
  if (t->nchannel != 3 && !(t->builtin == mjBUILTIN_NONE && (t->nchannel == 4 ||
                                                              t->nchannel == 1))) {
    return sn_cerr_attr(c, &t->loc, "nchannel", "unsupported number of texture channels %d",
                        t->nchannel);
  }
  if (t->builtin != mjBUILTIN_NONE) {
    if (t->width <= 0 || (t->type == mjTEXTURE_2D && t->height <= 0)) {
      return sn_cerr_attr(c, &t->loc, "width",
                          "builtin texture '%s' needs a positive width and height", t->name);
    }
    long long bytes;
    int nface = t->type == mjTEXTURE_2D ? 1 : 6;
    long long bh = t->type == mjTEXTURE_2D ? t->height : t->width;
    if (!sn_texture_fits(t->width, bh, t->nchannel, nface, &bytes)) {
      return sn_texture_too_large(c, t, "width", t->width, bh, nface);
    }
    *w = t->width;
    *h = (int)(nface * bh);
    return 1;
  }
  if (!t->file || !t->file[0]) {
    if (t->type == mjTEXTURE_2D) {
      return sn_cerr(c, &t->loc, "texture '%s' has neither a builtin nor a file", t->name);
    }
    return sn_cube_files(c, t, img, w, h, srgb);
  }
  int fw, fh;
  if (!sn_load_png(c, t, "file", t->file, t->nchannel, img, &fw, &fh, srgb)) {
    return 0;
  }
  int ok = 1;
  if (t->type == mjTEXTURE_2D) {
    *w = fw;
    *h = fh;
  } else if (t->gridsize[0] == 1 && t->gridsize[1] == 1) {
    // the six identical faces are stored once
    ok = fw == fh ? 1 : sn_cerr_attr(c, &t->loc, "file", "cube texture image must be square");
    *w = fw;
    *h = fw;
  } else {
    ok = sn_cube_grid(c, t, img, fw, fh, w, h);
  }
  if (!ok) {
    mju_free(*img);
    *img = NULL;
  }
  return ok;
}

int sn_texture_count(sn_ctx* c, int* ntexdata, int* npaths) {
  sn_spec* s = c->spec;
  long long total = 0;
  *ntexdata = 0;
  *npaths = sn_asset_paths_offset(s, mjOBJ_TEXTURE);
  for (int i = 0; i < SN_COUNT(s, textures); i++) {
    const sn_texture* t = &SN_AT(s, textures, sn_texture, i);
    int w = 0, h = 0, srgb = 0;
    unsigned char* img;
    if (!sn_texture_dims(c, t, &w, &h, &img, &srgb)) {
      return 0;
    }
    mju_free(img);
    total += (long long)w * h * t->nchannel;
    if (total > SN_MAX_TEXTURE_BYTES) {
      return sn_cerr(c, &t->loc, "model too large: texture data exceeds %lld bytes",
                     SN_MAX_TEXTURE_BYTES);
    }
    *ntexdata = (int)total;
    if (t->builtin == mjBUILTIN_NONE && t->file && t->file[0]) {
      *npaths += (int)strlen(sn_asset_file(s, t->file)) + 1;
    }
  }
  if (!*npaths) {
    *npaths = 1;  // an empty string when no asset has a path
  }
  return 1;
}

int sn_compile_textures(sn_ctx* c) {
  mjModel* m = c->m;
  int adr = 0, pathadr = sn_asset_paths_offset(c->spec, mjOBJ_TEXTURE);
  m->paths[0] = 0;
  for (int id = 0; id < m->ntex; id++) {
    const sn_texture* t = &SN_AT(c->spec, textures, sn_texture, id);
    int w = 0, h = 0, srgb = 0;
    unsigned char* img;
    if (!sn_texture_dims(c, t, &w, &h, &img, &srgb)) {
      return 0;
    }
    m->tex_type[id] = t->type;
    m->tex_colorspace[id] = t->colorspace;
    if (t->colorspace == mjCOLORSPACE_AUTO && t->builtin == mjBUILTIN_NONE) {
      m->tex_colorspace[id] = srgb ? mjCOLORSPACE_SRGB : mjCOLORSPACE_LINEAR;
    }
    m->tex_width[id] = w;
    m->tex_height[id] = h;
    m->tex_nchannel[id] = t->nchannel;
    m->tex_adr[id] = adr;
    m->tex_pathadr[id] = -1;
    unsigned char* data = m->tex_data + adr;
    size_t face = (size_t)w * (size_t)h * (size_t)t->nchannel;
    if (t->builtin != mjBUILTIN_NONE) {
      sn_builtin(t, w, h, data);
    } else if (t->type == mjTEXTURE_2D) {
      memcpy(data, img, (size_t)w * (size_t)h * (size_t)t->nchannel);
    } else {
      memcpy(data, img, face);
    }
    mju_free(img);
    if (t->builtin == mjBUILTIN_NONE && t->file && t->file[0]) {
      const char* file = sn_asset_file(c->spec, t->file);
      size_t len = strlen(file) + 1;
      m->tex_pathadr[id] = pathadr;
      memcpy(m->paths + pathadr, file, len);
      pathadr += (int)len;
    }
    adr += w * h * t->nchannel;
  }
  return 1;
}
