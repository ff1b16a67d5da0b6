// The convex solver (support.c, gjk.c, epa.c, multiccd.c, convex.c) and
// mj_geomDistance: support functions are extremal, GJK distances and EPA depths
// are analytic for spheres and boxes, swapping the shapes flips the normal, rigid
// motions leave the distance unchanged, multiccd spans a face-face patch.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "collision/collision.h"
#include "collision/convex.h"
#include "convex_test_util.h"

static unsigned rng_state = 12345;
static double urand(void) {
  rng_state = rng_state * 1103515245u + 12345u;
  return ((rng_state >> 8) & 0xffffff) / (double)0xffffff * 2 - 1;
}

static void random_dir(mjtNum d[3]) {
  do {
    d[0] = urand();
    d[1] = urand();
    d[2] = urand();
  } while (mju_norm3(d) < 0.1);
  mju_normalize3(d);
}

static void random_pose(mjtNum pos[3], mjtNum mat[9]) {
  mjtNum q[4] = {urand(), urand(), urand(), urand()};
  if (mju_normalize4(q) < mjMINVAL) {
    q[0] = 1;
  }
  mju_quat2Mat(mat, q);
  for (int i = 0; i < 3; i++) {
    pos[i] = urand();
  }
}

static mjModel* option_model(void) {
  return load("<mujoco><worldbody><geom size='1'/></worldbody></mujoco>");
}

//---------------------------------- support functions ---------------------------------------------

static void test_support_extremal(void** state) {
  (void)state;
  shape_t sh[6];
  make_shape(&sh[0], mjGEOM_SPHERE, 0.3, 0, 0);
  make_shape(&sh[1], mjGEOM_CAPSULE, 0.2, 0.5, 0);
  make_shape(&sh[2], mjGEOM_ELLIPSOID, 0.1, 0.4, 0.7);
  make_shape(&sh[3], mjGEOM_CYLINDER, 0.3, 0.2, 0);
  make_shape(&sh[4], mjGEOM_BOX, 0.1, 0.2, 0.3);
  make_shape(&sh[5], SN_CONVEX_PRISM, 0, 0, 0);
  for (int k = 0; k < 6; k++) {
    for (int i = 0; i < 3; i++) {
      sh[5].s.prism[k][i] = urand();
    }
  }
  for (int k = 0; k < 6; k++) {
    random_pose(sh[k].pos, sh[k].mat);
    for (int trial = 0; trial < 200; trial++) {
      mjtNum d[3], d2[3], p[3], v[3];
      random_dir(d);
      sn_convex_support(p, &sh[k].s, d);
      // surface points: supports in other directions
      for (int j = 0; j < 20; j++) {
        random_dir(d2);
        sn_convex_support(v, &sh[k].s, d2);
        assert_true(mju_dot3(p, d) >= mju_dot3(v, d) - 1e-12);
      }
    }
  }
}

static void test_support_values(void** state) {
  (void)state;
  shape_t e, c;
  make_shape(&e, mjGEOM_ELLIPSOID, 0.1, 0.4, 0.7);
  make_shape(&c, mjGEOM_CYLINDER, 0.3, 0.2, 0);
  mjtNum d[3] = {0, 0, -2}, p[3];
  sn_convex_support(p, &e.s, d);
  assert_float_equal(p[2], -0.7, 1e-15);
  mjtNum d2[3] = {1, 1, 1};
  sn_convex_support(p, &c.s, d2);
  assert_float_equal(p[0], 0.3 / sqrt(2), 1e-15);
  assert_float_equal(p[2], 0.2, 1e-15);
  // margin inflates by half of it along the direction
  c.s.margin = 0.1;
  sn_convex_support(p, &c.s, d2);
  assert_float_equal(p[2], 0.2 + 0.05 / sqrt(3), 1e-15);
}

//---------------------------------- distances and depths ------------------------------------------

