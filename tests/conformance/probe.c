// probe: load an MJCF model, put it in a reproducible perturbed state, run
// mj_forward, print compiled-model fields, forward outputs and a short
// trajectory as one line of JSON.
//
// The perturbation is a contract shared with probe.mjs (the MuJoCo 3.3.8
// WebAssembly twin) and with the project's shared probe tool: same generator
// (mulberry32), same draw order, same arithmetic, so both sides start from
// bit-identical states and any difference in the output is the engine's.
//
// usage: probe MODEL.xml [--seed N] [--steps K] [--key] [OPTION OVERRIDES]
// overrides, applied to m->opt right after loading (the same on both sides):
//   --solver pgs|cg|newton  --cone pyramidal|elliptic  --jacobian dense|sparse|auto
//   --iterations N  --tolerance T  --noslip N  --disable FLAG[,FLAG...] (repeatable;
//   FLAG is an mjtDisableBit name without mjDSBL_, any case: island, warmstart, ...)
// --advance N: after the perturbation, take N steps before printing (then mj_forward at
//   that state), to look at the contacts and rows where a trajectory starts to differ
// Exit status: 0 ok, 1 load failed (JSON {"error":..., "message":...}), 2 usage.
// Uses only the public MuJoCo API.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

//---------------------------------- reproducible perturbation -------------------------------------

typedef struct {
  uint32_t state;
} Rng;

// mulberry32: uniform in [0, 1). Every step is exact uint32 arithmetic, so the
// JavaScript twin (Math.imul, >>> 0) yields the same sequence bit for bit.
static double rng_uniform(Rng* r) {
  r->state += 0x6D2B79F5u;
  uint32_t t = (r->state ^ (r->state >> 15)) * (1u | r->state);
  t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
  return (double)(t ^ (t >> 14)) / 4294967296.0;
}

// uniform in [-1, 1)
static double rng_symmetric(Rng* r) {
  return 2 * rng_uniform(r) - 1;
}

// add 0.1*noise to the 4 quaternion entries at q and renormalise
static void perturb_quat(Rng* r, mjtNum* q) {
  double s = 0;
  for (int k = 0; k < 4; k++) {
    q[k] += 0.1 * rng_symmetric(r);
    s += q[k] * q[k];
  }
  s = sqrt(s);
  for (int k = 0; k < 4; k++) {
    q[k] /= s;
  }
}

// draw order: joints in order (free: 3 position then 4 quaternion draws; ball: 4;
// slide/hinge: 1), then nv velocities, nu controls, na activations
static void perturb(const mjModel* m, mjData* d, Rng* r) {
  for (int j = 0; j < m->njnt; j++) {
    mjtNum* q = d->qpos + m->jnt_qposadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int k = 0; k < 3; k++) {
          q[k] += 0.1 * rng_symmetric(r);
        }
        perturb_quat(r, q + 3);
        break;
      case mjJNT_BALL:
        perturb_quat(r, q);
        break;
      default:
        q[0] += 0.1 * rng_symmetric(r);
    }
  }
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = 0.2 * rng_symmetric(r);
  }
  for (int i = 0; i < m->nu; i++) {
    if (m->actuator_ctrllimited[i]) {
      double lo = m->actuator_ctrlrange[2 * i], hi = m->actuator_ctrlrange[2 * i + 1];
      d->ctrl[i] = lo + (hi - lo) * rng_uniform(r);
    } else {
      d->ctrl[i] = rng_symmetric(r);
    }
  }
  for (int i = 0; i < m->na; i++) {
    d->act[i] = rng_uniform(r);
  }
}

//---------------------------------- JSON output ---------------------------------------------------

typedef struct {
  int first;  // no member printed yet in the current object
} Json;

static void json_key(Json* js, const char* name) {
  printf("%s\"%s\":", js->first ? "" : ",", name);
  js->first = 0;
}

// non-finite numbers become null, as JSON.stringify does on the other side
static void json_number(double v) {
  if (isfinite(v)) {
    printf("%.17g", v);
  } else {
    printf("null");
  }
}

static void json_num(Json* js, const char* name, double v) {
  json_key(js, name);
  json_number(v);
}

static void json_arr(Json* js, const char* name, const mjtNum* x, int n) {
  json_key(js, name);
  putchar('[');
  for (int i = 0; i < n; i++) {
    if (i) {
      putchar(',');
    }
    json_number((double)x[i]);
  }
  putchar(']');
}

