// Textures: procedural (builtin) textures and PNG files, laid out as in mjModel:
// 2d textures are width x height; cube and skybox textures are six square faces
// (right, left, up, down, front, back) stacked vertically, width x 6 width.
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"
#include "io/vfs.h"

//---------------------------------- procedural ----------------------------------------------------

static unsigned char sn_byte(double v) {
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

// Smooth transition from 1 at r = 0 to 0 at r = 1 through 0.5 at r = 0.5.
// NOTE: an approximation; MuJoCo's exact gradient curve is not reproduced yet.
static double sn_sigmoid(double r) {
  const double k = 4.6;
  double l0 = 1 / (1 + exp(-0.5 * k)), l1 = 1 / (1 + exp(0.5 * k));
  double l = 1 / (1 + exp(k * (r - 0.5)));
  return (l - l1) / (l0 - l1);
}

// One square or rectangular image of a builtin texture. face: -1 for 2d, else 0..5.
static void sn_builtin_face(const sn_texture* t, int face, int w, int h, unsigned char* img) {
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
          double x = 2 * (c + 0.5) / w - 1, y = 2 * (r + 0.5) / h - 1;
          double s;
          if (face < 0) {
            s = sn_sigmoid(sqrt(x * x + y * y) / sqrt(2.0) * 1.0);
          } else {
            // elevation of the pixel direction: up face bright, down face dark
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
            s = sn_sigmoid(0.5 - 0.5 * e);
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
        case mjMARK_RANDOM: mark = (double)rand() / RAND_MAX < t->random; break;
        default: break;
      }
      sn_put(img + 3 * (r * w + c), mark ? t->markrgb : rgb);
    }
  }
}

static void sn_builtin(const sn_texture* t, int w, int h, unsigned char* data) {
  if (t->type == mjTEXTURE_2D) {
    sn_builtin_face(t, -1, w, h, data);
    return;
  }
  for (int f = 0; f < 6; f++) {
    sn_builtin_face(t, f, w, w, data + 3 * (size_t)w * (size_t)w * (size_t)f);
  }
}

//---------------------------------- files ---------------------------------------------------------

// Full path of an asset file: texturedir (or assetdir) unless the name is absolute,
// relative to the model's directory.
static void sn_texture_path(sn_ctx* c, const char* file, char* out, size_t n) {
  const sn_compiler* cc = &c->spec->compiler;
  const char* dir = cc->texturedir && cc->texturedir[0] ? cc->texturedir
                    : cc->assetdir && cc->assetdir[0] ? cc->assetdir
                                                      : "";
  if (cc->strippath) {
    const char* slash = strrchr(file, '/');
    file = slash ? slash + 1 : file;
  }
  const char* mdir = c->spec->modeldir ? c->spec->modeldir : "";
  if (file[0] == '/') {
    snprintf(out, n, "%s", file);
  } else if (dir[0] == '/') {
    snprintf(out, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", file);
  } else {
    snprintf(out, n, "%s%s%s%s%s", mdir, mdir[0] && mdir[strlen(mdir) - 1] != '/' ? "/" : "",
             dir, dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "", file);
  }
}

// Whether a PNG stream declares the sRGB colour space (an sRGB chunk before the data).
static int sn_png_is_srgb(const unsigned char* d, size_t n) {
  size_t i = 8;
  while (i + 8 <= n) {
    size_t len = ((size_t)d[i] << 24) | ((size_t)d[i + 1] << 16) | ((size_t)d[i + 2] << 8) | d[i + 3];
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

// Decode a PNG file into 8-bit RGB (or RGBA when nchannel is 4).
static int sn_load_png(sn_ctx* c, const sn_texture* t, int nchannel, unsigned char** img,
                       int* w, int* h, int* srgb) {
  char path[1024];
  sn_texture_path(c, t->file, path, sizeof(path));
  char* buf = NULL;
  size_t size = 0;
  if (sn_vfs_read(c->vfs, path, &buf, &size) != 0) {
    return sn_cerr(c, &t->loc, "could not open texture file '%s'", path);
  }
  *srgb = sn_png_is_srgb((const unsigned char*)buf, size);
  png_image image;
  memset(&image, 0, sizeof(image));
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, buf, size)) {
    mju_free(buf);
    return sn_cerr(c, &t->loc, "could not decode PNG file '%s'", path);
  }
  image.format = nchannel == 4 ? PNG_FORMAT_RGBA : nchannel == 1 ? PNG_FORMAT_GRAY
                                                                 : PNG_FORMAT_RGB;
  *w = (int)image.width;
  *h = (int)image.height;
  *img = (unsigned char*)mju_malloc(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, NULL, *img, 0, NULL)) {
    mju_free(buf);
    mju_free(*img);
    *img = NULL;
    png_image_free(&image);
    return sn_cerr(c, &t->loc, "could not decode PNG file '%s'", path);
  }
  mju_free(buf);
  return 1;
}

