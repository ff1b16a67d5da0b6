// Compile-time length ranges: run mj_setLengthRange for every actuator <compiler><lengthrange>
// selects, in parallel when usethread is set (one mjData per thread, actuators handed out
// in index order). Each actuator's computation only reads the model and writes its own
// actuator_lengthrange row, so the result does not depend on the number of threads; of
// several failures the one of the lowest actuator index is reported.
//
// As in MuJoCo 3.3.8, the simulation runs on the compiled model with contacts, gravity,
// springs, dampers, friction loss and actuation disabled (joint and tendon limits and
// equality constraints stay) and with the <lengthrange> timestep when it is positive; the
// model's options are restored afterwards.
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <mujoco/mujoco.h>

#include "base/errtrap.h"
#include "compiler/compile.h"
#include "model/model.h"

#define LR_MAXTHREAD 64
#define LR_MSG 1000

typedef struct {
  mjModel* m;
  const mjLROpt* opt;
  const int* jobs;            // actuator ids to process, increasing
  int njob;
  atomic_int next;            // next job to hand out
  atomic_int failed;          // lowest failing job so far (njob: none)
  pthread_mutex_t lock;       // guards message
  char message[LR_MSG];       // message of job `failed`
} lr_shared;

static void lr_record(lr_shared* s, int job, const char* msg) {
  pthread_mutex_lock(&s->lock);
  if (job < atomic_load(&s->failed)) {
    atomic_store(&s->failed, job);
    snprintf(s->message, sizeof(s->message), "%s", msg);
  }
  pthread_mutex_unlock(&s->lock);
}

// One actuator, with engine errors (mju_error) turned into a failure message.
static int lr_one(mjModel* m, mjData* d, int id, const mjLROpt* opt, char* msg) {
  sn_errtrap trap;
  if (SN_ERRTRAP(&trap)) {
    int ok = mj_setLengthRange(m, d, id, opt, msg, LR_MSG);
    sn_errtrap_pop(&trap);
    return ok;
  }
  sn_errtrap_pop(&trap);
  snprintf(msg, LR_MSG, "engine error in the length range of actuator %d: %.900s", id,
           trap.message);
  return 0;
}

static void* lr_worker(void* arg) {
  lr_shared* s = (lr_shared*)arg;
  char msg[LR_MSG];
  mjData* d = NULL;
  for (;;) {
    int job = atomic_fetch_add(&s->next, 1);
    // jobs come in increasing order: past the lowest failure nothing can matter
    if (job >= s->njob || job > atomic_load(&s->failed)) {
      break;
    }
    if (!d && !(d = sn_data_make_try(s->m))) {
      lr_record(s, job, "could not allocate mjData for the length range computation");
      break;
    }
    if (!lr_one(s->m, d, s->jobs[job], s->opt, msg)) {
      lr_record(s, job, msg);
      break;
    }
  }
  mj_deleteData(d);
  return NULL;
}

// Actuators mode selects whose existing range is not kept (useexisting).
static int lr_jobs(const mjModel* m, const mjLROpt* opt, int* jobs) {
  int n = 0;
  for (int i = 0; i < m->nu; i++) {
    int gain = m->actuator_gaintype[i], bias = m->actuator_biastype[i];
    int muscle = gain == mjGAIN_MUSCLE || bias == mjBIAS_MUSCLE;
    int user = gain == mjGAIN_USER || bias == mjBIAS_USER;
    int selected = opt->mode == mjLRMODE_ALL || (opt->mode == mjLRMODE_MUSCLE && muscle) ||
                   (opt->mode == mjLRMODE_MUSCLEUSER && (muscle || user));
    const mjtNum* range = m->actuator_lengthrange + 2 * i;
    if (selected && !(opt->useexisting && range[0] < range[1])) {
      jobs[n++] = i;
    }
  }
  return n;
}

static int lr_nthread(const sn_ctx* c, int njob) {
  if (!c->spec->compiler.usethread) {
    return 1;
  }
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  int n = ncpu > 0 ? (int)ncpu : 1;
  n = n < LR_MAXTHREAD ? n : LR_MAXTHREAD;
  return n < njob ? n : njob;
}

// Run the jobs on nthread threads (the caller's thread is one of them).
static void lr_run_jobs(lr_shared* s, int nthread) {
  pthread_t threads[LR_MAXTHREAD];
  int started = 0;
  for (int t = 1; t < nthread; t++) {
    if (pthread_create(&threads[started], NULL, lr_worker, s) != 0) {
      break;  // fewer threads: the remaining ones take the jobs
    }
    started++;
  }
  lr_worker(s);
  for (int t = 0; t < started; t++) {
    pthread_join(threads[t], NULL);
  }
}

// Length ranges of the selected actuators, with the simulation options 3.3.8 uses.
int sn_compile_lengthranges_opt(sn_ctx* c, mjModel* m, const mjLROpt* opt, int nthread) {
  if (opt->mode == mjLRMODE_NONE || m->nu == 0) {
    return 1;
  }
  int* jobs = (int*)mju_malloc(sizeof(int) * (size_t)m->nu);
  int njob = lr_jobs(m, opt, jobs);
  if (!njob) {
    mju_free(jobs);
    return 1;
  }
  if (nthread <= 0) {
    nthread = lr_nthread(c, njob);
  }

  mjOption saved = m->opt;
  if (opt->timestep > 0) {
    m->opt.timestep = opt->timestep;
  }
  m->opt.disableflags |= mjDSBL_FRICTIONLOSS | mjDSBL_CONTACT | mjDSBL_SPRING |
                         mjDSBL_DAMPER | mjDSBL_GRAVITY | mjDSBL_ACTUATION;

  lr_shared s;
  memset(&s, 0, sizeof(s));
  s.m = m;
  s.opt = opt;
  s.jobs = jobs;
  s.njob = njob;
  atomic_init(&s.next, 0);
  atomic_init(&s.failed, njob);
  pthread_mutex_init(&s.lock, NULL);
  lr_run_jobs(&s, nthread);
  pthread_mutex_destroy(&s.lock);

  m->opt = saved;
  int failed = atomic_load(&s.failed) < njob;
  int id = failed ? jobs[atomic_load(&s.failed)] : -1;
  mju_free(jobs);
  if (failed) {
    const sn_actuator* a = &SN_AT(c->spec, actuators, sn_actuator, id);
    return sn_cerr(c, &a->loc, "%s", s.message);
  }
  return 1;
}

int sn_compile_lengthranges(sn_ctx* c, mjModel* m) {
  return sn_compile_lengthranges_opt(c, m, &c->spec->compiler.lengthrange, 0);
}
