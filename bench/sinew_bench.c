// sinew-bench: steps per second of mj_step on a list of scenes, for Sinew and for
// MuJoCo (Debian's `mujoco-testspeed`, MuJoCo 2.2.2) in the same run. The two are
// run alternately, round after round, so that drift in the machine's speed hits
// both alike; the medians and their ratio are printed (ratio > 1: Sinew faster).
//
// usage: sinew-bench [--scenes FILE] [--rounds R] [--scale F] [--ctrlnoise S]
//                    [--testspeed PATH | --no-mujoco]
// Scenes file: "PATH [STEPS]" per line, '#' comments; relative paths are from the
// repository root; missing files are skipped. --scale multiplies every STEPS.
// Uses the public MuJoCo API only.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

#ifndef SINEW_SOURCE_DIR
#define SINEW_SOURCE_DIR "."
#endif
#ifndef SINEW_BENCH_SCENES
#define SINEW_BENCH_SCENES SINEW_SOURCE_DIR "/bench/scenes.txt"
#endif

#define MAX_ROUNDS 31

typedef struct {
  const char* scenes;
  int rounds;
  double scale;
  double ctrlnoise;
  const char* testspeed;  // NULL: MuJoCo not compared
} Options;

//---------------------------------- timing Sinew --------------------------------------------------

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
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

// steps per second of `steps` mj_step calls from the initial state (keyframe 0 if
// any) with Gaussian control noise, like testspeed
static double time_sinew(const mjModel* m, int steps, double ctrlnoise) {
  mjData* d = mj_makeData(m);
  if (m->nkey > 0) {
    mj_resetDataKeyframe(m, d, 0);
  }
  uint64_t rng = 0x9E3779B97F4A7C15ULL;
  double start = now();
  for (int k = 0; k < steps; k++) {
    for (int i = 0; i < m->nu && ctrlnoise > 0; i++) {
      double center = 0, half = 1;
      if (m->actuator_ctrllimited[i]) {
        center = 0.5 * (m->actuator_ctrlrange[2 * i] + m->actuator_ctrlrange[2 * i + 1]);
        half = 0.5 * (m->actuator_ctrlrange[2 * i + 1] - m->actuator_ctrlrange[2 * i]);
      }
      d->ctrl[i] = center + ctrlnoise * half * normal(&rng);
    }
    mj_step(m, d);
  }
  double wall = now() - start;
  mj_deleteData(d);
  return wall > 0 ? steps / wall : 0;
}

//---------------------------------- timing MuJoCo -------------------------------------------------

// Run `testspeed MODEL STEPS 1 NOISE` and read its "Steps per second" line; 0 on failure.
static double time_mujoco(const char* testspeed, const char* model, int steps, double ctrlnoise) {
  if (strchr(model, '\'') || strchr(testspeed, '\'')) {
    return 0;
  }
  char cmd[4096];
  int len = snprintf(cmd, sizeof(cmd), "'%s' '%s' %d 1 %g 2>&1", testspeed, model, steps,
                     ctrlnoise);
  if (len < 0 || (size_t)len >= sizeof(cmd)) {
    return 0;
  }
  FILE* p = popen(cmd, "r");
  if (!p) {
    return 0;
  }
  double rate = 0;
  char line[1024];
  while (fgets(line, sizeof(line), p)) {
    const char* key = strstr(line, "Steps per second");
    const char* colon = key ? strchr(key, ':') : NULL;
    if (colon) {
      rate = strtod(colon + 1, NULL);
    }
  }
  return pclose(p) == 0 ? rate : 0;
}

// the testspeed program on PATH, or NULL
static const char* find_testspeed(void) {
  static char path[1024];
  FILE* p = popen("command -v mujoco-testspeed 2>/dev/null", "r");
  if (!p) {
    return NULL;
  }
  int found = fgets(path, sizeof(path), p) != NULL;
  pclose(p);
  if (!found) {
    return NULL;
  }
  path[strcspn(path, "\r\n")] = 0;
  return path[0] ? path : NULL;
}

//---------------------------------- one scene -----------------------------------------------------

