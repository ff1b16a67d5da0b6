// Conversion between dense and compressed-row sparse matrices.
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
