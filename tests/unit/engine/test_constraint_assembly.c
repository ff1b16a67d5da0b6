// Constraint assembly: the documented resting penetration of a soft contact, dense
// and sparse Jacobians agreeing, pyramidal edges built from the elliptic rows,
// contacts in the gap left out, friction-loss and limit rows, the arena running out.
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

// Constrained acceleration J*qacc of a single row if its force were the unconstrained
// minimiser f+ = (A + R)^-1 (aref - au): A aref/(A+R) + R au/(A+R) (parameters chapter).
static mjtNum single_row_acc(const mjModel* m, mjData* d) {
  int nv = m->nv;
  mjtNum* J = d->efc_J;  // dense
  mjtNum* MinvJ = calloc((size_t)nv, sizeof(mjtNum));
  mj_solveM(m, d, MinvJ, J, 1);
  mjtNum A = mju_dot(J, MinvJ, nv), au = mju_dot(J, d->qacc_smooth, nv);
  mjtNum R = d->efc_R[0], aref = d->efc_aref[0];
  free(MinvJ);
  return (A * aref + R * au) / (A + R);
}

// A sphere on a plane with a constant impedance rests at the documented depth:
// timeconst format r = au (1-d) tc^2 dr^2; direct format r = au (1-d) / stiffness.
static void test_resting_penetration(void** state) {
  (void)state;
  const char* xml[2] = {
      "<mujoco><option gravity='0 0 -9.81'/><worldbody><geom type='plane' size='1 1 .1' "
      "condim='1' solimp='0.8 0.8 0.01' solref='0.03 1.2'/>"
      "<body><freejoint/><geom type='sphere' size='0.1' condim='1' mass='2' solimp='0.8 0.8 0.01' "
      "solref='0.03 1.2'/></body></worldbody></mujoco>",
      "<mujoco><option gravity='0 0 -9.81'/><worldbody><geom type='plane' size='1 1 .1' "
      "condim='1' solimp='0.8 0.8 0.01' solref='-2000 -50'/>"
      "<body><freejoint/><geom type='sphere' size='0.1' condim='1' mass='2' solimp='0.8 0.8 0.01' "
      "solref='-2000 -50'/></body></worldbody></mujoco>"};
  for (int k = 0; k < 2; k++) {
    mjModel* m = sn_test_load(xml[k]);
    m->opt.jacobian = mjJAC_DENSE;
    mjData* d = mj_makeData(m);
    mjtNum d0 = 0.8, au = -9.81;
    mjtNum r = k == 0 ? au * (1 - d0) * 0.03 * 0.03 * 1.2 * 1.2 : au * (1 - d0) / 2000;
    d->qpos[2] = 0.1 + r;
    mj_forward(m, d);
    assert_int_equal(d->nefc, 1);
    assert_int_equal(d->efc_type[0], mjCNSTR_CONTACT_FRICTIONLESS);
    assert_near(d->efc_pos[0], r, 1e-12);
    // diagApprox is exact for a free sphere touching at its bottom: the depth is a rest
    assert_near(single_row_acc(m, d), 0, 1e-9);
    // and a deeper or shallower sphere is pushed back
    d->qpos[2] = 0.1 + 2 * r;
    mj_forward(m, d);
    assert_true(single_row_acc(m, d) > 1e-3);
    d->qpos[2] = 0.1 + 0.5 * r;
    mj_forward(m, d);
    assert_true(single_row_acc(m, d) < -1e-3);
    mj_deleteData(d);
    mj_deleteModel(m);
  }
}

static const char* scene =
    "<mujoco><option impratio='2'/><worldbody><geom type='plane' size='2 2 .1' condim='1' friction='0.5 0.01 0.001'/>"
    "<body pos='0 0 0.09' euler='10 20 5'><freejoint/><geom type='box' size='.1 .1 .1'/>"
    "<body pos='0.2 0 0'><joint type='hinge' axis='0 1 0' range='-5 5' frictionloss='0.2' "
    "margin='0.05'/><geom type='capsule' size='0.03' fromto='0 0 0 0.2 0 0' condim='6' "
    "friction='0.8 0.03 0.002'/>"
    "<body pos='0.2 0 0'><joint type='ball' range='0 10' frictionloss='0.1'/>"
    "<geom type='sphere' size='0.05' pos='0.05 0 -0.02' condim='4'/></body></body></body>"
    "<body pos='1 0 0.04'><joint type='slide' axis='0 0 1' range='-0.1 0.1'/>"
    "<geom type='sphere' size='0.05' condim='1'/></body>"
    "</worldbody></mujoco>";

