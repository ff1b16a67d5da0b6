// Constraint assembly: counts the rows of every constraint kind, allocates the efc_*
// arrays in the arena above the contacts, and fills them in MuJoCo's order (equality,
// friction loss, limits, contacts). Each row gets its Jacobian (dense or row-sparse),
// residual, margin, friction-loss bound, diagonal approximation and soft parameters.
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"
#include "engine/com.h"
#include "engine/constraint/constraint.h"
#include "math/inline.h"
#include "math/sparse.h"
#include "model/model.h"

//---------------------------------- column sets -----------------------------------------------------

// Last dof on the path from the world to body b, or -1 when no dof moves b.
static int last_dof(const mjModel* m, int b) {
  while (b > 0 && m->body_dofnum[b] == 0) {
    b = m->body_parentid[b];
  }
  return b > 0 ? m->body_dofadr[b] + m->body_dofnum[b] - 1 : -1;
}

int sn_efc_chain2_size(const mjModel* m, int b1, int b2, int* mark) {
  // count the union of the two paths; mark is restored to zero
  int n = 0;
  for (int i = last_dof(m, b1); i >= 0; i = m->dof_parentid[i]) {
    mark[i] = 1;
    n++;
  }
  for (int i = last_dof(m, b2); i >= 0; i = m->dof_parentid[i]) {
    if (!mark[i]) {
      n++;
    }
  }
  for (int i = last_dof(m, b1); i >= 0; i = m->dof_parentid[i]) {
    mark[i] = 0;
  }
  return n;
}

int sn_efc_chain2(sn_efc* b, int b1, int b2) {
  const mjModel* m = b->m;
  int* out = b->chain;
  // path of b1 (dof indices decrease towards the world), kept descending in out's tail
  // half; path of b2 up to the first dof shared with it (the rest is shared too)
  int n1 = 0, n2 = 0;
  int* p1 = b->path;
  for (int i = last_dof(m, b1); i >= 0; i = m->dof_parentid[i]) {
    b->mark[i] = 1;
    p1[n1++] = i;
  }
  int* p2 = b->path + n1;
  for (int i = last_dof(m, b2); i >= 0 && !b->mark[i]; i = m->dof_parentid[i]) {
    p2[n2++] = i;
  }
  for (int k = 0; k < n1; k++) {
    b->mark[p1[k]] = 0;
  }
  // merge the two descending lists from their ends into ascending order
  int x = n1 - 1, y = n2 - 1, n = 0;
  while (x >= 0 && y >= 0) {
    out[n++] = p1[x] < p2[y] ? p1[x--] : p2[y--];
  }
  while (x >= 0) {
    out[n++] = p1[x--];
  }
  while (y >= 0) {
    out[n++] = p2[y--];
  }
  b->nchain = n;
  return n;
}

void sn_efc_jacdif(sn_efc* b, const mjtNum p1[3], int b1, const mjtNum p2[3], int b2,
                   int rot) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  int nv = m->nv;
  mjtNum* jac = b->jac;
  for (int k = 0; k < b->nchain; k++) {
    int c = b->chain[k];
    for (int r = 0; r < (rot ? 6 : 3); r++) {
      jac[r * nv + c] = 0;
    }
  }
  for (int side = 0; side < 2; side++) {
    int body = side ? b2 : b1;
    mjtNum sign = side ? 1 : -1;
    mjtNum off[3];
    sn_sub3(off, side ? p2 : p1, d->subtree_com + 3 * m->body_rootid[body]);
    for (int i = last_dof(m, body); i >= 0; i = m->dof_parentid[i]) {
      const mjtNum* cdof = d->cdof + 6 * i;
      mjtNum v[3];
      sn_cross(v, cdof, off);
      sn_addTo3(v, cdof + 3);
      for (int r = 0; r < 3; r++) {
        jac[r * nv + i] += sign * v[r];
        if (rot) {
          jac[(3 + r) * nv + i] += sign * cdof[r];
        }
      }
    }
  }
}

//---------------------------------- tendon rows -----------------------------------------------------

int sn_efc_tendon_nnz(const mjModel* m, const mjData* d, int t) {
  return mj_isSparse(m) ? d->ten_J_rownnz[t] : m->nv;
}

