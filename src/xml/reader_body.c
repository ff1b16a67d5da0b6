// The kinematic tree: worldbody, body, frame and replicate, and the elements that hang
// off bodies. Bodies are appended in depth-first order; replicate is expanded here into
// one frame per copy, with names suffixed by the copy index as MuJoCo does.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xml/reader.h"

typedef struct {
  int body;                   // spec body the elements belong to
  int frame;                  // enclosing frame, -1 if none
  int childclass;             // class for elements without a class attribute
  const char* suffix;         // replicate suffix appended to names ("" outside replicate)
} rd_scope;

static void rd_tree(sn_reader* r, const sn_xml_node* node, const rd_scope* scope);

//---------------------------------- helpers -------------------------------------------------------

static sn_srcloc rd_loc(sn_reader* r, const sn_xml_node* node) {
  sn_srcloc loc;
  loc.file = r->spec->modelfile;
  if (strcmp(node->file, loc.file)) {
    loc.file = sn_spec_strdup(r->spec, node->file);
  }
  loc.line = node->line;
  loc.column = node->column;
  loc.element = sn_spec_strdup(r->spec, node->name);
  return loc;
}

static const char* rd_name(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  const sn_xml_attr* a = rd_attr(r, node, "name");
  if (!a) {
    return "";
  }
  if (!scope->suffix[0] || !a->value[0]) {
    return sn_spec_strdup(r->spec, a->value);
  }
  size_t n1 = strlen(a->value), n2 = strlen(scope->suffix);
  char* s = (char*)sn_spec_alloc(r->spec, n1 + n2 + 1);
  memcpy(s, a->value, n1);
  memcpy(s + n1, scope->suffix, n2 + 1);
  return s;
}

static int rd_childclass(sn_reader* r, const sn_xml_node* node, int inherited) {
  const sn_xml_attr* a = rd_attr(r, node, "childclass");
  if (!a) {
    return inherited;
  }
  int c = rd_find_class(r, a->value);
  if (c < 0) {
    rd_fail(r, node, "childclass", "unknown default childclass '%s'", a->value);
  }
  return c;
}

//---------------------------------- leaf elements -------------------------------------------------

static void rd_inertial(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  if (scope->body == 0) {
    rd_fail(r, node, NULL, "the world body cannot have inertia");
  }
  sn_body* b = &SN_AT(r->spec, bodies, sn_body, scope->body);
  if (scope->frame >= 0) {
    rd_fail(r, node, NULL, "not yet supported: inertial inside a frame");
  }
  if (sn_xml_find(node, "diaginertia") && sn_xml_find(node, "fullinertia")) {
    rd_fail(r, node, "fullinertia", "fullinertia and diaginertia cannot both be specified");
  }
  b->has_inertial = 1;
  b->iloc = rd_node_loc(r, node);
  rd_reals(r, node, "pos", b->ipos);
  sn_xorient o = {0, {1, 0, 0, 0}, {SN_ORIENT_NONE, {0}}};
  rd_orient(r, node, &o);
  b->iorient = rd_orient_final(&o);
  rd_real(r, node, "mass", &b->mass);
  rd_reals(r, node, "diaginertia", b->inertia);
  if (rd_reals(r, node, "fullinertia", b->fullinertia)) {
    b->has_fullinertia = 1;
  }
  rd_check_used(r, node);
}

static void rd_joint(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  if (scope->body == 0) {
    rd_fail(r, node, NULL, "the world body cannot have joints");
  }
  const sn_defclass* cls = rd_class(r, node, scope->childclass);
  sn_joint* j = (sn_joint*)sn_spec_append(r->spec, &r->spec->joints, sizeof(sn_joint));
  *j = cls->joint;
  j->name = rd_name(r, node, scope);
  rd_joint_attrs(r, node, j);
  j->body = scope->body;
  j->frame = scope->frame;
  j->loc = rd_loc(r, node);
  rd_check_used(r, node);
}