static void test_gjk_box_distance(void** state) {
  (void)state;
  mjModel* m = option_model();
  shape_t a, b;
  make_shape(&a, mjGEOM_BOX, 0.1, 0.2, 0.3);
  make_shape(&b, mjGEOM_BOX, 0.3, 0.2, 0.1);
  // separated along x with an offset in y: the distance is the face gap
  b.pos[0] = 0.1 + 0.3 + 0.25;
  b.pos[1] = 0.05;
  mjContact con;
  assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 1, &con), 1);
  assert_float_equal(con.dist, 0.25, 1e-12);
  assert_float_equal(con.frame[0], 1, 1e-12);
  // corner to corner: distance between the corners
  b.pos[0] = 0.1 + 0.3 + 0.2;
  b.pos[1] = 0.2 + 0.2 + 0.1;
  b.pos[2] = 0.3 + 0.1 + 0.05;
  assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 1, &con), 1);
  assert_float_equal(con.dist, sqrt(0.04 + 0.01 + 0.0025), 1e-12);
  assert_float_equal(con.pos[0], 0.2, 1e-12);
  // beyond the margin: no contact
  assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 0.2, &con), 0);
  mj_deleteModel(m);
}

static void test_gjk_sphere_distance(void** state) {
  (void)state;
  mjModel* m = option_model();
  shape_t a, b;
  // ellipsoids with equal axes are spheres the solver treats as general shapes
  make_shape(&a, mjGEOM_ELLIPSOID, 0.3, 0.3, 0.3);
  make_shape(&b, mjGEOM_ELLIPSOID, 0.2, 0.2, 0.2);
  for (int trial = 0; trial < 20; trial++) {
    mjtNum dir[3];
    random_dir(dir);
    mjtNum gap = 0.01 + 0.5 * fabs(urand());
    mju_scl3(b.pos, dir, 0.5 + gap);
    mjContact con;
    assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 10, &con), 1);
    // GJK on curved shapes stops once the squared bounds are within tolerance^2
    assert_float_equal(con.dist, gap, 1e-9);
    for (int i = 0; i < 3; i++) {
      assert_float_equal(con.frame[i], dir[i], 1e-3);
    }
  }
  mj_deleteModel(m);
}

static void test_epa_depth(void** state) {
  (void)state;
  // curved shapes need many EPA iterations for a depth within ccd_tolerance
  mjModel* m = load("<mujoco><option ccd_iterations='200'/><worldbody/></mujoco>");
  shape_t a, b;
  make_shape(&a, mjGEOM_ELLIPSOID, 0.3, 0.3, 0.3);
  make_shape(&b, mjGEOM_ELLIPSOID, 0.2, 0.2, 0.2);
  for (int trial = 0; trial < 20; trial++) {
    mjtNum dir[3];
    random_dir(dir);
    // shallow enough for EPA to converge within the default 35 iterations
    mjtNum depth = 0.005 + 0.03 * fabs(urand());
    mju_scl3(b.pos, dir, 0.5 - depth);
    mjContact con;
    assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 0, &con), 1);
    // EPA's depth is within ccd_tolerance of the true one
    assert_float_equal(con.dist, -depth, 2 * m->opt.ccd_tolerance);
    for (int i = 0; i < 3; i++) {
      assert_float_equal(con.frame[i], dir[i], 1e-2);
    }
  }
  // boxes: exact depth along the axis of least overlap, contact midway
  make_shape(&a, mjGEOM_BOX, 0.5, 0.5, 0.1);
  make_shape(&b, mjGEOM_BOX, 0.1, 0.1, 0.1);
  b.pos[0] = 0.1;
  b.pos[2] = 0.2 - 0.03;
  mjContact con;
  assert_int_equal(sn_convex_collide(m, &a.s, &b.s, 0, &con), 1);
  assert_float_equal(con.dist, -0.03, 1e-12);
  assert_float_equal(con.frame[2], 1, 1e-12);
  assert_float_equal(con.pos[2], 0.1 - 0.015, 1e-12);
  mj_deleteModel(m);
}

