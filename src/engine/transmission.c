// Actuator transmissions: the scalar length l_i(q) of every actuator and its
// gradient (the moment arms), stored row-sparse in actuator_moment with
// moment_rownnz/rowadr/colind. Rows are packed back to back in actuator order.
#include <mujoco/mujoco.h>

// Joint and jointinparent transmission of actuator i into the row starting at adr.
// Returns the number of non-zeros written.
static int joint_transmission(const mjModel* m, mjData* d, int i, int adr) {
  int j = m->actuator_trnid[2 * i];
  const mjtNum* gear = m->actuator_gear + 6 * i;
  int qa = m->jnt_qposadr[j], va = m->jnt_dofadr[j];
  int inparent = (m->actuator_trntype[i] == mjTRN_JOINTINPARENT);
  mjtNum* moment = d->actuator_moment + adr;
  int* colind = d->moment_colind + adr;
  mjtNum quat[4], axis[3], rotvec[3];

  switch (m->jnt_type[j]) {
    case mjJNT_SLIDE:
    case mjJNT_HINGE:
      d->actuator_length[i] = gear[0] * d->qpos[qa];
      moment[0] = gear[0];
      colind[0] = va;
      return 1;

    case mjJNT_BALL:
      // the gear axis is given in the child frame (joint) or the parent frame
      // (jointinparent); moments act on the local angular velocity
      mju_copy4(quat, d->qpos + qa);
      mju_normalize4(quat);
      if (inparent) {
        mjtNum qinv[4];
        mju_negQuat(qinv, quat);
        mju_rotVecQuat(axis, gear, qinv);
      } else {
        mju_copy3(axis, gear);
      }
      // length: gear axis projected on the rotation vector of the joint
      mju_quat2Vel(rotvec, quat, 1);
      d->actuator_length[i] = mju_dot3(rotvec, axis);
      for (int k = 0; k < 3; k++) {
        moment[k] = axis[k];
        colind[k] = va + k;
      }
      return 3;

    case mjJNT_FREE:
      // translation axis is global; rotation axis is local (joint) or global
      // (jointinparent); the length of a free-joint transmission is defined as 0
      d->actuator_length[i] = 0;
      if (inparent) {
        mjtNum qinv[4];
        mju_copy4(quat, d->qpos + qa + 3);
        mju_normalize4(quat);
        mju_negQuat(qinv, quat);
        mju_rotVecQuat(axis, gear + 3, qinv);
      } else {
        mju_copy3(axis, gear + 3);
      }
      for (int k = 0; k < 3; k++) {
        moment[k] = gear[k];
        moment[3 + k] = axis[k];
      }
      for (int k = 0; k < 6; k++) {
        colind[k] = va + k;
      }
      return 6;

    default:
      mju_error("mj_transmission: unknown joint type %d", m->jnt_type[j]);
      return 0;
  }
}

// Tendon transmission: length and moment are the tendon's scaled by gear[0].
static int tendon_transmission(const mjModel* m, mjData* d, int i, int adr) {
  int t = m->actuator_trnid[2 * i];
  mjtNum g = m->actuator_gear[6 * i];
  d->actuator_length[i] = g * d->ten_length[t];
  int nnz = 0;
  if (mj_isSparse(m)) {
    int tadr = d->ten_J_rowadr[t];
    for (int k = 0; k < d->ten_J_rownnz[t]; k++) {
      d->actuator_moment[adr + nnz] = g * d->ten_J[tadr + k];
      d->moment_colind[adr + nnz] = d->ten_J_colind[tadr + k];
      nnz++;
    }
  } else {
    const mjtNum* J = d->ten_J + (size_t)t * m->nv;
    for (int k = 0; k < m->nv; k++) {
      if (J[k] != 0) {
        d->actuator_moment[adr + nnz] = g * J[k];
        d->moment_colind[adr + nnz] = k;
        nnz++;
      }
    }
  }
  return nnz;
}


// Keep the exact non-zeros of a dense moment row, in dof order, as row entries
// starting at adr. Returns their number.
static int compress_row(const mjModel* m, mjData* d, const mjtNum* row, int adr) {
  int nnz = 0;
  for (int k = 0; k < m->nv; k++) {
    if (row[k] != 0) {
      d->actuator_moment[adr + nnz] = row[k];
      d->moment_colind[adr + nnz] = k;
      nnz++;
    }
  }
  return nnz;
}

// row += f' * jacp + t' * jacr (jacp, jacr: 3 x nv).
static void add_wrench_row(int nv, mjtNum* row, const mjtNum f[3], const mjtNum t[3],
                           const mjtNum* jacp, const mjtNum* jacr) {
  for (int k = 0; k < nv; k++) {
    row[k] += f[0] * jacp[k] + f[1] * jacp[nv + k] + f[2] * jacp[2 * nv + k] +
              t[0] * jacr[k] + t[1] * jacr[nv + k] + t[2] * jacr[2 * nv + k];
  }
}

