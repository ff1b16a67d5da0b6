// Equality rows, in model order over the active constraints (d->eq_active):
//   connect (3 rows): r = p1 - p2, the anchor points of the two bodies (eq_data 0-2 in
//     body1's frame, 3-5 in body2's) or the two sites; J = J_p1 - J_p2.
//   weld (6 rows): the same position residual with p1 from eq_data 3-5 (in body1's frame)
//     and p2 from the anchor eq_data 0-2 (in body2's frame), then the orientation error
//     qe = conj(q2) q1 r (r = eq_data 6-9, the identity for sites) as the imaginary part
//     of qe (sin(theta/2) axis) times torquescale (eq_data 10).
//   joint (1 row): r = y - y0 - poly(x - x0) with the quartic eq_data 0-4.
//   tendon (1 row): the same on tendon lengths, y0 and x0 the tendons' tendon_length0;
//     J = J1 - poly'(x - x0) J2 over the union of the two tendons' columns.
// The impedance of all rows of one constraint comes from the norm of its residual.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"
#include "math/inline.h"
#include "math/sparse.h"

static int eq_rows(const mjModel* m, int i) {
  switch (m->eq_type[i]) {
    case mjEQ_CONNECT:
      return 3;
    case mjEQ_WELD:
      return 6;
    case mjEQ_JOINT:
    case mjEQ_TENDON:
      return 1;
    default:
      return 0;  // flex
  }
}

// Bodies moved by a connect/weld (sites resolve to their bodies).
static void eq_bodies(const mjModel* m, int i, int* b1, int* b2) {
  int o1 = m->eq_obj1id[i], o2 = m->eq_obj2id[i];
  if (m->eq_objtype[i] == mjOBJ_SITE) {
    *b1 = m->site_bodyid[o1];
    *b2 = m->site_bodyid[o2];
  } else {
    *b1 = o1;
    *b2 = o2 < 0 ? 0 : o2;
  }
}

// Column set of a joint equality (one or two dofs, ascending).
static int joint_chain(const mjModel* m, int i, int* chain) {
  int d1 = m->jnt_dofadr[m->eq_obj1id[i]];
  int j2 = m->eq_obj2id[i];
  if (j2 < 0) {
    chain[0] = d1;
    return 1;
  }
  int d2 = m->jnt_dofadr[j2];
  chain[0] = d1 < d2 ? d1 : d2;
  chain[1] = d1 < d2 ? d2 : d1;
  return 2;
}

// Jacobian entries of a tendon equality: the union of the two tendons' columns.
static int tendon_nnz(const mjModel* m, const mjData* d, int i, int* mark) {
  int t1 = m->eq_obj1id[i], t2 = m->eq_obj2id[i];
  if (!mj_isSparse(m)) {
    return m->nv;
  }
  int n = d->ten_J_rownnz[t1];
  if (t2 < 0) {
    return n;
  }
  const int* c1 = d->ten_J_colind + d->ten_J_rowadr[t1];
  const int* c2 = d->ten_J_colind + d->ten_J_rowadr[t2];
  for (int k = 0; k < d->ten_J_rownnz[t1]; k++) {
    mark[c1[k]] = 1;
  }
  for (int k = 0; k < d->ten_J_rownnz[t2]; k++) {
    n += !mark[c2[k]];
  }
  for (int k = 0; k < d->ten_J_rownnz[t1]; k++) {
    mark[c1[k]] = 0;
  }
  return n;
}

sn_efc_count sn_equality_count(const mjModel* m, const mjData* d, int* mark) {
  sn_efc_count c = {0, 0};
  for (int i = 0; i < m->neq; i++) {
    int rows = eq_rows(m, i);
    if (!d->eq_active[i] || !rows) {
      continue;
    }
    int nnz;
    if (m->eq_type[i] == mjEQ_JOINT) {
      int chain[2];
      nnz = joint_chain(m, i, chain);
    } else if (m->eq_type[i] == mjEQ_TENDON) {
      nnz = tendon_nnz(m, d, i, mark);
    } else {
      int b1, b2;
      eq_bodies(m, i, &b1, &b2);
      // rows of a constraint that no dof moves are counted (MuJoCo 3.3.8's dense nJ
      // includes them) but never written
      nnz = sn_efc_chain2_size(m, b1, b2, mark);
    }
    c.rows += rows;
    c.nnz += rows * nnz;
  }
  return c;
}

