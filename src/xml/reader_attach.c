// <asset><model> and <attach>: models loaded as their own specs, and copies of their
// body subtrees grafted into this model (XML reference, asset/model and body/attach;
// details checked against MuJoCo 3.3.8):
// - <model file> loads the file as a separate model (its own defaults, compiler
//   settings and assets); its name is the name attribute or the model's own name.
// - <attach model body prefix> copies the named body and its subtree (joints, geoms,
//   sites, cameras, lights, frames) to the place of the attach element, prefixing every
//   name and every name reference; without body, the contents of the child's world body
//   are copied into a new frame.
// - Values keep the meaning they had in the child: orientations are resolved with the
//   child's angle unit and Euler sequence, hinge and ball angles are converted to this
//   model's unit, "auto" limits and free-joint alignment follow the child's compiler.
// - After the whole model has been read (3.3.8 lists them after this model's own), all
//   of the child's textures, materials, actuators, equality constraints, contact pairs and
//   exclusions, tendons, custom data and keyframes are appended, prefixed. Actuators,
//   equality constraints and contact pairs are copied whether or not their targets were
//   attached (a missing target is then a compile error, as in 3.3.8). Keyframes keep the values
//   of the attached joints, actuators and mocap bodies; everything else takes its
//   default.
// - Known 3.3.8 issue not reproduced: when a model whose own keyframes came from an
//   attachment is attached twice, 3.3.8 keeps one copy of those keyframes, unprefixed
//   (it warns "Child model has pending keyframes"); Sinew keeps both, prefixed.
// Not reproduced: the child's inertiafromgeom, boundmass/boundinertia, balanceinertia,
// fusestatic and settotalmass apply this model's settings to the attached bodies.
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"
#include "xml/include.h"
#include "xml/load.h"
#include "xml/reader.h"

struct rd_attachment {
  struct rd_attachment* next;
  sn_spec* child;
  const char* prefix;
  const sn_xml_node* node;
  int* jointmap;              // child joint -> spec joint (-1: not attached)
  int* bodymap;               // child body -> spec body (-1: not attached)
};

// Nesting depth of model files being loaded (a guard against circular references).
static _Thread_local int rd_model_depth;
#define RD_MAX_MODEL_DEPTH 16

//---------------------------------- helpers -------------------------------------------------------

static const char* rd_prefixed(sn_reader* r, const char* prefix, const char* name) {
  if (!name || !name[0]) {
    return "";
  }
  size_t n1 = strlen(prefix), n2 = strlen(name);
  char* s = (char*)sn_spec_alloc(r->spec, n1 + n2 + 1);
  memcpy(s, prefix, n1);
  memcpy(s + n1, name, n2 + 1);
  return s;
}

static void rd_copy_list(sn_reader* r, sn_numlist* l) {
  if (l->n > 0) {
    double* d = (double*)sn_spec_alloc(r->spec, sizeof(double) * (size_t)l->n);
    memcpy(d, l->data, sizeof(double) * (size_t)l->n);
    l->data = d;
  } else {
    l->data = NULL;
    l->n = 0;
  }
}

static void rd_copy_loc(sn_reader* r, sn_srcloc* loc) {
  loc->file = sn_spec_strdup(r->spec, loc->file);
  loc->element = sn_spec_strdup(r->spec, loc->element);
}

// State of one copy: the child's compiler settings resolve orientations.
typedef struct {
  sn_reader* r;
  const sn_xml_node* node;
  struct rd_attachment* a;
  sn_ctx ctx;                 // compile context of the child (orientations, limits)
  char err[512];
  double ascale;              // child angle unit / this model's angle unit
} rd_xfer;

static void rd_xfer_init(rd_xfer* x, sn_reader* r, const sn_xml_node* node,
                         struct rd_attachment* a) {
  memset(x, 0, sizeof(*x));
  x->r = r;
  x->node = node;
  x->a = a;
  x->ctx.spec = a->child;
  x->ctx.error = x->err;
  x->ctx.error_sz = (int)sizeof(x->err);
  double cs = a->child->compiler.degree ? mjPI / 180.0 : 1.0;
  double ps = r->spec->compiler.degree ? mjPI / 180.0 : 1.0;
  x->ascale = cs / ps;
}

static void rd_xfer_check(rd_xfer* x, int ok) {
  if (!ok) {
    rd_fail(x->r, x->node, NULL, "in attached model: %s", x->err);
  }
}

