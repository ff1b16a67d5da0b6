// Spatial algebra in the com-based frames used by the smooth dynamics stages
// (com, inertia, rne, jacobian). Spatial vectors are [rotation(3); translation(3)];
// a body inertia in the com frame (cinert, crb) is 10 numbers: the 3x3 symmetric
// rotational inertia about the frame origin (xx, yy, zz, xy, xz, yz), the first
// moment mass*(com - origin), and the mass.
#ifndef SINEW_ENGINE_COM_H_
#define SINEW_ENGINE_COM_H_

#include <mujoco/mujoco.h>

#include "math/inline.h"

// res = vel x vec for motion vectors (res must not alias the inputs).
static inline void sn_crossMotion(mjtNum res[6], const mjtNum vel[6], const mjtNum vec[6]) {
  res[0] = vel[1] * vec[2] - vel[2] * vec[1];
  res[1] = vel[2] * vec[0] - vel[0] * vec[2];
  res[2] = vel[0] * vec[1] - vel[1] * vec[0];
  res[3] = vel[1] * vec[5] - vel[2] * vec[4] + vel[4] * vec[2] - vel[5] * vec[1];
  res[4] = vel[2] * vec[3] - vel[0] * vec[5] + vel[5] * vec[0] - vel[3] * vec[2];
  res[5] = vel[0] * vec[4] - vel[1] * vec[3] + vel[3] * vec[1] - vel[4] * vec[0];
}

// res = vel x* f for force vectors (res must not alias the inputs).
static inline void sn_crossForce(mjtNum res[6], const mjtNum vel[6], const mjtNum f[6]) {
  res[0] = vel[1] * f[2] - vel[2] * f[1] + vel[4] * f[5] - vel[5] * f[4];
  res[1] = vel[2] * f[0] - vel[0] * f[2] + vel[5] * f[3] - vel[3] * f[5];
  res[2] = vel[0] * f[1] - vel[1] * f[0] + vel[3] * f[4] - vel[4] * f[3];
  res[3] = vel[1] * f[5] - vel[2] * f[4];
  res[4] = vel[2] * f[3] - vel[0] * f[5];
  res[5] = vel[0] * f[4] - vel[1] * f[3];
}

// res = inert * vec: momentum [I w + h x v; m v - h x w] of motion vec = [w; v]
// (res must not alias vec).
static inline void sn_mulInertVec(mjtNum res[6], const mjtNum inert[10], const mjtNum vec[6]) {
  const mjtNum* h = inert + 6;
  mjtNum m = inert[9];
  res[0] = inert[0] * vec[0] + inert[3] * vec[1] + inert[4] * vec[2] + h[1] * vec[5] - h[2] * vec[4];
  res[1] = inert[3] * vec[0] + inert[1] * vec[1] + inert[5] * vec[2] + h[2] * vec[3] - h[0] * vec[5];
  res[2] = inert[4] * vec[0] + inert[5] * vec[1] + inert[2] * vec[2] + h[0] * vec[4] - h[1] * vec[3];
  res[3] = m * vec[3] - h[1] * vec[2] + h[2] * vec[1];
  res[4] = m * vec[4] - h[2] * vec[0] + h[0] * vec[2];
  res[5] = m * vec[5] - h[0] * vec[1] + h[1] * vec[0];
}

// 6-vector dot product.
static inline mjtNum sn_dot6(const mjtNum a[6], const mjtNum b[6]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5];
}

// Body accelerations in the com frame: cacc[b] = cacc[parent] + sum cdof_dot*qvel
// (+ cdof*qacc when qacc is given), the world accelerating at -gravity when gravity is
// set (and not disabled). Shared by the RNE, mj_rnePostConstraint and the tendon
// armature bias (zero qacc, no gravity).
void sn_bodyAcc(const mjModel* m, const mjData* d, mjtNum* cacc, const mjtNum* qacc,
                int gravity);

#endif  // SINEW_ENGINE_COM_H_
