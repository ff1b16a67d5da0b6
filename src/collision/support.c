// Support functions of the convex shapes: the point of the shape farthest along a
// direction. Primitives are evaluated in the geom frame from their implicit
// definition; meshes climb the convex hull's vertex graph (mesh_graph) from the last
// answer, which makes repeated queries in nearby directions O(1) on average.
#include <math.h>

#include "collision/convex.h"
#include "math/inline.h"

void sn_convex_geom(sn_convex* obj, const mjModel* m, const mjData* d, int g, mjtNum margin) {
  obj->m = m;
  obj->geom = g;
  obj->type = m->geom_type[g];
  obj->pos = d->geom_xpos + 3 * g;
  obj->mat = d->geom_xmat + 9 * g;
  obj->size = m->geom_size + 3 * g;
  obj->margin = margin;
  obj->vertindex = -1;
  obj->core = 0;
  for (int i = 0; i < 6; i++) {
    sn_zero3(obj->prism[i]);
  }
}

// Sign with sign(0) = 0: where the direction is normal to an axis, the support point
// sits midway along it (the middle of a box edge, a capsule's or cylinder's side), as
// 3.3.8's MPR portals show on axis-aligned shapes.
static mjtNum sign0(mjtNum x) {
  return x > 0 ? 1 : (x < 0 ? -1 : 0);
}

// The end of a capsule's or cylinder's axis along direction component z. The native
// solver takes the +z end when z is exactly 0, as its box takes +size: a capsule core's
// GJK converging onto an ellipsoid meets z = 0 by round-off where the two ends tie
// (particle_free2d.xml seed 2, the mocap capsule: 3.3.8 stops with the +z end's
// iterate at ccd_iterations 24, the midpoint went on to another), and a cylinder side
// on against an ellipsoid at equal height converges from the +z rim (mj_geomDistance's
// witness z 1.8e-9 at ccd_iterations 5 and up, where the midpoint gives 0). MPR keeps the
// midpoint (mid).
static mjtNum axis_end(mjtNum z, int mid) {
  return mid ? sign0(z) : (z < 0 ? -1 : 1);
}

// Mesh vertex i (mesh frame) as mjtNum.
static void mesh_vertex(mjtNum res[3], const mjModel* m, int mesh, int i) {
  const float* v = m->mesh_vert + 3 * (m->mesh_vertadr[mesh] + i);
  res[0] = v[0];
  res[1] = v[1];
  res[2] = v[2];
}

// Hull vertex farthest along dir (mesh frame). Without a hull graph every vertex is
// scanned; with one, steepest ascent over hull neighbours finds the global maximum
// because a convex polytope has no other local maxima.
static void support_mesh(mjtNum res[3], sn_convex* obj, const mjtNum dir[3]) {
  const mjModel* m = obj->m;
  int mesh = m->geom_dataid[obj->geom];
  mjtNum v[3];
  if (mesh < 0 || m->mesh_vertnum[mesh] <= 0) {
    sn_zero3(res);
    return;
  }
  int gadr = m->mesh_graphadr[mesh];
  if (gadr < 0) {
    int best = 0;
    mjtNum bestdot = -INFINITY;
    for (int i = 0; i < m->mesh_vertnum[mesh]; i++) {
      mesh_vertex(v, m, mesh, i);
      mjtNum dot = sn_dot3(v, dir);
      if (dot > bestdot) {
        bestdot = dot;
        best = i;
      }
    }
    mesh_vertex(res, m, mesh, best);
    return;
  }
  const int* graph = m->mesh_graph + gadr;
  int numvert = graph[0];
  const int* edgeadr = graph + 2;
  const int* globalid = edgeadr + numvert;
  const int* edges = globalid + numvert;
  int cur = (obj->vertindex >= 0 && obj->vertindex < numvert) ? obj->vertindex : 0;
  mesh_vertex(v, m, mesh, globalid[cur]);
  mjtNum curdot = sn_dot3(v, dir);
  // each accepted move strictly increases the dot product, so the walk terminates;
  // the bound only guards against a corrupt graph
  for (int step = 0; step < numvert; step++) {
    int next = -1;
    for (int e = edgeadr[cur]; edges[e] >= 0; e++) {
      mesh_vertex(v, m, mesh, globalid[edges[e]]);
      mjtNum dot = sn_dot3(v, dir);
      if (dot > curdot) {
        curdot = dot;
        next = edges[e];
      }
    }
    if (next < 0) {
      break;
    }
    cur = next;
  }
  obj->vertindex = cur;
  mesh_vertex(res, m, mesh, globalid[cur]);
}

