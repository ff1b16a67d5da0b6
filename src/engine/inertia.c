// Joint-space inertia: composite rigid body algorithm, the row-sparse copy M, its
// L'*D*L factorisation and the products and solves that use it.
//
// Sparsity (see model/sparsity.h): row i of M holds the dof_parentid ancestors of i,
// root first, then i. Row a_p of the p-th ancestor of i therefore holds exactly the
// first p+1 columns of row i, which is why the factorisation creates no fill-in and
// every update below walks one row as a prefix of another.
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/com.h"
#include "engine/rowops.h"

//---------------------------------- composite rigid body ------------------------------------------

void mj_crb(const mjModel* m, mjData* d) {
  int nv = m->nv, nbody = m->nbody;
  mjtNum* crb = d->crb;
  memcpy(crb, d->cinert, sizeof(mjtNum) * 10 * (size_t)nbody);
  // the world is not accumulated: nothing moves it
  for (int b = nbody - 1; b > 0; b--) {
    if (m->body_parentid[b] == 0) {
      continue;
    }
    mjtNum* dst = crb + 10 * m->body_parentid[b];
    const mjtNum* src = crb + 10 * b;
    for (int k = 0; k < 10; k++) {
      dst[k] += src[k];
    }
  }

  // every entry of qM is written below: row i holds dof i and its ancestors
  for (int i = 0; i < nv; i++) {
    mjtNum force[6];
    const mjtNum* cdof = d->cdof + 6 * i;
    sn_mulInertVec(force, crb + 10 * m->dof_bodyid[i], cdof);
    mjtNum* row = d->qM + m->dof_Madr[i];
    row[0] = sn_dot6(cdof, force) + m->dof_armature[i];

    // simple dofs are decoupled by construction: their off-diagonal entries are 0
    int k = 1;
    if (m->dof_simplenum[i]) {
      for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
        row[k++] = 0;
      }
      continue;
    }
    for (int j = m->dof_parentid[i]; j >= 0; j = m->dof_parentid[j]) {
      row[k++] = sn_dot6(d->cdof + 6 * j, force);
    }
  }
}

// Address in qM of entry (i, j), j an ancestor of i or i itself; -1 otherwise.
static int qM_address(const mjModel* m, int i, int j) {
  int adr = m->dof_Madr[i];
  for (int k = i; k >= 0; k = m->dof_parentid[k], adr++) {
    if (k == j) {
      return adr;
    }
    if (k < j) {
      break;
    }
  }
  return -1;
}

// qM += armature * J'*J for each tendon with armature, within the sparsity of qM
static void tendon_armature(const mjModel* m, mjData* d) {
  int nv = m->nv, sparse = mj_isSparse(m);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum arm = m->tendon_armature[t];
    if (arm == 0) {
      continue;
    }
    int nnz = sparse ? d->ten_J_rownnz[t] : nv;
    const int* colind = sparse ? d->ten_J_colind + d->ten_J_rowadr[t] : NULL;
    const mjtNum* J = sparse ? d->ten_J + d->ten_J_rowadr[t] : d->ten_J + (size_t)t * nv;
    for (int a = 0; a < nnz; a++) {
      if (J[a] == 0) {
        continue;
      }
      int i = colind ? colind[a] : a;
      for (int b = 0; b <= a; b++) {
        int j = colind ? colind[b] : b;
        if (J[b] == 0) {
          continue;
        }
        int adr = qM_address(m, i, j);
        if (adr >= 0 && (i == j || !m->dof_simplenum[i])) {
          d->qM[adr] += arm * J[a] * J[b];
        }
      }
    }
  }
}

void mj_makeM(const mjModel* m, mjData* d) {
  mj_crb(m, d);
  if (m->ntendon) {
    tendon_armature(m, d);
  }
  const int* map = m->mapM2M;
  for (int k = 0; k < m->nC; k++) {
    d->M[k] = d->qM[map[k]];
  }
}

//---------------------------------- factorisation -------------------------------------------------

void mj_factorM(const mjModel* m, mjData* d) {
  int nv = m->nv;
  mjtNum* L = d->qLD;
  const int* rownnz = m->M_rownnz;
  const int* rowadr = m->M_rowadr;
  for (int k = 0; k < m->nC; k++) {
    L[k] = d->M[k];
  }

  // eliminate from the leaves: row k updates the rows of its ancestors
  for (int k = nv - 1; k >= 0; k--) {
    mjtNum* row = L + rowadr[k];
    int n = rownnz[k] - 1;  // off-diagonal entries
    mjtNum diag = row[n];
    if (n == 0) {
      d->qLDiagInv[k] = 1 / diag;
      continue;
    }
    mjtNum invdiag = 1 / diag;
    const int* col = m->M_colind + rowadr[k];
    for (int p = n - 1; p >= 0; p--) {
      mjtNum scale = row[p] * invdiag;
      // the ancestor's row is a different row of L: no overlap with row k
      sn_rowSubScaled(L + rowadr[col[p]], row, scale, p + 1);
      row[p] = scale;
    }
    d->qLDiagInv[k] = invdiag;
  }
}

// x = inv(L') * x, for one vector
static inline void solve_LT(const mjModel* m, const mjtNum* L, mjtNum* x) {
  for (int k = m->nv - 1; k >= 0; k--) {
    int n = m->M_rownnz[k] - 1;
    mjtNum xk = x[k];
    if (n == 0 || xk == 0) {
      continue;
    }
    const mjtNum* row = L + m->M_rowadr[k];
    const int* col = m->M_colind + m->M_rowadr[k];
    for (int p = 0; p < n; p++) {
      x[col[p]] -= row[p] * xk;
    }
  }
}

