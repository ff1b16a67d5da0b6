// Joint limit rows: a hinge or slide joint contributes a row for each side of its
// range whose distance (positive inside the range) is below the joint margin; a ball
// joint limits the rotation angle of its quaternion to the larger range value. Tendons
// with a range follow, like scalar joints, on their length with their moment arms.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"
#include "math/inline.h"

// Rotation angle (>= 0) and unit axis (joint frame) of a ball joint's quaternion.
static mjtNum ball_angle(const mjtNum* qpos, mjtNum axis[3]) {
  mjtNum q[4] = {qpos[0], qpos[1], qpos[2], qpos[3]};
  mju_normalize4(q);
  mjtNum s = sqrt(q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (s < mjMINVAL) {
    axis[0] = 1;
    axis[1] = axis[2] = 0;
    return 0;
  }
  // the shorter way round: q and -q are the same rotation
  mjtNum angle = 2 * atan2(s, q[0]);
  if (angle > mjPI) {
    angle -= 2 * mjPI;
  }
  mjtNum scl = (angle < 0 ? -1 : 1) / s;
  axis[0] = q[1] * scl;
  axis[1] = q[2] * scl;
  axis[2] = q[3] * scl;
  return fabs(angle);
}

// Distances of the active sides of joint j (lower first); returns how many.
static int joint_sides(const mjModel* m, const mjData* d, int j, mjtNum dist[2], int side[2],
                       mjtNum axis[3]) {
  if (!m->jnt_limited[j]) {
    return 0;
  }
  const mjtNum* range = m->jnt_range + 2 * j;
  mjtNum margin = m->jnt_margin[j];
  const mjtNum* q = d->qpos + m->jnt_qposadr[j];
  int n = 0;
  switch (m->jnt_type[j]) {
    case mjJNT_SLIDE:
    case mjJNT_HINGE:
      for (int s = 0; s < 2; s++) {
        mjtNum r = s == 0 ? q[0] - range[0] : range[1] - q[0];
        if (r < margin) {
          dist[n] = r;
          side[n++] = s;
        }
      }
      break;
    case mjJNT_BALL: {
      mjtNum r = (range[0] > range[1] ? range[0] : range[1]) - ball_angle(q, axis);
      if (r < margin) {
        dist[n] = r;
        side[n++] = 1;
      }
      break;
    }
    default:
      break;
  }
  return n;
}

// Distances of the active sides of tendon t (lower first); returns how many.
static int tendon_sides(const mjModel* m, const mjData* d, int t, mjtNum dist[2], int side[2]) {
  if (!m->tendon_limited[t]) {
    return 0;
  }
  const mjtNum* range = m->tendon_range + 2 * t;
  mjtNum len = d->ten_length[t], margin = m->tendon_margin[t];
  int n = 0;
  for (int s = 0; s < 2; s++) {
    mjtNum r = s == 0 ? len - range[0] : range[1] - len;
    if (r < margin) {
      dist[n] = r;
      side[n++] = s;
    }
  }
  return n;
}

sn_efc_count sn_limit_count(const mjModel* m, const mjData* d) {
  sn_efc_count c = {0, 0};
  for (int j = 0; j < m->njnt; j++) {
    mjtNum dist[2], axis[3] = {0, 0, 0};
    int side[2];
    int n = joint_sides(m, d, j, dist, side, axis);
    c.rows += n;
    c.nnz += n * (m->jnt_type[j] == mjJNT_BALL ? 3 : 1);
  }
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum dist[2];
    int side[2];
    int n = tendon_sides(m, d, t, dist, side);
    c.rows += n;
    c.nnz += n * sn_efc_tendon_nnz(m, d, t);
  }
  return c;
}

void sn_limit_emit(sn_efc* b) {
  const mjModel* m = b->m;
  const mjData* d = b->d;
  for (int j = 0; j < m->njnt; j++) {
    mjtNum dist[2], axis[3] = {0, 0, 0};
    int side[2];
    int n = joint_sides(m, d, j, dist, side, axis);
    int dof = m->jnt_dofadr[j], ball = m->jnt_type[j] == mjJNT_BALL;
    b->nchain = ball ? 3 : 1;
    for (int k = 0; k < b->nchain; k++) {
      b->chain[k] = dof + k;
    }
    for (int k = 0; k < n; k++) {
      // the distance grows with q on the lower side and shrinks on the upper side
      if (ball) {
        for (int c = 0; c < 3; c++) {
          b->jac[dof + c] = -axis[c];
        }
      } else {
        b->jac[dof] = side[k] == 0 ? 1 : -1;
      }
      sn_efc_param p = {m->jnt_solref + mjNREF * j, m->jnt_solimp + mjNIMP * j, dist[k],
                        m->jnt_margin[j], 0, m->dof_invweight0[dof], 0};
      sn_efc_push(b, mjCNSTR_LIMIT_JOINT, j, b->jac, &p);
    }
    for (int k = 0; k < b->nchain; k++) {
      b->jac[dof + k] = 0;
    }
  }
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum dist[2];
    int side[2];
    int n = tendon_sides(m, d, t, dist, side);
    for (int k = 0; k < n; k++) {
      // the distance grows with the length on the lower side and shrinks on the upper
      sn_efc_tendon(b, t, side[k] == 0 ? 1 : -1);
      sn_efc_param p = {m->tendon_solref_lim + mjNREF * t, m->tendon_solimp_lim + mjNIMP * t,
                        dist[k], m->tendon_margin[t], 0, m->tendon_invweight0[t], 0};
      sn_efc_tendon_mark(b, t);
      sn_efc_push(b, mjCNSTR_LIMIT_TENDON, t, b->jac, &p);
      sn_efc_clearjac(b);
    }
  }
}
