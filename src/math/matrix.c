// Dense matrix math (row-major) and the 6D spatial transform.
#include <string.h>

#include <mujoco/mujoco.h>

#include "math/inline.h"

void mju_mulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc) {
  for (int i = 0; i < nr; i++) {
    res[i] = mju_dot(mat + (size_t)i * nc, vec, nc);
  }
}

void mju_mulMatTVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc) {
  mju_zero(res, nc);
  for (int i = 0; i < nr; i++) {
    mjtNum v = vec[i];
    if (v != 0) {
      const mjtNum* row = mat + (size_t)i * nc;
      for (int j = 0; j < nc; j++) {
        res[j] += row[j] * v;
      }
    }
  }
}

mjtNum mju_mulVecMatVec(const mjtNum* vec1, const mjtNum* mat, const mjtNum* vec2, int n) {
  mjtNum res = 0;
  for (int i = 0; i < n; i++) {
    res += vec1[i] * mju_dot(mat + (size_t)i * n, vec2, n);
  }
  return res;
}

void mju_transpose(mjtNum* res, const mjtNum* mat, int nr, int nc) {
  for (int i = 0; i < nr; i++) {
    for (int j = 0; j < nc; j++) {
      res[(size_t)j * nr + i] = mat[(size_t)i * nc + j];
    }
  }
}

void mju_symmetrize(mjtNum* res, const mjtNum* mat, int n) {
  // lower triangle first, then mirror: safe when res == mat
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      mjtNum v = 0.5 * (mat[(size_t)i * n + j] + mat[(size_t)j * n + i]);
      res[(size_t)i * n + j] = v;
      res[(size_t)j * n + i] = v;
    }
    res[(size_t)i * n + i] = mat[(size_t)i * n + i];
  }
}

void mju_eye(mjtNum* mat, int n) {
  mju_zero(mat, n * n);
  for (int i = 0; i < n; i++) {
    mat[(size_t)i * (n + 1)] = 1;
  }
}

void mju_mulMatMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2,
                   int r1, int c1, int c2) {
  for (int i = 0; i < r1; i++) {
    mjtNum* row = res + (size_t)i * c2;
    mju_zero(row, c2);
    for (int k = 0; k < c1; k++) {
      mjtNum a = mat1[(size_t)i * c1 + k];
      if (a != 0) {
        const mjtNum* src = mat2 + (size_t)k * c2;
        for (int j = 0; j < c2; j++) {
          row[j] += a * src[j];
        }
      }
    }
  }
}

void mju_mulMatMatT(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2,
                    int r1, int c1, int r2) {
  for (int i = 0; i < r1; i++) {
    for (int j = 0; j < r2; j++) {
      res[(size_t)i * r2 + j] = mju_dot(mat1 + (size_t)i * c1, mat2 + (size_t)j * c1, c1);
    }
  }
}

void mju_mulMatTMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2,
                    int r1, int c1, int c2) {
  mju_zero(res, c1 * c2);
  for (int k = 0; k < r1; k++) {
    const mjtNum* a = mat1 + (size_t)k * c1;
    const mjtNum* b = mat2 + (size_t)k * c2;
    for (int i = 0; i < c1; i++) {
      mjtNum s = a[i];
      if (s != 0) {
        mjtNum* row = res + (size_t)i * c2;
        for (int j = 0; j < c2; j++) {
          row[j] += s * b[j];
        }
      }
    }
  }
}

void mju_sqrMatTD(mjtNum* res, const mjtNum* mat, const mjtNum* diag, int nr, int nc) {
  // accumulate the lower triangle row by row of mat, then mirror it
  mju_zero(res, nc * nc);
  for (int k = 0; k < nr; k++) {
    const mjtNum* row = mat + (size_t)k * nc;
    mjtNum d = diag ? diag[k] : 1;
    if (d == 0) {
      continue;
    }
    for (int i = 0; i < nc; i++) {
      mjtNum s = row[i];
      if (s == 0) {
        continue;
      }
      s *= d;
      mjtNum* out = res + (size_t)i * nc;
      for (int j = 0; j <= i; j++) {
        out[j] += s * row[j];
      }
    }
  }
  for (int i = 0; i < nc; i++) {
    for (int j = 0; j < i; j++) {
      res[(size_t)j * nc + i] = res[(size_t)i * nc + j];
    }
  }
}

// A motion vector [w; v] measured at oldpos has linear part v + w x (newpos - oldpos) at
// newpos; a force vector [t; f] has torque t + (oldpos - newpos) x f about newpos. Both are
// then expressed in the new frame by rotnew2old' (if given).
void mju_transformSpatial(mjtNum res[6], const mjtNum vec[6], int flg_force,
                          const mjtNum newpos[3], const mjtNum oldpos[3],
                          const mjtNum rotnew2old[9]) {
  mjtNum cof[3], tmp[6], cr[3];
  sn_sub3(cof, newpos, oldpos);
  if (flg_force) {
    // torque -= cof x force
    sn_cross(cr, cof, vec + 3);
    tmp[0] = vec[0] - cr[0];
    tmp[1] = vec[1] - cr[1];
    tmp[2] = vec[2] - cr[2];
    tmp[3] = vec[3];
    tmp[4] = vec[4];
    tmp[5] = vec[5];
  } else {
    // lin -= cof x ang
    sn_cross(cr, cof, vec);
    tmp[0] = vec[0];
    tmp[1] = vec[1];
    tmp[2] = vec[2];
    tmp[3] = vec[3] - cr[0];
    tmp[4] = vec[4] - cr[1];
    tmp[5] = vec[5] - cr[2];
  }
  if (rotnew2old) {
    sn_mulMatTVec3(res, rotnew2old, tmp);
    sn_mulMatTVec3(res + 3, rotnew2old, tmp + 3);
  } else {
    memcpy(res, tmp, sizeof(tmp));
  }
}