static void rd_xfer_orient(rd_xfer* x, sn_orient* o, const sn_srcloc* loc) {
  if (o->type == SN_ORIENT_NONE || o->type == SN_ORIENT_QUAT) {
    return;
  }
  double q[4];
  rd_xfer_check(x, sn_orient_quat(&x->ctx, o, q, loc));
  memset(o, 0, sizeof(*o));
  o->type = SN_ORIENT_QUAT;
  memcpy(o->v, q, sizeof(q));
}

// An "auto" limited flag decided by the child's autolimits (explicit flags are kept).
static void rd_xfer_limited(rd_xfer* x, sn_tristate* flag, const double range[2],
                            const char* what, const sn_srcloc* loc) {
  if (*flag != SN_AUTO) {
    return;
  }
  int limited = 0;
  rd_xfer_check(x, sn_resolve_limited(&x->ctx, SN_AUTO, range, what, loc, &limited));
  *flag = limited ? SN_TRUE : SN_FALSE;
}

//---------------------------------- <asset><model> ------------------------------------------------

static void rd_model(sn_reader* r, const sn_xml_node* node) {
  const char* name = NULL;
  const char* file = "";
  const char* content_type = NULL;
  rd_string(r, node, "name", &name);
  rd_string(r, node, "file", &file);
  if (rd_string(r, node, "content_type", &content_type) && content_type[0] &&
      strcmp(content_type, "text/xml")) {
    rd_fail(r, node, "content_type", "unsupported content type '%s' (only text/xml)",
            content_type);
  }
  rd_check_used(r, node);
  char path[2048];
  const char* dir = r->spec->modeldir ? r->spec->modeldir : "";
  if (file[0] == '/' || !dir[0]) {
    snprintf(path, sizeof(path), "%s", file);
  } else {
    snprintf(path, sizeof(path), "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", file);
  }
  if (rd_model_depth >= RD_MAX_MODEL_DEPTH) {
    rd_fail(r, node, "file", "models nested too deeply (circular reference?)");
  }
  char err[800];
  rd_model_depth++;
  sn_spec* child = sn_xml_load_spec(path, r->vfs, err, (int)sizeof(err));
  rd_model_depth--;
  if (!child) {
    if (strstr(err, "nested too deeply")) {
      rd_fail(r, node, "file", "models nested too deeply (circular reference?)");
    }
    rd_fail(r, node, "file", "cannot load model: %s", err);
  }
  sn_submodel* sm =
      (sn_submodel*)sn_spec_append(r->spec, &r->spec->submodels, sizeof(sn_submodel));
  sm->spec = child;  // owned by the spec from here on, also if reading fails
  sm->name = sn_spec_strdup(r->spec, name ? name : child->modelname);
}

void rd_models(sn_reader* r, const sn_xml_node* root) {
  for (const sn_xml_node* s = root->child; s; s = s->next) {
    if (s->kind != SN_EL_ASSET) {
      continue;
    }
    for (const sn_xml_node* c = s->child; c; c = c->next) {
      if (c->kind == SN_EL_MODEL) {
        rd_model(r, c);
      }
    }
  }
}

//---------------------------------- <attach>: the kinematic subtree -------------------------------

static int rd_map_body(const struct rd_attachment* a, int b, int world_body) {
  if (b == 0) {
    return world_body;
  }
  return a->bodymap[b];
}

static void rd_attach_joints(rd_xfer* x, int world_body) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  for (int i = 0; i < SN_COUNT(child, joints); i++) {
    sn_joint j = SN_AT(child, joints, sn_joint, i);
    int b = rd_map_body(x->a, j.body, world_body);
    if (b < 0) {
      continue;
    }
    rd_xfer_limited(x, &j.limited, j.range, "joint", &j.loc);
    rd_xfer_limited(x, &j.actfrclimited, j.actfrcrange, "actuatorfrc", &j.loc);
    if (j.align == SN_AUTO) {
      j.align = child->compiler.alignfree == SN_TRUE ? SN_TRUE : SN_FALSE;
    }
    if (j.type == mjJNT_HINGE) {
      j.ref *= x->ascale;
      j.springref *= x->ascale;
    }
    if (j.type == mjJNT_HINGE || j.type == mjJNT_BALL) {
      j.range[0] *= x->ascale;
      j.range[1] *= x->ascale;
    }
    j.name = rd_prefixed(r, x->a->prefix, j.name);
    rd_copy_list(r, &j.user);
    rd_copy_loc(r, &j.loc);
    j.body = b;
    x->a->jointmap[i] = SN_COUNT(r->spec, joints);
    *(sn_joint*)sn_spec_append(r->spec, &r->spec->joints, sizeof(sn_joint)) = j;
  }
}

