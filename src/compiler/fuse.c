// compiler fusestatic: bodies without joints are merged into their parents before the
// rest of the compiler runs, by rewriting the spec.
//
// Rules (XML reference, compiler/fusestatic; details identified against MuJoCo 3.3.8):
// - Every body other than the world that has no joint and is not a mocap body is
//   fused, including children of the world (their elements move to the world body).
//   3.3.8 fuses bodies that other elements refer to by name as well (actuator body
//   transmissions, camera/light targets, custom tuples, equality constraints): those
//   references then fail to resolve, so such models are rejected by both.
// - The elements of a fused body (geoms, sites, cameras, lights) move to the nearest
//   kept ancestor with their poses composed; its child bodies are re-parented there
//   with composed poses and keep their place in the depth-first body order.
// - Element order in the receiving body: its own elements first, then those of the
//   fused bodies in depth-first order, each body's in document order.
// - Mass: every body's own mass properties are computed as usual (from its own geoms
//   or its <inertial>, bounded by boundmass/boundinertia, balanced), then each fused
//   body with mass >= mjMINVAL is combined into the receiving body, one at a time in
//   depth-first order, and the result re-diagonalised. The world body keeps no mass.
//   3.3.8 composes the two frames in the opposite order here: a fused body with
//   position p in the receiving body and inertial frame (ipos, iquat) in its own frame
//   contributes at ipos + R(iquat) p with principal axes iquat, ignoring the fused
//   body's orientation (the moved geoms themselves are posed correctly). Identified
//   from the oracle's numbers; Sinew reproduces it so that compiled models agree.
// - Bounding volumes: every step that adds k > 0 collidable geoms to a body already
//   holding some allocates one more node than the final tree uses; 3.3.8's nbvh counts
//   them and leaves them zero at the end of the bvh arrays, and Sinew does the same.
//   Internal nodes of the trees of receiving bodies carry stale geom ids in 3.3.8
//   (bvh_nodeid); Sinew writes -1 as for any internal node (not used by the engine).
// - Known 3.3.8 failures not reproduced: lights in fused bodies, and fused bodies
//   holding more than one camera or a camera and a site, crash 3.3.8 (wasm trap);
//   Sinew moves them like any other element.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

typedef struct {
  int* njnt;      // joints per spec body
  int* fused;     // 1 if the spec body is fused
  int* owner;     // nearest kept ancestor (spec index; the body itself if kept)
  int* newid;     // index among kept bodies, -1 if fused
  sn_pose* rel;   // pose of the body in its owner's frame (kept bodies: in the parent)
} sn_fuse_plan;

static void sn_fuse_plan_free(sn_fuse_plan* p) {
  mju_free(p->njnt);
  mju_free(p->fused);
  mju_free(p->owner);
  mju_free(p->newid);
  mju_free(p->rel);
}

static void* sn_zalloc(int n, size_t size) {
  size_t bytes = size * (size_t)(n > 0 ? n : 1);
  void* p = mju_malloc(bytes);
  memset(p, 0, bytes);
  return p;
}

// Stable counting sort of an element list by its body field (a no-op for lists that
// are already grouped by body).
static void sn_sort_by_body(sn_array* list, size_t elemsize, size_t bodyoff, int nbody) {
  int n = list->count;
  if (n < 2) {
    return;
  }
  int* start = (int*)sn_zalloc(nbody + 1, sizeof(int));
  char* copy = (char*)mju_malloc(elemsize * (size_t)n);
  memcpy(copy, list->data, elemsize * (size_t)n);
  for (int i = 0; i < n; i++) {
    start[*(const int*)(copy + elemsize * (size_t)i + bodyoff) + 1]++;
  }
  for (int b = 0; b < nbody; b++) {
    start[b + 1] += start[b];
  }
  for (int i = 0; i < n; i++) {
    int b = *(const int*)(copy + elemsize * (size_t)i + bodyoff);
    memcpy((char*)list->data + elemsize * (size_t)start[b]++, copy + elemsize * (size_t)i,
           elemsize);
  }
  mju_free(copy);
  mju_free(start);
}

static void sn_set_quat(sn_orient* o, const double q[4]) {
  memset(o, 0, sizeof(*o));
  o->type = SN_ORIENT_QUAT;
  memcpy(o->v, q, 4 * sizeof(double));
}

