// Ray casting against primitive shapes, and the all-geom queries mj_ray and
// mj_multiRay (meshes, height fields and skins are in ray_mesh.c).
//
// A ray is p + x v with x >= 0; x is in units of v (v need not be unit length).
// Shapes are intersected in their local frame, where the ray is
// p' = R^T (p - pos), v' = R^T v. Each function returns the smallest x >= 0 at which
// the ray meets the surface, so a ray starting inside reports where it leaves.
// Behaviour pinned with MuJoCo 3.3.8 (tests/conformance/ray.mjs):
// - planes are one-sided (hit only travelling towards -z, v_z <= -mjMINVAL) and
//   bounded by size[0], size[1] when those are positive, edges included;
// - grazing rays, mapped bit for bit (tests/models/ray_primitives.rays): a quadric's
//   discriminant under mjMINVAL is no hit (tangent rays miss); a ray direction
//   component under mjMINVAL skips the box faces and cylinder caps it is (nearly)
//   parallel to; a sphere is cast in the world's axes (p - pos, v unrotated);
// - mj_ray skips geoms whose alpha is 0: the material's alpha when the geom has a
//   material, else the geom's rgba alpha;
// - geom groups are clamped to [0, mjNGROUP-1] before the geomgroup lookup;
// - static geoms are those of bodies welded to the world (body_weldid == 0);
// - mj_multiRay's cutoff drops whole geoms whose bounding sphere is farther than
//   cutoff from the ray origin (|pnt - xpos| - rbound > cutoff); it does not clip hits,
//   and it never drops geoms with contype and conaffinity both 0. Beyond that Sinew
//   casts every ray at every remaining geom; 3.3.8's multi-ray culling occasionally
//   drops a geom its own mj_ray hits, and drops most hits on bodies mixing
//   collidable and non-collidable geoms; neither quirk is copied (see ray.mjs);
// - an sdf geom is sphere-traced on its octree field, and the distance returned is in
//   world units whatever the length of v (see ray_sdf).
#include <math.h>

#include <mujoco/mujoco.h>

#include "collision/collision.h"
#include "math/inline.h"

#define SDF_RAY_STEPS 40     // sphere-tracing steps before the ray counts as a miss
#define SDF_RAY_TOL 1e-7     // a step shorter than this ends the march

// Smallest non-negative root of a x^2 + 2 b x + c = 0, or -1 (a > 0). As in 3.3.8, a
// discriminant b^2 - a c under mjMINVAL counts as no root, so a ray tangent to a
// quadric (up to rounding) misses it.
static mjtNum nearest_root(mjtNum a, mjtNum b, mjtNum c) {
  mjtNum disc = b * b - a * c;
  if (disc < mjMINVAL) {
    return -1;
  }
  mjtNum sq = sqrt(disc);
  mjtNum x1 = (-b - sq) / a;
  if (x1 >= 0) {
    return x1;
  }
  mjtNum x2 = (-b + sq) / a;
  return x2 >= 0 ? x2 : -1;
}

// Keep the smaller of two candidate distances (-1 means none).
static mjtNum closer(mjtNum best, mjtNum x) {
  return (x >= 0 && (best < 0 || x < best)) ? x : best;
}

static mjtNum ray_plane(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  if (v[2] > -mjMINVAL || p[2] < 0) {
    return -1;  // one-sided: the ray must travel down onto the +z face, not along it
  }
  mjtNum x = -p[2] / v[2];
  mjtNum hx = p[0] + x * v[0], hy = p[1] + x * v[1];
  if ((size[0] > 0 && fabs(hx) > size[0]) || (size[1] > 0 && fabs(hy) > size[1])) {
    return -1;
  }
  return x;
}

static mjtNum ray_sphere(mjtNum r, const mjtNum p[3], const mjtNum v[3]) {
  mjtNum a = sn_dot3(v, v);
  if (a < mjMINVAL) {
    return -1;
  }
  return nearest_root(a, sn_dot3(p, v), sn_dot3(p, p) - r * r);
}

// Side of the z-aligned cylinder of radius r, restricted to |z| <= h. Only the
// nearest non-negative crossing of the infinite cylinder is tried (3.3.8: a ray
// entering through a cap and leaving through the side does not hit the side).
static mjtNum ray_tube(mjtNum r, mjtNum h, const mjtNum p[3], const mjtNum v[3]) {
  mjtNum a = v[0] * v[0] + v[1] * v[1];
  if (a < mjMINVAL) {
    return -1;
  }
  mjtNum b = p[0] * v[0] + p[1] * v[1];
  mjtNum c = p[0] * p[0] + p[1] * p[1] - r * r;
  mjtNum x = nearest_root(a, b, c);
  return x >= 0 && fabs(p[2] + x * v[2]) <= h ? x : -1;
}

