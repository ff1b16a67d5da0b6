// sinew: command-line front end. `sinew SUBCOMMAND ...`; each subcommand lives in
// its own file. Uses the public MuJoCo API only.
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

#include "cli.h"

typedef struct {
  const char* name;
  int (*fn)(int argc, char** argv);
  const char* usage;
} Subcommand;

static const Subcommand kSubcommands[] = {
  {"run", cli_run, "run MODEL [--steps N]      simulate headless; time, speed, energy"},
  {"speed", cli_speed,
   "speed MODEL [--steps N] [--threads T] [--ctrlnoise S]\n"
   "                             steps per second and a per-stage profile"},
  {"check", cli_check, "check MODEL                load and print the model's sizes"},
};
static const int kNumSubcommands = (int)(sizeof(kSubcommands) / sizeof(kSubcommands[0]));

static void usage(FILE* out) {
  fprintf(out, "usage: sinew SUBCOMMAND ...\n");
  for (int i = 0; i < kNumSubcommands; i++) {
    fprintf(out, "  sinew %s\n", kSubcommands[i].usage);
  }
  fprintf(out, "  sinew version              print the library version\n");
}

// fatal engine errors end the program with a message instead of the default exit
static void on_error(const char* msg) {
  fprintf(stderr, "sinew: error: %s\n", msg);
  exit(CLI_FAIL);
}

static void on_warning(const char* msg) {
  fprintf(stderr, "sinew: warning: %s\n", msg);
}

mjModel* cli_load(const char* file) {
  char error[1024] = "";
  mjModel* m = mj_loadXML(file, NULL, error, (int)sizeof(error));
  if (!m) {
    fprintf(stderr, "sinew: cannot load %s: %s\n", file, error[0] ? error : "unknown error");
  }
  return m;
}

double cli_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int cli_positive_int(const char* option, const char* text, int* value) {
  char* end = NULL;
  errno = 0;
  long v = text ? strtol(text, &end, 10) : 0;
  if (!text || end == text || *end || errno || v <= 0 || v > INT_MAX) {
    fprintf(stderr, "sinew: %s needs a positive integer, got '%s'\n", option, text ? text : "");
    return 0;
  }
  *value = (int)v;
  return 1;
}

int main(int argc, char** argv) {
  if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
      !strcmp(argv[1], "help")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? CLI_USAGE : CLI_OK;
  }
  if (!strcmp(argv[1], "version") || !strcmp(argv[1], "--version")) {
    printf("sinew (MuJoCo API %s)\n", mj_versionString());
    return CLI_OK;
  }
  mju_user_error = on_error;
  mju_user_warning = on_warning;
  for (int i = 0; i < kNumSubcommands; i++) {
    if (!strcmp(argv[1], kSubcommands[i].name)) {
      return kSubcommands[i].fn(argc - 1, argv + 1);
    }
  }
  fprintf(stderr, "sinew: unknown subcommand '%s'\n", argv[1]);
  usage(stderr);
  return CLI_USAGE;
}