void sn_efc_tendon(sn_efc* b, int t, mjtNum scl) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  int nv = m->nv;
  if (b->sparse) {
    // ten_J's own row structure, explicit zeros included, as the oracle's rows have it
    int adr = d->ten_J_rowadr[t], nnz = d->ten_J_rownnz[t];
    for (int k = 0; k < nnz; k++) {
      int c = d->ten_J_colind[adr + k];
      b->chain[k] = c;
      b->jac[c] = scl * d->ten_J[adr + k];
    }
    b->nchain = nnz;
  } else {
    const mjtNum* J = d->ten_J + (size_t)t * nv;
    for (int c = 0; c < nv; c++) {
      b->chain[c] = c;
      b->jac[c] = scl * J[c];
    }
    b->nchain = nv;
  }
}

void sn_efc_clearjac(sn_efc* b) {
  for (int k = 0; k < b->nchain; k++) {
    b->jac[b->chain[k]] = 0;
  }
}

void sn_efc_tendon_mark(sn_efc* b, int t) {
  if (b->d->tendon_efcadr[t] < 0) {
    b->d->tendon_efcadr[t] = b->nefc;
  }
}

//---------------------------------- rows ------------------------------------------------------------

void sn_efc_push(sn_efc* b, int type, int id, const mjtNum* row, const sn_efc_param* p) {
  const mjModel* m = b->m;
  mjData* d = b->d;
  int i = b->nefc++, nv = m->nv;

  if (b->sparse) {
    int adr = b->nJ;
    d->efc_J_rownnz[i] = b->nchain;
    d->efc_J_rowadr[i] = adr;
    d->efc_J_rowsuper[i] = 0;
    for (int k = 0; k < b->nchain; k++) {
      d->efc_J_colind[adr + k] = b->chain[k];
      d->efc_J[adr + k] = row[b->chain[k]];
    }
    b->nJ += b->nchain;
  } else {
    mjtNum* J = d->efc_J + (size_t)i * nv;
    memset(J, 0, sizeof(mjtNum) * (size_t)nv);
    for (int k = 0; k < b->nchain; k++) {
      J[b->chain[k]] = row[b->chain[k]];
    }
    b->nJ += nv;
  }

  d->efc_type[i] = type;
  d->efc_id[i] = id;
  d->efc_pos[i] = p->pos;
  d->efc_margin[i] = p->margin;
  d->efc_frictionloss[i] = p->frictionloss;

  // friction rows have no residual: their impedance is d(0) and they get no spring
  mjtNum imp, impP, K, B;
  mjtNum r = p->friction ? 0 : p->pos - p->margin;
  if (b->imp_valid && b->imp_friction == p->friction &&
      memcmp(&r, &b->imp_r, sizeof r) == 0 &&
      memcmp(p->solimp, b->imp_solimp, sizeof b->imp_solimp) == 0 &&
      memcmp(p->solref, b->imp_solref, sizeof b->imp_solref) == 0) {
    imp = b->imp;
    impP = b->impP;
    K = b->imp_K;
    B = b->imp_B;
  } else {
    sn_impedance(p->solimp, r, &imp, &impP);
    sn_stiffness_damping(m, p->solref, p->solimp, p->friction, &K, &B);
    memcpy(b->imp_solimp, p->solimp, sizeof b->imp_solimp);
    memcpy(b->imp_solref, p->solref, sizeof b->imp_solref);
    b->imp_friction = p->friction;
    b->imp_r = r;
    b->imp = imp;
    b->impP = impP;
    b->imp_K = K;
    b->imp_B = B;
    b->imp_valid = 1;
  }
  mjtNum* kbip = d->efc_KBIP + 4 * i;
  kbip[0] = K;
  kbip[1] = B;
  kbip[2] = imp;
  kbip[3] = impP;
  sn_efc_setR(d, i, sn_regularizer(imp, p->diag));
}

void sn_efc_setR(mjData* d, int i, mjtNum R) {
  mjtNum imp = d->efc_KBIP[4 * i + 2];
  d->efc_R[i] = R;
  d->efc_D[i] = 1 / R;
  // reported as the diagonal that gives this R: R's lower bound and the cone scalings
  // show through, as in MuJoCo 3.3.8
  d->efc_diagApprox[i] = R * imp / (1 - imp);
}

//---------------------------------- arena -----------------------------------------------------------