// JSON string body with the characters JSON requires escaped
static void json_string(const char* s) {
  putchar('"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      printf("\\%c", c);
    } else if (c < 0x20) {
      printf("\\u%04x", c);
    } else {
      putchar(c);
    }
  }
  putchar('"');
}

//---------------------------------- sections ------------------------------------------------------

static void print_model(const mjModel* m) {
  Json js = {1};
  printf("\"model\":{");
  json_num(&js, "nq", m->nq);
  json_num(&js, "nv", m->nv);
  json_num(&js, "nu", m->nu);
  json_num(&js, "na", m->na);
  json_num(&js, "nbody", m->nbody);
  json_num(&js, "njnt", m->njnt);
  json_num(&js, "ngeom", m->ngeom);
  json_num(&js, "nsite", m->nsite);
  json_num(&js, "ntendon", m->ntendon);
  json_num(&js, "neq", m->neq);
  json_num(&js, "nsensor", m->nsensor);
  json_num(&js, "nsensordata", m->nsensordata);
  json_num(&js, "nmesh", m->nmesh);
  json_num(&js, "timestep", m->opt.timestep);
  json_num(&js, "integrator", m->opt.integrator);
  json_num(&js, "solver", m->opt.solver);
  json_num(&js, "cone", m->opt.cone);
  json_num(&js, "jacobian", m->opt.jacobian);
  json_num(&js, "iterations", m->opt.iterations);
  json_num(&js, "tolerance", m->opt.tolerance);
  json_num(&js, "ls_iterations", m->opt.ls_iterations);
  json_num(&js, "ls_tolerance", m->opt.ls_tolerance);
  json_num(&js, "noslip_iterations", m->opt.noslip_iterations);
  json_num(&js, "noslip_tolerance", m->opt.noslip_tolerance);
  json_num(&js, "impratio", m->opt.impratio);
  json_num(&js, "disableflags", m->opt.disableflags);
  json_num(&js, "enableflags", m->opt.enableflags);
  json_num(&js, "o_margin", m->opt.o_margin);
  json_arr(&js, "o_solref", m->opt.o_solref, mjNREF);
  json_arr(&js, "o_solimp", m->opt.o_solimp, mjNIMP);
  json_arr(&js, "gravity", m->opt.gravity, 3);
  json_arr(&js, "qpos0", m->qpos0, m->nq);
  json_arr(&js, "body_mass", m->body_mass, m->nbody);
  json_arr(&js, "body_subtreemass", m->body_subtreemass, m->nbody);
  json_arr(&js, "body_inertia", m->body_inertia, 3 * m->nbody);
  json_arr(&js, "body_ipos", m->body_ipos, 3 * m->nbody);
  json_arr(&js, "body_pos", m->body_pos, 3 * m->nbody);
  json_arr(&js, "geom_size", m->geom_size, 3 * m->ngeom);
  json_arr(&js, "geom_rbound", m->geom_rbound, m->ngeom);
  json_arr(&js, "geom_pos", m->geom_pos, 3 * m->ngeom);
  json_arr(&js, "jnt_range", m->jnt_range, 2 * m->njnt);
  json_arr(&js, "dof_armature", m->dof_armature, m->nv);
  json_arr(&js, "dof_damping", m->dof_damping, m->nv);
  json_arr(&js, "dof_invweight0", m->dof_invweight0, m->nv);
  json_arr(&js, "actuator_gear", m->actuator_gear, 6 * m->nu);
  json_arr(&js, "actuator_gainprm", m->actuator_gainprm, mjNGAIN * m->nu);
  json_arr(&js, "actuator_biasprm", m->actuator_biasprm, mjNBIAS * m->nu);
  json_arr(&js, "actuator_lengthrange", m->actuator_lengthrange, 2 * m->nu);
  json_arr(&js, "actuator_acc0", m->actuator_acc0, m->nu);
  json_arr(&js, "tendon_length0", m->tendon_length0, m->ntendon);
  json_arr(&js, "tendon_invweight0", m->tendon_invweight0, m->ntendon);
  json_arr(&js, "tendon_lengthspring", m->tendon_lengthspring, 2 * m->ntendon);
  json_num(&js, "nwrap", m->nwrap);
  json_arr(&js, "actuator_length0", m->actuator_length0, m->nu);
  json_arr(&js, "sensor_noise", m->sensor_noise, m->nsensor);
  json_arr(&js, "sensor_cutoff", m->sensor_cutoff, m->nsensor);
  putchar('}');
}

