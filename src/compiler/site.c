// Sites: geometric markers with a shape, size and pose in their body.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

int sn_compile_sites(sn_ctx* c) {
  mjModel* m = c->m;
  for (int id = 0; id < m->nsite; id++) {
    const sn_site* s = &SN_AT(c->spec, sites, sn_site, c->site_order[id]);
    double size[3];
    sn_pose pose;
    if (!sn_site_resolve(c, s, size, &pose)) {
      return 0;
    }
    sn_align_apply(c, s->body, &pose);
    if (s->type != mjGEOM_SPHERE && s->type != mjGEOM_CAPSULE && s->type != mjGEOM_ELLIPSOID &&
        s->type != mjGEOM_CYLINDER && s->type != mjGEOM_BOX) {
      return sn_cerr_attr(c, &s->loc, "type",
                          "site type must be sphere, capsule, ellipsoid, cylinder or box");
    }
    m->site_type[id] = s->type;
    m->site_bodyid[id] = s->body;
    m->site_matid[id] = -1;
    if (s->material && s->material[0]) {
      m->site_matid[id] = sn_find_name(c, mjOBJ_MATERIAL, s->material);
      if (m->site_matid[id] < 0) {
        return sn_cerr_attr(c, &s->loc, "material", "material '%s' not found in site", s->material);
      }
    }
    m->site_group[id] = s->group;
    mju_copy3(m->site_size + 3 * id, size);
    mju_copy3(m->site_pos + 3 * id, pose.pos);
    mju_copy4(m->site_quat + 4 * id, pose.quat);
    for (int k = 0; k < 4; k++) {
      m->site_rgba[4 * id + k] = s->rgba[k];
    }
    for (int k = 0; k < m->nuser_site; k++) {
      m->site_user[m->nuser_site * id + k] = k < s->user.n ? s->user.data[k] : 0;
    }
  }
  return 1;
}

// Relation of each site frame to its body and inertial frames (as for geoms).
void sn_site_sameframe(sn_ctx* c) {
  mjModel* m = c->m;
  for (int id = 0; id < m->nsite; id++) {
    int b = m->site_bodyid[id];
    const double* pos = m->site_pos + 3 * id;
    const double* quat = m->site_quat + 4 * id;
    int rot = sn_quat_is_identity(quat);
    int irot = sn_vec_equal(quat, m->body_iquat + 4 * b, 4);
    if (rot && sn_vec_is_zero(pos, 3)) {
      m->site_sameframe[id] = mjSAMEFRAME_BODY;
    } else if (rot) {
      m->site_sameframe[id] = mjSAMEFRAME_BODYROT;
    } else if (irot && sn_vec_equal(pos, m->body_ipos + 3 * b, 3)) {
      m->site_sameframe[id] = mjSAMEFRAME_INERTIA;
    } else if (irot) {
      m->site_sameframe[id] = mjSAMEFRAME_INERTIAROT;
    } else {
      m->site_sameframe[id] = mjSAMEFRAME_NONE;
    }
  }
}
