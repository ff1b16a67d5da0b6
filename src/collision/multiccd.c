// mjENBL_MULTICCD: several contacts where two convex geoms touch along a flat patch.
//
// Polytopes (boxes, meshes with hull polygons) without margin, under the native
// solver: the feature of each shape at its witness point (the face, edge or vertex
// whose interior holds it) is read off the geometry; face-face and face-edge pairs are
// clipped against each other in the plane normal to the contact and every clipped
// vertex becomes a contact with the solver's depth and normal (what 3.3.8's native
// multiccd yields).
//
// Other shapes, a positive margin, or MPR (nativeccd off): the geoms are turned against
// each other by +-1e-3 rad about each tangent axis of the contact frame around the
// contact point and the solver is re-run; a new contact (midway between the witness
// points as found on the turned geoms, normal as found, depth of the first contact) is
// added when it lies apart from the existing ones.
#include <math.h>
#include <string.h>

#include "collision/ccd.h"
#include "math/inline.h"

#define MAXPOLY 64        // vertices kept per feature polygon
#define PERTURB 1e-3      // legacy rotation angle (rad)
#define DUPLICATE 3e-4    // legacy: contacts closer than this are one contact (3.3.8
                          // merges 1.1e-4 apart, keeps 5.4e-4 apart)

//---------------------------------- features of polytopes -----------------------------------------

typedef struct {
  int n;                  // 1 vertex, 2 edge, >= 3 face polygon
  mjtNum p[MAXPOLY][3];   // world points (faces: counter-clockwise about normal)
  mjtNum normal[3];       // face: outward unit normal (world)
  int nplanes;            // faces of the shape whose planes pass through the point
} feature_t;

static int is_polytope(const sn_convex* s) {
  if (s->type == mjGEOM_BOX) {
    return 1;
  }
  if (s->type != mjGEOM_MESH || s->geom < 0) {
    return 0;
  }
  int mesh = s->m->geom_dataid[s->geom];
  return mesh >= 0 && s->m->mesh_polynum[mesh] > 0;
}

static void to_world(mjtNum res[3], const sn_convex* s, const mjtNum local[3]) {
  sn_mulMatVec3(res, s->mat, local);
  sn_addTo3(res, s->pos);
}

static void to_local(mjtNum res[3], const sn_convex* s, const mjtNum world[3]) {
  mjtNum rel[3];
  sn_sub3(rel, world, s->pos);
  sn_mulMatTVec3(res, s->mat, rel);
}

