// Custom data: numeric arrays, text strings and tuples of object references.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

static int sn_numeric_size(const sn_numeric* n) {
  return n->size >= 0 ? n->size : n->data.n;
}

void sn_custom_sizes(sn_ctx* c, int* nnumericdata, int* ntextdata, int* ntupledata) {
  sn_spec* s = c->spec;
  *nnumericdata = *ntextdata = *ntupledata = 0;
  for (int i = 0; i < SN_COUNT(s, numerics); i++) {
    *nnumericdata += sn_numeric_size(&SN_AT(s, numerics, sn_numeric, i));
  }
  for (int i = 0; i < SN_COUNT(s, texts); i++) {
    const char* d = SN_AT(s, texts, sn_text, i).data;
    *ntextdata += (int)strlen(d ? d : "") + 1;
  }
  for (int i = 0; i < SN_COUNT(s, tuples); i++) {
    *ntupledata += SN_AT(s, tuples, sn_tuple, i).n;
  }
}

int sn_compile_custom(sn_ctx* c) {
  sn_spec* s = c->spec;
  mjModel* m = c->m;
  int adr = 0;
  for (int i = 0; i < m->nnumeric; i++) {
    const sn_numeric* n = &SN_AT(s, numerics, sn_numeric, i);
    int size = sn_numeric_size(n);
    if (n->data.n > size) {
      return sn_cerr_attr(c, &n->loc, "data", "numeric '%s' has more data than its size", n->name);
    }
    if (size <= 0) {
      return sn_cerr_attr(c, &n->loc, "size", "numeric '%s' must have positive size", n->name);
    }
    m->numeric_adr[i] = adr;
    m->numeric_size[i] = size;
    for (int k = 0; k < n->data.n; k++) {
      m->numeric_data[adr + k] = n->data.data[k];
    }
    adr += size;
  }
  adr = 0;
  for (int i = 0; i < m->ntext; i++) {
    const sn_text* t = &SN_AT(s, texts, sn_text, i);
    const char* d = t->data ? t->data : "";
    int len = (int)strlen(d) + 1;
    if (len == 1) {
      return sn_cerr_attr(c, &t->loc, "data", "text '%s' must have data", t->name);
    }
    m->text_adr[i] = adr;
    m->text_size[i] = len;
    memcpy(m->text_data + adr, d, (size_t)len);
    adr += len;
  }
  adr = 0;
  for (int i = 0; i < m->ntuple; i++) {
    const sn_tuple* t = &SN_AT(s, tuples, sn_tuple, i);
    m->tuple_adr[i] = adr;
    m->tuple_size[i] = t->n;
    for (int k = 0; k < t->n; k++) {
      const sn_tuple_element* e = &t->elements[k];
      int id = sn_find_name(c, e->objtype, e->objname);
      if (id < 0) {
        return sn_cerr_attr(c, &t->loc, "objname", "unknown object '%s' in tuple '%s'", e->objname,
                            t->name);
      }
      m->tuple_objtype[adr + k] = e->objtype;
      m->tuple_objid[adr + k] = id;
      m->tuple_objprm[adr + k] = e->prm;
    }
    adr += t->n;
  }
  return 1;
}
