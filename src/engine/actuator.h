// Internal helpers of the actuation stage shared with integration and derivatives.
#ifndef SINEW_ENGINE_ACTUATOR_H_
#define SINEW_ENGINE_ACTUATOR_H_

#include <mujoco/mujoco.h>

// Whether actuator i belongs to a group switched off by opt.disableactuator.
int sn_actuatorDisabled(const mjModel* m, int i);

// Activation adr of actuator i after one step with rate act_dot (exact for
// filterexact), clamped to actrange when actlimited.
mjtNum sn_nextActivation(const mjModel* m, const mjData* d, int i, int adr, mjtNum act_dot);

// Gain term of actuator i at the current length and velocity.
mjtNum sn_actuatorGain(const mjModel* m, const mjData* d, int i);

// Bias term of actuator i at the current length and velocity.
mjtNum sn_actuatorBias(const mjModel* m, const mjData* d, int i);

#endif  // SINEW_ENGINE_ACTUATOR_H_
