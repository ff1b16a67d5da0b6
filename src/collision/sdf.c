// Collisions of signed-distance-field geoms (type sdf, whose field is the octree of the
// mesh they reference) with primitives, meshes and other sdf geoms. The documentation
// says the contacts are local minima, found by gradient descent with line search, of
// A + B + |max(A, B)| (A, B the two signed distances) from sdf_initpoints starting
// points placed by the Halton sequence inside the intersection of the two bounding
// boxes. The rest was pinned down on MuJoCo 3.3.8's contacts (sdf_iterations = 0, 1, 2,
// ... and sdf_initpoints = 1 .. 40 on spheres, boxes and icospheres, moved and rotated):
//  - the starting points live in geom1's frame: its local box intersected with the
//    axis-aligned box (in geom1's frame) around geom2's rotated local box; point i
//    (i = 0 .. initpoints - 1) takes the Halton radical inverses of i in bases 2, 3, 5;
//  - frames go through quaternion poses, not geom_xmat: a starting point is taken to the
//    world by mju_trnVecPose with the quaternion of geom1's xmat, and a world point to a
//    geom's frame by the inverse pose (mju_negPose, then mju_trnVecPose). Their round-off
//    differs from xmat's and decides points that start on a face or a mirror plane
//    (measured: collide_sdf_box seed 2, whose point 0 is the box's corner: the matrix
//    puts it 3e-17 outside the x face, the pose 6e-17 outside the y face only, and 3.3.8
//    steps exactly 2^-14 along the y axis; collide_sdf_sdf seed 2 point 1 starts on the
//    small sdf's x = 0 plane, and 3.3.8 descends on the side the pose's round-off gives).
//    Not pinned down: at collide_sdf_box's seed 2 state after one Sinew step, 3.3.8's
//    point 0 (sdf_iterations 0) ends exactly on the z face, one or two ulps (world) from
//    where the pose, the matrix or the quaternion of xquat * geom_quat put the corner;
//  - each unit gradient that comes out zero (a box read exactly on its surface, where
//    the outside distance is 0) becomes (1, 0, 0) in the world frame, mju_normalize3's
//    choice (measured: the normal of such a contact is normalize((1, 0, 0) - nB));
//  - each point takes up to sdf_iterations descent steps on A + B + |max(A, B)| (the
//    gradient gA + gB + sign(max) g_max), then one step on max(A, B) (gradient g_max);
//  - a step is a backtracking line search: t = 1, 1/2, ... 2^-14, accepting the first
//    t with f(x - t g) < f(x) - 0.1 t |g|^2; when none is accepted the last trial is
//    taken anyway, and the descent stops when that step did not lower f;
//  - the octree's gradient is taken in the leaf's unit coordinates (its world gradient
//    times the leaf's edge lengths), so steps inside fine leaves are short, and the
//    normal takes the unit vector of that same gradient (not of the world one: they
//    differ in oblong leaves); primitives use unit gradients (box and ellipsoid: of
//    3.3.8's distance estimates, see prim_field);
//  - outside the octree's box the field is its value at the nearest point of the box
//    shrunk by 1e-6 plus the distance to the box itself (not to the shrunk box), and the
//    gradient a forward difference of that with step 1e-8 (local units), see oct_field.
//    Measured on collide_sdf_sdf seed 1 point 31, whose descent stalls 1e-5 below the
//    small sdf's box: with the distance to the shrunk box its line search rejects the
//    trial 1.3e-5 outside that 3.3.8 accepts (3.3.8 then has a contact there at
//    sdf_iterations 4 and 5 and none from 6 on; so does this rule, dist to 3e-10); the
//    gradient's components across the face match 3.3.8's forward differences to one
//    ulp of the value over the step (1e-9), the one along the normal to the last bit.
//    That remaining ulp is the compiled octree's: oct_aabb is bit for bit, oct_coeff
//    agrees with 3.3.8's to 4e-16 but only 23% of it bit for bit, so field values differ
//    by a few ulps (measured 0 .. 12 at points reached by exact sphere steps), and the forward
//    difference turns that into 1e-9 .. 1e-8 in such contacts;
//  - a mesh geom (geom1 of a mesh-sdf pair) is not read through an octree: 3.3.8 casts
//    rays. Measured with cubes and icosahedra inside a large sdf (where every contact
//    depth is the mesh's own value) and moved, rotated, with the world origin inside and
//    outside the mesh: with r0 where the ray from the world origin through x first meets
//    the mesh (mj_rayMesh, in units of |x|) and r1 where the ray from x back towards the
//    origin does, the value is 1 - r0 when r1 exists and -1 when not (so it depends on
//    where the world origin is, and is not a distance); the gradient is not computed but
//    is +-(1, 1, 1) in the geom's axes (also as the normal direction, normalized), + only
//    when r1 exists and r0 > 1 (x inside the mesh with the origin inside too). A ray
//    that only touches the mesh's box at x counts as no hit; r1 = +0 (x on the mesh,
//    the ray going into it) counts as found (measured: a cube mesh with the origin
//    inside, whose start point 0 is its corner: 3.3.8 steps from there along -(1, 1, 1)
//    by 1/8 (value 1 - r0 = 0 > B), and with the origin outside by 1/2, as this rule
//    does; without it the point read -1 and followed the sdf). When the ray from the
//    origin misses (r0 = -1) while r1 exists, the value is 1 - r0 = 2 (inferred: see
//    below).
//    A mesh that also has an octree (another, sdf, geom uses it) still reads rays:
//    3.3.8's contacts with and without the octree are identical to the last bit (seeds
//    1-4 at sdf_iterations 0, 1 and 10, collide_sdf_mesh_octree). Not pinned down: with
//    the origin inside the mesh, start point 0 (the corner of the mesh's box) ends in
//    no contact in 3.3.8 far more often than here (icosahedron, 40 poses: 29 of 40).
//    Its ray from the origin leaves the mesh's box exactly through that corner, where
//    3.3.8's box-as-geom test (src/collision/ray_mesh.c) misses when the exit point
//    rounds outside every exit face: at poses bisected to where 3.3.8's outcome flips,
//    its mj_rayMesh from the origin through xpos + xmat corner misses and hits again
//    when the point moves by 1e-14, and a value of 2 there makes the first trial (t = 1)
//    acceptable and the point end outside, as 3.3.8's none; the start point here
//    differs from 3.3.8's in the last bits (xmat, pose and xquat products all tried,
//    and rays cast in the mesh frame from the exact corner), so the miss is not
//    reproduced.
//    Some other points outside the mesh (icosahedron points 20 and 30, a few poses of
//    40) also end in none in 3.3.8 with every ray agreeing bit for bit at the points
//    this descent visits; descents of more than the final step (sdf_iterations > 0)
//    differ from 3.3.8's at some points (collide_sdf_mesh keeps sdf_iterations = 0);
//  - the contact at the final point x: dist = max(A, B), normal = normalize(nA - nB)
//    with nA, nB the unit gradients, pos = x - normal dist / 2; one contact per point
//    whose dist is not positive (the margin plays no part: 3.3.8 drops a contact 0.03
//    outside at margin 0.2 and keeps dist = 0), in point order, no merging.
// The octree descent picks the upper child when (p - lower corner) >= half size, which
// matters for points on a cell boundary.
#include <math.h>

