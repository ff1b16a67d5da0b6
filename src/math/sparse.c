// Conversion between dense and compressed-row sparse matrices, and products with
// matrices stored either way.
#include "math/sparse.h"

#include <mujoco/mujoco.h>

int mju_dense2sparse(mjtNum* res, const mjtNum* mat, int nr, int nc,
                     int* rownnz, int* rowadr, int* colind, int nnz) {
  int adr = 0;
  for (int i = 0; i < nr; i++) {
    rowadr[i] = adr;
    rownnz[i] = 0;
    const mjtNum* row = mat + (size_t)i * nc;
    for (int j = 0; j < nc; j++) {
      if (row[j] != 0) {
        if (adr >= nnz) {
          return 1;
        }
        res[adr] = row[j];
        colind[adr] = j;
        adr++;
        rownnz[i]++;
      }
    }
  }
  return 0;
}

void mju_sparse2dense(mjtNum* res, const mjtNum* mat, int nr, int nc,
                      const int* rownnz, const int* rowadr, const int* colind) {
  mju_zero(res, nr * nc);
  for (int i = 0; i < nr; i++) {
    mjtNum* row = res + (size_t)i * nc;
    for (int k = 0; k < rownnz[i]; k++) {
      int adr = rowadr[i] + k;
      row[colind[adr]] = mat[adr];
    }
  }
}

// Four dense rows side by side: each row's sum keeps its own order of terms, and the
// four independent chains of additions overlap instead of waiting on each other.
static void mul_dense_rows(mjtNum* res, const mjtNum* mat, int nr, int nc, const mjtNum* vec) {
  int i = 0;
  for (; i + 3 < nr; i += 4) {
    const mjtNum* r0 = mat + (size_t)i * nc;
    const mjtNum* r1 = r0 + nc;
    const mjtNum* r2 = r1 + nc;
    const mjtNum* r3 = r2 + nc;
    mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int k = 0; k < nc; k++) {
      mjtNum v = vec[k];
      s0 += r0[k] * v;
      s1 += r1[k] * v;
      s2 += r2[k] * v;
      s3 += r3[k] * v;
    }
    res[i] = s0;
    res[i + 1] = s1;
    res[i + 2] = s2;
    res[i + 3] = s3;
  }
  for (; i < nr; i++) {
    const mjtNum* row = mat + (size_t)i * nc;
    mjtNum s = 0;
    for (int k = 0; k < nc; k++) {
      s += row[k] * vec[k];
    }
    res[i] = s;
  }
}

void sn_mulRowsVec(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                   const int* rowadr, const int* colind, const mjtNum* vec) {
  if (!rownnz) {
    mul_dense_rows(res, mat, nr, nc, vec);
    return;
  }
  for (int i = 0; i < nr; i++) {
    mjtNum s = 0;
    if (rownnz) {
      const mjtNum* row = mat + rowadr[i];
      const int* col = colind + rowadr[i];
      for (int k = 0; k < rownnz[i]; k++) {
        s += row[k] * vec[col[k]];
      }
    } else {
      const mjtNum* row = mat + (size_t)i * nc;
      for (int k = 0; k < nc; k++) {
        s += row[k] * vec[k];
      }
    }
    res[i] = s;
  }
}

void sn_addRowScl(mjtNum* res, const mjtNum* mat, int i, int nc, const int* rownnz,
                  const int* rowadr, const int* colind, mjtNum scl) {
  if (rownnz) {
    const mjtNum* row = mat + rowadr[i];
    const int* col = colind + rowadr[i];
    for (int k = 0; k < rownnz[i]; k++) {
      res[col[k]] += row[k] * scl;
    }
  } else {
    mju_addToScl(res, mat + (size_t)i * nc, scl, nc);
  }
}

void sn_mulRowsTVec(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                    const int* rowadr, const int* colind, const mjtNum* vec) {
  mju_zero(res, nc);
  if (!rownnz) {
    // dense rows two at a time: res[k] + a[k]*x + b[k]*y in the same order as two
    // separate passes, with one load and store of res[k] instead of two
    int pending = -1;
    for (int i = 0; i < nr; i++) {
      if (vec[i] == 0) {
        continue;
      }
      if (pending < 0) {
        pending = i;
        continue;
      }
      const mjtNum* a = mat + (size_t)pending * nc;
      const mjtNum* b = mat + (size_t)i * nc;
      mjtNum x = vec[pending], y = vec[i];
      for (int k = 0; k < nc; k++) {
        mjtNum t = res[k] + a[k] * x;
        res[k] = t + b[k] * y;
      }
      pending = -1;
    }
    if (pending >= 0) {
      mju_addToScl(res, mat + (size_t)pending * nc, vec[pending], nc);
    }
    return;
  }
  for (int i = 0; i < nr; i++) {
    if (vec[i] != 0) {
      sn_addRowScl(res, mat, i, nc, rownnz, rowadr, colind, vec[i]);
    }
  }
}
