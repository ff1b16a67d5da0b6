// <equality>: connect, weld, joint and tendon constraints, each on top of its default class
// (its class attribute or "main": an enclosing body's childclass does not reach them).
// Names are resolved and eq_data is laid out by the compiler (compiler/equality.c).
//
// Connect and weld either name bodies (body1, optional body2 = world, anchor, and for
// weld relpose) or two sites; as in 3.3.8, any body attribute together with any site
// attribute is an error, and so is an incomplete form (connect by body needs anchor).
#include <string.h>

#include "xml/reader.h"

void rd_equality_attrs(sn_reader* r, const sn_xml_node* node, sn_equality* e) {
  rd_keyword(r, node, "active", &e->active);
  rd_reals(r, node, "solref", e->solref);
  rd_reals(r, node, "solimp", e->solimp);
}

static int rd_has(const sn_xml_node* node, const char* name) {
  return sn_xml_find(node, name) != NULL;
}

// Connect or weld: the body or site form (3.3.8's messages).
static void rd_eq_bodysite(sn_reader* r, const sn_xml_node* node, sn_equality* e, int weld) {
  int body = rd_has(node, "body1") || rd_has(node, "body2") || rd_has(node, "anchor") ||
             (weld && rd_has(node, "relpose"));
  int site = rd_has(node, "site1") || rd_has(node, "site2");
  if (body && site) {
    rd_fail(r, node, NULL, "body and site semantics cannot be mixed");
  }
  int complete = site ? rd_has(node, "site1") && rd_has(node, "site2")
                      : rd_has(node, "body1") && (weld || rd_has(node, "anchor"));
  if (!complete) {
    rd_fail(r, node, NULL,
            weld ? "either body1 must be defined and optionally {body2, anchor, relpose}, or "
                   "site1 and site2 must be defined"
                 : "either both body1 and anchor must be defined, or both site1 and site2 "
                   "must be defined");
  }
  if (site) {
    e->objtype = mjOBJ_SITE;
    rd_string(r, node, "site1", &e->name1);
    rd_string(r, node, "site2", &e->name2);
  } else {
    e->objtype = mjOBJ_BODY;
    rd_string(r, node, "body1", &e->name1);
    rd_string(r, node, "body2", &e->name2);
    rd_reals(r, node, "anchor", e->anchor);
    if (weld) {
      rd_reals(r, node, "relpose", e->relpose);
    }
  }
  if (weld) {
    rd_real(r, node, "torquescale", &e->torquescale);
  }
}

static void rd_one_equality(sn_reader* r, const sn_xml_node* node) {
  const sn_defclass* cls = rd_class(r, node, -1);
  sn_equality* e =
      (sn_equality*)sn_spec_append(r->spec, &r->spec->equalities, sizeof(sn_equality));
  *e = cls->equality;
  e->name = e->name1 = e->name2 = "";
  rd_string(r, node, "name", &e->name);
  rd_equality_attrs(r, node, e);
  if (!strcmp(node->name, "connect")) {
    e->type = mjEQ_CONNECT;
    rd_eq_bodysite(r, node, e, 0);
  } else if (!strcmp(node->name, "weld")) {
    e->type = mjEQ_WELD;
    rd_eq_bodysite(r, node, e, 1);
  } else if (!strcmp(node->name, "joint")) {
    e->type = mjEQ_JOINT;
    e->objtype = mjOBJ_JOINT;
    rd_string(r, node, "joint1", &e->name1);
    rd_string(r, node, "joint2", &e->name2);
    rd_reals(r, node, "polycoef", e->polycoef);
  } else if (!strcmp(node->name, "tendon")) {
    e->type = mjEQ_TENDON;
    e->objtype = mjOBJ_TENDON;
    rd_string(r, node, "tendon1", &e->name1);
    rd_string(r, node, "tendon2", &e->name2);
    rd_reals(r, node, "polycoef", e->polycoef);
  } else {
    // flex constraints stop at validation; this guards the grammar table
    rd_fail(r, node, NULL, "not yet supported: equality/%s", node->name);
  }
  e->loc = rd_node_loc(r, node);
  rd_check_used(r, node);
}

void rd_equality(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    rd_one_equality(r, c);
  }
  rd_check_used(r, node);
}
