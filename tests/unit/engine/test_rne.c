// mj_rne and mj_rnePostConstraint: inverse dynamics equals M*qacc + bias, the
// analytic gravity torque of a pendulum, the skew-symmetry of the Coriolis terms,
// disabled gravity, the force balance of a free body, and the external forces
// (contacts, connect) on bodies at rest.
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

static const char* kTree = SN_TEST_TREE_XML;

static void position_stages(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
}

static void random_state(const mjModel* m, mjData* d, unsigned seed) {
  for (int i = 0; i < m->nq; i++) {
    d->qpos[i] = m->qpos0[i] + 0.8 * sn_test_rnd(&seed);
  }
  mj_normalizeQuat(m, d->qpos);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = sn_test_rnd(&seed);
    d->qacc[i] = sn_test_rnd(&seed);
  }
  position_stages(m, d);
  mj_comVel(m, d);
}

static void test_inverse_dynamics(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 5);
  int nv = m->nv;
  mjtNum full[32], bias[32], Ma[32];
  assert_true(nv <= 32);
  mj_rne(m, d, 1, full);
  mj_rne(m, d, 0, bias);
  mj_mulM(m, d, Ma, d->qacc);
  for (int i = 0; i < nv; i++) {
    assert_near(full[i], Ma[i] + bias[i], 1e-10);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// point-like mass at distance l on a hinge about y: bias = dV/dq = -m*g*l*cos(q)
static void test_pendulum_gravity(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><joint axis='0 1 0'/>"
      "<geom type='sphere' size='0.01' mass='3' pos='0.5 0 0'/></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.6;
  position_stages(m, d);
  mj_comVel(m, d);
  mjtNum bias;
  mj_rne(m, d, 0, &bias);
  assert_near(bias, -3 * 9.81 * 0.5 * cos(0.6), 1e-12);

  m->opt.disableflags |= mjDSBL_GRAVITY;
  mj_rne(m, d, 0, &bias);
  assert_near(bias, 0, 1e-15);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// without gravity, qvel'*bias = 0.5*qvel'*dM/dt*qvel (Coriolis skew symmetry)
static void test_coriolis_power(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  m->opt.disableflags |= mjDSBL_GRAVITY;
  mjData* d = mj_makeData(m);
  random_state(m, d, 9);
  int nv = m->nv, nq = m->nq;
  mjtNum bias[32], qpos[64], Mv[32], qvel[32];
  mj_rne(m, d, 0, bias);
  mjtNum power = mju_dot(bias, d->qvel, nv);

  // d/dt (v'*M*v) at fixed v by central differences along v
  memcpy(qpos, d->qpos, sizeof(mjtNum) * nq);
  memcpy(qvel, d->qvel, sizeof(mjtNum) * nv);
  mjtNum h = 1e-6, e[2];
  for (int s = 0; s < 2; s++) {
    memcpy(d->qpos, qpos, sizeof(mjtNum) * nq);
    mj_integratePos(m, d->qpos, qvel, s ? h : -h);
    position_stages(m, d);
    mj_mulM(m, d, Mv, qvel);
    e[s] = mju_dot(Mv, qvel, nv);
  }
  mjtNum Mdot = (e[1] - e[0]) / (2 * h);
  assert_near(power, 0.5 * Mdot, 1e-6 * (1 + fabs(power)));
  mj_deleteData(d);
  mj_deleteModel(m);
}

// a free body pushed by xfrc_applied with the matching acceleration: the free joint
// transmits nothing, and the body accelerates at F/m + g
static void test_post_constraint_free_body(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body pos='0 0 1' euler='10 20 30'><freejoint/>"
      "<geom type='box' size='.1 .2 .3' pos='.1 0 0'/></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  unsigned seed = 2;
  for (int i = 0; i < 6; i++) {
    d->qvel[i] = sn_test_rnd(&seed);
    d->xfrc_applied[6 + i] = 3 * sn_test_rnd(&seed);
  }
  position_stages(m, d);
  mj_comVel(m, d);
  mjtNum bias[6], qfrc[6] = {0};
  mj_rne(m, d, 0, bias);
  mj_applyFT(m, d, d->xfrc_applied + 6, d->xfrc_applied + 9, d->xipos + 3, 1, qfrc);
  for (int i = 0; i < 6; i++) {
    qfrc[i] -= bias[i];
  }
  mj_solveM(m, d, d->qacc, qfrc, 1);
  mj_rnePostConstraint(m, d);

  for (int k = 0; k < 6; k++) {
    assert_near(d->cfrc_int[6 + k], 0, 1e-10);
  }
  // cacc is the spatial acceleration at the com (origin of the com frame here) offset
  // by -gravity; the com itself accelerates at cacc + gravity + w x v = F/m + gravity
  mjtNum mass = m->body_mass[1], wxv[3];
  mju_cross(wxv, d->cvel + 6, d->cvel + 9);
  for (int k = 0; k < 3; k++) {
    assert_near(d->cacc[9 + k] + wxv[k], d->xfrc_applied[6 + k] / mass, 1e-10);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Step a model until its free body rests, then check that the external force on the
// body (contacts or a connect, in the com frame of its own subtree) carries exactly its
// weight through its com, and that the free joint transmits nothing.
static void check_rests_on_external(const char* xml) {
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  for (int i = 0; i < 3000; i++) {
    mj_step(m, d);
  }
  mj_forward(m, d);
  assert_true(mju_norm(d->qvel, m->nv) < 1e-6);
  mj_rnePostConstraint(m, d);
  mjtNum weight = m->body_mass[1] * 9.81;
  for (int k = 0; k < 6; k++) {
    assert_near(d->cfrc_ext[6 + k], k == 5 ? weight : 0, 1e-5 * weight);
    assert_near(d->cfrc_int[6 + k], 0, 1e-5 * weight);
    assert_near(d->cacc[6 + k], k == 5 ? 9.81 : 0, 1e-5);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// a box resting on a plane: the contact forces add up to its weight
static void test_post_constraint_resting_box(void** state) {
  (void)state;
  check_rests_on_external(
      "<mujoco><option cone='elliptic'/><worldbody><geom type='plane' size='1 1 .1'/>"
      "<body pos='0 0 .11'><freejoint/><geom type='box' size='.1 .2 .1' pos='.02 0 0'/>"
      "</body></worldbody></mujoco>");
  check_rests_on_external(
      "<mujoco><worldbody><geom type='plane' size='1 1 .1'/>"
      "<body pos='0 0 .11'><freejoint/><geom type='box' size='.1 .2 .1'/>"
      "</body></worldbody></mujoco>");
}

// a box hanging from the world by a connect anchored away from its com (its weight
// then passes through the anchor). A weld is not checked this way: 3.3.8 reports its
// rotational row forces as the torque itself, which does not balance exactly.
static void test_post_constraint_hanging_box(void** state) {
  (void)state;
  check_rests_on_external(
      "<mujoco><worldbody><body name='b' pos='0 0 1' euler='10 20 30'>"
      "<joint type='free' damping='3'/><geom type='box' size='.1 .2 .1'/></body>"
      "</worldbody><equality><connect body1='b' anchor='.1 .05 .1'/></equality></mujoco>");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_inverse_dynamics),
      cmocka_unit_test(test_pendulum_gravity),
      cmocka_unit_test(test_coriolis_power),
      cmocka_unit_test(test_post_constraint_free_body),
      cmocka_unit_test(test_post_constraint_resting_box),
      cmocka_unit_test(test_post_constraint_hanging_box),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
