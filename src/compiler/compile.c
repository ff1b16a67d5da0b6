// sn_compile: orchestration of the compile steps, model sizes and allocation, and
// error reporting.
//
// The model is compiled in two allocations: the first holds everything except the
// sparse inertia structure, whose sizes depend on the compiled tree (body_simple,
// dof_simplenum); the second has the final sizes, receives a copy of every array and
// then the sparse structure.
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/errtrap.h"
#include "compiler/compile.h"
#include "model/fields.h"
#include "model/model.h"
#include "model/sparsity.h"

static int sn_cerr_v(sn_ctx* c, const sn_srcloc* loc, const char* attr, const char* fmt,
                     va_list args) {
  if (c->failed) {
    return 0;
  }
  c->failed = 1;
  if (!c->error || c->error_sz <= 0) {
    return 0;
  }
  char msg[800], at[160] = "";
  vsnprintf(msg, sizeof(msg), fmt, args);
  if (attr && attr[0]) {
    snprintf(at, sizeof(at), "attribute '%s': ", attr);
  }
  if (loc && loc->file && loc->file[0]) {
    snprintf(c->error, (size_t)c->error_sz, "%s:%d:%d: element '%s': %s%s", loc->file,
             loc->line, loc->column, loc->element ? loc->element : "?", at, msg);
  } else if (loc && loc->element && loc->element[0]) {
    snprintf(c->error, (size_t)c->error_sz, "element '%s': %s%s", loc->element, at, msg);
  } else {
    snprintf(c->error, (size_t)c->error_sz, "%s%s", at, msg);
  }
  return 0;
}

int sn_cerr(sn_ctx* c, const sn_srcloc* loc, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  sn_cerr_v(c, loc, NULL, fmt, args);
  va_end(args);
  return 0;
}

int sn_cerr_attr(sn_ctx* c, const sn_srcloc* loc, const char* attr, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  sn_cerr_v(c, loc, attr, fmt, args);
  va_end(args);
  return 0;
}

static int sn_jnt_nq(int type) {
  return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : 1;
}

static int sn_jnt_nv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : 1;
}

// Number of user parameters of an element type: the declared size, or the longest
// list when the size is not declared (-1). Longer lists than declared are an error.
static int sn_nuser(sn_ctx* c, int declared, const sn_array* list, size_t elemsize,
                    size_t useroff, size_t locoff, const char* what) {
  int longest = 0, at = -1;
  for (int i = 0; i < list->count; i++) {
    const sn_numlist* u = (const sn_numlist*)((const char*)list->data + elemsize * (size_t)i +
                                              useroff);
    if (u->n > longest) {
      longest = u->n;
      at = i;
    }
  }
  if (declared < 0) {
    return longest;
  }
  if (longest > declared) {
    const sn_srcloc* loc =
        (const sn_srcloc*)((const char*)list->data + elemsize * (size_t)at + locoff);
    sn_cerr_attr(c, loc, "user", "user data of %s is longer than nuser_%s (%d > %d)", what,
                 what, longest, declared);
  }
  return declared;
}

