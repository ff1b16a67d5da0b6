// Assets: textures, materials, meshes and height fields (skins are not yet supported
// and stop at validation).
#include <string.h>

#include "xml/reader.h"

static sn_srcloc rd_asset_loc(sn_reader* r, const sn_xml_node* node) {
  sn_srcloc loc;
  loc.file = sn_spec_strdup(r->spec, node->file);
  loc.line = node->line;
  loc.column = node->column;
  loc.element = sn_spec_strdup(r->spec, node->name);
  return loc;
}

// A mesh or texture without a name is named after its file (no directory, no extension).
static const char* rd_name_from_file(sn_reader* r, const char* file) {
  const char* base = strrchr(file, '/');
  base = base ? base + 1 : file;
  const char* bs = strrchr(base, '\\');
  base = bs ? bs + 1 : base;
  const char* dot = strrchr(base, '.');
  size_t n = dot ? (size_t)(dot - base) : strlen(base);
  char buf[512];
  if (n >= sizeof(buf)) {
    n = sizeof(buf) - 1;
  }
  memcpy(buf, base, n);
  buf[n] = 0;
  return sn_spec_strdup(r->spec, buf);
}

static void rd_texture(sn_reader* r, const sn_xml_node* node) {
  static const char* cube[6] = {"fileright", "fileleft", "fileup",
                                "filedown", "filefront", "fileback"};
  sn_texture* t = (sn_texture*)sn_spec_append(r->spec, &r->spec->textures, sizeof(sn_texture));
  sn_texture_default(t);
  rd_string(r, node, "name", &t->name);
  rd_keyword(r, node, "type", &t->type);
  rd_keyword(r, node, "colorspace", &t->colorspace);
  rd_string(r, node, "content_type", &t->content_type);
  rd_string(r, node, "file", &t->file);
  rd_ints(r, node, "gridsize", t->gridsize);
  rd_string(r, node, "gridlayout", &t->gridlayout);
  for (int i = 0; i < 6; i++) {
    rd_string(r, node, cube[i], &t->cubefiles[i]);
  }
  rd_keyword(r, node, "builtin", &t->builtin);
  rd_reals(r, node, "rgb1", t->rgb1);
  rd_reals(r, node, "rgb2", t->rgb2);
  rd_keyword(r, node, "mark", &t->mark);
  rd_reals(r, node, "markrgb", t->markrgb);
  rd_real(r, node, "random", &t->random);
  rd_int(r, node, "width", &t->width);
  rd_int(r, node, "height", &t->height);
  rd_keyword(r, node, "hflip", &t->hflip);
  rd_keyword(r, node, "vflip", &t->vflip);
  rd_int(r, node, "nchannel", &t->nchannel);
  if ((!t->name || !t->name[0]) && t->file && t->file[0]) {
    t->name = rd_name_from_file(r, t->file);
  }
  t->loc = rd_asset_loc(r, node);
  rd_check_used(r, node);
}

void rd_mesh_attrs(sn_reader* r, const sn_xml_node* node, sn_mesh* m) {
  rd_string(r, node, "content_type", &m->content_type);
  rd_string(r, node, "file", &m->file);
  rd_reals(r, node, "scale", m->scale);
  rd_keyword(r, node, "inertia", &m->inertia);
  rd_keyword(r, node, "smoothnormal", &m->smoothnormal);
  rd_int(r, node, "maxhullvert", &m->maxhullvert);
  rd_numlist(r, node, "vertex", &m->vertex);
  rd_numlist(r, node, "normal", &m->normal);
  rd_numlist(r, node, "texcoord", &m->texcoord);
  rd_numlist(r, node, "face", &m->face);
  rd_reals(r, node, "refpos", m->refpos);
  rd_reals(r, node, "refquat", m->refquat);
  rd_string(r, node, "builtin", &m->builtin);
  rd_numlist(r, node, "params", &m->params);
  rd_string(r, node, "material", &m->material);
}

static void rd_mesh(sn_reader* r, const sn_xml_node* node) {
  const sn_defclass* cls = rd_class(r, node, 0);
  sn_mesh* m = (sn_mesh*)sn_spec_append(r->spec, &r->spec->meshes, sizeof(sn_mesh));
  *m = cls->mesh;
  rd_string(r, node, "name", &m->name);
  rd_mesh_attrs(r, node, m);
  if (!m->name[0] && m->file[0]) {
    m->name = rd_name_from_file(r, m->file);
  }
  m->loc = rd_asset_loc(r, node);
  rd_check_used(r, node);
}

static void rd_material(sn_reader* r, const sn_xml_node* node) {
  const sn_defclass* cls = rd_class(r, node, 0);
  sn_material* m =
      (sn_material*)sn_spec_append(r->spec, &r->spec->materials, sizeof(sn_material));
  *m = cls->material;
  rd_string(r, node, "name", &m->name);
  rd_material_attrs(r, node, m);
  if (node->child && sn_xml_find(node, "texture")) {
    rd_fail(r, node, "texture", "a material with a texture attribute cannot have layers");
  }
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    int role = mjTEXROLE_RGB;
    rd_keyword(r, c, "role", &role);
    rd_string(r, c, "texture", &m->textures[role]);
    rd_check_used(r, c);
  }
  m->loc = rd_asset_loc(r, node);
  rd_check_used(r, node);
}

// Grid sizes and elevation are checked by the compiler (hfield.c), except the count of
// inline values, which 3.3.8 checks while reading.
static void rd_hfield(sn_reader* r, const sn_xml_node* node) {
  sn_hfield* h = (sn_hfield*)sn_spec_append(r->spec, &r->spec->hfields, sizeof(sn_hfield));
  sn_hfield_default(h);
  rd_string(r, node, "name", &h->name);
  rd_string(r, node, "content_type", &h->content_type);
  rd_string(r, node, "file", &h->file);
  rd_int(r, node, "nrow", &h->nrow);
  rd_int(r, node, "ncol", &h->ncol);
  rd_numlist(r, node, "elevation", &h->elevation);
  rd_reals(r, node, "size", h->size);
  if (h->elevation.n && h->nrow > 0 && h->ncol > 0 &&
      (long long)h->nrow * h->ncol != h->elevation.n) {
    rd_fail(r, node, "elevation", "elevation has %d values; nrow*ncol is %lld", h->elevation.n,
            (long long)h->nrow * h->ncol);
  }
  h->loc = rd_asset_loc(r, node);
  rd_check_used(r, node);
}

void rd_assets(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    switch (c->kind) {
      case SN_EL_TEXTURE:  rd_texture(r, c); break;
      case SN_EL_MATERIAL: rd_material(r, c); break;
      case SN_EL_MESH:     rd_mesh(r, c); break;
      case SN_EL_HFIELD:   rd_hfield(r, c); break;
      case SN_EL_MODEL:    break;  // loaded before the other sections (reader_attach.c)
      default:             rd_fail(r, c, NULL, "not yet supported: asset/%s", c->name);
    }
  }
}
