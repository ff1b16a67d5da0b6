// Sizes that do not come from element counts: arena memory and legacy limits.
#include <math.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

#define SN_MIB 1048576.0

// Round a byte count up to whole mebibytes, as MuJoCo reports its arena sizes. Estimates
// beyond what the compiler would allocate are capped (the caller reports them).
static mjtSize sn_round_mib(double bytes) {
  if (!(bytes <= (double)SN_MAX_MODEL_BYTES)) {
    bytes = (double)SN_MAX_MODEL_BYTES + SN_MIB;
  }
  return (mjtSize)(ceil(bytes / SN_MIB) * SN_MIB);
}

// Arena heuristic. MuJoCo sizes the arena for 100 contacts and 500 scalar constraints
// under worst-case conditions (modeling.rst, "Memory allocation"); the legacy njmax and
// nconmax attributes replace those two counts. Identified from the MiB steps of
// 3.3.8's narena, read to 32 bytes by moving each model across a step with nconmax
// (576 bytes a contact) and sites (160 bytes each), on flat sets of slide, hinge, ball
// and free bodies (njmax 0..2000, nv up to 300, up to 100 equality constraints of
// every type) and with one kind of element added at a time. Every measurement is
// reproduced exactly by two parts:
// - constraint arrays, one mjContact per contact plus, per scalar constraint, rows of
//   nv and njmax entries (12 n^2 + 24 n v + 144 n + 12 v bytes); this part alone is
//   what a legacy nstack adds its 8 * nstack bytes to;
// - a worst-case stack estimate: 40 bytes (five doubles) per entry of a square matrix
//   over njmax + nv + neq, and 160 bytes (twenty doubles) per dof, equality, body,
//   joint, qpos, geom, site, actuator, activation, tendon and tendon path element
//   (sensors, cameras, lights and frames add nothing), but never less than 1000
//   doubles.
// Flexes add only through the bodies, joints and equalities they create (grids of 9 to
// 27 vertices, dim 2 and 3: no term in vertices, edges or elements).

// Bytes of the contact and constraint arrays (the first part above).
static double sn_arena_constraints(const mjModel* z, double njmax, double nconmax) {
  double n = njmax, v = z->nv;
  return 576 * nconmax + 12 * n * n + 24 * n * v + 144 * n + 12 * v;
}

// Bytes of the worst-case stack estimate (the second part above).
static double sn_arena_stack(const mjModel* z, double njmax) {
  double m = njmax + z->nv + z->neq;
  double elements = (double)z->nv + z->neq + z->nbody + z->njnt + z->nq + z->ngeom + z->nsite +
                    z->nu + z->na + z->ntendon + z->nwrap;
  double bytes = 40 * m * m + 160 * elements;
  return bytes > 8000 ? bytes : 8000;
}

void sn_compile_sizes_misc(sn_ctx* c, mjModel* z) {
  const sn_size* s = &c->spec->size;
  z->njmax = s->njmax;
  z->nconmax = s->nconmax;
  z->nuserdata = s->nuserdata;
  z->npluginstate = 0;
  z->nJmom = 0;  // set by the actuator step
  double njmax = s->njmax >= 0 ? s->njmax : 500, nconmax = s->nconmax >= 0 ? s->nconmax : 100;
  if (s->memory >= 0) {
    if (s->njmax >= 0 || s->nstack >= 0) {
      sn_cerr_attr(c, s->loc.file ? &s->loc : NULL, "memory",
                   "either 'memory' or the legacy 'njmax'/'nstack' may be set, not both");
      return;
    }
    z->narena = (mjtSize)s->memory;
  } else if (s->nstack >= 0) {
    if ((size_t)s->nstack > SN_MAX_MODEL_BYTES / 8) {
      sn_cerr_attr(c, s->loc.file ? &s->loc : NULL, "nstack",
                   "model too large: a stack of %d values exceeds %zu bytes", s->nstack,
                   (size_t)SN_MAX_MODEL_BYTES);
      return;
    }
    z->narena = sn_round_mib(8.0 * s->nstack + sn_arena_constraints(z, njmax, nconmax));
  } else {
    z->narena = sn_round_mib(sn_arena_constraints(z, njmax, nconmax) + sn_arena_stack(z, njmax));
    // Known difference: 3.3.8 loads njmax="2147483647" with a 1 MiB arena and
    // nconmax="2147483647" with its default one (its estimate wraps around); an
    // estimate beyond the allocation limit is an error here.
    if ((size_t)z->narena > SN_MAX_MODEL_BYTES) {
      const char* attr = s->njmax >= 0 ? "njmax" : s->nconmax >= 0 ? "nconmax" : NULL;
      sn_cerr_attr(c, attr && s->loc.file ? &s->loc : NULL, attr,
                   "model too large: the estimated arena exceeds %zu bytes (njmax %d, "
                   "nconmax %d, nv %d)",
                   (size_t)SN_MAX_MODEL_BYTES, s->njmax, s->nconmax, z->nv);
      return;
    }
  }
}
