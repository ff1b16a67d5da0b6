// Contact force in the contact frame, recovered from the solver's efc_force (pyramidal
// edges are combined back into normal and friction components).
#include <mujoco/mujoco.h>

void mj_contactForce(const mjModel* m, const mjData* d, int id, mjtNum result[6]) {
  mju_zero(result, 6);
  if (id < 0 || id >= d->ncon) {
    return;
  }
  const mjContact* c = d->contact + id;
  int adr = c->efc_address, dim = c->dim;
  if (adr < 0 || !d->efc_force) {
    return;
  }
  const mjtNum* f = d->efc_force + adr;
  if (dim == 1 || !mj_isPyramidal(m)) {
    mju_copy(result, f, dim);
    return;
  }
  // edge pair k pushes along n + mu_k t_k and n - mu_k t_k: the normal force is the
  // sum over all edges, the k-th frictional component mu_k times the pair difference
  for (int k = 0; k < dim - 1; k++) {
    result[0] += f[2 * k] + f[2 * k + 1];
    result[k + 1] = c->friction[k] * (f[2 * k] - f[2 * k + 1]);
  }
}
