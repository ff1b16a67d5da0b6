// Analytical velocity derivatives of the smooth forces (for implicit integration).
#ifndef SINEW_ENGINE_DERIVATIVE_H_
#define SINEW_ENGINE_DERIVATIVE_H_

#include <mujoco/mujoco.h>

// Address of entry (row, col) in the D pattern, or -1 when it is not stored.
int sn_Dindex(const mjModel* m, int row, int col);

// d->qDeriv = d(qfrc_smooth)/d(qvel) in the D pattern: actuator velocity gains
// and biases, joint and tendon damping, and (flg_bias) minus the derivative of
// the RNE bias forces. Needs the position and velocity stages and mj_fwdActuation.
void sn_smoothVelDeriv(const mjModel* m, mjData* d, int flg_bias);

#endif  // SINEW_ENGINE_DERIVATIVE_H_
