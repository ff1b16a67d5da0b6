// The MJCF reader's driver: compiler settings first (they apply to the whole document,
// wherever they appear), then default classes, then every other section in document
// order. Also keyframes and custom data.
#include <string.h>

#include "xml/reader.h"

static sn_srcloc rd_section_loc(sn_reader* r, const sn_xml_node* node) {
  sn_srcloc loc;
  loc.file = sn_spec_strdup(r->spec, node->file);
  loc.line = node->line;
  loc.column = node->column;
  loc.element = sn_spec_strdup(r->spec, node->name);
  return loc;
}

void rd_keyframes(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    sn_key* k = (sn_key*)sn_spec_append(r->spec, &r->spec->keys, sizeof(sn_key));
    k->name = "";
    rd_string(r, c, "name", &k->name);
    rd_real(r, c, "time", &k->time);
    rd_numlist(r, c, "qpos", &k->qpos);
    rd_numlist(r, c, "qvel", &k->qvel);
    rd_numlist(r, c, "act", &k->act);
    rd_numlist(r, c, "ctrl", &k->ctrl);
    rd_numlist(r, c, "mpos", &k->mpos);
    rd_numlist(r, c, "mquat", &k->mquat);
    k->loc = rd_section_loc(r, c);
    rd_check_used(r, c);
  }
}

static void rd_tuple(sn_reader* r, const sn_xml_node* node) {
  sn_tuple* t = (sn_tuple*)sn_spec_append(r->spec, &r->spec->tuples, sizeof(sn_tuple));
  rd_string(r, node, "name", &t->name);
  t->n = sn_xml_count_children(node);
  t->elements = t->n ? (sn_tuple_element*)sn_spec_alloc(
                           r->spec, sizeof(sn_tuple_element) * (size_t)t->n)
                     : NULL;
  int i = 0;
  for (const sn_xml_node* c = node->child; c; c = c->next, i++) {
    sn_tuple_element* e = t->elements + i;
    e->objname = "";
    rd_keyword(r, c, "objtype", &e->objtype);
    rd_string(r, c, "objname", &e->objname);
    rd_real(r, c, "prm", &e->prm);
    rd_check_used(r, c);
  }
  t->loc = rd_section_loc(r, node);
  rd_check_used(r, node);
}

void rd_custom(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    if (c->kind == SN_EL_NUMERIC) {
      sn_numeric* n = (sn_numeric*)sn_spec_append(r->spec, &r->spec->numerics,
                                                  sizeof(sn_numeric));
      n->size = -1;
      rd_string(r, c, "name", &n->name);
      rd_int(r, c, "size", &n->size);
      rd_numlist(r, c, "data", &n->data);
      n->loc = rd_section_loc(r, c);
      rd_check_used(r, c);
    } else if (c->kind == SN_EL_TEXT) {
      sn_text* t = (sn_text*)sn_spec_append(r->spec, &r->spec->texts, sizeof(sn_text));
      rd_string(r, c, "name", &t->name);
      rd_string(r, c, "data", &t->data);
      t->loc = rd_section_loc(r, c);
      rd_check_used(r, c);
    } else {
      rd_tuple(r, c);
    }
  }
}

static void rd_section(sn_reader* r, const sn_xml_node* c) {
  switch (c->kind) {
    case SN_EL_COMPILER:
    case SN_EL_DEFAULT:
      break;  // read in the earlier passes
    case SN_EL_OPTION:    rd_option(r, c); break;
    case SN_EL_SIZE:      rd_size(r, c); break;
    case SN_EL_VISUAL:    rd_visual(r, c); break;
    case SN_EL_STATISTIC: rd_statistic(r, c); break;
    case SN_EL_ASSET:     rd_assets(r, c); break;
    case SN_EL_WORLDBODY: rd_worldbody(r, c); break;
    case SN_EL_ACTUATOR:  rd_actuators(r, c); break;
    case SN_EL_KEYFRAME:  rd_keyframes(r, c); break;
    case SN_EL_CUSTOM:    rd_custom(r, c); break;
    case SN_EL_CONTACT:   rd_contact(r, c); break;
    case SN_EL_EQUALITIES: rd_equality(r, c); break;
    case SN_EL_TENDONS:   rd_tendons(r, c); break;
    case SN_EL_SENSORS:   rd_sensors(r, c); break;
    default:
      // deformable, extension: validation has
      // stopped at any child they have, so only empty sections get here
      if (c->child) {
        rd_fail(r, c->child, NULL, "not yet supported: %s/%s", c->name, c->child->name);
      }
      rd_check_used(r, c);
      break;
  }
}

int sn_xml_read(const sn_xml_node* root, sn_spec* spec, const mjVFS* vfs, char* error,
                int error_sz) {
  sn_reader r;
  memset(&r, 0, sizeof(r));
  r.spec = spec;
  r.vfs = vfs;
  r.error = error;
  r.error_sz = error_sz;
  if (setjmp(r.jump)) {
    return -1;
  }
  rd_string(&r, root, "model", &spec->modelname);
  rd_check_used(&r, root);
  for (const sn_xml_node* c = root->child; c; c = c->next) {
    if (c->kind == SN_EL_COMPILER) {
      rd_compiler(&r, c);
    }
  }
  rd_defaults(&r, root);
  rd_models(&r, root);
  for (const sn_xml_node* c = root->child; c; c = c->next) {
    rd_section(&r, c);
  }
  rd_attach_finish(&r);
  // 3.3.8 also suffixes every reference of an equality constraint or sensor (those of bodies
  // outside the replicate too) and repeats the constraints with mismatched suffixes
  if (r.nreplicate &&
      (SN_COUNT(spec, actuators) || SN_COUNT(spec, keys) || SN_COUNT(spec, equalities) ||
       SN_COUNT(spec, tendons) || SN_COUNT(spec, sensors))) {
    const sn_xml_node* at = root->child;
    while (at && at->kind != SN_EL_ACTUATOR && at->kind != SN_EL_KEYFRAME &&
           !((at->kind == SN_EL_EQUALITIES || at->kind == SN_EL_TENDONS ||
              at->kind == SN_EL_SENSORS) && at->child)) {
      at = at->next;
    }
    rd_fail(&r, at ? at : root, NULL,
            "not yet supported: actuators, keyframes, equality constraints, tendons or sensors "
            "in a model that uses replicate (MuJoCo 3.3.8 renames and repeats them inconsistently)");
  }
  return 0;
}