// Geoms, sites, cameras and lights of the attached bodies.
static void rd_attach_leaves(rd_xfer* x, int world_body, const int* framemap,
                             int world_frame) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
#define RD_PLACE(e)                                                      \
  int b = rd_map_body(x->a, (e).body, world_body);                       \
  if (b < 0) {                                                           \
    continue;                                                            \
  }                                                                      \
  (e).frame = (e).frame >= 0 ? framemap[(e).frame]                       \
                             : ((e).body == 0 ? world_frame : -1);       \
  (e).body = b;                                                          \
  rd_copy_loc(r, &(e).loc);                                              \
  (e).name = rd_prefixed(r, pre, (e).name)
  for (int i = 0; i < SN_COUNT(child, geoms); i++) {
    sn_geom g = SN_AT(child, geoms, sn_geom, i);
    rd_xfer_orient(x, &g.orient, &g.loc);
    RD_PLACE(g);
    g.material = rd_prefixed(r, pre, g.material);
    g.mesh = rd_prefixed(r, pre, g.mesh);
    g.hfield = rd_prefixed(r, pre, g.hfield);
    rd_copy_list(r, &g.user);
    *(sn_geom*)sn_spec_append(r->spec, &r->spec->geoms, sizeof(sn_geom)) = g;
  }
  for (int i = 0; i < SN_COUNT(child, sites); i++) {
    sn_site s = SN_AT(child, sites, sn_site, i);
    rd_xfer_orient(x, &s.orient, &s.loc);
    RD_PLACE(s);
    s.material = rd_prefixed(r, pre, s.material);
    rd_copy_list(r, &s.user);
    *(sn_site*)sn_spec_append(r->spec, &r->spec->sites, sizeof(sn_site)) = s;
  }
  for (int i = 0; i < SN_COUNT(child, cameras); i++) {
    sn_camera c = SN_AT(child, cameras, sn_camera, i);
    rd_xfer_orient(x, &c.orient, &c.loc);
    RD_PLACE(c);
    c.target = rd_prefixed(r, pre, c.target);
    rd_copy_list(r, &c.user);
    *(sn_camera*)sn_spec_append(r->spec, &r->spec->cameras, sizeof(sn_camera)) = c;
  }
  for (int i = 0; i < SN_COUNT(child, lights); i++) {
    sn_light l = SN_AT(child, lights, sn_light, i);
    RD_PLACE(l);
    l.target = rd_prefixed(r, pre, l.target);
    l.texture = rd_prefixed(r, pre, l.texture);
    *(sn_light*)sn_spec_append(r->spec, &r->spec->lights, sizeof(sn_light)) = l;
  }
#undef RD_PLACE
}

