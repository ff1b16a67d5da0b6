// Vector math: 3-vectors, 4-vectors and n-vectors.
#include <string.h>

#include <mujoco/mujoco.h>

#include "math/inline.h"

//------------------------------ 3-vectors ---------------------------------------------------------

void mju_zero3(mjtNum res[3]) {
  sn_zero3(res);
}

void mju_copy3(mjtNum res[3], const mjtNum data[3]) {
  sn_copy3(res, data);
}

void mju_scl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl) {
  sn_scl3(res, vec, scl);
}

void mju_add3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]) {
  sn_add3(res, vec1, vec2);
}

void mju_sub3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]) {
  sn_sub3(res, vec1, vec2);
}

void mju_addTo3(mjtNum res[3], const mjtNum vec[3]) {
  sn_addTo3(res, vec);
}

void mju_subFrom3(mjtNum res[3], const mjtNum vec[3]) {
  sn_subFrom3(res, vec);
}

void mju_addToScl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl) {
  sn_addToScl3(res, vec, scl);
}

void mju_addScl3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3], mjtNum scl) {
  sn_addScl3(res, vec1, vec2, scl);
}

mjtNum mju_normalize3(mjtNum vec[3]) {
  return sn_normalize3(vec);
}

mjtNum mju_norm3(const mjtNum vec[3]) {
  return sn_norm3(vec);
}

mjtNum mju_dot3(const mjtNum vec1[3], const mjtNum vec2[3]) {
  return sn_dot3(vec1, vec2);
}

mjtNum mju_dist3(const mjtNum pos1[3], const mjtNum pos2[3]) {
  mjtNum d[3];
  sn_sub3(d, pos1, pos2);
  return sn_norm3(d);
}

void mju_mulMatVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]) {
  sn_mulMatVec3(res, mat, vec);
}

void mju_mulMatTVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]) {
  sn_mulMatTVec3(res, mat, vec);
}

void mju_cross(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  sn_cross(res, a, b);
}

//------------------------------ 4-vectors ---------------------------------------------------------

void mju_zero4(mjtNum res[4]) {
  res[0] = 0;
  res[1] = 0;
  res[2] = 0;
  res[3] = 0;
}

void mju_unit4(mjtNum res[4]) {
  res[0] = 1;
  res[1] = 0;
  res[2] = 0;
  res[3] = 0;
}

void mju_copy4(mjtNum res[4], const mjtNum data[4]) {
  res[0] = data[0];
  res[1] = data[1];
  res[2] = data[2];
  res[3] = data[3];
}

mjtNum mju_normalize4(mjtNum vec[4]) {
  mjtNum norm = sqrt(vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2] + vec[3] * vec[3]);
  if (norm < mjMINVAL) {
    vec[0] = 1;
    vec[1] = 0;
    vec[2] = 0;
    vec[3] = 0;
  } else if (fabs(norm - 1) > mjMINVAL) {
    // MuJoCo leaves an already-unit quaternion untouched (bit-exact with the oracle)
    mjtNum inv = 1 / norm;
    vec[0] *= inv;
    vec[1] *= inv;
    vec[2] *= inv;
    vec[3] *= inv;
  }
  return norm;
}

//------------------------------ n-vectors ---------------------------------------------------------

void mju_zero(mjtNum* res, int n) {
  if (n > 0) {
    memset(res, 0, (size_t)n * sizeof(mjtNum));
  }
}

void mju_fill(mjtNum* res, mjtNum val, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = val;
  }
}

void mju_copy(mjtNum* res, const mjtNum* vec, int n) {
  if (n > 0 && res != vec) {
    memmove(res, vec, (size_t)n * sizeof(mjtNum));
  }
}

mjtNum mju_sum(const mjtNum* vec, int n) {
  mjtNum s = 0;
  for (int i = 0; i < n; i++) {
    s += vec[i];
  }
  return s;
}

mjtNum mju_L1(const mjtNum* vec, int n) {
  mjtNum s = 0;
  for (int i = 0; i < n; i++) {
    s += fabs(vec[i]);
  }
  return s;
}

void mju_scl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec[i] * scl;
  }
}

void mju_add(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec1[i] + vec2[i];
  }
}

void mju_sub(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec1[i] - vec2[i];
  }
}

void mju_addTo(mjtNum* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] += vec[i];
  }
}

void mju_subFrom(mjtNum* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] -= vec[i];
  }
}

void mju_addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n) {
  for (int i = 0; i < n; i++) {
    res[i] += vec[i] * scl;
  }
}

void mju_addScl(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, mjtNum scl, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = vec1[i] + vec2[i] * scl;
  }
}

// Four interleaved partial sums, combined pairwise as (s0+s2)+(s1+s3), plus the tail summed on
// its own: this is the summation order of MuJoCo 3.3.8's WebAssembly build (verified bit for
// bit through mju_cholFactor), and it lets the compiler pipeline the multiply-adds.
mjtNum mju_dot(const mjtNum* vec1, const mjtNum* vec2, int n) {
  mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += vec1[i] * vec2[i];
    s1 += vec1[i + 1] * vec2[i + 1];
    s2 += vec1[i + 2] * vec2[i + 2];
    s3 += vec1[i + 3] * vec2[i + 3];
  }
  mjtNum tail = 0;
  for (; i < n; i++) {
    tail += vec1[i] * vec2[i];
  }
  return ((s0 + s2) + (s1 + s3)) + tail;
}

mjtNum mju_norm(const mjtNum* res, int n) {
  return sqrt(mju_dot(res, res, n));
}

mjtNum mju_normalize(mjtNum* res, int n) {
  mjtNum norm = mju_norm(res, n);
  if (norm < mjMINVAL) {
    if (n > 0) {
      res[0] = 1;
      mju_zero(res + 1, n - 1);
    }
  } else {
    mjtNum inv = 1 / norm;
    for (int i = 0; i < n; i++) {
      res[i] *= inv;
    }
  }
  return norm;
}