//---------------------------------- invariants ----------------------------------------------------

static void pair_shapes(shape_t* a, shape_t* b, int k) {
  static const int types[][2] = {{mjGEOM_ELLIPSOID, mjGEOM_CYLINDER}, {mjGEOM_BOX, mjGEOM_CYLINDER},
                                 {mjGEOM_CAPSULE, mjGEOM_ELLIPSOID}, {mjGEOM_BOX, mjGEOM_BOX},
                                 {mjGEOM_SPHERE, mjGEOM_BOX}, {mjGEOM_CYLINDER, mjGEOM_CYLINDER}};
  make_shape(a, types[k][0], 0.2, 0.3, 0.25);
  make_shape(b, types[k][1], 0.15, 0.1, 0.2);
}

static void test_swap_flips_normal(void** state) {
  (void)state;
  mjModel* m = option_model();
  for (int k = 0; k < 6; k++) {
    for (int trial = 0; trial < 10; trial++) {
      shape_t a, b;
      pair_shapes(&a, &b, k);
      random_pose(a.pos, a.mat);
      random_pose(b.pos, b.mat);
      mju_scl3(b.pos, b.pos, 0.4);
      mju_addTo3(b.pos, a.pos);
      mjContact c1, c2;
      int n1 = sn_convex_collide(m, &a.s, &b.s, 0.5, &c1);
      int n2 = sn_convex_collide(m, &b.s, &a.s, 0.5, &c2);
      assert_int_equal(n1, n2);
      if (!n1) {
        continue;
      }
      // the two runs take different paths: each depth is within ccd_tolerance of the
      // true one; on curved surfaces a depth error e allows a normal error of about
      // sqrt(2 e / curvature radius) ~ 5e-3 here, and the witness points move with it
      assert_float_equal(c1.dist, c2.dist, 2 * m->opt.ccd_tolerance);
      for (int i = 0; i < 3; i++) {
        assert_float_equal(c1.frame[i], -c2.frame[i], 1e-2);
        assert_float_equal(c1.pos[i], c2.pos[i], 1e-2);
      }
    }
  }
  mj_deleteModel(m);
}

static void test_rigid_motion_invariance(void** state) {
  (void)state;
  mjModel* m = option_model();
  for (int k = 0; k < 6; k++) {
    for (int trial = 0; trial < 10; trial++) {
      shape_t a, b;
      pair_shapes(&a, &b, k);
      random_pose(a.pos, a.mat);
      random_pose(b.pos, b.mat);
      mju_scl3(b.pos, b.pos, 0.4);
      mju_addTo3(b.pos, a.pos);
      mjContact c1, c2;
      int n1 = sn_convex_collide(m, &a.s, &b.s, 0.5, &c1);
      // move both by one rigid motion
      mjtNum t[3], R[9], tmp[9], p[3];
      random_pose(t, R);
      shape_t* s[2] = {&a, &b};
      for (int j = 0; j < 2; j++) {
        mju_mulMatVec3(p, R, s[j]->pos);
        mju_add3(s[j]->pos, p, t);
        mju_mulMatMat(tmp, R, s[j]->mat, 3, 3, 3);
        mju_copy(s[j]->mat, tmp, 9);
      }
      int n2 = sn_convex_collide(m, &a.s, &b.s, 0.5, &c2);
      assert_int_equal(n1, n2);
      if (n1) {
        // both runs are within ccd_tolerance of the true distance
        assert_float_equal(c1.dist, c2.dist, 2 * m->opt.ccd_tolerance);
      }
    }
  }
  mj_deleteModel(m);
}

