// inverse_probe: run inverse dynamics on states given on stdin, so that inverse.mjs
// can ask MuJoCo 3.3.8 (mujoco-js) the same questions and compare.
//
// usage: inverse_probe MODEL.xml < commands
// Commands (numbers in any strtod format):
//   opt integrator enableflags disableflags solver iterations
//                                              set m->opt fields
//   state qpos[nq] qvel[nv] act[na] ctrl[nu] qfrc_applied[nv] xfrc_applied[6 nbody] qacc[nv]
//                                              reset d, then set the inputs
//   inverse      mj_inverse          -> nefc qfrc_inverse[nv] qfrc_constraint[nv] energy[2]
//                                       qacc[nv] efc_force[nefc]
//   compare      mj_forward, mj_compareFwdInv
//                                    -> nefc qacc[nv] fwdinv[2] qfrc_inverse[nv] efc_force[nefc]
//   roundtrip    mj_forward, mj_inverse -> qfrc_inverse[nv] energy[2]
//   step         mj_step              -> fwdinv[2] qvel[nv] energy[2] qfrc_inverse[nv]
//   rows         the current rows     -> nefc type[nefc] id[nefc] pos[nefc] vel[nefc]
//                                       aref[nefc] R[nefc] D[nefc] (for diagnosis)
// Each answer is one line; numbers printed with %.17g. Uses only the public API.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "stdin_probe.h"

static void run(mjModel* m, mjData* d, const char* cmd) {
  int nv = m->nv;
  if (strcmp(cmd, "opt") == 0) {
    m->opt.integrator = (int)num();
    m->opt.enableflags = (int)num();
    m->opt.disableflags = (int)num();
    m->opt.solver = (int)num();
    m->opt.iterations = (int)num();
    return;
  }
  if (strcmp(cmd, "state") == 0) {
    mj_resetData(m, d);
    nums(d->qpos, m->nq);
    nums(d->qvel, nv);
    nums(d->act, m->na);
    nums(d->ctrl, m->nu);
    nums(d->qfrc_applied, nv);
    nums(d->xfrc_applied, 6 * m->nbody);
    nums(d->qacc, nv);
    return;
  }
  if (strcmp(cmd, "inverse") == 0) {
    mj_inverse(m, d);
    printf("%d", d->nefc);
    put(d->qfrc_inverse, nv);
    put(d->qfrc_constraint, nv);
    put(d->energy, 2);
    put(d->qacc, nv);
    put(d->efc_force, d->nefc);
  } else if (strcmp(cmd, "compare") == 0) {
    mj_forward(m, d);
    mj_compareFwdInv(m, d);
    printf("%d", d->nefc);
    put(d->qacc, nv);
    put(d->solver_fwdinv, 2);
    put(d->qfrc_inverse, nv);
    put(d->efc_force, d->nefc);
  } else if (strcmp(cmd, "roundtrip") == 0) {
    mj_forward(m, d);
    mj_inverse(m, d);
    put(d->qfrc_inverse, nv);
    put(d->energy, 2);
  } else if (strcmp(cmd, "rows") == 0) {
    printf("%d", d->nefc);
    for (int i = 0; i < d->nefc; i++) {
      printf(" %d", d->efc_type[i]);
    }
    for (int i = 0; i < d->nefc; i++) {
      printf(" %d", d->efc_id[i]);
    }
    put(d->efc_pos, d->nefc);
    put(d->efc_vel, d->nefc);
    put(d->efc_aref, d->nefc);
    put(d->efc_R, d->nefc);
    put(d->efc_D, d->nefc);
  } else if (strcmp(cmd, "step") == 0) {
    mj_step(m, d);
    put(d->solver_fwdinv, 2);
    put(d->qvel, nv);
    put(d->energy, 2);
    put(d->qfrc_inverse, nv);
  } else {
    fprintf(stderr, "inverse_probe: unknown command '%s'\n", cmd);
    exit(2);
  }
  printf("\n");
  fflush(stdout);
}

int main(int argc, char** argv) {
  return stdin_probe_main(argc, argv, "inverse_probe", run);
}