// Lay out the per-row arrays; 0 when the arena is too small.
static int allocate_rows(const mjModel* m, mjData* d, int nefc, int nJ) {
  size_t n = (size_t)nefc;
  size_t nI = sizeof(int) * n, nN = sizeof(mjtNum) * n;
#define ALLOC(field, bytes)                           \
  if (!(d->field = sn_arena_alloc(d, (bytes)))) {        \
    return 0;                                         \
  }
  ALLOC(efc_type, nI);
  ALLOC(efc_id, nI);
  ALLOC(efc_J_rownnz, nI);
  ALLOC(efc_J_rowadr, nI);
  ALLOC(efc_J_rowsuper, nI);
  ALLOC(efc_J_colind, sizeof(int) * (size_t)nJ);
  ALLOC(efc_J, sizeof(mjtNum) * (size_t)nJ);
  ALLOC(efc_pos, nN);
  ALLOC(efc_margin, nN);
  ALLOC(efc_frictionloss, nN);
  ALLOC(efc_diagApprox, nN);
  ALLOC(efc_KBIP, 4 * nN);
  ALLOC(efc_D, nN);
  ALLOC(efc_R, nN);
  ALLOC(tendon_efcadr, sizeof(int) * (size_t)(m->ntendon ? m->ntendon : 1));
  ALLOC(efc_vel, nN);
  ALLOC(efc_aref, nN);
  ALLOC(efc_b, nN);
  ALLOC(efc_state, nI);
  ALLOC(efc_force, nN);
  // the dual solvers (PGS, noslip) work on A + R, stored dense by mj_projectConstraint
  d->efc_AR = NULL;
  d->efc_AR_rownnz = d->efc_AR_rowadr = d->efc_AR_colind = NULL;
  if (mj_isDual(m) && nefc) {
    ALLOC(efc_AR, sizeof(mjtNum) * n * n);
  }
#undef ALLOC
  return 1;
}

// Every row array empty: all point at the arena's free bottom, which none of them owns.
static void empty_rows(mjData* d) {
  void* top = (char*)d->arena + d->parena;
  d->efc_type = d->efc_id = d->efc_J_rownnz = d->efc_J_rowadr = d->efc_J_rowsuper = top;
  d->efc_J_colind = d->efc_state = d->tendon_efcadr = top;
  d->efc_J = d->efc_pos = d->efc_margin = d->efc_frictionloss = d->efc_diagApprox = top;
  d->efc_KBIP = d->efc_D = d->efc_R = d->efc_vel = d->efc_aref = d->efc_b = top;
  d->efc_force = top;
  d->efc_AR = NULL;
  d->efc_AR_rownnz = d->efc_AR_rowadr = d->efc_AR_colind = NULL;
}

static void clear_rows(const mjModel* m, mjData* d, size_t parena) {
  d->ne = d->nf = d->nl = d->nefc = d->nJ = d->nA = 0;
  d->parena = parena;
  for (int i = 0; i < d->ncon; i++) {
    d->contact[i].efc_address = -1;
  }
  (void)m;
}

//---------------------------------- mj_makeConstraint -----------------------------------------------

