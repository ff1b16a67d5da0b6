// sinew-bench-collision: collision time per step, Sinew against MuJoCo 2.2.2, on the
// same configurations in the same run.
//
// For each scene, the MuJoCo 2.2.2 program (mujoco222-collide, built from
// collision_ref222.c) simulates it and records every state while timing its own
// mj_collision; Sinew then loads the same model, replays those states and times its
// mj_collision on each. Replaying MuJoCo's states keeps the comparison fair while
// Sinew's own constraint solver cannot yet keep bodies apart. Also printed, for
// reference, is the pos_collision figure of `mujoco-testspeed ... profile`.
//
// usage: sinew-bench-collision [--ref PATH] [--steps N] [--rounds R] MODEL...
// (default models: MuJoCo 2.2.2's humanoid100 and mug from libmujoco-samples, the
// project's mesh pile (64 convex mesh bodies), and ANYmal C from the shared corpus
// when present)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mujoco/mujoco.h>

#ifndef SINEW_SOURCE_DIR
#define SINEW_SOURCE_DIR "."
#endif
#ifndef SINEW_REF222
#define SINEW_REF222 "mujoco222-collide"
#endif

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Run the 2.2.2 reference; fills its collision ms/step and contacts/step.
static int run_reference(const char* ref, const char* model, int steps, const char* states,
                         double* ms, double* ncon, int* nq, int* nmocap) {
  if (strchr(model, '\'') || strchr(ref, '\'') || strchr(states, '\'')) {
    return 0;
  }
  char cmd[4096];
  snprintf(cmd, sizeof(cmd), "'%s' '%s' %d '%s'", ref, model, steps, states);
  FILE* p = popen(cmd, "r");
  if (!p) {
    return 0;
  }
  // MuJoCo may print warnings first: the figures are the last line that parses
  char line[512];
  int ok = 0;
  while (fgets(line, sizeof(line), p)) {
    ok |= sscanf(line, "%lf %lf %d %d", ms, ncon, nq, nmocap) == 4;
  }
  return pclose(p) == 0 && ok;
}

// pos_collision ms/step from `mujoco-testspeed MODEL STEPS 1 0 1`, or -1.
static double testspeed_profile(const char* model, int steps) {
  if (strchr(model, '\'')) {
    return -1;
  }
  char cmd[4096];
  snprintf(cmd, sizeof(cmd), "mujoco-testspeed '%s' %d 1 0 1 2>/dev/null", model, steps);
  FILE* p = popen(cmd, "r");
  if (!p) {
    return -1;
  }
  char line[512];
  double ms = -1;
  while (fgets(line, sizeof(line), p)) {
    const char* at = strstr(line, "pos_collision :");
    if (at) {
      ms = atof(at + strlen("pos_collision :"));
    }
  }
  pclose(p);
  return ms;
}

// Time Sinew's mj_collision over the recorded states; returns ms/step, sets contacts.
static double time_sinew(const mjModel* m, mjData* d, const mjtNum* states, int steps,
                         double* ncon) {
  size_t stride = (size_t)m->nq + 7 * (size_t)m->nmocap;
  double total = 0;
  long count = 0;
  for (int k = 0; k < steps; k++) {
    const mjtNum* s = states + stride * (size_t)k;
    mju_copy(d->qpos, s, m->nq);
    mju_copy(d->mocap_pos, s + m->nq, 3 * m->nmocap);
    mju_copy(d->mocap_quat, s + m->nq + 3 * m->nmocap, 4 * m->nmocap);
    mj_kinematics(m, d);
    mj_comPos(m, d);
    double t0 = now();
    mj_collision(m, d);
    total += now() - t0;
    count += d->ncon;
  }
  *ncon = (double)count / steps;
  return 1e3 * total / steps;
}

