// The editable model: storage, ownership and MuJoCo's per-element defaults.
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/spec.h"

// The pool is a linked list of blocks; everything the spec points to lives in it,
// so freeing a spec is a walk over the blocks and no element needs a destructor.
typedef struct sn_pool_block {
  struct sn_pool_block* next;
  size_t size;
  size_t used;
  max_align_t data[];
} sn_pool_block;

void* sn_spec_alloc(sn_spec* spec, size_t bytes) {
  bytes = (bytes + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  sn_pool_block* head = (sn_pool_block*)spec->pool;
  if (!head || head->size - head->used < bytes) {
    size_t size = bytes > 65536 ? bytes : 65536;
    sn_pool_block* block = (sn_pool_block*)mju_malloc(sizeof(sn_pool_block) + size);
    block->next = head;
    block->size = size;
    block->used = 0;
    spec->pool = head = block;
  }
  void* ptr = (char*)head->data + head->used;
  head->used += bytes;
  memset(ptr, 0, bytes);
  return ptr;
}

const char* sn_spec_strdup(sn_spec* spec, const char* s) {
  if (!s) {
    s = "";
  }
  size_t n = strlen(s) + 1;
  char* r = (char*)sn_spec_alloc(spec, n);
  memcpy(r, s, n);
  return r;
}

void* sn_spec_append(sn_spec* spec, sn_array* list, size_t elemsize) {
  (void)spec;
  if (list->count == list->capacity) {
    int cap = list->capacity ? 2 * list->capacity : 8;
    void* data = mju_malloc(elemsize * (size_t)cap);
    if (list->data) {
      memcpy(data, list->data, elemsize * (size_t)list->count);
      mju_free(list->data);
    }
    list->data = data;
    list->capacity = cap;
  }
  void* rec = (char*)list->data + elemsize * (size_t)list->count++;
  memset(rec, 0, elemsize);
  return rec;
}

static void sn_solref_default(double* solref) {
  solref[0] = 0.02;
  solref[1] = 1;
}

static void sn_solimp_default(double* solimp) {
  solimp[0] = 0.9;
  solimp[1] = 0.95;
  solimp[2] = 0.001;
  solimp[3] = 0.5;
  solimp[4] = 2;
}

void sn_body_default(sn_body* b) {
  memset(b, 0, sizeof(sn_body));
  b->name = "";
  b->parent = -1;
  b->frame = -1;
}

void sn_joint_default(sn_joint* j) {
  memset(j, 0, sizeof(sn_joint));
  j->name = "";
  j->frame = -1;
  j->type = mjJNT_HINGE;
  j->axis[2] = 1;
  j->limited = SN_AUTO;
  j->actfrclimited = SN_AUTO;
  j->align = SN_AUTO;
  sn_solref_default(j->solref_limit);
  sn_solimp_default(j->solimp_limit);
  sn_solref_default(j->solref_friction);
  sn_solimp_default(j->solimp_friction);
}

void sn_geom_default(sn_geom* g) {
  memset(g, 0, sizeof(sn_geom));
  g->name = "";
  g->frame = -1;
  g->type = mjGEOM_SPHERE;
  g->mass = -1;
  g->density = 1000;
  g->friction[0] = 1;
  g->friction[1] = 0.005;
  g->friction[2] = 0.0001;
  g->condim = 3;
  g->contype = 1;
  g->conaffinity = 1;
  g->solmix = 1;
  sn_solref_default(g->solref);
  sn_solimp_default(g->solimp);
  g->rgba[0] = g->rgba[1] = g->rgba[2] = 0.5f;
  g->rgba[3] = 1;
  g->material = "";
  g->mesh = "";
  g->hfield = "";
  g->fluidcoef[0] = 0.5;
  g->fluidcoef[1] = 0.25;
  g->fluidcoef[2] = 1.5;
  g->fluidcoef[3] = 1.0;
  g->fluidcoef[4] = 1.0;
  g->fitscale = 1;
}

void sn_site_default(sn_site* s) {
  memset(s, 0, sizeof(sn_site));
  s->name = "";
  s->frame = -1;
  s->type = mjGEOM_SPHERE;
  s->size[0] = s->size[1] = s->size[2] = 0.005;
  s->rgba[0] = s->rgba[1] = s->rgba[2] = 0.5f;
  s->rgba[3] = 1;
  s->material = "";
}

void sn_camera_default(sn_camera* c) {
  memset(c, 0, sizeof(sn_camera));
  c->name = "";
  c->frame = -1;
  c->mode = mjCAMLIGHT_FIXED;
  c->target = "";
  c->fovy = 45;
  c->ipd = 0.068;
  c->resolution[0] = c->resolution[1] = 1;
}

void sn_light_default(sn_light* l) {
  memset(l, 0, sizeof(sn_light));
  l->name = "";
  l->frame = -1;
  l->mode = mjCAMLIGHT_FIXED;
  l->target = "";
  l->type = mjLIGHT_SPOT;
  l->castshadow = 1;
  l->active = 1;
  l->dir[2] = -1;
  l->bulbradius = 0.02f;
  l->intensity = 0;
  l->range = 10;
  l->attenuation[0] = 1;
  l->cutoff = 45;
  l->exponent = 10;
  l->diffuse[0] = l->diffuse[1] = l->diffuse[2] = 0.7f;
  l->specular[0] = l->specular[1] = l->specular[2] = 0.3f;
  l->texture = "";
}

void sn_actuator_default(sn_actuator* a) {
  memset(a, 0, sizeof(sn_actuator));
  a->name = "";
  a->ctrllimited = SN_AUTO;
  a->forcelimited = SN_AUTO;
  a->actlimited = SN_AUTO;
  a->gear[0] = 1;
  a->trntype = mjTRN_UNDEFINED;
  a->target = "";
  a->refsite = "";
  a->slidersite = "";
  a->dyntype = mjDYN_NONE;
  a->gaintype = mjGAIN_FIXED;
  a->biastype = mjBIAS_NONE;
  a->dynprm[0] = 1;
  a->gainprm[0] = 1;
  a->actdim = -1;
  a->element = "general";
}

void sn_material_default(sn_material* m) {
  memset(m, 0, sizeof(sn_material));
  m->name = "";
  for (int i = 0; i < mjNTEXROLE; i++) {
    m->textures[i] = "";
  }
  m->texrepeat[0] = m->texrepeat[1] = 1;
  m->specular = 0.5f;
  m->shininess = 0.5f;
  m->metallic = -1;
  m->roughness = -1;
  m->rgba[0] = m->rgba[1] = m->rgba[2] = m->rgba[3] = 1;
}

void sn_mesh_default(sn_mesh* m) {
  memset(m, 0, sizeof(sn_mesh));
  m->name = m->file = m->filedir = m->content_type = m->builtin = m->material = "";
  m->scale[0] = m->scale[1] = m->scale[2] = 1;
  m->inertia = mjMESH_INERTIA_LEGACY;  // 3.3.8's default (checked on the oracle)
  m->maxhullvert = -1;
  m->refquat[0] = 1;
}

void sn_hfield_default(sn_hfield* h) {
  memset(h, 0, sizeof(sn_hfield));
  h->name = h->file = h->filedir = h->content_type = "";
}

void sn_pair_default(sn_pair* p) {
  memset(p, 0, sizeof(sn_pair));
  p->name = p->geom1 = p->geom2 = "";
  p->condim = 3;
  p->friction[0] = p->friction[1] = 1;
  p->friction[2] = 0.005;
  p->friction[3] = p->friction[4] = 0.0001;
  sn_solref_default(p->solref);
  sn_solimp_default(p->solimp);
}

void sn_equality_default(sn_equality* e) {
  memset(e, 0, sizeof(sn_equality));
  e->name = e->name1 = e->name2 = "";
  e->type = mjEQ_CONNECT;
  e->objtype = mjOBJ_BODY;
  e->active = 1;
  sn_solref_default(e->solref);
  sn_solimp_default(e->solimp);
  e->torquescale = 1;
  e->polycoef[1] = 1;
}

void sn_tendon_default(sn_tendon* t) {
  memset(t, 0, sizeof(sn_tendon));
  t->name = "";
  t->material = "";
  t->limited = SN_AUTO;
  t->actfrclimited = SN_AUTO;
  sn_solref_default(t->solref_limit);
  sn_solimp_default(t->solimp_limit);
  sn_solref_default(t->solref_friction);
  sn_solimp_default(t->solimp_friction);
  t->width = 0.003;
  t->rgba[0] = t->rgba[1] = t->rgba[2] = 0.5f;
  t->rgba[3] = 1;
  t->springlength[0] = t->springlength[1] = -1;
}

void sn_texture_default(sn_texture* t) {
  memset(t, 0, sizeof(sn_texture));
  t->name = "";
  t->type = mjTEXTURE_CUBE;
  t->colorspace = mjCOLORSPACE_AUTO;
  t->builtin = mjBUILTIN_NONE;
  t->mark = mjMARK_NONE;
  t->rgb1[0] = t->rgb1[1] = t->rgb1[2] = 0.8;
  t->rgb2[0] = t->rgb2[1] = t->rgb2[2] = 0.5;
  t->random = 0.01;
  t->nchannel = 3;
  t->file = "";
  t->gridlayout = "";
  t->gridsize[0] = t->gridsize[1] = 1;
  for (int i = 0; i < 6; i++) {
    t->cubefiles[i] = "";
  }
  t->content_type = "";
}

sn_spec* sn_spec_create(void) {
  sn_spec* spec = (sn_spec*)mju_malloc(sizeof(sn_spec));
  memset(spec, 0, sizeof(sn_spec));
  spec->modelname = "MuJoCo Model";
  spec->modelfile = "";
  spec->modeldir = "";

  sn_compiler* c = &spec->compiler;
  c->degree = 1;
  memcpy(c->eulerseq, "xyz", 4);
  c->autolimits = 1;
  c->inertiafromgeom = SN_AUTO;
  c->inertiagrouprange[0] = 0;
  c->inertiagrouprange[1] = mjNGROUP - 1;
  c->settotalmass = -1;
  c->alignfree = SN_FALSE;
  c->usethread = 1;
  mj_defaultLROpt(&c->lengthrange);

  mj_defaultOption(&spec->option);
  mj_defaultVisual(&spec->visual);

  sn_size* s = &spec->size;
  s->memory = -1;
  s->njmax = s->nconmax = s->nstack = -1;
  s->nuser_body = s->nuser_jnt = s->nuser_geom = s->nuser_site = s->nuser_cam = -1;
  s->nuser_tendon = s->nuser_actuator = s->nuser_sensor = -1;

  // statistic defaults are computed by the compiler; nothing is overridden yet
  sn_body* world = (sn_body*)sn_spec_append(spec, &spec->bodies, sizeof(sn_body));
  sn_body_default(world);
  world->name = "world";
  return spec;
}

void sn_spec_free(sn_spec* spec) {
  if (!spec) {
    return;
  }
  for (int i = 0; i < spec->submodels.count; i++) {
    sn_spec_free(((sn_submodel*)spec->submodels.data)[i].spec);
  }
  sn_array* lists[] = {&spec->submodels, &spec->bodies, &spec->frames, &spec->joints, &spec->geoms,
                       &spec->sites, &spec->cameras, &spec->lights, &spec->actuators,
                       &spec->textures, &spec->materials, &spec->keys, &spec->numerics,
                       &spec->texts, &spec->tuples, &spec->meshes, &spec->hfields,
                       &spec->pairs, &spec->excludes, &spec->equalities, &spec->tendons,
                       &spec->sensors};
  for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
    mju_free(lists[i]->data);
  }
  sn_pool_block* block = (sn_pool_block*)spec->pool;
  while (block) {
    sn_pool_block* next = block->next;
    mju_free(block);
    block = next;
  }
  mju_free(spec);
}
