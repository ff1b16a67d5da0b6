// Equality and limit rows: each row's Jacobian is the derivative of its residual
// (efc_pos) along any velocity, checked by central differences through
// mj_integratePos; the eq_active runtime switch adds and removes rows; joint equality
// follows the quartic coupling.
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

static const char* xml =
    "<mujoco><worldbody>"
    "<body name='a' pos='0 0 1' euler='10 20 30'><freejoint/>"
    "<geom type='box' size='0.1 0.05 0.03'/><site name='sa' pos='0.1 0 0' euler='0 0 15'/></body>"
    "<body name='b' pos='0.5 0.2 0.8' euler='0 -30 45'>"
    "<joint name='slide' type='slide' axis='1 0 0'/><joint name='hinge' type='hinge' axis='0 0 1'/>"
    "<geom type='sphere' size='0.06'/><site name='sb' pos='0 0.06 0'/>"
    "<body name='c' pos='0.2 0 0'><joint name='ball' type='ball' range='0 10'/>"
    "<geom type='capsule' size='0.02' fromto='0 0 0 0.2 0 0'/>"
    "<body name='d' pos='0.2 0 0'><joint name='h2' type='hinge' axis='0 1 0' range='-0.1 0.1'/>"
    "<geom type='sphere' size='0.03'/></body></body></body>"
    "</worldbody><equality>"
    "<weld body1='a' body2='b' anchor='0.05 0.1 -0.02' torquescale='0.3'/>"
    "<weld site1='sa' site2='sb' torquescale='2'/>"
    "<connect body1='d' body2='a' anchor='0.1 0 0'/>"
    "<connect site1='sa' site2='sb'/>"
    "<weld body1='c'/>"
    "<joint joint1='h2' joint2='hinge' polycoef='0.1 -0.5 0.2 0.05 0.01'/>"
    "<joint joint1='slide' polycoef='0.02'/>"
    "</equality></mujoco>";

static void set_state(const mjModel* m, mjData* d, mjtNum* qpos, int seed) {
  mju_copy(qpos, m->qpos0, m->nq);
  for (int i = 0; i < m->nq; i++) {
    qpos[i] += 0.15 * sin(3.0 * i + seed);
  }
  for (int j = 0; j < m->njnt; j++) {
    int t = m->jnt_type[j], a = m->jnt_qposadr[j];
    if (t == mjJNT_FREE) {
      mju_normalize4(qpos + a + 3);
    } else if (t == mjJNT_BALL) {
      mju_normalize4(qpos + a);
    }
  }
  mju_copy(d->qpos, qpos, m->nq);
}

// efc_pos of every row at qpos moved by h along v (all rows must exist at both ends).
static void residual_at(const mjModel* m, mjData* d, const mjtNum* qpos, const mjtNum* v,
                        mjtNum h, mjtNum* pos, int nrows) {
  mju_copy(d->qpos, qpos, m->nq);
  mj_integratePos(m, d->qpos, v, h);
  mj_forward(m, d);
  assert_true(d->nefc >= nrows);
  mju_copy(pos, d->efc_pos, nrows);
}

static void test_jacobian_is_derivative(void** state) {
  (void)state;
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  mjtNum* qpos = malloc(sizeof(mjtNum) * m->nq);
  mjtNum* v = malloc(sizeof(mjtNum) * nv);
  for (int sparse = 0; sparse < 2; sparse++) {
    m->opt.jacobian = sparse ? mjJAC_SPARSE : mjJAC_DENSE;
    for (int seed = 0; seed < 3; seed++) {
      set_state(m, d, qpos, seed);
      mj_forward(m, d);
      int ne = d->ne, rows = ne;
      assert_int_equal(ne, 6 + 6 + 3 + 3 + 6 + 1 + 1);
      for (int i = 0; i < nv; i++) {
        v[i] = cos(1.7 * i + seed);
      }
      mjtNum* Jv = malloc(sizeof(mjtNum) * d->nefc);
      mju_copy(d->qvel, v, nv);
      mj_forward(m, d);
      mju_copy(Jv, d->efc_vel, rows);  // efc_vel = J qvel
      mjtNum plus[32], minus[32], h = 1e-6;
      residual_at(m, d, qpos, v, h, plus, rows);
      residual_at(m, d, qpos, v, -h, minus, rows);
      for (int r = 0; r < rows; r++) {
        mjtNum fd = (plus[r] - minus[r]) / (2 * h);
        assert_float_equal(Jv[r], fd, 1e-7 * (1 + fabs(fd)));
      }
      free(Jv);
    }
  }
  free(qpos);
  free(v);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_eq_active(void** state) {
  (void)state;
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  mjtNum qpos[32];
  set_state(m, d, qpos, 1);
  mj_forward(m, d);
  assert_int_equal(d->ne, 26);
  // switching a constraint off at runtime removes its rows, the others keep their order
  d->eq_active[0] = 0;
  d->eq_active[3] = 0;
  mj_forward(m, d);
  assert_int_equal(d->ne, 26 - 6 - 3);
  int expect[] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 4, 4, 4, 4, 4, 4, 5, 6};
  for (int i = 0; i < d->ne; i++) {
    assert_int_equal(d->efc_type[i], mjCNSTR_EQUALITY);
    assert_int_equal(d->efc_id[i], expect[i]);
  }
  m->opt.disableflags |= mjDSBL_EQUALITY;
  mj_forward(m, d);
  assert_int_equal(d->ne, 0);
  m->opt.disableflags = 0;
  mj_resetData(m, d);  // eq_active back to eq_active0
  mj_forward(m, d);
  assert_int_equal(d->ne, 26);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// y - y0 = a0 + a1 x + ... + a4 x^4 with x, y the joint offsets from qpos0.
static void test_joint_quartic(void** state) {
  (void)state;
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  int h2 = m->jnt_qposadr[mj_name2id(m, mjOBJ_JOINT, "h2")];
  int hinge = m->jnt_qposadr[mj_name2id(m, mjOBJ_JOINT, "hinge")];
  d->qpos[h2] += 0.3;
  d->qpos[hinge] += -0.4;
  mj_forward(m, d);
  int row = d->ne - 2;
  assert_int_equal(d->efc_id[row], 5);
  mjtNum x = -0.4, y = 0.3;
  mjtNum poly = 0.1 - 0.5 * x + 0.2 * x * x + 0.05 * x * x * x + 0.01 * x * x * x * x;
  assert_float_equal(d->efc_pos[row], y - poly, 1e-14);
  // the single-joint form holds the joint at qpos0 + a0
  assert_float_equal(d->efc_pos[row + 1], d->qpos[m->jnt_qposadr[1]] - m->qpos0[7] - 0.02, 1e-14);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_jacobian_is_derivative),
      cmocka_unit_test(test_eq_active),
      cmocka_unit_test(test_joint_quartic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