static int bench_scene(const char* ref, const char* model, int steps, int rounds) {
  if (access(model, R_OK) != 0) {
    printf("%-40s  (missing, skipped)\n", model);
    return 0;
  }
  char states[] = "/tmp/sinew-collide-XXXXXX";
  int fd = mkstemp(states);
  if (fd < 0) {
    return 1;
  }
  close(fd);
  double ref_ms = 0, ref_ncon = 0;
  int nq = 0, nmocap = 0;
  if (!run_reference(ref, model, steps, states, &ref_ms, &ref_ncon, &nq, &nmocap)) {
    printf("%-40s  (MuJoCo 2.2.2 reference failed, skipped)\n", model);
    unlink(states);
    return 0;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(model, NULL, err, sizeof(err));
  if (!m || m->nq != nq || m->nmocap != nmocap) {
    printf("%-40s  (Sinew: %s)\n", model, m ? "state size differs" : err);
    mj_deleteModel(m);
    unlink(states);
    return m ? 1 : 0;
  }
  size_t stride = (size_t)nq + 7 * (size_t)nmocap;
  mjtNum* buf = (mjtNum*)malloc(sizeof(mjtNum) * stride * (size_t)steps);
  FILE* f = fopen(states, "rb");
  size_t got = f && buf ? fread(buf, sizeof(mjtNum), stride * (size_t)steps, f) : 0;
  if (f) {
    fclose(f);
  }
  unlink(states);
  if (got != stride * (size_t)steps) {
    free(buf);
    mj_deleteModel(m);
    return 1;
  }
  mjData* d = mj_makeData(m);
  // alternate the two sides round after round; keep the best of each
  double best_sinew = 1e30, best_ref = ref_ms, ncon = 0;
  for (int r = 0; r < rounds; r++) {
    double ms = time_sinew(m, d, buf, steps, &ncon);
    best_sinew = ms < best_sinew ? ms : best_sinew;
    if (r + 1 < rounds && run_reference(ref, model, steps, states, &ref_ms, &ref_ncon, &nq,
                                        &nmocap)) {
      best_ref = ref_ms < best_ref ? ref_ms : best_ref;
      unlink(states);
    }
  }
  double profile = testspeed_profile(model, steps);
  const char* name = strrchr(model, '/') ? strrchr(model, '/') + 1 : model;
  printf("%-24s %8.4f %8.4f %7.2fx %9.1f %9.1f", name, best_sinew, best_ref,
         best_sinew > 0 ? best_ref / best_sinew : 0, ncon, ref_ncon);
  if (profile >= 0) {
    printf(" %10.4f", profile);
  }
  printf("\n");
  mj_deleteData(d);
  mj_deleteModel(m);
  free(buf);
  return 0;
}

int main(int argc, char** argv) {
  const char* ref = SINEW_REF222;
  int steps = 1000, rounds = 3;
  const char* models[64];
  int nmodel = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--ref") && i + 1 < argc) {
      ref = argv[++i];
    } else if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
      steps = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
      rounds = atoi(argv[++i]);
    } else if (nmodel < 64) {
      models[nmodel++] = argv[i];
    }
  }
  if (!nmodel) {
    models[nmodel++] = "/usr/share/mujoco/model/humanoid100/humanoid100.xml";
    models[nmodel++] = "/usr/share/mujoco/model/mug/mug.xml";
    models[nmodel++] = SINEW_SOURCE_DIR "/bench/models/mesh_pile.xml";
    models[nmodel++] = SINEW_SOURCE_DIR "/../shared/models/menagerie-anybotics_anymal_c/scene.xml";
  }
  if (steps <= 0 || rounds <= 0) {
    fprintf(stderr, "--steps and --rounds must be positive\n");
    return 2;
  }
  printf("collision time per step on MuJoCo 2.2.2's trajectory (%d steps, best of %d)\n",
         steps, rounds);
  printf("%-24s %8s %8s %8s %9s %9s %10s\n", "scene", "sinew_ms", "mj222_ms", "ratio",
         "sinew_con", "mj222_con", "profile_ms");
  int fail = 0;
  for (int i = 0; i < nmodel; i++) {
    fail |= bench_scene(ref, models[i], steps, rounds);
  }
  printf("ratio = MuJoCo time / Sinew time (> 1: Sinew faster); profile_ms: mujoco-testspeed's\n"
         "pos_collision on its own run, for reference\n");
  return fail;
}
