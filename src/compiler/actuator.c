// Actuators: transmissions, dynamics/gain/bias parameters, ranges and activations.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

int sn_actuator_actnum(const sn_actuator* a) {
  if (a->actdim >= 0) {
    return a->actdim;
  }
  return a->dyntype == mjDYN_NONE ? 0 : 1;
}

static int sn_jnt_nv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

// Resolve the transmission target; returns the number of moment entries it can touch.
static int sn_actuator_trn(sn_ctx* c, const sn_actuator* a, int id, int* nmom) {
  mjModel* m = c->m;
  int* trnid = m->actuator_trnid + 2 * id;
  trnid[0] = trnid[1] = -1;
  switch (a->trntype) {
    case mjTRN_JOINT:
    case mjTRN_JOINTINPARENT:
      trnid[0] = sn_find_name(c, mjOBJ_JOINT, a->target);
      if (trnid[0] < 0) {
        return sn_cerr_attr(c, &a->loc, a->trntype == mjTRN_JOINT ? "joint" : "jointinparent",
                            "unknown joint '%s' in actuator", a->target);
      }
      *nmom = sn_jnt_nv(m->jnt_type[trnid[0]]);
      return 1;

    case mjTRN_SITE:
    case mjTRN_SLIDERCRANK:
      trnid[0] = sn_find_name(c, mjOBJ_SITE, a->target);
      if (trnid[0] < 0) {
        return sn_cerr_attr(c, &a->loc, "site", "unknown site '%s' in actuator", a->target);
      }
      if (a->trntype == mjTRN_SITE && a->refsite && a->refsite[0]) {
        trnid[1] = sn_find_name(c, mjOBJ_SITE, a->refsite);
        if (trnid[1] < 0) {
          return sn_cerr_attr(c, &a->loc, "refsite", "unknown refsite '%s' in actuator",
                              a->refsite);
        }
      }
      if (a->trntype == mjTRN_SLIDERCRANK) {
        if (!a->slidersite || !a->slidersite[0]) {
          return sn_cerr_attr(c, &a->loc, "cranksite",
                              "missing base site (slidersite) for slider-crank");
        }
        trnid[1] = sn_find_name(c, mjOBJ_SITE, a->slidersite);
        if (trnid[1] < 0) {
          return sn_cerr_attr(c, &a->loc, "slidersite", "unknown slidersite '%s' in actuator",
                              a->slidersite);
        }
        if (a->cranklength <= 0) {
          return sn_cerr_attr(c, &a->loc, "cranklength",
                              "slider-crank actuator needs a positive cranklength");
        }
      }
      // rows are stored compressed but MuJoCo 3.3.8 reserves nv entries for them
      *nmom = m->nv;
      return 1;

    case mjTRN_BODY:
      trnid[0] = sn_find_name(c, mjOBJ_BODY, a->target);
      if (trnid[0] < 0) {
        return sn_cerr_attr(c, &a->loc, "body", "unknown body '%s' in actuator", a->target);
      }
      *nmom = m->nv;
      return 1;

    case mjTRN_TENDON:
      trnid[0] = sn_find_name(c, mjOBJ_TENDON, a->target);
      if (trnid[0] < 0) {
        return sn_cerr_attr(c, &a->loc, "tendon", "unknown tendon '%s' in actuator", a->target);
      }
      *nmom = m->nv;  // 3.3.8 reserves a full row for a tendon's moment arms
      return 1;

    default:
      return sn_cerr(c, &a->loc, "actuator has no transmission target");
  }
}

