// The dual problem's matrix AR = J*inv(M)*J' + diag(R) (PGS and noslip), dense or in the
// row-sparse layout of a sparse Jacobian, and the dual cost. With M = L'*D*L each row of J
// becomes B_i = sqrt(inv(D))*inv(L')*J_i' and AR_ij = B_i'*B_j. inv(L') moves a row's
// entries only to ancestor dofs, so B_i lives on the ancestor closure of J_i's columns and
// two rows couple exactly when their closures share a tree root.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"
#include "engine/solver/solver.h"
#include "model/model.h"

//---------------------------------- dense -------------------------------------------------------

// AR = J*inv(M)*J' + diag(R), dense: with M = L'*D*L, row i of J becomes
// B_i = sqrt(inv(D))*inv(L')*J_i' and AR_ij = B_i'*B_j.
void sn_cpProjectDense(mjData* d, const snCProblem* p, mjtNum* AR) {
  int nv = p->nv, nefc = p->nefc;
  mj_markStack(d);
  mjtNum* B = mj_stackAllocNum(d, (size_t)nefc * nv);
  mjtNum* e = mj_stackAllocNum(d, nefc);
  for (int i = 0; i < nefc; i++) {
    mjtNum* b = B + (size_t)i * nv;
    mju_zero(e, nefc);
    e[i] = 1;
    sn_cpMulJT(p, b, e);
    for (int k = nv - 1; k >= 0; k--) {
      int adr = p->M_rowadr[k], n = p->M_rownnz[k] - 1;
      mjtNum bk = b[k];
      if (n == 0 || bk == 0) {
        continue;
      }
      const mjtNum* row = p->LD + adr;
      const int* col = p->M_colind + adr;
      for (int j = 0; j < n; j++) {
        b[col[j]] -= row[j] * bk;
      }
    }
    for (int k = 0; k < nv; k++) {
      b[k] *= sqrt(p->LDiagInv[k]);
    }
  }
  for (int i = 0; i < nefc; i++) {
    for (int j = 0; j <= i; j++) {
      mjtNum v = mju_dot(B + (size_t)i * nv, B + (size_t)j * nv, nv);
      AR[(size_t)i * nefc + j] = v;
      AR[(size_t)j * nefc + i] = v;
    }
    AR[(size_t)i * nefc + i] += p->R[i];
  }
  mj_freeStack(d);
}

mjtNum sn_cpDualCost(const snCProblem* p, const mjtNum* force, const mjtNum* b, mjtNum* ARf) {
  int nefc = p->nefc;
  mjtNum cost = 0;
  for (int i = 0; i < nefc; i++) {
    mjtNum s = 0;
    if (p->AR_rownnz) {
      int adr = p->AR_rowadr[i];
      for (int k = 0; k < p->AR_rownnz[i]; k++) {
        s += p->AR[adr + k] * force[p->AR_colind[adr + k]];
      }
    } else {
      s = mju_dot(p->AR + (size_t)i * nefc, force, nefc);
    }
    if (ARf) {
      ARf[i] = s;
    }
    cost += force[i] * (0.5 * s + b[i]);
  }
  return cost;
}


//---------------------------------- sparse ------------------------------------------------------


// Ancestor closure of row i's columns, ascending, into cols (mark is nv zeros, restored).
static int row_closure(const mjModel* m, const mjData* d, int i, int* mark, int* cols) {
  int n = 0, adr = d->efc_J_rowadr[i];
  for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
    for (int v = d->efc_J_colind[adr + k]; v >= 0 && !mark[v]; v = m->dof_parentid[v]) {
      mark[v] = 1;
      cols[n++] = v;
    }
  }
  for (int a = 1; a < n; a++) {
    int x = cols[a], b = a - 1;
    for (; b >= 0 && cols[b] > x; b--) {
      cols[b + 1] = cols[b];
    }
    cols[b + 1] = x;
  }
  for (int a = 0; a < n; a++) {
    mark[cols[a]] = 0;
  }
  return n;
}

// Sparse dot product of two ascending index lists.
static mjtNum sparse_dot(const mjtNum* a, const int* ia, int na, const mjtNum* b, const int* ib,
                         int nb) {
  mjtNum s = 0;
  for (int p = 0, q = 0; p < na && q < nb;) {
    if (ia[p] == ib[q]) {
      s += a[p++] * b[q++];
    } else if (ia[p] < ib[q]) {
      p++;
    } else {
      q++;
    }
  }
  return s;
}