// Zero the row at the dofs that move both body b1 and body b2 (the dofs of their
// common ancestors, including themselves when one contains the other).
static void zero_common_dofs(const mjModel* m, mjtNum* row, int b1, int b2) {
  // the deepest common ancestor: lift the deeper body to the other's depth, then
  // walk both up until they meet (at the world when the trees differ)
  int d1 = 0, d2 = 0;
  for (int b = b1; b > 0; b = m->body_parentid[b]) {
    d1++;
  }
  for (int b = b2; b > 0; b = m->body_parentid[b]) {
    d2++;
  }
  for (; d1 > d2; d1--) {
    b1 = m->body_parentid[b1];
  }
  for (; d2 > d1; d2--) {
    b2 = m->body_parentid[b2];
  }
  while (b1 != b2) {
    b1 = m->body_parentid[b1];
    b2 = m->body_parentid[b2];
  }
  for (int b = b1; b > 0; b = m->body_parentid[b]) {
    for (int k = 0; k < m->body_dofnum[b]; k++) {
      row[m->body_dofadr[b] + k] = 0;
    }
  }
}

// Site transmission: the gear is a force and a torque in the frame of the site (no
// refsite, zero length) or of the reference site, where the length is the gear
// projection of the site's offset and rotation relative to the reference frame and
// the moment is the wrench applied through the difference of the two Jacobians.
static void site_transmission(const mjModel* m, mjData* d, int i, mjtNum* row,
                              mjtNum* jac) {
  int nv = m->nv;
  int s = m->actuator_trnid[2 * i], ref = m->actuator_trnid[2 * i + 1];
  const mjtNum* gear = m->actuator_gear + 6 * i;
  mjtNum* jacp = jac;
  mjtNum* jacr = jac + 3 * nv;
  mjtNum f[3], t[3];
  mj_jacSite(m, d, jacp, jacr, s);
  if (ref < 0) {
    const mjtNum* mat = d->site_xmat + 9 * s;
    mju_mulMatVec3(f, mat, gear);
    mju_mulMatVec3(t, mat, gear + 3);
    d->actuator_length[i] = 0;
    add_wrench_row(nv, row, f, t, jacp, jacr);
    return;
  }

  const mjtNum* refmat = d->site_xmat + 9 * ref;
  mjtNum dp[3], local[3], qs[4], qr[4], rot[3];
  mju_sub3(dp, d->site_xpos + 3 * s, d->site_xpos + 3 * ref);
  mju_mulMatTVec3(local, refmat, dp);
  // MuJoCo 3.3.8 composes each site's orientation for the rotation part as its
  // local quaternion times its body's (the reverse of the frame composition
  // used everywhere else); matched here so lengths agree when sites are rotated
  // in rotated bodies
  mju_mulQuat(qs, m->site_quat + 4 * s, d->xquat + 4 * m->site_bodyid[s]);
  mju_mulQuat(qr, m->site_quat + 4 * ref, d->xquat + 4 * m->site_bodyid[ref]);
  mju_subQuat(rot, qs, qr);
  d->actuator_length[i] = mju_dot3(gear, local) + mju_dot3(gear + 3, rot);

  // wrench in the reference frame through the difference of the Jacobians; like
  // MuJoCo 3.3.8, dofs that move both sites (common ancestors) get no moment
  mjtNum* jacp2 = jac + 6 * nv;
  mjtNum* jacr2 = jac + 9 * nv;
  mj_jacSite(m, d, jacp2, jacr2, ref);
  mju_subFrom(jacp, jacp2, 3 * nv);
  mju_subFrom(jacr, jacr2, 3 * nv);
  mju_mulMatVec3(f, refmat, gear);
  mju_mulMatVec3(t, refmat, gear + 3);
  add_wrench_row(nv, row, f, t, jacp, jacr);
  zero_common_dofs(m, row, m->site_bodyid[s], m->site_bodyid[ref]);
}

