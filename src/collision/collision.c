// mj_collision: explicit <pair>s and broad-phase body pairs merged in body-signature
// order (MuJoCo 3.3.8's order: at equal signature the explicit pairs come first), the
// geom-pair filters, the narrow phase through sn_collide_table, and the completion of
// each contact (frame, ids, mixed parameters). Contacts are appended at the bottom of
// the mjData arena; scratch lives on the mjData stack.
#include <math.h>
#include <string.h>

#include "base/timer.h"
#include "collision/collision.h"
#include "collision/driver.h"

//---------------------------------- contact completion --------------------------------------------

// Complete the contact frame from its unit normal (row 0) and the tangent the pair
// function may have chosen (row 1, zeros if none): the tangent is made orthogonal to
// the normal and unit; without a usable one it is the projection of the y axis (z when
// the normal is within 60 degrees of y) onto the contact plane, as the oracle's frames
// show. The third row is normal x tangent.
static void sn_complete_frame(mjtNum* f) {
  const mjtNum* n = f;
  mjtNum* t = f + 3;
  for (int attempt = 0; attempt < 2; attempt++) {
    if (attempt || t[0] * t[0] + t[1] * t[1] + t[2] * t[2] < mjMINVAL) {
      t[0] = t[1] = t[2] = 0;
      t[fabs(n[1]) < 0.5 ? 1 : 2] = 1;
    }
    mjtNum s = n[0] * t[0] + n[1] * t[1] + n[2] * t[2];
    for (int k = 0; k < 3; k++) {
      t[k] -= s * n[k];
    }
    mjtNum len = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    if (len > mjMINVAL) {
      for (int k = 0; k < 3; k++) {
        t[k] /= len;
      }
      break;
    }
  }
  f[6] = n[1] * t[2] - n[2] * t[1];
  f[7] = n[2] * t[0] - n[0] * t[2];
  f[8] = n[0] * t[1] - n[1] * t[0];
}

static void sn_fill_contact(mjContact* c, int g1, int g2, const sn_conparam* p) {
  sn_complete_frame(c->frame);
  c->includemargin = p->margin - p->gap;
  // 3.3.8 keeps every friction coefficient of a contact at least mjMINMU (the
  // constraint rows divide by them)
  for (int k = 0; k < 5; k++) {
    c->friction[k] = p->friction[k] < mjMINMU ? mjMINMU : p->friction[k];
  }
  memcpy(c->solref, p->solref, sizeof(c->solref));
  memcpy(c->solreffriction, p->solreffriction, sizeof(c->solreffriction));
  memcpy(c->solimp, p->solimp, sizeof(c->solimp));
  c->mu = 0;
  memset(c->H, 0, sizeof(c->H));
  c->dim = p->dim;
  c->geom1 = c->geom[0] = g1;
  c->geom2 = c->geom[1] = g2;
  c->flex[0] = c->flex[1] = -1;
  c->elem[0] = c->elem[1] = -1;
  c->vert[0] = c->vert[1] = -1;
  c->exclude = 0;
  c->efc_address = -1;
}

// The arena's bottom holds the contacts; constraint rows are built above them later, so a
// contact may only be added while no rows exist (during collision).
int mj_addContact(const mjModel* m, mjData* d, const mjContact* con) {
  (void)m;
  size_t need = (size_t)(d->ncon + 1) * sizeof(mjContact);
  if (need > (size_t)d->narena - d->pstack) {
    mj_warning(d, mjWARN_CONTACTFULL, d->ncon);
    return 1;
  }
  d->contact[d->ncon++] = *con;
  d->parena = need;
  return 0;
}

//---------------------------------- one geom pair -------------------------------------------------

// Bounding-sphere test with the margin; a plane tests the other geom's sphere.
static int sn_bound_overlap(const mjModel* m, const mjData* d, int g1, int g2, mjtNum margin) {
  const mjtNum* p1 = d->geom_xpos + 3 * g1;
  const mjtNum* p2 = d->geom_xpos + 3 * g2;
  mjtNum r2 = m->geom_rbound[g2];
  if (m->geom_type[g1] == mjGEOM_PLANE) {
    const mjtNum* R = d->geom_xmat + 9 * g1;
    mjtNum h = (p2[0] - p1[0]) * R[2] + (p2[1] - p1[1]) * R[5] + (p2[2] - p1[2]) * R[8];
    return h <= r2 + margin;
  }
  mjtNum dx = p2[0] - p1[0], dy = p2[1] - p1[1], dz = p2[2] - p1[2];
  mjtNum r = m->geom_rbound[g1] + r2 + margin;
  return dx * dx + dy * dy + dz * dz <= r * r;
}