void rd_attach(sn_reader* r, const sn_xml_node* node, int body, int frame) {
  const char* model = "";
  const char* bodyname = NULL;
  const char* prefix = "";
  rd_string(r, node, "model", &model);
  rd_string(r, node, "body", &bodyname);
  rd_string(r, node, "prefix", &prefix);
  rd_check_used(r, node);
  sn_spec* child = NULL;
  for (int i = 0; i < SN_COUNT(r->spec, submodels); i++) {
    const sn_submodel* sm = &SN_AT(r->spec, submodels, sn_submodel, i);
    if (!strcmp(sm->name, model)) {
      child = sm->spec;
    }
  }
  if (!child) {
    rd_fail(r, node, "model", "unknown model '%s' (define it with <asset><model>)", model);
  }
  int root = 0;  // child body at the top of the copy; 0: the world's contents
  if (bodyname) {
    root = -1;
    for (int i = 1; i < SN_COUNT(child, bodies); i++) {
      if (!strcmp(SN_AT(child, bodies, sn_body, i).name, bodyname)) {
        root = i;
        break;
      }
    }
    if (root < 0) {
      rd_fail(r, node, "body", "body '%s' not found in model '%s'", bodyname, model);
    }
  }

  struct rd_attachment* a =
      (struct rd_attachment*)sn_spec_alloc(r->spec, sizeof(struct rd_attachment));
  a->child = child;
  a->prefix = sn_spec_strdup(r->spec, prefix);
  a->node = node;
  int ncb = SN_COUNT(child, bodies), ncj = SN_COUNT(child, joints);
  int ncf = SN_COUNT(child, frames);
  a->bodymap = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(ncb + 1));
  a->jointmap = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(ncj + 1));
  int* framemap = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(ncf + 1));
  for (int i = 0; i < ncb; i++) {
    a->bodymap[i] = -1;
  }
  for (int i = 0; i < ncj; i++) {
    a->jointmap[i] = -1;
  }
  for (int i = 0; i < ncf; i++) {
    framemap[i] = -1;
  }
  if (r->attach_tail) {
    r->attach_tail->next = a;
  } else {
    r->attach_head = a;
  }
  r->attach_tail = a;

  rd_xfer x;
  rd_xfer_init(&x, r, node, a);
  sn_srcloc loc = {sn_spec_strdup(r->spec, node->file), node->line, node->column,
                   sn_spec_strdup(r->spec, node->name)};

  // the world's contents go into a new frame
  int world_frame = -1, world_body = -1;
  if (root == 0) {
    world_body = body;
    world_frame = SN_COUNT(r->spec, frames);
    sn_frame* f = (sn_frame*)sn_spec_append(r->spec, &r->spec->frames, sizeof(sn_frame));
    f->parent_frame = frame;
    f->body = body;
    f->loc = loc;
  }

  // bodies and frames in depth-first order (a frame precedes its contents)
  int fi = 0;
  for (int i = root ? root : 1; i < ncb; i++) {
    sn_body sb = SN_AT(child, bodies, sn_body, i);
    int parent;
    if (i == root) {
      parent = body;
    } else {
      parent = rd_map_body(a, sb.parent, world_body);
      if (parent < 0) {
        if (root) {
          break;  // past the subtree
        }
        continue;
      }
    }
    // frames of already mapped bodies that precede this body
    for (; fi < ncf; fi++) {
      sn_frame f = SN_AT(child, frames, sn_frame, fi);
      if (f.body >= i) {
        break;
      }
      int fb = rd_map_body(a, f.body, world_body);
      if (fb < 0) {
        continue;
      }
      rd_xfer_orient(&x, &f.orient, &f.loc);
      f.parent_frame = f.parent_frame >= 0 ? framemap[f.parent_frame]
                                            : (f.body == 0 ? world_frame : -1);
      f.body = fb;
      rd_copy_loc(r, &f.loc);
      framemap[fi] = SN_COUNT(r->spec, frames);
      *(sn_frame*)sn_spec_append(r->spec, &r->spec->frames, sizeof(sn_frame)) = f;
    }
    rd_xfer_orient(&x, &sb.orient, &sb.loc);
    rd_xfer_orient(&x, &sb.iorient, &sb.loc);
    if (i == root) {
      sb.frame = frame;
    } else {
      sb.frame = sb.frame >= 0 ? framemap[sb.frame] : (sb.parent == 0 ? world_frame : -1);
    }
    sb.parent = parent;
    sb.name = rd_prefixed(r, a->prefix, sb.name);
    rd_copy_list(r, &sb.user);
    rd_copy_loc(r, &sb.loc);
    a->bodymap[i] = SN_COUNT(r->spec, bodies);
    *(sn_body*)sn_spec_append(r->spec, &r->spec->bodies, sizeof(sn_body)) = sb;
  }
  // frames after the last body
  for (; fi < ncf; fi++) {
    sn_frame f = SN_AT(child, frames, sn_frame, fi);
    int fb = rd_map_body(a, f.body, world_body);
    if (fb < 0) {
      continue;
    }
    rd_xfer_orient(&x, &f.orient, &f.loc);
    f.parent_frame = f.parent_frame >= 0 ? framemap[f.parent_frame]
                                          : (f.body == 0 ? world_frame : -1);
    f.body = fb;
    rd_copy_loc(r, &f.loc);
    framemap[fi] = SN_COUNT(r->spec, frames);
    *(sn_frame*)sn_spec_append(r->spec, &r->spec->frames, sizeof(sn_frame)) = f;
  }
  rd_attach_joints(&x, world_body);
  rd_attach_leaves(&x, world_body, framemap, world_frame);
}

//---------------------------------- after reading: assets, actuators, keyframes -------------------