static void scene_state(const mjModel* m, mjData* d) {
  d->qpos[m->jnt_qposadr[1]] = 0.12;
  mjtNum* q = d->qpos + m->jnt_qposadr[2];
  q[0] = 0.95;
  q[1] = 0.1;
  q[2] = 0.15;
  q[3] = -0.05;
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = 0.1 * sin(1.0 + i);
  }
}

// Dense Jacobian of the current rows, whatever the storage.
static mjtNum* dense_J(const mjModel* m, const mjData* d) {
  int nv = m->nv;
  mjtNum* J = calloc((size_t)d->nefc * nv + 1, sizeof(mjtNum));
  for (int i = 0; i < d->nefc; i++) {
    if (mj_isSparse(m)) {
      for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
        int a = d->efc_J_rowadr[i] + k;
        J[(size_t)i * nv + d->efc_J_colind[a]] = d->efc_J[a];
      }
    } else {
      memcpy(J + (size_t)i * nv, d->efc_J + (size_t)i * nv, sizeof(mjtNum) * nv);
    }
  }
  return J;
}

static void test_dense_equals_sparse(void** state) {
  (void)state;
  mjModel* m = sn_test_load(scene);
  mjData* d = mj_makeData(m);
  for (int cone = 0; cone < 2; cone++) {
    m->opt.cone = cone;
    m->opt.jacobian = mjJAC_DENSE;
    mj_resetData(m, d);
    scene_state(m, d);
    mj_forward(m, d);
    int nefc = d->nefc, nv = m->nv;
    assert_int_equal(d->nf, 4);  // the hinge and the ball's three dofs
    assert_true(d->nl >= 2);
    assert_true(nefc > d->nf + d->nl);
    assert_int_equal(d->nJ, nefc * nv);
    mjtNum* Jd = dense_J(m, d);
    mjtNum* copy = malloc(sizeof(mjtNum) * 8 * nefc);
    const mjtNum* src[8] = {d->efc_pos, d->efc_margin, d->efc_frictionloss, d->efc_diagApprox,
                            d->efc_R, d->efc_D, d->efc_vel, d->efc_aref};
    for (int k = 0; k < 8; k++) {
      memcpy(copy + k * nefc, src[k], sizeof(mjtNum) * nefc);
    }
    mjtNum kbip[4 * 64];
    memcpy(kbip, d->efc_KBIP, sizeof(mjtNum) * 4 * nefc);

    m->opt.jacobian = mjJAC_SPARSE;
    mj_forward(m, d);
    assert_int_equal(d->nefc, nefc);
    assert_true(d->nJ < nefc * nv);
    mjtNum* Js = dense_J(m, d);
    assert_memory_equal(Jd, Js, sizeof(mjtNum) * nefc * nv);
    const mjtNum* now[8] = {d->efc_pos, d->efc_margin, d->efc_frictionloss, d->efc_diagApprox,
                            d->efc_R, d->efc_D, d->efc_vel, d->efc_aref};
    for (int k = 0; k < 8; k++) {
      assert_memory_equal(copy + k * nefc, now[k], sizeof(mjtNum) * nefc);
    }
    assert_memory_equal(kbip, d->efc_KBIP, sizeof(mjtNum) * 4 * nefc);
    // column indices ascend within each row
    for (int i = 0; i < nefc; i++) {
      for (int k = 1; k < d->efc_J_rownnz[i]; k++) {
        int a = d->efc_J_rowadr[i] + k;
        assert_true(d->efc_J_colind[a] > d->efc_J_colind[a - 1]);
      }
    }
    free(Jd);
    free(Js);
    free(copy);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Pyramidal edge pair k of a contact is J_n + mu_k J_k and J_n - mu_k J_k, with J_n and
// J_k the elliptic rows; the forces recombine (mj_contactForce) to the same wrench.
static void test_pyramid_edges(void** state) {
  (void)state;
  mjModel* m = sn_test_load(scene);
  m->opt.jacobian = mjJAC_DENSE;
  mjData* de = mj_makeData(m);
  mjData* dp = mj_makeData(m);
  int nv = m->nv;
  scene_state(m, de);
  scene_state(m, dp);
  m->opt.cone = mjCONE_ELLIPTIC;
  mj_forward(m, de);
  m->opt.cone = mjCONE_PYRAMIDAL;
  mj_forward(m, dp);
  assert_int_equal(de->ncon, dp->ncon);
  int seen[7] = {0};
  for (int c = 0; c < dp->ncon; c++) {
    const mjContact* ce = de->contact + c;
    const mjContact* cp = dp->contact + c;
    if (cp->efc_address < 0) {
      continue;
    }
    int dim = cp->dim;
    seen[dim] = 1;
    const mjtNum* Je = de->efc_J + (size_t)ce->efc_address * nv;
    const mjtNum* Jp = dp->efc_J + (size_t)cp->efc_address * nv;
    if (dim == 1) {
      assert_int_equal(dp->efc_type[cp->efc_address], mjCNSTR_CONTACT_FRICTIONLESS);
      assert_memory_equal(Je, Jp, sizeof(mjtNum) * nv);
      continue;
    }
    for (int k = 0; k < dim - 1; k++) {
      for (int j = 0; j < nv; j++) {
        mjtNum n = Je[j], t = Je[(k + 1) * nv + j], mu = cp->friction[k];
        assert_near(Jp[2 * k * nv + j], n + mu * t, 1e-14);
        assert_near(Jp[(2 * k + 1) * nv + j], n - mu * t, 1e-14);
      }
    }
    // forces: J_pyr' f == J_ell' mj_contactForce(f)
    for (int i = 0; i < 2 * (dim - 1); i++) {
      dp->efc_force[cp->efc_address + i] = 1 + 0.5 * i * i;
    }
    mjtNum f6[6], a[64] = {0}, b[64] = {0};
    mj_contactForce(m, dp, c, f6);
    for (int i = 0; i < 2 * (dim - 1); i++) {
      mju_addToScl(a, Jp + i * nv, dp->efc_force[cp->efc_address + i], nv);
    }
    for (int i = 0; i < dim; i++) {
      mju_addToScl(b, Je + i * nv, f6[i], nv);
    }
    assert_vec_equal(a, b, nv, 1e-12);
  }
  assert_true(seen[1] && seen[3] && seen[4] && seen[6]);
  mj_deleteData(de);
  mj_deleteData(dp);
  mj_deleteModel(m);
}

// A contact in the gap (margin - gap <= dist < margin) is kept but gets no rows.
static void test_gap_excludes(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom type='plane' size='1 1 .1' margin='0.1' gap='0.05'/>"
      "<body pos='0 0 0.17'><freejoint/><geom type='sphere' size='.1'/></body>"
      "<body pos='1 0 0.11'><freejoint/><geom type='sphere' size='.1'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  assert_int_equal(d->ncon, 2);
  assert_int_equal(d->contact[0].exclude, 1);
  assert_int_equal(d->contact[0].efc_address, -1);
  assert_int_equal(d->contact[1].exclude, 0);
  assert_int_equal(d->contact[1].efc_address, 0);
  assert_int_equal(d->nefc, 4);
  assert_near(d->efc_margin[0], 0.05, 1e-15);
  // disabling contacts removes the rows, the contacts stay
  m->opt.disableflags |= mjDSBL_CONTACT;
  mj_forward(m, d);
  assert_int_equal(d->nefc, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Too little arena for the rows: mjWARN_CNSTRFULL and no rows at all, while the
// contacts stay. The arena is shrunk in place to room for the contacts and the stack.
static void test_arena_full(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom type='plane' size='1 1 .1'/>"
      "<body pos='0 0 0.09'><freejoint/><geom type='box' size='.1 .1 .1' condim='6'/></body>"
      "</worldbody></mujoco>");
  m->opt.jacobian = mjJAC_DENSE;
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  int ncon = d->ncon;
  assert_int_equal(d->nefc, 40);
  assert_int_equal(d->warning[mjWARN_CNSTRFULL].number, 0);

  size_t contacts = (size_t)ncon * sizeof(mjContact);
  size_t rows = (size_t)d->maxuse_arena - contacts;  // rows and stack at their peak
  d->narena = (mjtSize)(contacts + (size_t)d->maxuse_stack + rows / 4);
  mj_forward(m, d);
  assert_int_equal(d->ncon, ncon);
  assert_int_equal(d->nefc, 0);
  assert_int_equal(d->ne + d->nf + d->nl, 0);
  assert_true(d->warning[mjWARN_CNSTRFULL].number > 0);
  for (int i = 0; i < d->ncon; i++) {
    assert_int_equal(d->contact[i].efc_address, -1);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_resting_penetration),
      cmocka_unit_test(test_dense_equals_sparse),
      cmocka_unit_test(test_pyramid_edges),
      cmocka_unit_test(test_gap_excludes),
      cmocka_unit_test(test_arena_full),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
