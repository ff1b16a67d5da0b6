// Forward kinematics: global poses of bodies, joints, geoms and sites from qpos
// and the mocap arrays. Bodies are visited in order (parents first); each body
// starts from its parent's frame composed with its fixed offset, then applies its
// joints in sequence, each joint expressed in the frame left by the previous one.
#include <mujoco/mujoco.h>

#include "math/inline.h"

// Normalise a quaternion into res; a tiny one becomes the identity. As mju_normalize4,
// a quaternion within mjMINVAL of unit length is left as it is (3.3.8 does the same, and
// rescaling it would move the last bits of every pose).
static inline void normalized_quat(mjtNum res[4], const mjtNum q[4]) {
  mjtNum norm = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (norm < mjMINVAL) {
    res[0] = 1;
    res[1] = res[2] = res[3] = 0;
    return;
  }
  mjtNum s = fabs(norm - 1) > mjMINVAL ? 1 / norm : 1;
  res[0] = q[0] * s;
  res[1] = q[1] * s;
  res[2] = q[2] * s;
  res[3] = q[3] * s;
}

// quat = quat * rotation by angle about the unit axis
static inline void rotate_local(mjtNum quat[4], const mjtNum axis[3], mjtNum angle) {
  mjtNum half = 0.5 * angle;
  mjtNum s = sin(half);
  mjtNum rot[4] = {cos(half), axis[0] * s, axis[1] * s, axis[2] * s};
  sn_mulQuat(quat, quat, rot);
}

// Apply the joints of body b to the pose (pos, quat), recording xanchor and xaxis.
static void apply_joints(const mjModel* m, mjData* d, int b, mjtNum pos[3], mjtNum quat[4]) {
  int jadr = m->body_jntadr[b], jnum = m->body_jntnum[b];
  for (int j = jadr; j < jadr + jnum; j++) {
    const mjtNum* qpos = d->qpos + m->jnt_qposadr[j];
    mjtNum* xanchor = d->xanchor + 3 * j;
    mjtNum* xaxis = d->xaxis + 3 * j;
    int type = m->jnt_type[j];

    if (type == mjJNT_FREE) {
      sn_copy3(pos, qpos);
      normalized_quat(quat, qpos + 3);
      sn_copy3(xanchor, pos);
      xaxis[0] = 0;
      xaxis[1] = 0;
      xaxis[2] = 1;
      continue;
    }

    const mjtNum* jpos = m->jnt_pos + 3 * j;
    const mjtNum* jaxis = m->jnt_axis + 3 * j;
    mjtNum off[3];
    sn_rotVecQuat(off, jpos, quat);
    sn_add3(xanchor, pos, off);
    sn_rotVecQuat(xaxis, jaxis, quat);

    if (type == mjJNT_SLIDE) {
      sn_addToScl3(pos, xaxis, qpos[0] - m->qpos0[m->jnt_qposadr[j]]);
      continue;
    }
    if (type == mjJNT_HINGE) {
      rotate_local(quat, jaxis, qpos[0] - m->qpos0[m->jnt_qposadr[j]]);
    } else {  // ball
      mjtNum q[4];
      normalized_quat(q, qpos);
      sn_mulQuat(quat, quat, q);
    }
    // keep the anchor fixed while rotating about it
    sn_rotVecQuat(off, jpos, quat);
    sn_sub3(pos, xanchor, off);
  }
}

// Global frame (xpos, xmat) of a frame (pos, quat) given relative to body b.
static inline void frame_global(const mjData* d, mjtNum xpos[3], mjtNum xmat[9],
                                const mjtNum pos[3], const mjtNum quat[4], int b,
                                mjtByte sameframe) {
  const mjtNum* bpos = d->xpos + 3 * b;
  const mjtNum* bmat = d->xmat + 9 * b;
  switch (sameframe) {
    case 1:  // body
      sn_copy3(xpos, bpos);
      if (xmat) {
        for (int k = 0; k < 9; k++) {
          xmat[k] = bmat[k];
        }
      }
      return;
    case 2:  // inertia
      sn_copy3(xpos, d->xipos + 3 * b);
      if (xmat) {
        for (int k = 0; k < 9; k++) {
          xmat[k] = d->ximat[9 * b + k];
        }
      }
      return;
    default:
      break;
  }
  mjtNum off[3];
  sn_mulMatVec3(off, bmat, pos);
  sn_add3(xpos, bpos, off);
  if (!xmat) {
    return;
  }
  if (sameframe == 3) {  // body orientation
    for (int k = 0; k < 9; k++) {
      xmat[k] = bmat[k];
    }
  } else if (sameframe == 4) {  // inertia orientation
    for (int k = 0; k < 9; k++) {
      xmat[k] = d->ximat[9 * b + k];
    }
  } else {
    mjtNum q[4];
    sn_mulQuat(q, d->xquat + 4 * b, quat);
    sn_quat2Mat(xmat, q);
  }
}

void mj_local2Global(mjData* d, mjtNum xpos[3], mjtNum xmat[9], const mjtNum pos[3],
                     const mjtNum quat[4], int body, mjtByte sameframe) {
  frame_global(d, xpos, xmat, pos, quat, body, sameframe);
}

static void body_frames(const mjModel* m, mjData* d) {
  d->xpos[0] = d->xpos[1] = d->xpos[2] = 0;
  d->xquat[0] = 1;
  d->xquat[1] = d->xquat[2] = d->xquat[3] = 0;
  sn_quat2Mat(d->xmat, d->xquat);
  sn_zero3(d->xipos);
  sn_quat2Mat(d->ximat, d->xquat);

  for (int b = 1; b < m->nbody; b++) {
    mjtNum pos[3], quat[4];
    int mocap = m->body_mocapid[b];
    if (mocap >= 0) {
      sn_copy3(pos, d->mocap_pos + 3 * mocap);
      normalized_quat(quat, d->mocap_quat + 4 * mocap);
    } else {
      int p = m->body_parentid[b];
      mjtNum off[3];
      sn_mulMatVec3(off, d->xmat + 9 * p, m->body_pos + 3 * b);
      sn_add3(pos, d->xpos + 3 * p, off);
      sn_mulQuat(quat, d->xquat + 4 * p, m->body_quat + 4 * b);
    }
    if (m->body_jntnum[b]) {
      apply_joints(m, d, b, pos, quat);
    }
    normalized_quat(d->xquat + 4 * b, quat);
    sn_copy3(d->xpos + 3 * b, pos);
    sn_quat2Mat(d->xmat + 9 * b, d->xquat + 4 * b);

    // inertial frame: body_sameframe is 0 (none), 1 (same) or 3 (same orientation)
    frame_global(d, d->xipos + 3 * b, d->ximat + 9 * b, m->body_ipos + 3 * b,
                 m->body_iquat + 4 * b, b, m->body_sameframe[b]);
  }
}

void mj_kinematics(const mjModel* m, mjData* d) {
  body_frames(m, d);
  for (int g = 0; g < m->ngeom; g++) {
    frame_global(d, d->geom_xpos + 3 * g, d->geom_xmat + 9 * g, m->geom_pos + 3 * g,
                 m->geom_quat + 4 * g, m->geom_bodyid[g], m->geom_sameframe[g]);
  }
  for (int s = 0; s < m->nsite; s++) {
    frame_global(d, d->site_xpos + 3 * s, d->site_xmat + 9 * s, m->site_pos + 3 * s,
                 m->site_quat + 4 * s, m->site_bodyid[s], m->site_sameframe[s]);
  }
}