#include "collision/collision.h"
#include "collision/pair_util.h"
#include "math/inline.h"

#define SDF_LS_TRIALS 15      // line-search trials: t = 1 .. 2^-14
#define SDF_LS_ARMIJO 0.1     // sufficient-decrease factor
#define SDF_OCT_INSET 1e-6    // outside points read the field this far inside the box
#define SDF_OCT_FD 1e-8       // finite-difference step of the field outside the box

// One geom as a signed distance: pose, type and (for sdf / mesh) its octree.
typedef struct {
  int type;
  const mjtNum* pos;
  const mjtNum* mat;
  const mjtNum* size;
  const mjtNum* aabb;  // geom_aabb: local centre, half sizes
  int oct;             // root node of the octree, -1 for primitives and mesh geoms
  int ray;             // a mesh geom: its field comes from rays (mesh_field)
  mjtNum quat[4];      // pose of the geom: the quaternion of its xmat
  mjtNum ipos[3];      // inverse pose: world -> local
  mjtNum iquat[4];
  int id;
  const mjData* d;
  const mjModel* m;
} sdf_geom;

// Value and gradients of one geom at a point (world frame): step is the gradient the
// descent uses, unit the direction of the surface normal.
typedef struct {
  mjtNum v;
  mjtNum step[3];
  mjtNum unit[3];
} sdf_val;

