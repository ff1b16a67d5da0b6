// Integrators and qpos manifold operations: closed-form checks (harmonic
// oscillator under RK4, implicit damping), convergence order, energy
// conservation, derivative consistency and the position round trip.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine/derivative.h"
#include "engine_test_model.h"

//---------------------------------- qpos manifold ---------------------------------------------------

static void test_integrate_differentiate(void** state) {
  (void)state;
  snTestBody b[4] = {
      {.parent = 0, .jnt = mjJNT_FREE, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 1, .jnt = mjJNT_BALL, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 2, .jnt = mjJNT_HINGE, .axis = {0, 0, 1}, .mass = 1, .inertia = {1, 1, 1}},
      {.parent = 3, .jnt = mjJNT_SLIDE, .axis = {1, 0, 0}, .mass = 1, .inertia = {1, 1, 1}},
  };
  mjModel* m = sn_test_model(b, 4, 0, 0);
  mjtNum qpos[14], qpos2[14], vel[11], vel2[11];
  mju_copy(qpos, m->qpos0, m->nq);
  mjtNum axis[3] = {1, 2, 3};
  mju_normalize3(axis);
  mju_axisAngle2Quat(qpos + 3, axis, 0.4);
  mju_axisAngle2Quat(qpos + 7, axis, -1.1);
  qpos[11] = 0.3;
  qpos[12] = -0.2;
  for (int i = 0; i < m->nv; i++) {
    vel[i] = 0.1 * (i + 1) * (i % 2 ? -1 : 1);
  }
  mju_copy(qpos2, qpos, m->nq);
  mj_integratePos(m, qpos2, vel, 0.5);
  // the integrated quaternions stay unit
  assert_float_equal(mju_norm(qpos2 + 3, 4), 1, 1e-14);
  assert_float_equal(mju_norm(qpos2 + 7, 4), 1, 1e-14);
  // scalar joints and free translation: plain Euler
  assert_float_equal(qpos2[0], qpos[0] + 0.5 * vel[0], 1e-15);
  assert_float_equal(qpos2[11], qpos[11] + 0.5 * vel[9], 1e-15);
  // differentiating recovers the velocity
  mj_differentiatePos(m, vel2, 0.5, qpos, qpos2);
  for (int i = 0; i < m->nv; i++) {
    assert_float_equal(vel2[i], vel[i], 1e-12);
  }
  // normalisation
  for (int k = 0; k < 4; k++) {
    qpos2[3 + k] *= 3;
  }
  mj_normalizeQuat(m, qpos2);
  assert_float_equal(mju_norm(qpos2 + 3, 4), 1, 1e-15);
  mj_deleteModel(m);
}

//---------------------------------- harmonic oscillator ---------------------------------------------

// slide joint, mass 2, stiffness 8: x'' = -4 x, x(t) = cos(2t) from x(0)=1, v(0)=0
static mjModel* oscillator(int integrator, mjtNum h) {
  snTestBody b[1] = {{.parent = 0, .jnt = mjJNT_SLIDE, .axis = {1, 0, 0}, .mass = 2,
                      .inertia = {1, 1, 1}}};
  mjModel* m = sn_test_model(b, 1, 0, 0);
  m->jnt_stiffness[0] = 8;
  m->opt.gravity[2] = 0;
  m->opt.integrator = integrator;
  m->opt.timestep = h;
  return m;
}

// |x(T) - cos(2T)| after T/h steps
static mjtNum oscillator_error(int integrator, mjtNum h, int nstep) {
  mjModel* m = oscillator(integrator, h);
  mjData* d = mj_makeData(m);
  d->qpos[0] = 1;
  for (int k = 0; k < nstep; k++) {
    mj_step(m, d);
  }
  mjtNum T = d->time;
  mjtNum err = fabs(d->qpos[0] - cos(2 * T)) + fabs(d->qvel[0] + 2 * sin(2 * T));
  mj_deleteData(d);
  mj_deleteModel(m);
  return err;
}

static void test_rk4_order(void** state) {
  (void)state;
  mjtNum e1 = oscillator_error(mjINT_RK4, 0.02, 20);
  mjtNum e2 = oscillator_error(mjINT_RK4, 0.01, 40);
  mjtNum e3 = oscillator_error(mjINT_RK4, 0.005, 80);
  // 4th order: halving h divides the error by ~16
  assert_true(e1 < 1e-7);
  assert_true(e1 / e2 > 13 && e1 / e2 < 19);
  assert_true(e2 / e3 > 13 && e2 / e3 < 19);
  // semi-implicit Euler is first order and far less accurate
  mjtNum eu = oscillator_error(mjINT_EULER, 0.02, 20);
  assert_true(eu > 1000 * e1);
}

