// mj_crb, mj_makeM, mj_factorM and the products and solves built on them:
// analytic pendulum inertia, M = sum of J'*inertia*J over bodies, L'DL solves,
// the half products, dense/sparse conversions and tendon armature.
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

// every joint type, a branching tree, bodies off their inertial frames, armature
static const char* kTree =
    "<mujoco><compiler angle='radian'/><worldbody>"
    "<body pos='0 0 1'><freejoint/><geom type='box' size='.1 .2 .3' pos='.05 0 0'/>"
    "  <body pos='.3 0 0'><joint type='ball' armature='.1'/>"
    "    <geom type='capsule' fromto='0 0 0 .4 0 0' size='.05'/>"
    "    <body pos='.4 0 0'><joint axis='0 1 0'/><joint type='slide' axis='1 0 0'/>"
    "      <geom type='box' size='.1 .05 .05' pos='.1 0 0'/></body></body>"
    "  <body pos='0 .3 0'><joint axis='1 0 0' pos='0 -.1 0' armature='.3'/>"
    "    <geom type='ellipsoid' size='.1 .2 .05' pos='0 .2 0'/></body></body>"
    "<body pos='1 0 0'><joint type='slide' axis='0 0 1'/><joint axis='1 1 0'/>"
    "  <geom type='box' size='.1 .2 .3' euler='.1 .2 .3'/></body>"
    "<body pos='2 0 0'><freejoint/><geom type='sphere' size='.2'/></body>"
    "</worldbody></mujoco>";

// a random configuration (unit quaternions) and velocity, then the position stages
static void random_state(const mjModel* m, mjData* d, unsigned seed) {
  sn_test_random_qpos_qvel(m, d, seed);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
}

static void test_pendulum(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><joint axis='0 1 0' armature='0.25'/>"
      "<geom type='sphere' size='0.1' mass='2' pos='0.7 0 0'/></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.3;
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  mjtNum expect = 2 * 0.7 * 0.7 + 0.4 * 2 * 0.1 * 0.1 + 0.25;
  assert_near(d->qM[0], expect, 1e-12);
  assert_near(d->M[0], expect, 1e-12);
  mj_factorM(m, d);
  assert_near(d->qLD[0], expect, 1e-12);
  assert_near(d->qLDiagInv[0], 1 / expect, 1e-12);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// M = sum over bodies of m*Jp'*Jp + Jr'*I*Jr at the body com, plus armature
static void test_crb_equals_jacobians(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 7);
  int nv = m->nv;
  mjtNum* M = calloc((size_t)nv * nv, sizeof(mjtNum));
  mjtNum* ref = calloc((size_t)nv * nv, sizeof(mjtNum));
  mjtNum* jp = calloc(3 * (size_t)nv, sizeof(mjtNum));
  mjtNum* jr = calloc(3 * (size_t)nv, sizeof(mjtNum));
  for (int b = 1; b < m->nbody; b++) {
    mj_jacBodyCom(m, d, jp, jr, b);
    // world inertia R*diag(I)*R'
    const mjtNum* R = d->ximat + 9 * b;
    mjtNum I[9];
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        I[3 * r + c] = 0;
        for (int k = 0; k < 3; k++) {
          I[3 * r + c] += R[3 * r + k] * m->body_inertia[3 * b + k] * R[3 * c + k];
        }
      }
    }
    for (int i = 0; i < nv; i++) {
      for (int j = 0; j < nv; j++) {
        mjtNum s = 0;
        for (int r = 0; r < 3; r++) {
          s += m->body_mass[b] * jp[r * nv + i] * jp[r * nv + j];
          for (int c = 0; c < 3; c++) {
            s += jr[r * nv + i] * I[3 * r + c] * jr[c * nv + j];
          }
        }
        ref[i * nv + j] += s;
      }
    }
  }
  for (int i = 0; i < nv; i++) {
    ref[i * nv + i] += m->dof_armature[i];
  }
  mj_fullM(m, M, d->qM);
  for (int k = 0; k < nv * nv; k++) {
    assert_near(M[k], ref[k], 1e-12);
  }
  // the compressed copy holds the same lower triangle
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < m->M_rownnz[i]; k++) {
      int adr = m->M_rowadr[i] + k;
      assert_near(d->M[adr], ref[i * nv + m->M_colind[adr]], 1e-12);
    }
  }
  // dense mj_addM adds the full symmetric matrix
  mjtNum* dense = calloc((size_t)nv * nv, sizeof(mjtNum));
  for (int k = 0; k < nv * nv; k++) {
    dense[k] = 1;
  }
  mj_addM(m, d, dense, NULL, NULL, NULL);
  for (int k = 0; k < nv * nv; k++) {
    assert_near(dense[k], 1 + ref[k], 1e-12);
  }
  free(dense);
  free(M);
  free(ref);
  free(jp);
  free(jr);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_solves(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 3);
  int nv = m->nv;
  unsigned seed = 11;
  mjtNum y[2 * 32], x[2 * 32], back[32], tmp[32];
  assert_true(nv <= 32);
  for (int i = 0; i < 2 * nv; i++) {
    y[i] = sn_test_rnd(&seed);
  }

  // M*x = y for two right-hand sides, and in place
  mj_solveM(m, d, x, y, 2);
  for (int v = 0; v < 2; v++) {
    mj_mulM(m, d, back, x + v * nv);
    for (int i = 0; i < nv; i++) {
      assert_near(back[i], y[v * nv + i], 1e-10);
    }
  }
  memcpy(tmp, y, sizeof(mjtNum) * nv);
  mj_solveM(m, d, tmp, tmp, 1);
  for (int i = 0; i < nv; i++) {
    assert_near(tmp[i], x[i], 1e-14);
  }

  // half products: |sqrt(D)*L*v|^2 = v'*M*v and |solveM2(y)|^2 = y'*inv(M)*y
  mjtNum sqrtInvD[32];
  for (int i = 0; i < nv; i++) {
    sqrtInvD[i] = sqrt(d->qLDiagInv[i]);
  }
  mj_mulM2(m, d, tmp, y);
  mj_mulM(m, d, back, y);
  assert_near(mju_dot(tmp, tmp, nv), mju_dot(y, back, nv), 1e-10);
  mj_solveM2(m, d, tmp, y, sqrtInvD, 1);
  assert_near(mju_dot(tmp, tmp, nv), mju_dot(y, x, nv), 1e-10);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// sparse mj_addM merges the pattern of M into the destination rows