// Directory the child model's asset files of one type are relative to: typedir (meshdir,
// texturedir), else assetdir, relative to the child's own directory.
static void rd_child_asset_dir(const sn_spec* child, const char* typedir, char* dir, size_t n) {
  const sn_compiler* cc = &child->compiler;
  const char* tdir = typedir && typedir[0] ? typedir
                     : cc->assetdir && cc->assetdir[0] ? cc->assetdir
                                                       : "";
  const char* mdir = child->modeldir ? child->modeldir : "";
  if (tdir[0] == '/') {
    snprintf(dir, n, "%s", tdir);
  } else {
    snprintf(dir, n, "%s%s%s", mdir, mdir[0] && mdir[strlen(mdir) - 1] != '/' ? "/" : "", tdir);
  }
}

static void rd_attach_meshes(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const sn_compiler* cc = &child->compiler;
  char dir[2048];
  rd_child_asset_dir(child, cc->meshdir, dir, sizeof(dir));
  for (int i = 0; i < SN_COUNT(child, meshes); i++) {
    sn_mesh m = SN_AT(child, meshes, sn_mesh, i);
    m.name = rd_prefixed(r, x->a->prefix, m.name);
    m.file = sn_spec_strdup(r->spec, m.file);
    if (cc->strippath && strrchr(m.file, '/')) {
      m.file = strrchr(m.file, '/') + 1;
    }
    m.filedir = sn_spec_strdup(r->spec, m.filedir && m.filedir[0] ? m.filedir : dir);
    m.content_type = sn_spec_strdup(r->spec, m.content_type);
    m.builtin = sn_spec_strdup(r->spec, m.builtin);
    m.material = rd_prefixed(r, x->a->prefix, m.material);
    rd_copy_list(r, &m.vertex);
    rd_copy_list(r, &m.normal);
    rd_copy_list(r, &m.texcoord);
    rd_copy_list(r, &m.face);
    rd_copy_list(r, &m.params);
    rd_copy_loc(r, &m.loc);
    *(sn_mesh*)sn_spec_append(r->spec, &r->spec->meshes, sizeof(sn_mesh)) = m;
  }
}

static void rd_attach_assets(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  const sn_compiler* cc = &child->compiler;
  char dir[2048];
  rd_child_asset_dir(child, cc->texturedir, dir, sizeof(dir));
  rd_attach_meshes(x);
  for (int i = 0; i < SN_COUNT(child, textures); i++) {
    sn_texture t = SN_AT(child, textures, sn_texture, i);
    t.name = rd_prefixed(r, pre, t.name);
    t.file = sn_spec_strdup(r->spec, t.file);
    t.gridlayout = sn_spec_strdup(r->spec, t.gridlayout);
    t.content_type = sn_spec_strdup(r->spec, t.content_type);
    for (int k = 0; k < 6; k++) {
      const char* f = t.cubefiles[k];
      if (f && cc->strippath && strrchr(f, '/')) {
        f = strrchr(f, '/') + 1;
      }
      t.cubefiles[k] = f ? sn_spec_strdup(r->spec, f) : NULL;
    }
    if (cc->strippath && strrchr(t.file, '/')) {
      t.file = strrchr(t.file, '/') + 1;
    }
    t.filedir = sn_spec_strdup(r->spec, t.filedir && t.filedir[0] ? t.filedir : dir);
    rd_copy_loc(r, &t.loc);
    *(sn_texture*)sn_spec_append(r->spec, &r->spec->textures, sizeof(sn_texture)) = t;
  }
  for (int i = 0; i < SN_COUNT(child, materials); i++) {
    sn_material m = SN_AT(child, materials, sn_material, i);
    m.name = rd_prefixed(r, pre, m.name);
    for (int k = 0; k < mjNTEXROLE; k++) {
      m.textures[k] = rd_prefixed(r, pre, m.textures[k]);
    }
    rd_copy_loc(r, &m.loc);
    *(sn_material*)sn_spec_append(r->spec, &r->spec->materials, sizeof(sn_material)) = m;
  }
}