// <freejoint>: a free joint that does not use default classes.
static void rd_freejoint(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  if (scope->body == 0) {
    rd_fail(r, node, NULL, "the world body cannot have joints");
  }
  sn_joint* j = (sn_joint*)sn_spec_append(r->spec, &r->spec->joints, sizeof(sn_joint));
  sn_joint_default(j);
  j->type = mjJNT_FREE;
  j->name = rd_name(r, node, scope);
  rd_int(r, node, "group", &j->group);
  int align;
  if (rd_keyword(r, node, "align", &align)) {
    j->align = (sn_tristate)align;
  }
  j->body = scope->body;
  j->frame = scope->frame;
  j->loc = rd_loc(r, node);
  rd_check_used(r, node);
}

static void rd_geom(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  const sn_defclass* cls = rd_class(r, node, scope->childclass);
  sn_geom* g = (sn_geom*)sn_spec_append(r->spec, &r->spec->geoms, sizeof(sn_geom));
  *g = cls->geom;
  sn_xorient o = cls->geom_orient;
  g->name = rd_name(r, node, scope);
  rd_geom_attrs(r, node, g, &o);
  g->orient = rd_orient_final(&o);
  g->body = scope->body;
  g->frame = scope->frame;
  g->loc = rd_loc(r, node);
  rd_check_later(r, node, "body/geom", "type", g->type);
  rd_check_later(r, node, "body/geom", "fluidshape", g->fluidshape);
  rd_check_used(r, node);
}

static void rd_site(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  const sn_defclass* cls = rd_class(r, node, scope->childclass);
  sn_site* s = (sn_site*)sn_spec_append(r->spec, &r->spec->sites, sizeof(sn_site));
  *s = cls->site;
  sn_xorient o = cls->site_orient;
  s->name = rd_name(r, node, scope);
  rd_site_attrs(r, node, s, &o);
  s->orient = rd_orient_final(&o);
  s->body = scope->body;
  s->frame = scope->frame;
  s->loc = rd_loc(r, node);
  rd_check_used(r, node);
}

static void rd_camera(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  const sn_defclass* cls = rd_class(r, node, scope->childclass);
  sn_camera* c = (sn_camera*)sn_spec_append(r->spec, &r->spec->cameras, sizeof(sn_camera));
  *c = cls->camera;
  sn_xorient o = cls->camera_orient;
  int resolution_set = cls->camera_resolution_set;
  c->name = rd_name(r, node, scope);
  rd_camera_attrs(r, node, c, &o, &resolution_set);
  c->orient = rd_orient_final(&o);
  c->body = scope->body;
  c->frame = scope->frame;
  c->loc = rd_loc(r, node);
  int intrinsic = c->focal[0] || c->focal[1] || c->focalpixel[0] || c->focalpixel[1] ||
                  c->principal[0] || c->principal[1] || c->principalpixel[0] ||
                  c->principalpixel[1];
  int sensor = c->sensorsize[0] || c->sensorsize[1];
  if (intrinsic && !sensor) {
    rd_fail(r, node, NULL, "required attribute 'sensorsize' is missing (needed by focal and "
            "principal)");
  }
  if (sensor && !resolution_set) {
    rd_fail(r, node, NULL, "required attribute 'resolution' is missing (needed by sensorsize)");
  }
  rd_check_used(r, node);
}

static void rd_light(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  const sn_defclass* cls = rd_class(r, node, scope->childclass);
  sn_light* l = (sn_light*)sn_spec_append(r->spec, &r->spec->lights, sizeof(sn_light));
  *l = cls->light;
  l->name = rd_name(r, node, scope);
  rd_light_attrs(r, node, l);
  l->body = scope->body;
  l->frame = scope->frame;
  l->loc = rd_loc(r, node);
  rd_check_used(r, node);
}

//---------------------------------- bodies, frames, replicate -------------------------------------