static void test_addM_sparse(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><joint/><geom size='.1' pos='.2 0 0'/>"
      "<body pos='.3 0 0'><joint axis='1 0 0'/><geom size='.1' pos='.2 0 0'/></body>"
      "</body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  // destination: identity (diagonal only) with room for two entries per row
  mjtNum dst[4] = {1, 0, 1, 0};
  int rownnz[2] = {1, 1}, rowadr[2] = {0, 2}, colind[4] = {0, 0, 1, 0};
  mj_addM(m, d, dst, rownnz, rowadr, colind);
  assert_int_equal(rownnz[0], 1);
  assert_int_equal(rownnz[1], 2);
  assert_int_equal(colind[2], 0);
  assert_int_equal(colind[3], 1);
  assert_near(dst[0], 1 + d->M[0], 1e-15);
  assert_near(dst[2], d->M[1], 1e-15);
  assert_near(dst[3], 1 + d->M[2], 1e-15);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// a fixed tendon with armature a adds a*J'*J within the sparsity of M
static void test_tendon_armature(void** state) {
  (void)state;
  const char* base =
      "<mujoco><worldbody><body><joint name='a'/><geom size='.1' pos='.2 0 0'/>"
      "<body pos='.3 0 0'><joint name='b' axis='1 0 0'/><geom size='.1' pos='.2 0 0'/></body>"
      "</body></worldbody><tendon><fixed armature='%s'><joint joint='a' coef='2'/>"
      "<joint joint='b' coef='-3'/></fixed></tendon></mujoco>";
  char xml[1000];
  mjtNum qM[2][3];
  for (int k = 0; k < 2; k++) {
    snprintf(xml, sizeof(xml), base, k ? "0.5" : "0");
    char err[500] = "";
    mjModel* m = sn_test_try_load(xml, err, sizeof(err));
    if (!m) {
      skip();  // the loader does not read tendons yet
    }
    mjData* d = mj_makeData(m);
    d->qpos[0] = 0.4;
    d->qpos[1] = -0.2;
    mj_kinematics(m, d);
    mj_comPos(m, d);
    // the tendon Jacobian (dense for small models) is the coefficient row
    assert_false(mj_isSparse(m));
    d->ten_J[0] = 2;
    d->ten_J[1] = -3;
    mj_makeM(m, d);
    memcpy(qM[k], d->qM, sizeof(qM[k]));
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  assert_near(qM[1][0], qM[0][0] + 0.5 * 4, 1e-12);
  assert_near(qM[1][1], qM[0][1] + 0.5 * 9, 1e-12);
  assert_near(qM[1][2], qM[0][2] - 0.5 * 6, 1e-12);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pendulum),
      cmocka_unit_test(test_crb_equals_jacobians),
      cmocka_unit_test(test_solves),
      cmocka_unit_test(test_addM_sparse),
      cmocka_unit_test(test_tendon_armature),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
