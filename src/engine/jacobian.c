// Jacobians of points and frames attached to bodies, their time derivatives, and
// the maps between Cartesian and joint space built on them. Every column comes from
// the motion axis cdof = [w; v] of a dof, whose linear part v is the velocity of the
// com frame origin c (subtree com of the root); at a point p it becomes v + w x (p - c).
// Only the dofs on the path from the world to the body are non-zero.
#include <mujoco/mujoco.h>

#include "engine/com.h"
#include "math/inline.h"

// Last dof on the path from the world to body b, or -1 when no dof moves b.
static inline int last_dof(const mjModel* m, int b) {
  while (b > 0 && m->body_dofnum[b] == 0) {
    b = m->body_parentid[b];
  }
  return b > 0 ? m->body_dofadr[b] + m->body_dofnum[b] - 1 : -1;
}

// linear velocity at p of the motion axis cdof whose origin is c
static inline void axis_at(mjtNum res[3], const mjtNum cdof[6], const mjtNum off[3]) {
  sn_cross(res, cdof, off);
  sn_addTo3(res, cdof + 3);
}

void mj_jac(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
            const mjtNum point[3], int body) {
  int nv = m->nv;
  if (jacp) {
    mju_zero(jacp, 3 * nv);
  }
  if (jacr) {
    mju_zero(jacr, 3 * nv);
  }
  mjtNum off[3];
  sn_sub3(off, point, d->subtree_com + 3 * m->body_rootid[body]);
  for (int i = last_dof(m, body); i >= 0; i = m->dof_parentid[i]) {
    const mjtNum* cdof = d->cdof + 6 * i;
    if (jacp) {
      mjtNum v[3];
      axis_at(v, cdof, off);
      jacp[i] = v[0];
      jacp[nv + i] = v[1];
      jacp[2 * nv + i] = v[2];
    }
    if (jacr) {
      jacr[i] = cdof[0];
      jacr[nv + i] = cdof[1];
      jacr[2 * nv + i] = cdof[2];
    }
  }
}

void mj_jacBody(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body) {
  mj_jac(m, d, jacp, jacr, d->xpos + 3 * body, body);
}

void mj_jacBodyCom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body) {
  mj_jac(m, d, jacp, jacr, d->xipos + 3 * body, body);
}

void mj_jacGeom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int geom) {
  mj_jac(m, d, jacp, jacr, d->geom_xpos + 3 * geom, m->geom_bodyid[geom]);
}

void mj_jacSite(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int site) {
  mj_jac(m, d, jacp, jacr, d->site_xpos + 3 * site, m->site_bodyid[site]);
}

void mj_jacSubtreeCom(const mjModel* m, mjData* d, mjtNum* jacp, int body) {
  int nv = m->nv;
  mju_zero(jacp, 3 * nv);

  // bodies are in preorder: the subtree of body is the run of its descendants after it
  for (int k = body; k < m->nbody; k++) {
    if (k > body) {
      int a = m->body_parentid[k];
      while (a > body) {
        a = m->body_parentid[a];
      }
      if (a != body) {
        break;
      }
    }
    mjtNum mass = m->body_mass[k];
    if (mass == 0) {
      continue;
    }
    mjtNum off[3];
    sn_sub3(off, d->xipos + 3 * k, d->subtree_com + 3 * m->body_rootid[k]);
    for (int i = last_dof(m, k); i >= 0; i = m->dof_parentid[i]) {
      mjtNum v[3];
      axis_at(v, d->cdof + 6 * i, off);
      jacp[i] += mass * v[0];
      jacp[nv + i] += mass * v[1];
      jacp[2 * nv + i] += mass * v[2];
    }
  }
  // like MuJoCo, a massless subtree yields 0/0
  mju_scl(jacp, jacp, 1 / m->body_subtreemass[body], 3 * nv);
}

void mj_jacPointAxis(const mjModel* m, mjData* d, mjtNum* jacPoint, mjtNum* jacAxis,
                     const mjtNum point[3], const mjtNum axis[3], int body) {
  int nv = m->nv;
  if (jacPoint) {
    mj_jac(m, d, jacPoint, NULL, point, body);
  }
  if (!jacAxis) {
    return;
  }
  mju_zero(jacAxis, 3 * nv);
  for (int i = last_dof(m, body); i >= 0; i = m->dof_parentid[i]) {
    mjtNum v[3];
    sn_cross(v, d->cdof + 6 * i, axis);
    jacAxis[i] = v[0];
    jacAxis[nv + i] = v[1];
    jacAxis[2 * nv + i] = v[2];
  }
}

