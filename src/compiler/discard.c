// compiler discardvisual: purely visual elements are removed by rewriting the spec
// before the rest of the compiler runs.
//
// Rules (XML reference, compiler/discardvisual; details identified against MuJoCo 3.3.8
// with mujoco-test/user/testdata/discardvisual.xml and variants):
// - Every material and every texture (skyboxes included) is dropped. Geoms that named a
//   material compile as if they had none; a site, tendon, mesh or light that names one
//   makes the model fail to compile, as in 3.3.8 (its references are not cleared).
// - A geom with contype = conaffinity = 0 is dropped unless another element names it:
//   a contact pair, a tendon wrap, a sensor (object or reference) or a custom tuple.
// - A body whose inertia is inferred from its geoms and which loses a geom that took
//   part in that inference receives an explicit inertial element holding the mass
//   properties of all its original geoms, so the dynamics do not change; it applies
//   even with inertiafromgeom="true" (the body then keeps the mass it had before).
// - Then every mesh that no remaining geom uses is dropped.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

static int sn_named(const char* a, const char* b) {
  return a && b && a[0] && !strcmp(a, b);
}

// 1 if some element other than the geom itself refers to the geom by name.
static int sn_geom_referenced(const sn_spec* s, const char* name) {
  if (!name || !name[0]) {
    return 0;
  }
  for (int i = 0; i < SN_COUNT(s, pairs); i++) {
    const sn_pair* p = &SN_AT(s, pairs, sn_pair, i);
    if (sn_named(p->geom1, name) || sn_named(p->geom2, name)) {
      return 1;
    }
  }
  for (int i = 0; i < SN_COUNT(s, tendons); i++) {
    const sn_tendon* t = &SN_AT(s, tendons, sn_tendon, i);
    for (int k = 0; k < t->npath; k++) {
      const sn_wrap* w = t->path + k;
      if (w->type != mjWRAP_JOINT && w->type != mjWRAP_SITE && w->type != mjWRAP_PULLEY &&
          sn_named(w->name, name)) {
        return 1;
      }
    }
  }
  for (int i = 0; i < SN_COUNT(s, sensors); i++) {
    const sn_sensor* se = &SN_AT(s, sensors, sn_sensor, i);
    int objgeom = se->objtype == mjOBJ_GEOM || (se->usertype && !strcmp(se->usertype, "geom"));
    if ((objgeom && sn_named(se->objname, name)) ||
        (se->reftype == mjOBJ_GEOM && sn_named(se->refname, name))) {
      return 1;
    }
  }
  for (int i = 0; i < SN_COUNT(s, tuples); i++) {
    const sn_tuple* t = &SN_AT(s, tuples, sn_tuple, i);
    for (int k = 0; k < t->n; k++) {
      if (t->elements[k].objtype == mjOBJ_GEOM && sn_named(t->elements[k].objname, name)) {
        return 1;
      }
    }
  }
  return 0;
}