static void rd_attach_actuators(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  for (int i = 0; i < SN_COUNT(child, actuators); i++) {
    sn_actuator a = SN_AT(child, actuators, sn_actuator, i);
    rd_xfer_limited(x, &a.ctrllimited, a.ctrlrange, "ctrl", &a.loc);
    rd_xfer_limited(x, &a.forcelimited, a.forcerange, "force", &a.loc);
    if (!a.inheritrange) {
      rd_xfer_limited(x, &a.actlimited, a.actrange, "act", &a.loc);
    }
    a.name = rd_prefixed(r, pre, a.name);
    a.target = rd_prefixed(r, pre, a.target);
    a.refsite = rd_prefixed(r, pre, a.refsite);
    a.slidersite = rd_prefixed(r, pre, a.slidersite);
    a.element = sn_spec_strdup(r->spec, a.element);
    rd_copy_list(r, &a.user);
    rd_copy_loc(r, &a.loc);
    *(sn_actuator*)sn_spec_append(r->spec, &r->spec->actuators, sizeof(sn_actuator)) = a;
  }
}

// Equality constraints, prefixed like their references; as for actuators, ones whose
// bodies, sites or joints were not attached fail to compile (so does 3.3.8).
static void rd_attach_equalities(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  for (int i = 0; i < SN_COUNT(child, equalities); i++) {
    sn_equality e = SN_AT(child, equalities, sn_equality, i);
    e.name = rd_prefixed(r, pre, e.name);
    e.name1 = rd_prefixed(r, pre, e.name1);
    e.name2 = rd_prefixed(r, pre, e.name2);
    rd_copy_loc(r, &e.loc);
    *(sn_equality*)sn_spec_append(r->spec, &r->spec->equalities, sizeof(sn_equality)) = e;
  }
}

// Tendons with their paths, prefixed like their references; "auto" limits follow the
// child's autolimits. A path element naming something not attached fails to compile.
// Known 3.3.8 issue not reproduced: it also prefixes a wrap geom's missing side site
// (then fails with "side site 'PREFIX' not found"); here an absent side site stays absent.
static void rd_attach_tendons(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  for (int i = 0; i < SN_COUNT(child, tendons); i++) {
    sn_tendon t = SN_AT(child, tendons, sn_tendon, i);
    rd_xfer_limited(x, &t.limited, t.range, "tendon", &t.loc);
    rd_xfer_limited(x, &t.actfrclimited, t.actfrcrange, "actuatorfrc", &t.loc);
    t.name = rd_prefixed(r, pre, t.name);
    t.material = rd_prefixed(r, pre, t.material);
    rd_copy_list(r, &t.user);
    sn_wrap* path = t.npath ? (sn_wrap*)sn_spec_alloc(r->spec, sizeof(sn_wrap) * (size_t)t.npath)
                            : NULL;
    for (int k = 0; k < t.npath; k++) {
      path[k] = t.path[k];
      path[k].name = rd_prefixed(r, pre, path[k].name);
      path[k].sidesite = rd_prefixed(r, pre, path[k].sidesite);
      rd_copy_loc(r, &path[k].loc);
    }
    t.path = path;
    t.cappath = t.npath;
    rd_copy_loc(r, &t.loc);
    *(sn_tendon*)sn_spec_append(r->spec, &r->spec->tendons, sizeof(sn_tendon)) = t;
  }
}

// Sensors, prefixed like the objects they name (an unprefixed name would be a
// different object: those not attached fail to compile).
static void rd_attach_sensors(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  for (int i = 0; i < SN_COUNT(child, sensors); i++) {
    sn_sensor s = SN_AT(child, sensors, sn_sensor, i);
    s.name = rd_prefixed(r, pre, s.name);
    s.objname = rd_prefixed(r, pre, s.objname);
    s.refname = rd_prefixed(r, pre, s.refname);
    s.usertype = sn_spec_strdup(r->spec, s.usertype);
    rd_copy_list(r, &s.user);
    rd_copy_loc(r, &s.loc);
    *(sn_sensor*)sn_spec_append(r->spec, &r->spec->sensors, sizeof(sn_sensor)) = s;
  }
}

