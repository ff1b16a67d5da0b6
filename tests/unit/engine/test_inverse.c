// Inverse dynamics (mj_inverse, mj_inverseSkip, invdiscrete, mj_compareFwdInv) and
// energy: the forward -> inverse round trip returns the applied forces (smooth and
// constrained, continuous and discrete time), qfrc_inverse is affine in qacc with
// slope M, skipping stages changes nothing, the fwdinv statistics are the norms they
// claim to be, and RK4 conserves the energy of frictionless mechanisms.
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

static mjModel* load_file(const char* file) {
  const char* dir = getenv("SINEW_TEST_MODELS");
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s", dir ? dir : "tests/models", file);
  char err[1000] = "";
  mjModel* m = mj_loadXML(path, NULL, err, sizeof(err));
  if (!m) {
    fail_msg("cannot load %s: %s", path, err);
  }
  return m;
}

static mjtNum max_abs(const mjtNum* v, int n) {
  mjtNum r = 0;
  for (int i = 0; i < n; i++) {
    r = mju_max(r, fabs(v[i]));
  }
  return r;
}

// Random inputs: state near qpos0 (perturbation scaled by spread), controls inside
// their range, applied forces in joint and Cartesian space.
static void random_inputs(const mjModel* m, mjData* d, unsigned seed, mjtNum spread) {
  mj_resetData(m, d);
  for (int i = 0; i < m->nq; i++) {
    d->qpos[i] = m->qpos0[i] + spread * sn_test_rnd(&seed);
  }
  mj_normalizeQuat(m, d->qpos);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = sn_test_rnd(&seed);
    d->qfrc_applied[i] = sn_test_rnd(&seed);
  }
  for (int i = 0; i < m->nu; i++) {
    d->ctrl[i] = sn_test_rnd(&seed);
  }
  for (int i = 0; i < m->na; i++) {
    d->act[i] = 0.5 * fabs(sn_test_rnd(&seed));
  }
  for (int i = 6; i < 6 * m->nbody; i++) {
    d->xfrc_applied[i] = 0.5 * sn_test_rnd(&seed);
  }
}

// The external and actuation forces the forward pass applied, in joint space.
static void applied_force(const mjModel* m, mjData* d, mjtNum* res) {
  mju_add(res, d->qfrc_applied, d->qfrc_actuator, m->nv);
  for (int b = 1; b < m->nbody; b++) {
    const mjtNum* f = d->xfrc_applied + 6 * b;
    mj_applyFT(m, d, f, f + 3, d->xipos + 3 * b, b, res);
  }
}

static mjtNum norm_diff(const mjtNum* a, const mjtNum* b, int n) {
  mjtNum s = 0;
  for (int i = 0; i < n; i++) {
    s += (a[i] - b[i]) * (a[i] - b[i]);
  }
  return sqrt(s);
}

// Scale of the terms that cancel in the round trip (bias, inertial and applied forces).
static mjtNum force_scale(const mjModel* m, mjData* d, const mjtNum* applied) {
  mj_markStack(d);
  mjtNum* Ma = mj_stackAllocNum(d, (size_t)m->nv);
  mj_mulM(m, d, Ma, d->qacc);
  mjtNum s = 1 + mju_max(max_abs(Ma, m->nv),
                         mju_max(max_abs(d->qfrc_bias, m->nv), max_abs(applied, m->nv)));
  mj_freeStack(d);
  return s;
}

// forward, then inverse at the same state: qfrc_inverse = applied forces, qacc intact
static void roundtrip(const mjModel* m, mjData* d, mjtNum tol) {
  int nv = m->nv;
  mjtNum applied[64], qacc[64];
  assert_true(nv <= 64);
  mj_forward(m, d);
  applied_force(m, d, applied);
  mju_copy(qacc, d->qacc, nv);
  mjtNum scale = force_scale(m, d, applied);
  mj_inverse(m, d);
  for (int i = 0; i < nv; i++) {
    assert_near(d->qfrc_inverse[i], applied[i], tol * scale);
    assert_near(d->qacc[i], qacc[i], 0);
  }
}

