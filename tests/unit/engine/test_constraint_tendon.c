// Constraint rows on tendons: friction loss after the dofs', limits after the joints'
// (both sides when the margin reaches across the range), tendon equality as a quartic
// of a second tendon; tendon_efcadr is each tendon's first row; the rows' Jacobians are
// the derivatives of their residuals; dense and sparse storage give identical rows.
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

// tendon 0 (fixed, ja and jb): friction and both limit sides; tendon 1 (spatial):
// friction and an upper limit at the test state; tendon 2 = poly(tendon 3) by equality;
// tendon 4 has nothing
static const char* xml =
    "<mujoco><option><flag contact='disable'/></option><worldbody>"
    "<site name='s0' pos='.5 0 1.5'/>"
    "<body pos='0 0 1'><joint name='ja' axis='0 1 0' range='-2 2' margin='.1' "
    "  frictionloss='.05'/>"
    "  <geom type='capsule' fromto='0 0 0 .3 0 0' size='.04'/>"
    "  <body pos='.3 0 0'><joint name='ja2' axis='0 1 0'/>"
    "    <geom type='capsule' fromto='0 0 0 .3 0 0' size='.04'/><site name='sa2' pos='.3 0 0'/>"
    "    <body pos='.3 0 0'><joint name='ja3' axis='0 0 1'/>"
    "      <geom type='capsule' fromto='0 0 0 .2 0 0' size='.03'/><site name='sa3' pos='.2 0 0'/>"
    "    </body></body></body>"
    "<body pos='1 0 1'><joint name='jb' type='slide' axis='1 0 0'/>"
    "  <geom type='box' size='.1 .1 .1'/><site name='sb' pos='0 0 .1'/></body>"
    "<body pos='1 1 1'><joint name='jc' type='slide' axis='0 1 0'/>"
    "  <geom type='box' size='.1 .1 .1'/></body>"
    "</worldbody><tendon>"
    "<fixed frictionloss='.3' range='-.05 .05' margin='.3'>"
    "  <joint joint='ja' coef='1'/><joint joint='jb' coef='-.5'/></fixed>"
    "<spatial frictionloss='.2' range='1 1.15' margin='.05'>"
    "  <site site='sa2'/><site site='s0'/><site site='sb'/></spatial>"
    "<fixed name='f2'><joint joint='jc' coef='1'/><joint joint='ja3' coef='.3'/></fixed>"
    "<spatial name='s2'><site site='sa3'/><site site='s0'/></spatial>"
    "<fixed><joint joint='ja2' coef='1'/></fixed>"
    "</tendon><equality>"
    "<tendon tendon1='f2' tendon2='s2' polycoef='0.01 .5 .2 .1 .1'/>"
    "<tendon tendon1='f2' active='false'/>"
    "</equality></mujoco>";

static const mjtNum qpos_test[5] = {0.02, 0.3, -0.4, 0.05, 0.1};

static void set_state(const mjModel* m, mjData* d, const mjtNum* qpos) {
  mju_copy(d->qpos, qpos, m->nq);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = 0.2 * cos(1.0 + i);
  }
}

// Row i of the Jacobian, dense, whatever the storage.
static void row_dense(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  mju_zero(out, m->nv);
  if (mj_isSparse(m)) {
    for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
      int a = d->efc_J_rowadr[i] + k;
      out[d->efc_J_colind[a]] = d->efc_J[a];
    }
  } else {
    mju_copy(out, d->efc_J + (size_t)i * m->nv, m->nv);
  }
}

