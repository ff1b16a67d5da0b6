// Inline 3-vector, 3x3-matrix and quaternion kernels for hot engine code.
// The exported mju_* functions in vector.c and quat.c call these, so engine code that
// includes this header gets bit-identical results without a function call.
// Matrices are row-major; quaternions are (w, x, y, z).
#ifndef SINEW_MATH_INLINE_H_
#define SINEW_MATH_INLINE_H_

#include <math.h>
#include <mujoco/mjtnum.h>

// res = vec.
static inline void sn_copy3(mjtNum res[3], const mjtNum vec[3]) {
  res[0] = vec[0];
  res[1] = vec[1];
  res[2] = vec[2];
}

// res = 0.
static inline void sn_zero3(mjtNum res[3]) {
  res[0] = 0;
  res[1] = 0;
  res[2] = 0;
}

// res = a + b.
static inline void sn_add3(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  res[0] = a[0] + b[0];
  res[1] = a[1] + b[1];
  res[2] = a[2] + b[2];
}

// res = a - b.
static inline void sn_sub3(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  res[0] = a[0] - b[0];
  res[1] = a[1] - b[1];
  res[2] = a[2] - b[2];
}

// res = vec*scl.
static inline void sn_scl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl) {
  res[0] = vec[0] * scl;
  res[1] = vec[1] * scl;
  res[2] = vec[2] * scl;
}

// res += vec.
static inline void sn_addTo3(mjtNum res[3], const mjtNum vec[3]) {
  res[0] += vec[0];
  res[1] += vec[1];
  res[2] += vec[2];
}

// res -= vec.
static inline void sn_subFrom3(mjtNum res[3], const mjtNum vec[3]) {
  res[0] -= vec[0];
  res[1] -= vec[1];
  res[2] -= vec[2];
}

// res += vec*scl.
static inline void sn_addToScl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl) {
  res[0] += vec[0] * scl;
  res[1] += vec[1] * scl;
  res[2] += vec[2] * scl;
}

// res = a + b*scl.
static inline void sn_addScl3(mjtNum res[3], const mjtNum a[3], const mjtNum b[3], mjtNum scl) {
  res[0] = a[0] + b[0] * scl;
  res[1] = a[1] + b[1] * scl;
  res[2] = a[2] + b[2] * scl;
}

// a . b
static inline mjtNum sn_dot3(const mjtNum a[3], const mjtNum b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// |vec|
static inline mjtNum sn_norm3(const mjtNum vec[3]) {
  return sqrt(vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2]);
}

// Normalise in place, returning the old norm; a vector shorter than mjMINVAL becomes (1,0,0).
static inline mjtNum sn_normalize3(mjtNum vec[3]) {
  mjtNum norm = sqrt(vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2]);
  if (norm < mjMINVAL) {
    vec[0] = 1;
    vec[1] = 0;
    vec[2] = 0;
  } else {
    mjtNum inv = 1 / norm;
    vec[0] *= inv;
    vec[1] *= inv;
    vec[2] *= inv;
  }
  return norm;
}

// res = a x b (res may alias a or b).
static inline void sn_cross(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  mjtNum x = a[1] * b[2] - a[2] * b[1];
  mjtNum y = a[2] * b[0] - a[0] * b[2];
  mjtNum z = a[0] * b[1] - a[1] * b[0];
  res[0] = x;
  res[1] = y;
  res[2] = z;
}

// res = mat*vec, mat 3x3 row-major (res may alias vec).
static inline void sn_mulMatVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]) {
  mjtNum x = mat[0] * vec[0] + mat[1] * vec[1] + mat[2] * vec[2];
  mjtNum y = mat[3] * vec[0] + mat[4] * vec[1] + mat[5] * vec[2];
  mjtNum z = mat[6] * vec[0] + mat[7] * vec[1] + mat[8] * vec[2];
  res[0] = x;
  res[1] = y;
  res[2] = z;
}

