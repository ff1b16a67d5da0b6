// rnepost_probe: mj_forward followed by mj_rnePostConstraint on states given on
// stdin, so that rnepost.mjs can ask MuJoCo 3.3.8 (mujoco-js) the same question.
//
// usage: rnepost_probe MODEL.xml < commands
// Commands (numbers in any strtod format):
//   state qpos[nq] qvel[nv] act[na] ctrl[nu] qfrc_applied[nv] xfrc_applied[6 nbody]
//         reset d, then set the inputs
//   run   mj_forward, mj_rnePostConstraint
//         -> ncon nefc qacc[nv] cacc[6 nbody] cfrc_int[6 nbody] cfrc_ext[6 nbody]
//            sensordata[nsensordata]
// Each answer is one line; numbers printed with %.17g. Uses only the public API.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "stdin_probe.h"

static void run(mjModel* m, mjData* d, const char* cmd) {
  if (strcmp(cmd, "state") == 0) {
    mj_resetData(m, d);
    nums(d->qpos, m->nq);
    nums(d->qvel, m->nv);
    nums(d->act, m->na);
    nums(d->ctrl, m->nu);
    nums(d->qfrc_applied, m->nv);
    nums(d->xfrc_applied, 6 * m->nbody);
    return;
  }
  if (strcmp(cmd, "run") != 0) {
    fprintf(stderr, "rnepost_probe: unknown command '%s'\n", cmd);
    exit(2);
  }
  mj_forward(m, d);
  mj_rnePostConstraint(m, d);
  printf("%d %d", d->ncon, d->nefc);
  put(d->qacc, m->nv);
  put(d->cacc, 6 * m->nbody);
  put(d->cfrc_int, 6 * m->nbody);
  put(d->cfrc_ext, 6 * m->nbody);
  put(d->sensordata, m->nsensordata);
  printf("\n");
  fflush(stdout);
}

int main(int argc, char** argv) {
  return stdin_probe_main(argc, argv, "rnepost_probe", run);
}
