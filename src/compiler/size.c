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

// Arena heuristic. MuJoCo allocates enough for 100 contacts and 500 scalar constraints
// under worst-case conditions (modeling.rst, "Memory allocation"); equality constraints
// add to it. The polynomial in njmax (n), nv (v) and the number of equality constraints
// (e, whatever their type) was identified from the MiB steps of MuJoCo 3.3.8's narena
// as e, n and v vary one at a time (chains of up to 150 dofs, njmax 0..1000, up to 1200
// constraints): every observed step lies where this polynomial crosses a MiB. The
// coefficients are not derived.
static mjtSize sn_default_arena(int nv, int njmax, int neq, int ntendon, int nwrap) {
  double n = njmax, v = nv, e = neq;
  double base = 52 * n * n + 104 * n * v + 40 * v * v + 146 * n + 826 * v + 55486;
  double eq = 40 * e * e + 80 * e * (n + v) + 162 * e;
  // tendons: about 161 bytes per tendon and per path element, fitted to the MiB steps
  // of 5-dof chains with 300 to 740 fixed or spatial tendons of 1 to 4 elements (exact
  // there; with 3, 10 or 20 dofs the steps come within 0.1% of the tendon count, so
  // the true term likely also involves nv)
  double ten = 161.3 * ((double)ntendon + nwrap);
  return sn_round_mib(base + eq + ten);
}

void sn_compile_sizes_misc(sn_ctx* c, mjModel* z) {
  const sn_size* s = &c->spec->size;
  z->njmax = s->njmax;
  z->nconmax = s->nconmax;
  z->nuserdata = s->nuserdata;
  z->npluginstate = 0;
  z->nJmom = 0;  // set by the actuator step
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
    // the stack plus room for the constraint solver (about 3 MiB, fitted)
    z->narena = sn_round_mib(8.0 * s->nstack + 3137728 + 6000.0 * z->nv);
  } else {
    z->narena = sn_default_arena(z->nv, s->njmax >= 0 ? s->njmax : 500, z->neq, z->ntendon,
                                 z->nwrap);
    // Known difference: 3.3.8 loads njmax="2147483647" with a 1 MiB arena (its estimate
    // wraps around); an estimate beyond the allocation limit is an error here.
    if ((size_t)z->narena > SN_MAX_MODEL_BYTES) {
      sn_cerr_attr(c, s->njmax >= 0 && s->loc.file ? &s->loc : NULL,
                   s->njmax >= 0 ? "njmax" : NULL,
                   "model too large: the estimated arena exceeds %zu bytes (njmax %d, nv %d)",
                   (size_t)SN_MAX_MODEL_BYTES, s->njmax, z->nv);
      return;
    }
  }
}