// AR in the row-sparse layout: the pattern, then its values. Returns 0 when the arena is full.
static int project_sparse(const mjModel* m, mjData* d) {
  int nv = m->nv, nefc = d->nefc;
  mj_markStack(d);
  int* mark = mj_stackAllocInt(d, nv);
  int* cols = mj_stackAllocInt(d, nv);
  int* badr = mj_stackAllocInt(d, nefc + 1);
  int* root = mj_stackAllocInt(d, nv);  // topmost ancestor of each dof
  memset(mark, 0, sizeof(int) * nv);
  for (int v = 0; v < nv; v++) {
    int par = m->dof_parentid[v];
    root[v] = par < 0 ? v : root[par];
  }
  badr[0] = 0;
  for (int i = 0; i < nefc; i++) {
    badr[i + 1] = badr[i] + row_closure(m, d, i, mark, cols);
  }
  int* bcol = mj_stackAllocInt(d, badr[nefc]);
  mjtNum* B = mj_stackAllocNum(d, badr[nefc]);
  mjtNum* x = mj_stackAllocNum(d, nv);
  mju_zero(x, nv);
  for (int i = 0; i < nefc; i++) {
    int n = row_closure(m, d, i, mark, bcol + badr[i]);
    const int* c = bcol + badr[i];
    int adr = d->efc_J_rowadr[i];
    for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
      x[d->efc_J_colind[adr + k]] = d->efc_J[adr + k];
    }
    for (int a = n - 1; a >= 0; a--) {
      int k = c[a], ladr = m->M_rowadr[k], nl = m->M_rownnz[k] - 1;
      for (int q = 0; q < nl; q++) {
        x[m->M_colind[ladr + q]] -= d->qLD[ladr + q] * x[k];
      }
    }
    for (int a = 0; a < n; a++) {
      B[badr[i] + a] = x[c[a]] * sqrt(d->qLDiagInv[c[a]]);
      x[c[a]] = 0;
    }
  }

  // pattern: rows sharing a root dof; rowmark holds the roots of row i
  int* rootmark = mj_stackAllocInt(d, nv);
  memset(rootmark, 0, sizeof(int) * nv);
  int* rownnz = mj_stackAllocInt(d, nefc);
  int nA = 0;
  for (int pass = 0; pass < 2; pass++) {
    nA = 0;
    for (int i = 0; i < nefc; i++) {
      for (int a = badr[i]; a < badr[i + 1]; a++) {
        rootmark[root[bcol[a]]] = 1;
      }
      int cnt = 0;
      for (int j = 0; j < nefc; j++) {
        int share = 0;
        for (int a = badr[j]; a < badr[j + 1] && !share; a++) {
          share = rootmark[root[bcol[a]]];
        }
        if (!share) {
          continue;
        }
        if (pass == 1) {
          int pos = d->efc_AR_rowadr[i] + cnt;
          d->efc_AR_colind[pos] = j;
          mjtNum v = sparse_dot(B + badr[i], bcol + badr[i], badr[i + 1] - badr[i], B + badr[j],
                                bcol + badr[j], badr[j + 1] - badr[j]);
          d->efc_AR[pos] = v + (i == j ? d->efc_R[i] : 0);
        }
        cnt++;
      }
      for (int a = badr[i]; a < badr[i + 1]; a++) {
        rootmark[root[bcol[a]]] = 0;
      }
      rownnz[i] = cnt;
      nA += cnt;
    }
    if (pass == 0) {
      d->efc_AR_rownnz = sn_arena_alloc(d, sizeof(int) * nefc);
      d->efc_AR_rowadr = sn_arena_alloc(d, sizeof(int) * nefc);
      d->efc_AR_colind = sn_arena_alloc(d, sizeof(int) * nA);
      d->efc_AR = sn_arena_alloc(d, sizeof(mjtNum) * nA);
      if (!d->efc_AR_rownnz || !d->efc_AR_rowadr || !d->efc_AR_colind || !d->efc_AR) {
        mj_freeStack(d);
        return 0;
      }
      for (int i = 0, adr = 0; i < nefc; i++) {
        d->efc_AR_rownnz[i] = rownnz[i];
        d->efc_AR_rowadr[i] = adr;
        adr += rownnz[i];
      }
    }
  }
  d->nA = nA;
  mj_freeStack(d);
  return 1;
}

void mj_projectConstraint(const mjModel* m, mjData* d) {
  d->nA = 0;
  if (!mj_isDual(m) || d->nefc == 0) {
    return;
  }
  size_t parena = d->parena;
  int ok;
  if (mj_isSparse(m)) {
    ok = project_sparse(m, d);
  } else {
    size_t n = (size_t)d->nefc * d->nefc;
    d->efc_AR_rownnz = d->efc_AR_rowadr = d->efc_AR_colind = NULL;
    d->efc_AR = sn_arena_alloc(d, sizeof(mjtNum) * n);
    ok = d->efc_AR != NULL;
    if (ok) {
      snCProblem p;
      sn_problemFromData(m, d, &p);
      sn_cpProjectDense(d, &p, d->efc_AR);
      d->nA = (int)n;
    }
  }
  if (!ok) {
    // no room: the solver builds a dense AR on the stack instead
    d->parena = parena;
    d->efc_AR = NULL;
    d->nA = 0;
    mj_warning(d, mjWARN_CNSTRFULL, d->nefc);
  }
}
