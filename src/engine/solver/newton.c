// Primal Newton solver on the reduced primal cost: Hessian M + J'*D_active*J (+ J'*H*J for
// elliptic contacts on the cone surface), Cholesky factor, exact line search. With a dense
// Jacobian the factor is dense and, when only a few scalar rows enter or leave the
// quadratic zone, corrected by rank-one updates instead of being rebuilt. With a sparse
// Jacobian (large models) the Hessian is assembled from the rows' non-zeros and factored
// within its envelope (profile Cholesky).
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

// Dense row i of J into row (nv).
static void jac_row(const snCProblem* p, int i, mjtNum* row) {
  int nv = p->nv;
  if (p->sparse) {
    mju_zero(row, nv);
    int adr = p->J_rowadr[i];
    for (int k = 0; k < p->J_rownnz[i]; k++) {
      row[p->J_colind[adr + k]] = p->J[adr + k];
    }
  } else {
    mju_copy(row, p->J + (size_t)i * nv, nv);
  }
}

// The Hessian and its Cholesky factor L in envelope storage: row i holds columns
// first[i]..i at adr[i]. Dense Jacobian: first = 0 and adr[i] = i*nv (the row-major layout
// of mju_cholUpdate). Sparse Jacobian: first[i] is the smallest column any row touching
// dof i (or M's row i) can reach, so trees that share no row cost nothing to each other.
typedef struct {
  int* first;
  int* adr;
  mjtNum* L;
  int size;
  int dense;
  int* col_a;      // (nv) scratch of add_rows: non-zero columns and values of two rows
  int* col_b;
  mjtNum* val_a;
  mjtNum* val_b;
  int* col_g[4];   // (nv) scratch of the row group of build_factor
  mjtNum* val_g[4];
} snHess;

static inline mjtNum* hess_at(const snHess* h, int i, int j) {
  return h->L + h->adr[i] + (j - h->first[i]);
}

// Envelope of the Hessian over all rows (inactive ones too, so it holds for every build).
static void hess_init(mjData* d, const snCProblem* p, snHess* h) {
  int nv = p->nv;
  h->first = mj_stackAllocInt(d, nv);
  h->adr = mj_stackAllocInt(d, nv);
  h->dense = !p->sparse;
  h->col_a = mj_stackAllocInt(d, nv);
  h->col_b = mj_stackAllocInt(d, nv);
  h->val_a = mj_stackAllocNum(d, nv);
  h->val_b = mj_stackAllocNum(d, nv);
  for (int g = 0; g < 4; g++) {
    h->col_g[g] = mj_stackAllocInt(d, nv);
    h->val_g[g] = mj_stackAllocNum(d, nv);
  }
  for (int i = 0; i < nv; i++) {
    h->first[i] = h->dense ? 0 : p->M_colind[p->M_rowadr[i]];
  }
  if (!h->dense) {
    // a group is one row, or all rows of an elliptic contact (its cone block couples them)
    for (int r = 0; r < p->nefc;) {
      int n = p->type[r] == mjCNSTR_CONTACT_ELLIPTIC ? p->contact[p->id[r]].dim : 1;
      int c0 = p->nv;
      for (int g = r; g < r + n; g++) {
        if (p->J_rownnz[g] && p->J_colind[p->J_rowadr[g]] < c0) {
          c0 = p->J_colind[p->J_rowadr[g]];  // columns ascend
        }
      }
      for (int g = r; g < r + n; g++) {
        for (int k = 0; k < p->J_rownnz[g]; k++) {
          int c = p->J_colind[p->J_rowadr[g] + k];
          if (c0 < h->first[c]) {
            h->first[c] = c0;
          }
        }
      }
      r += n;
    }
  }
  int size = 0;
  for (int i = 0; i < nv; i++) {
    h->adr[i] = h->dense ? i * nv : size;
    size += i - h->first[i] + 1;
  }
  h->size = h->dense ? nv * nv : size;
  h->L = mj_stackAllocNum(d, h->size);
}

// The non-zero entries of row r of J: columns (ascending) into col, values into val.
// Structural and numerical zeros contribute nothing to J'*D*J, so the Hessian products
// only ever visit these.
static int row_nonzeros(const snCProblem* p, int r, int* col, mjtNum* val) {
  int n = 0;
  if (p->sparse) {
    const mjtNum* J = p->J + p->J_rowadr[r];
    const int* c = p->J_colind + p->J_rowadr[r];
    for (int k = 0; k < p->J_rownnz[r]; k++) {
      if (J[k] != 0) {
        col[n] = c[k];
        val[n++] = J[k];
      }
    }
  } else {
    const mjtNum* J = p->J + (size_t)r * p->nv;
    for (int k = 0; k < p->nv; k++) {
      if (J[k] != 0) {
        col[n] = k;
        val[n++] = J[k];
      }
    }
  }
  return n;
}