// Capsule against ellipsoid at a pose where GJK's triangle step ends on a round-off tie:
// the projection lands just past the previous edge, and dropping to the new vertex
// alone restarted GJK, which then hit ccd_iterations 7.6e-6 short of the distance.
// The oracle's distance at this pose (3.3.8 converges here).
static void test_gjk_triangle_roundoff(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><option gravity='0 0 0'/><worldbody>"
      "<body><freejoint/><geom type='capsule' size='.2 .3'/></body>"
      "<body><freejoint/><geom type='ellipsoid' size='.15 .1 .2'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  static const mjtNum qpos[14] = {
      1.5048832148541975,   -0.5713889808373489,  1.0156842223094009,  0.34988264726975571,
      -0.84772940816047271, 0.27501893765473662,  0.28862010950497269, 1.5921903711133534,
      -0.45898738205279221, 1.300158118320716,    -0.1468696901975709, -0.42373248015878973,
      -0.61310039263405369, 0.6503752669895434};
  mju_copy(d->qpos, qpos, 14);
  mj_forward(m, d);
  assert_int_equal(d->ncon, 1);
  assert_float_equal(d->contact[0].dist, -0.062625762599302026, 1e-9);
  mj_deleteData(d);
  mj_deleteModel(m);
}

//---------------------------------- multiccd ------------------------------------------------------

