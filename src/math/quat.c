// Quaternions (w, x, y, z) and their conversions to and from rotation matrices.
#include <string.h>

#include <mujoco/mujoco.h>

#include "math/inline.h"

void mju_rotVecQuat(mjtNum res[3], const mjtNum vec[3], const mjtNum quat[4]) {
  sn_rotVecQuat(res, vec, quat);
}

void mju_negQuat(mjtNum res[4], const mjtNum quat[4]) {
  sn_negQuat(res, quat);
}

void mju_mulQuat(mjtNum res[4], const mjtNum quat1[4], const mjtNum quat2[4]) {
  sn_mulQuat(res, quat1, quat2);
}

void mju_mulQuatAxis(mjtNum res[4], const mjtNum quat[4], const mjtNum axis[3]) {
  mjtNum w = -quat[1] * axis[0] - quat[2] * axis[1] - quat[3] * axis[2];
  mjtNum x = quat[0] * axis[0] + quat[2] * axis[2] - quat[3] * axis[1];
  mjtNum y = quat[0] * axis[1] + quat[3] * axis[0] - quat[1] * axis[2];
  mjtNum z = quat[0] * axis[2] + quat[1] * axis[1] - quat[2] * axis[0];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

void mju_axisAngle2Quat(mjtNum res[4], const mjtNum axis[3], mjtNum angle) {
  if (angle == 0) {
    res[0] = 1;
    res[1] = 0;
    res[2] = 0;
    res[3] = 0;
    return;
  }
  mjtNum s = sin(0.5 * angle);
  res[0] = cos(0.5 * angle);
  res[1] = axis[0] * s;
  res[2] = axis[1] * s;
  res[3] = axis[2] * s;
}

// log map: quat = (cos(a/2), u sin(a/2)) gives u*a/dt with a wrapped to (-pi, pi]
void mju_quat2Vel(mjtNum res[3], const mjtNum quat[4], mjtNum dt) {
  mjtNum axis[3] = {quat[1], quat[2], quat[3]};
  mjtNum sin_a_2 = sn_normalize3(axis);
  mjtNum speed = 2 * atan2(sin_a_2, quat[0]);
  if (speed > mjPI) {
    speed -= 2 * mjPI;
  }
  speed /= dt;
  sn_scl3(res, axis, speed);
}

void mju_subQuat(mjtNum res[3], const mjtNum qa[4], const mjtNum qb[4]) {
  mjtNum qneg[4], qdif[4];
  sn_negQuat(qneg, qb);
  sn_mulQuat(qdif, qneg, qa);
  mju_quat2Vel(res, qdif, 1);
}

void mju_quat2Mat(mjtNum res[9], const mjtNum quat[4]) {
  sn_quat2Mat(res, quat);
}

// Shepperd's method: take the square root of the largest of 4w^2, 4x^2, 4y^2, 4z^2 (read off
// the trace and diagonal), derive the other components from the off-diagonal sums and
// differences, then renormalise.
void mju_mat2Quat(mjtNum quat[4], const mjtNum mat[9]) {
  if (mat[0] + mat[4] + mat[8] > 0) {
    mjtNum s = 2 * sqrt(1 + mat[0] + mat[4] + mat[8]);  // 4w
    quat[0] = 0.25 * s;
    quat[1] = (mat[7] - mat[5]) / s;
    quat[2] = (mat[2] - mat[6]) / s;
    quat[3] = (mat[3] - mat[1]) / s;
  } else if (mat[0] > mat[4] && mat[0] > mat[8]) {
    mjtNum s = 2 * sqrt(1 + mat[0] - mat[4] - mat[8]);  // 4x
    quat[0] = (mat[7] - mat[5]) / s;
    quat[1] = 0.25 * s;
    quat[2] = (mat[1] + mat[3]) / s;
    quat[3] = (mat[2] + mat[6]) / s;
  } else if (mat[4] > mat[8]) {
    mjtNum s = 2 * sqrt(1 - mat[0] + mat[4] - mat[8]);  // 4y
    quat[0] = (mat[2] - mat[6]) / s;
    quat[1] = (mat[1] + mat[3]) / s;
    quat[2] = 0.25 * s;
    quat[3] = (mat[5] + mat[7]) / s;
  } else {
    mjtNum s = 2 * sqrt(1 - mat[0] - mat[4] + mat[8]);  // 4z
    quat[0] = (mat[3] - mat[1]) / s;
    quat[1] = (mat[2] + mat[6]) / s;
    quat[2] = (mat[5] + mat[7]) / s;
    quat[3] = 0.25 * s;
  }
  mju_normalize4(quat);
}

// MuJoCo 3.3.8 returns 0.5*(0,vel)*quat (checked against the oracle), i.e. the derivative
// under an angular velocity vel expressed in the parent (not the local) frame.
void mju_derivQuat(mjtNum res[4], const mjtNum quat[4], const mjtNum vel[3]) {
  mjtNum w = -vel[0] * quat[1] - vel[1] * quat[2] - vel[2] * quat[3];
  mjtNum x = vel[0] * quat[0] + vel[1] * quat[3] - vel[2] * quat[2];
  mjtNum y = -vel[0] * quat[3] + vel[1] * quat[0] + vel[2] * quat[1];
  mjtNum z = vel[0] * quat[2] - vel[1] * quat[1] + vel[2] * quat[0];
  res[0] = 0.5 * w;
  res[1] = 0.5 * x;
  res[2] = 0.5 * y;
  res[3] = 0.5 * z;
}

void mju_quatIntegrate(mjtNum quat[4], const mjtNum vel[3], mjtNum scale) {
  mjtNum axis[3] = {vel[0], vel[1], vel[2]};
  mjtNum angle = scale * sn_normalize3(axis);
  mjtNum qrot[4];
  mju_axisAngle2Quat(qrot, axis, angle);
  sn_mulQuat(quat, quat, qrot);
  mju_normalize4(quat);
}

void mju_quatZ2Vec(mjtNum quat[4], const mjtNum vec[3]) {
  mjtNum v[3] = {vec[0], vec[1], vec[2]};
  if (sn_normalize3(v) < mjMINVAL) {
    // no direction: identity
    quat[0] = 1;
    quat[1] = 0;
    quat[2] = 0;
    quat[3] = 0;
    return;
  }
  // axis = z x v
  mjtNum axis[3] = {-v[1], v[0], 0};
  mjtNum s = sn_normalize3(axis);
  if (s < mjMINVAL) {
    // parallel: identity; antiparallel: half turn about x
    quat[0] = 1;
    quat[1] = 0;
    quat[2] = 0;
    quat[3] = 0;
    if (v[2] < 0) {
      quat[0] = 0;
      quat[1] = 1;
    }
    return;
  }
  mju_axisAngle2Quat(quat, axis, atan2(s, v[2]));
}

// Mueller et al. 2016, "A robust method to extract the rotational part of deformations":
// repeatedly rotate quat by the rotation vector sum_i(r_i x a_i) / |sum_i(r_i . a_i)|,
// r_i and a_i being the columns of the current rotation and of mat.
int mju_mat2Rot(mjtNum quat[4], const mjtNum mat[9]) {
  const int maxiter = 500;
  int iter;
  for (iter = 0; iter < maxiter; iter++) {
    mjtNum rot[9];
    sn_quat2Mat(rot, quat);
    mjtNum omega[3] = {0, 0, 0};
    mjtNum dot = 0;
    for (int c = 0; c < 3; c++) {
      mjtNum r[3] = {rot[c], rot[3 + c], rot[6 + c]};
      mjtNum a[3] = {mat[c], mat[3 + c], mat[6 + c]};
      mjtNum cr[3];
      sn_cross(cr, r, a);
      sn_addTo3(omega, cr);
      dot += sn_dot3(r, a);
    }
    sn_scl3(omega, omega, 1 / (fabs(dot) + mjMINVAL));
    mjtNum w = sn_normalize3(omega);
    if (w < 1e-9) {
      break;
    }
    mjtNum qrot[4];
    mju_axisAngle2Quat(qrot, omega, w);
    sn_mulQuat(quat, qrot, quat);
    mju_normalize4(quat);
  }
  return iter;
}

// Lower-case letters rotate about the moving (intrinsic) axes, so their factor multiplies
// on the right; upper-case letters rotate about the fixed (extrinsic) axes, on the left.
void mju_euler2Quat(mjtNum quat[4], const mjtNum euler[3], const char* seq) {
  if (!seq || strlen(seq) != 3) {
    mju_error("mju_euler2Quat: seq must contain exactly 3 characters");
    return;
  }
  mjtNum q[4] = {1, 0, 0, 0};
  for (int i = 0; i < 3; i++) {
    mjtNum axis[3] = {0, 0, 0};
    char c = seq[i];
    switch (c) {
      case 'x': case 'X': axis[0] = 1; break;
      case 'y': case 'Y': axis[1] = 1; break;
      case 'z': case 'Z': axis[2] = 1; break;
      default:
        mju_error("mju_euler2Quat: seq[%d] is '%c', should be one of x, y, z, X, Y, Z", i, c);
        return;
    }
    mjtNum r[4];
    mju_axisAngle2Quat(r, axis, euler[i]);
    if (c >= 'a') {
      sn_mulQuat(q, q, r);
    } else {
      sn_mulQuat(q, r, q);
    }
  }
  quat[0] = q[0];
  quat[1] = q[1];
  quat[2] = q[2];
  quat[3] = q[3];
}
