// Narrow phase for geom pairs without an analytic collider: the GJK/EPA solver
// (gjk.c, epa.c) on the geoms' support functions, multiccd's extra contacts
// (multiccd.c), and planes against ellipsoids and meshes.
//
// MuJoCo's nativeccd flag selects between its own GJK/EPA and libccd's MPR (mpr.c).
// MPR's portal converges to an approximate depth and normal that depend on the
// shapes' centres, so the contact path runs the same solver 3.3.8 does.
#include <float.h>
#include <math.h>

#include "collision/ccd.h"
#include "collision/collision.h"
#include "collision/convex.h"
#include "math/inline.h"

// Whether a contact found at this margin came from MPR and takes 3.3.8's smooth-geom
// normal (sn_mpr_normal).
static int mpr_normal_fix(const mjModel* m, mjtNum margin) {
  return (m->opt.disableflags & mjDSBL_NATIVECCD) && margin <= 0;
}

int sn_convex_collide(const mjModel* m, sn_convex* a, sn_convex* b, mjtNum margin,
                      mjContact* con) {
  sn_ccd_result r;
  if (!sn_convex_ccd(&r, m, a, b, margin)) {
    return 0;
  }
  if (mpr_normal_fix(m, margin)) {
    sn_mpr_normal(&r, a, b);
  }
  sn_ccd_contact(con, &r);
  return 1;
}

void sn_ccd_contact(mjContact* con, const sn_ccd_result* r) {
  con->dist = r->dist;
  for (int k = 0; k < 3; k++) {
    con->pos[k] = 0.5 * (r->x1[k] + r->x2[k]);
    con->frame[k] = r->normal[k];
  }
  for (int k = 3; k < 9; k++) {
    con->frame[k] = 0;
  }
}

// Radius of the sphere or capsule around obj's point or segment core (0: no core).
static mjtNum core_radius(const sn_convex* obj) {
  if (obj->type == mjGEOM_SPHERE || obj->type == mjGEOM_CAPSULE) {
    return obj->size[0] + 0.5 * obj->margin;
  }
  return 0;
}

static int full_ccd(sn_ccd_result* r, const mjModel* m, sn_convex* a, sn_convex* b,
                    mjtNum margin) {
  mjtNum tol = m->opt.ccd_tolerance;
  int iter = m->opt.ccd_iterations;
  sn_gjk(r, a, b, margin, tol, iter);
  if (r->status == SN_CCD_FAR || r->status == SN_CCD_BEYOND) {
    // only the sphere/capsule cores keep a result beyond the cutoff (mj_geomDistance
    // in 3.3.8 reports witness points beyond distmax for those alone)
    r->status = SN_CCD_FAR;
    return 0;
  }
  if (r->status == SN_CCD_PENETRATING && !sn_epa(r, a, b, tol, iter)) {
    return 0;
  }
  return r->dist < margin;
}

// Coordinate scale of a shape: its distance from the origin plus its bounding radius.
static mjtNum shape_scale(const sn_convex* s) {
  mjtNum r = 0;
  if (s->type == SN_CONVEX_PRISM) {
    for (int i = 0; i < 6; i++) {
      r = mju_max(r, sn_norm3(s->prism[i]));
    }
    return r;
  }
  if (s->geom >= 0) {
    r = s->m->geom_rbound[s->geom];
  }
  return sn_norm3(s->pos) + r + s->margin;
}

// libccd's MPR loops without an iteration cap until its portal is within ccd_tolerance;
// when round-off at the shapes' coordinate scale exceeds that tolerance (absurd sizes
// or positions, such as a capsule 1e19 long) it may never stop. Such pairs go to the
// native solver, whose iterations are capped.
static int mpr_can_resolve(const mjModel* m, const sn_convex* a, const sn_convex* b) {
  mjtNum scale = shape_scale(a) + shape_scale(b);
  return isfinite(scale) && scale * DBL_EPSILON < m->opt.ccd_tolerance;
}

int sn_convex_ccd(sn_ccd_result* r, const mjModel* m, sn_convex* a, sn_convex* b,
                  mjtNum margin) {
  if ((m->opt.disableflags & mjDSBL_NATIVECCD) && margin <= 0 && mpr_can_resolve(m, a, b)) {
    // contacts only (margin already in the inflated shapes); distances stay GJK's
    return sn_mpr(r, m, a, b) && r->dist < margin;
  }
  mjtNum ra = core_radius(a), rb = core_radius(b);
  if (ra + rb <= 0) {
    return full_ccd(r, m, a, b, margin);
  }
  // spheres and capsules: the distance between their point/segment cores minus the
  // radii is exact; only intersecting cores need EPA on the full shapes
  a->core = ra > 0;
  b->core = rb > 0;
  sn_gjk(r, a, b, margin + ra + rb, m->opt.ccd_tolerance, m->opt.ccd_iterations);
  a->core = b->core = 0;
  if (r->status == SN_CCD_FAR) {
    return 0;
  }
  if (r->status == SN_CCD_PENETRATING) {
    return full_ccd(r, m, a, b, margin);
  }
  r->dist -= ra + rb;
  sn_addToScl3(r->x1, r->normal, ra);
  sn_addToScl3(r->x2, r->normal, -rb);
  return r->status != SN_CCD_BEYOND && r->dist < margin;
}

