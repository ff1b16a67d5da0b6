// sinew speed MODEL [--steps N] [--threads T] [--ctrlnoise S]: a testspeed-like
// benchmark. T independent copies of mjData are stepped N times each in T
// threads, with Gaussian control noise of standard deviation S (relative to
// each control's range when limited). Reports steps per second and the
// engine's own per-stage profile (d->timer, clocked through mjcb_time).
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "cli.h"

typedef struct {
  const mjModel* m;
  mjData* d;
  int steps;
  double ctrlnoise;
  uint64_t rng;         // per-thread generator state: threads share nothing
  double wall;          // seconds spent stepping
  double contacts;      // sum over steps of ncon
  double constraints;   // sum over steps of nefc
} Worker;

// the engine's stage clock: seconds on a monotonic clock
static mjtNum monotonic_seconds(void) {
  return (mjtNum)cli_now();
}

// xorshift64*: uniform in (0, 1)
static double uniform(uint64_t* s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return ((double)((*s * 2685821657736338717ULL) >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(uint64_t* s) {
  return sqrt(-2 * log(uniform(s))) * cos(6.283185307179586 * uniform(s));
}

static void set_noisy_controls(Worker* w) {
  const mjModel* m = w->m;
  for (int i = 0; i < m->nu; i++) {
    double scale = 1;
    double center = 0;
    if (m->actuator_ctrllimited[i]) {
      const mjtNum* range = m->actuator_ctrlrange + 2 * i;
      scale = 0.5 * (range[1] - range[0]);
      center = 0.5 * (range[1] + range[0]);
    }
    w->d->ctrl[i] = center + w->ctrlnoise * scale * normal(&w->rng);
  }
}

static void* work(void* arg) {
  Worker* w = arg;
  double start = cli_now();
  for (int k = 0; k < w->steps; k++) {
    if (w->ctrlnoise > 0) {
      set_noisy_controls(w);
    }
    mj_step(w->m, w->d);
    w->contacts += w->d->ncon;
    w->constraints += w->d->nefc;
  }
  w->wall = cli_now() - start;
  return NULL;
}

static const char* const kTimerNames[mjNTIMER] = {
  "step", "forward", "inverse", "position", "velocity", "actuation", "constraint",
  "advance", "pos_kinematics", "pos_inertia", "pos_collision", "pos_make", "pos_project",
  "col_broad", "col_narrow",
};

// nesting of the stages, for indentation: step = forward + advance, forward =
// position + velocity + actuation + constraint, position = kinematics + inertia +
// collision + make + project, collision = broad + narrow phase
static const int kTimerDepth[mjNTIMER] = {0, 2, 2, 4, 4, 4, 4, 2, 6, 6, 6, 6, 6, 8, 8};

static void print_profile(const mjData* d, int steps) {
  double step_total = d->timer[mjTIMER_STEP].duration;
  printf("profile (thread 0): microseconds per step, %% of mj_step, calls per step\n");
  for (int i = 0; i < mjNTIMER; i++) {
    const mjTimerStat* t = d->timer + i;
    if (!t->number) {
      continue;
    }
    printf("  %*s%-*s %10.3f  %5.1f%%  %6.2f\n", kTimerDepth[i], "", 20 - kTimerDepth[i],
           kTimerNames[i],
           1e6 * t->duration / steps, step_total > 0 ? 100 * t->duration / step_total : 0.0,
           (double)t->number / steps);
  }
}

static int parse_args(int argc, char** argv, const char** file, int* steps, int* threads,
                      double* ctrlnoise) {
  for (int i = 1; i < argc; i++) {
    const char* value = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(argv[i], "--steps")) {
      if (!cli_positive_int("--steps", value, steps)) return 0;
      i++;
    } else if (!strcmp(argv[i], "--threads")) {
      if (!cli_positive_int("--threads", value, threads)) return 0;
      i++;
    } else if (!strcmp(argv[i], "--ctrlnoise") && value) {
      char* end = NULL;
      *ctrlnoise = strtod(value, &end);
      if (end == value || *end || !(*ctrlnoise >= 0)) {
        fprintf(stderr, "sinew: --ctrlnoise needs a number >= 0, got '%s'\n", value);
        return 0;
      }
      i++;
    } else if (!*file && argv[i][0] != '-') {
      *file = argv[i];
    } else {
      return 0;
    }
  }
  return *file != NULL;
}

int cli_speed(int argc, char** argv) {
  const char* file = NULL;
  int steps = 10000, nthread = 1;
  double ctrlnoise = 0.01;
  if (!parse_args(argc, argv, &file, &steps, &nthread, &ctrlnoise)) {
    fprintf(stderr, "usage: sinew speed MODEL [--steps N] [--threads T] [--ctrlnoise S]\n");
    return CLI_USAGE;
  }
  mjModel* m = cli_load(file);
  if (!m) {
    return CLI_FAIL;
  }

  // start state: keyframe 0 when there is one
  mjData* start = mj_makeData(m);
  if (m->nkey > 0) {
    mj_resetDataKeyframe(m, start, 0);
  }
  Worker* workers = calloc((size_t)nthread, sizeof(Worker));
  pthread_t* tids = calloc((size_t)nthread, sizeof(pthread_t));
  if (!workers || !tids) {
    fprintf(stderr, "sinew: out of memory\n");
    return CLI_FAIL;
  }
  for (int t = 0; t < nthread; t++) {
    workers[t] = (Worker){m, mj_copyData(NULL, m, start), steps, ctrlnoise,
                          0x9E3779B97F4A7C15ULL * (uint64_t)(t + 1), 0, 0, 0};
  }

  mjcb_time = monotonic_seconds;
  double t0 = cli_now();
  int started = 0;
  for (int t = 1; t < nthread; t++, started++) {
    if (pthread_create(tids + t, NULL, work, workers + t)) {
      fprintf(stderr, "sinew: cannot start thread %d\n", t);
      break;
    }
  }
  work(workers);  // thread 0 is this one
  for (int t = 1; t <= started; t++) {
    pthread_join(tids[t], NULL);
  }
  double wall = cli_now() - t0;
  mjcb_time = NULL;
  int ran = started + 1;

  double slowest = 0;
  for (int t = 0; t < ran; t++) {
    slowest = workers[t].wall > slowest ? workers[t].wall : slowest;
  }
  double total = (double)steps * ran;
  printf("%s: nq %d, nv %d, nu %d, timestep %g\n", file, m->nq, m->nv, m->nu,
         (double)m->opt.timestep);
  printf("%d thread%s x %d steps, control noise %g\n", ran, ran > 1 ? "s" : "", steps, ctrlnoise);
  printf("  steps per second      %.0f (all threads)\n", total / wall);
  printf("  per thread            %.0f\n", steps / slowest);
  printf("  realtime factor       %.2f (per thread)\n", steps * m->opt.timestep / slowest);
  printf("  time per step         %.3f us\n", 1e6 * slowest / steps);
  printf("  contacts per step     %.2f\n", workers[0].contacts / steps);
  printf("  constraints per step  %.2f\n", workers[0].constraints / steps);
  print_profile(workers[0].d, steps);

  for (int t = 0; t < nthread; t++) {
    mj_deleteData(workers[t].d);
  }
  free(workers);
  free(tids);
  mj_deleteData(start);
  mj_deleteModel(m);
  return CLI_OK;
}
