// mj_energyPos and mj_energyVel: a free body's energies in closed form, joint
// springs of every kind, and the disable flags.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "engine_test_model.h"

static void stages(const mjModel* m, mjData* d) {
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  mj_energyPos(m, d);
  mj_energyVel(m, d);
}

// potential -m*g.x at the com; kinetic 0.5*m*|v|^2 + 0.5*w'*I*w with w in body axes
static void test_free_body(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><body><freejoint/>"
      "<geom type='box' size='.1 .2 .3' pos='.2 0 0' mass='2'/></body></worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  mjtNum qpos[7] = {0.3, -0.2, 1.5, 0.9, 0.1, -0.3, 0.2};
  mjtNum qvel[6] = {0.5, -1, 2, 0.3, -0.7, 1.1};
  memcpy(d->qpos, qpos, sizeof(qpos));
  memcpy(d->qvel, qvel, sizeof(qvel));
  stages(m, d);

  mjtNum mass = m->body_mass[1];
  assert_near(mass, 2, 1e-12);
  assert_near(d->energy[0], mass * 9.81 * d->xipos[5], 1e-12);

  // velocity of the com: v_origin + w x (com - origin), w = R*w_local
  mjtNum w[3], arm[3], wxr[3], vcom[3];
  mju_mulMatVec3(w, d->xmat + 9, qvel + 3);
  mju_sub3(arm, d->xipos + 3, d->xpos + 3);
  mju_cross(wxr, w, arm);
  mju_add3(vcom, qvel, wxr);
  // the box axes are principal: inertia in body axes is diagonal
  mjtNum rot = 0;
  for (int k = 0; k < 3; k++) {
    rot += m->body_inertia[3 + k] * qvel[3 + k] * qvel[3 + k];
  }
  mjtNum kinetic = 0.5 * mass * mju_dot3(vcom, vcom) + 0.5 * rot;
  assert_near(d->energy[1], kinetic, 1e-12);

  m->opt.disableflags |= mjDSBL_GRAVITY;
  mj_energyPos(m, d);
  assert_near(d->energy[0], 0, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// 0.5*k*dist^2 for slide, hinge (from springref), ball and free (angle and offset)
static void test_springs(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><compiler angle='radian'/><option gravity='0 0 0'/><worldbody>"
      "<body><joint type='slide' stiffness='2' springref='0.5'/><geom size='.1'/></body>"
      "<body><joint type='hinge' stiffness='3' springref='-0.2'/><geom size='.1'/></body>"
      "<body><joint type='ball' stiffness='5'/><geom size='.1'/></body>"
      "<body pos='1 2 3'><joint type='free' stiffness='7'/><geom size='.1'/></body>"
      "</worldbody></mujoco>");
  mjData* d = mj_makeData(m);
  stages(m, d);
  // at qpos0 only the slide and hinge springs are stretched
  mjtNum e0 = 0.5 * 2 * 0.25 + 0.5 * 3 * 0.04;
  assert_near(d->energy[0], e0, 1e-12);

  d->qpos[0] = 1.5;
  d->qpos[1] = 0.3;
  mjtNum axis[3] = {1, 2, 2};
  mju_normalize3(axis);
  mju_axisAngle2Quat(d->qpos + 2, axis, 0.7);
  d->qpos[2] *= 3;  // unnormalised on purpose
  d->qpos[3] *= 3;
  d->qpos[4] *= 3;
  d->qpos[5] *= 3;
  d->qpos[6] += 0.1;  // free joint moved by (0.1, 0.2, -0.2), turned 0.4 about z
  d->qpos[7] += 0.2;
  d->qpos[8] -= 0.2;
  mjtNum z[3] = {0, 0, 1};
  mju_axisAngle2Quat(d->qpos + 9, z, 0.4);
  stages(m, d);
  mjtNum e = 0.5 * 2 * 1 + 0.5 * 3 * 0.25 + 0.5 * 5 * 0.49 + 0.5 * 7 * (0.01 + 0.04 + 0.04) +
             0.5 * 7 * 0.16;
  assert_near(d->energy[0], e, 1e-12);

  m->opt.disableflags |= mjDSBL_SPRING;
  mj_energyPos(m, d);
  assert_near(d->energy[0], 0, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_free_body),
      cmocka_unit_test(test_springs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