// dense joint-space inertia, one column per unit vector through mj_mulM
static void print_dense_M(Json* js, const mjModel* m, const mjData* d) {
  int nv = m->nv;
  mjtNum* M = malloc(sizeof(mjtNum) * (size_t)(nv * nv + nv));
  if (!M) {
    return;
  }
  mjtNum* e = M + nv * nv;
  memset(e, 0, sizeof(mjtNum) * (size_t)nv);
  for (int i = 0; i < nv; i++) {
    e[i] = 1;
    mj_mulM(m, d, M + i * nv, e);
    e[i] = 0;
  }
  json_arr(js, "M", M, nv * nv);
  free(M);
}

// a fixed-length array member of a contact object
static void contact_arr(const char* name, const mjtNum* x, int n) {
  printf(",\"%s\":[", name);
  for (int k = 0; k < n; k++) {
    printf(k ? "," : "");
    json_number(x[k]);
  }
  putchar(']');
}

// every geometric and parameter field the collision stage fills, in d->contact order
static void print_contacts(const mjData* d) {
  printf(",\"contacts\":[");
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    printf("%s{\"geom\":[%d,%d],\"dist\":", i ? "," : "", c->geom1, c->geom2);
    json_number(c->dist);
    contact_arr("pos", c->pos, 3);
    contact_arr("frame", c->frame, 9);
    printf(",\"includemargin\":");
    json_number(c->includemargin);
    contact_arr("friction", c->friction, 5);
    contact_arr("solref", c->solref, mjNREF);
    contact_arr("solreffriction", c->solreffriction, mjNREF);
    contact_arr("solimp", c->solimp, mjNIMP);
    printf(",\"dim\":%d,\"exclude\":%d}", c->dim, c->exclude);
  }
  putchar(']');
}

// n rows of width nv, dense, from a row-sparse matrix (rownnz, rowadr, colind, values)
static void print_dense_rows(Json* js, const char* name, int n, int nv, const int* rownnz,
                             const int* rowadr, const int* colind, const mjtNum* val) {
  mjtNum* dense = calloc((size_t)n * (size_t)nv + 1, sizeof(mjtNum));
  if (!dense) {
    return;
  }
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < rownnz[i]; k++) {
      dense[i * nv + colind[rowadr[i] + k]] = val[rowadr[i] + k];
    }
  }
  json_arr(js, name, dense, n * nv);
  free(dense);
}

static void print_forward(const mjModel* m, const mjData* d) {
  Json js = {1};
  printf(",\"forward\":{");
  json_num(&js, "ncon", d->ncon);
  json_num(&js, "nefc", d->nefc);
  json_arr(&js, "qpos", d->qpos, m->nq);
  json_arr(&js, "qvel", d->qvel, m->nv);
  json_arr(&js, "ctrl", d->ctrl, m->nu);
  json_arr(&js, "act", d->act, m->na);
  json_arr(&js, "xpos", d->xpos, 3 * m->nbody);
  json_arr(&js, "xquat", d->xquat, 4 * m->nbody);
  json_arr(&js, "xipos", d->xipos, 3 * m->nbody);
  json_arr(&js, "geom_xpos", d->geom_xpos, 3 * m->ngeom);
  json_arr(&js, "geom_xmat", d->geom_xmat, 9 * m->ngeom);
  json_arr(&js, "site_xpos", d->site_xpos, 3 * m->nsite);
  json_arr(&js, "subtree_com", d->subtree_com, 3 * m->nbody);
  json_arr(&js, "ten_length", d->ten_length, m->ntendon);
  json_arr(&js, "ten_velocity", d->ten_velocity, m->ntendon);
  if (mj_isSparse(m)) {
    print_dense_rows(&js, "ten_J", m->ntendon, m->nv, d->ten_J_rownnz, d->ten_J_rowadr,
                     d->ten_J_colind, d->ten_J);
  } else {
    json_arr(&js, "ten_J", d->ten_J, m->ntendon * m->nv);
  }
  print_dense_rows(&js, "actuator_moment", m->nu, m->nv, d->moment_rownnz, d->moment_rowadr,
                   d->moment_colind, d->actuator_moment);
  json_arr(&js, "actuator_length", d->actuator_length, m->nu);
  json_arr(&js, "actuator_velocity", d->actuator_velocity, m->nu);
  json_arr(&js, "actuator_force", d->actuator_force, m->nu);
  json_arr(&js, "qfrc_bias", d->qfrc_bias, m->nv);
  json_arr(&js, "qfrc_passive", d->qfrc_passive, m->nv);
  json_arr(&js, "qfrc_actuator", d->qfrc_actuator, m->nv);
  json_arr(&js, "qacc_smooth", d->qacc_smooth, m->nv);
  json_arr(&js, "qfrc_constraint", d->qfrc_constraint, m->nv);
  json_arr(&js, "qacc", d->qacc, m->nv);
  json_arr(&js, "act_dot", d->act_dot, m->na);
  json_arr(&js, "sensordata", d->sensordata, m->nsensordata);
  if (m->nv <= 200) {
    print_dense_M(&js, m, d);
  }
  print_contacts(d);
  putchar('}');
}