//---------------------------------- steps ---------------------------------------------------------

// Width and height of a texture as stored; files are decoded to find out.
static int sn_texture_dims(sn_ctx* c, const sn_texture* t, int* w, int* h, unsigned char** img,
                           int* srgb) {
  *img = NULL;
  *srgb = 0;
  if (t->builtin != mjBUILTIN_NONE) {
    if (t->width <= 0 || (t->type == mjTEXTURE_2D && t->height <= 0)) {
      return sn_cerr(c, &t->loc, "builtin texture '%s' needs a positive width and height",
                     t->name);
    }
    *w = t->width;
    *h = t->type == mjTEXTURE_2D ? t->height : 6 * t->width;
    return 1;
  }
  if (!t->file || !t->file[0]) {
    return sn_cerr(c, &t->loc, "texture '%s' has neither a builtin nor a file (cube faces "
                   "from separate files are not supported yet)", t->name);
  }
  int fw, fh;
  if (!sn_load_png(c, t, t->nchannel, img, &fw, &fh, srgb)) {
    return 0;
  }
  if (t->type == mjTEXTURE_2D) {
    *w = fw;
    *h = fh;
  } else if (t->gridsize[0] == 1 && t->gridsize[1] == 1) {
    if (fw != fh) {
      mju_free(*img);
      *img = NULL;
      return sn_cerr(c, &t->loc, "cube texture image must be square");
    }
    // the six identical faces are stored once
    *w = fw;
    *h = fw;
  } else {
    mju_free(*img);
    *img = NULL;
    return sn_cerr(c, &t->loc, "grid layouts of cube textures are not supported yet");
  }
  return 1;
}

int sn_texture_count(sn_ctx* c, int* ntexdata, int* npaths) {
  sn_spec* s = c->spec;
  *ntexdata = 0;
  *npaths = 0;
  for (int i = 0; i < SN_COUNT(s, textures); i++) {
    const sn_texture* t = &SN_AT(s, textures, sn_texture, i);
    int w = 0, h = 0, srgb = 0;
    unsigned char* img;
    if (!sn_texture_dims(c, t, &w, &h, &img, &srgb)) {
      return 0;
    }
    mju_free(img);
    *ntexdata += w * h * t->nchannel;
    if (t->builtin == mjBUILTIN_NONE && t->file && t->file[0]) {
      *npaths += (int)strlen(t->file) + 1;
    }
  }
  if (!*npaths) {
    *npaths = 1;  // an empty string when no asset has a path
  }
  return 1;
}

int sn_compile_textures(sn_ctx* c) {
  mjModel* m = c->m;
  int adr = 0, pathadr = 0;
  m->paths[0] = 0;
  for (int id = 0; id < m->ntex; id++) {
    const sn_texture* t = &SN_AT(c->spec, textures, sn_texture, id);
    int w = 0, h = 0, srgb = 0;
    unsigned char* img;
    if (t->nchannel != 3 && !(t->builtin == mjBUILTIN_NONE && (t->nchannel == 4 ||
                                                                t->nchannel == 1))) {
      return sn_cerr(c, &t->loc, "unsupported number of texture channels %d", t->nchannel);
    }
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
      size_t len = strlen(t->file) + 1;
      m->tex_pathadr[id] = pathadr;
      memcpy(m->paths + pathadr, t->file, len);
      pathadr += (int)len;
    }
    adr += w * h * t->nchannel;
  }
  return 1;
}
