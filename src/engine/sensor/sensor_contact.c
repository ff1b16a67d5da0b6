// Touch and contact sensors: both read the contacts and their forces (mj_contactForce, in the contact frame).
// Conventions identified on MuJoCo 3.3.8:
// - touch: a contact counts when one of its geoms belongs to the site's body and the
//   ray from the contact point along the normal, pointing away from the site's body,
//   meets the site's volume (a point inside always does).
// - contact sensor matching: the first criterion (geom1/body1/subtree1) and the second
//   (geom2/body2/subtree2) may match either side of a contact; when the contact's sides
//   are the other way round the contact is reported flipped: normal and first tangent
//   negated, and so the last component of force and torque. A site criterion matches
//   contact points inside the site's volume and orients nothing.
// - every contact in d->contact is considered, also those the constraint stage leaves
//   out (exclude > 0, no efc rows: zero force).
// - found: the number of matching contacts, in every filled slot; empty slots are 0.
// - reduce: mindist ascending dist, maxforce descending norm of the force (3), both
//   stable; netforce one synthetic contact (see sn_netforce).

#include <mujoco/mujoco.h>

#include "engine/sensor/sensor.h"
#include "engine/sensor/sensor_contact.h"

// Contact data fields of intprm[0], in order, and their sizes.
enum { SN_FOUND, SN_FORCE, SN_TORQUE, SN_DIST, SN_POS, SN_NORMAL, SN_TANGENT, SN_NFIELD };
static const int kFieldSize[SN_NFIELD] = {1, 3, 3, 1, 3, 3, 3};

mjtNum sn_touch(const mjModel* m, const mjData* d, int site) {
  int body = m->site_bodyid[site];
  mjtNum total = 0;
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    if (c->efc_address < 0 || c->geom[0] < 0 || c->geom[1] < 0) {
      continue;
    }
    int b1 = m->geom_bodyid[c->geom[0]], b2 = m->geom_bodyid[c->geom[1]];
    if (b1 != body && b2 != body) {
      continue;
    }
    mjtNum f[6];
    mj_contactForce(m, d, i, f);
    // the normal points from geom1 to geom2: away from the site's body when it is geom1's
    mjtNum dir[3];
    mju_scl3(dir, c->frame, b1 == body ? 1 : -1);
    if (sn_siteContains(m, d, site, c->pos) ||
        mju_rayGeom(d->site_xpos + 3 * site, d->site_xmat + 9 * site, m->site_size + 3 * site,
                    c->pos, dir, m->site_type[site]) >= 0) {
      total += f[0];
    }
  }
  return total;
}

// Whether body b lies in the subtree of body root.
static int sn_in_subtree(const mjModel* m, int b, int root) {
  while (b > root) {
    b = m->body_parentid[b];
  }
  return b == root;
}

// Whether a contact side (geom g) matches a criterion (geom, body or subtree).
static int sn_side_matches(const mjModel* m, int type, int id, int g) {
  if (g < 0) {
    return 0;
  }
  switch (type) {
    case mjOBJ_GEOM:
      return g == id;
    case mjOBJ_BODY:
      return m->geom_bodyid[g] == id;
    case mjOBJ_XBODY:
      return sn_in_subtree(m, m->geom_bodyid[g], id);
    default:
      return 1;
  }
}

// Match contact i against sensor s: 0 no, 1 as is, -1 flipped.
static int sn_match(const mjModel* m, const mjData* d, int s, int i) {
  const mjContact* c = d->contact + i;
  int t1 = m->sensor_objtype[s], id1 = m->sensor_objid[s];
  int t2 = m->sensor_reftype[s], id2 = m->sensor_refid[s];
  int g1 = c->geom[0], g2 = c->geom[1];
  if (t1 == mjOBJ_SITE) {
    if (!sn_siteContains(m, d, id1, c->pos)) {
      return 0;
    }
    t1 = mjOBJ_UNKNOWN;
    id1 = -1;
  }
  int has1 = id1 >= 0, has2 = id2 >= 0;
  if (has1 && has2) {
    if (sn_side_matches(m, t1, id1, g1) && sn_side_matches(m, t2, id2, g2)) {
      return 1;
    }
    if (sn_side_matches(m, t1, id1, g2) && sn_side_matches(m, t2, id2, g1)) {
      return -1;
    }
    return 0;
  }
  if (has1) {
    return sn_side_matches(m, t1, id1, g1) ? 1 : sn_side_matches(m, t1, id1, g2) ? -1 : 0;
  }
  if (has2) {
    return sn_side_matches(m, t2, id2, g2) ? 1 : sn_side_matches(m, t2, id2, g1) ? -1 : 0;
  }
  return 1;
}

// One reported contact: its fields as the sensor sees them.
typedef struct {
  mjtNum force[3], torque[3], dist, pos[3], normal[3], tangent[3];
} sn_slot;

static void sn_slot_of(const mjModel* m, const mjData* d, int i, int dir, sn_slot* s) {
  const mjContact* c = d->contact + i;
  mjtNum f[6];
  mj_contactForce(m, d, i, f);
  for (int k = 0; k < 3; k++) {
    s->force[k] = f[k];
    s->torque[k] = f[3 + k];
    s->pos[k] = c->pos[k];
    s->normal[k] = dir * c->frame[k];
    s->tangent[k] = dir * c->frame[3 + k];
  }
  s->force[2] *= dir;
  s->torque[2] *= dir;
  s->dist = c->dist;
}

