// Joints and degrees of freedom: jnt_*, dof_*, qpos0 and qpos_spring.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

static int sn_jnt_nq(int type) {
  return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
}

static int sn_jnt_nv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

// Resolve a limited/auto flag against a range. With autolimits, "auto" means limited
// exactly when the range is a proper interval; without it, a range without an explicit
// flag is an error (MuJoCo refuses to guess).
int sn_resolve_limited(sn_ctx* c, sn_tristate flag, const double range[2], const char* what,
                       const sn_srcloc* loc, int* limited) {
  if (flag == SN_AUTO) {
    int has_range = range[0] != 0 || range[1] != 0;
    if (!c->spec->compiler.autolimits) {
      if (has_range) {
        return sn_cerr(c, loc,
                       "%s range is set but %slimited is not; set it explicitly or use "
                       "autolimits",
                       what, strcmp(what, "joint") && strcmp(what, "tendon") ? what : "");
      }
      *limited = 0;
      return 1;
    }
    *limited = range[0] < range[1];
    return 1;
  }
  *limited = flag == SN_TRUE;
  if (*limited && !(range[0] < range[1])) {
    return sn_cerr(c, loc, "invalid %s range: lower bound must be smaller than upper bound",
                   what);
  }
  return 1;
}

static int sn_joint_one(sn_ctx* c, int id, int* qposadr, int* dofadr) {
  sn_spec* s = c->spec;
  mjModel* m = c->m;
  const sn_joint* j = &SN_AT(s, joints, sn_joint, c->jnt_order[id]);
  int type = j->type;
  if (type < mjJNT_FREE || type > mjJNT_HINGE) {
    return sn_cerr_attr(c, &j->loc, "type", "unknown joint type %d", type);
  }
  const sn_body* b = &SN_AT(s, bodies, sn_body, j->body);
  if (j->body == 0) {
    return sn_cerr(c, &j->loc, "joints cannot be added to the world body");
  }
  if (type == mjJNT_FREE) {
    if (b->parent != 0) {
      return sn_cerr(c, &j->loc, "free joint can only be used on top level");
    }
    if (m->body_jntnum[j->body] > 1) {
      return sn_cerr(c, &j->loc, "free joint must be the only joint of its body");
    }
  }
  double scale = (c->spec->compiler.degree && type == mjJNT_HINGE) ? mjPI / 180.0 : 1.0;
  double rscale = (c->spec->compiler.degree && (type == mjJNT_HINGE || type == mjJNT_BALL))
                      ? mjPI / 180.0
                      : 1.0;

  m->jnt_type[id] = type;
  m->jnt_qposadr[id] = *qposadr;
  m->jnt_dofadr[id] = *dofadr;
  m->jnt_bodyid[id] = j->body;
  m->jnt_group[id] = j->group;

  // position and axis in the body frame
  sn_pose f;
  sn_frame_chain(c, j->frame, &f);
  // ball and free joints have no axis; the model stores +z
  double axis[3] = {0, 0, 1};
  if (type == mjJNT_HINGE || type == mjJNT_SLIDE) {
    mju_copy3(axis, j->axis);
  }
  if (mju_normalize3(axis) < mjMINVAL) {
    return sn_cerr_attr(c, &j->loc, "axis", "axis too small");
  }
  double pos[3];
  mju_rotVecQuat(pos, j->pos, f.quat);
  mju_addTo3(pos, f.pos);
  double rax[3];
  mju_rotVecQuat(rax, axis, f.quat);
  mju_copy3(m->jnt_pos + 3 * id, pos);
  mju_copy3(m->jnt_axis + 3 * id, rax);

  // limits
  int limited, actfrclimited;
  if (!sn_resolve_limited(c, j->limited, j->range, "joint", &j->loc, &limited) ||
      !sn_resolve_limited(c, j->actfrclimited, j->actfrcrange, "actuatorfrc", &j->loc,
                          &actfrclimited)) {
    return 0;
  }
  if (type == mjJNT_FREE) {
    // a range on a free joint is meaningless; only an explicit limit is an error
    if (j->limited == SN_TRUE) {
      return sn_cerr_attr(c, &j->loc, "limited", "limits are not allowed for free joints");
    }
    limited = 0;
  }
  if (limited && type == mjJNT_BALL && j->range[0] != 0) {
    return sn_cerr_attr(c, &j->loc, "range", "ball joint range must be [0, max]");
  }
  if (type == mjJNT_FREE || type == mjJNT_BALL) {
    // 3.3.8 keeps the range but never limits the actuator force of multi-dof joints
    // (checked against the oracle, also with actuatorfrclimited="true")
    actfrclimited = 0;
  }
  m->jnt_limited[id] = (mjtByte)limited;
  m->jnt_actfrclimited[id] = (mjtByte)actfrclimited;
  m->jnt_actgravcomp[id] = (mjtByte)(j->actgravcomp != 0);
  for (int k = 0; k < 2; k++) {
    m->jnt_range[2 * id + k] = limited ? j->range[k] * rscale : j->range[k];
    m->jnt_actfrcrange[2 * id + k] = j->actfrcrange[k];
  }
  memcpy(m->jnt_solref + mjNREF * id, j->solref_limit, sizeof(double) * mjNREF);
  memcpy(m->jnt_solimp + mjNIMP * id, j->solimp_limit, sizeof(double) * mjNIMP);
  m->jnt_stiffness[id] = j->stiffness;
  m->jnt_margin[id] = j->margin;
  for (int k = 0; k < m->nuser_jnt; k++) {
    m->jnt_user[m->nuser_jnt * id + k] = k < j->user.n ? j->user.data[k] : 0;
  }

  // reference configurations
  double* q0 = m->qpos0 + *qposadr;
  double* qs = m->qpos_spring + *qposadr;
  switch (type) {
    case mjJNT_FREE:
      mju_copy3(q0, m->body_pos + 3 * j->body);
      mju_copy4(q0 + 3, m->body_quat + 4 * j->body);
      memcpy(qs, q0, 7 * sizeof(double));
      break;
    case mjJNT_BALL:
      q0[0] = qs[0] = 1;
      q0[1] = q0[2] = q0[3] = qs[1] = qs[2] = qs[3] = 0;
      break;
    default:
      q0[0] = j->ref * scale;
      qs[0] = j->springref * scale;
      break;
  }

  // degrees of freedom
  int nv = sn_jnt_nv(type);
  for (int k = 0; k < nv; k++) {
    int d = *dofadr + k;
    m->dof_bodyid[d] = j->body;
    m->dof_jntid[d] = id;
    memcpy(m->dof_solref + mjNREF * d, j->solref_friction, sizeof(double) * mjNREF);
    memcpy(m->dof_solimp + mjNIMP * d, j->solimp_friction, sizeof(double) * mjNIMP);
    m->dof_frictionloss[d] = j->frictionloss;
    m->dof_armature[d] = j->armature;
    m->dof_damping[d] = j->damping;
  }
  *qposadr += sn_jnt_nq(type);
  *dofadr += nv;
  return 1;
}

int sn_compile_joints(sn_ctx* c) {
  mjModel* m = c->m;
  int qposadr = 0, dofadr = 0;
  for (int id = 0; id < m->njnt; id++) {
    if (!sn_joint_one(c, id, &qposadr, &dofadr)) {
      return 0;
    }
  }

  // dof tree: within a body each dof hangs from the previous one; the first dof of a
  // body hangs from the last dof of the nearest ancestor that has dofs
  for (int b = 0; b < m->nbody; b++) {
    int n = m->body_dofnum[b], adr = m->body_dofadr[b];
    if (!n) {
      continue;
    }
    int parent = -1;
    for (int p = m->body_parentid[b]; p > 0; p = m->body_parentid[p]) {
      if (m->body_dofnum[p]) {
        parent = m->body_dofadr[p] + m->body_dofnum[p] - 1;
        break;
      }
    }
    for (int k = 0; k < n; k++) {
      m->dof_parentid[adr + k] = k ? adr + k - 1 : parent;
    }
  }
  return 1;
}
