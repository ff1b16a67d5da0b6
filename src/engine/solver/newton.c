// Primal Newton solver on the reduced primal cost: Hessian M + J'*D_active*J (+ J'*H*J for
// elliptic contacts on the cone surface), Cholesky factor, exact line search. With a dense
// Jacobian the factor is dense and, when only a few scalar rows enter or leave the
// quadratic zone, corrected by rank-one updates instead of being rebuilt. With a sparse
// Jacobian (large models) the Hessian is assembled from the rows' non-zeros and factored
// within its envelope (profile Cholesky); on larger islands only the factor's structural
// non-zeros (found once per solve from the elimination tree) are computed, to the same bits
// as the full envelope factor.
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
  // sparse only, NULL when the stack had no room: per row ROW_WHOLE (no zero entry: its
  // non-zeros are its stored entries, read in place) and ROW_SAME (also the previous row's
  // columns, itself ROW_WHOLE); J is fixed through a solve, so this is found once
  unsigned char* rowflag;
  // sparse only: the structural non-zeros of L strictly left of the diagonal as runs of
  // consecutive columns, row i's runs [run[2r], run[2r+1]) for r in runadr[i]..runadr[i+1]-1
  // (ascending); the envelope entries outside them stay exactly zero through every build
  // and are never visited
  int* runadr;
  int* run;
  int* pair;       // (nv) row i+1 starts where row i does and its runs cover row i's
  int built;       // the envelope has been zeroed once
} snHess;

#define ROW_WHOLE 1
#define ROW_SAME 2

static inline mjtNum* hess_at(const snHess* h, int i, int j) {
  return h->L + h->adr[i] + (j - h->first[i]);
}

// Whether row r of the sparse Jacobian has the same columns as row q.
static int same_columns(const snCProblem* p, int r, int q) {
  int n = p->J_rownnz[r];
  if (n != p->J_rownnz[q]) {
    return 0;
  }
  const int* a = p->J_colind + p->J_rowadr[r];
  const int* b = p->J_colind + p->J_rowadr[q];
  for (int k = 0; k < n; k++) {
    if (a[k] != b[k]) {
      return 0;
    }
  }
  return 1;
}

// Visit every pair (c, c0) with c0 < c the smallest column of a clique of H holding c:
// M's row c (its dof ancestors) and each row group's columns. pos == NULL counts them into
// cnt[c]; otherwise c0 is stored at adj[pos[c]++].
static void clique_pairs(const snCProblem* p, int* cnt, int* pos, int* adj) {
  for (int c = 0; c < p->nv; c++) {
    int c0 = p->M_colind[p->M_rowadr[c]];
    if (c0 < c) {
      if (pos) {
        adj[pos[c]++] = c0;
      } else {
        cnt[c]++;
      }
    }
  }
  for (int r = 0; r < p->nefc;) {
    int n = p->type[r] == mjCNSTR_CONTACT_ELLIPTIC ? p->contact[p->id[r]].dim : 1;
    if (n == 1 && r > 0 && p->type[r - 1] != mjCNSTR_CONTACT_ELLIPTIC &&
        same_columns(p, r, r - 1)) {
      r++;  // the pyramid edges of one contact share their columns: one clique
      continue;
    }
    int c0 = p->nv;
    for (int g = r; g < r + n; g++) {
      if (p->J_rownnz[g] && p->J_colind[p->J_rowadr[g]] < c0) {
        c0 = p->J_colind[p->J_rowadr[g]];  // columns ascend
      }
    }
    for (int g = r; g < r + n; g++) {
      const int* col = p->J_colind + p->J_rowadr[g];
      for (int k = 0; k < p->J_rownnz[g]; k++) {
        if (col[k] > c0) {
          if (pos) {
            adj[pos[col[k]]++] = c0;
          } else {
            cnt[col[k]]++;
          }
        }
      }
    }
    r += n;
  }
}

// Pattern gaps this short are bridged into one run: dot_runs visits columns in groups of
// four anyway, and exact zeros inside a run cost less than another run.
#define RUN_GAP 3

// Islands this small (a body or two) keep the plain envelope factor: their envelope is
// nearly dense and the pattern would cost more than it saves.
#define PATTERN_MIN_NV 24