// Global quaternion of the frame a connect/weld attaches to on side k.
static void eq_frame_quat(const mjModel* m, const mjData* d, int i, int k, mjtNum q[4]) {
  int obj = k ? m->eq_obj2id[i] : m->eq_obj1id[i];
  if (m->eq_objtype[i] == mjOBJ_SITE) {
    sn_mulQuat(q, d->xquat + 4 * m->site_bodyid[obj], m->site_quat + 4 * obj);
    return;
  }
  const mjtNum* src = d->xquat + 4 * (obj < 0 ? 0 : obj);
  for (int c = 0; c < 4; c++) {
    q[c] = src[c];
  }
}

// Anchor points of side 1 and side 2 in world coordinates.
static void eq_points(const mjModel* m, const mjData* d, int i, int b1, int b2, mjtNum p1[3],
                      mjtNum p2[3]) {
  if (m->eq_objtype[i] == mjOBJ_SITE) {
    sn_copy3(p1, d->site_xpos + 3 * m->eq_obj1id[i]);
    sn_copy3(p2, d->site_xpos + 3 * m->eq_obj2id[i]);
    return;
  }
  const mjtNum* data = m->eq_data + mjNEQDATA * i;
  int weld = m->eq_type[i] == mjEQ_WELD;
  // connect: 0-2 on body1, 3-5 on body2; weld: 3-5 on body1, 0-2 on body2
  const mjtNum* a1 = weld ? data + 3 : data;
  const mjtNum* a2 = weld ? data : data + 3;
  sn_mulMatVec3(p1, d->xmat + 9 * b1, a1);
  sn_addTo3(p1, d->xpos + 3 * b1);
  sn_mulMatVec3(p2, d->xmat + 9 * b2, a2);
  sn_addTo3(p2, d->xpos + 3 * b2);
}

// Push rows given their residuals and the row Jacobians in b->jac (row k at k*nv).
static void push_rows(sn_efc* b, int i, int n, const mjtNum* res, const mjtNum* diag) {
  const mjModel* m = b->m;
  mjtNum norm = 0;
  for (int k = 0; k < n; k++) {
    norm += res[k] * res[k];
  }
  norm = sqrt(norm);
  for (int k = 0; k < n; k++) {
    sn_efc_param p = {m->eq_solref + mjNREF * i, m->eq_solimp + mjNIMP * i, res[k], 0, 0,
                      diag[k], 0};
    int row = b->nefc;
    sn_efc_push(b, mjCNSTR_EQUALITY, i, b->jac + (size_t)k * m->nv, &p);
    // the impedance is a function of the whole constraint's violation
    mjtNum imp, impP;
    sn_impedance(p.solimp, norm, &imp, &impP);
    b->d->efc_KBIP[4 * row + 2] = imp;
    b->d->efc_KBIP[4 * row + 3] = impP;
    sn_efc_setR(b->d, row, sn_regularizer(imp, diag[k]));
  }
}

