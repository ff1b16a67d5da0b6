// Constraint solvers: optimality of the result (force = -grad s at the solution, the
// reduced primal gradient vanishes, forces inside their sets), the three solvers agree,
// mj_constraintUpdate's derivatives, a box resting on a plane carries its weight, warm
// start, noslip removing the soft model's creep on a slope, and no heap use per step.
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

// contacts of every dimension, friction loss, limits and equality constraints
static const char* scene =
    "<mujoco><option impratio='2'/><worldbody><geom type='plane' size='2 2 .1'/>"
    "<body pos='0 0 0.09'><freejoint/>"
    "  <geom type='box' size='.1 .1 .1' condim='4' friction='0.7 0.02 0.001'/></body>"
    "<body pos='0.5 0 0.3' name='b2'><freejoint/>"
    "  <geom type='box' size='.1 .1 .1' condim='6' friction='0.3 0.02 0.001'/></body>"
    "<body pos='1 0 1'><joint name='h1' type='hinge' range='-1 0.1' limited='true'"
    "  frictionloss='0.1'/><geom type='capsule' size='.05' fromto='0 0 0 0 0 -0.3'/>"
    "  <body pos='0 0 -0.3'><joint name='h2' type='hinge' frictionloss='0.05'/>"
    "    <geom type='capsule' size='.05' fromto='0 0 0 0.3 0 0'/></body></body>"
    "<body pos='-0.5 0 0.04'><freejoint/><geom type='sphere' size='.05' condim='1'/></body>"
    "<body pos='-0.5 0.5 0.04'><freejoint/><geom type='sphere' size='.05' condim='3'/></body>"
    "</worldbody><equality><connect body1='b2' anchor='0 0 0.2'/>"
    "<joint joint1='h1' joint2='h2' polycoef='0 0.5 0 0 0'/></equality></mujoco>";

// A state with rows of every kind: start penetrating, spin, push the pendulum past its limit.
static void scene_state(const mjModel* m, mjData* d) {
  mj_resetData(m, d);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = 0.3 * sin(1.7 * i + 0.4);
  }
  d->qpos[2] -= 0.02;
  d->qpos[7 + 2] -= 0.25;
  d->qpos[14] = 0.3;
  d->qpos[16 + 2] -= 0.02;
  d->qpos[23 + 2] -= 0.02;
}

static void set_solver(mjModel* m, int solver, int cone) {
  m->opt.solver = solver;
  m->opt.cone = cone;
  m->opt.tolerance = 1e-13;
  m->opt.iterations = solver == mjSOL_PGS ? 20000 : (solver == mjSOL_CG ? 2000 : 100);
  m->opt.disableflags |= mjDSBL_WARMSTART;
}

static mjtNum maxabs(const mjtNum* v, int n) {
  mjtNum s = 0;
  for (int i = 0; i < n; i++) {
    s = fmax(s, fabs(v[i]));
  }
  return s;
}