// inheritrange: the control (position) or activation (intvelocity) range is the
// joint's or tendon's range scaled about its midpoint. Applied to the ranges before the limited
// flags are resolved (an intvelocity with inheritrange is act-limited with no range
// written in the model).
static int sn_inherit_range(sn_ctx* c, const sn_actuator* a, int id, double ctrlrange[2],
                            double actrange[2], int* ctrllimited, int* actlimited) {
  mjModel* m = c->m;
  double scale = a->inheritrange_scale;
  if (!a->inheritrange || scale <= 0) {
    return 1;
  }
  const double* r;
  int target = m->actuator_trnid[2 * id];
  if (a->trntype == mjTRN_JOINT || a->trntype == mjTRN_JOINTINPARENT) {
    if (!m->jnt_limited[target]) {
      return sn_cerr_attr(c, &a->loc, "inheritrange",
                          "inheritrange used but target '%s' has no range defined", a->target);
    }
    r = m->jnt_range + 2 * target;
  } else if (a->trntype == mjTRN_TENDON) {
    if (!m->tendon_limited[target]) {
      return sn_cerr_attr(c, &a->loc, "inheritrange",
                          "inheritrange used but target '%s' has no range defined", a->target);
    }
    r = m->tendon_range + 2 * target;
  } else {
    return sn_cerr_attr(c, &a->loc, "inheritrange",
                        "inheritrange can only be used with joint and tendon transmission");
  }
  double mid = 0.5 * (r[0] + r[1]), half = 0.5 * (r[1] - r[0]) * scale;
  int use_act = a->dyntype == mjDYN_INTEGRATOR;
  double* dst = use_act ? actrange : ctrlrange;
  dst[0] = mid - half;
  dst[1] = mid + half;
  *(use_act ? actlimited : ctrllimited) = SN_TRUE;
  return 1;
}

int sn_compile_actuators(sn_ctx* c) {
  mjModel* m = c->m;
  int actadr = 0, nJmom = 0;
  for (int id = 0; id < m->nu; id++) {
    const sn_actuator* a = &SN_AT(c->spec, actuators, sn_actuator, id);
    int nmom = 0;
    if (!sn_actuator_trn(c, a, id, &nmom)) {
      return 0;
    }
    nJmom += nmom;
    m->actuator_trntype[id] = a->trntype;
    m->actuator_dyntype[id] = a->dyntype;
    m->actuator_gaintype[id] = a->gaintype;
    m->actuator_biastype[id] = a->biastype;
    int actnum = sn_actuator_actnum(a);
    m->actuator_actnum[id] = actnum;
    m->actuator_actadr[id] = actnum ? actadr : -1;
    actadr += actnum;
    m->actuator_group[id] = a->group;

    double ctrlrange[2] = {a->ctrlrange[0], a->ctrlrange[1]};
    double actrange[2] = {a->actrange[0], a->actrange[1]};
    int ctrlflag = (int)a->ctrllimited, actflag = (int)a->actlimited;
    if (!sn_inherit_range(c, a, id, ctrlrange, actrange, &ctrlflag, &actflag)) {
      return 0;
    }
    int ctrllimited, forcelimited, actlimited;
    if (!sn_resolve_limited(c, (sn_tristate)ctrlflag, ctrlrange, "ctrl", &a->loc,
                            &ctrllimited) ||
        !sn_resolve_limited(c, a->forcelimited, a->forcerange, "force", &a->loc,
                            &forcelimited) ||
        !sn_resolve_limited(c, (sn_tristate)actflag, actrange, "act", &a->loc, &actlimited)) {
      return 0;
    }
    m->actuator_ctrllimited[id] = (mjtByte)ctrllimited;
    m->actuator_forcelimited[id] = (mjtByte)forcelimited;
    m->actuator_actlimited[id] = (mjtByte)actlimited;
    memcpy(m->actuator_dynprm + mjNDYN * id, a->dynprm, sizeof(double) * mjNDYN);
    memcpy(m->actuator_gainprm + mjNGAIN * id, a->gainprm, sizeof(double) * mjNGAIN);
    memcpy(m->actuator_biasprm + mjNBIAS * id, a->biasprm, sizeof(double) * mjNBIAS);
    m->actuator_actearly[id] = (mjtByte)(a->actearly != 0);
    memcpy(m->actuator_ctrlrange + 2 * id, ctrlrange, 2 * sizeof(double));
    memcpy(m->actuator_forcerange + 2 * id, a->forcerange, 2 * sizeof(double));
    memcpy(m->actuator_actrange + 2 * id, actrange, 2 * sizeof(double));
    memcpy(m->actuator_lengthrange + 2 * id, a->lengthrange, 2 * sizeof(double));
    memcpy(m->actuator_gear + 6 * id, a->gear, 6 * sizeof(double));
    m->actuator_cranklength[id] = a->cranklength;
    m->actuator_plugin[id] = -1;
    for (int k = 0; k < m->nuser_actuator; k++) {
      m->actuator_user[m->nuser_actuator * id + k] = k < a->user.n ? a->user.data[k] : 0;
    }
  }
  m->nJmom = nJmom;
  return 1;
}
