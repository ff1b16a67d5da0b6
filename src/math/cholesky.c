// Dense Cholesky (factor, solve, rank-one update) and band-dense ("arrowhead") Cholesky.
//
// Band-dense storage of a symmetric ntotal x ntotal matrix with nband bands (diagonal
// included) and ndense dense rows/columns at the bottom/right: the first
// nsparse = ntotal-ndense rows store nband entries each (columns i-nband+1 .. i), followed by
// the ndense dense rows stored in full (ntotal entries each, lower triangle used).
#include <mujoco/mujoco.h>

//------------------------------ dense -------------------------------------------------------------

// Row-oriented (Cholesky-Banachiewicz) factorisation of the lower triangle. A pivot below
// mindiag is replaced by mindiag and does not count towards the rank.
int mju_cholFactor(mjtNum* mat, int n, mjtNum mindiag) {
  int rank = 0;
  for (int j = 0; j < n; j++) {
    mjtNum* rowj = mat + (size_t)j * n;
    mjtNum tmp = rowj[j] - mju_dot(rowj, rowj, j);
    if (tmp < mindiag) {
      tmp = mindiag;
    } else {
      rank++;
    }
    mjtNum d = sqrt(tmp);
    rowj[j] = d;
    mjtNum inv = 1 / d;
    for (int i = j + 1; i < n; i++) {
      mjtNum* rowi = mat + (size_t)i * n;
      rowi[j] = (rowi[j] - mju_dot(rowi, rowj, j)) * inv;
    }
  }
  return rank;
}

void mju_cholSolve(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n) {
  // forward: L y = vec
  for (int i = 0; i < n; i++) {
    const mjtNum* row = mat + (size_t)i * n;
    res[i] = (vec[i] - mju_dot(row, res, i)) / row[i];
  }
  // backward: L' x = y
  for (int i = n - 1; i >= 0; i--) {
    mjtNum s = res[i];
    for (int k = i + 1; k < n; k++) {
      s -= mat[(size_t)k * n + i] * res[k];
    }
    res[i] = s / mat[(size_t)i * n + i];
  }
}

// Givens-style rank-one update of L so that L*L' becomes L*L' +/- x*x'; x is overwritten.
// A new pivot square below mjMINVAL is clamped to mjMINVAL and not counted in the rank.
int mju_cholUpdate(mjtNum* mat, mjtNum* x, int n, int flg_plus) {
  int rank = 0;
  for (int k = 0; k < n; k++) {
    mjtNum lkk = mat[(size_t)k * (n + 1)];
    mjtNum tmp = flg_plus ? lkk * lkk + x[k] * x[k] : lkk * lkk - x[k] * x[k];
    if (tmp < mjMINVAL) {
      tmp = mjMINVAL;
    } else {
      rank++;
    }
    mjtNum r = sqrt(tmp);
    mjtNum c = r / lkk;
    mjtNum s = x[k] / lkk;
    mjtNum cinv = 1 / c;
    mat[(size_t)k * (n + 1)] = r;
    for (int i = k + 1; i < n; i++) {
      mjtNum* lik = mat + (size_t)i * n + k;
      if (flg_plus) {
        *lik = (*lik + s * x[i]) * cinv;
      } else {
        *lik = (*lik - s * x[i]) * cinv;
      }
      x[i] = c * x[i] - s * (*lik);
    }
  }
  return rank;
}

//------------------------------ band-dense --------------------------------------------------------

int mju_bandDiag(int i, int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  if (i < nsparse) {
    return i * nband + nband - 1;
  }
  return nsparse * nband + (i - nsparse) * ntotal + i;
}

// address of (i, j), j <= i and inside the band or dense part
static inline int bandAdr(int i, int j, int nsparse, int ntotal, int nband) {
  if (i < nsparse) {
    return i * nband + nband - 1 - (i - j);
  }
  return nsparse * nband + (i - nsparse) * ntotal + j;
}

// first stored column of row i
static inline int bandStart(int i, int nsparse, int nband) {
  if (i < nsparse) {
    int s = i - nband + 1;
    return s > 0 ? s : 0;
  }
  return 0;
}