// The solution is the minimiser: M*(qacc - qacc_smooth) = J'*f with f = -grad s(J*qacc - aref),
// and f lies in its admissible set.
static void check_optimal(const mjModel* m, mjData* d, mjtNum tol) {
  int nv = m->nv, nefc = d->nefc;
  mjtNum* f = malloc(sizeof(mjtNum) * nefc);
  mjtNum* jar = malloc(sizeof(mjtNum) * nefc);
  mjtNum* r = malloc(sizeof(mjtNum) * nv);
  mjtNum* JTf = malloc(sizeof(mjtNum) * nv);
  memcpy(f, d->efc_force, sizeof(mjtNum) * nefc);
  mjtNum fscale = maxabs(f, nefc);

  // forces in Omega
  for (int i = 0; i < nefc; i++) {
    int type = d->efc_type[i];
    if (type == mjCNSTR_FRICTION_DOF) {
      assert_true(fabs(f[i]) <= d->efc_frictionloss[i] * (1 + 1e-12));
    } else if (type == mjCNSTR_LIMIT_JOINT || type == mjCNSTR_CONTACT_FRICTIONLESS ||
               type == mjCNSTR_CONTACT_PYRAMIDAL) {
      assert_true(f[i] >= -1e-12 * fscale);
    } else if (type == mjCNSTR_CONTACT_ELLIPTIC) {
      const mjContact* con = d->contact + d->efc_id[i];
      mjtNum t = 0;
      for (int j = 1; j < con->dim; j++) {
        t += f[i + j] * f[i + j] / (con->friction[j - 1] * con->friction[j - 1]);
      }
      assert_true(f[i] >= sqrt(t) - 1e-7 * fscale);
      i += con->dim - 1;
    }
  }

  // stationarity of the reduced primal: the penalty's force at the solution is the force
  mj_mulJacVec(m, d, jar, d->qacc);
  mju_subFrom(jar, d->efc_aref, nefc);
  mj_constraintUpdate(m, d, jar, NULL, 0);
  for (int i = 0; i < nefc; i++) {
    assert_near(d->efc_force[i], f[i], tol * fmax(1, fscale));
  }
  mj_mulJacTVec(m, d, JTf, d->efc_force);
  mj_mulM(m, d, r, d->qacc);
  mju_subFrom(r, d->qfrc_smooth, nv);
  mju_subFrom(r, JTf, nv);
  assert_true(maxabs(r, nv) <= tol * fmax(1, maxabs(JTf, nv)));
  free(f);
  free(jar);
  free(r);
  free(JTf);
}

