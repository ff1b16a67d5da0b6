// <tendon>: fixed tendons (a linear combination of joint positions) and spatial tendons
// (a path through sites, around sphere and cylinder geoms, split by pulleys), each on
// top of its default class (its class attribute or "main"). The path is kept as
// written; names are resolved and the path rules are checked by the compiler
// (compiler/tendon.c), which can name the offending element.
#include <string.h>

#include "xml/reader.h"

void rd_tendon_attrs(sn_reader* r, const sn_xml_node* node, sn_tendon* t) {
  int v;
  rd_int(r, node, "group", &t->group);
  if (rd_keyword(r, node, "limited", &v)) {
    t->limited = (sn_tristate)v;
  }
  if (rd_keyword(r, node, "actuatorfrclimited", &v)) {
    t->actfrclimited = (sn_tristate)v;
  }
  rd_reals(r, node, "range", t->range);
  rd_reals(r, node, "actuatorfrcrange", t->actfrcrange);
  rd_reals(r, node, "solreflimit", t->solref_limit);
  rd_reals(r, node, "solimplimit", t->solimp_limit);
  rd_reals(r, node, "solreffriction", t->solref_friction);
  rd_reals(r, node, "solimpfriction", t->solimp_friction);
  rd_real(r, node, "margin", &t->margin);
  rd_real(r, node, "frictionloss", &t->frictionloss);
  rd_real(r, node, "width", &t->width);
  rd_string(r, node, "material", &t->material);
  rd_floats(r, node, "rgba", t->rgba);
  rd_real(r, node, "stiffness", &t->stiffness);
  double sl[2] = {0, 0};
  int n = rd_reals(r, node, "springlength", sl);
  if (n == 1) {
    // one value is both ends of the dead band
    t->springlength[0] = t->springlength[1] = sl[0];
  } else if (n == 2) {
    t->springlength[0] = sl[0];
    t->springlength[1] = sl[1];
  }
  rd_real(r, node, "damping", &t->damping);
  rd_real(r, node, "armature", &t->armature);
  rd_numlist(r, node, "user", &t->user);
}

// Append one path element to t (the path lives in the spec's pool).
static sn_wrap* rd_path_append(sn_reader* r, sn_tendon* t) {
  if (t->npath == t->cappath) {
    int cap = t->cappath ? 2 * t->cappath : 8;
    sn_wrap* p = (sn_wrap*)sn_spec_alloc(r->spec, sizeof(sn_wrap) * (size_t)cap);
    if (t->npath) {
      memcpy(p, t->path, sizeof(sn_wrap) * (size_t)t->npath);
    }
    t->path = p;
    t->cappath = cap;
  }
  sn_wrap* w = t->path + t->npath++;
  memset(w, 0, sizeof(sn_wrap));
  w->name = w->sidesite = "";
  return w;
}

static void rd_path_element(sn_reader* r, const sn_xml_node* node, sn_tendon* t) {
  sn_wrap* w = rd_path_append(r, t);
  if (!strcmp(node->name, "joint")) {
    w->type = mjWRAP_JOINT;
    rd_string(r, node, "joint", &w->name);
    rd_real(r, node, "coef", &w->prm);
  } else if (!strcmp(node->name, "site")) {
    w->type = mjWRAP_SITE;
    rd_string(r, node, "site", &w->name);
  } else if (!strcmp(node->name, "geom")) {
    w->type = mjWRAP_SPHERE;  // sphere or cylinder: decided by the geom's type
    rd_string(r, node, "geom", &w->name);
    rd_string(r, node, "sidesite", &w->sidesite);
  } else {
    w->type = mjWRAP_PULLEY;
    rd_real(r, node, "divisor", &w->prm);
  }
  w->loc = rd_node_loc(r, node);
  rd_check_used(r, node);
}

static void rd_one_tendon(sn_reader* r, const sn_xml_node* node) {
  const sn_defclass* cls = rd_class(r, node, -1);
  sn_tendon* t = (sn_tendon*)sn_spec_append(r->spec, &r->spec->tendons, sizeof(sn_tendon));
  *t = cls->tendon;
  t->name = "";
  t->path = NULL;
  t->npath = t->cappath = 0;
  t->spatial = !strcmp(node->name, "spatial");
  rd_string(r, node, "name", &t->name);
  rd_tendon_attrs(r, node, t);
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    rd_path_element(r, c, t);
  }
  t->loc = rd_node_loc(r, node);
  rd_check_used(r, node);
}

void rd_tendons(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    rd_one_tendon(r, c);
  }
  rd_check_used(r, node);
}
