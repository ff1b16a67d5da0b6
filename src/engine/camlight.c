// Camera and light poses. Fixed ones ride on their body; tracking ones keep the
// world-frame offset (from the body or its subtree com) and orientation they had at
// qpos0; targeting ones sit on their body but turn to face a body or subtree com.
#include <mujoco/mujoco.h>

#include "math/inline.h"

// Point the camera frame mat (columns x, y, z; the camera looks along -z) from pos
// towards target, keeping the x axis horizontal.
static void look_at(mjtNum mat[9], const mjtNum pos[3], const mjtNum target[3]) {
  mjtNum z[3], x[3], y[3];
  static const mjtNum up[3] = {0, 0, 1};
  sn_sub3(z, pos, target);
  sn_normalize3(z);
  sn_cross(x, up, z);
  sn_normalize3(x);
  sn_cross(y, z, x);
  sn_normalize3(y);
  for (int k = 0; k < 3; k++) {
    mat[3 * k] = x[k];
    mat[3 * k + 1] = y[k];
    mat[3 * k + 2] = z[k];
  }
}

// target point of a targeting mode, or NULL for the other modes
static const mjtNum* target_point(const mjData* d, int mode, int target) {
  if (target < 0) {
    return NULL;
  }
  if (mode == mjCAMLIGHT_TARGETBODY) {
    return d->xpos + 3 * target;
  }
  if (mode == mjCAMLIGHT_TARGETBODYCOM) {
    return d->subtree_com + 3 * target;
  }
  return NULL;
}

static void cameras(const mjModel* m, mjData* d) {
  for (int c = 0; c < m->ncam; c++) {
    int b = m->cam_bodyid[c];
    int mode = m->cam_mode[c];
    mjtNum* pos = d->cam_xpos + 3 * c;
    mjtNum* mat = d->cam_xmat + 9 * c;

    if (mode == mjCAMLIGHT_TRACK || mode == mjCAMLIGHT_TRACKCOM) {
      const mjtNum* ref = mode == mjCAMLIGHT_TRACK ? d->xpos + 3 * b : d->subtree_com + 3 * b;
      const mjtNum* off = mode == mjCAMLIGHT_TRACK ? m->cam_pos0 + 3 * c : m->cam_poscom0 + 3 * c;
      sn_add3(pos, ref, off);
      for (int k = 0; k < 9; k++) {
        mat[k] = m->cam_mat0[9 * c + k];
      }
      continue;
    }

    // fixed in the body frame
    mjtNum off[3], q[4];
    sn_mulMatVec3(off, d->xmat + 9 * b, m->cam_pos + 3 * c);
    sn_add3(pos, d->xpos + 3 * b, off);
    sn_mulQuat(q, d->xquat + 4 * b, m->cam_quat + 4 * c);
    sn_quat2Mat(mat, q);

    const mjtNum* target = target_point(d, mode, m->cam_targetbodyid[c]);
    if (target) {
      look_at(mat, pos, target);
    }
  }
}

static void lights(const mjModel* m, mjData* d) {
  for (int l = 0; l < m->nlight; l++) {
    int b = m->light_bodyid[l];
    int mode = m->light_mode[l];
    mjtNum* pos = d->light_xpos + 3 * l;
    mjtNum* dir = d->light_xdir + 3 * l;

    if (mode == mjCAMLIGHT_TRACK || mode == mjCAMLIGHT_TRACKCOM) {
      const mjtNum* ref = mode == mjCAMLIGHT_TRACK ? d->xpos + 3 * b : d->subtree_com + 3 * b;
      const mjtNum* off =
          mode == mjCAMLIGHT_TRACK ? m->light_pos0 + 3 * l : m->light_poscom0 + 3 * l;
      sn_add3(pos, ref, off);
      sn_copy3(dir, m->light_dir0 + 3 * l);
      continue;
    }

    mjtNum off[3];
    sn_mulMatVec3(off, d->xmat + 9 * b, m->light_pos + 3 * l);
    sn_add3(pos, d->xpos + 3 * b, off);
    sn_mulMatVec3(dir, d->xmat + 9 * b, m->light_dir + 3 * l);

    const mjtNum* target = target_point(d, mode, m->light_targetbodyid[l]);
    if (target) {
      sn_sub3(dir, target, pos);
      sn_normalize3(dir);
    }
  }
}

void mj_camlight(const mjModel* m, mjData* d) {
  cameras(m, d);
  lights(m, d);
}