// Orientation residual of weld i, ts * Im(conj(q2) q1 r), and the map Mrot from the
// relative angular velocity w1 - w2 to its rate: d(qe)/dt = 1/2 (0, u) qe with
// u = R2' (w1 - w2), so the imaginary part moves with 1/2 ts (qe_w I - [qe_v]x) R2'.
static void weld_rotation(const mjModel* m, const mjData* d, int i, int b2, mjtNum res[3],
                          mjtNum Mrot[9]) {
  const mjtNum* data = m->eq_data + mjNEQDATA * i;
  mjtNum q1[4], q2[4], q1r[4], q2c[4], qe[4], rel[4] = {1, 0, 0, 0};
  if (m->eq_objtype[i] != mjOBJ_SITE) {
    for (int c = 0; c < 4; c++) {
      rel[c] = data[6 + c];
    }
  }
  mjtNum ts = data[10];
  eq_frame_quat(m, d, i, 0, q1);
  eq_frame_quat(m, d, i, 1, q2);
  sn_mulQuat(q1r, q1, rel);
  sn_negQuat(q2c, q2);
  sn_mulQuat(qe, q2c, q1r);
  for (int c = 0; c < 3; c++) {
    res[c] = ts * qe[1 + c];
  }
  const mjtNum* R2 = d->xmat + 9 * b2;
  mjtNum R2s[9];
  if (m->eq_objtype[i] == mjOBJ_SITE) {
    sn_quat2Mat(R2s, q2);
    R2 = R2s;
  }
  mjtNum cross[9] = {0, -qe[3], qe[2], qe[3], 0, -qe[1], -qe[2], qe[1], 0};  // [qe_v]x
  for (int r = 0; r < 3; r++) {
    for (int c = 0; c < 3; c++) {
      mjtNum v = 0;
      for (int k = 0; k < 3; k++) {
        v += ((r == k ? qe[0] : 0) - cross[3 * r + k]) * R2[3 * c + k];
      }
      Mrot[3 * r + c] = 0.5 * ts * v;
    }
  }
}

static void emit_connect_weld(sn_efc* b, int i) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  int nv = m->nv, b1, b2, weld = m->eq_type[i] == mjEQ_WELD;
  eq_bodies(m, i, &b1, &b2);
  sn_efc_chain2(b, b1, b2);
  if (!b->nchain) {
    return;
  }
  mjtNum p1[3], p2[3], res[6];
  eq_points(m, d, i, b1, b2, p1, p2);
  sn_sub3(res, p1, p2);
  // rows are J(p1 on body1) - J(p2 on body2): the negative of the builder's difference
  sn_efc_jacdif(b, p2, b2, p1, b1, weld);

  mjtNum tran = m->body_invweight0[2 * b1] + m->body_invweight0[2 * b2];
  mjtNum rot = m->body_invweight0[2 * b1 + 1] + m->body_invweight0[2 * b2 + 1];
  mjtNum diag[6] = {tran, tran, tran, rot, rot, rot};
  if (!weld) {
    push_rows(b, i, 3, res, diag);
    return;
  }

  mjtNum Mrot[9];
  weld_rotation(m, d, i, b2, res + 3, Mrot);
  for (int k = 0; k < b->nchain; k++) {
    int col = b->chain[k];
    mjtNum w[3] = {b->jac[3 * nv + col], b->jac[4 * nv + col], b->jac[5 * nv + col]};
    for (int r = 0; r < 3; r++) {
      b->jac[(3 + r) * nv + col] =
          Mrot[3 * r] * w[0] + Mrot[3 * r + 1] * w[1] + Mrot[3 * r + 2] * w[2];
    }
  }
  push_rows(b, i, 6, res, diag);
}

static void emit_joint(sn_efc* b, int i) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  const mjtNum* a = m->eq_data + mjNEQDATA * i;
  int j1 = m->eq_obj1id[i], j2 = m->eq_obj2id[i];
  int q1 = m->jnt_qposadr[j1], d1 = m->jnt_dofadr[j1];
  mjtNum y = d->qpos[q1] - m->qpos0[q1], x = 0, diag = m->dof_invweight0[d1];
  b->nchain = joint_chain(m, i, b->chain);
  mjtNum res = y - a[0], slope = 0;
  if (j2 >= 0) {
    int q2 = m->jnt_qposadr[j2], d2 = m->jnt_dofadr[j2];
    x = d->qpos[q2] - m->qpos0[q2];
    res = y - (a[0] + x * (a[1] + x * (a[2] + x * (a[3] + x * a[4]))));
    slope = a[1] + x * (2 * a[2] + x * (3 * a[3] + x * 4 * a[4]));
    diag += m->dof_invweight0[d2];
    b->jac[d2] = -slope;
  }
  b->jac[d1] = 1;
  push_rows(b, i, 1, &res, &diag);
  for (int k = 0; k < b->nchain; k++) {
    b->jac[b->chain[k]] = 0;
  }
}