static void test_optimality_and_agreement(void** state) {
  (void)state;
  mjModel* m = sn_test_load(scene);
  mjData* d = mj_makeData(m);
  mjtNum* ref = malloc(sizeof(mjtNum) * m->nv);
  for (int cone = 0; cone < 2; cone++) {
    for (int solver = mjSOL_NEWTON; solver >= mjSOL_PGS; solver--) {
      set_solver(m, solver, cone);
      scene_state(m, d);
      mj_forward(m, d);
      // (equality rows join once assembly emits them)
      assert_true(d->nf == 2 && d->nl >= 1 && d->ncon >= 6);
      // PGS is first order: its cost-improvement test stops with a larger primal residual
      check_optimal(m, d, solver == mjSOL_NEWTON ? 1e-9 : (solver == mjSOL_CG ? 1e-6 : 1e-5));
      if (solver == mjSOL_NEWTON) {
        memcpy(ref, d->qacc, sizeof(mjtNum) * m->nv);
        assert_true(d->solver_niter[0] < 30);
      } else {
        // the unique minimiser, whichever algorithm finds it
        mjtNum s = maxabs(ref, m->nv);
        for (int i = 0; i < m->nv; i++) {
          assert_near(d->qacc[i], ref[i], 1e-6 * s);
        }
      }
    }
  }
  free(ref);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// force = -grad s and, for elliptic cones on the cone surface, contact.H = hess s; checked
// by central differences at random residuals covering every zone. Each constraint is
// probed alone (the other rows at jar = 0, where they cost nothing) so the differences see
// only its own cost.
static void test_update_derivatives(void** state) {
  (void)state;
  mjModel* m = sn_test_load(scene);
  mjData* d = mj_makeData(m);
  for (int cone = 0; cone < 2; cone++) {
    set_solver(m, mjSOL_NEWTON, cone);
    scene_state(m, d);
    mj_forward(m, d);
    int nefc = d->nefc;
    mjtNum* jar = calloc(nefc, sizeof(mjtNum));
    mjtNum* fp = malloc(sizeof(mjtNum) * nefc);
    mjtNum* fm = malloc(sizeof(mjtNum) * nefc);
    int zones[5] = {0};
    for (int trial = 0; trial < 40; trial++) {
      for (int i0 = 0; i0 < nefc;) {
        int ell = d->efc_type[i0] == mjCNSTR_CONTACT_ELLIPTIC;
        int n = ell ? d->contact[d->efc_id[i0]].dim : 1;
        int dim = ell ? n : 1;
        for (int j = 0; j < n; j++) {
          // friction loss turns linear beyond |jar| = R*frictionloss
          mjtNum amp = d->efc_type[i0] == mjCNSTR_FRICTION_DOF
                           ? 3 * d->efc_R[i0] * d->efc_frictionloss[i0] : 0.2;
          jar[i0 + j] = amp * sin(3.1 * (i0 + j) + 1.3 * trial + 0.2 * (i0 + j) * trial);
        }
        mjtNum cost, f[6], H[36];
        mj_constraintUpdate(m, d, jar, &cost, 1);
        int st = d->efc_state[i0];
        zones[st]++;
        memcpy(f, d->efc_force + i0, sizeof(mjtNum) * n);
        if (ell) {
          memcpy(H, d->contact[d->efc_id[i0]].H, sizeof(H));
        }
        for (int a = 0; a < n; a++) {
          mjtNum x = jar[i0 + a], h = 1e-5 * fmax(1e-3, fabs(x)), cp, cm;
          jar[i0 + a] = x + h;
          mj_constraintUpdate(m, d, jar, &cp, 0);
          int same = d->efc_state[i0] == st;
          memcpy(fp, d->efc_force, sizeof(mjtNum) * nefc);
          jar[i0 + a] = x - h;
          mj_constraintUpdate(m, d, jar, &cm, 0);
          same &= d->efc_state[i0] == st;
          memcpy(fm, d->efc_force, sizeof(mjtNum) * nefc);
          jar[i0 + a] = x;
          if (!same) {
            continue;  // the step crosses a zone boundary: no smooth difference there
          }
          assert_near(f[a], -(cp - cm) / (2 * h), 1e-6 * fmax(1, fabs(f[a])));
          if (ell && st == mjCNSTRSTATE_CONE) {
            for (int b = 0; b < dim; b++) {
              mjtNum dfd = -(fp[i0 + b] - fm[i0 + b]) / (2 * h);
              assert_near(H[b * dim + a], dfd, 1e-5 * fmax(1, fabs(dfd)));
            }
          }
        }
        for (int j = 0; j < n; j++) {
          jar[i0 + j] = 0;
        }
        i0 += n;
      }
    }
    // every zone was visited (the cone only exists with elliptic cones)
    assert_true(zones[mjCNSTRSTATE_SATISFIED] > 0 && zones[mjCNSTRSTATE_QUADRATIC] > 0);
    assert_true(zones[mjCNSTRSTATE_LINEARNEG] > 0 && zones[mjCNSTRSTATE_LINEARPOS] > 0);
    if (cone == mjCONE_ELLIPTIC) {
      assert_true(zones[mjCNSTRSTATE_CONE] > 0);
    }
    free(jar);
    free(fp);
    free(fm);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A box at rest on a plane: the contact forces carry exactly its weight, for every solver
// and cone, and the warm-started Newton solver then needs a single iteration.
static void test_box_resting(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom type='plane' size='1 1 .1'/>"
      "<body pos='0 0 0.1'><freejoint/><geom type='box' size='.1 .1 .1' mass='2'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  for (int cone = 0; cone < 2; cone++) {
    for (int solver = mjSOL_PGS; solver <= mjSOL_NEWTON; solver++) {
      mj_resetData(m, d);
      m->opt.cone = cone;
      m->opt.solver = solver;
      m->opt.tolerance = 1e-10;
      m->opt.iterations = solver == mjSOL_PGS ? 1000 : 100;
      for (int k = 0; k < 1500; k++) {
        mj_step(m, d);
      }
      mj_forward(m, d);
      assert_true(d->ncon == 4);
      // vertical generalized constraint force = weight; no net horizontal force
      assert_near(d->qfrc_constraint[2], 2 * 9.81, 1e-6);
      assert_near(d->qfrc_constraint[0], 0, 1e-6);
      assert_near(d->qfrc_constraint[1], 0, 1e-6);
      mjtNum fn = 0;
      for (int c = 0; c < d->ncon; c++) {
        mjtNum w[6];
        mj_contactForce(m, d, c, w);
        fn += w[0];
      }
      assert_near(fn, 2 * 9.81, 1e-6);
      if (solver == mjSOL_NEWTON) {
        assert_true(d->solver_niter[0] <= 2);
      }
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Warm start changes the path, not the answer; disabling it gives the same solution.
static void test_warmstart(void** state) {
  (void)state;
  mjModel* m = sn_test_load(scene);
  mjData* d = mj_makeData(m);
  set_solver(m, mjSOL_NEWTON, mjCONE_PYRAMIDAL);
  m->opt.disableflags &= ~mjDSBL_WARMSTART;
  scene_state(m, d);
  for (int k = 0; k < 20; k++) {
    mj_step(m, d);
  }
  mj_forward(m, d);
  int warm = d->solver_niter[0];
  mjtNum* qacc = malloc(sizeof(mjtNum) * m->nv);
  memcpy(qacc, d->qacc, sizeof(mjtNum) * m->nv);
  m->opt.disableflags |= mjDSBL_WARMSTART;
  mj_forward(m, d);
  int cold = d->solver_niter[0];
  assert_true(warm <= cold);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qacc[i], qacc[i], 1e-8 * fmax(1, fabs(qacc[i])));
  }
  free(qacc);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Distance a box slides in 1 s on a 20 degree slope whose friction (0.6 > tan 20) holds it.
static mjtNum creep(int noslip, int cone) {
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom type='plane' size='2 2 .1' euler='0 20 0' friction='0.6'/>"
      "<body pos='0 0 0.12' euler='0 20 0'><freejoint/>"
      "<geom type='box' size='.1 .1 .1' friction='0.6'/></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  m->opt.cone = cone;
  m->opt.noslip_iterations = noslip;
  for (int k = 0; k < 200; k++) {
    mj_step(m, d);
  }
  mjtNum x0[3];
  memcpy(x0, d->qpos, sizeof(x0));
  for (int k = 0; k < 500; k++) {
    mj_step(m, d);
  }
  mjtNum dx[3];
  mju_sub3(dx, d->qpos, x0);
  mjtNum dist = mju_norm3(dx);
  mj_deleteData(d);
  mj_deleteModel(m);
  return dist;
}

static void test_noslip(void** state) {
  (void)state;
  // elliptic cones: the soft model creeps down the slope; noslip all but stops it
  mjtNum soft = creep(0, mjCONE_ELLIPTIC), hard = creep(10, mjCONE_ELLIPTIC);
  assert_true(soft > 1e-4);
  assert_true(hard < 0.01 * soft);
  // pyramidal cones: the edges mix normal and friction, and 3.3.8's noslip (which keeps
  // each edge pair's sum) leaves this creep as it is; so does Sinew's
  mjtNum psoft = creep(0, mjCONE_PYRAMIDAL), phard = creep(10, mjCONE_PYRAMIDAL);
  assert_true(psoft > 1e-4);
  assert_near(phard, psoft, 1e-3 * psoft);
}

static int nalloc;
static void* counting_malloc(size_t size) {
  nalloc++;
  return aligned_alloc(64, (size + 63) / 64 * 64);
}

// Every solver, cone and Jacobian layout, with noslip, steps from the mjData arena alone.
static void test_no_heap(void** state) {
  (void)state;
  mjModel* m = sn_test_load(scene);
  mjData* d = mj_makeData(m);
  for (int k = 0; k < 24; k++) {
    m->opt.solver = k % 3;
    m->opt.cone = (k / 3) % 2;
    m->opt.jacobian = (k / 6) % 2 ? mjJAC_SPARSE : mjJAC_DENSE;
    m->opt.noslip_iterations = k / 12 ? 3 : 0;
    scene_state(m, d);
    mj_step(m, d);  // arena high-water marks settle
    mju_user_malloc = counting_malloc;
    mju_user_free = free;
    nalloc = 0;
    for (int i = 0; i < 5; i++) {
      mj_step(m, d);
    }
    mju_user_malloc = NULL;
    mju_user_free = NULL;
    assert_int_equal(nalloc, 0);
    assert_true(d->nefc > 0);
    // the dual solvers get A+R in the arena
    assert_int_equal(d->nA > 0, m->opt.solver == mjSOL_PGS || m->opt.noslip_iterations > 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_optimality_and_agreement),
      cmocka_unit_test(test_update_derivatives),
      cmocka_unit_test(test_box_resting),
      cmocka_unit_test(test_warmstart),
      cmocka_unit_test(test_noslip),
      cmocka_unit_test(test_no_heap),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
