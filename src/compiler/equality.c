// <equality> connect, weld, joint and tendon constraints: the ids of the objects they name and
// eq_data, completed with what the model implies at qpos0. Constraints keep document
// order. Layout of the mjNEQDATA numbers (identified on MuJoCo 3.3.8):
// - connect by body: anchor in body1 (0-2); the same point in body2's frame at qpos0
//   (3-5); 6-9 zero; 10 is 1 (the weld torquescale default of the shared vector).
// - connect by site: all zero (the sites themselves are the two points).
// - weld by body: anchor in body2 (0-2); relpose (3-9): given, its quaternion
//   normalised, or if its quaternion is zero (the default) the qpos0 values: the
//   anchor point in body1's frame and the orientation of body2 relative to body1;
//   torquescale (10).
// - weld by site: 3.3.8 leaves its shared default vector (0 1 0 0 ...) in 0-9, with
//   torquescale in 10.
// - joint and tendon: polycoef (0-4), zeros, 1 in 10.
// Body frames at qpos0 are those of the compiled model, so an anchor of a body aligned
// with its inertial frame (compiler alignfree) is read in the aligned frame, as 3.3.8
// does.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

void sn_equality_sizes(sn_ctx* c, mjModel* z) {
  z->neq = SN_COUNT(c->spec, equalities);
  // most constraint rows the equalities can need: 3.3.8 counts 3 for a connect, 7 for
  // a weld (one more than the rows a weld makes) and 1 for a joint or tendon constraint
  z->nemax = 0;
  for (int i = 0; i < z->neq; i++) {
    int type = SN_AT(c->spec, equalities, sn_equality, i).type;
    z->nemax += type == mjEQ_CONNECT ? 3 : type == mjEQ_WELD ? 7 : 1;
  }
}

static const char* sn_eq_attr(const sn_equality* e, int second) {
  switch (e->objtype) {
    case mjOBJ_SITE: return second ? "site2" : "site1";
    case mjOBJ_JOINT: return second ? "joint2" : "joint1";
    case mjOBJ_TENDON: return second ? "tendon2" : "tendon1";
    default: return second ? "body2" : "body1";
  }
}

// Model ids of the two objects of constraint i (obj2 -1: none).
static int sn_eq_objects(sn_ctx* c, int i, const sn_equality* e, int* obj1, int* obj2) {
  const char* names[2] = {e->name1, e->name2};
  int id[2] = {-1, -1};
  for (int k = 0; k < 2; k++) {
    if (k == 1 && !names[1][0]) {
      // a missing body2 is the world; a joint (tendon) constraint may have one joint
      // (tendon) only
      id[1] = e->objtype == mjOBJ_BODY ? 0 : -1;
      continue;
    }
    id[k] = sn_find_name(c, e->objtype, names[k]);
    if (id[k] < 0) {
      return sn_cerr_attr(c, &e->loc, sn_eq_attr(e, k),
                          "unknown element '%s' in equality constraint %d", names[k], i);
    }
    if (e->objtype == mjOBJ_JOINT) {
      int type = c->m->jnt_type[id[k]];
      if (type != mjJNT_HINGE && type != mjJNT_SLIDE) {
        return sn_cerr_attr(c, &e->loc, sn_eq_attr(e, k),
                            "only hinge and slide joints are allowed in equality constraint "
                            "%d ('%s')", i, names[k]);
      }
    }
  }
  if (id[0] == id[1]) {
    return sn_cerr(c, &e->loc, "element '%s' is repeated in equality constraint %d",
                   names[0][0] ? names[0] : "world", i);
  }
  *obj1 = id[0];
  *obj2 = id[1];
  return 1;
}

// pos of point p (world) in the frame (x, q).
static void sn_to_local(double res[3], const double p[3], const double x[3], const double q[4]) {
  double d[3], qc[4];
  mju_sub3(d, p, x);
  mju_negQuat(qc, q);
  mju_rotVecQuat(res, d, qc);
}