static void test_roundtrip_smooth(void** state) {
  (void)state;
  mjModel* models[2] = {load_file("inverse_smooth.xml"), sn_test_load(SN_TEST_TREE_XML)};
  for (int k = 0; k < 2; k++) {
    mjModel* m = models[k];
    mjData* d = mj_makeData(m);
    for (unsigned seed = 1; seed <= 5; seed++) {
      random_inputs(m, d, seed, 0.5);
      roundtrip(m, d, 1e-10);
    }
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// With contacts (pyramidal and elliptic), limits, friction loss and equality constraints
// (connect, weld, joint): the analytic inverse of the soft model undoes a converged
// forward solve. Newton converges to round-off at tolerance 1e-10; CG and PGS stop on
// small improvements well before that (in 3.3.8 too), so they are not held to 1e-8.
static void test_roundtrip_constraints(void** state) {
  (void)state;
  const char* files[4] = {"inverse_constraint_contact.xml", "inverse_constraint_elliptic.xml",
                          "inverse_constraint_limits.xml", "inverse_constraint_equality.xml"};
  for (int f = 0; f < 4; f++) {
    mjModel* m = load_file(files[f]);
    mjData* d = mj_makeData(m);
    m->opt.solver = mjSOL_NEWTON;
    m->opt.tolerance = 1e-10;
    m->opt.iterations = 1000;
    for (unsigned seed = 1; seed <= 4; seed++) {
      random_inputs(m, d, seed, 0.05);
      mj_forward(m, d);
      assert_true(d->nefc > 0);
      roundtrip(m, d, 1e-8);
    }
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

// qfrc_inverse(a2) - qfrc_inverse(a1) = M*(a2 - a1) without constraints
static void test_affine_in_qacc(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_smooth.xml");
  m->opt.disableflags |= mjDSBL_CONSTRAINT;
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  mjtNum f1[64], da[64], Mda[64];
  random_inputs(m, d, 7, 0.5);
  unsigned seed = 11;
  for (int i = 0; i < nv; i++) {
    d->qacc[i] = 3 * sn_test_rnd(&seed);
    da[i] = 3 * sn_test_rnd(&seed);
  }
  mj_inverse(m, d);
  mju_copy(f1, d->qfrc_inverse, nv);
  mju_addTo(d->qacc, da, nv);
  mj_inverseSkip(m, d, mjSTAGE_VEL, 0);
  mj_mulM(m, d, Mda, da);
  for (int i = 0; i < nv; i++) {
    assert_near(d->qfrc_inverse[i] - f1[i], Mda[i], 1e-12 * (1 + max_abs(Mda, nv)));
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// after a full mj_inverse, skipping the position or both stages gives the same result
static void test_skip(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_constraint_contact.xml");
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  mjtNum full[64];
  random_inputs(m, d, 3, 0.05);
  unsigned seed = 5;
  for (int i = 0; i < nv; i++) {
    d->qacc[i] = sn_test_rnd(&seed);
  }
  mj_inverse(m, d);
  assert_true(d->nefc > 0);
  mju_copy(full, d->qfrc_inverse, nv);
  for (int skip = mjSTAGE_POS; skip <= mjSTAGE_VEL; skip++) {
    mju_zero(d->qfrc_inverse, nv);
    mj_inverseSkip(m, d, skip, 0);
    assert_vec_equal(d->qfrc_inverse, full, nv, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// invdiscrete: qacc = (v(t+h) - v(t))/h from one step of each single-step integrator
// gives back the applied forces, and d->qacc keeps the discrete value. Without the flag
// the same qacc misses them (the integrators' M - h*D is not M).
static void discrete_roundtrip(const char* file, int integrator, mjtNum spread, int flag) {
  mjModel* m = load_file(file);
  m->opt.integrator = integrator;
  m->opt.tolerance = 1e-10;
  m->opt.iterations = 1000;
  mjData* d = mj_makeData(m);
  int nv = m->nv, nq = m->nq, na = m->na;
  mjtNum qpos[64], qvel[64], act[64], applied[64], qacc[64];
  assert_true(nv <= 64 && nq <= 64 && na <= 64);
  for (unsigned seed = 1; seed <= 3; seed++) {
    random_inputs(m, d, seed, spread);
    mju_copy(qpos, d->qpos, nq);
    mju_copy(qvel, d->qvel, nv);
    mju_copy(act, d->act, na);
    mj_forward(m, d);
    applied_force(m, d, applied);
    mjtNum scale = force_scale(m, d, applied);
    mj_step(m, d);
    for (int i = 0; i < nv; i++) {
      qacc[i] = (d->qvel[i] - qvel[i]) / m->opt.timestep;
    }
    mju_copy(d->qpos, qpos, nq);
    mju_copy(d->qvel, qvel, nv);
    mju_copy(d->act, act, na);
    mju_copy(d->qacc, qacc, nv);
    if (flag) {
      m->opt.enableflags |= mjENBL_INVDISCRETE;
    }
    mj_inverse(m, d);
    m->opt.enableflags &= ~mjENBL_INVDISCRETE;
    assert_vec_equal(d->qacc, qacc, nv, 0);
    if (flag) {
      // the finite difference loses digits: qvel changes by h*qacc
      assert_vec_equal(d->qfrc_inverse, applied, nv, 1e-8 * scale);
    } else {
      assert_true(norm_diff(d->qfrc_inverse, applied, nv) > 1e-3);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_invdiscrete_roundtrip(void** state) {
  (void)state;
  const int integrators[3] = {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST};
  for (int k = 0; k < 3; k++) {
    discrete_roundtrip("inverse_smooth.xml", integrators[k], 0.5, 1);
    discrete_roundtrip("inverse_constraint_contact.xml", integrators[k], 0.05, 1);
    discrete_roundtrip("inverse_smooth.xml", integrators[k], 0.5, 0);
  }
}

static char last_error[1000];
static jmp_buf error_jump;
static void catch_error(const char* msg) {
  strncpy(last_error, msg, sizeof(last_error) - 1);
  longjmp(error_jump, 1);
}

// 3.3.8 refuses discrete-time inverse dynamics with RK4
static void test_invdiscrete_rk4_is_an_error(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_smooth.xml");
  m->opt.integrator = mjINT_RK4;
  m->opt.enableflags |= mjENBL_INVDISCRETE;
  mjData* d = mj_makeData(m);
  mju_user_error = catch_error;
  last_error[0] = 0;
  if (!setjmp(error_jump)) {
    mj_inverse(m, d);
    fail_msg("RK4 with invdiscrete was accepted");
  }
  mju_user_error = NULL;
  assert_non_null(strstr(last_error, "RK4"));
  mj_deleteData(d);
  mj_deleteModel(m);
}

// After an unconverged solve: solver_fwdinv[0] = |qfrc_constraint(fwd) - qfrc_constraint(inv)|,
// solver_fwdinv[1] = |qfrc_inverse - applied|; the forward forces stay; qfrc_inverse is
// mj_inverse's. Without rows both are zero and qfrc_inverse is not touched.
static void test_compare_fwdinv(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_constraint_contact.xml");
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  mjtNum applied[64], qfrc_fwd[64], efc_fwd[256];
  for (int solver = mjSOL_PGS; solver <= mjSOL_NEWTON; solver++) {
    m->opt.solver = solver;
    m->opt.iterations = 1;
    random_inputs(m, d, 4, 0.05);
    mj_forward(m, d);
    assert_true(d->nefc > 0 && d->nefc <= 256);
    int nefc = d->nefc;
    applied_force(m, d, applied);
    mju_copy(qfrc_fwd, d->qfrc_constraint, nv);
    mju_copy(efc_fwd, d->efc_force, nefc);
    mj_compareFwdInv(m, d);
    assert_vec_equal(d->qfrc_constraint, qfrc_fwd, nv, 0);
    assert_vec_equal(d->efc_force, efc_fwd, nefc, 0);
    mjtNum fwdinv[2] = {d->solver_fwdinv[0], d->solver_fwdinv[1]};
    mjtNum qfrc_inverse[64];
    mju_copy(qfrc_inverse, d->qfrc_inverse, nv);

    mj_inverseSkip(m, d, mjSTAGE_VEL, 0);
    assert_vec_equal(d->qfrc_inverse, qfrc_inverse, nv, 0);
    assert_near(fwdinv[0], norm_diff(d->qfrc_constraint, qfrc_fwd, nv), 0);
    assert_near(fwdinv[1], norm_diff(d->qfrc_inverse, applied, nv), 1e-12 * (1 + fwdinv[1]));
    // one dual or CG iteration is not enough: the applied forces are not reproduced
    // (Newton may well converge in one)
    if (solver != mjSOL_NEWTON) {
      assert_true(fwdinv[1] > 1e-6);
    }
  }
  m->opt.disableflags |= mjDSBL_CONSTRAINT;
  mj_forward(m, d);
  d->qfrc_inverse[0] = 42;
  d->solver_fwdinv[0] = d->solver_fwdinv[1] = 1;
  mj_compareFwdInv(m, d);
  assert_near(d->solver_fwdinv[0], 0, 0);
  assert_near(d->solver_fwdinv[1], 0, 0);
  assert_near(d->qfrc_inverse[0], 42, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mj_step and mj_step1/mj_step2 fill solver_fwdinv when fwdinv is enabled; a converged
// Newton solve leaves only round-off
static void test_step_fwdinv(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_constraint_contact.xml");
  mjData* d = mj_makeData(m);
  m->opt.enableflags |= mjENBL_FWDINV;
  for (int split = 0; split < 2; split++) {
    random_inputs(m, d, 9, 0.05);
    d->solver_fwdinv[0] = d->solver_fwdinv[1] = -1;
    if (split) {
      mj_step1(m, d);
      mj_step2(m, d);
    } else {
      mj_step(m, d);
    }
    assert_true(d->solver_fwdinv[0] >= 0 && d->solver_fwdinv[0] < 1e-6);
    assert_true(d->solver_fwdinv[1] >= 0 && d->solver_fwdinv[1] < 1e-6);
  }
  m->opt.enableflags &= ~mjENBL_FWDINV;
  d->solver_fwdinv[0] = -1;
  mj_step(m, d);
  assert_near(d->solver_fwdinv[0], -1, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// mj_inverse computes the energies when (and only when) the flag is set
static void test_energy_in_inverse(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_smooth.xml");
  mjData* d = mj_makeData(m);
  random_inputs(m, d, 6, 0.5);
  mj_forward(m, d);
  mjtNum e[2] = {d->energy[0], d->energy[1]};
  assert_true(e[1] > 0);
  d->energy[0] = d->energy[1] = 0;
  mj_inverse(m, d);
  assert_near(d->energy[0], e[0], 1e-12 * (1 + fabs(e[0])));
  assert_near(d->energy[1], e[1], 1e-12 * e[1]);
  m->opt.enableflags &= ~mjENBL_ENERGY;
  d->energy[0] = d->energy[1] = 0;
  mj_inverse(m, d);
  assert_near(d->energy[0], 0, 0);
  assert_near(d->energy[1], 0, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// potential + kinetic energy at the current state
static mjtNum total_energy(const mjModel* m, mjData* d) {
  mj_forward(m, d);
  return d->energy[0] + d->energy[1];
}

// RK4 on conservative systems (gravity, joint springs, no damping, no contacts): the
// total energy stays put
static void test_energy_conservation_rk4(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><option integrator='RK4' timestep='0.001'><flag energy='enable'/></option>"
      "<worldbody>"
      "<body pos='0 0 2'><joint type='hinge' axis='0 1 0'/>"
      "  <geom type='capsule' size='.05' fromto='0 0 0 .5 0 0'/>"
      "  <body pos='.5 0 0'><joint type='hinge' axis='0 1 0' stiffness='5' springref='0.4'/>"
      "    <geom type='capsule' size='.05' fromto='0 0 0 .4 0 .1'/>"
      "    <body pos='.4 0 .1'><joint type='ball' stiffness='2'/>"
      "      <geom type='box' size='.1 .05 .02'/></body></body></body>"
      "<body pos='2 0 1'><joint type='slide' axis='0 0 1' stiffness='30' springref='-.2'/>"
      "  <geom type='sphere' size='.1'/></body>"
      "<body pos='-2 0 1'><freejoint/><geom type='box' size='.1 .2 .3'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  d->qvel[0] = 2;
  d->qvel[1] = -1;
  d->qvel[3] = 3;
  d->qvel[5] = 1;
  for (int i = 6; i < 12; i++) {
    d->qvel[i] = 0.5 * (i - 8);
  }
  mjtNum e0 = total_energy(m, d);
  mjtNum emax = 0;
  for (int step = 0; step < 2000; step++) {
    mj_step(m, d);
    if (step % 100 == 99) {
      emax = mju_max(emax, fabs(total_energy(m, d) - e0));
    }
  }
  assert_true(emax < 1e-7 * fabs(e0));
  mj_deleteData(d);
  mj_deleteModel(m);
}

static int nalloc;
static void* counting_malloc(size_t size) {
  nalloc++;
  return aligned_alloc(64, (size + 63) / 64 * 64);
}
static void counting_free(void* ptr) {
  free(ptr);
}

// inverse dynamics, with invdiscrete and fwdinv, runs on the mjData stack only
static void test_no_allocation(void** state) {
  (void)state;
  mjModel* m = load_file("inverse_constraint_contact.xml");
  mjData* d = mj_makeData(m);
  random_inputs(m, d, 1, 0.05);
  mju_user_malloc = counting_malloc;
  mju_user_free = counting_free;
  nalloc = 0;
  const int integrators[3] = {mjINT_EULER, mjINT_IMPLICIT, mjINT_IMPLICITFAST};
  for (int k = 0; k < 3; k++) {
    m->opt.integrator = integrators[k];
    m->opt.enableflags |= mjENBL_FWDINV | mjENBL_INVDISCRETE;
    mj_step(m, d);
    mj_inverse(m, d);
    mj_inverseSkip(m, d, mjSTAGE_VEL, 0);
  }
  mju_user_malloc = NULL;
  mju_user_free = NULL;
  assert_int_equal(nalloc, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_roundtrip_smooth),
      cmocka_unit_test(test_roundtrip_constraints),
      cmocka_unit_test(test_affine_in_qacc),
      cmocka_unit_test(test_skip),
      cmocka_unit_test(test_invdiscrete_roundtrip),
      cmocka_unit_test(test_invdiscrete_rk4_is_an_error),
      cmocka_unit_test(test_compare_fwdinv),
      cmocka_unit_test(test_step_fwdinv),
      cmocka_unit_test(test_energy_in_inverse),
      cmocka_unit_test(test_energy_conservation_rk4),
      cmocka_unit_test(test_no_allocation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