// Explicit inertial elements for the bodies that lose geoms their inertia came from.
static int sn_discard_inertia(sn_ctx* c, const int* drop) {
  sn_spec* s = c->spec;
  const sn_compiler* cc = &s->compiler;
  int nbody = SN_COUNT(s, bodies), ngeom = SN_COUNT(s, geoms);
  int* need = (int*)mju_malloc(sizeof(int) * (size_t)(nbody + 1));
  int* start = (int*)mju_malloc(sizeof(int) * (size_t)(nbody + 1));
  int* order = (int*)mju_malloc(sizeof(int) * (size_t)(ngeom > 0 ? ngeom : 1));
  sn_geom_part* parts = (sn_geom_part*)mju_malloc(sizeof(sn_geom_part) *
                                                  (size_t)(ngeom > 0 ? ngeom : 1));
  memset(need, 0, sizeof(int) * (size_t)(nbody + 1));
  memset(start, 0, sizeof(int) * (size_t)(nbody + 1));
  int ok = 1;
  for (int g = 0; g < ngeom; g++) {
    const sn_geom* sg = &SN_AT(s, geoms, sn_geom, g);
    if (sg->body < 0 || sg->body >= nbody) {
      ok = sn_cerr(c, &sg->loc, "geom refers to body %d, which does not exist", sg->body);
      goto done;
    }
    start[sg->body + 1]++;
    if (drop[g] && sg->body > 0 && sg->type != mjGEOM_PLANE &&
        sg->group >= cc->inertiagrouprange[0] && sg->group <= cc->inertiagrouprange[1]) {
      need[sg->body] = 1;
    }
  }
  for (int b = 0; b < nbody; b++) {
    start[b + 1] += start[b];
  }
  // geoms grouped by body, document order within each (the compiler's order)
  {
    int* cursor = (int*)mju_malloc(sizeof(int) * (size_t)(nbody > 0 ? nbody : 1));
    memcpy(cursor, start, sizeof(int) * (size_t)nbody);
    for (int g = 0; g < ngeom; g++) {
      order[cursor[SN_AT(s, geoms, sn_geom, g).body]++] = g;
    }
    mju_free(cursor);
  }
  for (int b = 1; b < nbody && ok; b++) {
    sn_body* sb = &SN_AT(s, bodies, sn_body, b);
    int fromgeom = cc->inertiafromgeom == SN_TRUE ||
                   (cc->inertiafromgeom == SN_AUTO && !sb->has_inertial);
    if (!need[b] || !fromgeom) {
      continue;
    }
    int n = 0;
    for (int k = start[b]; k < start[b + 1]; k++) {
      const sn_geom* sg = &SN_AT(s, geoms, sn_geom, order[k]);
      sn_geom_part* gp = parts + n++;
      gp->type = sg->type;
      gp->geom = sg;
      if (!sn_geom_resolve(c, sg, gp->size, &gp->pose)) {
        ok = 0;
        goto done;
      }
    }
    sn_massprops mp;
    if (!sn_body_inertia(c, sb, n, parts, &mp)) {
      ok = 0;
      goto done;
    }
    if (mp.mass < mjMINVAL) {
      continue;  // the dropped geoms carried no mass: nothing to preserve
    }
    sb->has_inertial = 1;
    sb->has_fullinertia = 0;
    sb->mass = mp.mass;
    mju_copy3(sb->ipos, mp.pos);
    memset(&sb->iorient, 0, sizeof(sb->iorient));
    sb->iorient.type = SN_ORIENT_QUAT;
    memcpy(sb->iorient.v, mp.quat, 4 * sizeof(double));
    mju_copy3(sb->inertia, mp.inertia);
    sb->iloc = sb->loc;
    sb->inertial_kept = 1;
  }
done:
  mju_free(need);
  mju_free(start);
  mju_free(order);
  mju_free(parts);
  return ok;
}

// Drop the meshes no geom uses (spec and built data stay parallel).
static void sn_discard_meshes(sn_ctx* c) {
  sn_spec* s = c->spec;
  int nmesh = SN_COUNT(s, meshes), k = 0;
  for (int i = 0; i < nmesh; i++) {
    const sn_mesh* sm = &SN_AT(s, meshes, sn_mesh, i);
    int used = 0;
    for (int g = 0; g < SN_COUNT(s, geoms) && !used; g++) {
      used = sn_named(SN_AT(s, geoms, sn_geom, g).mesh, sm->name);
    }
    if (!used) {
      sn_mesh_discard(c, i);
      continue;
    }
    if (k != i) {
      SN_AT(s, meshes, sn_mesh, k) = *sm;
      sn_mesh_move(c, i, k);
    }
    k++;
  }
  s->meshes.count = k;
}

int sn_discard_visual(sn_ctx* c) {
  sn_spec* s = c->spec;
  if (!s->compiler.discardvisual) {
    return 1;
  }
  int ngeom = SN_COUNT(s, geoms);
  int* drop = (int*)mju_malloc(sizeof(int) * (size_t)(ngeom > 0 ? ngeom : 1));
  for (int g = 0; g < ngeom; g++) {
    const sn_geom* sg = &SN_AT(s, geoms, sn_geom, g);
    drop[g] = sg->contype == 0 && sg->conaffinity == 0 && !sn_geom_referenced(s, sg->name);
  }
  if (!sn_compile_frames(c) || !sn_discard_inertia(c, drop)) {
    mju_free(drop);
    return 0;
  }
  int k = 0;
  for (int g = 0; g < ngeom; g++) {
    if (!drop[g]) {
      SN_AT(s, geoms, sn_geom, k++) = SN_AT(s, geoms, sn_geom, g);
    }
  }
  s->geoms.count = k;
  mju_free(drop);

  // materials and textures go; only geoms lose their references (3.3.8 rejects a model
  // whose site, tendon, mesh or light still names one: "object not found")
  s->materials.count = 0;
  s->textures.count = 0;
  for (int i = 0; i < SN_COUNT(s, geoms); i++) {
    SN_AT(s, geoms, sn_geom, i).material = "";
  }
  sn_discard_meshes(c);
  for (int i = 0; i < SN_COUNT(s, meshes); i++) {
    const sn_mesh* sm = &SN_AT(s, meshes, sn_mesh, i);
    if (sm->material && sm->material[0]) {
      return sn_cerr_attr(c, &sm->loc, "material",
                          "material '%s' not found in mesh '%s' (discardvisual drops every "
                          "material)", sm->material, sm->name);
    }
  }
  return 1;
}