// Face of the box with outward normal sgn*e_axis, counter-clockwise about it.
static void box_face(feature_t* f, const sn_convex* s, int axis, mjtNum sgn) {
  static const mjtNum sq[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  int i1 = (axis + 1) % 3, i2 = (axis + 2) % 3;
  f->n = 4;
  for (int k = 0; k < 4; k++) {
    // (i1, i2, axis) is right-handed; flip the winding for the negative face
    int kk = sgn > 0 ? k : 3 - k;
    mjtNum local[3];
    local[axis] = sgn * s->size[axis];
    local[i1] = sq[kk][0] * s->size[i1];
    local[i2] = sq[kk][1] * s->size[i2];
    to_world(f->p[k], s, local);
  }
  mjtNum ln[3] = {0, 0, 0};
  ln[axis] = sgn;
  sn_mulMatVec3(f->normal, s->mat, ln);
}

// Features are judged by angle: a face counts as facing dir, and an edge through a
// vertex as lying across it, when they are within align radians of that. LOOSE lies
// where 3.3.8 switches (between 1.6e-3 and 1.6036e-3 rad, found with the oracle on
// tilted box meshes); EXACT admits only the solver's own normal (up to the rounding
// of hull polygon normals computed from float vertices).
#define EXACT 1e-5
#define LOOSE 1.601e-3

static void box_feature(feature_t* f, const sn_convex* s, const mjtNum x[3],
                        const mjtNum dir[3], mjtNum tol, mjtNum align) {
  mjtNum facing = cos(align), across = sin(align);
  mjtNum loc[3], ld[3];
  to_local(loc, s, x);
  sn_mulMatTVec3(ld, s->mat, dir);
  int on[3], non = 0, best = -1;
  for (int i = 0; i < 3; i++) {
    on[i] = fabs(loc[i]) >= s->size[i] - tol;
    non += on[i];
    // of the faces through x, the one facing dir most
    if (on[i] && (best < 0 || (loc[i] >= 0 ? ld[i] : -ld[i]) >
                                  (loc[best] >= 0 ? ld[best] : -ld[best]))) {
      best = i;
    }
  }
  f->nplanes = non;
  if (best >= 0 && (loc[best] >= 0 ? ld[best] : -ld[best]) >= facing) {
    box_face(f, s, best, loc[best] >= 0 ? 1 : -1);
    return;
  }
  int free = -1;
  if (non == 2) {
    free = !on[0] ? 0 : (!on[1] ? 1 : 2);
  } else if (non == 3) {
    // a corner: the edge from it lying most across dir, if nearly across
    for (int i = 0; i < 3; i++) {
      if (fabs(ld[i]) <= across && (free < 0 || fabs(ld[i]) < fabs(ld[free]))) {
        free = i;
      }
    }
  }
  if (free < 0) {
    f->n = 1;
    sn_copy3(f->p[0], x);
    return;
  }
  f->n = 2;
  for (int k = 0; k < 2; k++) {
    mjtNum local[3];
    for (int i = 0; i < 3; i++) {
      local[i] = (loc[i] >= 0 ? 1 : -1) * s->size[i];
    }
    local[free] = (k ? 1 : -1) * s->size[free];
    to_world(f->p[k], s, local);
  }
}

static void mesh_point(mjtNum res[3], const sn_convex* s, int mesh, int v) {
  const float* fv = s->m->mesh_vert + 3 * (s->m->mesh_vertadr[mesh] + v);
  mjtNum local[3] = {fv[0], fv[1], fv[2]};
  to_world(res, s, local);
}

static void mesh_face(feature_t* f, const sn_convex* s, int mesh, int poly) {
  const mjModel* m = s->m;
  int vadr = m->mesh_polyvertadr[poly], vnum = m->mesh_polyvertnum[poly];
  f->n = vnum;
  for (int k = 0; k < vnum; k++) {
    mesh_point(f->p[k], s, mesh, m->mesh_polyvert[vadr + k]);
  }
  sn_mulMatVec3(f->normal, s->mat, m->mesh_polynormal + 3 * poly);
}

#define MAXHIT 16

// The hull polygons whose planes pass through x decide the feature: one polygon is a
// face, two share an edge, more meet at a vertex; a polygon through x facing dir, or
// an edge from the vertex lying across dir, takes precedence.
static void mesh_feature(feature_t* f, const sn_convex* s, const mjtNum x[3],
                         const mjtNum dir[3], mjtNum tol, mjtNum align) {
  const mjModel* m = s->m;
  int mesh = m->geom_dataid[s->geom];
  int adr = m->mesh_polyadr[mesh], num = m->mesh_polynum[mesh];
  mjtNum loc[3], ld[3];
  to_local(loc, s, x);
  sn_mulMatTVec3(ld, s->mat, dir);
  int hit[MAXHIT], nhit = 0, best = -1;
  mjtNum bestdot = -2;
  for (int p = 0; p < num && nhit < MAXHIT; p++) {
    const mjtNum* nrm = m->mesh_polynormal + 3 * (adr + p);
    int v0 = m->mesh_polyvert[m->mesh_polyvertadr[adr + p]];
    const float* fv = m->mesh_vert + 3 * (m->mesh_vertadr[mesh] + v0);
    mjtNum rel[3] = {loc[0] - fv[0], loc[1] - fv[1], loc[2] - fv[2]};
    if (fabs(sn_dot3(rel, nrm)) <= tol && m->mesh_polyvertnum[adr + p] >= 3 &&
        m->mesh_polyvertnum[adr + p] <= MAXPOLY) {
      mjtNum dot = sn_dot3(nrm, ld);
      if (dot > bestdot) {
        bestdot = dot;
        best = nhit;
      }
      hit[nhit++] = adr + p;
    }
  }
  f->n = 1;
  f->nplanes = nhit;
  sn_copy3(f->p[0], x);
  if (nhit == 0) {
    return;
  }
  if (bestdot >= cos(align)) {
    mesh_face(f, s, mesh, hit[best]);
    return;
  }
  // edges of the polygons through x that pass through x: (a, b) consecutive vertices
  int ea = -1, eb = -1;
  mjtNum eacross = INFINITY;
  for (int h = 0; h < nhit; h++) {
    const int* pv = m->mesh_polyvert + m->mesh_polyvertadr[hit[h]];
    int pn = m->mesh_polyvertnum[hit[h]];
    for (int k = 0; k < pn; k++) {
      mjtNum p0[3], p1[3], e[3], rel[3], c[3];
      const float* f0 = m->mesh_vert + 3 * (m->mesh_vertadr[mesh] + pv[k]);
      const float* f1 = m->mesh_vert + 3 * (m->mesh_vertadr[mesh] + pv[(k + 1) % pn]);
      for (int i = 0; i < 3; i++) {
        p0[i] = f0[i];
        p1[i] = f1[i];
      }
      sn_sub3(e, p1, p0);
      sn_sub3(rel, loc, p0);
      sn_cross(c, e, rel);
      mjtNum len = sn_norm3(e);
      if (len < mjMINVAL || sn_norm3(c) > tol * len) {
        continue;  // x is not on this edge's line
      }
      mjtNum across = fabs(sn_dot3(e, ld)) / len;
      if (across < eacross) {
        eacross = across;
        ea = pv[k];
        eb = pv[(k + 1) % pn];
      }
    }
  }
  // two polygons: x is on their shared edge; more: at a vertex, where only an edge
  // nearly across dir counts
  if (ea >= 0 && (nhit == 2 || eacross <= sin(align))) {
    f->n = 2;
    mesh_point(f->p[0], s, mesh, ea);
    mesh_point(f->p[1], s, mesh, eb);
  }
}

static void feature(feature_t* f, const sn_convex* s, const mjtNum x[3], const mjtNum dir[3],
                    mjtNum align) {
  mjtNum tol = 1e-6 * (1 + s->m->geom_rbound[s->geom]);
  if (s->type == mjGEOM_BOX) {
    box_feature(f, s, x, dir, tol, align);
  } else {
    mesh_feature(f, s, x, dir, tol, align);
  }
}

//---------------------------------- clipping in the contact plane ---------------------------------

typedef struct {
  mjtNum u[3], v[3], n[3];
} plane_t;

static void project(mjtNum q[2], const plane_t* pl, const mjtNum p[3]) {
  q[0] = sn_dot3(p, pl->u);
  q[1] = sn_dot3(p, pl->v);
}

// Point with plane coordinates q on the plane through f0 with normal fn.
static void lift(mjtNum res[3], const plane_t* pl, const mjtNum q[2], const mjtNum f0[3],
                 const mjtNum fn[3]) {
  mjtNum base[3];
  sn_scl3(base, pl->u, q[0]);
  sn_addToScl3(base, pl->v, q[1]);
  mjtNum den = sn_dot3(fn, pl->n);
  mjtNum rel[3];
  sn_sub3(rel, f0, base);
  mjtNum t = fabs(den) > mjMINVAL ? sn_dot3(fn, rel) / den : sn_dot3(pl->n, f0);
  sn_addScl3(res, base, pl->n, t);
}

static mjtNum cross2(const mjtNum o[2], const mjtNum a[2], const mjtNum b[2]) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

// Sutherland-Hodgman: subject (ns points) clipped by the convex counter-clockwise
// polygon clip (nc points), in place; returns the number of points left.
static int clip_polygon(mjtNum subj[][2], int ns, mjtNum clip[][2], int nc) {
  mjtNum tmp[2 * MAXPOLY][2];
  for (int e = 0; e < nc && ns > 0; e++) {
    const mjtNum* c0 = clip[e];
    const mjtNum* c1 = clip[(e + 1) % nc];
    int nout = 0;
    for (int k = 0; k < ns; k++) {
      const mjtNum* prev = subj[(k + ns - 1) % ns];
      const mjtNum* cur = subj[k];
      mjtNum sp = cross2(c0, c1, prev), sc = cross2(c0, c1, cur);
      if (sc >= 0) {
        if (sp < 0 && nout < 2 * MAXPOLY) {
          mjtNum t = sp / (sp - sc);
          tmp[nout][0] = prev[0] + t * (cur[0] - prev[0]);
          tmp[nout][1] = prev[1] + t * (cur[1] - prev[1]);
          nout++;
        }
        if (nout < 2 * MAXPOLY) {
          tmp[nout][0] = cur[0];
          tmp[nout][1] = cur[1];
          nout++;
        }
      } else if (sp >= 0 && nout < 2 * MAXPOLY) {
        mjtNum t = sp / (sp - sc);
        tmp[nout][0] = prev[0] + t * (cur[0] - prev[0]);
        tmp[nout][1] = prev[1] + t * (cur[1] - prev[1]);
        nout++;
      }
    }
    ns = nout < MAXPOLY ? nout : MAXPOLY;
    memcpy(subj, tmp, sizeof(mjtNum) * 2 * ns);
  }
  return ns;
}

// Segment p0-p1 clipped by a convex counter-clockwise polygon: parameter range.
static int clip_segment(mjtNum t[2], const mjtNum p0[2], const mjtNum p1[2], mjtNum clip[][2],
                        int nc) {
  t[0] = 0;
  t[1] = 1;
  for (int e = 0; e < nc; e++) {
    mjtNum s0 = cross2(clip[e], clip[(e + 1) % nc], p0);
    mjtNum s1 = cross2(clip[e], clip[(e + 1) % nc], p1);
    if (s0 < 0 && s1 < 0) {
      return 0;
    }
    if (s0 < 0) {
      mjtNum c = s0 / (s0 - s1);
      t[0] = c > t[0] ? c : t[0];
    } else if (s1 < 0) {
      mjtNum c = s0 / (s0 - s1);
      t[1] = c < t[1] ? c : t[1];
    }
  }
  return t[0] <= t[1];
}

static void make_contact(mjContact* con, const mjContact* base, const mjtNum p[3],
                         mjtNum shift) {
  *con = *base;
  sn_addScl3(con->pos, p, base->frame, shift);
}

// Polygon (counter-clockwise about the plane normal when seen from pl->n) in plane
// coordinates.
static int polygon2d(mjtNum q[][2], const plane_t* pl, const feature_t* f, int reverse) {
  for (int k = 0; k < f->n; k++) {
    project(q[k], pl, f->p[reverse ? f->n - 1 - k : k]);
  }
  return f->n;
}

// Unit vectors u, v spanning the plane normal to n (u, v, n right-handed).
static void plane_basis(plane_t* pl, const mjtNum n[3]) {
  sn_copy3(pl->n, n);
  mjtNum ax[3] = {0, 0, 0};
  ax[fabs(n[1]) < 0.5 ? 1 : 2] = 1;
  sn_addScl3(pl->u, ax, n, -sn_dot3(ax, n));
  sn_normalize3(pl->u);
  sn_cross(pl->v, n, pl->u);
}

// Order of the two face-edge contacts (edge parameters t, ascending on entry). 3.3.8's
// order follows its solver's internal simplex, which Sinew's solver does not reproduce;
// oracle sweeps over box meshes give these rules, which it follows most of the time:
// with one end clipped by the face, the clipped point comes first (about 83% of poses;
// both ends clipped is a coin flip, kept ascending); with neither end clipped, the end
// nearer the witness point w on the edge (at an edge's end vertex on a die: that vertex).
static void edge_order(mjtNum t[2], const feature_t* edge, const mjtNum w[3]) {
  int clip0 = t[0] > 0, clip1 = t[1] < 1;
  int swap = 0;
  if (clip0 != clip1) {
    swap = clip1;
  } else if (!clip0) {
    mjtNum e[3], rel[3];
    sn_sub3(e, edge->p[1], edge->p[0]);
    sn_sub3(rel, w, edge->p[0]);
    mjtNum ee = sn_dot3(e, e);
    swap = ee > mjMINVAL && sn_dot3(rel, e) > 0.5 * ee;
  }
  if (swap) {
    mjtNum tmp = t[0];
    t[0] = t[1];
    t[1] = tmp;
  }
}

static int native(mjContact* con, const sn_convex* a, const sn_convex* b,
                  const sn_ccd_result* r) {
  // b's face facing the normal (within LOOSE) anchors the patch and sets the normal;
  // otherwise a's face must be the normal itself (EXACT, as 3.3.8 decides); edge-edge
  // and vertex contacts stay single
  feature_t fa, fb;
  mjtNum n[3], nb[3];
  sn_copy3(n, con[0].frame);
  sn_scl3(nb, n, -1);
  feature(&fb, b, r->x2, nb, LOOSE);
  if (fb.n >= 3) {
    sn_scl3(n, fb.normal, -1);
    feature(&fa, a, r->x1, n, LOOSE);
  } else {
    feature(&fa, a, r->x1, n, EXACT);
    // a's face must hold the witness point in its interior: on one of the face's edges
    // (the solver's answer paired an edge of a with b's edge) 3.3.8 keeps one contact
    if (fa.n < 3 || (fb.n == 2 && fa.nplanes >= 2)) {
      return 1;
    }
  }
  mjContact base = con[0];
  sn_copy3(base.frame, n);
  mjtNum half = 0.5 * base.dist;
  plane_t pl;
  plane_basis(&pl, n);
  int ncon = 0;
  if (fa.n >= 3 && fb.n >= 3) {
    // face-face: the patch is b's face clipped by a's, both seen along a's normal
    mjtNum clip[MAXPOLY][2], subj[MAXPOLY][2];
    plane_t pa;
    plane_basis(&pa, fa.normal);
    int nc = polygon2d(clip, &pa, &fa, 0);
    int ns = polygon2d(subj, &pa, &fb, 1);
    ns = clip_polygon(subj, ns, clip, nc);
    for (int k = 0; k < ns && ncon < mjMAXCONPAIR; k++) {
      mjtNum p[3];
      lift(p, &pa, subj[k], fb.p[0], fb.normal);
      make_contact(con + ncon++, &base, p, -half);
    }
  } else if ((fa.n >= 3 && fb.n == 2) || (fa.n == 2 && fb.n >= 3)) {
    const feature_t* face = fa.n >= 3 ? &fa : &fb;
    const feature_t* edge = fa.n >= 3 ? &fb : &fa;
    mjtNum clip[MAXPOLY][2], e0[2], e1[2], t[2];
    int nc = polygon2d(clip, &pl, face, face == &fb);
    project(e0, &pl, edge->p[0]);
    project(e1, &pl, edge->p[1]);
    if (clip_segment(t, e0, e1, clip, nc)) {
      edge_order(t, edge, face == &fa ? r->x2 : r->x1);
      // 3.3.8 shifts the edge points by half the depth against the normal whichever
      // shape the edge belongs to (found with the oracle)
      mjtNum shift = -half;
      for (int k = 0; k < 2; k++) {
        mjtNum p[3];
        sn_scl3(p, edge->p[0], 1 - t[k]);
        sn_addToScl3(p, edge->p[1], t[k]);
        make_contact(con + ncon++, &base, p, shift);
        if (fabs(t[1] - t[0]) < mjMINVAL) {
          break;
        }
      }
    }
  }
  if (ncon == 0) {
    return 1;
  }
  return ncon;
}

//---------------------------------- legacy perturbation -------------------------------------------

// Rotate shape s rigidly by R about point c into storage pos/mat.
static void rotate_shape(sn_convex* s, mjtNum pos[3], mjtNum mat[9], const mjtNum R[9],
                         const mjtNum c[3]) {
  mjtNum rel[3];
  sn_sub3(rel, s->pos, c);
  sn_mulMatVec3(pos, R, rel);
  sn_addTo3(pos, c);
  mjtNum tmp[9];
  mju_mulMatMat(tmp, R, s->mat, 3, 3, 3);
  memcpy(mat, tmp, sizeof(tmp));
  s->pos = pos;
  s->mat = mat;
}

static int legacy(const mjModel* m, mjContact* con, sn_convex* a, sn_convex* b) {
  // prisms are not geoms; spheres and ellipsoids have no flat patch, and 3.3.8 adds
  // nothing for them
  if (a->type == SN_CONVEX_PRISM || b->type == SN_CONVEX_PRISM || a->type == mjGEOM_SPHERE ||
      b->type == mjGEOM_SPHERE || a->type == mjGEOM_ELLIPSOID || b->type == mjGEOM_ELLIPSOID) {
    return 1;
  }
  mjtNum n[3], t[2][3];
  sn_copy3(n, con[0].frame);
  mjtNum ax[3] = {0, 0, 0};
  ax[fabs(n[1]) < 0.5 ? 1 : 2] = 1;
  sn_addScl3(t[0], ax, n, -sn_dot3(ax, n));
  sn_normalize3(t[0]);
  sn_cross(t[1], n, t[0]);
  mjtNum c[3];
  sn_copy3(c, con[0].pos);
  int ncon = 1;
  for (int k = 0; k < 4; k++) {
    mjtNum quat[4], R[9];
    mju_axisAngle2Quat(quat, t[k / 2], k % 2 ? -PERTURB : PERTURB);
    mju_quat2Mat(R, quat);
    // geom a turns by -angle, geom b by +angle, both about the contact point
    mjtNum RT[9];
    mju_transpose(RT, R, 3, 3);
    sn_convex pa = *a, pb = *b;
    mjtNum posa[3], posb[3], mata[9], matb[9];
    rotate_shape(&pa, posa, mata, RT, c);
    rotate_shape(&pb, posb, matb, R, c);
    sn_ccd_result r;
    if (!sn_convex_ccd(&r, m, &pa, &pb, 0)) {
      continue;
    }
    // the contact lies midway between the witness points as found on the turned geoms:
    // 3.3.8 does not turn them back (found with the oracle: positions then agree to
    // roundoff, where turning each back moved them by depth/2 * angle)
    mjtNum p[3];
    for (int i = 0; i < 3; i++) {
      p[i] = 0.5 * (r.x1[i] + r.x2[i]);
    }
    int dup = 0;
    for (int i = 0; i < ncon; i++) {
      mjtNum d[3];
      sn_sub3(d, p, con[i].pos);
      if (sn_norm3(d) < DUPLICATE) {
        dup = 1;
      }
    }
    if (dup || ncon >= mjMAXCONPAIR) {
      continue;
    }
    con[ncon] = con[0];
    sn_copy3(con[ncon].pos, p);
    sn_copy3(con[ncon].frame, r.normal);
    ncon++;
  }
  return ncon;
}

int sn_multiccd(const mjModel* m, mjContact* con, sn_convex* a, sn_convex* b,
                const sn_ccd_result* r, mjtNum margin) {
  // under MPR (nativeccd off) 3.3.8 turns polytopes too: a slab on a box gets the
  // turned geoms' contacts with normals 1e-3 off the first, not the clipped face
  if (margin <= 0 && !(m->opt.disableflags & mjDSBL_NATIVECCD) && is_polytope(a) &&
      is_polytope(b)) {
    return native(con, a, b, r);
  }
  return legacy(m, con, a, b);
}
