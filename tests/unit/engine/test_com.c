// mj_comPos, mj_comVel, mj_subtreeVel: subtree centres of mass, com-frame inertias
// (through the kinetic energy they define), body velocities against finite
// differences, subtree momenta, and MuJoCo's convention for cdof_dot.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static const char* kTree = SN_TEST_TREE_XML;

static void stages(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_comVel(m, d);
  mj_subtreeVel(m, d);
}

static void random_state(const mjModel* m, mjData* d, unsigned seed) {
  sn_test_random_qpos_qvel(m, d, seed);
  stages(m, d);
}

static int is_descendant(const mjModel* m, int k, int b) {
  while (k > b) {
    k = m->body_parentid[k];
  }
  return k == b;
}

// snapshot of body com positions and orientations at q + t*qvel
typedef struct {
  mjtNum xipos[3 * 8], ximat[9 * 8], subtree_com[3 * 8];
} Snap;

static void snap_at(const mjModel* m, mjData* d, const mjtNum* q0, mjtNum t, Snap* s) {
  memcpy(d->qpos, q0, sizeof(mjtNum) * m->nq);
  mj_integratePos(m, d->qpos, d->qvel, t);
  stages(m, d);
  memcpy(s->xipos, d->xipos, sizeof(mjtNum) * 3 * m->nbody);
  memcpy(s->ximat, d->ximat, sizeof(mjtNum) * 9 * m->nbody);
  memcpy(s->subtree_com, d->subtree_com, sizeof(mjtNum) * 3 * m->nbody);
}