static void rd_body(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  int id = SN_COUNT(r->spec, bodies);
  sn_body* b = (sn_body*)sn_spec_append(r->spec, &r->spec->bodies, sizeof(sn_body));
  sn_body_default(b);
  b->parent = scope->body;
  b->frame = scope->frame;
  b->name = rd_name(r, node, scope);
  rd_reals(r, node, "pos", b->pos);
  sn_xorient o = {0, {1, 0, 0, 0}, {SN_ORIENT_NONE, {0}}};
  rd_orient(r, node, &o);
  b->orient = rd_orient_final(&o);
  rd_keyword(r, node, "mocap", &b->mocap);
  rd_real(r, node, "gravcomp", &b->gravcomp);
  rd_numlist(r, node, "user", &b->user);
  b->loc = rd_loc(r, node);
  rd_scope inner = {id, -1, rd_childclass(r, node, scope->childclass), scope->suffix};
  rd_check_used(r, node);
  rd_tree(r, node, &inner);
}

static int rd_new_frame(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  int id = SN_COUNT(r->spec, frames);
  sn_frame* f = (sn_frame*)sn_spec_append(r->spec, &r->spec->frames, sizeof(sn_frame));
  f->parent_frame = scope->frame;
  f->body = scope->body;
  f->loc = rd_loc(r, node);
  return id;
}

static void rd_frame(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  int id = rd_new_frame(r, node, scope);
  sn_frame* f = &SN_AT(r->spec, frames, sn_frame, id);
  rd_reals(r, node, "pos", f->pos);
  sn_xorient o = {0, {1, 0, 0, 0}, {SN_ORIENT_NONE, {0}}};
  rd_orient(r, node, &o);
  f->orient = rd_orient_final(&o);
  rd_attr(r, node, "name");  // frames do not survive compilation, so their names do not
  rd_scope inner = {scope->body, id, rd_childclass(r, node, scope->childclass),
                    scope->suffix};
  rd_check_used(r, node);
  rd_tree(r, node, &inner);
}

// Most elements the expansion of all replicates may create: element ids are ints and
// every copy costs memory, so a runaway count is an error before anything is expanded.
#define RD_MAX_REPLICATED 1e6

// The replica count as written (0 if absent or unreadable; validated when read).
static double rd_replicate_count(const sn_xml_node* node) {
  const sn_xml_attr* a = sn_xml_find(node, "count");
  return a ? strtod(a->value, NULL) : 0;
}

// Elements that one copy of node's children creates, nested replicates multiplied out.
static double rd_subtree_elements(const sn_xml_node* node) {
  double n = 0;
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    double inner = 1 + rd_subtree_elements(c);
    n += c->kind == SN_EL_REPLICATE ? rd_replicate_count(c) * inner : inner;
  }
  return n;
}

// Copy k of a replicate sits at the k-fold composition of (offset, rotation): each copy
// is offset and rotated relative to the previous one.
static void rd_replicate(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  int count = 0;
  double offset[3] = {0, 0, 0}, euler[3] = {0, 0, 0};
  const char* sep = "";
  rd_int(r, node, "count", &count);
  rd_reals(r, node, "offset", offset);
  rd_reals(r, node, "euler", euler);
  rd_string(r, node, "sep", &sep);
  rd_check_used(r, node);
  if (count <= 0) {
    rd_fail(r, node, "count", "the number of replicas must be positive");
  }
  if (scope->suffix[0] == 0) {
    // outermost replicate: its whole expansion, nested replicates included
    double n = (double)count * (1 + rd_subtree_elements(node));
    if (!(n <= RD_MAX_REPLICATED - r->nreplicated)) {
      rd_fail(r, node, "count", "replicate would create %.0f elements (%.0f so far), more "
              "than the limit of %.0f", n, r->nreplicated, RD_MAX_REPLICATED);
    }
    r->nreplicated += n;
  }
  r->nreplicate++;
  double step[4], pos[3] = {0, 0, 0}, quat[4] = {1, 0, 0, 0};
  rd_euler_quat(r, euler, step);
  int digits = 1;
  for (int c = count - 1; c >= 10; c /= 10) {
    digits++;
  }
  for (int k = 0; k < count; k++) {
    int id = rd_new_frame(r, node, scope);
    sn_frame* f = &SN_AT(r->spec, frames, sn_frame, id);
    memcpy(f->pos, pos, sizeof(pos));
    f->orient.type = SN_ORIENT_QUAT;
    memcpy(f->orient.v, quat, sizeof(quat));

    size_t n = strlen(sep) + (size_t)digits + strlen(scope->suffix) + 1;
    char* suffix = (char*)sn_spec_alloc(r->spec, n);
    snprintf(suffix, n, "%s%0*d%s", sep, digits, k, scope->suffix);
    rd_scope inner = {scope->body, id, scope->childclass, suffix};
    rd_tree(r, node, &inner);

    double moved[3], next[4];
    rd_quat_rotate(quat, offset, moved);
    for (int i = 0; i < 3; i++) {
      pos[i] += moved[i];
    }
    rd_quat_mul(quat, step, next);
    memcpy(quat, next, sizeof(next));
  }
}

