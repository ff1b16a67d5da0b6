// Island-local copies of the constraint rows and of the inertia, and the helpers that
// move vectors between the global and the island orderings (layout in island.h).
#include <stddef.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/island.h"

//---------------------------------- rows ------------------------------------------------------------

// Dense: island i is a row-major nefc_i x nv_i block at iefc_J + iefcadr_i * nidof.
static void copy_dense(const mjModel* m, mjData* d) {
  int nv = m->nv, nidof = d->nidof;
  for (int i = 0; i < d->nisland; i++) {
    int nvi = d->island_nv[i], adr = d->island_iefcadr[i];
    const int* dofs = d->map_idof2dof + d->island_idofadr[i];
    mjtNum* block = d->iefc_J + (size_t)adr * nidof;
    // dofs ascend: an island of one tree (the usual case) holds a contiguous range
    int contiguous = nvi > 0 && dofs[nvi - 1] - dofs[0] == nvi - 1;
    for (int q = 0; q < d->island_nefc[i]; q++) {
      const mjtNum* src = d->efc_J + (size_t)d->map_iefc2efc[adr + q] * nv;
      mjtNum* dst = block + (size_t)q * nvi;
      if (contiguous) {
        memcpy(dst, src + dofs[0], sizeof(mjtNum) * (size_t)nvi);
        continue;
      }
      for (int c = 0; c < nvi; c++) {
        dst[c] = src[dofs[c]];
      }
    }
  }
}

// Same columns as the next row of the island?
static int same_pattern(const mjData* d, int a, int b) {
  int n = d->iefc_J_rownnz[a];
  if (n != d->iefc_J_rownnz[b]) {
    return 0;
  }
  return memcmp(d->iefc_J_colind + d->iefc_J_rowadr[a], d->iefc_J_colind + d->iefc_J_rowadr[b],
                sizeof(int) * (size_t)n) == 0;
}

// Sparse: rows in island order, cumulative addresses, island-local columns; the
// supernode count stops at the island's last row.
static void copy_sparse(mjData* d) {
  int adr = 0;
  for (int iefc = 0; iefc < d->nefc; iefc++) {
    int r = d->map_iefc2efc[iefc], n = d->efc_J_rownnz[r];
    int i = d->efc_island[r];
    int base = i >= 0 ? d->island_idofadr[i] : 0;
    const int* col = d->efc_J_colind + d->efc_J_rowadr[r];
    d->iefc_J_rownnz[iefc] = n;
    d->iefc_J_rowadr[iefc] = adr;
    memcpy(d->iefc_J + adr, d->efc_J + d->efc_J_rowadr[r], sizeof(mjtNum) * (size_t)n);
    for (int k = 0; k < n; k++) {
      d->iefc_J_colind[adr + k] = d->map_dof2idof[col[k]] - base;
    }
    adr += n;
  }
  for (int i = 0; i < d->nisland; i++) {
    int a = d->island_iefcadr[i], n = d->island_nefc[i];
    for (int q = n - 1; q >= 0; q--) {
      int x = a + q;
      d->iefc_J_rowsuper[x] = q < n - 1 && same_pattern(d, x, x + 1) ?
                              d->iefc_J_rowsuper[x + 1] + 1 : 0;
    }
  }
}

//---------------------------------- inertia ---------------------------------------------------------

// Rows of M and of its factor for the island dofs; a row's columns are ancestors in the
// same tree, hence in the same island, and keep their increasing order.
static void copy_inertia(const mjModel* m, mjData* d) {
  int adr = 0;
  for (int idof = 0; idof < d->nidof; idof++) {
    int k = d->map_idof2dof[idof], n = m->M_rownnz[k], src = m->M_rowadr[k];
    int base = d->island_idofadr[d->dof_island[k]];
    d->iM_rownnz[idof] = n;
    d->iM_rowadr[idof] = adr;
    for (int p = 0; p < n; p++) {
      d->iM_colind[adr + p] = d->map_dof2idof[m->M_colind[src + p]] - base;
    }
    memcpy(d->iM + adr, d->M + src, sizeof(mjtNum) * (size_t)n);
    memcpy(d->iLD + adr, d->qLD + src, sizeof(mjtNum) * (size_t)n);
    d->iLDiagInv[idof] = d->qLDiagInv[k];
    adr += n;
  }
}

void sn_island_copy(const mjModel* m, mjData* d) {
  for (int iefc = 0; iefc < d->nefc; iefc++) {
    int r = d->map_iefc2efc[iefc];
    d->iefc_type[iefc] = d->efc_type[r];
    d->iefc_id[iefc] = d->efc_id[r];
    d->iefc_frictionloss[iefc] = d->efc_frictionloss[r];
    d->iefc_D[iefc] = d->efc_D[r];
    d->iefc_R[iefc] = d->efc_R[r];
  }
  if (mj_isSparse(m)) {
    copy_sparse(d);
  } else {
    copy_dense(m, d);
  }
  copy_inertia(m, d);
}

//---------------------------------- gather / scatter -------------------------------------------------

void sn_island_gatherDofs(const mjData* d, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < d->nidof; i++) {
    res[i] = vec[d->map_idof2dof[i]];
  }
}

void sn_island_scatterDofs(const mjData* d, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < d->nidof; i++) {
    res[d->map_idof2dof[i]] = vec[i];
  }
}

void sn_island_gatherEfc(const mjData* d, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < d->nefc; i++) {
    res[i] = vec[d->map_iefc2efc[i]];
  }
}

void sn_island_scatterEfc(const mjData* d, mjtNum* res, const mjtNum* vec) {
  for (int i = 0; i < d->nefc; i++) {
    res[d->map_iefc2efc[i]] = vec[i];
  }
}

//---------------------------------- per-island products ---------------------------------------------

void sn_island_mulM(const mjData* d, int island, mjtNum* res, const mjtNum* vec) {
  int a = d->island_idofadr[island], nvi = d->island_nv[island];
  mju_zero(res, nvi);
  // rows hold the lower triangle ending with the diagonal
  for (int k = 0; k < nvi; k++) {
    int adr = d->iM_rowadr[a + k], n = d->iM_rownnz[a + k] - 1;
    const mjtNum* row = d->iM + adr;
    const int* col = d->iM_colind + adr;
    res[k] += row[n] * vec[k];
    for (int p = 0; p < n; p++) {
      res[k] += row[p] * vec[col[p]];
      res[col[p]] += row[p] * vec[k];
    }
  }
}

void sn_island_solveM(const mjData* d, int island, mjtNum* x) {
  int a = d->island_idofadr[island], nvi = d->island_nv[island];
  // M = L' D L with unit lower L stored off the diagonal of iLD
  for (int k = nvi - 1; k >= 0; k--) {
    int adr = d->iM_rowadr[a + k], n = d->iM_rownnz[a + k] - 1;
    mjtNum xk = x[k];
    for (int p = 0; p < n && xk != 0; p++) {
      x[d->iM_colind[adr + p]] -= d->iLD[adr + p] * xk;
    }
  }
  for (int k = 0; k < nvi; k++) {
    x[k] *= d->iLDiagInv[a + k];
  }
  for (int k = 0; k < nvi; k++) {
    int adr = d->iM_rowadr[a + k], n = d->iM_rownnz[a + k] - 1;
    mjtNum s = 0;
    for (int p = 0; p < n; p++) {
      s += d->iLD[adr + p] * x[d->iM_colind[adr + p]];
    }
    x[k] -= s;
  }
}