// Column-oriented left-looking (Crout) order, as MuJoCo does: column j needs only columns
// k < j, and each product L(i,:)L(j,:)' runs over the columns both rows store, which never
// reach outside the band-dense pattern. The diagonal is raised by diagadd + diagmul*A(j,j)
// when column j is reached. Returns the smallest pivot (before its square root); a pivot
// below mjMINVAL stops the factorisation (leaving that diagonal untouched) and returns 0.
mjtNum mju_cholFactorBand(mjtNum* mat, int ntotal, int nband, int ndense,
                          mjtNum diagadd, mjtNum diagmul) {
  int nsparse = ntotal - ndense;
  mjtNum minpivot = 0;
  for (int j = 0; j < ntotal; j++) {
    int sj = bandStart(j, nsparse, nband);
    mjtNum* rowj = mat + bandAdr(j, sj, nsparse, ntotal, nband);  // rowj[c - sj] = L(j, c)
    mjtNum* d = rowj + (j - sj);
    mjtNum tmp = *d + (diagadd + diagmul * (*d));
    tmp -= mju_dot(rowj, rowj, j - sj);
    if (tmp < mjMINVAL) {
      return 0;
    }
    if (j == 0 || tmp < minpivot) {
      minpivot = tmp;
    }
    *d = sqrt(tmp);
    mjtNum inv = 1 / *d;

    // rows below j that store column j: the band rows, then every dense row
    int iend = j + nband < nsparse ? j + nband : nsparse;
    for (int i = j + 1; i < ntotal; i++) {
      if (i >= iend && i < nsparse) {
        i = nsparse - 1;  // skip to the dense rows
        continue;
      }
      int si = bandStart(i, nsparse, nband);
      mjtNum* rowi = mat + bandAdr(i, si, nsparse, ntotal, nband);
      int k0 = si > sj ? si : sj;
      rowi[j - si] = (rowi[j - si] - mju_dot(rowi + (k0 - si), rowj + (k0 - sj), j - k0)) * inv;
    }
  }
  return minpivot;
}

void mju_cholSolveBand(mjtNum* res, const mjtNum* mat, const mjtNum* vec,
                       int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  // forward: L y = vec
  for (int i = 0; i < ntotal; i++) {
    int si = bandStart(i, nsparse, nband);
    const mjtNum* row = mat + bandAdr(i, si, nsparse, ntotal, nband);
    res[i] = (vec[i] - mju_dot(row, res + si, i - si)) / row[i - si];
  }
  // backward: L' x = y, gathering column i of L (the band rows below i, then the dense rows)
  for (int i = ntotal - 1; i >= 0; i--) {
    mjtNum s = res[i];
    int kend = i + nband < nsparse ? i + nband : nsparse;
    for (int k = i + 1; k < kend; k++) {
      s -= mat[bandAdr(k, i, nsparse, ntotal, nband)] * res[k];
    }
    for (int k = (i + 1 > nsparse ? i + 1 : nsparse); k < ntotal; k++) {
      s -= mat[bandAdr(k, i, nsparse, ntotal, nband)] * res[k];
    }
    res[i] = s / mat[bandAdr(i, i, nsparse, ntotal, nband)];
  }
}

void mju_band2Dense(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense,
                    mjtByte flg_sym) {
  int nsparse = ntotal - ndense;
  mju_zero(res, ntotal * ntotal);
  for (int i = 0; i < ntotal; i++) {
    int si = bandStart(i, nsparse, nband);
    const mjtNum* row = mat + bandAdr(i, si, nsparse, ntotal, nband);
    for (int j = si; j <= i; j++) {
      res[(size_t)i * ntotal + j] = row[j - si];
    }
  }
  if (flg_sym) {
    for (int i = 0; i < ntotal; i++) {
      for (int j = 0; j < i; j++) {
        res[(size_t)j * ntotal + i] = res[(size_t)i * ntotal + j];
      }
    }
  }
}

void mju_dense2Band(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense) {
  int nsparse = ntotal - ndense;
  for (int i = 0; i < nsparse; i++) {
    // leading entries left of column 0 are unused; keep them zero
    int si = bandStart(i, nsparse, nband);
    mjtNum* row = res + (size_t)i * nband;
    for (int k = 0; k < nband; k++) {
      int j = i - nband + 1 + k;
      row[k] = j >= si ? mat[(size_t)i * ntotal + j] : 0;
    }
  }
  for (int i = nsparse; i < ntotal; i++) {
    mjtNum* row = res + (size_t)nsparse * nband + (size_t)(i - nsparse) * ntotal;
    for (int j = 0; j < ntotal; j++) {
      row[j] = j <= i ? mat[(size_t)i * ntotal + j] : 0;
    }
  }
}

void mju_bandMulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec,
                       int ntotal, int nband, int ndense, int nvec, mjtByte flg_sym) {
  int nsparse = ntotal - ndense;
  for (int v = 0; v < nvec; v++) {
    const mjtNum* x = vec + (size_t)v * ntotal;
    mjtNum* y = res + (size_t)v * ntotal;
    mju_zero(y, ntotal);
    for (int i = 0; i < ntotal; i++) {
      int si = bandStart(i, nsparse, nband);
      const mjtNum* row = mat + bandAdr(i, si, nsparse, ntotal, nband);
      // lower triangle incl. diagonal
      y[i] += mju_dot(row, x + si, i - si + 1);
      // mirrored strict lower triangle
      if (flg_sym) {
        mjtNum xi = x[i];
        for (int j = si; j < i; j++) {
          y[j] += row[j - si] * xi;
        }
      }
    }
  }
}
