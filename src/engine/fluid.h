// Fluid forces (computation chapter, "Fluid forces"): the inertia-box model per
// body and the ellipsoid model per geom with fluidshape="ellipsoid".
#ifndef SINEW_ENGINE_FLUID_H_
#define SINEW_ENGINE_FLUID_H_

#include <mujoco/mujoco.h>

// Semi-axes of the ellipsoid that stands for a geom of the given type and size.
void sn_fluid_semiaxes(int type, const mjtNum size[3], mjtNum semi[3]);

// Whether the model has a fluid at all (positive density or viscosity).
int sn_fluid_active(const mjModel* m);

// d->qfrc_fluid += fluid forces of every body (needs positions and velocities).
void sn_fluid(const mjModel* m, mjData* d);

// d->qDeriv += d(qfrc_fluid)/d(qvel) in the D pattern; symmetrised (B + B')/2
// per body or geom when flg_symmetric is set (for implicitfast).
void sn_fluid_vel(const mjModel* m, mjData* d, int flg_symmetric);

#endif  // SINEW_ENGINE_FLUID_H_
