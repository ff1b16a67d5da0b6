// The shared frame of the command-driven probes (inverse_probe.c, rnepost_probe.c):
// each reads commands and numbers from stdin, answers one line per command with numbers
// printed as %.17g, and uses only the public API. A probe defines its command handler
// and calls stdin_probe_main from main.
#ifndef SINEW_TESTS_CONFORMANCE_STDIN_PROBE_H_
#define SINEW_TESTS_CONFORMANCE_STDIN_PROBE_H_

#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

static const char* stdin_probe_name = "probe";

// The next number on stdin (any strtod format); the end of input is a usage error.
static double num(void) {
  char w[128];
  if (scanf("%127s", w) != 1) {
    fprintf(stderr, "%s: unexpected end of input\n", stdin_probe_name);
    exit(2);
  }
  return strtod(w, NULL);
}

static void nums(mjtNum* out, int n) {
  for (int i = 0; i < n; i++) {
    out[i] = num();
  }
}

static void put(const mjtNum* v, int n) {
  for (int i = 0; i < n; i++) {
    printf(" %.17g", v[i]);
  }
}

// Load the model named on the command line and hand every command word on stdin to run.
static int stdin_probe_main(int argc, char** argv, const char* name,
                            void (*run)(mjModel* m, mjData* d, const char* cmd)) {
  stdin_probe_name = name;
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODEL.xml < commands\n", name);
    return 2;
  }
  char error[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof(error));
  if (!m) {
    fprintf(stderr, "%s: %s\n", name, error);
    return 1;
  }
  mjData* d = mj_makeData(m);
  char cmd[128];
  while (scanf("%127s", cmd) == 1) {
    run(m, d, cmd);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}

#endif  // SINEW_TESTS_CONFORMANCE_STDIN_PROBE_H_