// Fill every size field of the first allocation from the spec.
static int sn_sizes(sn_ctx* c, mjModel* z) {
  sn_spec* s = c->spec;
  memset(z, 0, sizeof(mjModel));
  z->nbody = SN_COUNT(s, bodies);
  z->njnt = SN_COUNT(s, joints);
  for (int i = 0; i < z->njnt; i++) {
    int type = SN_AT(s, joints, sn_joint, i).type;
    z->nq += sn_jnt_nq(type);
    z->nv += sn_jnt_nv(type);
  }
  z->ngeom = SN_COUNT(s, geoms);
  z->nsite = SN_COUNT(s, sites);
  z->ncam = SN_COUNT(s, cameras);
  z->nlight = SN_COUNT(s, lights);
  z->nu = SN_COUNT(s, actuators);
  long long na = 0;
  for (int i = 0; i < z->nu; i++) {
    const sn_actuator* a = &SN_AT(s, actuators, sn_actuator, i);
    if (a->actdim > 1 && a->dyntype != mjDYN_USER) {
      return sn_cerr_attr(c, &a->loc, "actdim",
                          "actdim > 1 is only allowed for dyntype 'user' (got %d)", a->actdim);
    }
    if (a->actdim == 1 && a->dyntype == mjDYN_NONE) {
      return sn_cerr_attr(c, &a->loc, "actdim", "invalid actdim 1 in stateless actuator");
    }
    if (a->actdim == 0 && a->dyntype != mjDYN_NONE) {
      return sn_cerr_attr(c, &a->loc, "actdim", "invalid actdim 0 in stateful actuator");
    }
    na += sn_actuator_actnum(a);
    if (na > INT_MAX) {
      return sn_cerr_attr(c, &a->loc, "actdim",
                          "model too large: more than %d activation variables", INT_MAX);
    }
  }
  z->na = (int)na;
  for (int i = 1; i < z->nbody; i++) {
    z->nmocap += SN_AT(s, bodies, sn_body, i).mocap != 0;
    z->ngravcomp += SN_AT(s, bodies, sn_body, i).gravcomp != 0;
  }
  // one bounding-volume tree per body over its collidable geoms: 2n - 1 nodes for n leaves
  int* count = (int*)mju_malloc(sizeof(int) * (size_t)z->nbody);
  memset(count, 0, sizeof(int) * (size_t)z->nbody);
  for (int i = 0; i < z->ngeom; i++) {
    const sn_geom* g = &SN_AT(s, geoms, sn_geom, i);
    count[g->body] += (g->contype | g->conaffinity) != 0;
  }
  for (int b = 0; b < z->nbody; b++) {
    z->nbvh += count[b] ? 2 * count[b] - 1 : 0;
  }
  mju_free(count);
  z->nbvh += c->nbvh_extra;
  z->nbvhstatic = z->nbvh;

  z->ntex = SN_COUNT(s, textures);
  z->nmat = SN_COUNT(s, materials);
  z->nkey = SN_COUNT(s, keys) > s->size.nkey ? SN_COUNT(s, keys) : s->size.nkey;
  z->nnumeric = SN_COUNT(s, numerics);
  z->ntext = SN_COUNT(s, texts);
  z->ntuple = SN_COUNT(s, tuples);
  sn_custom_sizes(c, &z->nnumericdata, &z->ntextdata, &z->ntupledata);
  if (!sn_texture_count(c, &z->ntexdata, &z->npaths)) {
    return 0;
  }
  sn_mesh_sizes(c, z);
  sn_hfield_sizes(c, z);
  sn_contact_sizes(c, z);
  sn_equality_sizes(c, z);
  sn_tendon_sizes(c, z);
  z->nsensor = SN_COUNT(s, sensors);
  if (!sn_sensor_sizes(c, &z->nsensordata)) {
    return 0;
  }

  z->nuser_body = sn_nuser(c, s->size.nuser_body, &s->bodies, sizeof(sn_body),
                           offsetof(sn_body, user), offsetof(sn_body, loc), "body");
  if (s->size.nuser_body < 0 && c->nuser_body_fused > z->nuser_body) {
    z->nuser_body = c->nuser_body_fused;
  }
  z->nuser_jnt = sn_nuser(c, s->size.nuser_jnt, &s->joints, sizeof(sn_joint),
                          offsetof(sn_joint, user), offsetof(sn_joint, loc), "jnt");
  z->nuser_geom = sn_nuser(c, s->size.nuser_geom, &s->geoms, sizeof(sn_geom),
                           offsetof(sn_geom, user), offsetof(sn_geom, loc), "geom");
  z->nuser_site = sn_nuser(c, s->size.nuser_site, &s->sites, sizeof(sn_site),
                           offsetof(sn_site, user), offsetof(sn_site, loc), "site");
  z->nuser_cam = sn_nuser(c, s->size.nuser_cam, &s->cameras, sizeof(sn_camera),
                          offsetof(sn_camera, user), offsetof(sn_camera, loc), "cam");
  z->nuser_actuator = sn_nuser(c, s->size.nuser_actuator, &s->actuators, sizeof(sn_actuator),
                               offsetof(sn_actuator, user), offsetof(sn_actuator, loc), "actuator");
  z->nuser_tendon = sn_nuser(c, s->size.nuser_tendon, &s->tendons, sizeof(sn_tendon),
                             offsetof(sn_tendon, user), offsetof(sn_tendon, loc), "tendon");
  z->nuser_sensor = sn_nuser(c, s->size.nuser_sensor, &s->sensors, sizeof(sn_sensor),
                             offsetof(sn_sensor, user), offsetof(sn_sensor, loc), "sensor");
  if (c->failed) {
    return 0;
  }
  if (!sn_names_size(c, &z->nnames, &z->nnames_map)) {
    return 0;
  }

  z->opt = s->option;
  z->vis = s->visual;
  z->stat = s->statistic.value;
  sn_compile_sizes_misc(c, z);
  return !c->failed;
}