// The body constraints' qpos0 data: connect's anchor in body2, weld's relpose.
static void sn_eq_qpos0(const sn_equality* e, const double* x1, const double* q1,
                        const double* x2, const double* q2, double* data) {
  double p[3];
  if (e->type == mjEQ_CONNECT) {
    mju_rotVecQuat(p, e->anchor, q1);
    mju_addTo3(p, x1);
    sn_to_local(data + 3, p, x2, q2);
    return;
  }
  mju_rotVecQuat(p, e->anchor, q2);
  mju_addTo3(p, x2);
  sn_to_local(data + 3, p, x1, q1);
  double q1c[4];
  mju_negQuat(q1c, q1);
  mju_mulQuat(data + 6, q1c, q2);
  mju_normalize4(data + 6);
}

static int sn_quat_zero(const double* q) {
  return q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0;
}

// eq_data of constraint id; needs qpos0 frames only for body connect/weld.
static void sn_eq_data(const sn_equality* e, int obj1, int obj2, const double* xpos,
                       const double* xquat, double* data) {
  memset(data, 0, sizeof(double) * mjNEQDATA);
  switch (e->type) {
    case mjEQ_CONNECT:
      if (e->objtype == mjOBJ_BODY) {
        mju_copy3(data, e->anchor);
        data[10] = 1;
        sn_eq_qpos0(e, xpos + 3 * obj1, xquat + 4 * obj1, xpos + 3 * obj2, xquat + 4 * obj2, data);
      }
      break;
    case mjEQ_WELD:
      if (e->objtype == mjOBJ_BODY) {
        mju_copy3(data, e->anchor);
        if (sn_quat_zero(e->relpose + 3)) {
          sn_eq_qpos0(e, xpos + 3 * obj1, xquat + 4 * obj1, xpos + 3 * obj2, xquat + 4 * obj2,
                      data);
        } else {
          mju_copy(data + 3, e->relpose, 7);
          mju_normalize4(data + 6);
        }
      } else {
        data[1] = 1;
      }
      data[10] = e->torquescale;
      break;
    default:
      mju_copy(data, e->polycoef, 5);
      data[10] = 1;
      break;
  }
}

int sn_compile_equalities(sn_ctx* c) {
  mjModel* m = c->m;
  if (!m->neq) {
    return 1;
  }
  size_t nb = (size_t)m->nbody;
  double* xpos = (double*)mju_malloc(sizeof(double) * 3 * nb);
  double* xquat = (double*)mju_malloc(sizeof(double) * 4 * nb);
  double* xipos = (double*)mju_malloc(sizeof(double) * 3 * nb);
  sn_qpos0_frames(m, xpos, xquat, xipos, NULL);
  int ok = 1;
  for (int i = 0; i < m->neq && ok; i++) {
    const sn_equality* e = &SN_AT(c->spec, equalities, sn_equality, i);
    int obj1 = -1, obj2 = -1;
    ok = sn_eq_objects(c, i, e, &obj1, &obj2);
    if (!ok) {
      break;
    }
    m->eq_type[i] = e->type;
    // 3.3.8 leaves the object type of joint and tendon constraints unset (mjOBJ_UNKNOWN)
    int scalar = e->objtype == mjOBJ_JOINT || e->objtype == mjOBJ_TENDON;
    m->eq_objtype[i] = scalar ? mjOBJ_UNKNOWN : e->objtype;
    m->eq_obj1id[i] = obj1;
    m->eq_obj2id[i] = obj2;
    m->eq_active0[i] = (mjtByte)(e->active != 0);
    mju_copy(m->eq_solref + mjNREF * i, e->solref, mjNREF);
    mju_copy(m->eq_solimp + mjNIMP * i, e->solimp, mjNIMP);
    sn_eq_data(e, obj1, obj2, xpos, xquat, m->eq_data + mjNEQDATA * i);
  }
  mju_free(xpos);
  mju_free(xquat);
  mju_free(xipos);
  return ok;
}
