// Builtin meshes (asset/mesh builtin="..." params="..."): the vertex and face lists the
// compiler generates in place of a mesh file. Shapes, parameter meanings and ranges
// follow the XML reference; vertex/face orders and the parametrisations were pinned
// down against 3.3.8's compiled meshes (test/user/testdata/makemesh.xml):
//   sphere      icosahedron, each level splitting every face in four at its edge
//               midpoints (pushed out to the unit sphere)
//   hemisphere  the upper half of an octahedron's face grid, normalised, plus a flat
//               fan to the origin
//   cone        vertices only (faces: their convex hull)
//   supersphere latitude rings between two poles, signed powers of cos/sin
//   supertorus  major x minor grid, signed powers of cos/sin
//   wedge       a grid of cell centres on a spherical patch (foveated by gamma),
//               vertices only, with a radial normal and two tangents per vertex
//   plate       cell centres of a flat grid at z = -1, triangulated, with the normals
//               x, y, z at every vertex (3.3.8 builds no hull for it)
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compiler/mesh.h"

// Growable output lists in double precision; converted to float at the end.
typedef struct {
  double* v;
  int nv, capv;
  int* f;
  int nf, capf;
  int fail;
} sn_gen;

static void sn_gen_vert(sn_gen* g, double x, double y, double z) {
  if (g->nv == g->capv) {
    int cap = g->capv ? 2 * g->capv : 64;
    double* p = (double*)mju_malloc(sizeof(double) * 3 * (size_t)cap);
    if (!p) {
      g->fail = 1;
      return;
    }
    if (g->nv) {
      memcpy(p, g->v, sizeof(double) * 3 * (size_t)g->nv);
    }
    mju_free(g->v);
    g->v = p;
    g->capv = cap;
  }
  g->v[3 * g->nv] = x;
  g->v[3 * g->nv + 1] = y;
  g->v[3 * g->nv + 2] = z;
  g->nv++;
}

static void sn_gen_face(sn_gen* g, int a, int b, int c) {
  if (g->nf == g->capf) {
    int cap = g->capf ? 2 * g->capf : 64;
    int* p = (int*)mju_malloc(sizeof(int) * 3 * (size_t)cap);
    if (!p) {
      g->fail = 1;
      return;
    }
    if (g->nf) {
      memcpy(p, g->f, sizeof(int) * 3 * (size_t)g->nf);
    }
    mju_free(g->f);
    g->f = p;
    g->capf = cap;
  }
  g->f[3 * g->nf] = a;
  g->f[3 * g->nf + 1] = b;
  g->f[3 * g->nf + 2] = c;
  g->nf++;
}

static void sn_gen_unit(sn_gen* g, double x, double y, double z) {
  double n = sqrt(x * x + y * y + z * z);
  sn_gen_vert(g, x / n, y / n, z / n);
}

//---------------------------------- sphere --------------------------------------------------------

// Index of the midpoint vertex of edge (a, b), created on first use; the cache maps
// an edge to its midpoint through a per-vertex list of (other end, midpoint).
typedef struct {
  int* head;   // per vertex: first entry, -1
  int* next;   // per entry
  int* other;
  int* mid;
  int n;
} sn_midcache;

static int sn_midpoint(sn_gen* g, sn_midcache* mc, int a, int b) {
  int lo = a < b ? a : b, hi = a < b ? b : a;
  for (int e = mc->head[lo]; e >= 0; e = mc->next[e]) {
    if (mc->other[e] == hi) {
      return mc->mid[e];
    }
  }
  const double* p = g->v + 3 * a;
  const double* q = g->v + 3 * b;
  // 3.3.8 forms the midpoints in single precision
  float x = ((float)p[0] + (float)q[0]) * 0.5f;
  float y = ((float)p[1] + (float)q[1]) * 0.5f;
  float z = ((float)p[2] + (float)q[2]) * 0.5f;
  float n = sqrtf(x * x + y * y + z * z);
  sn_gen_vert(g, x / n, y / n, z / n);
  int e = mc->n++;
  mc->other[e] = hi;
  mc->mid[e] = g->nv - 1;
  mc->next[e] = mc->head[lo];
  mc->head[lo] = e;
  return g->nv - 1;
}

