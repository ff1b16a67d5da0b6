// Products with row-stored matrices that may be dense or compressed-row sparse
// (efc_J, ten_J, the solver's J): one loop so every caller sums in the same order.
#ifndef SINEW_MATH_SPARSE_H_
#define SINEW_MATH_SPARSE_H_

#include <mujoco/mjtnum.h>

// res = mat*vec for nr rows of nc columns; rownnz == NULL means dense rows. Each row is
// summed left to right, so a dense row and its sparse form give bit-identical results.
void sn_mulRowsVec(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                   const int* rowadr, const int* colind, const mjtNum* vec);

// res = mat'*vec (res has nc entries) for the same storage; zero entries of vec skip
// their row.
void sn_mulRowsTVec(mjtNum* res, const mjtNum* mat, int nr, int nc, const int* rownnz,
                    const int* rowadr, const int* colind, const mjtNum* vec);

// res += scl*mat[i] (res has nc entries), row i stored as for sn_mulRowsVec.
void sn_addRowScl(mjtNum* res, const mjtNum* mat, int i, int nc, const int* rownnz,
                  const int* rowadr, const int* colind, mjtNum scl);

#endif  // SINEW_MATH_SPARSE_H_