// Narrow phase of one geom pair (explicit pair ipair, or a dynamic pair when ipair < 0)
// with detection margin `margin`; 0 when the arena is full. The other contact
// parameters are mixed only once the pair has contacts: most pairs have none.
static int sn_collide_pair(const mjModel* m, mjData* d, int g1, int g2, int ipair,
                           mjtNum margin) {
  int h1 = g1, h2 = g2;
  if (m->geom_type[g1] > m->geom_type[g2]) {
    int t = g1;
    g1 = g2;
    g2 = t;
  }
  mjfCollision fn = sn_collide_table[m->geom_type[g1]][m->geom_type[g2]];
  if (!fn || !sn_bound_overlap(m, d, g1, g2, margin)) {
    return 1;
  }
  mjContact buf[mjMAXCONPAIR];
  int n = fn(m, d, buf, g1, g2, margin);
  if (n <= 0) {
    return 1;
  }
  sn_conparam param;
  sn_conparam* p = &param;
  if (ipair >= 0) {
    sn_pair_params(m, ipair, p);
  } else {
    sn_mix_geom_params(m, h1, h2, p);
  }
  sn_override_params(m, p);
  for (int i = 0; i < n && i < mjMAXCONPAIR; i++) {
    sn_fill_contact(buf + i, g1, g2, p);
    if (mj_addContact(m, d, buf + i)) {
      return 0;
    }
  }
  return 1;
}

//---------------------------------- explicit pairs and body pairs ---------------------------------

typedef struct {
  int pair_lo, pair_hi;       // explicit pairs with the current body-pair signature
  int full;                   // the arena ran out
} sn_bodyctx;

static int sn_explicit_pair(const mjModel* m, const sn_bodyctx* c, int g1, int g2) {
  for (int i = c->pair_lo; i < c->pair_hi; i++) {
    int p1 = m->pair_geom1[i], p2 = m->pair_geom2[i];
    if ((p1 == g1 && p2 == g2) || (p1 == g2 && p2 == g1)) {
      return 1;
    }
  }
  return 0;
}

// Filters of a broad-phase geom pair, then the narrow phase.
static void sn_visit_geompair(const mjModel* m, mjData* d, int g1, int g2, void* ctx) {
  sn_bodyctx* c = (sn_bodyctx*)ctx;
  if (c->full || sn_explicit_pair(m, c, g1, g2)) {
    return;
  }
  if (mjcb_contactfilter) {
    if (mjcb_contactfilter(m, d, g1, g2)) {
      return;
    }
  } else if (!(m->geom_contype[g1] & m->geom_conaffinity[g2]) &&
             !(m->geom_contype[g2] & m->geom_conaffinity[g1])) {
    return;
  }
  c->full = !sn_collide_pair(m, d, g1, g2, -1, sn_contact_margin(m, g1, g2, -1));
}

static int sn_do_explicit(const mjModel* m, mjData* d, int i) {
  int g1 = m->pair_geom1[i], g2 = m->pair_geom2[i];
  if (mjcb_contactfilter && mjcb_contactfilter(m, d, g1, g2)) {
    return 1;
  }
  return sn_collide_pair(m, d, g1, g2, i, sn_contact_margin(m, -1, -1, i));
}

void mj_collision(const mjModel* m, mjData* d) {
  d->ncon = 0;
  d->parena = 0;
  d->contact = (mjContact*)d->arena;
  if (m->opt.disableflags & (mjDSBL_CONSTRAINT | mjDSBL_CONTACT)) {
    return;
  }
  if (m->nbody + m->nflex < 2) {
    return;
  }
  mj_markStack(d);
  mjtNum tm = sn_timerStart();
  int* sig = NULL;
  int nbp = sn_broadphase(m, d, &sig);
  sn_timerEnd(d, mjTIMER_COL_BROAD, tm);
  tm = sn_timerStart();

  // compiled pairs are sorted by signature, so one pass merges the two lists
  int ip = 0, full = 0;
  for (int ib = 0; ib <= nbp && !full; ib++) {
    int s = ib < nbp ? sig[ib] : -1;
    while (!full && ip < m->npair && (ib == nbp || m->pair_signature[ip] <= s)) {
      full = !sn_do_explicit(m, d, ip++);
    }
    if (ib == nbp || full) {
      break;
    }
    sn_bodyctx c = {0, 0, 0};
    c.pair_hi = ip;
    c.pair_lo = ip;
    while (c.pair_lo > 0 && m->pair_signature[c.pair_lo - 1] == s) {
      c.pair_lo--;
    }
    sn_midphase(m, d, s >> 16, s & 0xFFFF, sn_visit_geompair, &c);
    full = c.full;
  }
  sn_timerEnd(d, mjTIMER_COL_NARROW, tm);
  mj_freeStack(d);
}
