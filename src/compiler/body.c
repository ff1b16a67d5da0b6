// The kinematic tree: element ordering, body poses and the body_* tree arrays.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Elements are stored per body in the model (body_jntadr, body_geomadr, ...), so each
// element list is stably sorted by owning body: document order is kept within a body.
static int sn_order_by_body(sn_ctx* c, const sn_array* list, size_t elemsize, size_t bodyoff,
                            int* order) {
  int nbody = SN_COUNT(c->spec, bodies);
  int n = list->count;
  int k = 0;
  // counting sort: bucket sizes first, then positions
  int* start = (int*)mju_malloc(sizeof(int) * (size_t)(nbody + 1));
  memset(start, 0, sizeof(int) * (size_t)(nbody + 1));
  for (int i = 0; i < n; i++) {
    int b = *(const int*)((const char*)list->data + elemsize * (size_t)i + bodyoff);
    if (b < 0 || b >= nbody) {
      mju_free(start);
      return sn_cerr(c, NULL, "element %d refers to body %d, which does not exist", i, b);
    }
    start[b + 1]++;
  }
  for (int b = 0; b < nbody; b++) {
    start[b + 1] += start[b];
  }
  for (int i = 0; i < n; i++) {
    int b = *(const int*)((const char*)list->data + elemsize * (size_t)i + bodyoff);
    order[start[b]++] = i;
    k++;
  }
  mju_free(start);
  return 1;
}

int sn_body_plan(sn_ctx* c) {
  sn_spec* s = c->spec;
  int nbody = SN_COUNT(s, bodies);
  for (int i = 0; i < nbody; i++) {
    const sn_body* b = &SN_AT(s, bodies, sn_body, i);
    if (i == 0 ? b->parent != -1 : (b->parent < 0 || b->parent >= i)) {
      return sn_cerr(c, &b->loc, "bodies must be in depth-first order with valid parents");
    }
    if (b->frame >= 0) {
      if (b->frame >= SN_COUNT(s, frames)) {
        return sn_cerr(c, &b->loc, "invalid frame");
      }
    }
    c->body_of_spec[i] = i;
    c->spec_of_body[i] = i;
  }
  return sn_order_by_body(c, &s->joints, sizeof(sn_joint), offsetof(sn_joint, body),
                          c->jnt_order) &&
         sn_order_by_body(c, &s->geoms, sizeof(sn_geom), offsetof(sn_geom, body),
                          c->geom_order) &&
         sn_order_by_body(c, &s->sites, sizeof(sn_site), offsetof(sn_site, body),
                          c->site_order) &&
         sn_order_by_body(c, &s->cameras, sizeof(sn_camera), offsetof(sn_camera, body),
                          c->cam_order) &&
         sn_order_by_body(c, &s->lights, sizeof(sn_light), offsetof(sn_light, body),
                          c->light_order);
}

// Number of degrees of freedom and position coordinates of a joint type.
static int sn_jnt_nv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

// Fill the per-body address/count arrays of one element type from its order.
static void sn_fill_adr(int nbody, int n, const int* order, const sn_array* list,
                        size_t elemsize, size_t bodyoff, int* num, int* adr) {
  for (int b = 0; b < nbody; b++) {
    num[b] = 0;
    adr[b] = -1;
  }
  for (int i = 0; i < n; i++) {
    int b = *(const int*)((const char*)list->data + elemsize * (size_t)order[i] + bodyoff);
    if (adr[b] < 0) {
      adr[b] = i;
    }
    num[b]++;
  }
}