// Which bodies are fused, their owners and poses relative to them.
static int sn_fuse_decide(sn_ctx* c, sn_fuse_plan* p, int* nkept) {
  sn_spec* s = c->spec;
  int nbody = SN_COUNT(s, bodies);
  for (int j = 0; j < SN_COUNT(s, joints); j++) {
    int b = SN_AT(s, joints, sn_joint, j).body;
    if (b >= 0 && b < nbody) {
      p->njnt[b]++;
    }
  }
  *nkept = 0;
  for (int b = 0; b < nbody; b++) {
    const sn_body* sb = &SN_AT(s, bodies, sn_body, b);
    if (b > 0 && (sb->parent < 0 || sb->parent >= b)) {
      return sn_cerr(c, &sb->loc, "bodies must be in depth-first order with valid parents");
    }
    p->fused[b] = b > 0 && p->njnt[b] == 0 && !sb->mocap;
    p->newid[b] = p->fused[b] ? -1 : (*nkept)++;
    if (b == 0) {
      p->owner[b] = 0;
      sn_pose_identity(&p->rel[b]);
      continue;
    }
    sn_pose local;
    if (!sn_element_pose(c, sb->frame, sb->pos, &sb->orient, &sb->loc, &local)) {
      return 0;
    }
    int par = sb->parent;
    if (p->fused[par]) {
      sn_pose_mul(&p->rel[b], &p->rel[par], &local);
      p->owner[b] = p->owner[par];
    } else {
      p->rel[b] = local;
      p->owner[b] = par;
    }
    if (!p->fused[b]) {
      p->owner[b] = b;
    }
  }
  return 1;
}

// Own mass properties of each fused body, recorded against the body it joins.
static int sn_fuse_inertia(sn_ctx* c, const sn_fuse_plan* p) {
  sn_spec* s = c->spec;
  int nbody = SN_COUNT(s, bodies), ngeom = SN_COUNT(s, geoms);
  sn_geom_part* parts = (sn_geom_part*)sn_zalloc(ngeom, sizeof(sn_geom_part));
  c->fused = (sn_fused*)sn_zalloc(nbody, sizeof(sn_fused));
  c->nfused = 0;
  int g = 0;  // geoms are sorted by body
  for (int b = 1; b < nbody; b++) {
    int n = 0;
    for (; g < ngeom && SN_AT(s, geoms, sn_geom, g).body <= b; g++) {
      const sn_geom* sg = &SN_AT(s, geoms, sn_geom, g);
      if (sg->body != b || !p->fused[b]) {
        continue;
      }
      sn_geom_part* gp = parts + n++;
      gp->type = sg->type;
      gp->geom = sg;
      if (!sn_geom_resolve(c, sg, gp->size, &gp->pose)) {
        mju_free(parts);
        return 0;
      }
    }
    if (!p->fused[b]) {
      continue;
    }
    sn_massprops mp;
    if (!sn_body_inertia(c, &SN_AT(s, bodies, sn_body, b), n, parts, &mp)) {
      mju_free(parts);
      return 0;
    }
    int target = p->newid[p->owner[b]];
    if (target == 0 || mp.mass < mjMINVAL) {
      continue;  // the world keeps no mass; massless bodies change nothing
    }
    // 3.3.8's frame for the combination (see the file comment)
    double off[3];
    mju_rotVecQuat(off, p->rel[b].pos, mp.quat);
    mju_addTo3(mp.pos, off);
    sn_fused* f = c->fused + c->nfused++;
    f->body = target;
    f->props = mp;
  }
  mju_free(parts);
  // stable sort by receiving body (insertion sort: short lists)
  for (int i = 1; i < c->nfused; i++) {
    sn_fused key = c->fused[i];
    int k = i - 1;
    while (k >= 0 && c->fused[k].body > key.body) {
      c->fused[k + 1] = c->fused[k];
      k--;
    }
    c->fused[k + 1] = key;
  }
  return 1;
}

