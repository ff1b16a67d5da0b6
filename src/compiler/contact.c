// <contact> pairs and excludes. Both are stored sorted by body-pair signature
// ((smaller body << 16) + larger body; the stable order of 3.3.8), and a pair's geoms
// are swapped when the second one's body comes first, so the collision driver can
// merge them with its broad-phase body pairs. A pair's parameters are its own (or its
// class's): the geoms' values are not used (XML reference, contact/pair).
#include <stdlib.h>
#include <string.h>

#include "compiler/compile.h"

void sn_contact_sizes(sn_ctx* c, mjModel* z) {
  z->npair = SN_COUNT(c->spec, pairs);
  z->nexclude = SN_COUNT(c->spec, excludes);
}

typedef struct {
  int sig;
  int index;                  // spec index: ties keep the document order
} sn_sigitem;

static int sn_cmp_sig(const void* a, const void* b) {
  const sn_sigitem* x = (const sn_sigitem*)a;
  const sn_sigitem* y = (const sn_sigitem*)b;
  if (x->sig != y->sig) {
    return x->sig < y->sig ? -1 : 1;
  }
  return (x->index > y->index) - (x->index < y->index);
}

static int sn_signature(int b1, int b2) {
  return b1 < b2 ? (b1 << 16) + b2 : (b2 << 16) + b1;
}

// Compiled geom ids of pair i (swapped so that the first one's body comes first).
static int sn_pair_geoms(sn_ctx* c, int i, int* g1, int* g2) {
  const sn_pair* p = &SN_AT(c->spec, pairs, sn_pair, i);
  const char* names[2] = {p->geom1, p->geom2};
  int g[2];
  for (int k = 0; k < 2; k++) {
    g[k] = sn_find_name(c, mjOBJ_GEOM, names[k]);
    if (g[k] < 0) {
      return sn_cerr_attr(c, &p->loc, k ? "geom2" : "geom1",
                          "geom '%s' not found in collision %d", names[k], i);
    }
  }
  const int* bodyid = c->m->geom_bodyid;
  int swap = bodyid[g[0]] > bodyid[g[1]];
  *g1 = g[swap];
  *g2 = g[!swap];
  return 1;
}

static int sn_exclude_bodies(sn_ctx* c, int i, int* b1, int* b2) {
  const sn_exclude* e = &SN_AT(c->spec, excludes, sn_exclude, i);
  const char* names[2] = {e->body1, e->body2};
  int b[2];
  for (int k = 0; k < 2; k++) {
    b[k] = sn_find_name(c, mjOBJ_BODY, names[k]);
    if (b[k] < 0) {
      return sn_cerr_attr(c, &e->loc, k ? "body2" : "body1",
                          "body '%s' not found in bodypair %d", names[k], i);
    }
  }
  *b1 = b[0];
  *b2 = b[1];
  return 1;
}

static void sn_write_pair(mjModel* m, int id, const sn_pair* p, int g1, int g2) {
  m->pair_dim[id] = p->condim;
  m->pair_geom1[id] = g1;
  m->pair_geom2[id] = g2;
  m->pair_signature[id] = sn_signature(m->geom_bodyid[g1], m->geom_bodyid[g2]);
  for (int k = 0; k < mjNREF; k++) {
    m->pair_solref[mjNREF * id + k] = p->solref[k];
    m->pair_solreffriction[mjNREF * id + k] = p->solreffriction[k];
  }
  for (int k = 0; k < mjNIMP; k++) {
    m->pair_solimp[mjNIMP * id + k] = p->solimp[k];
  }
  m->pair_margin[id] = p->margin;
  m->pair_gap[id] = p->gap;
  for (int k = 0; k < 5; k++) {
    m->pair_friction[5 * id + k] = p->friction[k];
  }
}

static int sn_compile_pairs(sn_ctx* c) {
  mjModel* m = c->m;
  int n = m->npair;
  if (!n) {
    return 1;
  }
  sn_sigitem* items = (sn_sigitem*)mju_malloc(sizeof(sn_sigitem) * (size_t)n);
  int* geoms = (int*)mju_malloc(sizeof(int) * 2 * (size_t)n);
  int ok = 1;
  for (int i = 0; i < n && ok; i++) {
    const sn_pair* p = &SN_AT(c->spec, pairs, sn_pair, i);
    ok = sn_pair_geoms(c, i, geoms + 2 * i, geoms + 2 * i + 1);
    if (ok && (p->condim != 1 && p->condim != 3 && p->condim != 4 && p->condim != 6)) {
      ok = sn_cerr_attr(c, &p->loc, "condim", "invalid condim %d in contact pair %d",
                        p->condim, i);
    }
    if (ok) {
      items[i].sig = sn_signature(m->geom_bodyid[geoms[2 * i]], m->geom_bodyid[geoms[2 * i + 1]]);
      items[i].index = i;
    }
  }
  if (ok) {
    qsort(items, (size_t)n, sizeof(sn_sigitem), sn_cmp_sig);
    for (int id = 0; id < n; id++) {
      int i = items[id].index;
      c->pair_order[id] = i;
      sn_write_pair(m, id, &SN_AT(c->spec, pairs, sn_pair, i), geoms[2 * i], geoms[2 * i + 1]);
    }
  }
  mju_free(items);
  mju_free(geoms);
  return ok;
}

static int sn_compile_excludes(sn_ctx* c) {
  mjModel* m = c->m;
  int n = m->nexclude;
  if (!n) {
    return 1;
  }
  sn_sigitem* items = (sn_sigitem*)mju_malloc(sizeof(sn_sigitem) * (size_t)n);
  int ok = 1;
  for (int i = 0; i < n && ok; i++) {
    int b1 = 0, b2 = 0;
    ok = sn_exclude_bodies(c, i, &b1, &b2);
    items[i].sig = ok ? sn_signature(b1, b2) : 0;
    items[i].index = i;
  }
  if (ok) {
    qsort(items, (size_t)n, sizeof(sn_sigitem), sn_cmp_sig);
    for (int id = 0; id < n; id++) {
      c->exclude_order[id] = items[id].index;
      m->exclude_signature[id] = items[id].sig;
    }
  }
  mju_free(items);
  return ok;
}

int sn_compile_contacts(sn_ctx* c) {
  return sn_compile_pairs(c) && sn_compile_excludes(c);
}
