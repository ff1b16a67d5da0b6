// Default classes. Each class is a full set of dummy elements. A nested class starts as
// a copy of its parent once the parent's own dummy elements have been read (whatever
// their position relative to the nested <default>), and repeated top-level <default>
// sections all edit the class "main". Classes are read before anything that uses them.
#include <string.h>

#include "xml/reader.h"

static void rd_class_init(sn_defclass* c) {
  memset(c, 0, sizeof(sn_defclass));
  c->parent = -1;
  sn_joint_default(&c->joint);
  sn_geom_default(&c->geom);
  sn_site_default(&c->site);
  sn_camera_default(&c->camera);
  sn_light_default(&c->light);
  sn_material_default(&c->material);
  sn_actuator_default(&c->actuator);
  sn_mesh_default(&c->mesh);
  sn_pair_default(&c->pair);
  sn_equality_default(&c->equality);
  sn_tendon_default(&c->tendon);
}

static int rd_new_class(sn_reader* r, const char* name, int parent) {
  if (r->nclass == r->capclass) {
    int cap = r->capclass ? 2 * r->capclass : 16;
    sn_defclass* c = (sn_defclass*)sn_spec_alloc(r->spec, sizeof(sn_defclass) * (size_t)cap);
    if (r->nclass) {
      memcpy(c, r->classes, sizeof(sn_defclass) * (size_t)r->nclass);
    }
    r->classes = c;
    r->capclass = cap;
  }
  sn_defclass* c = r->classes + r->nclass;
  if (parent >= 0) {
    *c = r->classes[parent];
  } else {
    rd_class_init(c);
  }
  c->name = sn_spec_strdup(r->spec, name);
  c->parent = parent;
  return r->nclass++;
}

int rd_find_class(const sn_reader* r, const char* name) {
  for (int i = 0; i < r->nclass; i++) {
    if (!strcmp(r->classes[i].name, name)) {
      return i;
    }
  }
  return -1;
}

const sn_defclass* rd_class(sn_reader* r, const sn_xml_node* node, int childclass) {
  const sn_xml_attr* a = rd_attr(r, node, "class");
  if (a) {
    int c = rd_find_class(r, a->value);
    if (c < 0) {
      rd_fail(r, node, "class", "unknown default class name '%s'", a->value);
    }
    return r->classes + c;
  }
  return r->classes + (childclass >= 0 ? childclass : 0);
}

// Read the dummy element node into class c.
static void rd_default_element(sn_reader* r, const sn_xml_node* node, sn_defclass* c) {
  switch (node->kind) {
    case SN_EL_JOINT:
      rd_joint_attrs(r, node, &c->joint);
      break;
    case SN_EL_GEOM:
      rd_geom_attrs(r, node, &c->geom, &c->geom_orient);
      break;
    case SN_EL_SITE:
      rd_site_attrs(r, node, &c->site, &c->site_orient);
      break;
    case SN_EL_CAMERA:
      rd_camera_attrs(r, node, &c->camera, &c->camera_orient, &c->camera_resolution_set);
      break;
    case SN_EL_LIGHT:
      rd_light_attrs(r, node, &c->light);
      break;
    case SN_EL_MATERIAL:
      rd_material_attrs(r, node, &c->material);
      break;
    case SN_EL_MESH:
      rd_mesh_attrs(r, node, &c->mesh);
      break;
    case SN_EL_GENERAL:
    case SN_EL_MOTOR:
    case SN_EL_POSITION:
    case SN_EL_VELOCITY:
    case SN_EL_INTVELOCITY:
    case SN_EL_DAMPER:
    case SN_EL_CYLINDER:
    case SN_EL_MUSCLE:
    case SN_EL_ADHESION:
      rd_actuator_attrs(r, node, &c->actuator);
      break;
    case SN_EL_PAIR:
      rd_pair_attrs(r, node, &c->pair);
      break;
    case SN_EL_EQUALITY:
      rd_equality_attrs(r, node, &c->equality);
      break;
    case SN_EL_TENDON:
      rd_tendon_attrs(r, node, &c->tendon);
      break;
    default:
      // the grammar admits no other element in a default class
      for (int i = 0; i < node->nattr; i++) {
        node->attr[i].used = 1;
      }
      break;
  }
  rd_check_used(r, node);
}

static void rd_default_section(sn_reader* r, const sn_xml_node* node, int cls) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    if (c->kind != SN_EL_DEFAULT) {
      rd_default_element(r, c, r->classes + cls);
    }
  }
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    if (c->kind != SN_EL_DEFAULT) {
      continue;
    }
    const sn_xml_attr* a = rd_attr(r, c, "class");
    if (!a || !a->value[0]) {
      rd_fail(r, c, a ? "class" : NULL, "a nested default class needs a (non-empty) name");
    }
    if (rd_find_class(r, a->value) >= 0) {
      rd_fail(r, c, "class", "repeated default class name '%s'", a->value);
    }
    int child = rd_new_class(r, a->value, cls);
    rd_default_section(r, c, child);
  }
}

void rd_defaults(sn_reader* r, const sn_xml_node* root) {
  rd_new_class(r, "main", -1);
  for (const sn_xml_node* c = root->child; c; c = c->next) {
    if (c->kind != SN_EL_DEFAULT) {
      continue;
    }
    const sn_xml_attr* a = rd_attr(r, c, "class");
    if (a && strcmp(a->value, "main")) {
      rd_fail(r, c, "class", "the top-level default class 'main' cannot be renamed");
    }
    rd_default_section(r, c, 0);
  }
}