int sn_collide_convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                      mjtNum margin) {
  // like 3.3.8, both geoms are inflated by margin/2 so that contacts within the margin
  // are penetrations of the inflated shapes (EPA); the margin is added back to dist
  sn_convex a, b;
  sn_convex_geom(&a, m, d, g1, margin);
  sn_convex_geom(&b, m, d, g2, margin);
  sn_ccd_result r;
  if (!sn_convex_ccd(&r, m, &a, &b, 0)) {
    return 0;
  }
  r.dist += margin;
  if (mpr_normal_fix(m, 0)) {
    sn_mpr_normal(&r, &a, &b);
  }
  sn_ccd_contact(con, &r);
  if (m->opt.enableflags & mjENBL_MULTICCD) {
    return sn_multiccd(m, con, &a, &b, &r, margin);
  }
  return 1;
}

//---------------------------------- plane against ellipsoid or mesh -------------------------------

// One contact at the point p of the geom (world) below the plane through ppos with
// normal n, if not farther than margin.
static int plane_point(mjContact* con, const mjtNum n[3], const mjtNum ppos[3],
                       const mjtNum p[3], mjtNum margin) {
  mjtNum rel[3];
  sn_sub3(rel, p, ppos);
  mjtNum dist = sn_dot3(rel, n);
  if (dist > margin) {  // a surface exactly at the margin counts, as in the analytic pairs
    return 0;
  }
  con->dist = dist;
  sn_addScl3(con->pos, p, n, -0.5 * dist);
  sn_copy3(con->frame, n);
  for (int k = 3; k < 9; k++) {
    con->frame[k] = 0;
  }
  return 1;
}

// Plane against a mesh: the hull vertex deepest below the plane, then its hull-graph
// neighbours in graph order that are also closer than margin, up to 3 contacts in all
// (the pattern MuJoCo 3.3.8 produces). A neighbour closer than 0.3 * geom_rbound to the
// first contact's position (halfway between the deepest vertex and the plane) adds
// nothing: measured against the 3.3.8 oracle on 147 sphere and bunny poses, this rule
// reproduces every contact set, where distances along the plane or between vertices
// do not (deep bunny poses keep their near neighbours, shallow ones drop them).
static int plane_mesh(const mjModel* m, const mjData* d, mjContact* con, const mjtNum n[3],
                      const mjtNum ppos[3], int g, mjtNum margin) {
  sn_convex b;
  sn_convex_geom(&b, m, d, g, 0);
  mjtNum neg[3] = {-n[0], -n[1], -n[2]}, p[3];
  sn_convex_support(p, &b, neg);
  if (!plane_point(con, n, ppos, p, margin)) {
    return 0;
  }
  int mesh = m->geom_dataid[g];
  int gadr = m->mesh_graphadr[mesh];
  if (gadr < 0 || b.vertindex < 0) {
    return 1;
  }
  const int* graph = m->mesh_graph + gadr;
  int numvert = graph[0];
  const int* edgeadr = graph + 2;
  const int* globalid = edgeadr + numvert;
  const int* edges = globalid + numvert;
  mjtNum minsep = 0.3 * m->geom_rbound[g];
  int ncon = 1;
  for (int e = edgeadr[b.vertindex]; edges[e] >= 0 && ncon < 3; e++) {
    const float* v = m->mesh_vert + 3 * (m->mesh_vertadr[mesh] + globalid[edges[e]]);
    mjtNum local[3] = {v[0], v[1], v[2]}, rel[3];
    sn_mulMatVec3(p, b.mat, local);
    sn_addTo3(p, b.pos);
    sn_sub3(rel, p, con[0].pos);
    if (sn_dot3(rel, rel) < minsep * minsep) {
      continue;
    }
    ncon += plane_point(con + ncon, n, ppos, p, margin);
  }
  return ncon;
}

// The point of ellipsoid e deepest along world direction dir, as 3.3.8's plane-ellipsoid
// pair computes it: s_i * (s_i d_i * (1/|S d|)) in the ellipsoid frame (its contacts and
// mj_geomDistance bit for bit on 300 random poses; the convex solver's support,
// s_i * s_i d_i / |S d|, is 1 ulp off in a third of them, and 3.3.8's GJK is not bit for
// bit with either). Returns 0 for a degenerate ellipsoid.
static int ellipsoid_deepest(mjtNum p[3], const sn_convex* e, const mjtNum dir[3]) {
  const mjtNum* s = e->size;
  mjtNum loc[3], sd[3], q[3];
  sn_mulMatTVec3(loc, e->mat, dir);
  for (int i = 0; i < 3; i++) {
    sd[i] = s[i] * loc[i];
  }
  mjtNum len = sn_norm3(sd);
  if (len < mjMINVAL) {
    return 0;
  }
  mjtNum inv = 1 / len;
  for (int i = 0; i < 3; i++) {
    q[i] = s[i] * (sd[i] * inv);
  }
  sn_mulMatVec3(p, e->mat, q);
  sn_addTo3(p, e->pos);
  return 1;
}

int sn_collide_plane_convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                            mjtNum margin) {
  const mjtNum* pmat = d->geom_xmat + 9 * g1;
  const mjtNum* ppos = d->geom_xpos + 3 * g1;
  mjtNum n[3] = {pmat[2], pmat[5], pmat[8]};
  // an sdf geom with a mesh meets planes as that mesh does (3.3.8: same contacts)
  if (m->geom_type[g2] == mjGEOM_MESH || m->geom_type[g2] == mjGEOM_SDF) {
    return plane_mesh(m, d, con, n, ppos, g2, margin);
  }
  sn_convex b;
  sn_convex_geom(&b, m, d, g2, 0);
  mjtNum neg[3] = {-n[0], -n[1], -n[2]}, p[3];
  if (m->geom_type[g2] != mjGEOM_ELLIPSOID || !ellipsoid_deepest(p, &b, neg)) {
    sn_convex_support(p, &b, neg);
  }
  return plane_point(con, n, ppos, p, margin);
}
