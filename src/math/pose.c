// Poses: a position and a unit quaternion, composed like rigid transforms.
#include <mujoco/mujoco.h>

#include "math/inline.h"

void mju_mulPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos1[3],
                 const mjtNum quat1[4], const mjtNum pos2[3], const mjtNum quat2[4]) {
  mjtNum p[3], q[4];
  sn_rotVecQuat(p, pos2, quat1);
  sn_addTo3(p, pos1);
  sn_mulQuat(q, quat1, quat2);
  sn_copy3(posres, p);
  quatres[0] = q[0];
  quatres[1] = q[1];
  quatres[2] = q[2];
  quatres[3] = q[3];
}

void mju_negPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos[3],
                 const mjtNum quat[4]) {
  mjtNum q[4], p[3];
  sn_negQuat(q, quat);
  sn_rotVecQuat(p, pos, q);
  sn_scl3(posres, p, -1);
  quatres[0] = q[0];
  quatres[1] = q[1];
  quatres[2] = q[2];
  quatres[3] = q[3];
}

void mju_trnVecPose(mjtNum res[3], const mjtNum pos[3], const mjtNum quat[4],
                    const mjtNum vec[3]) {
  mjtNum p[3];
  sn_rotVecQuat(p, vec, quat);
  sn_add3(res, p, pos);
}
