// <tendon>: fixed and spatial tendons in document order, their paths flattened into the
// wrap_* arrays (tendon_adr/tendon_num index them). Rules and messages identified on
// MuJoCo 3.3.8:
// - wrap_type/objid/prm: joint (joint id, coef), site (site id, 0), sphere or cylinder
//   (geom id, side site id or -1), pulley (-1, divisor).
// - a path may not be empty; a spatial path needs two elements; a geom must sit between
//   two sites; a site needs a neighbour that is not a pulley; no two consecutive pulleys,
//   no pulley at the end, no site repeated consecutively; divisors may not be negative.
// - limited follows autolimits; "auto" actuator force limits stay off (3.3.8 does not
//   infer them for tendons); an explicit force limit needs lower <= 0 <= upper, lower
//   below upper.
// - springlength -1 -1 stays in tendon_lengthspring until mj_setConst replaces it by the
//   tendon length at qpos_spring; otherwise the two values may not decrease.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

void sn_tendon_sizes(sn_ctx* c, mjModel* z) {
  z->ntendon = SN_COUNT(c->spec, tendons);
  z->nwrap = 0;
  for (int i = 0; i < z->ntendon; i++) {
    z->nwrap += SN_AT(c->spec, tendons, sn_tendon, i).npath;
  }
}

// Resolve one path element into wrap slot w.
static int sn_wrap_one(sn_ctx* c, int t, int k, const sn_wrap* p, int w) {
  mjModel* m = c->m;
  m->wrap_prm[w] = 0;
  m->wrap_objid[w] = -1;
  switch (p->type) {
    case mjWRAP_JOINT:
      m->wrap_type[w] = mjWRAP_JOINT;
      m->wrap_objid[w] = sn_find_name(c, mjOBJ_JOINT, p->name);
      if (m->wrap_objid[w] < 0) {
        return sn_cerr_attr(c, &p->loc, "joint", "joint '%s' not found in tendon %d, wrap %d",
                            p->name, t, k);
      }
      m->wrap_prm[w] = p->prm;
      return 1;
    case mjWRAP_SITE:
      m->wrap_type[w] = mjWRAP_SITE;
      m->wrap_objid[w] = sn_find_name(c, mjOBJ_SITE, p->name);
      if (m->wrap_objid[w] < 0) {
        return sn_cerr_attr(c, &p->loc, "site", "site '%s' not found in tendon %d, wrap %d",
                            p->name, t, k);
      }
      return 1;
    case mjWRAP_PULLEY:
      m->wrap_type[w] = mjWRAP_PULLEY;
      if (p->prm < 0) {
        return sn_cerr_attr(c, &p->loc, "divisor",
                            "pulley has negative divisor in tendon %d, wrap %d", t, k);
      }
      m->wrap_prm[w] = p->prm;
      return 1;
    default: {
      int g = sn_find_name(c, mjOBJ_GEOM, p->name);
      if (g < 0) {
        return sn_cerr_attr(c, &p->loc, "geom", "geom '%s' not found in tendon %d, wrap %d",
                            p->name, t, k);
      }
      int type = m->geom_type[g];
      if (type != mjGEOM_SPHERE && type != mjGEOM_CYLINDER) {
        return sn_cerr_attr(c, &p->loc, "geom",
                            "geom '%s' in tendon %d, wrap %d is not sphere or cylinder", p->name,
                            t, k);
      }
      m->wrap_type[w] = type == mjGEOM_SPHERE ? mjWRAP_SPHERE : mjWRAP_CYLINDER;
      m->wrap_objid[w] = g;
      m->wrap_prm[w] = -1;
      if (p->sidesite[0]) {
        int s = sn_find_name(c, mjOBJ_SITE, p->sidesite);
        if (s < 0) {
          return sn_cerr_attr(c, &p->loc, "sidesite",
                              "side site '%s' not found in tendon %d, wrap %d", p->sidesite, t,
                              k);
        }
        m->wrap_prm[w] = s;
      }
      return 1;
    }
  }
}