// res = mat'*vec, mat 3x3 row-major (res may alias vec).
static inline void sn_mulMatTVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]) {
  mjtNum x = mat[0] * vec[0] + mat[3] * vec[1] + mat[6] * vec[2];
  mjtNum y = mat[1] * vec[0] + mat[4] * vec[1] + mat[7] * vec[2];
  mjtNum z = mat[2] * vec[0] + mat[5] * vec[1] + mat[8] * vec[2];
  res[0] = x;
  res[1] = y;
  res[2] = z;
}

// res = q1*q2 (Hamilton product; res may alias either input).
static inline void sn_mulQuat(mjtNum res[4], const mjtNum q1[4], const mjtNum q2[4]) {
  mjtNum w = q1[0] * q2[0] - q1[1] * q2[1] - q1[2] * q2[2] - q1[3] * q2[3];
  mjtNum x = q1[0] * q2[1] + q1[1] * q2[0] + q1[2] * q2[3] - q1[3] * q2[2];
  mjtNum y = q1[0] * q2[2] - q1[1] * q2[3] + q1[2] * q2[0] + q1[3] * q2[1];
  mjtNum z = q1[0] * q2[3] + q1[1] * q2[2] - q1[2] * q2[1] + q1[3] * q2[0];
  res[0] = w;
  res[1] = x;
  res[2] = y;
  res[3] = z;
}

// res = rotation of vec by the unit quaternion q (res may alias vec).
// Uses v' = v + 2 q_v x (w v + q_v x v), i.e. the vector part of q*(0,v)*conj(q).
static inline void sn_rotVecQuat(mjtNum res[3], const mjtNum vec[3], const mjtNum q[4]) {
  if (vec[0] == 0 && vec[1] == 0 && vec[2] == 0) {
    res[0] = res[1] = res[2] = 0;
    return;
  }
  // t = w v + q_v x v
  mjtNum tx = q[0] * vec[0] + q[2] * vec[2] - q[3] * vec[1];
  mjtNum ty = q[0] * vec[1] + q[3] * vec[0] - q[1] * vec[2];
  mjtNum tz = q[0] * vec[2] + q[1] * vec[1] - q[2] * vec[0];
  mjtNum x = vec[0] + 2 * (q[2] * tz - q[3] * ty);
  mjtNum y = vec[1] + 2 * (q[3] * tx - q[1] * tz);
  mjtNum z = vec[2] + 2 * (q[1] * ty - q[2] * tx);
  res[0] = x;
  res[1] = y;
  res[2] = z;
}

// 3x3 rotation matrix (row-major) of the quaternion q; the exact identity for (1,0,0,0).
// The diagonal uses w^2+x^2-y^2-z^2 form, so a non-unit q scales the matrix by |q|^2.
static inline void sn_quat2Mat(mjtNum res[9], const mjtNum q[4]) {
  if (q[0] == 1 && q[1] == 0 && q[2] == 0 && q[3] == 0) {
    res[0] = 1; res[1] = 0; res[2] = 0;
    res[3] = 0; res[4] = 1; res[5] = 0;
    res[6] = 0; res[7] = 0; res[8] = 1;
    return;
  }
  mjtNum ww = q[0] * q[0], xx = q[1] * q[1], yy = q[2] * q[2], zz = q[3] * q[3];
  mjtNum wx = q[0] * q[1], wy = q[0] * q[2], wz = q[0] * q[3];
  mjtNum xy = q[1] * q[2], xz = q[1] * q[3], yz = q[2] * q[3];
  res[0] = ww + xx - yy - zz;
  res[4] = ww - xx + yy - zz;
  res[8] = ww - xx - yy + zz;
  res[1] = 2 * (xy - wz);
  res[2] = 2 * (xz + wy);
  res[3] = 2 * (xy + wz);
  res[5] = 2 * (yz - wx);
  res[6] = 2 * (xz - wy);
  res[7] = 2 * (yz + wx);
}

// res = conj(q).
static inline void sn_negQuat(mjtNum res[4], const mjtNum q[4]) {
  res[0] = q[0];
  res[1] = -q[1];
  res[2] = -q[2];
  res[3] = -q[3];
}

#endif  // SINEW_MATH_INLINE_H_