// The structural pattern of L left of the diagonal (symbolic Cholesky). A clique's
// columns lie on one path of the elimination tree once filled, so row i of L is the union
// of the tree paths from the cliques' smallest columns up to i; the tree grows as the rows
// are walked (a root met from row i gets parent i). Returns the number of non-zeros
// (count_only), else the number of runs, which are written when h->run is set.
static int pattern_walk(mjData* d, const snCProblem* p, snHess* h, int count_only) {
  int nv = p->nv;
  mj_markStack(d);
  int* adjadr = mj_stackAllocInt(d, nv + 1);
  int* pos = mj_stackAllocInt(d, nv);
  int* parent = mj_stackAllocInt(d, nv);
  int* stamp = mj_stackAllocInt(d, nv);
  for (int c = 0; c <= nv; c++) {
    adjadr[c] = 0;
  }
  clique_pairs(p, adjadr + 1, NULL, NULL);
  for (int c = 0; c < nv; c++) {
    adjadr[c + 1] += adjadr[c];
    pos[c] = adjadr[c];
    parent[c] = -1;
    stamp[c] = -1;
  }
  int* adj = mj_stackAllocInt(d, adjadr[nv] > 0 ? adjadr[nv] : 1);
  clique_pairs(p, NULL, pos, adj);

  int total = 0;
  for (int i = 0; i < nv; i++) {
    stamp[i] = i;
    for (int e = adjadr[i]; e < adjadr[i + 1]; e++) {
      for (int k = adj[e]; stamp[k] != i; k = parent[k]) {
        stamp[k] = i;
        total += count_only;
        if (parent[k] < 0) {
          parent[k] = i;
        }
      }
    }
    if (count_only) {
      continue;
    }
    // runs of the stamped columns (RUN_GAP bridged); the count is returned and stored
    int nrun = 0, last = -RUN_GAP - 1;
    for (int j = h->first[i]; j < i; j++) {
      if (stamp[j] == i) {
        if (j - last > RUN_GAP) {
          nrun++;
          if (h->run) {
            h->run[2 * (total + nrun - 1)] = j;
          }
        }
        if (h->run) {
          h->run[2 * (total + nrun - 1) + 1] = j + 1;
        }
        last = j;
      }
    }
    if (h->run) {
      h->runadr[i] = total;
    }
    total += nrun;
  }
  if (h->run) {
    h->runadr[nv] = total;
  }
  mj_freeStack(d);
  return total;
}

// Whether every run of b lies inside a run of a (both ascending).
static int runs_cover(const int* a, int na, const int* b, int nb) {
  int pa = 0;
  for (int r = 0; r < nb; r++) {
    while (pa < na && a[2 * pa + 1] <= b[2 * r]) {
      pa++;
    }
    if (pa == na || a[2 * pa] > b[2 * r] || a[2 * pa + 1] < b[2 * r + 1]) {
      return 0;
    }
  }
  return 1;
}

// The pattern, its runs counted first so that it takes no more stack than it needs. It is
// used only when it holds less than 60% of the envelope (measured on piles of free bodies
// and on humanoids: below that the pattern factor is faster, above it the envelope one),
// decided before any walk from M's share when that is enough, else from a walk that only
// counts, so that islands left to the envelope factor pay little for the question.
static void hess_pattern(mjData* d, const snCProblem* p, snHess* h) {
  int nv = p->nv;
  h->run = NULL;
  // The pattern is an optional speed-up: a model whose arena 3.3.8 sizes just large
  // enough for the envelope factor must not run out of stack for it. Bound its peak use
  // (the walk's scratch over J's entries, at most two ints per envelope entry for the
  // runs, alignment slack) and keep the envelope when that does not fit.
  size_t jnnz = 0;
  for (int r = 0; r < p->nefc; r++) {
    jnnz += (size_t)p->J_rownnz[r];
  }
  size_t need = sizeof(int) * (8 * (size_t)nv + 4 + jnnz + 2 * (size_t)h->size) + 256;
  if (need > (size_t)d->narena - d->pstack - d->parena) {
    return;
  }
  long nnz = 0;
  for (int i = 0; i < nv; i++) {
    nnz += p->M_rownnz[i];  // M's pattern is part of L's: a lower bound without a walk
  }
  if (5 * nnz >= 3 * (long)h->size) {
    return;
  }
  nnz = nv + pattern_walk(d, p, h, 1);
  if (5 * nnz >= 3 * (long)h->size) {
    return;
  }
  int total = pattern_walk(d, p, h, 0);
  h->runadr = mj_stackAllocInt(d, nv + 1);
  h->run = mj_stackAllocInt(d, 2 * (total > 0 ? total : 1));
  pattern_walk(d, p, h, 0);
  h->pair = mj_stackAllocInt(d, nv);
  for (int i = 0; i < nv; i++) {
    h->pair[i] = i + 1 < nv && h->first[i] == h->first[i + 1] &&
                 runs_cover(h->run + 2 * h->runadr[i + 1], h->runadr[i + 2] - h->runadr[i + 1],
                            h->run + 2 * h->runadr[i], h->runadr[i + 1] - h->runadr[i]);
  }
}