// The shape rules of a spatial path (wrap slots adr .. adr+n-1, already resolved).
static int sn_spatial_path(sn_ctx* c, const sn_tendon* st, int t, int adr, int n) {
  const mjModel* m = c->m;
  const int* type = m->wrap_type + adr;
  const int* obj = m->wrap_objid + adr;
  const char* name = st->name;
  if (n < 2) {
    return sn_cerr(c, &st->loc, "tendon '%s' (id = %d): spatial path must contain at least "
                   "two objects", name, t);
  }
  if (type[n - 1] == mjWRAP_PULLEY) {
    return sn_cerr(c, &st->loc, "tendon '%s' (id = %d): path ends with pulley", name, t);
  }
  for (int k = 0; k < n; k++) {
    const sn_srcloc* loc = &st->path[k].loc;
    switch (type[k]) {
      case mjWRAP_PULLEY:
        if (k > 0 && type[k - 1] == mjWRAP_PULLEY) {
          return sn_cerr(c, loc, "tendon '%s' (id = %d): consecutive pulleys (pos %d)", name, t,
                         k);
        }
        break;
      case mjWRAP_SITE: {
        int before = k > 0 && type[k - 1] != mjWRAP_PULLEY;
        int after = k < n - 1 && type[k + 1] != mjWRAP_PULLEY;
        if (!before && !after) {
          return sn_cerr(c, loc, "tendon '%s' (id = %d): site %d needs a neighbor that is not "
                         "a pulley", name, t, k);
        }
        if (k < n - 1 && type[k + 1] == mjWRAP_SITE && obj[k + 1] == obj[k]) {
          return sn_cerr(c, loc, "tendon '%s' (id = %d): site %d is repeated", name, t, k);
        }
        break;
      }
      default:  // sphere or cylinder
        if (k == 0 || k == n - 1 || type[k - 1] != mjWRAP_SITE || type[k + 1] != mjWRAP_SITE) {
          return sn_cerr(c, loc, "tendon '%s' (id = %d): geom at pos %d not bracketed by sites",
                         name, t, k);
        }
        // the armature's velocity-product force is defined for straight segments only
        if (st->armature > 0) {
          return sn_cerr(c, &st->loc, "tendon '%s' (id = %d): geom wrapping not supported by "
                         "tendon armature", name, t);
        }
        break;
    }
  }
  return 1;
}

// Limits, solver parameters, spring, appearance and user data of tendon t.
static int sn_tendon_params(sn_ctx* c, const sn_tendon* st, int t) {
  mjModel* m = c->m;
  int limited;
  if (!sn_resolve_limited(c, st->limited, st->range, "tendon", &st->loc, &limited)) {
    return 0;
  }
  int actfrclimited = st->actfrclimited == SN_TRUE;
  const double* afr = st->actfrcrange;
  if (actfrclimited && (afr[0] > 0 || afr[1] < 0 || !(afr[0] < afr[1]))) {
    return sn_cerr_attr(c, &st->loc, "actuatorfrcrange", "invalid actuatorfrcrange in tendon");
  }
  const double* sl = st->springlength;
  if (sl[0] > sl[1]) {
    return sn_cerr_attr(c, &st->loc, "springlength", "invalid springlength in tendon");
  }
  m->tendon_matid[t] = -1;
  if (st->material[0]) {
    m->tendon_matid[t] = sn_find_name(c, mjOBJ_MATERIAL, st->material);
    if (m->tendon_matid[t] < 0) {
      return sn_cerr_attr(c, &st->loc, "material", "material '%s' not found in tendon %d",
                          st->material, t);
    }
  }
  m->tendon_group[t] = st->group;
  m->tendon_limited[t] = (mjtByte)limited;
  m->tendon_actfrclimited[t] = (mjtByte)actfrclimited;
  m->tendon_width[t] = st->width;
  memcpy(m->tendon_solref_lim + mjNREF * t, st->solref_limit, sizeof(double) * mjNREF);
  memcpy(m->tendon_solimp_lim + mjNIMP * t, st->solimp_limit, sizeof(double) * mjNIMP);
  memcpy(m->tendon_solref_fri + mjNREF * t, st->solref_friction, sizeof(double) * mjNREF);
  memcpy(m->tendon_solimp_fri + mjNIMP * t, st->solimp_friction, sizeof(double) * mjNIMP);
  for (int k = 0; k < 2; k++) {
    m->tendon_range[2 * t + k] = st->range[k];
    m->tendon_actfrcrange[2 * t + k] = st->actfrcrange[k];
    m->tendon_lengthspring[2 * t + k] = sl[k];
  }
  m->tendon_margin[t] = st->margin;
  m->tendon_stiffness[t] = st->stiffness;
  m->tendon_damping[t] = st->damping;
  m->tendon_armature[t] = st->armature;
  m->tendon_frictionloss[t] = st->frictionloss;
  m->tendon_length0[t] = 0;
  m->tendon_invweight0[t] = 0;
  for (int k = 0; k < m->nuser_tendon; k++) {
    m->tendon_user[m->nuser_tendon * t + k] = k < st->user.n ? st->user.data[k] : 0;
  }
  for (int k = 0; k < 4; k++) {
    m->tendon_rgba[4 * t + k] = st->rgba[k];
  }
  return 1;
}

int sn_compile_tendons(sn_ctx* c) {
  mjModel* m = c->m;
  int adr = 0;
  for (int t = 0; t < m->ntendon; t++) {
    const sn_tendon* st = &SN_AT(c->spec, tendons, sn_tendon, t);
    m->tendon_adr[t] = adr;
    m->tendon_num[t] = st->npath;
    if (!st->npath) {
      return sn_cerr(c, &st->loc, "tendon '%s' (id = %d): path cannot be empty", st->name, t);
    }
    for (int k = 0; k < st->npath; k++) {
      if (!sn_wrap_one(c, t, k, st->path + k, adr + k)) {
        return 0;
      }
    }
    if (st->spatial && !sn_spatial_path(c, st, t, adr, st->npath)) {
      return 0;
    }
    if (!sn_tendon_params(c, st, t)) {
      return 0;
    }
    adr += st->npath;
  }
  return 1;
}