// Support point in the geom frame for a geom-frame direction. mid: libccd's MPR
// convention for a box (a zero direction component selects the middle of that axis);
// otherwise the native solver's (it selects +size).
static void support_local(mjtNum res[3], sn_convex* obj, const mjtNum dir[3], int mid) {
  const mjtNum* s = obj->size;
  switch (obj->type) {
    case mjGEOM_SPHERE: {
      mjtNum n = sn_norm3(dir);
      if (obj->core) {
        sn_zero3(res);
      } else if (n < mjMINVAL) {
        res[0] = res[1] = 0;
        res[2] = s[0];
      } else {
        sn_scl3(res, dir, s[0] / n);
      }
      return;
    }
    case mjGEOM_CAPSULE: {
      mjtNum n = sn_norm3(dir);
      if (n < mjMINVAL || obj->core) {
        sn_zero3(res);
      } else {
        sn_scl3(res, dir, s[0] / n);
      }
      res[2] += axis_end(dir[2], mid) * s[1];
      return;
    }
    case mjGEOM_ELLIPSOID: {
      // maximiser of x.d on sum (x_i/s_i)^2 = 1: x_i = s_i^2 d_i / |S d|. With GJK's
      // unit directions the grouping sd_i * (s_i * (1/|S d|)) reproduces 3.3.8's
      // witness points bit for bit (mj_geomDistance at ccd_iterations = k, sphere on
      // ellipsoid: the first 18 iterations of the seed-2 pose); normalising the
      // direction once more here breaks that from the first iteration.
      mjtNum sd[3] = {s[0] * dir[0], s[1] * dir[1], s[2] * dir[2]};
      mjtNum n = sn_norm3(sd);
      if (n < mjMINVAL) {
        res[0] = res[1] = 0;
        res[2] = s[2];
        return;
      }
      mjtNum inv = 1 / n;
      for (int i = 0; i < 3; i++) {
        res[i] = sd[i] * (s[i] * inv);
      }
      return;
    }
    case mjGEOM_CYLINDER: {
      mjtNum n = sqrt(dir[0] * dir[0] + dir[1] * dir[1]);
      if (n < mjMINVAL) {
        res[0] = res[1] = 0;
      } else {
        // radius over length first, as 3.3.8 (bit for bit on its GJK witness points)
        mjtNum k = s[0] / n;
        res[0] = dir[0] * k;
        res[1] = dir[1] * k;
      }
      res[2] = axis_end(dir[2], mid) * s[1];
      return;
    }
    case mjGEOM_BOX:
      // MPR's portal normals come out exactly axis-parallel on an axis-aligned face; 3.3.8's
      // portal then holds an edge midpoint, which sets its depth and normal. Its native
      // GJK/EPA instead takes the positive corner: a box over a flat height field meets
      // exactly zero components in walk and EPA directions along a box edge, and +size
      // reproduces 3.3.8 where the midpoint or -size do not (1,450 random box poses over
      // flat and bumpy fields: 39 differ from 3.3.8 with +size, 57 with the midpoint, 48
      // with -size; tests/models/hfield_collision_box_zero.xml)
      for (int i = 0; i < 3; i++) {
        res[i] = (mid ? sign0(dir[i]) : (dir[i] < 0 ? -1 : 1)) * s[i];
      }
      return;
    case mjGEOM_MESH:
    case mjGEOM_SDF:  // an sdf geom with a mesh (only plane pairs reach here)
      support_mesh(res, obj, dir);
      return;
    default:
      sn_zero3(res);
      return;
  }
}

// Support point of obj along dir, a zero direction component of a box taken as MPR
// (mid) or the native solver does.
static void support(mjtNum res[3], sn_convex* obj, const mjtNum dir[3], int mid) {
  if (obj->type == SN_CONVEX_PRISM) {
    int best = 0;
    mjtNum bestdot = sn_dot3(obj->prism[0], dir);
    for (int i = 1; i < 6; i++) {
      mjtNum dot = sn_dot3(obj->prism[i], dir);
      if (dot > bestdot) {
        bestdot = dot;
        best = i;
      }
    }
    sn_copy3(res, obj->prism[best]);
  } else {
    mjtNum local[3], p[3];
    sn_mulMatTVec3(local, obj->mat, dir);
    support_local(p, obj, local, mid);
    sn_mulMatVec3(res, obj->mat, p);
    sn_addTo3(res, obj->pos);
  }
  if (obj->margin > 0 && !obj->core) {
    mjtNum n = sn_norm3(dir);
    if (n > mjMINVAL) {
      sn_addToScl3(res, dir, 0.5 * obj->margin / n);
    }
  }
}

void sn_convex_support(mjtNum res[3], sn_convex* obj, const mjtNum dir[3]) {
  support(res, obj, dir, 0);
}

void sn_convex_support_mpr(mjtNum res[3], sn_convex* obj, const mjtNum dir[3]) {
  support(res, obj, dir, 1);
}