static mjtNum ray_capsule(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum r = size[0], h = size[1];
  mjtNum best = ray_tube(r, h, p, v);
  mjtNum a = sn_dot3(v, v);
  if (a < mjMINVAL) {
    return best;
  }
  // end caps: only the outer half of each sphere is capsule surface
  for (int s = -1; s <= 1; s += 2) {
    mjtNum q[3] = {p[0], p[1], p[2] - s * h};
    mjtNum b = sn_dot3(q, v), c = sn_dot3(q, q) - r * r;
    mjtNum disc = b * b - a * c;
    if (disc < mjMINVAL) {
      continue;
    }
    mjtNum sq = sqrt(disc);
    for (int k = -1; k <= 1; k += 2) {
      mjtNum x = (-b + k * sq) / a;
      if (x >= 0 && s * (q[2] + x * v[2]) >= 0) {
        best = closer(best, x);
      }
    }
  }
  return best;
}

// sum_i (p_i + x v_i)^2 / size_i^2 = 1, the coefficients formed with 1 / size_i^2 as
// 3.3.8 does (bit for bit: ray_primitives.rays).
static mjtNum ray_ellipsoid(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum ps[3], vs[3];
  for (int i = 0; i < 3; i++) {
    mjtNum s2 = 1 / (size[i] * size[i]);
    ps[i] = p[i] * s2;
    vs[i] = v[i] * s2;
  }
  mjtNum a = sn_dot3(v, vs);
  if (a < mjMINVAL) {
    return -1;
  }
  return nearest_root(a, sn_dot3(p, vs), sn_dot3(p, ps) - 1);
}

static mjtNum ray_cylinder(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum r = size[0], h = size[1];
  mjtNum best = ray_tube(r, h, p, v);
  if (fabs(v[2]) >= mjMINVAL) {
    for (int s = -1; s <= 1; s += 2) {
      mjtNum x = (s * h - p[2]) / v[2];
      mjtNum hx = p[0] + x * v[0], hy = p[1] + x * v[1];
      if (x >= 0 && hx * hx + hy * hy <= r * r) {
        best = closer(best, x);
      }
    }
  }
  return best;
}

static mjtNum ray_box(const mjtNum size[3], const mjtNum p[3], const mjtNum v[3]) {
  mjtNum best = -1;
  for (int i = 0; i < 3; i++) {
    if (fabs(v[i]) < mjMINVAL) {
      continue;  // (nearly) parallel to this pair of faces
    }
    int j = (i + 1) % 3, k = (i + 2) % 3;
    for (int s = -1; s <= 1; s += 2) {
      mjtNum x = (s * size[i] - p[i]) / v[i];
      if (x >= 0 && fabs(p[j] + x * v[j]) <= size[j] && fabs(p[k] + x * v[k]) <= size[k]) {
        best = closer(best, x);
      }
    }
  }
  return best;
}

mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                   const mjtNum pnt[3], const mjtNum vec[3], int geomtype) {
  mjtNum d[3], p[3], v[3];
  sn_sub3(d, pnt, pos);
  sn_mulMatTVec3(p, mat, d);
  sn_mulMatTVec3(v, mat, vec);
  switch (geomtype) {
    case mjGEOM_PLANE:
      return ray_plane(size, p, v);
    case mjGEOM_SPHERE:
      return ray_sphere(size[0], d, vec);  // in the world's axes: no rotation
    case mjGEOM_CAPSULE:
      return ray_capsule(size, p, v);
    case mjGEOM_ELLIPSOID:
      return ray_ellipsoid(size, p, v);
    case mjGEOM_CYLINDER:
      return ray_cylinder(size, p, v);
    case mjGEOM_BOX:
      return ray_box(size, p, v);
    default:
      mju_error("mju_rayGeom: unexpected geom type %d", geomtype);
      return -1;
  }
}

// Whether geom g takes part in ray queries with these filters.
static int ray_eligible(const mjModel* m, int g, const mjtByte* geomgroup, mjtByte flg_static,
                        int bodyexclude) {
  int body = m->geom_bodyid[g];
  if (body == bodyexclude) {
    return 0;
  }
  if (!flg_static && m->body_weldid[body] == 0) {
    return 0;
  }
  if (geomgroup) {
    int grp = m->geom_group[g];
    grp = grp < 0 ? 0 : grp >= mjNGROUP ? mjNGROUP - 1 : grp;
    if (!geomgroup[grp]) {
      return 0;
    }
  }
  int mat = m->geom_matid[g];
  mjtNum alpha = mat >= 0 ? (mjtNum)m->mat_rgba[4 * mat + 3] : (mjtNum)m->geom_rgba[4 * g + 3];
  return alpha != 0;
}