//---------------------------------- octree field --------------------------------------------------

// Trilinear field of the leaf containing p (local frame); gleaf is the gradient in the
// leaf's unit coordinates, graw the gradient in local coordinates.
static mjtNum oct_leaf(const mjModel* m, int root, const mjtNum p[3], mjtNum gleaf[3],
                       mjtNum graw[3]) {
  int n = root;
  for (int depth = 0; depth < 64; depth++) {
    const mjtNum* box = m->oct_aabb + 6 * n;
    int k = 0;
    for (int j = 0; j < 3; j++) {
      if (p[j] - (box[j] - box[3 + j]) >= box[3 + j]) {
        k |= 1 << j;
      }
    }
    int c = m->oct_child[8 * n + k];
    if (c < 0) {
      break;
    }
    n = root + c;
  }
  const mjtNum* box = m->oct_aabb + 6 * n;
  const mjtNum* coeff = m->oct_coeff + 8 * n;
  mjtNum t[3];
  for (int j = 0; j < 3; j++) {
    t[j] = (p[j] - (box[j] - box[3 + j])) / (2 * box[3 + j]);
  }
  mjtNum v = 0;
  gleaf[0] = gleaf[1] = gleaf[2] = 0;
  for (int k = 0; k < 8; k++) {
    mjtNum w[3];
    for (int j = 0; j < 3; j++) {
      w[j] = (k >> j) & 1 ? t[j] : 1 - t[j];
    }
    v += w[0] * w[1] * w[2] * coeff[k];
    for (int j = 0; j < 3; j++) {
      mjtNum d = (k >> j) & 1 ? 1 : -1;
      for (int l = 0; l < 3; l++) {
        if (l != j) {
          d *= w[l];
        }
      }
      gleaf[j] += d * coeff[k];
    }
  }
  for (int j = 0; j < 3; j++) {
    graw[j] = gleaf[j] / (2 * box[3 + j]);
  }
  return v;
}

// Field of the octree at a local point outside (or on the rim of) its box: the value at
// the nearest point of the box shrunk by SDF_OCT_INSET plus the distance to the box.
static mjtNum oct_outside(const mjModel* m, int root, const mjtNum p[3]) {
  const mjtNum* rb = m->oct_aabb + 6 * root;
  mjtNum q[3], out[3], gleaf[3], graw[3];
  for (int j = 0; j < 3; j++) {
    mjtNum lo = rb[j] - rb[3 + j], hi = rb[j] + rb[3 + j];
    mjtNum lo_in = lo + SDF_OCT_INSET, hi_in = hi - SDF_OCT_INSET;
    q[j] = p[j] < lo_in ? lo_in : p[j] > hi_in ? hi_in : p[j];
    out[j] = p[j] < lo ? p[j] - lo : p[j] > hi ? p[j] - hi : 0;
  }
  return oct_leaf(m, root, q, gleaf, graw) + sn_norm3(out);
}

// Octree field at a local point: value, step gradient and unit gradient (local). Outside
// the box the gradient is a forward difference of oct_outside with step SDF_OCT_FD (local
// units; the analytic gradient of the same value misses 3.3.8's steps by ~1e-9).
static mjtNum oct_field(const mjModel* m, int root, const mjtNum p[3], mjtNum step[3],
                        mjtNum unit[3]) {
  const mjtNum* rb = m->oct_aabb + 6 * root;
  int outside = 0;
  for (int j = 0; j < 3; j++) {
    mjtNum lo = rb[j] - rb[3 + j] + SDF_OCT_INSET, hi = rb[j] + rb[3 + j] - SDF_OCT_INSET;
    outside |= p[j] < lo || p[j] > hi;
  }
  mjtNum v;
  if (!outside) {
    mjtNum graw[3];
    v = oct_leaf(m, root, p, step, graw);
  } else {
    v = oct_outside(m, root, p);
    for (int j = 0; j < 3; j++) {
      mjtNum ph[3] = {p[0], p[1], p[2]};
      ph[j] += SDF_OCT_FD;
      step[j] = (oct_outside(m, root, ph) - v) / SDF_OCT_FD;
    }
  }
  sn_copy3(unit, step);
  sn_normalize3(unit);
  return v;
}