void mj_makeConstraint(const mjModel* m, mjData* d) {
  int nv = m->nv, dsbl = m->opt.disableflags;
  size_t parena0 = sn_align((size_t)d->ncon * sizeof(mjContact));
  clear_rows(m, d, parena0);

  // count first so the arena holds exactly the rows of this step; the dof marks are
  // scratch of the equality and contact counts only
  int marks = !(dsbl & mjDSBL_CONSTRAINT) &&
              ((m->neq && !(dsbl & mjDSBL_EQUALITY)) || (d->ncon && !(dsbl & mjDSBL_CONTACT)));
  mj_markStack(d);
  int* mark = NULL;
  if (marks) {
    mark = mj_stackAllocInt(d, (size_t)(nv ? nv : 1));
    memset(mark, 0, sizeof(int) * (size_t)(nv ? nv : 1));
  }

  sn_efc_count ce = {0, 0}, cf = {0, 0}, cl = {0, 0}, cc = {0, 0};
  if (!(dsbl & mjDSBL_CONSTRAINT)) {
    if (m->neq && !(dsbl & mjDSBL_EQUALITY)) {
      ce = sn_equality_count(m, d, mark);
    }
    if (!(dsbl & mjDSBL_FRICTIONLOSS)) {
      cf = sn_friction_count(m, d);
    }
    if (!(dsbl & mjDSBL_LIMIT)) {
      cl = sn_limit_count(m, d);
    }
    if (d->ncon && !(dsbl & mjDSBL_CONTACT)) {
      cc = sn_contact_count(m, d, mark);
    }
  }
  int nefc = ce.rows + cf.rows + cl.rows + cc.rows;
  int sparse = mj_isSparse(m);
  int nJ = sparse ? ce.nnz + cf.nnz + cl.nnz + cc.nnz : nefc * nv;
  mj_freeStack(d);

  if (nefc > d->maxuse_efc) {
    d->maxuse_efc = nefc;
  }
  if (nefc == 0) {
    // no rows: only the tendon map takes a block (the twenty empty blocks of the general
    // layout were a third of the constraint stage's instructions on joint_free)
    empty_rows(d);
    if (m->ntendon && !(d->tendon_efcadr = sn_arena_alloc(d, sizeof(int) * (size_t)m->ntendon))) {
      mj_warning(d, mjWARN_CNSTRFULL, nefc);
      clear_rows(m, d, parena0);
      return;
    }
    for (int i = 0; i < m->ntendon; i++) {
      d->tendon_efcadr[i] = -1;
    }
    return;
  }
  if (!allocate_rows(m, d, nefc, nJ)) {
    mj_warning(d, mjWARN_CNSTRFULL, nefc);
    clear_rows(m, d, parena0);
    return;
  }
  // set to the first row of each tendon (equality, friction loss or limit) as rows go in
  for (int i = 0; i < m->ntendon; i++) {
    d->tendon_efcadr[i] = -1;
  }
  if (nefc == 0) {
    return;
  }

  mj_markStack(d);
  sn_efc b = {.m = m, .d = d, .sparse = sparse};
  size_t nv1 = (size_t)(nv ? nv : 1);
  b.chain = mj_stackAllocInt(d, nv1);
  b.path = mj_stackAllocInt(d, nv1);
  b.mark = mj_stackAllocInt(d, nv1);
  b.jac = mj_stackAllocNum(d, 6 * nv1);
  memset(b.mark, 0, sizeof(int) * nv1);
  if (ce.rows) {
    // the equality rows add into whole rows of jac; every other emitter writes the columns
    // of its chain before reading them (and contact rows only ever read those), so without
    // equalities the 6*nv block (130 KB on humanoid100) needs no clearing
    memset(b.jac, 0, sizeof(mjtNum) * 6 * nv1);
  }

  if (ce.rows) {
    sn_equality_emit(&b);
  }
  d->ne = b.nefc;
  if (cf.rows) {
    sn_friction_emit(&b);
  }
  d->nf = b.nefc - d->ne;
  if (cl.rows) {
    sn_limit_emit(&b);
  }
  d->nl = b.nefc - d->ne - d->nf;
  if (cc.rows) {
    sn_contact_emit(&b);
  }
  mj_freeStack(d);

  d->nefc = b.nefc;
  d->nJ = sparse ? b.nJ : nJ;
  if (!sparse) {
    // the row-sparse description is meaningless for dense rows
    memset(d->efc_J_rownnz, 0, sizeof(int) * (size_t)nefc);
    memset(d->efc_J_rowadr, 0, sizeof(int) * (size_t)nefc);
    memset(d->efc_J_rowsuper, 0, sizeof(int) * (size_t)nefc);
  }
  memset(d->efc_vel, 0, sizeof(mjtNum) * (size_t)nefc);
  memset(d->efc_aref, 0, sizeof(mjtNum) * (size_t)nefc);
  memset(d->efc_b, 0, sizeof(mjtNum) * (size_t)nefc);
  memset(d->efc_force, 0, sizeof(mjtNum) * (size_t)nefc);
  memset(d->efc_state, 0, sizeof(int) * (size_t)nefc);
}

//---------------------------------- products with J -------------------------------------------------

void mj_mulJacVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int sparse = mj_isSparse(m);
  sn_mulRowsVec(res, d->efc_J, d->nefc, m->nv, sparse ? d->efc_J_rownnz : NULL,
                d->efc_J_rowadr, d->efc_J_colind, vec);
}

void mj_mulJacTVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec) {
  int sparse = mj_isSparse(m);
  sn_mulRowsTVec(res, d->efc_J, d->nefc, m->nv, sparse ? d->efc_J_rownnz : NULL,
                 d->efc_J_rowadr, d->efc_J_colind, vec);
}