// Merge the sorted column lists a and b into out (ascending, no repeats); returns its size.
static int merge_columns(const int* a, int na, const int* c, int nc, int* out) {
  int x = 0, y = 0, n = 0;
  while (x < na || y < nc) {
    if (y == nc || (x < na && a[x] < c[y])) {
      out[n++] = a[x++];
    } else if (x == na || c[y] < a[x]) {
      out[n++] = c[y++];
    } else {
      out[n++] = a[x++];
      y++;
    }
  }
  return n;
}

// Add scl times tendon t's Jacobian row to b->jac.
static void add_tendon_jac(sn_efc* b, int t, mjtNum scl) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  sn_addRowScl(b->jac, d->ten_J, t, m->nv, b->sparse ? d->ten_J_rownnz : NULL,
               d->ten_J_rowadr, d->ten_J_colind, scl);
}

static void emit_tendon(sn_efc* b, int i) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  const mjtNum* a = m->eq_data + mjNEQDATA * i;
  int t1 = m->eq_obj1id[i], t2 = m->eq_obj2id[i];
  mjtNum y = d->ten_length[t1] - m->tendon_length0[t1], diag = m->tendon_invweight0[t1];
  mjtNum res = y - a[0], slope = 0;
  // the first tendon's row sets the column set; the second's columns join it
  sn_efc_tendon(b, t1, 1);
  if (t2 >= 0) {
    mjtNum x = d->ten_length[t2] - m->tendon_length0[t2];
    res = y - (a[0] + x * (a[1] + x * (a[2] + x * (a[3] + x * a[4]))));
    slope = a[1] + x * (2 * a[2] + x * (3 * a[3] + x * 4 * a[4]));
    diag += m->tendon_invweight0[t2];
    if (b->sparse) {
      int n1 = b->nchain;
      for (int k = 0; k < n1; k++) {
        b->path[k] = b->chain[k];
      }
      b->nchain = merge_columns(b->path, n1, d->ten_J_colind + d->ten_J_rowadr[t2],
                                d->ten_J_rownnz[t2], b->chain);
    }
    add_tendon_jac(b, t2, -slope);
  }
  sn_efc_tendon_mark(b, t1);
  if (t2 >= 0) {
    sn_efc_tendon_mark(b, t2);
  }
  push_rows(b, i, 1, &res, &diag);
  sn_efc_clearjac(b);
}

void sn_equality_emit(sn_efc* b) {
  const mjModel* m = b->m;
  for (int i = 0; i < m->neq; i++) {
    if (!b->d->eq_active[i]) {
      continue;
    }
    switch (m->eq_type[i]) {
      case mjEQ_CONNECT:
      case mjEQ_WELD:
        emit_connect_weld(b, i);
        break;
      case mjEQ_JOINT:
        emit_joint(b, i);
        break;
      case mjEQ_TENDON:
        emit_tendon(b, i);
        break;
      default:
        break;
    }
  }
}

int sn_equality_wrench(const mjModel* m, const mjData* d, int i, const mjtNum* force,
                       int body[2], mjtNum point[6], mjtNum f[3], mjtNum t[3]) {
  int weld = m->eq_type[i] == mjEQ_WELD;
  if (!weld && m->eq_type[i] != mjEQ_CONNECT) {
    return 0;
  }
  eq_bodies(m, i, body, body + 1);
  eq_points(m, d, i, body[0], body[1], point, point + 3);
  sn_copy3(f, force);
  t[0] = t[1] = t[2] = 0;
  if (weld) {
    // 3.3.8 takes the rotational row forces as the torque itself (world frame, no
    // torquescale or quaternion map), an approximation of Mrot' lambda
    sn_copy3(t, force + 3);
  }
  return 1;
}