//---------------------------------- primitive fields ----------------------------------------------

mjtNum sn_sdf_primitive(int type, const mjtNum* s, const mjtNum p[3], mjtNum g[3]) {
  switch (type) {
    case mjGEOM_SPHERE: {
      sn_copy3(g, p);
      mjtNum r = sn_normalize3(g);
      return r - s[0];
    }
    case mjGEOM_CAPSULE: {
      mjtNum z = p[2] < -s[1] ? -s[1] : p[2] > s[1] ? s[1] : p[2];
      g[0] = p[0];
      g[1] = p[1];
      g[2] = p[2] - z;
      mjtNum r = sn_normalize3(g);
      return r - s[0];
    }
    case mjGEOM_CYLINDER: {
      mjtNum rr = sqrt(p[0] * p[0] + p[1] * p[1]);
      mjtNum a = rr - s[0], b = fabs(p[2]) - s[1];
      mjtNum sz = p[2] < 0 ? -1 : 1;
      mjtNum ux = rr > 0 ? p[0] / rr : 1, uy = rr > 0 ? p[1] / rr : 0;
      if (a > 0 || b > 0) {
        mjtNum oa = a > 0 ? a : 0, ob = b > 0 ? b : 0;
        mjtNum len = sqrt(oa * oa + ob * ob);
        g[0] = oa * ux / len;
        g[1] = oa * uy / len;
        g[2] = ob * sz / len;
        return len;
      }
      if (a > b) {
        g[0] = ux;
        g[1] = uy;
        g[2] = 0;
        return a;
      }
      g[0] = g[1] = 0;
      g[2] = sz;
      return b;
    }
    case mjGEOM_BOX: {
      // inside: 3.3.8's estimate -min_j(a_j^2 / s_j) |s / a| (a_j the depth below face
      // j), descending along the unit vector of sign(p_j) s_j / a_j; outside (or on the
      // surface): the exact distance and its gradient
      mjtNum a[3];
      int in = 1;
      for (int j = 0; j < 3; j++) {
        a[j] = s[j] - fabs(p[j]);
        in &= a[j] > 0;
      }
      if (in) {
        mjtNum near = 0, sum = 0;
        for (int j = 0; j < 3; j++) {
          mjtNum depth = a[j] * a[j] / s[j], r = s[j] / a[j];
          near = j == 0 || depth < near ? depth : near;
          sum += r * r;
          g[j] = p[j] < 0 ? -r : r;
        }
        sn_normalize3(g);
        return -near * sqrt(sum);
      }
      mjtNum o[3];
      for (int j = 0; j < 3; j++) {
        o[j] = a[j] < 0 ? -a[j] : 0;
      }
      mjtNum len = sn_norm3(o);
      for (int j = 0; j < 3; j++) {
        g[j] = len > 0 ? (p[j] < 0 ? -o[j] : o[j]) / len : 0;
      }
      return len;
    }
    case mjGEOM_ELLIPSOID: {
      // 3.3.8's first-order estimate k0 (k0 - 1) / k1, descending along its unit gradient
      mjtNum s0[3], s1[3];
      for (int j = 0; j < 3; j++) {
        s0[j] = p[j] / s[j];
        s1[j] = s0[j] / s[j];
      }
      mjtNum k0 = sn_norm3(s0), k1 = sn_norm3(s1);
      if (!(k1 > 0)) {
        g[0] = g[1] = g[2] = 0;  // the centre: its true depth
        return -(s[0] < s[1] ? (s[0] < s[2] ? s[0] : s[2]) : (s[1] < s[2] ? s[1] : s[2]));
      }
      for (int j = 0; j < 3; j++) {
        mjtNum d0 = s0[j] / (k0 * s[j]), d1 = s1[j] / (k1 * s[j] * s[j]);
        g[j] = ((2 * k0 - 1) * d0 * k1 - (k0 * k0 - k0) * d1) / (k1 * k1);
      }
      sn_normalize3(g);
      return k0 * (k0 - 1) / k1;
    }
    default:
      g[0] = g[1] = g[2] = 0;
      return 0;
  }
}

//---------------------------------- geoms ---------------------------------------------------------