// H += scl * (J_a*J_b' + J_b*J_a') (a != b) or scl * J_a*J_a' (a == b), lower triangle:
// each product J_a(i)*J_b(j) lands once, on the diagonal twice when the rows differ.
// Terms land in the order of a loop over all columns (x outer, y inner), so skipping
// the zeros leaves every sum unchanged.
static void add_rows(snHess* h, const snCProblem* p, int ra, int rb, mjtNum scl) {
  int* ca = h->col_a;
  mjtNum* Ja = h->val_a;
  int na = row_nonzeros(p, ra, ca, Ja);
  if (ra == rb) {
    for (int x = 0; x < na; x++) {
      mjtNum va = scl * Ja[x];
      if (va == 0) {
        continue;
      }
      int i = ca[x];
      mjtNum* Li = h->L + h->adr[i] - h->first[i];
      // columns ascend: the lower triangle of row i is y <= x
      for (int y = 0; y <= x; y++) {
        Li[ca[y]] += va * Ja[y];
      }
    }
    return;
  }
  int* cb = h->col_b;
  mjtNum* Jb = h->val_b;
  int nb = row_nonzeros(p, rb, cb, Jb);
  for (int x = 0; x < na; x++) {
    mjtNum va = scl * Ja[x];
    if (va == 0) {
      continue;
    }
    int i = ca[x];
    for (int y = 0; y < nb; y++) {
      int j = cb[y];
      mjtNum v = va * Jb[y];
      if (i == j) {
        *hess_at(h, i, i) += 2 * v;
      } else {
        *hess_at(h, i > j ? i : j, i > j ? j : i) += v;
      }
    }
  }
}

// Rows added by build_factor one after another as scl * J_r*J_r' (quadratic scalar
// rows). Consecutive ones with the same non-zero columns (the pyramid edges of one
// contact) are added in one pass over their common block: each entry receives the
// same terms in the same order as from separate add_rows calls, with one load and store.
typedef struct {
  int n;          // rows held
  int nnz;        // their common number of non-zeros
  int row[4];
  mjtNum scl[4];
} snRowGroup;

static void group_flush(snHess* h, const snCProblem* p, snRowGroup* g) {
  int n = g->n, nnz = g->nnz;
  g->n = 0;
  if (n == 0) {
    return;
  }
  mjtNum va[4][64];
  int merge = n > 1 && nnz <= 64;
  for (int r = 0; r < n && merge; r++) {
    for (int x = 0; x < nnz; x++) {
      va[r][x] = g->scl[r] * h->val_g[r][x];
      merge &= va[r][x] != 0;  // add_rows skips zero products: keep its exact sums
    }
  }
  if (!merge) {
    for (int r = 0; r < n; r++) {
      add_rows(h, p, g->row[r], g->row[r], g->scl[r]);
    }
    return;
  }
  const int* ca = h->col_g[0];
  const mjtNum *J0 = h->val_g[0], *J1 = h->val_g[1], *J2 = h->val_g[2], *J3 = h->val_g[3];
  for (int x = 0; x < nnz; x++) {
    mjtNum* Li = h->L + h->adr[ca[x]] - h->first[ca[x]];
    mjtNum a0 = va[0][x], a1 = va[1][x], a2 = n > 2 ? va[2][x] : 0, a3 = n > 3 ? va[3][x] : 0;
    if (n == 4) {
      for (int y = 0; y <= x; y++) {
        Li[ca[y]] = (((Li[ca[y]] + a0 * J0[y]) + a1 * J1[y]) + a2 * J2[y]) + a3 * J3[y];
      }
    } else if (n == 3) {
      for (int y = 0; y <= x; y++) {
        Li[ca[y]] = ((Li[ca[y]] + a0 * J0[y]) + a1 * J1[y]) + a2 * J2[y];
      }
    } else {
      for (int y = 0; y <= x; y++) {
        Li[ca[y]] = (Li[ca[y]] + a0 * J0[y]) + a1 * J1[y];
      }
    }
  }
}

