// Constraint assembly: counts the rows of every constraint kind, allocates the efc_*
// arrays in the arena above the contacts, and fills them in MuJoCo's order (equality,
// friction loss, limits, contacts).
#include <mujoco/mujoco.h>

// Contract stub: no rows yet (the assembly helper replaces this).
void mj_makeConstraint(const mjModel* m, mjData* d) {
  (void)m;
  d->ne = d->nf = d->nl = d->nefc = 0;
  d->nJ = d->nA = 0;
}

void mj_mulJacVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  for (int i = 0; i < d->nefc; i++) {
    if (mj_isSparse(m)) {
      int adr = d->efc_J_rowadr[i];
      mjtNum s = 0;
      for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
        s += d->efc_J[adr + k] * vec[d->efc_J_colind[adr + k]];
      }
      res[i] = s;
    } else {
      res[i] = mju_dot(d->efc_J + (size_t)i * nv, vec, nv);
    }
  }
}

void mj_mulJacTVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  mju_zero(res, nv);
  for (int i = 0; i < d->nefc; i++) {
    if (vec[i] == 0) {
      continue;
    }
    if (mj_isSparse(m)) {
      int adr = d->efc_J_rowadr[i];
      for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
        res[d->efc_J_colind[adr + k]] += d->efc_J[adr + k] * vec[i];
      }
    } else {
      mju_addToScl(res, d->efc_J + (size_t)i * nv, vec[i], nv);
    }
  }
}
