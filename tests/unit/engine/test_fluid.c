// Fluid forces (engine/fluid.c): the inertia-box and ellipsoid models, their
// velocity derivatives and geom_fluid, checked against closed forms and physical
// properties rather than reference numbers.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

#include "engine/derivative.h"
#include "engine/fluid.h"

// A free box (inertia-box model) and a free body with ellipsoid-model geoms plus a
// hinged child, all rotated; %s is the option element's extra attributes.
static const char* kModel =
    "<mujoco><option %s><flag contact='disable'/></option><worldbody>"
    "<body pos='0 0 1' quat='0.9 0.1 0.2 0.3'><freejoint/>"
    "  <geom type='box' size='0.1 0.2 0.05'/></body>"
    "<body pos='1 0 1' quat='0.8 -0.3 0.1 0.4'><freejoint/>"
    "  <geom type='box' size='0.1 0.2 0.01' fluidshape='ellipsoid'"
    "        fluidcoef='0.6 0.3 1.2 0.8 0.9'/>"
    "  <geom type='capsule' size='0.03 0.1' pos='0 0.3 0' euler='30 0 10'"
    "        fluidshape='ellipsoid'/>"
    "  <body pos='0.2 0 0'><joint type='hinge' axis='0 1 1'/>"
    "    <geom type='ellipsoid' size='0.05 0.1 0.02' pos='0.1 0 0' fluidshape='ellipsoid'/>"
    "  </body></body>"
    "</worldbody></mujoco>";

static mjModel* load_fluid(const char* options) {
  char xml[2000];
  snprintf(xml, sizeof(xml), kModel, options);
  return sn_test_load(xml);
}

static void random_qvel(const mjModel* m, mjData* d, unsigned seed, mjtNum scale) {
  for (int i = 0; i < m->nv; i++) {
    seed = seed * 1103515245u + 12345u;
    d->qvel[i] = scale * (((seed >> 8) & 0xffff) / 32768.0 - 1);
  }
}