static void rd_tree(sn_reader* r, const sn_xml_node* node, const rd_scope* scope) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    switch (c->kind) {
      case SN_EL_BODY:      rd_body(r, c, scope); break;
      case SN_EL_FRAME:     rd_frame(r, c, scope); break;
      case SN_EL_REPLICATE: rd_replicate(r, c, scope); break;
      case SN_EL_INERTIAL:  rd_inertial(r, c, scope); break;
      case SN_EL_JOINT:     rd_joint(r, c, scope); break;
      case SN_EL_FREEJOINT: rd_freejoint(r, c, scope); break;
      case SN_EL_GEOM:      rd_geom(r, c, scope); break;
      case SN_EL_SITE:      rd_site(r, c, scope); break;
      case SN_EL_CAMERA:    rd_camera(r, c, scope); break;
      case SN_EL_LIGHT:     rd_light(r, c, scope); break;
      case SN_EL_ATTACH:    rd_attach(r, c, scope->body, scope->frame); break;
      default:
        rd_fail(r, c, NULL, "not yet supported: %s", c->name);
    }
  }
}

void rd_worldbody(sn_reader* r, const sn_xml_node* node) {
  rd_scope scope = {0, -1, 0, ""};
  SN_AT(r->spec, bodies, sn_body, 0).loc = rd_loc(r, node);
  rd_tree(r, node, &scope);
}

//---------------------------------- rotations -----------------------------------------------------

void rd_quat_mul(const double a[4], const double b[4], double out[4]) {
  double w = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  double x = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  double y = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  double z = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
  out[0] = w;
  out[1] = x;
  out[2] = y;
  out[3] = z;
}

void rd_quat_rotate(const double q[4], const double v[3], double out[3]) {
  double p[4] = {0, v[0], v[1], v[2]}, conj[4] = {q[0], -q[1], -q[2], -q[3]}, t[4], res[4];
  rd_quat_mul(q, p, t);
  rd_quat_mul(t, conj, res);
  out[0] = res[1];
  out[1] = res[2];
  out[2] = res[3];
}

// Lower-case axes rotate with the frame (intrinsic), upper-case ones are fixed.
void rd_euler_quat(const sn_reader* r, const double euler[3], double quat[4]) {
  double q[4] = {1, 0, 0, 0};
  double scale = r->spec->compiler.degree ? 3.14159265358979323846 / 180.0 : 1.0;
  for (int i = 0; i < 3; i++) {
    char c = r->spec->compiler.eulerseq[i];
    double half = 0.5 * euler[i] * scale;
    double e[4] = {cos(half), 0, 0, 0};
    int axis = (c == 'x' || c == 'X') ? 0 : (c == 'y' || c == 'Y') ? 1 : 2;
    e[1 + axis] = sin(half);
    double t[4];
    if (c >= 'a' && c <= 'z') {
      rd_quat_mul(q, e, t);
    } else {
      rd_quat_mul(e, q, t);
    }
    memcpy(q, t, sizeof(t));
  }
  memcpy(quat, q, sizeof(q));
}
