// <contact>: explicit geom pairs (on top of their default class's pair) and body-pair
// exclusions. Names are resolved by the compiler (compiler/contact.c).
#include "xml/reader.h"

void rd_pair_attrs(sn_reader* r, const sn_xml_node* node, sn_pair* p) {
  rd_int(r, node, "condim", &p->condim);
  rd_reals(r, node, "friction", p->friction);
  rd_reals(r, node, "solref", p->solref);
  rd_reals(r, node, "solimp", p->solimp);
  rd_reals(r, node, "solreffriction", p->solreffriction);
  if (rd_real(r, node, "margin", &p->margin)) {
    p->has_margin = 1;
  }
  if (rd_real(r, node, "gap", &p->gap)) {
    p->has_gap = 1;
  }
}

static void rd_pair(sn_reader* r, const sn_xml_node* node) {
  const sn_defclass* cls = rd_class(r, node, -1);
  sn_pair* p = (sn_pair*)sn_spec_append(r->spec, &r->spec->pairs, sizeof(sn_pair));
  *p = cls->pair;
  p->name = "";
  rd_string(r, node, "name", &p->name);
  rd_string(r, node, "geom1", &p->geom1);
  rd_string(r, node, "geom2", &p->geom2);
  rd_pair_attrs(r, node, p);
  p->loc = rd_node_loc(r, node);
  rd_check_used(r, node);
}

static void rd_exclude(sn_reader* r, const sn_xml_node* node) {
  sn_exclude* e = (sn_exclude*)sn_spec_append(r->spec, &r->spec->excludes, sizeof(sn_exclude));
  e->name = e->body1 = e->body2 = "";
  rd_string(r, node, "name", &e->name);
  rd_string(r, node, "body1", &e->body1);
  rd_string(r, node, "body2", &e->body2);
  e->loc = rd_node_loc(r, node);
  rd_check_used(r, node);
}

void rd_contact(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    if (c->kind == SN_EL_PAIR) {
      rd_pair(r, c);
    } else {
      rd_exclude(r, c);
    }
  }
  rd_check_used(r, node);
}
