// Friction-loss rows (dry friction): one row per dof with a positive frictionloss,
// then one per tendon with a positive frictionloss, bounding the force by that value.
// There is no residual; a dof row's Jacobian is the dof's unit vector, a tendon row's
// is the tendon's Jacobian (its moment arms).
#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"

sn_efc_count sn_friction_count(const mjModel* m, const mjData* d) {
  sn_efc_count c = {0, 0};
  for (int i = 0; i < m->nv; i++) {
    if (m->dof_frictionloss[i] > 0) {
      c.rows++;
      c.nnz++;
    }
  }
  for (int t = 0; t < m->ntendon; t++) {
    if (m->tendon_frictionloss[t] > 0) {
      c.rows++;
      c.nnz += sn_efc_tendon_nnz(m, d, t);
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
  for (int t = 0; t < m->ntendon; t++) {
    if (!(m->tendon_frictionloss[t] > 0)) {
      continue;
    }
    sn_efc_tendon(b, t, 1);
    sn_efc_param p = {m->tendon_solref_fri + mjNREF * t, m->tendon_solimp_fri + mjNIMP * t, 0,
                      0, m->tendon_frictionloss[t], m->tendon_invweight0[t], 1};
    sn_efc_tendon_mark(b, t);
    sn_efc_push(b, mjCNSTR_FRICTION_TENDON, t, b->jac, &p);
    sn_efc_clearjac(b);
  }
}
