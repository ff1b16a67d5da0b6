// dump_model: every compiled mjModel field of Sinew as one JSON object, with the
// names tools/dump_model.mjs uses for MuJoCo 3.3.8: size fields, every array of
// src/model/fields.h flattened row by row, and "opt.*" / "stat.*" members.
// compare_model.mjs diffs the two.
//
//   dump_model MODEL.xml > sinew.json      (exit 1 with {"error": ...} if it fails)
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "model/fields.h"

// The size fields of mjModel, in header order.
#define DUMP_SIZES(X)                                                                        \
  X(nq) X(nv) X(nu) X(na) X(nbody) X(nbvh) X(nbvhstatic) X(nbvhdynamic) X(noct) X(njnt)     \
  X(ntree) X(nM) X(nB) X(nC) X(nD) X(ngeom) X(nsite) X(ncam) X(nlight) X(nflex)             \
  X(nflexnode) X(nflexvert) X(nflexedge) X(nflexelem) X(nflexelemdata) X(nflexelemedge)     \
  X(nflexshelldata) X(nflexevpair) X(nflextexcoord) X(nmesh) X(nmeshvert) X(nmeshnormal)    \
  X(nmeshtexcoord) X(nmeshface) X(nmeshgraph) X(nmeshpoly) X(nmeshpolyvert)                 \
  X(nmeshpolymap) X(nskin) X(nskinvert) X(nskintexvert) X(nskinface) X(nskinbone)           \
  X(nskinbonevert) X(nhfield) X(nhfielddata) X(ntex) X(ntexdata) X(nmat) X(npair)           \
  X(nexclude) X(neq) X(ntendon) X(nwrap) X(nsensor) X(nnumeric) X(nnumericdata) X(ntext)    \
  X(ntextdata) X(ntuple) X(ntupledata) X(nkey) X(nmocap) X(nplugin) X(npluginattr)          \
  X(nuser_body) X(nuser_jnt) X(nuser_geom) X(nuser_site) X(nuser_cam) X(nuser_tendon)       \
  X(nuser_actuator) X(nuser_sensor) X(nnames) X(npaths) X(nnames_map) X(nJmom) X(ngravcomp) \
  X(nemax) X(njmax) X(nconmax) X(nuserdata) X(nsensordata) X(npluginstate) X(narena)

static void num(FILE* f, double v) {
  if (v != v) {
    fprintf(f, "null");
  } else if (v > DBL_MAX || v < -DBL_MAX) {
    fprintf(f, v > 0 ? "1e999" : "-1e999");  // JSON.parse reads these as +-Infinity
  } else {
    fprintf(f, "%.17g", v);
  }
}

#define DUMP_VALUE(x) \
  _Generic((x), float: num(f, (double)(x)), double: num(f, (double)(x)), \
           default: fprintf(f, "%lld", (long long)(x)))

static void vec(FILE* f, const char* name, const double* v, int n) {
  fprintf(f, ", \"%s\": [", name);
  for (int i = 0; i < n; i++) {
    if (i) {
      fprintf(f, ",");
    }
    num(f, v[i]);
  }
  fprintf(f, "]");
}

// Arrays longer than this (a 2048x2048 texture set: 239 million bytes) are printed as a
// digest, as tools/dump_model.mjs does: the JSON of their values would not fit in a
// JavaScript string.
#define DIGEST_OVER (1LL << 24)

// One FNV-1a step over the two 32-bit halves of a value's double bit pattern (the same
// digest tools/dump_model.mjs computes).
static uint32_t digest_step(uint32_t h, double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  h = (h ^ (uint32_t)bits) * 16777619u;
  return (h ^ (uint32_t)(bits >> 32)) * 16777619u;
}

static void dump(const mjModel* m, FILE* f) {
  fprintf(f, "{\"nbuffer\": %lld", (long long)m->nbuffer);
#define X(n) fprintf(f, ", \"%s\": %lld", #n, (long long)m->n);
  DUMP_SIZES(X)
#undef X
#define X(type, name, nr, nc)                                  \
  {                                                            \
    long long cnt = (long long)(nr) * (long long)(nc);         \
    if (cnt > DIGEST_OVER) {                                   \
      uint32_t h = 2166136261u;                                \
      for (long long i = 0; i < cnt; i++) {                    \
        h = digest_step(h, (double)m->name[i]);                \
      }                                                        \
      fprintf(f, ", \"%s\": \"digest:%lld:%08x\"", #name, cnt, \
              (unsigned)h);                                    \
    } else {                                                   \
      fprintf(f, ", \"%s\": [", #name);                        \
      for (long long i = 0; i < cnt; i++) {                    \
        if (i) {                                               \
          fprintf(f, ",");                                     \
        }                                                      \
        DUMP_VALUE(m->name[i]);                                \
      }                                                        \
      fprintf(f, "]");                                         \
    }                                                          \
  }
  SN_MODEL_ARRAYS(X)
#undef X
  const mjOption* o = &m->opt;
#define R(n) fprintf(f, ", \"opt." #n "\": "), num(f, o->n);
#define I(n) fprintf(f, ", \"opt." #n "\": %d", o->n);
  R(timestep) R(impratio) R(tolerance) R(ls_tolerance) R(noslip_tolerance) R(ccd_tolerance)
  R(density) R(viscosity) R(o_margin)
  I(integrator) I(cone) I(jacobian) I(solver) I(iterations) I(ls_iterations)
  I(noslip_iterations) I(ccd_iterations) I(disableflags) I(enableflags) I(disableactuator)
  I(sdf_initpoints) I(sdf_iterations)
#undef R
#undef I
  vec(f, "opt.gravity", o->gravity, 3);
  vec(f, "opt.wind", o->wind, 3);
  vec(f, "opt.magnetic", o->magnetic, 3);
  vec(f, "opt.o_solref", o->o_solref, mjNREF);
  vec(f, "opt.o_solimp", o->o_solimp, mjNIMP);
  vec(f, "opt.o_friction", o->o_friction, 5);
  const mjStatistic* s = &m->stat;
  fprintf(f, ", \"stat.meaninertia\": ");
  num(f, s->meaninertia);
  fprintf(f, ", \"stat.meanmass\": ");
  num(f, s->meanmass);
  fprintf(f, ", \"stat.meansize\": ");
  num(f, s->meansize);
  fprintf(f, ", \"stat.extent\": ");
  num(f, s->extent);
  vec(f, "stat.center", s->center, 3);
  fprintf(f, "}\n");
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: dump_model MODEL.xml\n");
    return 2;
  }
  char err[1024] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    printf("{\"error\": \"");
    for (const char* c = err; *c; c++) {
      if (*c == '"' || *c == '\\') {
        printf("\\%c", *c);
      } else if ((unsigned char)*c < 0x20) {
        printf(" ");
      } else {
        putchar(*c);
      }
    }
    printf("\"}\n");
    return 1;
  }
  dump(m, stdout);
  mj_deleteModel(m);
  return 0;
}