static void test_multiccd_face_face(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><option><flag multiccd='enable'/></option><worldbody>"
      "<geom type='box' size='1 1 .1'/>"
      "<body pos='.2 .1 .19'><freejoint/><geom type='box' size='.1 .2 .1'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjContact con[mjMAXCONPAIR];
  // box-box has an analytic function; call the convex one directly
  int n = sn_collide_convex(m, d, con, 0, 1, 0);
  assert_int_equal(n, 4);
  for (int i = 0; i < n; i++) {
    assert_float_equal(con[i].dist, -0.01, 1e-12);
    assert_float_equal(con[i].frame[2], 1, 1e-12);
    assert_float_equal(con[i].pos[2], 0.1 - 0.005, 1e-12);
    assert_float_equal(fabs(con[i].pos[0] - 0.2), 0.1, 1e-12);
    assert_float_equal(fabs(con[i].pos[1] - 0.1), 0.2, 1e-12);
  }
  // without the flag: one contact
  m->opt.enableflags &= ~mjENBL_MULTICCD;
  assert_int_equal(sn_collide_convex(m, d, con, 0, 1, 0), 1);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Box meshes, one edge-down on the other's top face (poses and contacts from the oracle).
static void test_multiccd_face_edge(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><option gravity='0 0 0'><flag multiccd='enable'/></option>"
      "<asset><mesh name='box' scale='.025 .025 .025' vertex='-1 -1 -1  1 -1 -1  1 1 -1  "
      "1 1 1  1 -1 1  -1 1 -1  -1 1 1  -1 -1 1'/></asset><worldbody>"
      "<body><freejoint/><geom type='mesh' mesh='box'/></body>"
      "<body><freejoint/><geom type='mesh' mesh='box'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  // the edge crosses one side of the face: the clipped point first, then the end inside
  const mjtNum q1[14] = {0, 0, 0, 6.123233995736766e-17, 1, 0, 0,
                         -0.025989465748886328, -0.004950841532531587, 0.058345469665336845,
                         -0.02664317886012987, -0.08927988715202502, 0.9540729778798167,
                         0.28471739611391444};
  mju_copy(d->qpos, q1, 14);
  mj_forward(m, d);
  assert_int_equal(d->ncon, 2);
  assert_float_equal(d->contact[0].dist, -1.2668321898e-3, 1e-12);
  assert_float_equal(d->contact[0].pos[0], -0.0250000004, 1e-9);
  assert_float_equal(d->contact[0].pos[1], -0.0121017293, 1e-9);
  assert_float_equal(d->contact[1].pos[0], -0.0000857694, 1e-9);
  assert_float_equal(d->contact[1].pos[1], -0.0073977080, 1e-9);
  // the solver's witness lies where the edge crosses the face's side (an edge of the
  // lower box): one contact
  const mjtNum q2[14] = {0, 0, 0, 0.5000000000000001, 0.5, 0.5, -0.5,
                         -0.002133250502931536, 0.026458797229667565, 0.057538404281014074,
                         0.574294215760372, 0.07413096651791262, 0.7032102102523256,
                         -0.4125362453702451};
  mju_copy(d->qpos, q2, 14);
  mj_forward(m, d);
  assert_int_equal(d->ncon, 1);
  assert_float_equal(d->contact[0].pos[0], 0.0135492388, 1e-9);
  assert_float_equal(d->contact[0].pos[1], 0.0250000004, 1e-9);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Legacy multiccd (a cylinder on a box): each added contact lies midway between the
// witness points found with the geoms turned, not turned back (positions from the oracle,
// with a tolerance tight enough that both solvers converge to the same points).
static void test_multiccd_legacy_positions(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><option gravity='0 0 0' ccd_tolerance='1e-12' ccd_iterations='500'>"
      "<flag multiccd='enable'/></option><worldbody>"
      "<body><freejoint/><geom type='box' size='1 1 .3'/></body>"
      "<body><freejoint/><geom type='cylinder' size='.4 .03'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  const mjtNum q[14] = {0, 0, -0.3, 1, 0, 0, 0, 0.08964820291830611, 0.2173464479704138,
                        0.050605477173601754, 0.998327509304124, 0.055304507835196075,
                        0.016840296307696512, 0};
  mju_copy(d->qpos, q, 14);
  mj_forward(m, d);
  const mjtNum pos[5][3] = {
      {0.20437902819030712, -0.15943622317597356, -0.012682970753024785},
      {0.19801472662959518, -0.16132426685332926, -0.012679780792396273},
      {0.21064796455272322, -0.15746312490206471, -0.012679844365591927},
      {0.20634111949051107, -0.15885866106933658, -0.012682679471411518},
      {0.20247759619361144, -0.15998472577822639, -0.012682698846006648}};
  assert_int_equal(d->ncon, 5);
  for (int i = 0; i < 5; i++) {
    for (int k = 0; k < 3; k++) {
      assert_float_equal(d->contact[i].pos[k], pos[i][k], 1e-12);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

//---------------------------------- mj_geomDistance -----------------------------------------------

static void test_geom_distance(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><worldbody>"
      "<geom type='ellipsoid' size='.3 .3 .3'/>"
      "<geom type='sphere' size='.1' pos='1 0 0'/>"
      "<geom type='ellipsoid' size='.2 .2 .2' pos='0 0 2'/>"
      "<geom type='box' size='.1 .2 .3' pos='0 1.5 0'/>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjtNum ft[6];
  // sphere-ellipsoid: centres 1 apart
  mjtNum dist = mj_geomDistance(m, d, 0, 1, 10, ft);
  assert_float_equal(dist, 1 - 0.3 - 0.1, 1e-9);
  // the segment runs from the geom of lower type (the sphere) to the other, whichever
  // way the geoms are passed (as 3.3.8 does)
  assert_float_equal(ft[0], 0.9, 1e-6);
  assert_float_equal(ft[3], 0.3, 1e-6);
  mjtNum ft2[6];
  assert_float_equal(mj_geomDistance(m, d, 1, 0, 10, ft2), dist, 1e-12);
  for (int i = 0; i < 6; i++) {
    assert_float_equal(ft2[i], ft[i], 1e-12);
  }
  // spherical ellipsoids 2 apart
  assert_float_equal(mj_geomDistance(m, d, 0, 2, 10, NULL), 2 - 0.5, 1e-9);
  // box face to ellipsoid: 1.5 - 0.2 - 0.3
  assert_float_equal(mj_geomDistance(m, d, 0, 3, 10, ft), 1.0, 1e-9);
  assert_float_equal(ft[1], 0.3, 1e-6);
  assert_float_equal(ft[4], 1.3, 1e-6);
  // distmax caps the result and zeroes fromto
  assert_float_equal(mj_geomDistance(m, d, 0, 2, 0.5, ft), 0.5, 0);
  for (int i = 0; i < 6; i++) {
    assert_float_equal(ft[i], 0, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mj_geomDistance bit for bit against MuJoCo 3.3.8 (values printed by the oracle for this
// model): analytic pairs (sphere-capsule, sphere-box) give fromto from geom1 to geom2 as
// passed; box-box goes to the convex solver (its pair function's separated contacts are
// not nearest points); convex pairs give their raw witness points from the geom of lower
// type to the other; a sphere/capsule-mesh search that converges beyond distmax returns
// distmax with its witness points, one stopped by the cutoff test returns zeros.
typedef struct {
  int g1, g2;
  mjtNum distmax, dist, fromto[6];
} gd_case;

static void test_geom_distance_oracle(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><asset><mesh name='tet' vertex='0 0 0  .2 0 0  0 .15 0  0 0 .18  .1 .1 .1'/>"
      "</asset><worldbody>"
      "<geom type='sphere' size='.1'/>"
      "<geom type='capsule' size='.05 .1' pos='.3 .1 .05' euler='30 40 0'/>"
      "<geom type='box' size='.1 .1 .1' pos='0 .5 0'/>"
      "<geom type='box' size='.1 .1 .1' pos='.32 .55 .03' euler='10 20 30'/>"
      "<geom type='mesh' mesh='tet' pos='-.4 0 0' euler='15 25 35'/>"
      "<geom type='sphere' size='.05' pos='-.35 .25 .1'/>"
      "<geom type='box' size='.1 .05 .08' pos='.05 -.1 .3' euler='5 10 15'/>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  const gd_case cases[] = {
      {0, 1, 1, 0.12378650143553106,
       {0.08609673515509371, 0.05051462414355558, -0.005968663440751035, 0.1926728714537992,
        0.11304491008417113, -0.013357063096518334}},
      {1, 0, 1, 0.12378650143553106,
       {0.1926728714537992, 0.11304491008417113, -0.013357063096518334, 0.08609673515509371,
        0.05051462414355558, -0.005968663440751035}},
      {2, 3, 1, 0.05743358649320035,
       {0.1, 0.594251071332971, -0.01017466720982934, 0.15743358649320033, 0.594251071332971,
        -0.010174667209829347}},
      {3, 2, 1, 0.05743358649320035,
       {0.15743358649320033, 0.594251071332971, -0.010174667209829347, 0.1, 0.594251071332971,
        -0.01017466720982934}},
      {5, 4, 0.07, 0.07, {0, 0, 0, 0, 0, 0}},
      {0, 4, 1, 0.18201611616398375,
       {-0.09309995510687818, 0.03640504343387836, -0.002659167477745623, -0.26255687754283025,
        0.10266808958003512, -0.007499280843033973}},
      {4, 0, 0.17, 0.17,
       {-0.09309995510687818, 0.03640504343387836, -0.002659167477745623, -0.26255687754283025,
        0.10266808958003512, -0.007499280843033973}},
      {6, 0, 1, 0.13243624007535226,
       {0.045283816476099595, -0.038938583400987284, 0.2246325185462918, 0.01948225305202808,
        -0.0167523719142781, 0.09664263992287499}},
  };
  for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
    const gd_case* k = cases + c;
    mjtNum ft[6] = {7, 7, 7, 7, 7, 7};
    mjtNum dist = mj_geomDistance(m, d, k->g1, k->g2, k->distmax, ft);
    assert_true(dist == k->dist);
    for (int i = 0; i < 6; i++) {
      assert_true(ft[i] == k->fromto[i]);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}


//---------------------------------- robustness ----------------------------------------------------

// Every convex pair at random nearby poses, with and without multiccd and margins:
// finite results, unit normals, no more contacts than the contract allows.
static void test_random_pairs(void** state) {
  (void)state;
  mjModel* m = load(
      "<mujoco><option><flag multiccd='enable'/></option>"
      "<asset><mesh name='oct' vertex='1 0 0 -1 0 0 0 1 0 0 -1 0 0 0 1 0 0 -1' "
      "scale='.2 .15 .1'/>"
      "<mesh name='cube' vertex='-1 -1 -1 1 -1 -1 1 1 -1 1 1 1 1 -1 1 -1 1 -1 -1 1 1 -1 -1 1' "
      "scale='.1 .15 .2'/></asset><worldbody>"
      "<body><freejoint/><geom type='sphere' size='.1'/></body>"
      "<body><freejoint/><geom type='capsule' size='.05 .1'/></body>"
      "<body><freejoint/><geom type='ellipsoid' size='.1 .15 .2'/></body>"
      "<body><freejoint/><geom type='cylinder' size='.1 .1'/></body>"
      "<body><freejoint/><geom type='box' size='.1 .12 .14'/></body>"
      "<body><freejoint/><geom type='mesh' mesh='oct'/></body>"
      "<body><freejoint/><geom type='mesh' mesh='cube' margin='.02'/></body>"
      "<geom type='plane' size='1 1 .1'/>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mjContact con[mjMAXCONPAIR];
  for (int trial = 0; trial < 200; trial++) {
    for (int j = 0; j < m->njnt; j++) {
      mjtNum* q = d->qpos + m->jnt_qposadr[j];
      for (int i = 0; i < 3; i++) {
        q[i] = 0.15 * urand();
      }
      mjtNum quat[4] = {urand(), urand(), urand(), urand()};
      if (mju_normalize4(quat) < mjMINVAL) {
        quat[0] = 1;
      }
      mju_copy4(q + 3, quat);
    }
    mj_kinematics(m, d);
    if (trial == 100) {
      m->opt.enableflags &= ~mjENBL_MULTICCD;
    }
    for (int g1 = 0; g1 < m->ngeom; g1++) {
      for (int g2 = 0; g2 < m->ngeom; g2++) {
        int t1 = m->geom_type[g1], t2 = m->geom_type[g2];
        if (g1 == g2 || t1 > t2 || (t1 == t2 && g1 > g2)) {
          continue;
        }
        mjfCollision fn = sn_collide_table[t1][t2];
        if (fn != sn_collide_convex && fn != sn_collide_plane_convex) {
          continue;
        }
        mjtNum margin = mju_max(m->geom_margin[g1], m->geom_margin[g2]);
        int n = fn(m, d, con, g1, g2, margin);
        assert_true(n >= 0 && n <= mjMAXCONPAIR);
        for (int i = 0; i < n; i++) {
          assert_true(isfinite(con[i].dist) && con[i].dist < margin + 1e-9);
          assert_float_equal(mju_norm3(con[i].frame), 1, 1e-9);
          for (int k = 0; k < 3; k++) {
            assert_true(isfinite(con[i].pos[k]));
          }
        }
        mjtNum ft[6];
        mjtNum dist = mj_geomDistance(m, d, g1, g2, 1, ft);
        assert_true(isfinite(dist) && dist <= 1);
      }
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_support_extremal),
      cmocka_unit_test(test_support_values),
      cmocka_unit_test(test_gjk_box_distance),
      cmocka_unit_test(test_gjk_sphere_distance),
      cmocka_unit_test(test_epa_depth),
      cmocka_unit_test(test_swap_flips_normal),
      cmocka_unit_test(test_rigid_motion_invariance),
      cmocka_unit_test(test_gjk_triangle_roundoff),
      cmocka_unit_test(test_multiccd_face_face),
      cmocka_unit_test(test_multiccd_face_edge),
      cmocka_unit_test(test_multiccd_legacy_positions),
      cmocka_unit_test(test_geom_distance),
      cmocka_unit_test(test_geom_distance_oracle),
      cmocka_unit_test(test_random_pairs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
