// Friction-loss rows (dry friction): one row per dof with a positive frictionloss,
// bounding the force by that value. There is no residual; the row's Jacobian is the
// dof's unit vector.
#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"

sn_efc_count sn_friction_count(const mjModel* m, const mjData* d) {
  (void)d;
  sn_efc_count c = {0, 0};
  for (int i = 0; i < m->nv; i++) {
    if (m->dof_frictionloss[i] > 0) {
      c.rows++;
      c.nnz++;
    }
  }
  return c;
}

void sn_friction_emit(sn_efc* b) {
  const mjModel* m = b->m;
  for (int i = 0; i < m->nv; i++) {
    if (!(m->dof_frictionloss[i] > 0)) {
      continue;
    }
    b->chain[0] = i;
    b->nchain = 1;
    b->jac[i] = 1;
    sn_efc_param p = {m->dof_solref + mjNREF * i, m->dof_solimp + mjNIMP * i, 0, 0,
                      m->dof_frictionloss[i], m->dof_invweight0[i], 1};
    sn_efc_push(b, mjCNSTR_FRICTION_DOF, i, b->jac, &p);
    b->jac[i] = 0;
  }
}