// Move the elements of fused bodies into their owners.
static int sn_fuse_elements(sn_ctx* c, const sn_fuse_plan* p) {
  sn_spec* s = c->spec;
  c->geom_moved = (unsigned char*)sn_zalloc(SN_COUNT(s, geoms), 1);
  for (int i = 0; i < SN_COUNT(s, geoms); i++) {
    sn_geom* g = &SN_AT(s, geoms, sn_geom, i);
    if (!p->fused[g->body]) {
      continue;
    }
    double size[3];
    sn_pose local, pose;
    if (!sn_geom_resolve(c, g, size, &local)) {
      return 0;
    }
    sn_pose_mul(&pose, &p->rel[g->body], &local);
    memcpy(g->size, size, sizeof(size));
    memcpy(g->pos, pose.pos, sizeof(pose.pos));
    sn_set_quat(&g->orient, pose.quat);
    g->has_fromto = 0;
    g->frame = -1;
    g->body = p->owner[g->body];
    c->geom_moved[i] = 1;
  }
  for (int i = 0; i < SN_COUNT(s, sites); i++) {
    sn_site* t = &SN_AT(s, sites, sn_site, i);
    if (!p->fused[t->body]) {
      continue;
    }
    double size[3];
    sn_pose local, pose;
    if (!sn_site_resolve(c, t, size, &local)) {
      return 0;
    }
    sn_pose_mul(&pose, &p->rel[t->body], &local);
    memcpy(t->size, size, sizeof(size));
    memcpy(t->pos, pose.pos, sizeof(pose.pos));
    sn_set_quat(&t->orient, pose.quat);
    t->has_fromto = 0;
    t->frame = -1;
    t->body = p->owner[t->body];
  }
  for (int i = 0; i < SN_COUNT(s, cameras); i++) {
    sn_camera* t = &SN_AT(s, cameras, sn_camera, i);
    if (!p->fused[t->body]) {
      continue;
    }
    sn_pose local, pose;
    if (!sn_element_pose(c, t->frame, t->pos, &t->orient, &t->loc, &local)) {
      return 0;
    }
    sn_pose_mul(&pose, &p->rel[t->body], &local);
    memcpy(t->pos, pose.pos, sizeof(pose.pos));
    sn_set_quat(&t->orient, pose.quat);
    t->frame = -1;
    t->body = p->owner[t->body];
  }
  for (int i = 0; i < SN_COUNT(s, lights); i++) {
    sn_light* t = &SN_AT(s, lights, sn_light, i);
    if (!p->fused[t->body]) {
      continue;
    }
    sn_pose fr, pose;
    sn_frame_chain(c, t->frame, &fr);
    sn_pose_mul(&pose, &p->rel[t->body], &fr);
    double pos[3], dir[3];
    mju_rotVecQuat(pos, t->pos, pose.quat);
    mju_addTo3(pos, pose.pos);
    mju_rotVecQuat(dir, t->dir, pose.quat);
    memcpy(t->pos, pos, sizeof(pos));
    memcpy(t->dir, dir, sizeof(dir));
    t->frame = -1;
    t->body = p->owner[t->body];
  }
  return 1;
}

// 3.3.8 counts the bounding-volume nodes of each fusion step: a body receiving k > 0
// collidable geoms while already holding some allocates one node more than the final
// tree needs. The surplus nodes stay unused (zero) at the end of the bvh arrays.
static void sn_fuse_counts(sn_ctx* c, const sn_fuse_plan* p) {
  sn_spec* s = c->spec;
  int nbody = SN_COUNT(s, bodies);
  int* own = (int*)sn_zalloc(nbody, sizeof(int));
  int* held = (int*)sn_zalloc(nbody, sizeof(int));
  for (int i = 0; i < SN_COUNT(s, geoms); i++) {
    const sn_geom* g = &SN_AT(s, geoms, sn_geom, i);
    own[g->body] += (g->contype | g->conaffinity) != 0;
  }
  for (int b = 0; b < nbody; b++) {
    const sn_body* sb = &SN_AT(s, bodies, sn_body, b);
    if (!p->fused[b]) {
      held[b] += own[b];
      continue;
    }
    if (sb->user.n > c->nuser_body_fused) {
      c->nuser_body_fused = sb->user.n;
    }
    int t = p->owner[b];
    if (held[t] > 0 && own[b] > 0) {
      c->nbvh_extra++;
    }
    held[t] += own[b];
  }
  mju_free(own);
  mju_free(held);
}