// The rows' ROW_WHOLE and ROW_SAME flags, when the stack has room for them (they only
// spare build_factor gathering each row's non-zeros again for every build).
static void row_flags(mjData* d, const snCProblem* p, snHess* h) {
  int nefc = p->nefc;
  if ((size_t)nefc + 256 > (size_t)d->narena - d->pstack - d->parena) {
    return;
  }
  h->rowflag = (unsigned char*)mj_stackAllocByte(d, (size_t)(nefc ? nefc : 1), 1);
  for (int r = 0; r < nefc; r++) {
    const mjtNum* J = p->J + p->J_rowadr[r];
    int n = p->J_rownnz[r], whole = 1;
    for (int k = 0; k < n && whole; k++) {
      whole = J[k] != 0;
    }
    h->rowflag[r] = whole ? ROW_WHOLE : 0;
    if (whole && r > 0 && (h->rowflag[r - 1] & ROW_WHOLE) &&
        (p->J_rowsuper ? p->J_rowsuper[r - 1] > 0 : same_columns(p, r, r - 1))) {
      h->rowflag[r] |= ROW_SAME;
    }
  }
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
  h->built = 0;
  h->runadr = h->run = h->pair = NULL;
  if (!h->dense && nv > PATTERN_MIN_NV) {
    hess_pattern(d, p, h);
  }
  h->rowflag = NULL;
  if (!h->dense) {
    row_flags(d, p, h);
  }
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
static void add_self(snHess* h, const int* ca, const mjtNum* Ja, int na, mjtNum scl) {
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
}

static void add_rows(snHess* h, const snCProblem* p, int ra, int rb, mjtNum scl) {
  int* ca = h->col_a;
  mjtNum* Ja = h->val_a;
  int na = row_nonzeros(p, ra, ca, Ja);
  if (ra == rb) {
    add_self(h, ca, Ja, na, scl);
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
  const int* col;       // the common non-zero columns
  const mjtNum* val[4]; // each row's non-zero values
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
      va[r][x] = g->scl[r] * g->val[r][x];
      merge &= va[r][x] != 0;  // add_rows skips zero products: keep its exact sums
    }
  }
  if (!merge) {
    // the rows one by one, from the non-zeros already gathered
    for (int r = 0; r < n; r++) {
      add_self(h, g->col, g->val[r], nnz, g->scl[r]);
    }
    return;
  }
  const int* ca = g->col;
  const mjtNum *J0 = g->val[0], *J1 = g->val[1], *J2 = n > 2 ? g->val[2] : NULL,
               *J3 = n > 3 ? g->val[3] : NULL;
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
  int k = g->n, nnz;
  const int* col;
  const mjtNum* val;
  int flag = h->rowflag ? h->rowflag[r] : 0;
  if (flag & ROW_WHOLE) {
    nnz = p->J_rownnz[r];
    col = p->J_colind + p->J_rowadr[r];
    val = p->J + p->J_rowadr[r];
  } else {
    nnz = row_nonzeros(p, r, h->col_g[k], h->val_g[k]);
    col = h->col_g[k];
    val = h->val_g[k];
  }
  if (k > 0) {
    int same = (flag & ROW_SAME) && g->row[k - 1] == r - 1;
    if (!same) {
      same = nnz == g->nnz;
      for (int x = 0; x < nnz && same; x++) {
        same = col[x] == g->col[x];
      }
    }
    if (!same) {
      // flush the group, then restart it with r in slot 0
      group_flush(h, p, g);
      if (val == h->val_g[k]) {
        for (int x = 0; x < nnz; x++) {
          h->col_g[0][x] = h->col_g[k][x];
          h->val_g[0][x] = h->val_g[k][x];
        }
        col = h->col_g[0];
        val = h->val_g[0];
      }
      k = 0;
    }
  }
  if (k == 0) {
    g->col = col;
  }
  g->nnz = nnz;
  g->row[k] = r;
  g->scl[k] = scl;
  g->val[k] = val;
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
  // the tail's at most three terms, in order, without a loop
  mjtNum tail = 0;
  if (i < n) {
    tail += a[i] * b[i];
    if (i + 1 < n) {
      tail += a[i + 1] * b[i + 1];
      if (i + 2 < n) {
        tail += a[i + 2] * b[i + 2];
      }
    }
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

// dot_inl(a + k0, b + k0, j - k0) when a or b is zero outside the runs run[0..nrun)
// (ascending, none below k0): only the groups of four (counted from k0) that meet a run
// are visited, then the tail. Every term lands in the partial sum it has in dot_inl, in the same
// order; the skipped terms are exact zeros, which leave a sum that started at +0
// unchanged, so the result is the same to the last bit.
static inline mjtNum dot_runs(const mjtNum* a, const mjtNum* b, const int* run, int nrun,
                              int k0, int j) {
  mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0, tail = 0;
  int kfull = k0 + ((j - k0) & ~3);
  int done = k0;  // groups below were visited
  for (int r = 0; r < nrun && run[2 * r] < kfull; r++) {
    int lo = run[2 * r] > done ? run[2 * r] : done;
    int hi = run[2 * r + 1] < kfull ? run[2 * r + 1] : kfull;
    if (lo >= hi) {
      continue;
    }
    lo = k0 + ((lo - k0) & ~3);
    hi = k0 + ((hi - k0 + 3) & ~3);
    for (int k = lo; k < hi; k += 4) {
      s0 += a[k] * b[k];
      s1 += a[k + 1] * b[k + 1];
      s2 += a[k + 2] * b[k + 2];
      s3 += a[k + 3] * b[k + 3];
    }
    done = hi;
  }
  for (int k = kfull; k < j; k++) {
    tail += a[k] * b[k];
  }
  return ((s0 + s2) + (s1 + s3)) + tail;
}

// dot_runs of a1 and of a2 with the same b, b zero outside the runs, in one pass.
static inline void dot_runs_pair(const mjtNum* a1, const mjtNum* a2, const mjtNum* b,
                                 const int* run, int nrun, int k0, int j, mjtNum* res) {
  mjtNum s0 = 0, s1 = 0, s2 = 0, s3 = 0, tail = 0;
  mjtNum t0 = 0, t1 = 0, t2 = 0, t3 = 0, tail2 = 0;
  int kfull = k0 + ((j - k0) & ~3);
  int done = k0;
  for (int r = 0; r < nrun && run[2 * r] < kfull; r++) {
    int lo = run[2 * r] > done ? run[2 * r] : done;
    int hi = run[2 * r + 1] < kfull ? run[2 * r + 1] : kfull;
    if (lo >= hi) {
      continue;
    }
    lo = k0 + ((lo - k0) & ~3);
    hi = k0 + ((hi - k0 + 3) & ~3);
    for (int k = lo; k < hi; k += 4) {
      s0 += a1[k] * b[k];
      s1 += a1[k + 1] * b[k + 1];
      s2 += a1[k + 2] * b[k + 2];
      s3 += a1[k + 3] * b[k + 3];
      t0 += a2[k] * b[k];
      t1 += a2[k + 1] * b[k + 1];
      t2 += a2[k + 2] * b[k + 2];
      t3 += a2[k + 3] * b[k + 3];
    }
    done = hi;
  }
  for (int k = kfull; k < j; k++) {
    tail += a1[k] * b[k];
    tail2 += a2[k] * b[k];
  }
  res[0] = ((s0 + s2) + (s1 + s3)) + tail;
  res[1] = ((t0 + t2) + (t1 + t3)) + tail2;
}

// hess_factor restricted to the structural pattern: the same entries to the last bit
// (see dot_runs), the envelope's zeros neither computed nor read. Rows i and i+1 of one
// supernode (pair[i]) share the passes over the rows above them; row i then also gets
// the entries of row i+1's pattern outside its own, which come out exactly +0.
static void hess_factor_pattern(snHess* h, int n) {
  int i = 0;
  while (i < n) {
    int fi = h->first[i];
    mjtNum* Li = h->L + h->adr[i] - fi;
    const int* Ri = h->run + 2 * h->runadr[i];
    int ri = h->runadr[i + 1] - h->runadr[i];
    if (h->pair[i]) {
      mjtNum* Lk = h->L + h->adr[i + 1] - fi;
      const int* Rk = h->run + 2 * h->runadr[i + 1];
      int rk = h->runadr[i + 2] - h->runadr[i + 1];
      for (int r = 0; r < rk && Rk[2 * r] < i; r++) {
        int jend = Rk[2 * r + 1] < i ? Rk[2 * r + 1] : i;
        for (int j = Rk[2 * r]; j < jend; j++) {
          int fj = h->first[j];
          const mjtNum* Lj = h->L + h->adr[j] - fj;
          mjtNum dot[2];
          dot_runs_pair(Li, Lk, Lj, h->run + 2 * h->runadr[j], h->runadr[j + 1] - h->runadr[j],
                        fj > fi ? fj : fi, j, dot);
          Li[j] = (Li[j] - dot[0]) / Lj[j];
          Lk[j] = (Lk[j] - dot[1]) / Lj[j];
        }
      }
      mjtNum s = Li[i] - dot_runs(Li, Li, Ri, ri, fi, i);
      Li[i] = sqrt(s > mjMINVAL ? s : mjMINVAL);
      Lk[i] = (Lk[i] - dot_runs(Lk, Li, Ri, ri, fi, i)) / Li[i];
      s = Lk[i + 1] - dot_runs(Lk, Lk, Rk, rk, fi, i + 1);
      Lk[i + 1] = sqrt(s > mjMINVAL ? s : mjMINVAL);
      i += 2;
      continue;
    }
    for (int r = 0; r < ri; r++) {
      for (int j = Ri[2 * r]; j < Ri[2 * r + 1]; j++) {
        int fj = h->first[j];
        const mjtNum* Lj = h->L + h->adr[j] - fj;
        const int* Rj = h->run + 2 * h->runadr[j];
        int rj = h->runadr[j + 1] - h->runadr[j];
        // the runs of the row whose envelope starts later bound the sum, none to skip
        mjtNum dot = fj > fi ? dot_runs(Li, Lj, Rj, rj, fj, j)
                             : dot_runs(Li, Lj, Ri, r + 1, fi, j);
        Li[j] = (Li[j] - dot) / Lj[j];
      }
    }
    mjtNum s = Li[i] - dot_runs(Li, Li, Ri, ri, fi, i);
    Li[i] = sqrt(s > mjMINVAL ? s : mjMINVAL);
    i++;
  }
}

// search = -inv(L*L')*grad.
static void newton_direction(const snHess* h, int n, const mjtNum* grad, mjtNum* x) {
  for (int i = 0; i < n; i++) {
    const mjtNum* Li = h->L + h->adr[i] - h->first[i];
    int f = h->first[i];
    mjtNum dot = h->run ? dot_runs(Li, x, h->run + 2 * h->runadr[i],
                                   h->runadr[i + 1] - h->runadr[i], f, i)
                        : dot_inl(Li + f, x + f, i - f);
    x[i] = (grad[i] - dot) / Li[i];
  }
  // Back substitution over the runs too. Skipping x[k] -= 0 * x[i] changes nothing unless
  // x[k] is -0 (x - (-0) is +0); subtractions and divisions make no new -0 from non-zero
  // values (a row's own -0 from a tiny quotient is final), so with no -0 left by the
  // forward pass the skipped steps are exact; otherwise the whole envelope is walked.
  int neg0 = 0;
  for (int i = 0; i < n && h->run; i++) {
    neg0 |= x[i] == 0 && signbit(x[i]);
  }
  for (int i = n - 1; i >= 0; i--) {
    const mjtNum* Li = h->L + h->adr[i] - h->first[i];
    x[i] /= Li[i];
    mjtNum xi = x[i];
    if (h->run && !neg0) {
      for (int r = h->runadr[i]; r < h->runadr[i + 1]; r++) {
        for (int k = h->run[2 * r]; k < h->run[2 * r + 1]; k++) {
          x[k] -= Li[k] * xi;
        }
      }
    } else {
      for (int k = h->first[i]; k < i; k++) {
        x[k] -= Li[k] * xi;
      }
    }
  }
  mju_scl(x, x, -1, n);
}

// Rebuild and factor H = M + J'*D*J over quadratic rows + cone blocks.
static void build_factor(const snCProblem* p, snHess* h) {
  int nv = p->nv, nefc = p->nefc;
  int clear = !(h->run && h->built);
  if (!clear) {
    // only the pattern was ever written since the envelope was zeroed
    for (int i = 0; i < nv; i++) {
      mjtNum* Li = h->L + h->adr[i] - h->first[i];
      for (int r = h->runadr[i]; r < h->runadr[i + 1]; r++) {
        for (int j = h->run[2 * r]; j < h->run[2 * r + 1]; j++) {
          Li[j] = 0;
        }
      }
      Li[i] = 0;
    }
  }
  h->built = 1;
  for (int i = 0; i < nv; i++) {
    if (clear) {
      // row by row, just before M's row goes in: a dense factor's strict upper triangle
      // is never read or written (mju_cholUpdate included) and is left alone, and the
      // rows (a few hundred bytes) take short stores instead of one long string store
      mju_zero(h->L + h->adr[i], i - h->first[i] + 1);
    }
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
  if (h->run) {
    hess_factor_pattern(h, nv);
  } else {
    hess_factor(h, nv);
  }
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