// Ray against an sdf geom: sphere tracing on its octree field (sn_sdf_mesh_distance,
// which outside the octree's box adds the distance to the box) along the unit direction
// in the geom frame: t += f(p + t u) until a step |f| < SDF_RAY_TOL, returning the t
// after that step, a world distance (not in units of v); a start inside (f < 0) or no
// such step within SDF_RAY_STEPS is a miss. Measured on 3.3.8 (9,400 rays at an
// icosahedron's sdf, 6,000 of them aimed 0.075 .. 0.095 from its centre so that many
// graze it; the one of tests/models/ray_sdf.xml): the same v scaled by 0.1 .. 10 returns the same
// number; every hit is one of this march's iterates (half of them bit for bit, the rest
// within 1.1e-16: the octree's coefficients, see sdf.c); the tolerance fits each stop
// (the steps before it >= 1e-7, the last < 1e-7); and only 40 steps get every hit and
// miss (39: 4 grazing hits lost, 41: 5 misses turn into hits).
static mjtNum ray_sdf(const mjModel* m, const mjData* d, int g, const mjtNum pnt[3],
                      const mjtNum vec[3]) {
  int mesh = m->geom_dataid[g];
  if (mesh < 0 || mesh >= m->nmesh || m->mesh_octnum[mesh] <= 0) {
    return -1;
  }
  mjtNum dp[3], p[3], u[3];
  sn_sub3(dp, pnt, d->geom_xpos + 3 * g);
  sn_mulMatTVec3(p, d->geom_xmat + 9 * g, dp);
  sn_mulMatTVec3(u, d->geom_xmat + 9 * g, vec);
  mju_normalize3(u);
  mjtNum t = 0;
  for (int i = 0; i < SDF_RAY_STEPS; i++) {
    mjtNum x[3];
    sn_addScl3(x, p, u, t);
    mjtNum f = sn_sdf_mesh_distance(m, mesh, x);
    if (i == 0 && f < 0) {
      return -1;
    }
    t += f;
    if (fabs(f) < SDF_RAY_TOL) {
      return t;
    }
  }
  return -1;
}

// Ray against geom g of any type.
static mjtNum ray_one_geom(const mjModel* m, const mjData* d, int g, const mjtNum pnt[3],
                           const mjtNum vec[3]) {
  switch (m->geom_type[g]) {
    case mjGEOM_MESH:
      return mj_rayMesh(m, d, g, pnt, vec);
    case mjGEOM_HFIELD:
      return mj_rayHfield(m, d, g, pnt, vec);
    case mjGEOM_PLANE:
    case mjGEOM_SPHERE:
    case mjGEOM_CAPSULE:
    case mjGEOM_ELLIPSOID:
    case mjGEOM_CYLINDER:
    case mjGEOM_BOX:
      return mju_rayGeom(d->geom_xpos + 3 * g, d->geom_xmat + 9 * g, m->geom_size + 3 * g, pnt,
                         vec, m->geom_type[g]);
    case mjGEOM_SDF:
      return ray_sdf(m, d, g, pnt, vec);
    default:
      return -1;
  }
}

mjtNum mj_ray(const mjModel* m, const mjData* d, const mjtNum pnt[3], const mjtNum vec[3],
              const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude, int geomid[1]) {
  if (sn_norm3(vec) < mjMINVAL) {
    mju_error("mj_ray: vector length is too small");
  }
  mjtNum best = -1;
  int bestid = -1;
  for (int g = 0; g < m->ngeom; g++) {
    if (!ray_eligible(m, g, geomgroup, flg_static, bodyexclude)) {
      continue;
    }
    mjtNum x = ray_one_geom(m, d, g, pnt, vec);
    if (x >= 0 && (best < 0 || x < best)) {
      best = x;
      bestid = g;
    }
  }
  if (geomid) {
    geomid[0] = bestid;
  }
  return best;
}

void mj_multiRay(const mjModel* m, mjData* d, const mjtNum pnt[3], const mjtNum* vec,
                 const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude,
                 int* geomid, mjtNum* dist, int nray, mjtNum cutoff) {
  for (int i = 0; i < nray; i++) {
    if (sn_norm3(vec + 3 * i) < mjMINVAL) {
      mju_error("mju_singleRay: vector length is too small");
    }
    geomid[i] = -1;
    dist[i] = -1;
  }
  for (int g = 0; g < m->ngeom; g++) {
    if (!ray_eligible(m, g, geomgroup, flg_static, bodyexclude)) {
      continue;
    }
    mjtNum off[3];
    sn_sub3(off, d->geom_xpos + 3 * g, pnt);
    int collides = m->geom_contype[g] || m->geom_conaffinity[g];
    if (collides && sn_norm3(off) - m->geom_rbound[g] > cutoff) {
      continue;
    }
    for (int i = 0; i < nray; i++) {
      mjtNum x = ray_one_geom(m, d, g, pnt, vec + 3 * i);
      if (x >= 0 && (dist[i] < 0 || x < dist[i])) {
        dist[i] = x;
        geomid[i] = g;
      }
    }
  }
}