// Drop the fused bodies and renumber every body reference.
static void sn_fuse_compact(sn_ctx* c, const sn_fuse_plan* p) {
  sn_spec* s = c->spec;
  int nbody = SN_COUNT(s, bodies), k = 0;
  for (int b = 0; b < nbody; b++) {
    if (p->fused[b]) {
      continue;
    }
    sn_body sb = SN_AT(s, bodies, sn_body, b);
    if (b > 0 && p->fused[sb.parent]) {
      // re-parented: pose relative to the new parent
      memcpy(sb.pos, p->rel[b].pos, sizeof(sb.pos));
      sn_set_quat(&sb.orient, p->rel[b].quat);
      sb.frame = -1;
    }
    if (b > 0) {
      sb.parent = p->newid[p->owner[sb.parent]];
    }
    SN_AT(s, bodies, sn_body, k++) = sb;
  }
  s->bodies.count = k;
#define SN_RENUMBER(list, type)                                  \
  for (int i = 0; i < SN_COUNT(s, list); i++) {                  \
    type* e = &SN_AT(s, list, type, i);                          \
    e->body = p->newid[p->owner[e->body]];                       \
  }
  SN_RENUMBER(joints, sn_joint)
  SN_RENUMBER(geoms, sn_geom)
  SN_RENUMBER(sites, sn_site)
  SN_RENUMBER(cameras, sn_camera)
  SN_RENUMBER(lights, sn_light)
  SN_RENUMBER(frames, sn_frame)
#undef SN_RENUMBER
  for (int i = 0; i < SN_COUNT(s, keys); i++) {
    sn_key* key = &SN_AT(s, keys, sn_key, i);
    for (int k = 0; k < key->nparts; k++) {
      sn_keypart* kp = key->parts + k;
      if ((kp->kind == SN_KEY_MPOS || kp->kind == SN_KEY_MQUAT) && kp->index >= 0 &&
          kp->index < nbody) {
        kp->index = p->newid[p->owner[kp->index]];
      }
    }
  }
}

int sn_fuse_static(sn_ctx* c) {
  sn_spec* s = c->spec;
  if (!s->compiler.fusestatic) {
    return 1;
  }
  int nbody = SN_COUNT(s, bodies);
  for (int i = 0; i < SN_COUNT(s, frames); i++) {
    int b = SN_AT(s, frames, sn_frame, i).body;
    if (b < 0 || b >= nbody) {
      return sn_cerr(c, &SN_AT(s, frames, sn_frame, i).loc, "frame in an unknown body");
    }
  }
#define SN_CHECK_BODY(list, type)                                                    \
  for (int i = 0; i < SN_COUNT(s, list); i++) {                                      \
    const type* e = &SN_AT(s, list, type, i);                                        \
    if (e->body < 0 || e->body >= nbody) {                                           \
      return sn_cerr(c, &e->loc, "element refers to body %d, which does not exist",  \
                     e->body);                                                       \
    }                                                                                \
  }
  SN_CHECK_BODY(joints, sn_joint)
  SN_CHECK_BODY(geoms, sn_geom)
  SN_CHECK_BODY(sites, sn_site)
  SN_CHECK_BODY(cameras, sn_camera)
  SN_CHECK_BODY(lights, sn_light)
#undef SN_CHECK_BODY
  if (!sn_compile_frames(c)) {
    return 0;
  }
  // element lists grouped by their original body (depth-first), document order within
  // each: after the move, the compiler's stable sort by body gives 3.3.8's order
  sn_sort_by_body(&s->geoms, sizeof(sn_geom), offsetof(sn_geom, body), nbody);
  sn_sort_by_body(&s->sites, sizeof(sn_site), offsetof(sn_site, body), nbody);
  sn_sort_by_body(&s->cameras, sizeof(sn_camera), offsetof(sn_camera, body), nbody);
  sn_sort_by_body(&s->lights, sizeof(sn_light), offsetof(sn_light, body), nbody);

  sn_fuse_plan p;
  p.njnt = (int*)sn_zalloc(nbody, sizeof(int));
  p.fused = (int*)sn_zalloc(nbody, sizeof(int));
  p.owner = (int*)sn_zalloc(nbody, sizeof(int));
  p.newid = (int*)sn_zalloc(nbody, sizeof(int));
  p.rel = (sn_pose*)sn_zalloc(nbody, sizeof(sn_pose));
  int nkept = 0;
  int ok = sn_fuse_decide(c, &p, &nkept) && sn_fuse_inertia(c, &p);
  if (ok) {
    sn_fuse_counts(c, &p);  // before the elements move
    ok = sn_fuse_elements(c, &p);
  }
  if (ok) {
    sn_fuse_compact(c, &p);
  }
  sn_fuse_plan_free(&p);
  return ok;
}
