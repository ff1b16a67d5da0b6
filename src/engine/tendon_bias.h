// The velocity-product (bias) force of tendon armature, added to qfrc_bias after the RNE.
#ifndef SINEW_ENGINE_TENDON_BIAS_H_
#define SINEW_ENGINE_TENDON_BIAS_H_

#include <mujoco/mujoco.h>

// qfrc += armature * J' * (dJ/dt qvel) for every spatial tendon with armature.
void sn_tendon_bias(const mjModel* m, mjData* d, mjtNum* qfrc);

#endif  // SINEW_ENGINE_TENDON_BIAS_H_