// Copy every array of src into dst, which has the same sizes except possibly the
// sparse-structure ones (those are empty in src).
static void sn_copy_arrays(mjModel* dst, const mjModel* src) {
  const mjModel* m = src;
#define X(type, name, nr, nc)                                                  \
  if ((size_t)(nr) * (size_t)(nc) != 0) {                                      \
    memcpy(dst->name, src->name, sizeof(type) * (size_t)(nr) * (size_t)(nc));  \
  }
  SN_MODEL_ARRAYS(X)
#undef X
}

// The sparse inertia structure: simple bodies/dofs, sizes, final allocation, fill.
static mjModel* sn_finish_sparsity(sn_ctx* c, mjModel* m1) {
  snTreeArrays t = sn_sparsity_tree(m1);
  sn_sparsity_simple(&t, m1->body_simple, m1->dof_simplenum);
  t = sn_sparsity_tree(m1);
  snSparsitySizes sz = sn_sparsity_count(&t);
  mjModel sizes = *m1;
  sizes.nM = sz.nM;
  sizes.nC = sz.nC;
  sizes.nD = sz.nD;
  sizes.nB = sz.nB;
  mjModel* m2 = sn_model_alloc(&sizes);
  if (!m2) {
    sn_cerr(c, NULL, "could not allocate the model");
    return NULL;
  }
  sn_copy_arrays(m2, m1);
  sn_sparsity_fill(m2);
  return m2;
}

// Constants that need the pipeline at qpos0 (invweight0, acc0, length0, meaninertia,
// dof_M0, camera/light reference poses).
// mj_setConst needs an mjData of the model's own sizes: a model whose mjData cannot be
// had, or whose arena is too small for the computation, fails to compile.
static int sn_setconst(sn_ctx* c, mjModel* m) {
  const sn_size* sz = &c->spec->size;
  const sn_srcloc* loc = sz->loc.file ? &sz->loc : NULL;
  size_t arrays = sn_data_buffersize(m), arena = (size_t)(m->narena > 0 ? m->narena : 0);
  if (arrays > SN_MAX_MODEL_BYTES || arena > SN_MAX_MODEL_BYTES - arrays) {
    const char* attr = arrays > SN_MAX_MODEL_BYTES ? (sz->nuserdata > 0 ? "nuserdata" : NULL)
                       : sz->memory >= 0 ? "memory" : sz->nstack >= 0 ? "nstack"
                       : sz->njmax >= 0 ? "njmax" : NULL;
    return sn_cerr_attr(c, attr ? loc : NULL, attr,
                        "model too large: mjData needs %zu bytes of arrays and %zu of arena "
                        "(the limit is %zu)", arrays, arena, (size_t)SN_MAX_MODEL_BYTES);
  }
  mjData* volatile d = sn_data_make_try(m);
  if (!d) {
    return sn_cerr(c, NULL, "could not allocate mjData (%zu bytes of arrays, %zu of arena)",
                   arrays, arena);
  }
  // engine errors (the arena running out) become compile errors, as in MuJoCo
  sn_errtrap trap;
  if (!SN_ERRTRAP(&trap)) {
    sn_errtrap_pop(&trap);
    mj_deleteData(d);
    const char* attr = !loc ? NULL : sz->memory >= 0 ? "memory" : sz->nstack >= 0 ? "nstack"
                       : NULL;
    return sn_cerr_attr(c, attr ? loc : NULL, attr, "engine error: %s", trap.message);
  }
  mj_setConst(m, d);
  sn_errtrap_pop(&trap);
  mj_deleteData(d);
  return 1;
}

static void sn_ctx_free(sn_ctx* c) {
  mju_free(c->body_of_spec);
  mju_free(c->spec_of_body);
  mju_free(c->jnt_order);
  mju_free(c->geom_order);
  mju_free(c->site_order);
  mju_free(c->cam_order);
  mju_free(c->light_order);
  mju_free(c->pair_order);
  mju_free(c->exclude_order);
  mju_free(c->frame_pose);
  mju_free(c->align);
  mju_free(c->geom_moved);
  mju_free(c->fused);
  sn_mesh_free(c);
  sn_hfield_free(c);
}

static void* sn_calloc(int n, size_t elemsize) {
  size_t bytes = elemsize * (size_t)(n > 0 ? n : 1);
  void* p = mju_malloc(bytes);
  memset(p, 0, bytes);
  return p;
}