// Describe geom g; returns 0 when it has no field (an sdf geom without an octree).
static int sdf_geom_init(sdf_geom* G, const mjModel* m, const mjData* d, int g) {
  G->m = m;
  G->d = d;
  G->id = g;
  G->type = m->geom_type[g];
  G->pos = d->geom_xpos + 3 * g;
  G->mat = d->geom_xmat + 9 * g;
  G->size = m->geom_size + 3 * g;
  G->aabb = m->geom_aabb + 6 * g;
  G->oct = -1;
  mju_mat2Quat(G->quat, G->mat);
  mju_negPose(G->ipos, G->iquat, G->pos, G->quat);
  G->ray = G->type == mjGEOM_MESH;
  if (G->ray) {
    // also when the mesh has an octree (an sdf geom uses it): 3.3.8's contacts are then
    // bit for bit those of the same mesh without one (collide_sdf_mesh_octree)
    return m->geom_dataid[g] >= 0;
  }
  if (G->type == mjGEOM_SDF) {
    int mesh = m->geom_dataid[g];
    if (mesh < 0 || m->mesh_octnum[mesh] <= 0) {
      return 0;
    }
    G->oct = m->mesh_octadr[mesh];
  }
  return 1;
}

// A mesh geom's field at the world point x (3.3.8's, measured: see the top of the file):
// r0 is where the ray from the world origin through x first meets the mesh (in units of
// |x|), r1 where the ray from x back towards the origin does; the value is 1 - r0 when r1
// exists (-1 when not), and the gradient is +-(1, 1, 1) in the geom's axes, + only inside
// the mesh with the origin behind it (r1 found and r0 > 1).
static mjtNum mesh_field(const sdf_geom* G, const mjtNum x[3], mjtNum step[3]) {
  static const mjtNum zero[3] = {0, 0, 0};
  mjtNum back[3];
  sn_scl3(back, x, -1);
  mjtNum r0 = mj_rayMesh(G->m, G->d, G->id, zero, x);
  mjtNum r1 = mj_rayMesh(G->m, G->d, G->id, x, back);
  int found = r1 >= 0;  // a hit at the start point itself (+0) counts
  mjtNum sgn = found && r0 > 1 ? 1 : -1;
  step[0] = step[1] = step[2] = sgn;
  return found ? 1 - r0 : -1;
}

// Field of a geom at the world point x.
static void sdf_eval(const sdf_geom* G, const mjtNum x[3], sdf_val* r) {
  mjtNum p[3], step[3], unit[3];
  mju_trnVecPose(p, G->ipos, G->iquat, x);
  if (G->ray) {
    r->v = mesh_field(G, x, step);
    for (int j = 0; j < 3; j++) {
      unit[j] = step[j] / sqrt(3.0);
    }
  } else if (G->oct >= 0) {
    r->v = oct_field(G->m, G->oct, p, step, unit);
  } else {
    r->v = sn_sdf_primitive(G->type, G->size, p, step);
    sn_copy3(unit, step);
  }
  sn_mulMatVec3(r->step, G->mat, step);
  sn_mulMatVec3(r->unit, G->mat, unit);
  if (r->unit[0] == 0 && r->unit[1] == 0 && r->unit[2] == 0) {
    r->unit[0] = 1;  // a zero gradient normalized as mju_normalize3 does, in the world frame
  }
}

//---------------------------------- descent -------------------------------------------------------

// Objective: 0 = max(A, B), 1 = A + B + |max(A, B)|.
static mjtNum sdf_objective(int kind, const sdf_val* a, const sdf_val* b) {
  mjtNum mx = a->v > b->v ? a->v : b->v;
  return kind ? a->v + b->v + fabs(mx) : mx;
}

static void sdf_gradient(int kind, const sdf_val* a, const sdf_val* b, mjtNum g[3]) {
  const mjtNum* gmax = a->v > b->v ? a->step : b->step;
  if (!kind) {
    sn_copy3(g, gmax);
    return;
  }
  mjtNum mx = a->v > b->v ? a->v : b->v;
  mjtNum sgn = mx > 0 ? 1 : mx < 0 ? -1 : 0;
  for (int j = 0; j < 3; j++) {
    g[j] = a->step[j] + b->step[j] + sgn * gmax[j];
  }
}