// Queue scl * J_r*J_r' behind the rows already in g (flushing them first when r's
// non-zero columns differ or the group is full).
static void group_add(snHess* h, const snCProblem* p, snRowGroup* g, int r, mjtNum scl) {
  if (g->n == 4) {
    group_flush(h, p, g);
  }
  int k = g->n;
  int nnz = row_nonzeros(p, r, h->col_g[k], h->val_g[k]);
  if (k > 0) {
    int same = nnz == g->nnz;
    for (int x = 0; x < nnz && same; x++) {
      same = h->col_g[k][x] == h->col_g[0][x];
    }
    if (!same) {
      // flush the group, then restart it with r in slot 0
      group_flush(h, p, g);
      for (int x = 0; x < nnz; x++) {
        h->col_g[0][x] = h->col_g[k][x];
        h->val_g[0][x] = h->val_g[k][x];
      }
      k = 0;
    }
  }
  g->nnz = nnz;
  g->row[k] = r;
  g->scl[k] = scl;
  g->n = k + 1;
}

// mju_dot's exact arithmetic (four interleaved partial sums, then the tail), inlined so
// that two rows' entries can be computed side by side.
static inline mjtNum dot_inl(const mjtNum* a, const mjtNum* b, int n) {
  mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  mjtNum tail = 0;
  for (; i < n; i++) {
    tail += a[i] * b[i];
  }
  return ((s0 + s2) + (s1 + s3)) + tail;
}

// Off-diagonal L(i, j), j < i, of a row whose envelope starts at fi (Li[j] = L(i, j)),
// from the finished row j and row i's entries left of j.
static inline mjtNum hess_entry(const snHess* h, const mjtNum* Li, int fi, int j) {
  int fj = h->first[j];
  const mjtNum* Lj = h->L + h->adr[j] - fj;
  int k0 = fi > fj ? fi : fj;
  return (Li[j] - dot_inl(Li + k0, Lj + k0, j - k0)) / Lj[j];
}

// Diagonal L(i, i) once row i's off-diagonal entries are done.
static inline mjtNum hess_diag(const mjtNum* Li, int fi, int i) {
  mjtNum s = Li[i] - dot_inl(Li + fi, Li + fi, i - fi);
  return sqrt(s > mjMINVAL ? s : mjMINVAL);
}

// Cholesky within the envelope (fill stays inside it). Every entry is a division after
// a dot product that needs the entry before it, so one row is a chain of latencies;
// rows i and i+1 do not depend on each other left of column i and are computed side by
// side (each entry's arithmetic unchanged).
static void hess_factor(snHess* h, int n) {
  int i = 0;
  while (i < n) {
    int fi = h->first[i];
    mjtNum* Li = h->L + h->adr[i] - fi;  // Li[j] = L(i, j)
    if (i + 1 < n && h->first[i + 1] == fi) {
      mjtNum* Lk = h->L + h->adr[i + 1] - fi;
      for (int j = fi; j < i; j++) {
        mjtNum a = hess_entry(h, Li, fi, j);
        mjtNum b = hess_entry(h, Lk, fi, j);
        Li[j] = a;
        Lk[j] = b;
      }
      Li[i] = hess_diag(Li, fi, i);
      Lk[i] = hess_entry(h, Lk, fi, i);
      Lk[i + 1] = hess_diag(Lk, fi, i + 1);
      i += 2;
    } else {
      for (int j = fi; j < i; j++) {
        Li[j] = hess_entry(h, Li, fi, j);
      }
      Li[i] = hess_diag(Li, fi, i);
      i++;
    }
  }
}

// search = -inv(L*L')*grad.
static void newton_direction(const snHess* h, int n, const mjtNum* grad, mjtNum* x) {
  for (int i = 0; i < n; i++) {
    const mjtNum* Li = h->L + h->adr[i] - h->first[i];
    int f = h->first[i];
    x[i] = (grad[i] - mju_dot(Li + f, x + f, i - f)) / Li[i];
  }
  for (int i = n - 1; i >= 0; i--) {
    const mjtNum* Li = h->L + h->adr[i] - h->first[i];
    x[i] /= Li[i];
    mjtNum xi = x[i];
    for (int k = h->first[i]; k < i; k++) {
      x[k] -= Li[k] * xi;
    }
  }
  mju_scl(x, x, -1, n);
}