static void json_iarr(Json* js, const char* name, const int* x, int n) {
  json_key(js, name);
  putchar('[');
  for (int i = 0; i < n; i++) {
    printf(i ? ",%d" : "%d", x[i]);
  }
  putchar(']');
}

// |J|'|efc_force| and |J|'(efc_D*|efc_aref|) (|J| entrywise, one entry per dof): the size
// of the terms that cancel in qfrc_constraint = J'efc_force, and in each force
// efc_force = -efc_D*(J*qacc - efc_aref) (compare.mjs bounds qfrc_constraint's round-off
// with them).
static void print_abs_jt(Json* js, const mjModel* m, const mjData* d) {
  int nv = m->nv, sparse = mj_isSparse(m);
  mjtNum* v = calloc(2 * (size_t)nv + 1, sizeof(mjtNum));
  if (!v) {
    return;
  }
  for (int i = 0; i < d->nefc; i++) {
    int nnz = sparse ? d->efc_J_rownnz[i] : nv;
    int adr = sparse ? d->efc_J_rowadr[i] : i * nv;
    for (int k = 0; k < nnz; k++) {
      int col = sparse ? d->efc_J_colind[adr + k] : k;
      mjtNum a = fabs(d->efc_J[adr + k]);
      v[col] += a * fabs(d->efc_force[i]);
      v[nv + col] += a * d->efc_D[i] * fabs(d->efc_aref[i]);
    }
  }
  json_arr(js, "absJT_force", v, nv);
  json_arr(js, "absJT_Daref", v + nv, nv);
  free(v);
}

// the constraint rows after mj_forward, in d->efc order, and the solver statistics.
// solver_niter: the per-island counts d->solver_niter[0 .. max(1, min(nisland,
// mjNISLAND))) (one entry, [0], when islands are off or there are none).
static void print_efc(const mjModel* m, const mjData* d) {
  Json js = {1};
  int n = d->nefc;
  printf(",\"efc\":{");
  json_num(&js, "nefc", n);
  json_num(&js, "ne", d->ne);
  json_num(&js, "nf", d->nf);
  json_num(&js, "nl", d->nl);
  json_num(&js, "nisland", d->nisland);
  int nstat = d->nisland < 1 ? 1 : (d->nisland < mjNISLAND ? d->nisland : mjNISLAND);
  json_iarr(&js, "solver_niter", d->solver_niter, nstat);
  json_iarr(&js, "type", d->efc_type, n);
  json_iarr(&js, "id", d->efc_id, n);
  json_arr(&js, "pos", d->efc_pos, n);
  json_arr(&js, "margin", d->efc_margin, n);
  json_arr(&js, "frictionloss", d->efc_frictionloss, n);
  json_arr(&js, "diagApprox", d->efc_diagApprox, n);
  json_arr(&js, "R", d->efc_R, n);
  json_arr(&js, "D", d->efc_D, n);
  json_arr(&js, "KBIP", d->efc_KBIP, 4 * n);
  json_arr(&js, "vel", d->efc_vel, n);
  json_arr(&js, "aref", d->efc_aref, n);
  json_arr(&js, "force", d->efc_force, n);
  json_iarr(&js, "state", d->efc_state, n);
  json_key(&js, "contact_efc_address");
  putchar('[');
  for (int i = 0; i < d->ncon; i++) {
    printf(i ? ",%d" : "%d", d->contact[i].efc_address);
  }
  putchar(']');
  print_abs_jt(&js, m, d);
  putchar('}');
}

