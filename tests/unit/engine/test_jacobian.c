// Jacobians against finite differences of the kinematics: point and rotation
// Jacobians, their time derivatives, the subtree com Jacobian, axis Jacobians;
// mj_applyFT as J'*f and mj_objectVelocity as J*qvel.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static const char* kTree = SN_TEST_TREE_XML_WITH("<site pos='.2 .1 0'/>", "");

enum { NV = 14 };  // nv of kTree

static void stages(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_comVel(m, d);
}

static void random_state(const mjModel* m, mjData* d, unsigned seed) {
  sn_test_random_qpos_qvel(m, d, seed);
  stages(m, d);
}

// global position of the body-local point loc, and global direction of axis
static void attached(const mjData* d, int b, const mjtNum loc[3], mjtNum pos[3]) {
  mju_mulMatVec3(pos, d->xmat + 9 * b, loc);
  mju_addTo3(pos, d->xpos + 3 * b);
}

// Move qpos by qvel*t from the saved configuration q0 and rerun the stages.
static void move(const mjModel* m, mjData* d, const mjtNum* q0, mjtNum t) {
  memcpy(d->qpos, q0, sizeof(mjtNum) * m->nq);
  mj_integratePos(m, d->qpos, d->qvel, t);
  stages(m, d);
}

static void test_velocity_and_derivative(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  assert_int_equal(m->nv, NV);
  random_state(m, d, 21);
  mjtNum q0[32];
  memcpy(q0, d->qpos, sizeof(mjtNum) * m->nq);
  const mjtNum loc[3] = {0.1, -0.2, 0.15};
  const mjtNum h = 1e-6;

  for (int b = 1; b < m->nbody; b++) {
    mjtNum jp[3 * NV], jr[3 * NV], jpd[3 * NV], jrd[3 * NV], point[3], v[3], w[3];
    attached(d, b, loc, point);
    mj_jac(m, d, jp, jr, point, b);
    mj_jacDot(m, d, jpd, jrd, point, b);
    mju_mulMatVec(v, jp, d->qvel, 3, NV);
    mju_mulMatVec(w, jr, d->qvel, 3, NV);

    // positions, orientations and Jacobians at q -/+ h*qvel
    mjtNum p[2][3], R[2][9], JP[2][3 * NV], JR[2][3 * NV];
    for (int s = 0; s < 2; s++) {
      move(m, d, q0, s ? h : -h);
      attached(d, b, loc, p[s]);
      memcpy(R[s], d->xmat + 9 * b, sizeof(R[s]));
      mjtNum pt[3];
      attached(d, b, loc, pt);
      mj_jac(m, d, JP[s], JR[s], pt, b);
    }
    move(m, d, q0, 0);

    // linear velocity
    for (int k = 0; k < 3; k++) {
      assert_near(v[k], (p[1][k] - p[0][k]) / (2 * h), 1e-7);
    }
    // angular velocity: skew(w) = dR/dt * R'
    mjtNum Rd[9], W[9];
    for (int k = 0; k < 9; k++) {
      Rd[k] = (R[1][k] - R[0][k]) / (2 * h);
    }
    mju_mulMatMatT(W, Rd, d->xmat + 9 * b, 3, 3, 3);
    assert_near(w[0], W[7], 1e-7);
    assert_near(w[1], W[2], 1e-7);
    assert_near(w[2], W[3], 1e-7);
    // Jacobian time derivatives
    for (int k = 0; k < 3 * NV; k++) {
      assert_near(jpd[k], (JP[1][k] - JP[0][k]) / (2 * h), 1e-6);
      assert_near(jrd[k], (JR[1][k] - JR[0][k]) / (2 * h), 1e-6);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_subtree_com_and_axis(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 4);
  mjtNum q0[32];
  memcpy(q0, d->qpos, sizeof(mjtNum) * m->nq);
  const mjtNum h = 1e-6, local_axis[3] = {0.6, 0, 0.8};

  for (int b = 0; b < m->nbody; b++) {
    mjtNum js[3 * NV], jax[3 * NV], vcom[3], vax[3], axis[3];
    mj_jacSubtreeCom(m, d, js, b);
    mju_mulMatVec(vcom, js, d->qvel, 3, NV);
    mju_mulMatVec3(axis, d->xmat + 9 * b, local_axis);
    mj_jacPointAxis(m, d, NULL, jax, d->xpos + 3 * b, axis, b);
    mju_mulMatVec(vax, jax, d->qvel, 3, NV);

    mjtNum c[2][3], a[2][3];
    for (int s = 0; s < 2; s++) {
      move(m, d, q0, s ? h : -h);
      mju_copy3(c[s], d->subtree_com + 3 * b);
      mju_mulMatVec3(a[s], d->xmat + 9 * b, local_axis);
    }
    move(m, d, q0, 0);
    for (int k = 0; k < 3; k++) {
      assert_near(vcom[k], (c[1][k] - c[0][k]) / (2 * h), 1e-7);
      assert_near(vax[k], (a[1][k] - a[0][k]) / (2 * h), 1e-7);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_applyFT_and_object_velocity(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 8);
  const mjtNum f[3] = {1, -2, 0.5}, t[3] = {0.3, 0.1, -1};
  for (int b = 1; b < m->nbody; b++) {
    mjtNum jp[3 * NV], jr[3 * NV], qfrc[NV], ref[NV], tmp[NV];
    mjtNum* point = d->xipos + 3 * b;
    mj_jac(m, d, jp, jr, point, b);
    for (int i = 0; i < NV; i++) {
      qfrc[i] = 1;
    }
    mj_applyFT(m, d, f, t, point, b, qfrc);
    mju_mulMatTVec(ref, jp, f, 3, NV);
    mju_mulMatTVec(tmp, jr, t, 3, NV);
    for (int i = 0; i < NV; i++) {
      assert_near(qfrc[i], 1 + ref[i] + tmp[i], 1e-12);
    }

    // body (inertial frame) velocity, global and local
    mjtNum vel[6], loc[6], w[3], v[3];
    mj_objectVelocity(m, d, mjOBJ_BODY, b, vel, 0);
    mj_objectVelocity(m, d, mjOBJ_BODY, b, loc, 1);
    mju_mulMatVec(w, jr, d->qvel, 3, NV);
    mju_mulMatVec(v, jp, d->qvel, 3, NV);
    for (int k = 0; k < 3; k++) {
      assert_near(vel[k], w[k], 1e-12);
      assert_near(vel[3 + k], v[k], 1e-12);
    }
    mjtNum wl[3], vl[3];
    mju_mulMatTVec3(wl, d->ximat + 9 * b, w);
    mju_mulMatTVec3(vl, d->ximat + 9 * b, v);
    for (int k = 0; k < 3; k++) {
      assert_near(loc[k], wl[k], 1e-12);
      assert_near(loc[3 + k], vl[k], 1e-12);
    }

    // the convenience wrappers use the right points
    mjtNum a[3 * NV], c[3 * NV];
    mj_jacBody(m, d, a, NULL, b);
    mj_jac(m, d, c, NULL, d->xpos + 3 * b, b);
    assert_memory_equal(a, c, sizeof(a));
  }
  mjtNum a[3 * NV], c[3 * NV], ar[3 * NV], cr[3 * NV];
  mj_jacSite(m, d, a, ar, 0);
  mj_jac(m, d, c, cr, d->site_xpos, m->site_bodyid[0]);
  assert_memory_equal(a, c, sizeof(a));
  assert_memory_equal(ar, cr, sizeof(ar));
  mj_jacGeom(m, d, a, ar, 2);
  mj_jac(m, d, c, cr, d->geom_xpos + 6, m->geom_bodyid[2]);
  assert_memory_equal(a, c, sizeof(a));
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_velocity_and_derivative),
      cmocka_unit_test(test_subtree_com_and_axis),
      cmocka_unit_test(test_applyFT_and_object_velocity),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