static void sn_gen_sphere(sn_gen* g, int levels) {
  const double t = 0.5 * (1 + sqrt(5.0));
  const double ico[12][3] = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
                             {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
                             {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  const int icof[20][3] = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                           {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                           {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                           {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  for (int i = 0; i < 12; i++) {
    sn_gen_unit(g, ico[i][0], ico[i][1], ico[i][2]);
  }
  for (int i = 0; i < 20; i++) {
    sn_gen_face(g, icof[i][0], icof[i][1], icof[i][2]);
  }
  for (int l = 0; l < levels && !g->fail; l++) {
    int nf = g->nf;
    int* old = g->f;
    int nedge = 3 * nf / 2 + 1;
    int nvmax = g->nv + nedge;
    sn_midcache mc = {(int*)mju_malloc(sizeof(int) * (size_t)nvmax),
                      (int*)mju_malloc(sizeof(int) * (size_t)nedge),
                      (int*)mju_malloc(sizeof(int) * (size_t)nedge),
                      (int*)mju_malloc(sizeof(int) * (size_t)nedge), 0};
    g->f = NULL;
    g->nf = g->capf = 0;
    if (mc.head && mc.next && mc.other && mc.mid) {
      for (int i = 0; i < nvmax; i++) {
        mc.head[i] = -1;
      }
      for (int i = 0; i < nf && !g->fail; i++) {
        int a = old[3 * i], b = old[3 * i + 1], c = old[3 * i + 2];
        int ab = sn_midpoint(g, &mc, a, b);
        int bc = sn_midpoint(g, &mc, b, c);
        int ca = sn_midpoint(g, &mc, c, a);
        sn_gen_face(g, a, ab, ca);
        sn_gen_face(g, b, bc, ab);
        sn_gen_face(g, c, ca, bc);
        sn_gen_face(g, ab, bc, ca);
      }
    } else {
      g->fail = 1;
    }
    mju_free(old);
    mju_free(mc.head);
    mju_free(mc.next);
    mju_free(mc.other);
    mju_free(mc.mid);
  }
}

//---------------------------------- hemisphere ----------------------------------------------------

// Ring k (k = 0..n) holds the 4k grid points with |x| + |y| = k, z = n - k, starting
// at (k, 0) and going counter-clockwise; quadrant q of ring k owns points qk..qk+k.
static int sn_ring_index(int k, int q, int i) {
  if (k == 0) {
    return 0;
  }
  int start = 1 + 2 * k * (k - 1);  // 1 + sum of 4j for j < k
  return start + (q * k + i) % (4 * k);
}

static void sn_gen_hemisphere(sn_gen* g, int res) {
  int n = res + 1;
  sn_gen_unit(g, 0, 0, 1);
  for (int k = 1; k <= n; k++) {
    for (int q = 0; q < 4; q++) {
      for (int i = 0; i < k; i++) {
        // walk from the axis point of quadrant q towards the next one
        int a = k - i, b = i;  // coordinates along the quadrant's two axes
        double x, y;
        switch (q) {
          case 0: x = a; y = b; break;
          case 1: x = -b; y = a; break;
          case 2: x = -a; y = -b; break;
          default: x = b; y = -a; break;
        }
        sn_gen_unit(g, x, y, n - k);
      }
    }
  }
  sn_gen_vert(g, 0, 0, 0);
  int center = g->nv - 1;
  for (int k = 0; k < n; k++) {
    for (int q = 0; q < 4; q++) {
      for (int i = 0; i <= k; i++) {
        int in0 = sn_ring_index(k, q, i);
        sn_gen_face(g, in0, sn_ring_index(k + 1, q, i), sn_ring_index(k + 1, q, i + 1));
        if (i < k) {
          sn_gen_face(g, in0, sn_ring_index(k + 1, q, i + 1), sn_ring_index(k, q, i + 1));
        }
      }
    }
  }
  for (int i = 0; i < 4 * n; i++) {
    sn_gen_face(g, sn_ring_index(n, 0, i), center, sn_ring_index(n, 0, i + 1));
  }
}

//---------------------------------- other shapes --------------------------------------------------

static void sn_gen_cone(sn_gen* g, int nvert, double radius) {
  for (int i = 0; i < nvert; i++) {
    double a = 2 * mjPI * i / nvert;
    sn_gen_vert(g, cos(a), sin(a), -1);
  }
  if (radius > 0) {
    // one angle sequence over both rings: the top ring continues at 2 pi (3.3.8's
    // rounding of sin(2 pi k / n) decides its hull triangulation of the flat faces)
    for (int i = nvert; i < 2 * nvert; i++) {
      double a = 2 * mjPI * i / nvert;
      sn_gen_vert(g, radius * cos(a), radius * sin(a), 1);
    }
  } else {
    sn_gen_vert(g, 0, 0, 1);
  }
}

// sign(x) |x|^e
static double sn_spow(double x, double e) {
  return x < 0 ? -pow(-x, e) : pow(x, e);
}

static void sn_gen_supersphere(sn_gen* g, int res, double e, double n) {
  sn_gen_vert(g, 0, 0, -1);
  for (int j = 1; j < res; j++) {
    double v = -mjPI / 2 + mjPI * j / res;
    double cv = sn_spow(cos(v), n), sv = sn_spow(sin(v), n);
    for (int i = 0; i < res; i++) {
      double u = -mjPI + 2 * mjPI * i / res;
      sn_gen_vert(g, cv * sn_spow(cos(u), e), cv * sn_spow(sin(u), e), sv);
    }
  }
  sn_gen_vert(g, 0, 0, 1);
  int top = g->nv - 1;
  for (int i = 0; i < res; i++) {
    sn_gen_face(g, 0, 1 + (i + 1) % res, 1 + i);
  }
  for (int j = 0; j + 2 < res; j++) {
    int a = 1 + j * res, b = a + res;
    for (int i = 0; i < res; i++) {
      int i1 = (i + 1) % res;
      sn_gen_face(g, a + i, a + i1, b + i);
      sn_gen_face(g, a + i1, b + i1, b + i);
    }
  }
  int a = 1 + (res - 2) * res;
  for (int i = 0; i < res; i++) {
    sn_gen_face(g, a + i, a + (i + 1) % res, top);
  }
}

static void sn_gen_supertorus(sn_gen* g, int res, double radius, double s, double t) {
  for (int i = 0; i < res; i++) {
    double u = 2 * mjPI * i / res;
    double cu = sn_spow(cos(u), t), su = sn_spow(sin(u), t);
    for (int j = 0; j < res; j++) {
      double v = 2 * mjPI * j / res;
      double r = 1 + radius * sn_spow(cos(v), s);
      sn_gen_vert(g, r * cu, r * su, radius * sn_spow(sin(v), s));
    }
  }
  for (int i = 0; i < res; i++) {
    int a = i * res, b = ((i + 1) % res) * res;
    for (int j = 0; j < res; j++) {
      int j1 = (j + 1) % res;
      sn_gen_face(g, a + j, b + j, a + j1);
      sn_gen_face(g, b + j, b + j1, a + j1);
    }
  }
}

// Cell centre n of a foveated grid of res cells over [-1, 1]: the cell edges e mapped by
// (1 - gamma) e + gamma e^5 (denser cells in the middle), then averaged (identified on
// 3.3.8's wedges: the centres are linear in gamma and, at gamma = 1, the means of the
// edges' fifth powers). gamma = 0 keeps the plain centre's arithmetic.
static double sn_fovea(int n, int res, double gamma) {
  if (gamma == 0) {
    return 2 * (n + 0.5) / res - 1;
  }
  double e0 = 2.0 * n / res - 1, e1 = 2.0 * (n + 1) / res - 1;
  double f0 = (1 - gamma) * e0 + gamma * e0 * e0 * e0 * e0 * e0;
  double f1 = (1 - gamma) * e1 + gamma * e1 * e1 * e1 * e1 * e1;
  return 0.5 * (f0 + f1);
}

// Cell centres of an azimuth (phi, about +y, measured from -z towards +x) x elevation
// (theta) grid; per vertex three normals: radial, azimuth tangent, elevation tangent.
// The sin/cos assignment matters: at phi = 0 the x coordinate is exactly zero, which
// decides 3.3.8's hull triangulation of coplanar points.
static void sn_gen_wedge(sn_gen* g, double* nrm, int nphi, int ntheta, double fovphi,
                         double fovtheta, double gamma) {
  int k = 0;
  for (int i = 0; i < nphi; i++) {
    double phi = fovphi * sn_fovea(i, nphi, gamma) * mjPI / 180;
    for (int j = 0; j < ntheta; j++) {
      double th = fovtheta * sn_fovea(j, ntheta, gamma) * mjPI / 180;
      double cp = cos(phi), sp = sin(phi), ct = cos(th), st = sin(th);
      sn_gen_vert(g, ct * sp, st, -ct * cp);
      double n[9] = {ct * sp, st, -ct * cp, cp, 0, sp, -st * sp, ct, st * cp};
      memcpy(nrm + 9 * k, n, sizeof(n));
      k++;
    }
  }
}

// Cell centres of an nx x ny grid over [-1, 1]^2 at z = -1 (x outer, y inner), two
// triangles per square of neighbouring centres, and per vertex the normals x, y, z.
static void sn_gen_plate(sn_gen* g, double* nrm, int nx, int ny) {
  for (int i = 0; i < nx; i++) {
    for (int j = 0; j < ny; j++) {
      sn_gen_vert(g, 2 * (i + 0.5) / nx - 1, 2 * (j + 0.5) / ny - 1, -1);
      double n[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
      memcpy(nrm + 9 * (i * ny + j), n, sizeof(n));
    }
  }
  for (int i = 0; i + 1 < nx; i++) {
    for (int j = 0; j + 1 < ny; j++) {
      int a = i * ny + j;
      sn_gen_face(g, a, a + ny, a + 1);
      sn_gen_face(g, a + ny + 1, a + 1, a + ny);
    }
  }
}

//---------------------------------- entry ---------------------------------------------------------

static int sn_is_int(double x) {
  return x == floor(x);
}

int sn_mesh_builtin(const char* kind, const double* p, int np, sn_meshfile* mf,
                    double** vdouble, int* normal_stride, char* err, int errsz) {
  memset(mf, 0, sizeof(*mf));
  *vdouble = NULL;
  *normal_stride = 1;
  sn_gen g = {0};
  double* nrm = NULL;
  int need = 0;
  const char* msg = NULL;
  if (!strcmp(kind, "sphere")) {
    need = 1;
  } else if (!strcmp(kind, "hemisphere")) {
    need = 1;
  } else if (!strcmp(kind, "cone")) {
    need = 2;
  } else if (!strcmp(kind, "supersphere")) {
    need = 3;
  } else if (!strcmp(kind, "supertorus")) {
    need = 4;
  } else if (!strcmp(kind, "wedge")) {
    need = 5;
  } else if (!strcmp(kind, "plate")) {
    need = 2;
  } else {
    snprintf(err, (size_t)errsz, "invalid builtin mesh type '%s'", kind);
    return 0;
  }
  if (np < need) {
    snprintf(err, (size_t)errsz, "builtin mesh '%s' needs %d parameters, %d given", kind, need,
             np);
    return 0;
  }
  if (!strcmp(kind, "sphere")) {
    // 3.3.8 truncates a fractional subdivision count
    if (p[0] < 0) {
      msg = "sphere subdivision must be non-negative";
    } else if (p[0] >= 5) {
      msg = "sphere subdivision cannot be greater than 4";
    } else {
      sn_gen_sphere(&g, (int)p[0]);
    }
  } else if (!strcmp(kind, "hemisphere")) {
    if (p[0] < 0 || p[0] >= 11) {
      msg = "hemisphere resolution must be in [0, 10]";
    } else {
      sn_gen_hemisphere(&g, (int)p[0]);
    }
  } else if (!strcmp(kind, "cone")) {
    if (p[0] < 3 || p[0] > 100000 || !sn_is_int(p[0])) {
      msg = "cone nvert must be an integer >= 3";
    } else if (!(p[1] >= 0 && p[1] <= 1)) {
      msg = "cone radius must be in [0, 1]";
    } else {
      sn_gen_cone(&g, (int)p[0], p[1]);
    }
  } else if (!strcmp(kind, "supersphere")) {
    if (p[0] < 3 || p[0] > 10000 || !sn_is_int(p[0])) {
      msg = "supersphere resolution must be an integer >= 3";
    } else if (!(p[1] >= 0) || !(p[2] >= 0)) {
      msg = "supersphere exponents must be non-negative";
    } else {
      sn_gen_supersphere(&g, (int)p[0], p[1], p[2]);
    }
  } else if (!strcmp(kind, "supertorus")) {
    if (p[0] < 3 || p[0] > 10000 || !sn_is_int(p[0])) {
      msg = "supertorus resolution must be an integer >= 3";
    } else if (!(p[1] > 0 && p[1] <= 1)) {
      msg = "supertorus radius must be in (0, 1]";
    } else if (!(p[2] > 0) || !(p[3] > 0)) {
      msg = "supertorus exponents must be positive";
    } else {
      sn_gen_supertorus(&g, (int)p[0], p[1], p[2], p[3]);
    }
  } else if (!strcmp(kind, "wedge")) {
    if (p[0] < 1 || p[1] < 1 || p[0] * p[1] > 1e7 || !sn_is_int(p[0]) || !sn_is_int(p[1])) {
      msg = "wedge resolutions must be positive integers";
    } else if (!(p[2] > 0 && p[2] <= 180) || !(p[3] > 0 && p[3] <= 90)) {
      msg = "wedge fields of view must be in (0, 180] and (0, 90]";
    } else if (!(p[4] >= 0 && p[4] <= 1)) {
      msg = "wedge gamma must be in [0, 1]";
    } else {
      int n = (int)p[0] * (int)p[1];
      nrm = (double*)mju_malloc(sizeof(double) * 9 * (size_t)n);
      if (!nrm) {
        g.fail = 1;
      } else {
        sn_gen_wedge(&g, nrm, (int)p[0], (int)p[1], p[2], p[3], p[4]);
        *normal_stride = 3;
      }
    }
  } else {
    if (p[0] < 1 || p[1] < 1 || p[0] * p[1] > 1e7 || !sn_is_int(p[0]) || !sn_is_int(p[1])) {
      msg = "plate resolutions must be positive integers";
    } else {
      int n = (int)p[0] * (int)p[1];
      nrm = (double*)mju_malloc(sizeof(double) * 9 * (size_t)n);
      if (!nrm) {
        g.fail = 1;
      } else {
        sn_gen_plate(&g, nrm, (int)p[0], (int)p[1]);
        *normal_stride = 3;
      }
    }
  }
  if (!msg && g.fail) {
    msg = "out of memory";
  }
  if (!msg) {
    mf->nvert = g.nv;
    mf->vert = (float*)mju_malloc(sizeof(float) * 3 * (size_t)(g.nv ? g.nv : 1));
    mf->nface = g.nf;
    mf->face = g.nf ? g.f : NULL;
    g.f = g.nf ? NULL : g.f;
    if (!mf->vert) {
      msg = "out of memory";
    } else {
      for (int i = 0; i < 3 * g.nv; i++) {
        mf->vert[i] = (float)g.v[i];
      }
    }
    if (!msg && nrm) {
      mf->nnormal = 3 * g.nv;
      mf->normal = (float*)mju_malloc(sizeof(float) * 9 * (size_t)g.nv);
      if (!mf->normal) {
        msg = "out of memory";
      } else {
        for (int i = 0; i < 9 * g.nv; i++) {
          mf->normal[i] = (float)nrm[i];
        }
      }
    }
  }
  if (!msg) {
    *vdouble = g.v;
    g.v = NULL;
  }
  mju_free(g.v);
  mju_free(g.f);
  mju_free(nrm);
  if (msg) {
    sn_meshfile_free(mf);
    snprintf(err, (size_t)errsz, "%s", msg);
    return 0;
  }
  return 1;
}
