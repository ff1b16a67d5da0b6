// Small model queries that decide which code path the pipeline takes.
#include <mujoco/mujoco.h>

int mj_isPyramidal(const mjModel* m) {
  return m->opt.cone == mjCONE_PYRAMIDAL;
}

int mj_isSparse(const mjModel* m) {
  // "auto" switches to sparse Jacobians once dense ones would be mostly zeros
  if (m->opt.jacobian == mjJAC_DENSE) {
    return 0;
  }
  if (m->opt.jacobian == mjJAC_SPARSE) {
    return 1;
  }
  return m->nv >= 60;
}

int mj_isDual(const mjModel* m) {
  // PGS and noslip work on the constraint forces (dual variables)
  return m->opt.solver == mjSOL_PGS || m->opt.noslip_iterations > 0;
}
