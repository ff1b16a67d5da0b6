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

void sn_mulRowsVec(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                   const int* rowadr, const int* colind, const mjtNum* vec) {
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
  for (int i = 0; i < nr; i++) {
    if (vec[i] != 0) {
      sn_addRowScl(res, mat, i, nc, rownnz, rowadr, colind, vec[i]);
    }
  }
}