// no relative motion, no force; and none without a fluid
static void test_rest(void** state) {
  (void)state;
  mjModel* m = load_fluid("density='1000' viscosity='0.1' gravity='0 0 0'");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qfrc_fluid[i], 0, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);

  m = load_fluid("density='0' viscosity='0' wind='1 2 3'");
  d = mj_makeData(m);
  random_qvel(m, d, 3, 2);
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qfrc_fluid[i], 0, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// In still fluid the added-mass, Magnus and Kutta terms do no work (triple
// products); drag and viscosity only dissipate: qfrc_fluid . qvel < 0.
static void test_dissipation(void** state) {
  (void)state;
  mjModel* m = load_fluid("density='1000' viscosity='0.1'");
  mjData* d = mj_makeData(m);
  for (unsigned seed = 1; seed <= 20; seed++) {
    random_qvel(m, d, seed, 3);
    mj_forward(m, d);
    mjtNum power = mju_dot(d->qfrc_fluid, d->qvel, m->nv);
    if (!(power < 0)) {
      fail_msg("seed %u: fluid power %g is not negative", seed, power);
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);

  // the non-dissipative terms alone: zero power
  m = load_fluid("density='1000' viscosity='0'");
  for (int g = 0; g < m->ngeom; g++) {
    m->geom_fluid[mjNFLUID * g + 1] = 0;  // blunt drag
    m->geom_fluid[mjNFLUID * g + 2] = 0;  // slender drag
    m->geom_fluid[mjNFLUID * g + 3] = 0;  // angular drag
  }
  d = mj_makeData(m);
  random_qvel(m, d, 7, 3);
  mj_forward(m, d);
  mjtNum scale = 0;
  int adr = m->jnt_dofadr[1];  // the ellipsoid-model body and its child
  for (int i = adr; i < m->nv; i++) {
    scale += fabs(d->qfrc_fluid[i] * d->qvel[i]);
  }
  assert_true(scale > 0);
  assert_near(mju_dot(d->qfrc_fluid + adr, d->qvel + adr, m->nv - adr), 0, 1e-12 * scale);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// wind w on bodies at rest gives the force of still fluid on bodies moving at -w
static void test_wind(void** state) {
  (void)state;
  const mjtNum w[3] = {0.7, -0.4, 1.1};
  mjModel* m = load_fluid("density='1.2' viscosity='0.01' wind='0.7 -0.4 1.1' gravity='0 0 0'");
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  mjtNum with_wind[32];
  assert_true(m->nv <= 32);
  mju_copy(with_wind, d->qfrc_fluid, m->nv);

  mju_zero3(m->opt.wind);
  // free joints: linear velocity in world coordinates, dofs 0-2 and 6-8
  for (int b = 0; b < 2; b++) {
    int adr = m->jnt_dofadr[b];
    for (int k = 0; k < 3; k++) {
      d->qvel[adr + k] = -w[k];
    }
  }
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qfrc_fluid[i], with_wind[i], 1e-12 * (1 + fabs(with_wind[i])));
  }
  assert_true(mju_norm(with_wind, m->nv) > 1e-3);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A translating box: the equivalent inertia box is the box itself, and along a
// local axis the force is -2 rho r_j r_k |v| v - 6 pi beta r_eq v.
static void test_box_translation(void** state) {
  (void)state;
  const char* xml =
      "<mujoco><option density='800' viscosity='0.05' gravity='0 0 0'/><worldbody>"
      "<body euler='0 0 90'><freejoint/><geom type='box' size='0.1 0.2 0.3' mass='3'/>"
      "</body></worldbody></mujoco>";
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  mjtNum rho = 800, beta = 0.05, r[3] = {0.1, 0.2, 0.3}, req = 0.2;
  // body rotated 90 degrees about z: world x is local -y, world y is local x
  for (int axis = 0; axis < 3; axis++) {
    mju_zero(d->qvel, m->nv);
    mjtNum v = 1.5;
    d->qvel[axis] = v;
    mj_forward(m, d);
    int local = axis == 0 ? 1 : axis == 1 ? 0 : 2;
    int j = (local + 1) % 3, k = (local + 2) % 3;
    mjtNum f = -2 * rho * r[j] * r[k] * v * v - 6 * mjPI * beta * req * v;
    for (int i = 0; i < 6; i++) {
      assert_near(d->qfrc_fluid[i], i == axis ? f : 0, 1e-10 * fabs(f));
    }
  }
  // spinning about local z: g = -rho/2 r_z (r_x^4 + r_y^4) |w| w - 8 pi beta r_eq^3 w
  mju_zero(d->qvel, m->nv);
  d->qvel[5] = -2;
  mj_forward(m, d);
  mjtNum g = 0.5 * rho * r[2] * (pow(r[0], 4) + pow(r[1], 4)) * 4 + 8 * mjPI * beta * pow(req, 3) * 2;
  assert_near(d->qfrc_fluid[5], g, 1e-10 * g);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// geom_fluid: layout, and the virtual mass of a sphere (kappa = 2/3: half the
// displaced volume) and of a prolate spheroid against the closed form.
static void test_geom_fluid(void** state) {
  (void)state;
  const char* xml =
      "<mujoco><worldbody><body><freejoint/>"
      "<geom type='sphere' size='0.1' fluidshape='ellipsoid' fluidcoef='1 2 3 4 5'/>"
      "<geom type='ellipsoid' size='0.1 0.1 0.3' fluidshape='ellipsoid'/>"
      "<geom type='capsule' size='0.1 0.2' fluidshape='ellipsoid'/>"
      "<geom type='box' size='0.1 0.1 0.1'/>"
      "</body></worldbody></mujoco>";
  mjModel* m = sn_test_load(xml);
  const mjtNum* f0 = m->geom_fluid;
  assert_near(f0[0], 1, 0);
  for (int k = 0; k < 5; k++) {
    assert_near(f0[1 + k], k + 1, 0);
  }
  mjtNum vol = 4.0 / 3.0 * mjPI * 1e-3;
  for (int k = 0; k < 3; k++) {
    assert_near(f0[6 + k], vol / 2, 1e-6 * vol);  // quadrature error ~1e-7
    assert_near(f0[9 + k], 0, 0);
  }
  // prolate spheroid a = 0.3 (z), b = 0.1: e^2 = 1 - b^2/a^2,
  // kappa_z = 2 (1 - e^2)/e^3 (atanh(e) - e), kappa_x = (1 - kappa_z)... per axis sum 2
  const mjtNum* f1 = m->geom_fluid + mjNFLUID;
  mjtNum e = sqrt(1 - 1.0 / 9), kz = 2 * (1 - e * e) / (e * e * e) * (atanh(e) - e);
  mjtNum kx = (2 - kz) / 2;
  mjtNum v1 = 4.0 / 3.0 * mjPI * 0.1 * 0.1 * 0.3;
  assert_near(f1[8], v1 * kz / (2 - kz), 1e-5 * v1);
  assert_near(f1[6], v1 * kx / (2 - kx), 1e-5 * v1);
  assert_near(f1[6], f1[7], 1e-15);
  assert_true(f1[9] > 0 && f1[11] == 0);
  // a capsule stands for the ellipsoid (r, r, half-length + r): same as above
  const mjtNum* f2 = m->geom_fluid + 2 * mjNFLUID;
  for (int k = 6; k < 12; k++) {
    assert_near(f2[k], f1[k], 1e-15);
  }
  // no fluidshape: all zero
  for (int k = 0; k < mjNFLUID; k++) {
    assert_near(m->geom_fluid[3 * mjNFLUID + k], 0, 0);
  }
  mj_deleteModel(m);
}

// sn_fluid_vel against central differences of qfrc_fluid in qvel (the exact
// derivative away from MuJoCo's small-geom clamps), and its symmetrised form.
static void test_derivative(void** state) {
  (void)state;
  mjModel* m = load_fluid("density='1000' viscosity='0.1' wind='0.3 0.2 -0.4'");
  mjData* d = mj_makeData(m);
  int nv = m->nv;
  random_qvel(m, d, 11, 2);
  mj_forward(m, d);
  mju_zero(d->qDeriv, m->nD);
  sn_fluid_vel(m, d, 0);
  mjtNum D[512], Dsym[512], fp[32];
  assert_true(m->nD <= 512 && nv <= 32);
  mju_copy(D, d->qDeriv, m->nD);
  mju_zero(d->qDeriv, m->nD);
  sn_fluid_vel(m, d, 1);
  mju_copy(Dsym, d->qDeriv, m->nD);

  mjtNum h = 1e-6;
  for (int j = 0; j < nv; j++) {
    mjtNum v0 = d->qvel[j];
    d->qvel[j] = v0 + h;
    mj_forward(m, d);
    mju_copy(fp, d->qfrc_fluid, nv);
    d->qvel[j] = v0 - h;
    mj_forward(m, d);
    d->qvel[j] = v0;
    for (int i = 0; i < nv; i++) {
      mjtNum fd = (fp[i] - d->qfrc_fluid[i]) / (2 * h);
      int adr = sn_Dindex(m, i, j);
      if (adr < 0) {
        // outside the pattern: different branches of the tree, no coupling
        assert_near(fd, 0, 1e-8);
        continue;
      }
      assert_near(D[adr], fd, 1e-6 * (1 + fabs(fd)));
      int adrT = sn_Dindex(m, j, i);
      assert_near(Dsym[adr], 0.5 * (D[adr] + D[adrT]), 1e-12 * (1 + fabs(D[adr])));
    }
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

// fluid forces are passive forces: off only when springs and dampers both are
static void test_disable(void** state) {
  (void)state;
  mjModel* m = load_fluid("density='1000' viscosity='0.1'");
  mjData* d = mj_makeData(m);
  random_qvel(m, d, 5, 1);
  mj_forward(m, d);
  mjtNum ref[32];
  assert_true(m->nv <= 32);
  mju_copy(ref, d->qfrc_fluid, m->nv);
  assert_true(mju_norm(ref, m->nv) > 0);

  m->opt.disableflags = mjDSBL_DAMPER;
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qfrc_fluid[i], ref[i], 0);
    assert_near(d->qfrc_passive[i], ref[i], 0);
  }
  m->opt.disableflags = mjDSBL_SPRING;
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qfrc_fluid[i], ref[i], 0);
  }
  m->opt.disableflags = mjDSBL_SPRING | mjDSBL_DAMPER;
  mj_forward(m, d);
  for (int i = 0; i < m->nv; i++) {
    assert_near(d->qfrc_fluid[i], 0, 0);
    assert_near(d->qfrc_passive[i], 0, 0);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rest),          cmocka_unit_test(test_dissipation),
      cmocka_unit_test(test_wind),          cmocka_unit_test(test_box_translation),
      cmocka_unit_test(test_geom_fluid),    cmocka_unit_test(test_derivative),
      cmocka_unit_test(test_disable),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
