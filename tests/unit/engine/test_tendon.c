// mj_tendon: analytic lengths (a string over a sphere: two tangent segments and an arc;
// a helix around a cylinder), the Jacobian against finite differences of the length
// (also across wraps, pulleys and side sites), the optimality of a path pulled through
// an inside side site, fixed tendons, and sparse rows equal to dense ones.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static void position(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_tendon(m, d);
}

// Tendon t's Jacobian as a dense row (sparse or dense storage).
static void dense_row(const mjModel* m, const mjData* d, int t, mjtNum* row) {
  mju_zero(row, m->nv);
  if (mj_isSparse(m)) {
    int adr = d->ten_J_rowadr[t];
    for (int k = 0; k < d->ten_J_rownnz[t]; k++) {
      row[d->ten_J_colind[adr + k]] = d->ten_J[adr + k];
    }
  } else {
    mju_copy(row, d->ten_J + (size_t)t * m->nv, m->nv);
  }
}

// A string from (-2, 0, 0.5) to (2, 0, 0.5) over a unit sphere at the origin: two
// tangent segments of length sqrt(|p|^2 - 1) and the arc between the tangent points.
static void test_sphere_analytic(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom name='g' size='1'/>"
      "<site name='a' pos='-2 0 0.5'/><site name='b' pos='2 0 0.5'/></worldbody>"
      "<tendon><spatial><site site='a'/><geom geom='g'/><site site='b'/></spatial></tendon>"
      "</mujoco>");
  mjData* d = mj_makeData(m);
  position(m, d);
  mjtNum dist = sqrt(4.25), tangent = sqrt(dist * dist - 1);
  // angle between the end points over the top, less the two tangent angles
  mjtNum spread = mjPI - 2 * atan2(0.5, 2);
  mjtNum arc = spread - 2 * acos(1 / dist);
  assert_float_equal(d->ten_length[0], 2 * tangent + arc, 1e-12);
  assert_int_equal(d->ten_wrapnum[0], 4);
  assert_int_equal(d->wrap_obj[1], 0);
  assert_int_equal(d->wrap_obj[2], 0);
  // tangent points on the sphere, symmetric, on the upper side
  for (int k = 1; k <= 2; k++) {
    assert_float_equal(mju_norm3(d->wrap_xpos + 3 * k), 1, 1e-12);
    assert_true(d->wrap_xpos[3 * k + 2] > 0);
  }
  assert_float_equal(d->wrap_xpos[3], -d->wrap_xpos[6], 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A helix: around a vertical cylinder of radius 1 from (-2, 0, -0.3) to (2, 0.5, 0.9),
// the unrolled path is a straight line of the planar length and the height change.
static void test_cylinder_analytic(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom name='g' type='cylinder' size='1 0.1'/>"
      "<site name='a' pos='-2 0 -0.3'/><site name='b' pos='2 0.5 0.9'/></worldbody>"
      "<tendon><spatial><site site='a'/><geom geom='g'/><site site='b'/></spatial></tendon>"
      "</mujoco>");
  mjData* d = mj_makeData(m);
  position(m, d);
  // planar problem: a = (-2, 0), b = (2, 0.5); the path goes around the side the
  // segment passes (y > 0 at x = 0: the segment is at y = 0.25, inside the circle)
  mjtNum la = sqrt(4 - 1), lb = sqrt(4.25 - 1);
  mjtNum ta = mjPI - acos(1 / 2.0);               // tangent angle from a (upper side)
  mjtNum tb = atan2(0.5, 2) + acos(1 / sqrt(4.25));  // tangent angle from b
  mjtNum planar = la + lb + (ta - tb);
  assert_float_equal(d->ten_length[0], sqrt(planar * planar + 1.2 * 1.2), 1e-12);
  // the tangent points on the cylinder surface, heights proportional to the path
  assert_float_equal(d->wrap_xpos[3 * 1 + 2], -0.3 + 1.2 * la / planar, 1e-12);
  assert_float_equal(d->wrap_xpos[3 * 2 + 2], -0.3 + 1.2 * (planar - lb) / planar, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static const char* kChain =
    "<mujoco><option jacobian='%s'/><worldbody>"
    "<site name='w' pos='-0.3 0.02 1.25'/>"
    "<body pos='0 0 1'><joint name='h' axis='0 1 0'/><joint axis='1 0 0'/>"
    "  <geom name='s1' size='0.08' pos='0 0 0.1'/>"
    "  <geom type='capsule' fromto='0 0 0 0.4 0 0' size='0.03'/>"
    "  <site name='m' pos='0.3 -0.03 0.15'/><site name='in' pos='0.02 0 0.12'/>"
    "  <body pos='0.4 0 0'><joint axis='0 1 0'/><joint type='slide' axis='1 0 0'/>"
    "    <geom name='c1' type='cylinder' size='0.06 0.02' pos='0.1 0 0.12' euler='0 80 10'/>"
    "    <geom type='capsule' fromto='0 0 0 0.4 0 0' size='0.03'/>"
    "    <site name='t' pos='0.35 0.01 0.05'/><site name='side' pos='0.1 0 0.3'/></body>"
    "</body>"
    "<body pos='1 0 1'><freejoint/><geom type='box' size='0.05 0.05 0.05'/>"
    "  <site name='f' pos='0.05 0 0.02'/></body></worldbody>"
    "<tendon>"
    "<spatial><site site='w'/><geom geom='s1'/><site site='m'/><geom geom='c1' sidesite='side'/>"
    "  <site site='t'/><pulley divisor='2'/><site site='t'/><site site='f'/></spatial>"
    "<spatial><site site='w'/><geom geom='s1' sidesite='in'/><site site='t'/></spatial>"
    "<fixed><joint joint='h' coef='0.7'/></fixed>"
    "</tendon></mujoco>";

static mjModel* load_chain(const char* jacobian) {
  char xml[4000];
  snprintf(xml, sizeof(xml), kChain, jacobian);
  return sn_test_load(xml);
}

// d length / dq by central differences (qpos moved along each dof with mj_integratePos).
static void fd_row(const mjModel* m, mjData* d, int t, const mjtNum* qpos, mjtNum* row) {
  mjtNum eps = 1e-6;
  mjtNum* dq = (mjtNum*)calloc((size_t)m->nv, sizeof(mjtNum));
  for (int i = 0; i < m->nv; i++) {
    mjtNum len[2];
    for (int s = 0; s < 2; s++) {
      mju_copy(d->qpos, qpos, m->nq);
      mju_zero(dq, m->nv);
      dq[i] = s ? -eps : eps;
      mj_integratePos(m, d->qpos, dq, 1);
      position(m, d);
      len[s] = d->ten_length[t];
    }
    row[i] = (len[0] - len[1]) / (2 * eps);
  }
  free(dq);
  mju_copy(d->qpos, qpos, m->nq);
  position(m, d);
}

// The Jacobian is the gradient of the length, wraps (outside and inside side sites),
// pulleys and free bodies included, in several random states.
static void test_jacobian_fd(void** state) {
  (void)state;
  mjModel* m = load_chain("dense");
  mjData* d = mj_makeData(m);
  mjtNum* qpos = (mjtNum*)calloc((size_t)m->nq, sizeof(mjtNum));
  mjtNum* row = (mjtNum*)calloc((size_t)m->nv, sizeof(mjtNum));
  mjtNum* fd = (mjtNum*)calloc((size_t)m->nv, sizeof(mjtNum));
  int wrapped = 0;
  for (unsigned seed = 1; seed <= 12; seed++) {
    sn_test_random_qpos_qvel(m, d, seed);
    for (int i = 0; i < m->nq; i++) {
      // small moves keep the paths away from the places where a wrap switches on
      d->qpos[i] = m->qpos0[i] + 0.2 * (d->qpos[i] - m->qpos0[i]);
    }
    mj_normalizeQuat(m, d->qpos);
    mju_copy(qpos, d->qpos, m->nq);
    position(m, d);
    for (int k = 0; k < d->ten_wrapnum[0] + d->ten_wrapnum[1]; k++) {
      wrapped += d->wrap_obj[k] >= 0;
    }
    for (int t = 0; t < m->ntendon; t++) {
      dense_row(m, d, t, row);
      fd_row(m, d, t, qpos, fd);
      for (int i = 0; i < m->nv; i++) {
        assert_float_equal(row[i], fd[i], 1e-6);
      }
    }
  }
  assert_true(wrapped > 0);
  free(qpos);
  free(row);
  free(fd);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// The point a path is pulled through (side site inside the geom) reflects it: the two
// straight parts make equal angles with the sphere's normal there, up to where 3.3.8's
// Newton iteration stops (its residual, an angle, below 1e-6).
static void test_inside_reflection(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom name='g' size='1'/><site name='in' pos='0.1 0 0.2'/>"
      "<site name='a' pos='-2 0.3 1.4'/><site name='b' pos='2.5 -0.2 1.6'/></worldbody>"
      "<tendon><spatial><site site='a'/><geom geom='g' sidesite='in'/><site site='b'/>"
      "</spatial></tendon></mujoco>");
  mjData* d = mj_makeData(m);
  position(m, d);
  assert_int_equal(d->ten_wrapnum[0], 4);
  const mjtNum* a = d->wrap_xpos;
  const mjtNum* p = d->wrap_xpos + 3;
  const mjtNum* b = d->wrap_xpos + 9;
  assert_float_equal(mju_dist3(p, d->wrap_xpos + 6), 0, 1e-15);
  assert_float_equal(mju_norm3(p), 1, 1e-12);
  mjtNum ua[3], ub[3];
  mju_sub3(ua, a, p);
  mju_sub3(ub, b, p);
  mju_normalize3(ua);
  mju_normalize3(ub);
  // equal angles with the normal (p itself), and the bisector along it
  assert_float_equal(mju_dot3(ua, p), mju_dot3(ub, p), 1e-6);
  assert_float_equal(d->ten_length[0], mju_dist3(a, p) + mju_dist3(p, b), 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Fixed tendons: length sum coef*qpos, Jacobian the coefficients.
static void test_fixed(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><joint name='a' axis='0 1 0'/><geom size='0.1'/>"
      "<body pos='1 0 0'><joint name='b' type='slide'/><geom size='0.1'/></body></body>"
      "</worldbody><tendon><fixed><joint joint='a' coef='2'/><joint joint='b' coef='-0.5'/>"
      "</fixed></tendon></mujoco>");
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.3;
  d->qpos[1] = -0.4;
  position(m, d);
  assert_float_equal(d->ten_length[0], 0.6 + 0.2, 1e-15);
  assert_float_equal(d->ten_J[0], 2, 0);
  assert_float_equal(d->ten_J[1], -0.5, 0);
  assert_int_equal(d->ten_wrapnum[0], 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Sparse rows hold the same values as dense ones.
static void test_sparse_equals_dense(void** state) {
  (void)state;
  mjModel* md = load_chain("dense");
  mjModel* ms = load_chain("sparse");
  assert_false(mj_isSparse(md));
  assert_true(mj_isSparse(ms));
  mjData* dd = mj_makeData(md);
  mjData* ds = mj_makeData(ms);
  mjtNum* r1 = (mjtNum*)calloc((size_t)md->nv, sizeof(mjtNum));
  mjtNum* r2 = (mjtNum*)calloc((size_t)md->nv, sizeof(mjtNum));
  for (unsigned seed = 1; seed <= 5; seed++) {
    sn_test_random_qpos_qvel(md, dd, seed);
    mju_copy(ds->qpos, dd->qpos, md->nq);
    position(md, dd);
    position(ms, ds);
    for (int t = 0; t < md->ntendon; t++) {
      assert_float_equal(dd->ten_length[t], ds->ten_length[t], 0);
      dense_row(md, dd, t, r1);
      dense_row(ms, ds, t, r2);
      for (int i = 0; i < md->nv; i++) {
        assert_float_equal(r1[i], r2[i], 1e-15);
      }
    }
  }
  free(r1);
  free(r2);
  mj_deleteData(dd);
  mj_deleteData(ds);
  mj_deleteModel(md);
  mj_deleteModel(ms);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_sphere_analytic),
    cmocka_unit_test(test_cylinder_analytic),
    cmocka_unit_test(test_jacobian_fd),
    cmocka_unit_test(test_inside_reflection),
    cmocka_unit_test(test_fixed),
    cmocka_unit_test(test_sparse_equals_dense),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
