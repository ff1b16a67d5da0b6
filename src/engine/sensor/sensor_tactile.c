// Tactile sensor: pressure and sliding speeds at the vertices of a mesh carried by a geom.
// The documentation gives the pressure p(d) = d / (dmax - d) of the penetration depth d and
// says contacts of the sensor's geom activate it. The rest was pinned down on MuJoCo 3.3.8:
// - output is channel-major: the pressure of every vertex, then the first tangential
//   channel of every vertex, then the second;
// - the points are the stored (centred, re-oriented) mesh vertices placed in the sensor
//   geom's frame; dmax is 0.05, margins play no part; the pressure is scaled by the
//   squared length of the vertex's first stored normal (a float, so 1 only to ~1e-7
//   unless axis-aligned: measured as ratio - 1 = 2 (|n0| - 1) on a user mesh);
// - every contact of the sensor geom, in contact order, revisits all vertices against the
//   other geom of that contact: d is that geom's signed distance at the vertex, and a vertex
//   with d < 0 gets its three values overwritten (so a later contact wins where both
//   penetrate; vertices no contact reaches stay 0). The other geom need not be an SDF geom;
// - the tangential channels are |v . t1| and |v . t2|, where v is the vertex's velocity
//   (rigid motion of the sensor geom) minus the linear velocity of the other geom's centre,
//   and t1, t2 are the vertex's 2nd and 3rd stored normals rotated by the mesh's mesh_quat
//   alone (not by the geom pose); a mesh with fewer than three normals per vertex
//   borrows the next meshes' normals (3.3.8 indexes past its own);
// - distances: plane (the local z), sphere, capsule and cylinder exact, ellipsoid the
//   first-order estimate k0 (k0 - 1) / k1 with k0 = |p / r|, k1 = |p / r^2|;
// - boxes: with a_i = s_i - |p_i| the depth below face i (s the half sizes), a point
//   inside reads -min_j(a_j^2 / s_j) * sqrt(sum_i (s_i / a_i)^2): exact on a face's
//   plane, deeper than the true distance inside (a cube's centre reads -s sqrt 3); a
//   point outside gives no reading (fitted on thousands of points of several aspect
//   ratios to 1e-14); these fields are collision/sdf.c's sn_sdf_primitive;
// - meshes never read a depth (no vertex is written) unless 3.3.8 built the mesh an
//   octree, which it does when an sdf geom uses the mesh: then the octree's field
//   (collision/sdf.c) is the depth; height fields stop the simulation with an error at
//   the first contact. The compiler refuses sensors whose geom can touch an sdf geom
//   (3.3.8 stops there with an sdf-plugin error) (compiler/sensor.c).
#include <math.h>

#include <mujoco/mujoco.h>

#include "collision/collision.h"
#include "engine/sensor/sensor_tactile.h"

#define SN_TACTILE_DMAX 0.05

// Signed distance of the local point p to a geom of the given type and size.
static mjtNum sn_geom_distance(const mjModel* m, int g, const mjtNum p[3]) {
  int type = m->geom_type[g];
  const mjtNum* size = m->geom_size + 3 * g;
  switch (type) {
    case mjGEOM_PLANE:
      return p[2];
    case mjGEOM_SPHERE:
    case mjGEOM_CAPSULE:
    case mjGEOM_CYLINDER:
    case mjGEOM_BOX:
    case mjGEOM_ELLIPSOID: {
      mjtNum grad[3];  // the sdf collisions' fields: the same estimates inside
      return sn_sdf_primitive(type, size, p, grad);
    }
    case mjGEOM_MESH:  // no reading unless the mesh has an octree (an sdf geom uses it)
    case mjGEOM_SDF:
      return sn_sdf_mesh_distance(m, m->geom_dataid[g], p);
    default:
      return 1;
  }
}

int sn_tactile_supported_geom(const mjModel* m, int g) {
  // 3.3.8 reads an sdf geom through the sdf-plugin interface and stops with "invalid
  // plugin slot" when the geom has no plugin; a mesh geom's octree it reads as here
  return m->geom_type[g] != mjGEOM_SDF;
}

void sn_tactile_sensor(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int mesh = m->sensor_objid[i], g = m->sensor_refid[i];
  int nv = m->mesh_vertnum[mesh];
  const float* vert = m->mesh_vert + 3 * m->mesh_vertadr[mesh];
  const float* normal = m->mesh_normal + 3 * m->mesh_normaladr[mesh];
  mju_zero(out, 3 * nv);
  // 3.3.8 reads three normals per vertex even when the mesh has fewer, running on into
  // the next meshes' normals; past the last one it reads unknown memory (the compiler
  // refuses that)
  if (m->mesh_normaladr[mesh] + 3 * nv > m->nmeshnormal) {
    return;
  }
  mjtNum rq[9];
  mju_quat2Mat(rq, m->mesh_quat + 4 * mesh);
  const mjtNum* gpos = d->geom_xpos + 3 * g;
  const mjtNum* gmat = d->geom_xmat + 9 * g;
  mjtNum gvel[6];
  mj_objectVelocity(m, d, mjOBJ_GEOM, g, gvel, 0);

  for (int c = 0; c < d->ncon; c++) {
    const mjContact* con = d->contact + c;
    int other;
    if (con->geom[0] == g) {
      other = con->geom[1];
    } else if (con->geom[1] == g) {
      other = con->geom[0];
    } else {
      continue;
    }
    if (other < 0 || other == g) {
      continue;
    }
    if (m->geom_type[other] == mjGEOM_HFIELD) {
      mju_error("geomDistance: sdf collisions not available for geom type %d", mjGEOM_HFIELD);
      return;
    }
    mjtNum ovel[6];
    mj_objectVelocity(m, d, mjOBJ_GEOM, other, ovel, 0);
    const mjtNum* opos = d->geom_xpos + 3 * other;
    const mjtNum* omat = d->geom_xmat + 9 * other;
    for (int v = 0; v < nv; v++) {
      mjtNum loc[3] = {vert[3 * v], vert[3 * v + 1], vert[3 * v + 2]};
      mjtNum off[3], x[3], rel[3], p[3];
      mju_mulMatVec3(off, gmat, loc);
      mju_add3(x, gpos, off);
      mju_sub3(rel, x, opos);
      mju_mulMatTVec3(p, omat, rel);
      mjtNum dist = sn_geom_distance(m, other, p);
      if (!(dist < 0)) {
        continue;
      }
      mjtNum w[3], vrel[3];
      mju_cross(w, gvel, off);
      for (int k = 0; k < 3; k++) {
        vrel[k] = gvel[3 + k] + w[k] - ovel[3 + k];
      }
      const float* n0 = normal + 9 * v;
      mjtNum nn = (mjtNum)n0[0] * n0[0] + (mjtNum)n0[1] * n0[1] + (mjtNum)n0[2] * n0[2];
      out[v] = dist / (SN_TACTILE_DMAX - dist) * nn;
      for (int k = 1; k <= 2; k++) {
        const float* nf = normal + 3 * (3 * v + k);
        mjtNum n[3] = {nf[0], nf[1], nf[2]}, t[3];
        mju_mulMatVec3(t, rq, n);
        out[k * nv + v] = fabs(mju_dot3(vrel, t));
      }
    }
  }
}