static void test_rows_and_efcadr(void** state) {
  (void)state;
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  set_state(m, d, qpos_test);
  mj_forward(m, d);
  // equality (1 active), friction: dof then tendons 0 and 1, limits: joint (both
  // sides), tendon 0 (both sides), tendon 1 (upper)
  int type[] = {mjCNSTR_EQUALITY,    mjCNSTR_FRICTION_DOF, mjCNSTR_FRICTION_TENDON,
                mjCNSTR_FRICTION_TENDON, mjCNSTR_LIMIT_JOINT, mjCNSTR_LIMIT_JOINT,
                mjCNSTR_LIMIT_TENDON, mjCNSTR_LIMIT_TENDON, mjCNSTR_LIMIT_TENDON};
  int id[] = {0, 0, 0, 1, 0, 0, 0, 0, 1};
  assert_int_equal(d->nefc, 9);
  assert_int_equal(d->ne, 1);
  assert_int_equal(d->nf, 3);
  assert_int_equal(d->nl, 5);
  for (int i = 0; i < d->nefc; i++) {
    assert_int_equal(d->efc_type[i], type[i]);
    assert_int_equal(d->efc_id[i], id[i]);
  }
  // the first row touching each tendon; the equality's second tendon counts too
  int efcadr[] = {2, 3, 0, 0, -1};
  for (int t = 0; t < m->ntendon; t++) {
    assert_int_equal(d->tendon_efcadr[t], efcadr[t]);
  }
  // limit rows: distances from each side, margin, the tendon's weight
  mjtNum len = d->ten_length[0];
  assert_near(d->efc_pos[6], len + 0.05, 1e-15);
  assert_near(d->efc_pos[7], 0.05 - len, 1e-15);
  assert_near(d->efc_margin[6], 0.3, 0);
  assert_near(d->efc_pos[8], 1.15 - d->ten_length[1], 1e-15);
  assert_near(d->efc_frictionloss[2], 0.3, 0);
  assert_near(d->efc_frictionloss[3], 0.2, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Each row's Jacobian is the derivative of its residual (the lengths along the
// tendon's Jacobian for friction rows), by central differences in qpos (all scalar
// joints: qpos and qvel share coordinates).
static void test_jacobian_fd(void** state) {
  (void)state;
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  for (int jac = 0; jac < 2; jac++) {
    m->opt.jacobian = jac ? mjJAC_SPARSE : mjJAC_DENSE;
    set_state(m, d, qpos_test);
    mj_forward(m, d);
    int nefc = d->nefc;
    mjtNum* J = calloc((size_t)nefc * nv, sizeof(mjtNum));
    mjtNum* fd = calloc((size_t)nefc * nv, sizeof(mjtNum));
    for (int i = 0; i < nefc; i++) {
      row_dense(m, d, i, J + (size_t)i * nv);
    }
    const mjtNum h = 1e-6;
    for (int c = 0; c < nv; c++) {
      mjtNum q[5];
      mjtNum val[2][16];
      for (int s = 0; s < 2; s++) {
        mju_copy(q, qpos_test, 5);
        q[c] += s ? h : -h;
        set_state(m, d, q);
        mj_forward(m, d);
        assert_int_equal(d->nefc, nefc);
        for (int i = 0; i < nefc; i++) {
          int type = d->efc_type[i];
          val[s][i] = type == mjCNSTR_FRICTION_TENDON ? d->ten_length[d->efc_id[i]]
                                                      : d->efc_pos[i];
        }
      }
      for (int i = 0; i < nefc; i++) {
        fd[(size_t)i * nv + c] = (val[1][i] - val[0][i]) / (2 * h);
      }
    }
    for (int i = 0; i < nefc; i++) {
      if (d->efc_type[i] == mjCNSTR_FRICTION_DOF) {
        continue;
      }
      for (int c = 0; c < nv; c++) {
        assert_near(J[(size_t)i * nv + c], fd[(size_t)i * nv + c], 1e-7);
      }
    }
    free(J);
    free(fd);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// Dense and sparse storage hold the same numbers; sparse rows follow the
// tendons' own column sets (the equality's: their union), ascending.
static void test_dense_equals_sparse(void** state) {
  (void)state;
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  mjtNum* Jd = NULL;
  mjtNum save[9][8];
  for (int jac = 0; jac < 2; jac++) {
    m->opt.jacobian = jac ? mjJAC_SPARSE : mjJAC_DENSE;
    set_state(m, d, qpos_test);
    mj_forward(m, d);
    int nefc = d->nefc;
    assert_int_equal(nefc, 9);
    mjtNum* J = calloc((size_t)nefc * nv, sizeof(mjtNum));
    for (int i = 0; i < nefc; i++) {
      row_dense(m, d, i, J + (size_t)i * nv);
      const mjtNum row[8] = {d->efc_pos[i],  d->efc_margin[i], d->efc_frictionloss[i],
                             d->efc_diagApprox[i], d->efc_R[i], d->efc_D[i],
                             d->efc_aref[i], d->efc_force[i]};
      if (!jac) {
        memcpy(save[i], row, sizeof row);
      } else {
        assert_memory_equal(save[i], row, sizeof row);
      }
    }
    if (!jac) {
      Jd = J;
      continue;
    }
    // equal values (a dense row's -0 where the tendon has no column is the sparse 0)
    for (int k = 0; k < nefc * nv; k++) {
      assert_true(Jd[k] == J[k]);
    }
    for (int i = 0; i < nefc; i++) {
      int t = d->efc_id[i];
      if (d->efc_type[i] == mjCNSTR_FRICTION_TENDON || d->efc_type[i] == mjCNSTR_LIMIT_TENDON) {
        assert_int_equal(d->efc_J_rownnz[i], d->ten_J_rownnz[t]);
      }
      for (int k = 1; k < d->efc_J_rownnz[i]; k++) {
        int a = d->efc_J_rowadr[i] + k;
        assert_true(d->efc_J_colind[a] > d->efc_J_colind[a - 1]);
      }
    }
    free(J);
  }
  free(Jd);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rows_and_efcadr),
      cmocka_unit_test(test_jacobian_fd),
      cmocka_unit_test(test_dense_equals_sparse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
