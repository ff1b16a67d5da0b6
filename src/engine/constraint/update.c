// The soft-constraint model's penalty s(jar): from jar = J*qacc - aref each row gets its
// state (quadratic, linear friction side, satisfied, cone), force and cost; the solvers
// and inverse dynamics share it.
#include <mujoco/mujoco.h>

// Contract stub (the solver helper replaces this).
void mj_constraintUpdate(const mjModel* m, mjData* d, const mjtNum* jar, mjtNum cost[1],
                         int flg_coneHessian) {
  (void)jar;
  (void)flg_coneHessian;
  mju_zero(d->qfrc_constraint, m->nv);
  if (cost) {
    cost[0] = 0;
  }
}
