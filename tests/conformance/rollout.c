// rollout: load a model, enable the energy flag, step it from its initial state with
// zero controls, and print per step the contact count, the deepest penetration and
// the total mechanical energy as one line of JSON. rollout.mjs runs MuJoCo 3.3.8 on
// the same model and judges the two series. Uses only the public MuJoCo API.
//
// usage: rollout MODEL.xml STEPS
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

static void print_series(const char* name, const double* x, int n, int last) {
  printf("\"%s\":[", name);
  for (int i = 0; i < n; i++) {
    printf(i ? ",%.10g" : "%.10g", x[i]);
  }
  printf("]%s", last ? "" : ",");
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: rollout MODEL.xml STEPS\n");
    return 2;
  }
  int steps = atoi(argv[2]);
  if (steps <= 0) {
    fprintf(stderr, "rollout: STEPS must be positive\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    fprintf(stderr, "rollout: %s\n", err);
    return 1;
  }
  m->opt.enableflags |= mjENBL_ENERGY;
  mjData* d = mj_makeData(m);
  double* buf = malloc(sizeof(double) * 3 * (size_t)steps);
  if (!d || !buf) {
    fprintf(stderr, "rollout: out of memory\n");
    return 1;
  }
  double *ncon = buf, *mindist = buf + steps, *energy = buf + 2 * steps;
  for (int k = 0; k < steps; k++) {
    mj_step(m, d);
    double md = 0;
    for (int i = 0; i < d->ncon; i++) {
      md = d->contact[i].dist < md ? d->contact[i].dist : md;
    }
    ncon[k] = d->ncon;
    mindist[k] = md;
    energy[k] = d->energy[0] + d->energy[1];
  }
  printf("{");
  print_series("ncon", ncon, steps, 0);
  print_series("mindist", mindist, steps, 0);
  print_series("energy", energy, steps, 0);
  printf("\"warnings\":%d}\n", d->warning[mjWARN_BADQACC].number);
  free(buf);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
