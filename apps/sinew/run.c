// sinew run MODEL [--steps N]: simulate headless from the initial state with zero
// controls and report simulated time, speed, the final energy, and what contact did:
// constraint rows and solver iterations per step, the deepest penetration, and how the
// first body's height changed (a falling model should come to rest, not sink).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "cli.h"

static int finite_state(const mjModel* m, const mjData* d) {
  for (int i = 0; i < m->nq; i++) {
    if (!isfinite(d->qpos[i])) {
      return 0;
    }
  }
  for (int i = 0; i < m->nv; i++) {
    if (!isfinite(d->qvel[i])) {
      return 0;
    }
  }
  return 1;
}

static void print_warnings(const mjData* d) {
  for (int i = 0; i < mjNWARNING; i++) {
    if (d->warning[i].number) {
      printf("  warning   %s (%d times)\n", mju_warningText(i, (size_t)d->warning[i].lastinfo),
             d->warning[i].number);
    }
  }
}

int cli_run(int argc, char** argv) {
  const char* file = NULL;
  int steps = 1000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--steps")) {
      if (!cli_positive_int("--steps", i + 1 < argc ? argv[++i] : NULL, &steps)) {
        return CLI_USAGE;
      }
    } else if (!file && argv[i][0] != '-') {
      file = argv[i];
    } else {
      fprintf(stderr, "usage: sinew run MODEL [--steps N]\n");
      return CLI_USAGE;
    }
  }
  if (!file) {
    fprintf(stderr, "usage: sinew run MODEL [--steps N]\n");
    return CLI_USAGE;
  }

  mjModel* m = cli_load(file);
  if (!m) {
    return CLI_FAIL;
  }
  m->opt.enableflags |= mjENBL_ENERGY;
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  double e0 = d->energy[0] + d->energy[1];

  double z0 = m->nbody > 1 ? d->xpos[5] : 0;
  double start = cli_now();
  long contacts = 0, rows = 0, iters = 0;
  int maxcon = 0;
  double depth = 0;
  for (int k = 0; k < steps; k++) {
    mj_step(m, d);
    contacts += d->ncon;
    rows += d->nefc;
    maxcon = d->ncon > maxcon ? d->ncon : maxcon;
    int nisland = d->nisland > 0 ? (d->nisland < mjNISLAND ? d->nisland : mjNISLAND) : 1;
    for (int i = 0; i < nisland; i++) {
      iters += d->solver_niter[i];
    }
    for (int i = 0; i < d->ncon; i++) {
      depth = -d->contact[i].dist > depth ? -d->contact[i].dist : depth;
    }
  }
  double wall = cli_now() - start;
  mj_forward(m, d);  // energy of the final state

  printf("%s: %d steps of %g s\n", file, steps, (double)m->opt.timestep);
  printf("  simulated  %.4f s\n", (double)d->time);
  printf("  wall       %.4f s\n", wall);
  printf("  speed      %.0f steps/s (%.1fx realtime)\n", wall > 0 ? steps / wall : 0.0,
         wall > 0 ? d->time / wall : 0.0);
  printf("  energy     %.6g (potential %.6g, kinetic %.6g; initial %.6g)\n",
         (double)(d->energy[0] + d->energy[1]), (double)d->energy[0], (double)d->energy[1], e0);
  printf("  contacts   %.1f per step (at most %d)\n", steps ? (double)contacts / steps : 0.0,
         maxcon);
  printf("  solver     %.1f constraint rows and %.1f iterations per step\n",
         steps ? (double)rows / steps : 0.0, steps ? (double)iters / steps : 0.0);
  printf("  deepest    penetration %.4g m\n", depth);
  if (m->nbody > 1) {
    printf("  body 1     height %.4f m -> %.4f m\n", z0, (double)d->xpos[5]);
  }
  print_warnings(d);

  int ok = finite_state(m, d);
  if (!ok) {
    fprintf(stderr, "sinew: the simulation diverged (non-finite state)\n");
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return ok ? CLI_OK : CLI_FAIL;
}