void mj_jacDot(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
               const mjtNum point[3], int body) {
  int nv = m->nv;
  if (jacp) {
    mju_zero(jacp, 3 * nv);
  }
  if (jacr) {
    mju_zero(jacr, 3 * nv);
  }
  // velocity of the point, taken as attached to body
  const mjtNum* cvel = d->cvel + 6 * body;
  mjtNum off[3], pvel[3];
  sn_sub3(off, point, d->subtree_com + 3 * m->body_rootid[body]);
  axis_at(pvel, cvel, off);

  // d/dt (v + w x (p - c)) = vdot + wdot x (p - c) + w x pdot, with c held fixed
  for (int i = last_dof(m, body); i >= 0; i = m->dof_parentid[i]) {
    const mjtNum* cdof = d->cdof + 6 * i;
    const mjtNum* cdof_dot = d->cdof_dot + 6 * i;

    // cdof_dot of ball and free rotations leaves out the joint's own rotation (see
    // mj_comVel); the axes turn with the whole body, so use the body velocity
    mjtNum axis_dot[6];
    int j = m->dof_jntid[i], type = m->jnt_type[j];
    if (type == mjJNT_BALL || (type == mjJNT_FREE && i >= m->jnt_dofadr[j] + 3)) {
      sn_crossMotion(axis_dot, d->cvel + 6 * m->dof_bodyid[i], cdof);
      cdof_dot = axis_dot;
    }
    if (jacp) {
      mjtNum v[3], w[3];
      axis_at(v, cdof_dot, off);
      sn_cross(w, cdof, pvel);
      jacp[i] = v[0] + w[0];
      jacp[nv + i] = v[1] + w[1];
      jacp[2 * nv + i] = v[2] + w[2];
    }
    if (jacr) {
      jacr[i] = cdof_dot[0];
      jacr[nv + i] = cdof_dot[1];
      jacr[2 * nv + i] = cdof_dot[2];
    }
  }
}

void mj_applyFT(const mjModel* m, mjData* d, const mjtNum force[3], const mjtNum torque[3],
                const mjtNum point[3], int body, mjtNum* qfrc_target) {
  mjtNum off[3];
  sn_sub3(off, point, d->subtree_com + 3 * m->body_rootid[body]);
  for (int i = last_dof(m, body); i >= 0; i = m->dof_parentid[i]) {
    const mjtNum* cdof = d->cdof + 6 * i;
    mjtNum f = 0;
    if (force) {
      mjtNum v[3];
      axis_at(v, cdof, off);
      f += sn_dot3(v, force);
    }
    if (torque) {
      f += sn_dot3(cdof, torque);
    }
    qfrc_target[i] += f;
  }
}

// Body, global position and orientation of an object's frame (body: inertial frame,
// xbody: body frame); 0 for an unsupported object type.
static int object_frame(const mjModel* m, const mjData* d, int objtype, int objid, int* body,
                        const mjtNum** pos, const mjtNum** mat) {
  switch (objtype) {
    case mjOBJ_BODY:
      *body = objid;
      *pos = d->xipos + 3 * objid;
      *mat = d->ximat + 9 * objid;
      return 1;
    case mjOBJ_XBODY:
      *body = objid;
      *pos = d->xpos + 3 * objid;
      *mat = d->xmat + 9 * objid;
      return 1;
    case mjOBJ_GEOM:
      *body = m->geom_bodyid[objid];
      *pos = d->geom_xpos + 3 * objid;
      *mat = d->geom_xmat + 9 * objid;
      return 1;
    case mjOBJ_SITE:
      *body = m->site_bodyid[objid];
      *pos = d->site_xpos + 3 * objid;
      *mat = d->site_xmat + 9 * objid;
      return 1;
    case mjOBJ_CAMERA:
      *body = m->cam_bodyid[objid];
      *pos = d->cam_xpos + 3 * objid;
      *mat = d->cam_xmat + 9 * objid;
      return 1;
    default:
      return 0;
  }
}

void mj_objectVelocity(const mjModel* m, const mjData* d, int objtype, int objid,
                       mjtNum res[6], int flg_local) {
  const mjtNum *pos, *mat;
  int body;
  if (!object_frame(m, d, objtype, objid, &body, &pos, &mat)) {
    mju_error("mj_objectVelocity: invalid object type %d", objtype);
    return;
  }

  const mjtNum* cvel = d->cvel + 6 * body;
  mjtNum off[3], lin[3];
  sn_sub3(off, pos, d->subtree_com + 3 * m->body_rootid[body]);
  axis_at(lin, cvel, off);
  if (flg_local) {
    sn_mulMatTVec3(res, mat, cvel);
    sn_mulMatTVec3(res + 3, mat, lin);
  } else {
    sn_copy3(res, cvel);
    sn_copy3(res + 3, lin);
  }
}

void mj_objectAcceleration(const mjModel* m, const mjData* d, int objtype, int objid,
                           mjtNum res[6], int flg_local) {
  const mjtNum *pos, *mat;
  int body;
  if (!object_frame(m, d, objtype, objid, &body, &pos, &mat)) {
    mju_error("mj_objectAcceleration: invalid object type %d", objtype);
    return;
  }

  // cacc is a spatial acceleration: the acceleration of the material point at p adds
  // the term w x v(p) to its linear part taken at p
  const mjtNum* cacc = d->cacc + 6 * body;
  const mjtNum* cvel = d->cvel + 6 * body;
  mjtNum off[3], lin[3], vel[3], wxv[3];
  sn_sub3(off, pos, d->subtree_com + 3 * m->body_rootid[body]);
  axis_at(lin, cacc, off);
  axis_at(vel, cvel, off);
  sn_cross(wxv, cvel, vel);
  sn_addTo3(lin, wxv);
  if (flg_local) {
    sn_mulMatTVec3(res, mat, cacc);
    sn_mulMatTVec3(res + 3, mat, lin);
  } else {
    sn_copy3(res, cacc);
    sn_copy3(res + 3, lin);
  }
}