// One line-search step of objective kind from x; returns 1 if it lowered the objective.
static int sdf_step(const sdf_geom* G1, const sdf_geom* G2, int kind, mjtNum x[3]) {
  sdf_val a, b;
  sdf_eval(G1, x, &a);
  sdf_eval(G2, x, &b);
  mjtNum f0 = sdf_objective(kind, &a, &b), g[3];
  sdf_gradient(kind, &a, &b, g);
  mjtNum gg = sn_dot3(g, g), t = 1, f = f0, y[3];
  for (int k = 0; k < SDF_LS_TRIALS; k++) {
    for (int j = 0; j < 3; j++) {
      y[j] = x[j] - t * g[j];
    }
    sdf_eval(G1, y, &a);
    sdf_eval(G2, y, &b);
    f = sdf_objective(kind, &a, &b);
    if (f < f0 - SDF_LS_ARMIJO * t * gg) {
      break;
    }
    t *= 0.5;
  }
  sn_copy3(x, y);
  return f < f0;
}

int sn_collide_sdf(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                   mjtNum margin) {
  (void)margin;
  sdf_geom G1, G2;
  if (!sdf_geom_init(&G1, m, d, g1) || !sdf_geom_init(&G2, m, d, g2)) {
    return 0;
  }

  // sampling box in geom1's frame: its own box and the box around geom2's
  mjtNum lo[3], hi[3], rel[3], c2[3], w2[3], rmat[9];
  sn_mulMatVec3(w2, G2.mat, G2.aabb);
  sn_addTo3(w2, G2.pos);
  sn_sub3(rel, w2, G1.pos);
  sn_mulMatTVec3(c2, G1.mat, rel);
  for (int i = 0; i < 3; i++) {
    for (int k = 0; k < 3; k++) {
      rmat[3 * i + k] = G1.mat[i] * G2.mat[k] + G1.mat[3 + i] * G2.mat[3 + k] +
                        G1.mat[6 + i] * G2.mat[6 + k];
    }
  }
  for (int i = 0; i < 3; i++) {
    mjtNum h2 = fabs(rmat[3 * i]) * G2.aabb[3] + fabs(rmat[3 * i + 1]) * G2.aabb[4] +
                fabs(rmat[3 * i + 2]) * G2.aabb[5];
    mjtNum lo1 = G1.aabb[i] - G1.aabb[3 + i], hi1 = G1.aabb[i] + G1.aabb[3 + i];
    lo[i] = lo1 > c2[i] - h2 ? lo1 : c2[i] - h2;
    hi[i] = hi1 < c2[i] + h2 ? hi1 : c2[i] + h2;
    if (lo[i] > hi[i]) {
      return 0;
    }
  }

  int npoint = m->opt.sdf_initpoints, niter = m->opt.sdf_iterations, ncon = 0;
  static const int base[3] = {2, 3, 5};
  for (int i = 0; i < npoint && ncon < mjMAXCONPAIR; i++) {
    mjtNum local[3], x[3];
    for (int j = 0; j < 3; j++) {
      local[j] = lo[j] + mju_Halton(i, base[j]) * (hi[j] - lo[j]);
    }
    mju_trnVecPose(x, G1.pos, G1.quat, local);

    for (int it = 0; it < niter; it++) {
      if (!sdf_step(&G1, &G2, 1, x)) {
        break;
      }
    }
    sdf_step(&G1, &G2, 0, x);

    sdf_val a, b;
    sdf_eval(&G1, x, &a);
    sdf_eval(&G2, x, &b);
    mjtNum dist = a.v > b.v ? a.v : b.v;
    if (dist > 0) {  // the margin plays no part in 3.3.8
      continue;
    }
    mjtNum n[3], pos[3];
    sn_sub3(n, a.unit, b.unit);
    sn_normalize3(n);
    sn_addScl3(pos, x, n, -dist / 2);
    sn_set_contact(con + ncon, dist, pos, n, NULL);
    ncon++;
  }
  return ncon;
}

mjtNum sn_sdf_mesh_distance(const mjModel* m, int mesh, const mjtNum p[3]) {
  if (mesh < 0 || mesh >= m->nmesh || m->mesh_octnum[mesh] <= 0) {
    return 1;
  }
  mjtNum step[3], unit[3];
  return oct_field(m, m->mesh_octadr[mesh], p, step, unit);
}