// Contact pairs and exclusions, prefixed like the geoms and bodies they name (3.3.8
// lists them after this model's own, in attachment order).
static void rd_attach_contacts(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  for (int i = 0; i < SN_COUNT(child, pairs); i++) {
    sn_pair p = SN_AT(child, pairs, sn_pair, i);
    p.name = rd_prefixed(r, pre, p.name);
    p.geom1 = rd_prefixed(r, pre, p.geom1);
    p.geom2 = rd_prefixed(r, pre, p.geom2);
    rd_copy_loc(r, &p.loc);
    *(sn_pair*)sn_spec_append(r->spec, &r->spec->pairs, sizeof(sn_pair)) = p;
  }
  for (int i = 0; i < SN_COUNT(child, excludes); i++) {
    sn_exclude e = SN_AT(child, excludes, sn_exclude, i);
    e.name = rd_prefixed(r, pre, e.name);
    // the world body keeps its name (it is this model's world)
    e.body1 = strcmp(e.body1, "world") ? rd_prefixed(r, pre, e.body1) : e.body1;
    e.body2 = strcmp(e.body2, "world") ? rd_prefixed(r, pre, e.body2) : e.body2;
    rd_copy_loc(r, &e.loc);
    *(sn_exclude*)sn_spec_append(r->spec, &r->spec->excludes, sizeof(sn_exclude)) = e;
  }
}

static void rd_attach_custom(rd_xfer* x) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  const char* pre = x->a->prefix;
  for (int i = 0; i < SN_COUNT(child, numerics); i++) {
    sn_numeric n = SN_AT(child, numerics, sn_numeric, i);
    n.name = rd_prefixed(r, pre, n.name);
    rd_copy_list(r, &n.data);
    rd_copy_loc(r, &n.loc);
    *(sn_numeric*)sn_spec_append(r->spec, &r->spec->numerics, sizeof(sn_numeric)) = n;
  }
  for (int i = 0; i < SN_COUNT(child, texts); i++) {
    sn_text t = SN_AT(child, texts, sn_text, i);
    t.name = rd_prefixed(r, pre, t.name);
    t.data = sn_spec_strdup(r->spec, t.data);
    rd_copy_loc(r, &t.loc);
    *(sn_text*)sn_spec_append(r->spec, &r->spec->texts, sizeof(sn_text)) = t;
  }
  for (int i = 0; i < SN_COUNT(child, tuples); i++) {
    sn_tuple t = SN_AT(child, tuples, sn_tuple, i);
    t.name = rd_prefixed(r, pre, t.name);
    sn_tuple_element* e = t.n ? (sn_tuple_element*)sn_spec_alloc(
                                    r->spec, sizeof(sn_tuple_element) * (size_t)t.n)
                              : NULL;
    for (int k = 0; k < t.n; k++) {
      e[k] = t.elements[k];
      e[k].objname = rd_prefixed(r, pre, e[k].objname);
    }
    t.elements = e;
    rd_copy_loc(r, &t.loc);
    *(sn_tuple*)sn_spec_append(r->spec, &r->spec->tuples, sizeof(sn_tuple)) = t;
  }
}

// Where each element's values sit in the child's own keyframe vectors.
typedef struct {
  int* qposadr;               // per child joint
  int* dofadr;
  int* actadr;                // per child actuator (-1: stateless)
  int* mocapid;               // per child body (-1)
} rd_layout;

static int rd_jnt_nq(int type) {
  return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
}

static int rd_jnt_nv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

static void rd_child_layout(sn_reader* r, const sn_spec* child, rd_layout* l) {
  int nj = SN_COUNT(child, joints), nb = SN_COUNT(child, bodies);
  int nu = SN_COUNT(child, actuators);
  l->qposadr = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(nj + 1));
  l->dofadr = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(nj + 1));
  l->actadr = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(nu + 1));
  l->mocapid = (int*)sn_spec_alloc(r->spec, sizeof(int) * (size_t)(nb + 1));
  // joints are laid out by body (depth-first), in document order within a body
  int qadr = 0, dadr = 0;
  for (int b = 0; b < nb; b++) {
    for (int j = 0; j < nj; j++) {
      const sn_joint* sj = &SN_AT(child, joints, sn_joint, j);
      if (sj->body == b) {
        l->qposadr[j] = qadr;
        l->dofadr[j] = dadr;
        qadr += rd_jnt_nq(sj->type);
        dadr += rd_jnt_nv(sj->type);
      }
    }
  }
  int aadr = 0;
  for (int i = 0; i < nu; i++) {
    int n = sn_actuator_actnum(&SN_AT(child, actuators, sn_actuator, i));
    l->actadr[i] = n ? aadr : -1;
    aadr += n;
  }
  int nm = 0;
  for (int b = 0; b < nb; b++) {
    l->mocapid[b] = b > 0 && SN_AT(child, bodies, sn_body, b).mocap ? nm++ : -1;
  }
}