static void test_rk4_one_step(void** state) {
  (void)state;
  // one RK4 step of x'' = -w^2 x is the degree-4 Taylor polynomial of the solution
  mjModel* m = oscillator(mjINT_RK4, 0.1);
  mjData* d = mj_makeData(m);
  d->qpos[0] = 1;
  mj_step(m, d);
  mjtNum z = 2 * 0.1, z2 = z * z;
  mjtNum x = 1 - z2 / 2 + z2 * z2 / 24;
  mjtNum v = -2 * (z - z2 * z / 6);
  assert_float_equal(d->qpos[0], x, 1e-15);
  assert_float_equal(d->qvel[0], v, 1e-15);
  assert_float_equal(d->time, 0.1, 1e-15);
  mj_deleteData(d);
  mj_deleteModel(m);
}

//---------------------------------- damping ---------------------------------------------------------

static void test_implicit_damping(void** state) {
  (void)state;
  // slide, mass 2 (+ armature 0.5), damping 30, h = 0.01, no gravity
  const int integ[3] = {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST};
  for (int k = 0; k < 3; k++) {
    mjModel* m = oscillator(integ[k], 0.01);
    m->jnt_stiffness[0] = 0;
    m->dof_damping[0] = 30;
    m->dof_armature[0] = 0.5;
    mjData* d = mj_makeData(m);
    d->qvel[0] = 1;
    mj_step(m, d);
    // backward Euler in velocity: v1 = v0 * M/(M + h*b)
    assert_float_equal(d->qvel[0], 2.5 / (2.5 + 0.3), 1e-14);
    assert_float_equal(d->qpos[0], 0.01 * d->qvel[0], 1e-16);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
  // Euler with implicit damping switched off: explicit velocity update
  mjModel* m = oscillator(mjINT_EULER, 0.01);
  m->dof_damping[0] = 30;
  m->dof_armature[0] = 0.5;
  m->jnt_stiffness[0] = 0;
  m->opt.disableflags = mjDSBL_EULERDAMP;
  mjData* d = mj_makeData(m);
  d->qvel[0] = 1;
  mj_step(m, d);
  assert_float_equal(d->qvel[0], 1 - 0.3 / 2.5, 1e-14);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_implicit_actuator(void** state) {
  (void)state;
  // velocity servo kv = 40 on a slide of mass 2: implicit methods damp it exactly
  const int integ[3] = {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST};
  for (int k = 0; k < 3; k++) {
    snTestBody b[1] = {{.parent = 0, .jnt = mjJNT_SLIDE, .axis = {1, 0, 0}, .mass = 2,
                        .inertia = {1, 1, 1}}};
    mjModel* m = sn_test_model(b, 1, 1, 0);
    m->opt.gravity[2] = 0;
    m->opt.timestep = 0.01;
    m->opt.integrator = integ[k];
    m->actuator_trntype[0] = mjTRN_JOINT;
    m->actuator_trnid[0] = 0;
    m->actuator_biastype[0] = mjBIAS_AFFINE;
    m->actuator_biasprm[2] = -40;
    mjData* d = mj_makeData(m);
    d->qvel[0] = 1;
    mj_step(m, d);
    mjtNum expect = integ[k] == mjINT_EULER ? 1 - 0.4 / 2 : 2 / (2 + 0.4);
    assert_float_equal(d->qvel[0], expect, 1e-14);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

//---------------------------------- velocity derivative ---------------------------------------------

// a branching tree with every joint type, spinning
static mjModel* tumbling_tree(void) {
  snTestBody b[5] = {
      {.parent = 0, .jnt = mjJNT_FREE, .ipos = {0.1, 0, 0}, .mass = 2, .inertia = {0.1, 0.2, 0.3}},
      {.parent = 1, .jnt = mjJNT_BALL, .pos = {0.3, 0, 0}, .ipos = {0.1, 0.05, 0}, .mass = 1,
       .inertia = {0.05, 0.02, 0.04}},
      {.parent = 2, .jnt = mjJNT_HINGE, .pos = {0.2, 0, 0}, .axis = {0, 0.6, 0.8},
       .ipos = {0.1, 0, 0}, .mass = 0.5, .inertia = {0.01, 0.02, 0.03}},
      {.parent = 1, .jnt = mjJNT_SLIDE, .pos = {0, 0.3, 0}, .axis = {0, 1, 0},
       .ipos = {0, 0, 0.1}, .mass = 0.7, .inertia = {0.02, 0.02, 0.01}},
      {.parent = 4, .jnt = mjJNT_HINGE, .pos = {0, 0.2, 0}, .axis = {1, 0, 0},
       .ipos = {0, 0.1, 0}, .mass = 0.3, .inertia = {0.01, 0.01, 0.01}},
  };
  mjModel* m = sn_test_model(b, 5, 0, 0);
  for (int i = 0; i < m->nv; i++) {
    m->dof_damping[i] = 0.01 * i;
  }
  return m;
}

static void test_rne_derivative(void** state) {
  (void)state;
  mjModel* m = tumbling_tree();
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  mjtNum axis[3] = {1, -1, 2};
  mju_normalize3(axis);
  mju_axisAngle2Quat(d->qpos + 3, axis, 0.7);
  mju_axisAngle2Quat(d->qpos + 7, axis, -0.4);
  d->qpos[11] = 0.5;
  d->qpos[13] = -0.3;
  for (int i = 0; i < nv; i++) {
    d->qvel[i] = 0.5 * sin(1.7 * i + 0.3) * (i + 1);
  }
  mj_forward(m, d);
  sn_smoothVelDeriv(m, d, 1);
  mjtNum* deriv = calloc((size_t)m->nD, sizeof(mjtNum));
  mju_copy(deriv, d->qDeriv, m->nD);

  // central differences of qfrc_smooth in qvel
  mjtNum eps = 1e-6;
  mjtNum* fp = calloc((unsigned)nv, sizeof(mjtNum));
  mjtNum* fm = calloc((unsigned)nv, sizeof(mjtNum));
  for (int j = 0; j < nv; j++) {
    mjtNum v = d->qvel[j];
    d->qvel[j] = v + eps;
    mj_forward(m, d);
    mju_copy(fp, d->qfrc_smooth, nv);
    d->qvel[j] = v - eps;
    mj_forward(m, d);
    mju_copy(fm, d->qfrc_smooth, nv);
    d->qvel[j] = v;
    for (int i = 0; i < nv; i++) {
      mjtNum fd = (fp[i] - fm[i]) / (2 * eps);
      int adr = sn_Dindex(m, i, j);
      mjtNum an = adr >= 0 ? deriv[adr] : 0;
      // entries outside the pattern couple different branches: exactly zero
      assert_float_equal(an, fd, 1e-6 * (1 + fabs(fd)));
    }
  }
  free(fp);
  free(fm);
  free(deriv);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_implicit_matches_dense_solve(void** state) {
  (void)state;
  // one implicit step equals v + h*(M - h*D)^-1 * qfrc_smooth, solved densely
  mjModel* m = tumbling_tree();
  m->opt.integrator = mjINT_IMPLICIT;
  m->opt.timestep = 0.01;
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  for (int i = 0; i < nv; i++) {
    d->qvel[i] = 0.3 * cos(2.1 * i) * (i + 1);
  }
  mj_forward(m, d);
  sn_smoothVelDeriv(m, d, 1);
  mjtNum* A = calloc((size_t)(unsigned)nv * (unsigned)nv, sizeof(mjtNum));
  mjtNum* x = calloc((unsigned)nv, sizeof(mjtNum));
  mjtNum* v0 = calloc((unsigned)nv, sizeof(mjtNum));
  mju_copy(v0, d->qvel, nv);
  mj_fullM(m, A, d->qM);
  for (int i = 0; i < nv; i++) {
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int adr = m->D_rowadr[i] + k;
      A[i * nv + m->D_colind[adr]] -= 0.01 * d->qDeriv[adr];
    }
  }
  // Gaussian elimination with partial pivoting
  mju_copy(x, d->qfrc_smooth, nv);
  for (int c = 0; c < nv; c++) {
    int p = c;
    for (int r = c + 1; r < nv; r++) {
      if (fabs(A[r * nv + c]) > fabs(A[p * nv + c])) p = r;
    }
    for (int k = 0; k < nv; k++) {
      mjtNum t = A[c * nv + k];
      A[c * nv + k] = A[p * nv + k];
      A[p * nv + k] = t;
    }
    mjtNum t = x[c];
    x[c] = x[p];
    x[p] = t;
    for (int r = c + 1; r < nv; r++) {
      mjtNum f = A[r * nv + c] / A[c * nv + c];
      for (int k = c; k < nv; k++) A[r * nv + k] -= f * A[c * nv + k];
      x[r] -= f * x[c];
    }
  }
  for (int r = nv - 1; r >= 0; r--) {
    for (int k = r + 1; k < nv; k++) x[r] -= A[r * nv + k] * x[k];
    x[r] /= A[r * nv + r];
  }
  mj_implicit(m, d);
  for (int i = 0; i < nv; i++) {
    assert_float_equal(d->qvel[i], v0[i] + 0.01 * x[i], 1e-12);
  }
  free(A);
  free(x);
  free(v0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

//---------------------------------- energy ----------------------------------------------------------

// kinetic + potential energy of a model with gravity along -z
static mjtNum total_energy(const mjModel* m, mjData* d) {
  mjtNum* Mv = calloc((size_t)m->nv, sizeof(mjtNum));
  mj_mulM(m, d, Mv, d->qvel);
  mjtNum e = 0.5 * mju_dot(Mv, d->qvel, m->nv);
  for (int b = 1; b < m->nbody; b++) {
    e -= m->body_mass[b] * mju_dot3(m->opt.gravity, d->xipos + 3 * b);
  }
  free(Mv);
  return e;
}

static void test_rk4_pendulum_energy(void** state) {
  (void)state;
  // frictionless double pendulum
  snTestBody b[2] = {
      {.parent = 0, .jnt = mjJNT_HINGE, .axis = {0, 1, 0}, .ipos = {0.5, 0, 0}, .mass = 1,
       .inertia = {0.01, 0.02, 0.02}},
      {.parent = 1, .jnt = mjJNT_HINGE, .pos = {1, 0, 0}, .axis = {0, 1, 0}, .ipos = {0.5, 0, 0},
       .mass = 1, .inertia = {0.01, 0.02, 0.02}},
  };
  mjModel* m = sn_test_model(b, 2, 0, 0);
  m->opt.integrator = mjINT_RK4;
  m->opt.timestep = 0.001;
  mjData* d = mj_makeData(m);
  d->qpos[0] = 0.5;
  d->qpos[1] = -1;
  mj_forward(m, d);
  mjtNum e0 = total_energy(m, d);
  for (int k = 0; k < 1000; k++) {
    mj_step(m, d);
  }
  mj_forward(m, d);
  mjtNum e1 = total_energy(m, d);
  assert_true(fabs(e1 - e0) < 1e-8 * fabs(e0));
  assert_true(fabs(d->qpos[0] - 0.5) > 0.1);  // it did move
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_step_halves(void** state) {
  (void)state;
  // mj_step1 + mj_step2 equals mj_step for the single-step integrators
  const int integ[3] = {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST};
  for (int k = 0; k < 3; k++) {
    mjModel* m = tumbling_tree();
    m->opt.integrator = integ[k];
    mjData* d1 = mj_makeData(m);
    mjData* d2 = mj_makeData(m);
    for (int i = 0; i < m->nv; i++) {
      d1->qvel[i] = d2->qvel[i] = 0.1 * i;
    }
    mj_step(m, d1);
    mj_step1(m, d2);
    mj_step2(m, d2);
    assert_memory_equal(d1->qpos, d2->qpos, sizeof(mjtNum) * (size_t)m->nq);
    assert_memory_equal(d1->qvel, d2->qvel, sizeof(mjtNum) * (size_t)m->nv);
    assert_memory_equal(d1->qacc_warmstart, d1->qacc, sizeof(mjtNum) * (size_t)m->nv);
    mj_deleteData(d1);
    mj_deleteData(d2);
    mj_deleteModel(m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_integrate_differentiate),
      cmocka_unit_test(test_rk4_order),
      cmocka_unit_test(test_rk4_one_step),
      cmocka_unit_test(test_implicit_damping),
      cmocka_unit_test(test_implicit_actuator),
      cmocka_unit_test(test_rne_derivative),
      cmocka_unit_test(test_implicit_matches_dense_solve),
      cmocka_unit_test(test_rk4_pendulum_energy),
      cmocka_unit_test(test_step_halves),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