int sn_compile_bodies(sn_ctx* c) {
  sn_spec* s = c->spec;
  mjModel* m = c->m;
  int nbody = m->nbody;

  sn_fill_adr(nbody, m->njnt, c->jnt_order, &s->joints, sizeof(sn_joint),
              offsetof(sn_joint, body), m->body_jntnum, m->body_jntadr);
  sn_fill_adr(nbody, m->ngeom, c->geom_order, &s->geoms, sizeof(sn_geom),
              offsetof(sn_geom, body), m->body_geomnum, m->body_geomadr);

  int dofadr = 0, nmocap = 0, ntree = 0;
  for (int i = 0; i < nbody; i++) {
    const sn_body* b = &SN_AT(s, bodies, sn_body, i);
    int p = i ? b->parent : 0;
    m->body_parentid[i] = p;
    m->body_rootid[i] = (i == 0 || p == 0) ? i : m->body_rootid[p];

    // degrees of freedom
    int ndof = 0;
    for (int j = 0; j < m->body_jntnum[i]; j++) {
      int sj = c->jnt_order[m->body_jntadr[i] + j];
      ndof += sn_jnt_nv(SN_AT(s, joints, sn_joint, sj).type);
    }
    m->body_dofnum[i] = ndof;
    m->body_dofadr[i] = ndof ? dofadr : -1;
    dofadr += ndof;
    m->body_weldid[i] = (i == 0) ? 0 : (m->body_jntnum[i] ? i : m->body_weldid[p]);

    // kinematic trees: connected groups of moving bodies hanging from the world
    if (i == 0 || m->body_weldid[i] == 0) {
      m->body_treeid[i] = -1;
    } else if (m->body_treeid[p] >= 0) {
      m->body_treeid[i] = m->body_treeid[p];
    } else {
      m->body_treeid[i] = ntree++;
    }

    // mocap bodies
    m->body_mocapid[i] = -1;
    if (b->mocap && i > 0) {
      if (p != 0 || m->body_jntnum[i]) {
        return sn_cerr(c, &b->loc,
                       "mocap body '%s' must be a child of the world body and have no joints",
                       b->name);
      }
      m->body_mocapid[i] = nmocap++;
    }

    // pose in the parent frame
    sn_pose pose;
    if (i == 0) {
      sn_pose_identity(&pose);
    } else if (!sn_element_pose(c, b->frame, b->pos, &b->orient, &b->loc, &pose)) {
      return 0;
    }
    memcpy(m->body_pos + 3 * i, pose.pos, 3 * sizeof(double));
    memcpy(m->body_quat + 4 * i, pose.quat, 4 * sizeof(double));
    m->body_gravcomp[i] = b->gravcomp;
    for (int k = 0; k < m->nuser_body; k++) {
      m->body_user[m->nuser_body * i + k] = k < b->user.n ? b->user.data[k] : 0;
    }
    m->body_plugin[i] = -1;
  }
  m->ntree = ntree;
  m->nmocap = nmocap;
  return 1;
}

int sn_compile_body_finish(sn_ctx* c) {
  mjModel* m = c->m;
  for (int i = 0; i < m->nbody; i++) {
    const double* ipos = m->body_ipos + 3 * i;
    const double* iquat = m->body_iquat + 4 * i;
    int rot = sn_quat_is_identity(iquat);
    if (rot && sn_vec_is_zero(ipos, 3)) {
      m->body_sameframe[i] = mjSAMEFRAME_BODY;
    } else if (rot) {
      m->body_sameframe[i] = mjSAMEFRAME_BODYROT;
    } else {
      m->body_sameframe[i] = mjSAMEFRAME_NONE;
    }

    // collision summary of the body's geoms
    int contype = 0, conaffinity = 0;
    double margin = 0;
    for (int g = m->body_geomadr[i]; g >= 0 && g < m->body_geomadr[i] + m->body_geomnum[i];
         g++) {
      contype |= m->geom_contype[g];
      conaffinity |= m->geom_conaffinity[g];
      if (m->geom_margin[g] > margin) {
        margin = m->geom_margin[g];
      }
    }
    m->body_contype[i] = contype;
    m->body_conaffinity[i] = conaffinity;
    m->body_margin[i] = margin;
  }
  for (int j = 0; j < m->nv; j++) {
    m->dof_treeid[j] = m->body_treeid[m->dof_bodyid[j]];
  }
  sn_geom_sameframe(c);
  sn_site_sameframe(c);
  return 1;
}