// Write a slot's selected fields; returns the number written.
static int sn_slot_write(const sn_slot* s, int fields, mjtNum found, mjtNum* out) {
  int n = 0;
  for (int k = 0; k < SN_NFIELD; k++) {
    if (!(fields & (1 << k))) {
      continue;
    }
    const mjtNum* src = NULL;
    switch (k) {
      case SN_FOUND:
        src = &found;
        break;
      case SN_FORCE:
        src = s->force;
        break;
      case SN_TORQUE:
        src = s->torque;
        break;
      case SN_DIST:
        src = &s->dist;
        break;
      case SN_POS:
        src = s->pos;
        break;
      case SN_NORMAL:
        src = s->normal;
        break;
      default:
        src = s->tangent;
        break;
    }
    for (int j = 0; j < kFieldSize[k]; j++) {
      out[n++] = src[j];
    }
  }
  return n;
}

// The netforce synthetic contact: the total wrench of the matched contacts (global
// frame) applied at their force-weighted centroid.
static void sn_netforce(const mjModel* m, const mjData* d, const int* idx, const int* dirs,
                        int n, sn_slot* out) {
  mjtNum F[3] = {0}, T[3] = {0}, P[3] = {0}, wsum = 0;
  for (int j = 0; j < n; j++) {
    const mjContact* c = d->contact + idx[j];
    mjtNum f[6], fg[3], tg[3];
    mj_contactForce(m, d, idx[j], f);
    mju_mulMatTVec3(fg, c->frame, f);
    mju_mulMatTVec3(tg, c->frame, f + 3);
    // oriented as the sensor sees the contact: the first side pushes the second
    mju_scl3(fg, fg, dirs[j]);
    mju_scl3(tg, tg, dirs[j]);
    mjtNum w = mju_norm3(fg);
    mju_addTo3(F, fg);
    mju_addTo3(T, tg);
    mju_addToScl3(P, c->pos, w);
    wsum += w;
  }
  if (wsum > 0) {
    mju_scl3(P, P, 1 / wsum);
  }
  // moments of the contact forces about the centroid
  for (int j = 0; j < n; j++) {
    const mjContact* c = d->contact + idx[j];
    mjtNum f[6], fg[3], arm[3], mom[3];
    mj_contactForce(m, d, idx[j], f);
    mju_mulMatTVec3(fg, c->frame, f);
    mju_scl3(fg, fg, dirs[j]);
    mju_sub3(arm, c->pos, P);
    mju_cross(mom, arm, fg);
    mju_addTo3(T, mom);
  }
  mju_copy3(out->force, F);
  mju_copy3(out->torque, T);
  mju_copy3(out->pos, P);
  out->dist = 0;
  out->normal[0] = 1;
  out->normal[1] = out->normal[2] = 0;
  out->tangent[1] = 1;
  out->tangent[0] = out->tangent[2] = 0;
}

// Stable insertion sort of the matched contacts by key (ascending).
static void sn_sort(int* idx, int* dirs, mjtNum* key, int n) {
  for (int a = 1; a < n; a++) {
    int i = idx[a], dr = dirs[a];
    mjtNum k = key[a];
    int b = a - 1;
    while (b >= 0 && key[b] > k) {
      idx[b + 1] = idx[b];
      dirs[b + 1] = dirs[b];
      key[b + 1] = key[b];
      b--;
    }
    idx[b + 1] = i;
    dirs[b + 1] = dr;
    key[b + 1] = k;
  }
}

void sn_contact_sensor(const mjModel* m, mjData* d, int i, mjtNum* out) {
  int fields = m->sensor_intprm[mjNSENS * i], reduce = m->sensor_intprm[mjNSENS * i + 1];
  int num = m->sensor_intprm[mjNSENS * i + 2];
  mju_zero(out, m->sensor_dim[i]);
  if (num <= 0) {
    return;
  }
  mj_markStack(d);
  int* idx = mj_stackAllocInt(d, d->ncon + 1);
  int* dirs = mj_stackAllocInt(d, d->ncon + 1);
  mjtNum* key = mj_stackAllocNum(d, d->ncon + 1);
  int n = 0;
  for (int c = 0; c < d->ncon; c++) {
    int dir = sn_match(m, d, i, c);
    if (dir) {
      idx[n] = c;
      dirs[n++] = dir;
    }
  }
  sn_slot slot;
  if (reduce == 3) {
    // netforce: one synthetic contact, written even when nothing matches
    sn_netforce(m, d, idx, dirs, n, &slot);
    sn_slot_write(&slot, fields, n, out);
    mj_freeStack(d);
    return;
  }
  if (reduce == 1 || reduce == 2) {
    for (int j = 0; j < n; j++) {
      if (reduce == 1) {
        key[j] = d->contact[idx[j]].dist;
      } else {
        mjtNum f[6];
        mj_contactForce(m, d, idx[j], f);
        key[j] = -mju_norm3(f);
      }
    }
    sn_sort(idx, dirs, key, n);
  }
  int off = 0;
  for (int j = 0; j < n && j < num; j++) {
    sn_slot_of(m, d, idx[j], dirs[j], &slot);
    off += sn_slot_write(&slot, fields, n, out + off);
  }
  mj_freeStack(d);
}
