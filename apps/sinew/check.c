// sinew check MODEL: load and compile a model and print its sizes, or the load
// error (which names file:line:column) with a non-zero exit status.
#include <stdio.h>

#include <mujoco/mujoco.h>

#include "cli.h"

typedef struct {
  const char* name;
  int value;
} Size;

static const char* integrator_name(int integrator) {
  switch (integrator) {
    case mjINT_EULER: return "Euler";
    case mjINT_RK4: return "RK4";
    case mjINT_IMPLICIT: return "implicit";
    case mjINT_IMPLICITFAST: return "implicitfast";
    default: return "unknown";
  }
}

static void print_sizes(const mjModel* m) {
  const Size sizes[] = {
    {"nq", m->nq}, {"nv", m->nv}, {"nu", m->nu}, {"na", m->na},
    {"nbody", m->nbody}, {"njnt", m->njnt}, {"ngeom", m->ngeom}, {"nsite", m->nsite},
    {"ncam", m->ncam}, {"nlight", m->nlight}, {"ntex", m->ntex}, {"nmat", m->nmat},
    {"nmesh", m->nmesh}, {"nkey", m->nkey}, {"nmocap", m->nmocap}, {"ntendon", m->ntendon},
    {"neq", m->neq}, {"nsensor", m->nsensor}, {"ntree", m->ntree}, {"nM", m->nM},
    {"nC", m->nC}, {"nD", m->nD},
  };
  for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
    printf("  %-11s %d\n", sizes[i].name, sizes[i].value);
  }
  printf("  %-11s %g\n", "timestep", (double)m->opt.timestep);
  printf("  %-11s %s\n", "integrator", integrator_name(m->opt.integrator));
  printf("  %-11s %g\n", "totalmass", (double)mj_getTotalmass(m));
}

int cli_check(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: sinew check MODEL\n");
    return CLI_USAGE;
  }
  mjModel* m = cli_load(argv[1]);
  if (!m) {
    return CLI_FAIL;
  }
  printf("%s: ok\n", argv[1]);
  print_sizes(m);

  // the model must also allocate data and run one forward pass
  mjData* d = mj_makeData(m);
  if (!d) {
    fprintf(stderr, "sinew: cannot allocate mjData for %s\n", argv[1]);
    mj_deleteModel(m);
    return CLI_FAIL;
  }
  mj_forward(m, d);
  mj_deleteData(d);
  mj_deleteModel(m);
  return CLI_OK;
}
