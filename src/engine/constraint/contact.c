// Contact rows. The Jacobian of the contact point taken as part of geom2's body minus
// the same point on geom1's body, expressed in the contact frame (normal, two
// tangents; then the same axes for rotation), gives the contact-space rows: condim 1
// keeps the normal only; elliptic cones keep condim rows; pyramidal cones keep the
// 2(condim-1) edges J_n +- mu_k J_k. A contact whose distance is not below its
// margin minus gap is excluded (kept in d->contact, no rows).
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"

static int contact_rows(const mjModel* m, const mjContact* c) {
  if (c->dim == 1) {
    return 1;
  }
  return mj_isPyramidal(m) ? 2 * (c->dim - 1) : c->dim;
}

static int contact_bodies(const mjModel* m, const mjContact* c, int* b1, int* b2) {
  // flex contacts have no geom; they are not supported yet
  if (c->geom[0] < 0 || c->geom[1] < 0) {
    return 0;
  }
  *b1 = m->geom_bodyid[c->geom[0]];
  *b2 = m->geom_bodyid[c->geom[1]];
  return 1;
}

sn_efc_count sn_contact_count(const mjModel* m, mjData* d, int* mark) {
  sn_efc_count n = {0, 0};
  for (int i = 0; i < d->ncon; i++) {
    mjContact* c = d->contact + i;
    int b1, b2;
    c->efc_address = -1;
    if (c->dist >= c->includemargin) {
      c->exclude = 1;
    }
    if (c->exclude || !contact_bodies(m, c, &b1, &b2)) {
      continue;
    }
    // no dof moves either geom: nothing to constrain
    int nnz = sn_efc_chain2_size(m, b1, b2, mark);
    if (!nnz) {
      continue;
    }
    int rows = contact_rows(m, c);
    n.rows += rows;
    n.nnz += rows * nnz;
  }
  return n;
}

// Row k (0..5) of the contact-space Jacobian at column col: the frame axis k%3 applied
// to the translation (k < 3) or rotation (k >= 3) part of the difference Jacobian.
static mjtNum frame_row(const sn_efc* b, const mjtNum* frame, int k, int col) {
  int nv = b->m->nv;
  const mjtNum* axis = frame + 3 * (k % 3);
  const mjtNum* jac = b->jac + (k < 3 ? 0 : 3 * (size_t)nv);
  return axis[0] * jac[col] + axis[1] * jac[nv + col] + axis[2] * jac[2 * nv + col];
}

// Rows of one contact, in cone order, over the column set already in b->chain; row, rowt
// and rowu must hold nv entries.
static void emit_contact(sn_efc* b, mjContact* c, int b1, int b2, mjtNum* row, mjtNum* rowt,
                         mjtNum* rowu) {
  const mjModel* m = b->m;
  mjData* d = b->d;
  int dim = c->dim, id = (int)(c - d->contact);
  sn_efc_jacdif(b, c->pos, b1, c->pos, b2, dim > 3);

  mjtNum diag = m->body_invweight0[2 * b1] + m->body_invweight0[2 * b2];
  mjtNum f0 = c->friction[0], impratio = m->opt.impratio;
  sn_efc_param p = {c->solref, c->solimp, c->dist, c->includemargin, 0, diag, 0};
  c->efc_address = b->nefc;
  c->mu = dim > 1 ? f0 / sqrt(impratio) : 0;

  for (int k = 0; k < b->nchain; k++) {
    row[b->chain[k]] = frame_row(b, c->frame, 0, b->chain[k]);
  }
  if (dim == 1) {
    sn_efc_push(b, mjCNSTR_CONTACT_FRICTIONLESS, id, row, &p);
    return;
  }

  if (mj_isPyramidal(m)) {
    // every edge shares one R: that of the edge's A_nn + mu^2 A_tt approximation
    // (bounded below), scaled by 2 mu^2 / impratio
    p.diag = diag * (1 + f0 * f0);
    for (int j = 1; j < dim; j++) {
      mjtNum mu = c->friction[j - 1];
      // both edges of axis j from one pass over its frame row
      for (int k = 0; k < b->nchain; k++) {
        int col = b->chain[k];
        mjtNum t = frame_row(b, c->frame, j, col);
        rowt[col] = row[col] + mu * t;
        rowu[col] = row[col] + -mu * t;
      }
      for (int s = 0; s < 2; s++) {
        int i = b->nefc;
        sn_efc_push(b, mjCNSTR_CONTACT_PYRAMIDAL, id, s ? rowu : rowt, &p);
        sn_efc_setR(d, i, d->efc_R[i] * 2 * f0 * f0 / impratio);
      }
    }
    return;
  }

  // elliptic: normal row, then the frictional rows sharing the normal impedance
  int i0 = b->nefc;
  sn_efc_push(b, mjCNSTR_CONTACT_ELLIPTIC, id, row, &p);
  const mjtNum* solreff =
      (c->solreffriction[0] == 0 && c->solreffriction[1] == 0) ? c->solref : c->solreffriction;
  mjtNum R0 = d->efc_R[i0];
  for (int j = 1; j < dim; j++) {
    for (int k = 0; k < b->nchain; k++) {
      row[b->chain[k]] = frame_row(b, c->frame, j, b->chain[k]);
    }
    mjtNum fj = c->friction[j - 1], scl = f0 * f0 / (fj * fj * impratio);
    sn_efc_param pf = {solreff, c->solimp, 0, 0, 0, diag, 1};
    int i = b->nefc;
    sn_efc_push(b, mjCNSTR_CONTACT_ELLIPTIC, id, row, &pf);
    d->efc_KBIP[4 * i + 2] = d->efc_KBIP[4 * i0 + 2];
    d->efc_KBIP[4 * i + 3] = d->efc_KBIP[4 * i0 + 3];
    sn_efc_setR(d, i, R0 * scl);
  }
}

void sn_contact_emit(sn_efc* b) {
  const mjModel* m = b->m;
  mjData* d = b->d;
  mj_markStack(d);
  mjtNum* row = mj_stackAllocNum(d, (size_t)m->nv);
  mjtNum* rowt = mj_stackAllocNum(d, (size_t)m->nv);
  mjtNum* rowu = mj_stackAllocNum(d, (size_t)m->nv);
  for (int i = 0; i < d->ncon; i++) {
    mjContact* c = d->contact + i;
    int b1, b2;
    // the column set doubles as the test for a contact no dof can move
    if (c->exclude || !contact_bodies(m, c, &b1, &b2) || !sn_efc_chain2(b, b1, b2)) {
      continue;
    }
    emit_contact(b, c, b1, b2, row, rowt, rowu);
  }
  mj_freeStack(d);
}