static void rd_add_part(sn_reader* r, sn_keypart* parts, int* n, int kind, int index,
                        const sn_numlist* v, int adr, int len) {
  if (index < 0 || adr < 0 || adr + len > v->n) {
    return;
  }
  sn_keypart* p = parts + (*n)++;
  p->kind = kind;
  p->index = index;
  p->values.n = len;
  p->values.data = (double*)sn_spec_alloc(r->spec, sizeof(double) * (size_t)len);
  memcpy(p->values.data, v->data + adr, sizeof(double) * (size_t)len);
}

static void rd_attach_keys(rd_xfer* x, int actbase) {
  sn_spec* child = x->a->child;
  sn_reader* r = x->r;
  if (!SN_COUNT(child, keys)) {
    return;
  }
  rd_layout l;
  rd_child_layout(r, child, &l);
  int nj = SN_COUNT(child, joints), nu = SN_COUNT(child, actuators);
  int nb = SN_COUNT(child, bodies);
  for (int i = 0; i < SN_COUNT(child, keys); i++) {
    const sn_key* ck = &SN_AT(child, keys, sn_key, i);
    int cap = 2 * nj + 2 * nu + 2 * nb + ck->nparts + 1;
    sn_keypart* parts = (sn_keypart*)sn_spec_alloc(r->spec, sizeof(sn_keypart) * (size_t)cap);
    int n = 0;
    for (int j = 0; j < nj; j++) {
      int type = SN_AT(child, joints, sn_joint, j).type;
      int to = x->a->jointmap[j];
      rd_add_part(r, parts, &n, SN_KEY_QPOS, to, &ck->qpos, l.qposadr[j], rd_jnt_nq(type));
      rd_add_part(r, parts, &n, SN_KEY_QVEL, to, &ck->qvel, l.dofadr[j], rd_jnt_nv(type));
    }
    for (int a = 0; a < nu; a++) {
      int nact = sn_actuator_actnum(&SN_AT(child, actuators, sn_actuator, a));
      rd_add_part(r, parts, &n, SN_KEY_CTRL, actbase + a, &ck->ctrl, a, 1);
      if (nact) {
        rd_add_part(r, parts, &n, SN_KEY_ACT, actbase + a, &ck->act, l.actadr[a], nact);
      }
    }
    for (int b = 1; b < nb; b++) {
      int to = x->a->bodymap[b], id = l.mocapid[b];
      if (id >= 0) {
        rd_add_part(r, parts, &n, SN_KEY_MPOS, to, &ck->mpos, 3 * id, 3);
        rd_add_part(r, parts, &n, SN_KEY_MQUAT, to, &ck->mquat, 4 * id, 4);
      }
    }
    // the child's own per-element parts (models attached to the child)
    for (int p = 0; p < ck->nparts; p++) {
      const sn_keypart* cp = ck->parts + p;
      int to = -1;
      switch (cp->kind) {
        case SN_KEY_QPOS:
        case SN_KEY_QVEL:
          to = cp->index >= 0 && cp->index < nj ? x->a->jointmap[cp->index] : -1;
          break;
        case SN_KEY_ACT:
        case SN_KEY_CTRL:
          to = cp->index >= 0 && cp->index < nu ? actbase + cp->index : -1;
          break;
        default:
          to = cp->index >= 0 && cp->index < nb ? x->a->bodymap[cp->index] : -1;
          break;
      }
      rd_add_part(r, parts, &n, cp->kind, to, &cp->values, 0, cp->values.n);
    }
    sn_key* k = (sn_key*)sn_spec_append(r->spec, &r->spec->keys, sizeof(sn_key));
    k->name = rd_prefixed(r, x->a->prefix, ck->name);
    k->time = ck->time;
    k->parts = parts;
    k->nparts = n;
    k->loc = ck->loc;
    rd_copy_loc(r, &k->loc);
  }
}

void rd_attach_finish(sn_reader* r) {
  for (struct rd_attachment* a = r->attach_head; a; a = a->next) {
    rd_xfer x;
    rd_xfer_init(&x, r, a->node, a);
    int actbase = SN_COUNT(r->spec, actuators);
    rd_attach_assets(&x);
    rd_attach_actuators(&x);
    rd_attach_equalities(&x);
    rd_attach_contacts(&x);
    rd_attach_tendons(&x);
    rd_attach_sensors(&x);
    rd_attach_custom(&x);
    rd_attach_keys(&x, actbase);
  }
}