// Slider-crank: the slider moves along the z axis of the slider site and a rod of
// length r joins it to the crank pin. With v = pin - slider and a = z.v, the slider
// position is l = a - sqrt(a^2 + r^2 - v.v); when the rod cannot reach (negative
// radicand) the square root is taken as 0. Length and moment scale with gear[0].
static void slidercrank_transmission(const mjModel* m, mjData* d, int i, mjtNum* row,
                                     mjtNum* jac) {
  int nv = m->nv;
  int crank = m->actuator_trnid[2 * i], slider = m->actuator_trnid[2 * i + 1];
  mjtNum g = m->actuator_gear[6 * i], r = m->actuator_cranklength[i];
  const mjtNum* smat = d->site_xmat + 9 * slider;
  mjtNum z[3] = {smat[2], smat[5], smat[8]};
  mjtNum v[3];
  mju_sub3(v, d->site_xpos + 3 * crank, d->site_xpos + 3 * slider);
  mjtNum a = mju_dot3(z, v);
  mjtNum det = a * a + r * r - mju_dot3(v, v);
  int degenerate = det <= 0;
  mjtNum root = degenerate ? 0 : mju_sqrt(det);
  d->actuator_length[i] = g * (a - root);

  // dv = Jp_crank - Jp_slider; dz = w_slider x z, so v.dz = (z x v).w_slider
  mjtNum* jacp = jac;
  mjtNum* jacr = jac + 3 * nv;
  mjtNum* jacp2 = jac + 6 * nv;
  mj_jacSite(m, d, jacp, NULL, crank);
  mj_jacSite(m, d, jacp2, jacr, slider);
  mju_subFrom(jacp, jacp2, 3 * nv);
  mjtNum zxv[3];
  mju_cross(zxv, z, v);

  // dl = da (1 - a/root) + v.dv / root, with da = z.dv + (z x v).w
  mjtNum ca = degenerate ? 1 : 1 - a / root;
  mjtNum cv[3] = {0, 0, 0};
  if (!degenerate) {
    mju_scl3(cv, v, 1 / root);
  }
  mjtNum f[3], t[3];
  for (int k = 0; k < 3; k++) {
    f[k] = g * (ca * z[k] + cv[k]);
    t[k] = g * ca * zxv[k];
  }
  add_wrench_row(nv, row, f, t, jacp, jacr);
}

// Body transmission (adhesion): the moment is minus the mean, over the contacts
// that involve the body's geoms, of the Jacobian of the contact distance along the
// normal, so a positive force pulls the body onto what it touches. Length is 0.
static void body_transmission(const mjModel* m, mjData* d, int i, mjtNum* row,
                              mjtNum* jac) {
  int nv = m->nv, b = m->actuator_trnid[2 * i];
  mjtNum* jacp1 = jac;
  mjtNum* jacp2 = jac + 3 * nv;
  int count = 0;
  d->actuator_length[i] = 0;
  for (int c = 0; c < d->ncon; c++) {
    const mjContact* con = d->contact + c;
    int g1 = con->geom[0], g2 = con->geom[1];
    if (g1 < 0 || g2 < 0) {
      continue;  // flex contacts do not carry adhesion
    }
    int b1 = m->geom_bodyid[g1], b2 = m->geom_bodyid[g2];
    if (b1 != b && b2 != b) {
      continue;
    }
    mj_jac(m, d, jacp1, NULL, con->pos, b1);
    mj_jac(m, d, jacp2, NULL, con->pos, b2);
    mju_subFrom(jacp2, jacp1, 3 * nv);
    mjtNum n[3] = {-con->frame[0], -con->frame[1], -con->frame[2]};
    mjtNum zero[3] = {0, 0, 0};
    add_wrench_row(nv, row, n, zero, jacp2, jacp2);
    count++;
  }
  if (count > 1) {
    mju_scl(row, row, 1.0 / count, nv);
  }
}

void mj_transmission(const mjModel* m, mjData* d) {
  int adr = 0, nv = m->nv;
  // dense scratch rows only for the transmissions that build their moment from body
  // Jacobians, so joint- and tendon-driven models need no arena space here
  int dense = 0;
  for (int i = 0; i < m->nu; i++) {
    int t = m->actuator_trntype[i];
    dense |= t == mjTRN_SLIDERCRANK || t == mjTRN_SITE || t == mjTRN_BODY;
  }
  mj_markStack(d);
  mjtNum* row = dense ? mj_stackAllocNum(d, nv > 0 ? nv : 1) : NULL;
  mjtNum* jac = dense ? mj_stackAllocNum(d, nv > 0 ? 12 * nv : 1) : NULL;
  for (int i = 0; i < m->nu; i++) {
    int nnz = 0;
    d->moment_rowadr[i] = adr;
    d->actuator_length[i] = 0;
    if (m->actuator_trnid[2 * i] >= 0) {
      switch (m->actuator_trntype[i]) {
        case mjTRN_JOINT:
        case mjTRN_JOINTINPARENT:
          nnz = joint_transmission(m, d, i, adr);
          break;
        case mjTRN_TENDON:
          nnz = tendon_transmission(m, d, i, adr);
          break;
        case mjTRN_SLIDERCRANK:
          mju_zero(row, nv);
          slidercrank_transmission(m, d, i, row, jac);
          nnz = compress_row(m, d, row, adr);
          break;
        case mjTRN_SITE:
          mju_zero(row, nv);
          site_transmission(m, d, i, row, jac);
          nnz = compress_row(m, d, row, adr);
          break;
        case mjTRN_BODY:
          mju_zero(row, nv);
          body_transmission(m, d, i, row, jac);
          nnz = compress_row(m, d, row, adr);
          break;
        default:
          mju_error("mj_transmission: unknown transmission type %d", m->actuator_trntype[i]);
      }
    }
    d->moment_rownnz[i] = nnz;
    adr += nnz;
  }
  mj_freeStack(d);
}