// Run every compile step on the first allocation. Tendons precede actuators (inheritrange
// reads tendon ranges; MuJoCo 3.3.8 also reports tendon errors before actuator ones).
static int sn_run_steps(sn_ctx* c) {
  return sn_compile_frames(c) && sn_compile_bodies(c) && sn_compile_joints(c) &&
         sn_compile_textures(c) && sn_compile_materials(c) && sn_compile_meshes(c) &&
         sn_compile_hfields(c) && sn_compile_geoms(c) &&
         sn_compile_inertia(c) && sn_compile_sites(c) && sn_compile_body_finish(c) &&
         sn_compile_bvh(c) && sn_compile_cameras(c) && sn_compile_lights(c) &&
         sn_compile_custom(c) && sn_compile_contacts(c) && sn_compile_equalities(c) &&
         sn_compile_tendons(c) && sn_compile_actuators(c) && sn_compile_sensors(c) &&
         sn_compile_names(c) && sn_compile_keys(c);
}

mjModel* sn_compile(sn_spec* spec, const mjVFS* vfs, char* error, int error_sz) {
  if (error && error_sz > 0) {
    error[0] = 0;
  }
  sn_ctx ctx;
  memset(&ctx, 0, sizeof(ctx));
  sn_ctx* c = &ctx;
  c->spec = spec;
  c->vfs = vfs;
  c->error = error;
  c->error_sz = error_sz;
  if (!spec) {
    sn_cerr(c, NULL, "no spec");
    return NULL;
  }
  c->body_of_spec = (int*)sn_calloc(SN_COUNT(spec, bodies), sizeof(int));
  c->spec_of_body = (int*)sn_calloc(SN_COUNT(spec, bodies), sizeof(int));
  c->jnt_order = (int*)sn_calloc(SN_COUNT(spec, joints), sizeof(int));
  c->geom_order = (int*)sn_calloc(SN_COUNT(spec, geoms), sizeof(int));
  c->site_order = (int*)sn_calloc(SN_COUNT(spec, sites), sizeof(int));
  c->cam_order = (int*)sn_calloc(SN_COUNT(spec, cameras), sizeof(int));
  c->light_order = (int*)sn_calloc(SN_COUNT(spec, lights), sizeof(int));
  c->pair_order = (int*)sn_calloc(SN_COUNT(spec, pairs), sizeof(int));
  c->exclude_order = (int*)sn_calloc(SN_COUNT(spec, excludes), sizeof(int));
  for (int i = 0; i < SN_COUNT(spec, pairs); i++) {
    c->pair_order[i] = i;
  }
  for (int i = 0; i < SN_COUNT(spec, excludes); i++) {
    c->exclude_order[i] = i;
  }
  c->frame_pose = (sn_pose*)sn_calloc(SN_COUNT(spec, frames), sizeof(sn_pose));
  c->align = (sn_pose*)sn_calloc(SN_COUNT(spec, bodies), sizeof(sn_pose));
  for (int i = 0; i < SN_COUNT(spec, bodies); i++) {
    sn_pose_identity(&c->align[i]);
  }

  mjModel sizes;
  mjModel* m1 = NULL;
  mjModel* m2 = NULL;
  // meshes first: the inertia that discardvisual and fusestatic preserve needs them
  if (!sn_mesh_prepare(c) || !sn_discard_visual(c) || !sn_fuse_static(c) || !sn_body_plan(c) ||
      !sn_hfield_prepare(c) || !sn_sizes(c, &sizes)) {
    goto fail;
  }
  size_t bytes = sn_model_buffersize(&sizes);
  if (bytes > SN_MAX_MODEL_BYTES) {
    sn_cerr(c, NULL, "model too large: %zu bytes (the limit is %zu)", bytes,
            (size_t)SN_MAX_MODEL_BYTES);
    goto fail;
  }
  m1 = sn_model_alloc(&sizes);
  if (!m1) {
    sn_cerr(c, NULL, "could not allocate the model");
    goto fail;
  }
  c->m = m1;
  if (!sn_run_steps(c)) {
    goto fail;
  }
  m2 = sn_finish_sparsity(c, m1);
  if (!m2) {
    goto fail;
  }
  mj_deleteModel(m1);
  m1 = NULL;
  c->m = m2;
  sn_compile_statistic(c);
  if (!sn_setconst(c, m2)) {
    goto fail;
  }
  sn_statistic_overrides(c);
  if (!sn_compile_lengthranges(c, m2)) {
    goto fail;
  }
  m2->signature = sn_model_signature(m2);
  sn_ctx_free(c);
  return m2;

fail:
  mj_deleteModel(m1);
  mj_deleteModel(m2);
  sn_ctx_free(c);
  if (!c->failed) {
    sn_cerr(c, NULL, "compilation failed");
  }
  return NULL;
}