// step K times, tracking the most contacts and constraint rows seen, so the
// comparison knows whether the trajectory was free of constraints
// (and the counts and the state after each step, so a diverging trajectory can be traced
// to a step)
static void print_steps(const mjModel* m, mjData* d, int steps) {
  int maxncon = d->ncon, maxnefc = d->nefc;
  int* counts = steps > 0 ? malloc(sizeof(int) * 2 * (size_t)steps) : NULL;
  size_t width = (size_t)(1 + m->nq + m->nv + m->na);
  mjtNum* trace = steps > 0 ? malloc(sizeof(mjtNum) * width * (size_t)steps) : NULL;
  for (int k = 0; k < steps; k++) {
    mj_step(m, d);
    maxncon = d->ncon > maxncon ? d->ncon : maxncon;
    maxnefc = d->nefc > maxnefc ? d->nefc : maxnefc;
    if (counts) {
      counts[k] = d->ncon;
      counts[steps + k] = d->nefc;
    }
    if (trace) {
      mjtNum* t = trace + width * (size_t)k;
      t[0] = d->time;
      memcpy(t + 1, d->qpos, sizeof(mjtNum) * m->nq);
      memcpy(t + 1 + m->nq, d->qvel, sizeof(mjtNum) * m->nv);
      memcpy(t + 1 + m->nq + m->nv, d->act, sizeof(mjtNum) * m->na);
    }
  }
  Json js = {1};
  printf(",\"steps\":{");
  json_num(&js, "n", steps);
  json_num(&js, "maxncon", maxncon);
  json_num(&js, "maxnefc", maxnefc);
  if (counts) {
    json_iarr(&js, "ncon_per_step", counts, steps);
    json_iarr(&js, "nefc_per_step", counts + steps, steps);
    free(counts);
  }
  json_num(&js, "time", d->time);
  json_arr(&js, "qpos", d->qpos, m->nq);
  json_arr(&js, "qvel", d->qvel, m->nv);
  json_arr(&js, "act", d->act, m->na);
  if (trace) {
    // the state after every step: time, qpos, qvel, act (so run.mjs can find the step
    // where two trajectories part)
    json_arr(&js, "trace", trace, (int)(width * (size_t)steps));
    free(trace);
  }
  putchar('}');
}

//---------------------------------- option overrides ----------------------------------------------

// the mjtDisableBit names in bit order: "--disable island" sets mjDSBL_ISLAND
static const char* const DISABLE_NAMES[] = {
  "constraint", "equality", "frictionloss", "limit", "contact", "spring", "damper",
  "gravity", "clampctrl", "warmstart", "filterparent", "actuation", "refsafe", "sensor",
  "midphase", "eulerdamp", "autoreset", "nativeccd", "island",
};
#define NDISABLE_NAMES ((int)(sizeof(DISABLE_NAMES) / sizeof(DISABLE_NAMES[0])))

static const char* const SOLVER_NAMES[] = {"pgs", "cg", "newton"};
static const char* const CONE_NAMES[] = {"pyramidal", "elliptic"};
static const char* const JACOBIAN_NAMES[] = {"dense", "sparse", "auto"};

// -1 (or has_tolerance 0): keep the model's own setting
typedef struct {
  int solver, cone, jacobian, iterations, noslip;
  int has_tolerance;
  double tolerance;
  int disable;  // bits to set in disableflags
} Overrides;

// index of name in names (case-insensitive), -1 when absent
static int lookup(const char* name, const char* const* names, int n) {
  for (int i = 0; i < n; i++) {
    const char *a = name, *b = names[i];
    while (*a && *b && (*a | 0x20) == *b) {
      a++;
      b++;
    }
    if (!*a && !*b) {
      return i;
    }
  }
  return -1;
}

// a non-negative integer argument, -2 when malformed
static int parse_count(const char* s) {
  char* end;
  long v = strtol(s, &end, 10);
  return (*s && !*end && v >= 0 && v <= 1000000) ? (int)v : -2;
}

