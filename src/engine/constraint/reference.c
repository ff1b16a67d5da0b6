// Reference acceleration of the soft constraint model: efc_vel = J*qvel and
// efc_aref = -B*efc_vel - K*imp*(pos - margin) from each row's KBIP.
#include <mujoco/mujoco.h>

void mj_referenceConstraint(const mjModel* m, mjData* d) {
  int nefc = d->nefc;
  if (!nefc) {
    return;
  }
  mj_mulJacVec(m, d, d->efc_vel, d->qvel);
  for (int i = 0; i < nefc; i++) {
    const mjtNum* kbip = d->efc_KBIP + 4 * i;
    d->efc_aref[i] =
        -kbip[1] * d->efc_vel[i] - kbip[0] * kbip[2] * (d->efc_pos[i] - d->efc_margin[i]);
  }
}