static int compare_doubles(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double median(double* v, int n) {
  qsort(v, (size_t)n, sizeof(double), compare_doubles);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void shorten(const char* path, char* out, size_t size) {
  // keep the tail of a long path: the file name is the informative part
  size_t n = strlen(path);
  const char* src = n + 1 > size ? path + n - (size - 1) : path;
  size_t len = strlen(src);
  memcpy(out, src, len + 1);
}

// Bench one scene; returns the Sinew/MuJoCo ratio, or 0 when one side is missing.
static double bench_scene(const Options* o, const char* label, const char* path, int steps) {
  char name[48];
  shorten(label, name, sizeof(name));
  char error[1024] = "";
  mjModel* m = mj_loadXML(path, NULL, error, (int)sizeof(error));
  double sinew[MAX_ROUNDS], mujoco[MAX_ROUNDS];
  int nmujoco = 0;
  for (int r = 0; r < o->rounds; r++) {
    sinew[r] = m ? time_sinew(m, steps, o->ctrlnoise) : 0;
    if (o->testspeed) {
      double rate = time_mujoco(o->testspeed, path, steps, o->ctrlnoise);
      if (rate > 0) {
        mujoco[nmujoco++] = rate;
      }
    }
  }
  double s = m ? median(sinew, o->rounds) : 0;
  double j = nmujoco ? median(mujoco, nmujoco) : 0;
  printf("%-47s %7d", name, steps);
  if (m) {
    printf(" %12.0f", s);
  } else {
    printf(" %12s", "-");
  }
  if (j > 0) {
    printf(" %12.0f", j);
  } else {
    printf(" %12s", "-");
  }
  if (s > 0 && j > 0) {
    printf(" %7.2f\n", s / j);
  } else {
    printf(" %7s\n", "-");
  }
  if (!m) {
    error[strcspn(error, "\n")] = 0;
    printf("    sinew cannot load it: %.200s\n", error);
  }
  mj_deleteModel(m);
  return s > 0 && j > 0 ? s / j : 0;
}

//---------------------------------- main ----------------------------------------------------------

static int parse_options(int argc, char** argv, Options* o) {
  int no_mujoco = 0;
  for (int i = 1; i < argc; i++) {
    const char* v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(argv[i], "--scenes") && v) {
      o->scenes = argv[++i];
    } else if (!strcmp(argv[i], "--rounds") && v) {
      o->rounds = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--scale") && v) {
      o->scale = atof(argv[++i]);
    } else if (!strcmp(argv[i], "--ctrlnoise") && v) {
      o->ctrlnoise = atof(argv[++i]);
    } else if (!strcmp(argv[i], "--testspeed") && v) {
      o->testspeed = argv[++i];
    } else if (!strcmp(argv[i], "--no-mujoco")) {
      no_mujoco = 1;
    } else {
      return 0;
    }
  }
  if (o->rounds < 1 || o->rounds > MAX_ROUNDS || !(o->scale > 0) || !(o->ctrlnoise >= 0)) {
    return 0;
  }
  if (no_mujoco) {
    o->testspeed = NULL;
  } else if (!o->testspeed) {
    o->testspeed = find_testspeed();
  }
  return 1;
}

int main(int argc, char** argv) {
  Options o = {SINEW_BENCH_SCENES, 3, 1.0, 0.01, NULL};
  if (!parse_options(argc, argv, &o)) {
    fprintf(stderr, "usage: sinew-bench [--scenes FILE] [--rounds R (1-%d)] [--scale F] "
                    "[--ctrlnoise S] [--testspeed PATH | --no-mujoco]\n", MAX_ROUNDS);
    return 2;
  }
  FILE* f = fopen(o.scenes, "r");
  if (!f) {
    fprintf(stderr, "sinew-bench: cannot open %s\n", o.scenes);
    return 1;
  }
  printf("sinew-bench: %s, %d rounds alternating, control noise %g\n", o.scenes, o.rounds,
         o.ctrlnoise);
  printf("MuJoCo: %s\n", o.testspeed ? o.testspeed : "not compared (mujoco-testspeed not found)");
  printf("%-47s %7s %12s %12s %7s\n", "scene", "steps", "sinew st/s", "mujoco st/s", "ratio");

  char line[2048];
  double logsum = 0;
  int nratio = 0;
  while (fgets(line, sizeof(line), f)) {
    char rel[1024];
    int steps = 1000;
    char* hash = strchr(line, '#');
    if (hash) {
      *hash = 0;
    }
    if (sscanf(line, "%1023s %d", rel, &steps) < 1) {
      continue;
    }
    char path[3072];
    snprintf(path, sizeof(path), "%s%s%s", rel[0] == '/' ? "" : SINEW_SOURCE_DIR,
             rel[0] == '/' ? "" : "/", rel);
    FILE* probe = fopen(path, "r");
    if (!probe) {
      continue;  // optional scene not present on this machine
    }
    fclose(probe);
    int n = (int)(steps * o.scale);
    double ratio = bench_scene(&o, rel, path, n > 0 ? n : 1);
    if (ratio > 0) {
      logsum += log(ratio);
      nratio++;
    }
  }
  fclose(f);
  if (nratio) {
    printf("geometric mean ratio (sinew/mujoco) over %d scenes: %.2f\n", nratio,
           exp(logsum / nratio));
  }
  return 0;
}