// comma-separated disable flag names into bits; 0 when one is unknown
static int parse_disable(const char* list) {
  int bits = 0;
  char buf[256];
  snprintf(buf, sizeof(buf), "%s", list);
  for (char* tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    int i = lookup(tok, DISABLE_NAMES, NDISABLE_NAMES);
    if (i < 0) {
      return 0;
    }
    bits |= 1 << i;
  }
  return bits;
}

static void apply_overrides(mjModel* m, const Overrides* o) {
  if (o->solver >= 0) {
    m->opt.solver = o->solver;
  }
  if (o->cone >= 0) {
    m->opt.cone = o->cone;
  }
  if (o->jacobian >= 0) {
    m->opt.jacobian = o->jacobian;
  }
  if (o->iterations >= 0) {
    m->opt.iterations = o->iterations;
  }
  if (o->noslip >= 0) {
    m->opt.noslip_iterations = o->noslip;
  }
  if (o->has_tolerance) {
    m->opt.tolerance = o->tolerance;
  }
  m->opt.disableflags |= o->disable;
}

//---------------------------------- main ----------------------------------------------------------

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: probe MODEL.xml [--seed N] [--steps K] [--key] [--solver pgs|cg|newton]\n"
                    "       [--cone pyramidal|elliptic] [--jacobian dense|sparse|auto] [--iterations N]\n"
                    "       [--tolerance T] [--noslip N] [--disable FLAG[,FLAG...]] [--advance N]\n");
    return 2;
  }
  int seed = 1, steps = 20, usekey = 0, advance = 0;
  Overrides ov = {-1, -1, -1, -1, -1, 0, 0, 0};
  for (int i = 2; i < argc; i++) {
    const char* a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : NULL;
    int bad = 0;
    if (!strcmp(a, "--key")) {
      usekey = 1;
      continue;
    }
    if (!v) {
      bad = 1;
    } else if (!strcmp(a, "--seed")) {
      seed = atoi(v);
    } else if (!strcmp(a, "--steps")) {
      bad = (steps = parse_count(v)) < 0;
    } else if (!strcmp(a, "--advance")) {
      bad = (advance = parse_count(v)) < 0;
    } else if (!strcmp(a, "--solver")) {
      bad = (ov.solver = lookup(v, SOLVER_NAMES, 3)) < 0;
    } else if (!strcmp(a, "--cone")) {
      bad = (ov.cone = lookup(v, CONE_NAMES, 2)) < 0;
    } else if (!strcmp(a, "--jacobian")) {
      bad = (ov.jacobian = lookup(v, JACOBIAN_NAMES, 3)) < 0;
    } else if (!strcmp(a, "--iterations")) {
      bad = (ov.iterations = parse_count(v)) < 0;
    } else if (!strcmp(a, "--noslip")) {
      bad = (ov.noslip = parse_count(v)) < 0;
    } else if (!strcmp(a, "--tolerance")) {
      char* end;
      ov.tolerance = strtod(v, &end);
      ov.has_tolerance = 1;
      bad = !*v || *end || !(ov.tolerance >= 0);
    } else if (!strcmp(a, "--disable")) {
      int bits = parse_disable(v);
      ov.disable |= bits;
      bad = !bits;
    } else {
      bad = 1;
    }
    if (bad) {
      fprintf(stderr, "probe: bad argument '%s%s%s'\n", a, v ? " " : "", v ? v : "");
      return 2;
    }
    i++;
  }

  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    printf("{\"error\":\"load failed\",\"message\":");
    json_string(err);
    printf("}\n");
    fprintf(stderr, "load error: %s\n", err);
    return 1;
  }
  apply_overrides(m, &ov);
  mjData* d = mj_makeData(m);
  if (!d) {
    printf("{\"error\":\"mj_makeData failed\",\"message\":\"\"}\n");
    mj_deleteModel(m);
    return 1;
  }

  Rng rng = {(uint32_t)seed};
  if (usekey && m->nkey > 0) {
    mj_resetDataKeyframe(m, d, 0);
  }
  perturb(m, d, &rng);
  for (int k = 0; k < advance; k++) {
    mj_step(m, d);
  }
  mj_forward(m, d);

  putchar('{');
  print_model(m);
  print_forward(m, d);
  print_efc(m, d);
  print_steps(m, d, steps);
  printf("}\n");

  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
