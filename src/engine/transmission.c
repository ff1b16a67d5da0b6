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

void mj_transmission(const mjModel* m, mjData* d) {
  int adr = 0;
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
        case mjTRN_SITE:
        case mjTRN_BODY:
          // not implemented yet: zero length, no moment arms
          break;
        default:
          mju_error("mj_transmission: unknown transmission type %d", m->actuator_trntype[i]);
      }
    }
    d->moment_rownnz[i] = nnz;
    adr += nnz;
  }
}