static void test_subtree_com(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 1);
  for (int b = 0; b < m->nbody; b++) {
    mjtNum sum[3] = {0, 0, 0}, mass = 0;
    for (int k = b; k < m->nbody; k++) {
      if (is_descendant(m, k, b)) {
        mju_addToScl3(sum, d->xipos + 3 * k, m->body_mass[k]);
        mass += m->body_mass[k];
      }
    }
    assert_near(mass, m->body_subtreemass[b], 1e-12);
    for (int k = 0; k < 3; k++) {
      assert_near(d->subtree_com[3 * b + k], sum[k] / mass, 1e-12);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// cvel against finite differences; cinert through the kinetic energy it defines;
// subtree linear velocity and angular momentum from the body velocities
static void test_velocities(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  assert_true(m->nbody <= 8);
  random_state(m, d, 2);
  mjtNum q0[32];
  memcpy(q0, d->qpos, sizeof(mjtNum) * m->nq);
  const mjtNum h = 1e-6;
  static Snap s[2], s0;
  snap_at(m, d, q0, -h, &s[0]);
  snap_at(m, d, q0, h, &s[1]);
  snap_at(m, d, q0, 0, &s0);  // back at q0

  mjtNum vcom[3 * 8], w[3 * 8];
  for (int b = 1; b < m->nbody; b++) {
    // finite-difference velocities of the com and of the inertial frame
    mjtNum Rd[9], W[9];
    for (int k = 0; k < 3; k++) {
      vcom[3 * b + k] = (s[1].xipos[3 * b + k] - s[0].xipos[3 * b + k]) / (2 * h);
    }
    for (int k = 0; k < 9; k++) {
      Rd[k] = (s[1].ximat[9 * b + k] - s[0].ximat[9 * b + k]) / (2 * h);
    }
    mju_mulMatMatT(W, Rd, d->ximat + 9 * b, 3, 3, 3);
    w[3 * b] = W[7];
    w[3 * b + 1] = W[2];
    w[3 * b + 2] = W[3];

    // cvel: angular part, and linear velocity at the com frame origin
    const mjtNum* cvel = d->cvel + 6 * b;
    mjtNum arm[3], lin[3];
    mju_sub3(arm, d->xipos + 3 * b, d->subtree_com + 3 * m->body_rootid[b]);
    mju_cross(lin, cvel, arm);
    mju_addTo3(lin, cvel + 3);
    for (int k = 0; k < 3; k++) {
      assert_near(cvel[k], w[3 * b + k], 1e-7);
      assert_near(lin[k], vcom[3 * b + k], 1e-7);
    }

    // 0.5*[w;v]'*cinert*[w;v] with cinert*[w;v] = [I*w + h x v; m*v - h x w]
    const mjtNum* c = d->cinert + 10 * b;
    mjtNum I[9] = {c[0], c[3], c[4], c[3], c[1], c[5], c[4], c[5], c[2]};
    mjtNum Iw[3], hxv[3], hxw[3];
    mju_mulMatVec3(Iw, I, cvel);
    mju_cross(hxv, c + 6, cvel + 3);
    mju_cross(hxw, c + 6, cvel);
    mjtNum e_c = 0.5 * (mju_dot3(cvel, Iw) + mju_dot3(cvel, hxv) - mju_dot3(cvel + 3, hxw) +
                        c[9] * mju_dot3(cvel + 3, cvel + 3));
    mjtNum wl[3];
    mju_mulMatTVec3(wl, d->ximat + 9 * b, cvel);
    mjtNum e_ref = 0.5 * m->body_mass[b] * mju_dot3(vcom + 3 * b, vcom + 3 * b);
    for (int k = 0; k < 3; k++) {
      e_ref += 0.5 * m->body_inertia[3 * b + k] * wl[k] * wl[k];
    }
    assert_near(e_c, e_ref, 1e-6 * (1 + e_ref));
  }

  // subtree linear velocity = d/dt subtree_com; angular momentum of the world subtree
  mjtNum L[3] = {0, 0, 0};
  for (int b = 0; b < m->nbody; b++) {
    for (int k = 0; k < 3; k++) {
      mjtNum fd = (s[1].subtree_com[3 * b + k] - s[0].subtree_com[3 * b + k]) / (2 * h);
      assert_near(d->subtree_linvel[3 * b + k], fd, 1e-7);
    }
    if (b == 0) {
      continue;
    }
    mjtNum wl[3], Iwl[3], Iw[3], arm[3], dv[3], mom[3];
    mju_mulMatTVec3(wl, d->ximat + 9 * b, d->cvel + 6 * b);
    for (int k = 0; k < 3; k++) {
      Iwl[k] = m->body_inertia[3 * b + k] * wl[k];
    }
    mju_mulMatVec3(Iw, d->ximat + 9 * b, Iwl);
    mju_sub3(arm, d->xipos + 3 * b, d->subtree_com);
    mju_sub3(dv, vcom + 3 * b, d->subtree_linvel);
    mju_cross(mom, arm, dv);
    mju_addTo3(L, Iw);
    mju_addToScl3(L, mom, m->body_mass[b]);
  }
  for (int k = 0; k < 3; k++) {
    assert_near(d->subtree_angmom[k], L[k], 1e-6);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// cdof_dot = v x cdof with v the velocity of the frame before the joint: for a
// ball joint the joint's own rotation is left out
static void test_cdof_dot_convention(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kTree);
  mjData* d = mj_makeData(m);
  random_state(m, d, 3);
  int ball = m->jnt_dofadr[1];
  const mjtNum* v = d->cvel + 6;  // the free body carrying the ball joint
  for (int k = 0; k < 3; k++) {
    const mjtNum* cdof = d->cdof + 6 * (ball + k);
    const mjtNum* cdd = d->cdof_dot + 6 * (ball + k);
    mjtNum a[3], b1[3], b2[3];
    mju_cross(a, v, cdof);
    mju_cross(b1, v, cdof + 3);
    mju_cross(b2, v + 3, cdof);
    for (int r = 0; r < 3; r++) {
      assert_near(cdd[r], a[r], 1e-12);
      assert_near(cdd[3 + r], b1[r] + b2[r], 1e-12);
    }
  }
  // the free joint's translations sit on the world: their derivatives vanish
  for (int k = 0; k < 18; k++) {
    assert_near(d->cdof_dot[k], 0, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_subtree_com),
      cmocka_unit_test(test_velocities),
      cmocka_unit_test(test_cdof_dot_convention),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