// x = inv(L) * x, for one vector
static inline void solve_L(const mjModel* m, const mjtNum* L, mjtNum* x) {
  for (int k = 0; k < m->nv; k++) {
    int n = m->M_rownnz[k] - 1;
    if (n == 0) {
      continue;
    }
    const mjtNum* row = L + m->M_rowadr[k];
    const int* col = m->M_colind + m->M_rowadr[k];
    mjtNum s = 0;
    for (int p = 0; p < n; p++) {
      s += row[p] * x[col[p]];
    }
    x[k] -= s;
  }
}

void mj_solveM(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y, int n) {
  int nv = m->nv;
  for (int v = 0; v < n; v++) {
    mjtNum* xv = x + (size_t)v * nv;
    if (xv != y + (size_t)v * nv) {
      mju_copy(xv, y + (size_t)v * nv, nv);
    }
    solve_LT(m, d->qLD, xv);
    for (int k = 0; k < nv; k++) {
      xv[k] *= d->qLDiagInv[k];
    }
    solve_L(m, d->qLD, xv);
  }
}

void mj_solveM2(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y,
                const mjtNum* sqrtInvD, int n) {
  int nv = m->nv;
  for (int v = 0; v < n; v++) {
    mjtNum* xv = x + (size_t)v * nv;
    if (xv != y + (size_t)v * nv) {
      mju_copy(xv, y + (size_t)v * nv, nv);
    }
    solve_LT(m, d->qLD, xv);
    for (int k = 0; k < nv; k++) {
      xv[k] *= sqrtInvD[k];
    }
  }
}

//---------------------------------- products ------------------------------------------------------

void mj_mulM(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  const mjtNum* M = d->M;
  for (int i = 0; i < nv; i++) {
    int adr = m->M_rowadr[i], n = m->M_rownnz[i] - 1;
    const int* col = m->M_colind + adr;
    mjtNum s = M[adr + n] * vec[i];
    for (int p = 0; p < n; p++) {
      s += M[adr + p] * vec[col[p]];
    }
    res[i] = s;
  }
  // upper triangle: the transposes of the off-diagonal entries
  for (int i = 0; i < nv; i++) {
    int adr = m->M_rowadr[i], n = m->M_rownnz[i] - 1;
    const int* col = m->M_colind + adr;
    mjtNum vi = vec[i];
    for (int p = 0; p < n; p++) {
      res[col[p]] += M[adr + p] * vi;
    }
  }
}

void mj_mulM2(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int nv = m->nv;
  const mjtNum* L = d->qLD;
  for (int i = 0; i < nv; i++) {
    int adr = m->M_rowadr[i], n = m->M_rownnz[i] - 1;
    const int* col = m->M_colind + adr;
    mjtNum s = vec[i];
    for (int p = 0; p < n; p++) {
      s += L[adr + p] * vec[col[p]];
    }
    res[i] = s / sqrt(d->qLDiagInv[i]);
  }
}

void mj_fullM(const mjModel* m, mjtNum* dst, const mjtNum* M) {
  int nv = m->nv;
  mju_zero(dst, nv * nv);
  for (int i = 0; i < nv; i++) {
    int adr = m->dof_Madr[i];
    for (int j = i; j >= 0; j = m->dof_parentid[j], adr++) {
      dst[i * nv + j] = M[adr];
      dst[j * nv + i] = M[adr];
    }
  }
}

// Merge row i of M into row i of the sparse dst, adding new non-zeros in place
// (dst rows must have room for the union of both patterns).
static void add_row_sparse(const mjModel* m, const mjData* d, int i, mjtNum* dst,
                           int* rownnz, const int* rowadr, int* colind) {
  int madr = m->M_rowadr[i], mn = m->M_rownnz[i];
  const int* mcol = m->M_colind + madr;
  int dn = rownnz[i];
  mjtNum* drow = dst + rowadr[i];
  int* dcol = colind + rowadr[i];

  // union size, then merge from the back so nothing is overwritten before it is read
  int total = dn;
  for (int a = 0, b = 0; a < mn; a++) {
    while (b < dn && dcol[b] < mcol[a]) {
      b++;
    }
    if (b == dn || dcol[b] != mcol[a]) {
      total++;
    }
  }
  int a = mn - 1, b = dn - 1;
  for (int w = total - 1; w >= 0; w--) {
    if (a >= 0 && (b < 0 || mcol[a] > dcol[b])) {
      drow[w] = d->M[madr + a];
      dcol[w] = mcol[a--];
    } else if (a >= 0 && mcol[a] == dcol[b]) {
      drow[w] = drow[b] + d->M[madr + a];
      dcol[w] = dcol[b--];
      a--;
    } else {
      drow[w] = drow[b];
      dcol[w] = dcol[b--];
    }
  }
  rownnz[i] = total;
}

void mj_addM(const mjModel* m, mjData* d, mjtNum* dst, int* rownnz, int* rowadr,
             int* colind) {
  int nv = m->nv;
  if (rownnz && rowadr && colind) {
    for (int i = 0; i < nv; i++) {
      add_row_sparse(m, d, i, dst, rownnz, rowadr, colind);
    }
    return;
  }
  // dense destination: the full symmetric matrix
  for (int i = 0; i < nv; i++) {
    int adr = m->M_rowadr[i], n = m->M_rownnz[i];
    for (int p = 0; p < n; p++) {
      int j = m->M_colind[adr + p];
      dst[i * nv + j] += d->M[adr + p];
      if (j != i) {
        dst[j * nv + i] += d->M[adr + p];
      }
    }
  }
}