// Rebuild and factor H = M + J'*D*J over quadratic rows + cone blocks.
static void build_factor(const snCProblem* p, snHess* h) {
  int nv = p->nv, nefc = p->nefc;
  mju_zero(h->L, h->size);
  for (int i = 0; i < nv; i++) {
    int adr = p->M_rowadr[i];
    for (int k = 0; k < p->M_rownnz[i]; k++) {
      *hess_at(h, i, p->M_colind[adr + k]) = p->M[adr + k];
    }
  }
  snRowGroup g = {0};
  for (int i = 0; i < nefc;) {
    int dim = p->type[i] == mjCNSTR_CONTACT_ELLIPTIC ? p->contact[p->id[i]].dim : 1;
    if (p->state[i] == mjCNSTRSTATE_QUADRATIC) {
      for (int j = 0; j < dim; j++) {
        group_add(h, p, &g, i + j, p->D[i + j]);
      }
    } else if (p->state[i] == mjCNSTRSTATE_CONE) {
      group_flush(h, p, &g);
      const mjtNum* Hc = p->contact[p->id[i]].H;
      for (int a = 0; a < dim; a++) {
        for (int b = 0; b <= a; b++) {
          add_rows(h, p, i + a, i + b, Hc[a * dim + b]);
        }
      }
    }
    i += dim;
  }
  group_flush(h, p, &g);
  hess_factor(h, nv);
}

// Rank-one corrections for scalar rows whose quadratic status changed; returns the number
// of updates, or -1 when a rebuild is needed (an elliptic contact changed zone or sits on
// the cone surface, whose block moves with every step, or too many changes).
static int update_factor(mjData* d, const snCProblem* p, const int* oldstate, mjtNum* H) {
  int nv = p->nv, nefc = p->nefc, nchange = 0;
  for (int i = 0; i < nefc; i++) {
    if (p->type[i] == mjCNSTR_CONTACT_ELLIPTIC &&
        (p->state[i] != oldstate[i] || p->state[i] == mjCNSTRSTATE_CONE)) {
      return -1;
    }
    int was = oldstate[i] == mjCNSTRSTATE_QUADRATIC, is = p->state[i] == mjCNSTRSTATE_QUADRATIC;
    nchange += was != is;
  }
  // a rank-one update costs ~nv^2, a rebuild ~nv^3/6 plus the products
  if (nchange * 6 > nv) {
    return -1;
  }
  mj_markStack(d);
  mjtNum* row = mj_stackAllocNum(d, nv);
  int nupdate = 0;
  // additions first: downdates of a factor that already holds the new rows stay positive
  for (int pass = 1; pass >= 0; pass--) {
    for (int i = 0; i < nefc; i++) {
      int was = oldstate[i] == mjCNSTRSTATE_QUADRATIC;
      int is = p->state[i] == mjCNSTRSTATE_QUADRATIC;
      if (was != is && is == pass) {
        jac_row(p, i, row);
        mju_scl(row, row, sqrt(p->D[i]), nv);
        mju_cholUpdate(H, row, nv, pass);
        nupdate++;
      }
    }
  }
  mj_freeStack(d);
  return nupdate;
}

// Whether an elliptic contact sits on the cone surface (its Hessian block moves every step).
static int has_cone(const snCProblem* p) {
  for (int i = 0; i < p->nefc; i++) {
    if (p->state[i] == mjCNSTRSTATE_CONE) {
      return 1;
    }
  }
  return 0;
}

void sn_solveNewton(mjData* d, const snCProblem* p) {
  int nv = p->nv;
  mj_markStack(d);
  snPrimal x;
  sn_primalInit(d, p, &x, p->elliptic);
  mjtNum* search = mj_stackAllocNum(d, nv);
  snHess h;
  hess_init(d, p, &h);
  mjSolverStat dummy;

  build_factor(p, &h);
  if (p->nnz) {
    *p->nnz = h.dense ? nv * nv : 2 * h.size - nv;
  }
  newton_direction(&h, nv, x.grad, search);

  int iter = 0;
  while (iter < p->iterations) {
    mjSolverStat* stat = iter < mjNSOLVER ? p->stat + iter : &dummy;
    *stat = (mjSolverStat){0};
    mjtNum alpha = sn_primalStep(p, &x, search, stat);
    if (alpha == 0) {
      break;  // no descent (e.g. already at the optimum): not an iteration, as 3.3.8 counts
    }
    iter++;
    if (stat->improvement < p->tolerance || stat->gradient < p->tolerance) {
      break;
    }

    // an envelope factor is rebuilt (rank-one updates would fill outside the envelope)
    int nupdate = h.dense ? update_factor(d, p, x.oldstate, h.L) : (stat->nchange ? -1 : 0);
    if (nupdate < 0 || (!h.dense && has_cone(p))) {
      build_factor(p, &h);
    } else {
      stat->nupdate = nupdate;
    }
    newton_direction(&h, nv, x.grad, search);
  }
  *p->niter = iter;
  mj_freeStack(d);
}
