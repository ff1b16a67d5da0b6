// Contact parameters of a geom pair, as the modeling chapter's "Contact parameters"
// section defines them, and of explicit <pair> elements; the option override.
#include "collision/driver.h"

// weight of geom 1 in the solmix average; two zero weights count as equal
static mjtNum sn_solmix_weight(mjtNum s1, mjtNum s2) {
  if (s1 < mjMINVAL && s2 < mjMINVAL) {
    return 0.5;
  }
  if (s1 < mjMINVAL) {
    return 0;
  }
  if (s2 < mjMINVAL) {
    return 1;
  }
  return s1 / (s1 + s2);
}

static void sn_friction5(const mjtNum* f3, mjtNum* f5) {
  f5[0] = f5[1] = f3[0];
  f5[2] = f3[1];
  f5[3] = f5[4] = f3[2];
}

mjtNum sn_contact_margin(const mjModel* m, int g1, int g2, int ipair) {
  // the margin sn_mix_geom_params or sn_pair_params, then sn_override_params, would set
  if (m->opt.enableflags & mjENBL_OVERRIDE) {
    return m->opt.o_margin;
  }
  if (ipair >= 0) {
    return m->pair_margin[ipair];
  }
  mjtNum m1 = m->geom_margin[g1], m2 = m->geom_margin[g2];
  return m1 > m2 ? m1 : m2;
}

void sn_mix_geom_params(const mjModel* m, int g1, int g2, sn_conparam* p) {
  mjtNum m1 = m->geom_margin[g1], m2 = m->geom_margin[g2];
  mjtNum gap1 = m->geom_gap[g1], gap2 = m->geom_gap[g2];
  p->margin = m1 > m2 ? m1 : m2;
  p->gap = gap1 > gap2 ? gap1 : gap2;
  p->solreffriction[0] = p->solreffriction[1] = 0;

  const mjtNum* sr1 = m->geom_solref + mjNREF * g1;
  const mjtNum* sr2 = m->geom_solref + mjNREF * g2;
  const mjtNum* si1 = m->geom_solimp + mjNIMP * g1;
  const mjtNum* si2 = m->geom_solimp + mjNIMP * g2;
  int p1 = m->geom_priority[g1], p2 = m->geom_priority[g2];
  if (p1 != p2) {
    // the geom of higher priority alone decides condim, friction, solref, solimp
    int g = p1 > p2 ? g1 : g2;
    p->dim = m->geom_condim[g];
    sn_friction5(m->geom_friction + 3 * g, p->friction);
    for (int k = 0; k < mjNREF; k++) {
      p->solref[k] = m->geom_solref[mjNREF * g + k];
    }
    for (int k = 0; k < mjNIMP; k++) {
      p->solimp[k] = m->geom_solimp[mjNIMP * g + k];
    }
    return;
  }

  int c1 = m->geom_condim[g1], c2 = m->geom_condim[g2];
  p->dim = c1 > c2 ? c1 : c2;
  mjtNum f1[5], f2[5];
  sn_friction5(m->geom_friction + 3 * g1, f1);
  sn_friction5(m->geom_friction + 3 * g2, f2);
  for (int k = 0; k < 5; k++) {
    p->friction[k] = f1[k] > f2[k] ? f1[k] : f2[k];
  }

  mjtNum w = sn_solmix_weight(m->geom_solmix[g1], m->geom_solmix[g2]);
  if (sr1[0] > 0 && sr2[0] > 0) {
    for (int k = 0; k < mjNREF; k++) {
      p->solref[k] = w * sr1[k] + (1 - w) * sr2[k];
    }
  } else {
    // direct (negative) format on either side: averaging two formats means nothing
    for (int k = 0; k < mjNREF; k++) {
      p->solref[k] = sr1[k] < sr2[k] ? sr1[k] : sr2[k];
    }
  }
  for (int k = 0; k < mjNIMP; k++) {
    p->solimp[k] = w * si1[k] + (1 - w) * si2[k];
  }
}

void sn_pair_params(const mjModel* m, int ipair, sn_conparam* p) {
  p->dim = m->pair_dim[ipair];
  p->margin = m->pair_margin[ipair];
  p->gap = m->pair_gap[ipair];
  for (int k = 0; k < 5; k++) {
    p->friction[k] = m->pair_friction[5 * ipair + k];
  }
  for (int k = 0; k < mjNREF; k++) {
    p->solref[k] = m->pair_solref[mjNREF * ipair + k];
    p->solreffriction[k] = m->pair_solreffriction[mjNREF * ipair + k];
  }
  for (int k = 0; k < mjNIMP; k++) {
    p->solimp[k] = m->pair_solimp[mjNIMP * ipair + k];
  }
}

void sn_override_params(const mjModel* m, sn_conparam* p) {
  if (!(m->opt.enableflags & mjENBL_OVERRIDE)) {
    return;
  }
  p->margin = m->opt.o_margin;
  for (int k = 0; k < mjNREF; k++) {
    p->solref[k] = p->solreffriction[k] = m->opt.o_solref[k];
  }
  for (int k = 0; k < mjNIMP; k++) {
    p->solimp[k] = m->opt.o_solimp[k];
  }
  for (int k = 0; k < 5; k++) {
    p->friction[k] = m->opt.o_friction[k];
  }
}
