// Quaternions. Expected numbers marked "oracle" come from MuJoCo 3.3.8's WebAssembly build
// (npm mujoco-js) called with the same inputs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

static const mjtNum QA[4] = {0.27189892004362154, -0.34205211558952142, 0.23217000222596085,
                             0.86900426786422758};
static const mjtNum QB[4] = {0.6456331650251913, -0.092926994710067032, 0.19724673284343217,
                             0.73185798913197697};

static void assert_quat_near(const mjtNum* a, const mjtNum* b, double tol) {
  for (int i = 0; i < 4; i++) {
    NEAR(a[i], b[i], tol);
  }
}

static void test_rotation_consistency(void** state) {
  (void)state;
  // rotVecQuat agrees with quat2Mat*vec, mulQuat composes rotations, negQuat inverts
  const mjtNum v[3] = {0.3, -1.2, 0.7};
  mjtNum m[9], r1[3], r2[3], q[4], r3[3];
  mju_quat2Mat(m, QA);
  mju_mulMatVec3(r1, m, v);
  mju_rotVecQuat(r2, v, QA);
  for (int i = 0; i < 3; i++) {
    NEAR(r1[i], r2[i], 1e-15);
  }
  mju_mulQuat(q, QA, QB);
  mju_rotVecQuat(r1, v, QB);
  mju_rotVecQuat(r2, r1, QA);
  mju_rotVecQuat(r3, v, q);
  for (int i = 0; i < 3; i++) {
    NEAR(r2[i], r3[i], 1e-15);
  }
  mju_negQuat(q, QA);
  mju_rotVecQuat(r1, v, QA);
  mju_rotVecQuat(r2, r1, q);
  for (int i = 0; i < 3; i++) {
    NEAR(r2[i], v[i], 1e-15);
  }
  // the zero vector stays zero, the identity is exact
  const mjtNum zero[3] = {0, 0, 0}, unit[4] = {1, 0, 0, 0};
  mju_rotVecQuat(r1, zero, QA);
  assert_true(r1[0] == 0 && r1[1] == 0 && r1[2] == 0);
  mju_quat2Mat(m, unit);
  for (int i = 0; i < 9; i++) {
    assert_true(m[i] == (i % 4 == 0 ? 1 : 0));
  }
  // rotation matrix is orthonormal
  mjtNum mtm[9];
  mju_quat2Mat(m, QB);
  mju_mulMatTMat(mtm, m, m, 3, 3, 3);
  for (int i = 0; i < 9; i++) {
    NEAR(mtm[i], i % 4 == 0 ? 1 : 0, 1e-15);
  }
}

static void test_mat2Quat(void** state) {
  (void)state;
  // round trip quat -> mat -> quat, up to sign
  mjtNum m[9], q[4];
  const mjtNum* qs[2] = {QA, QB};
  for (int k = 0; k < 2; k++) {
    mju_quat2Mat(m, qs[k]);
    mju_mat2Quat(q, m);
    mjtNum s = q[0] * qs[k][0] >= 0 ? 1 : -1;
    for (int i = 0; i < 4; i++) {
      NEAR(s * q[i], qs[k][i], 1e-15);
    }
  }
  // half turns pick the stable branch (oracle)
  const mjtNum zpi[9] = {-1, 0, 0, 0, -1, 0, 0, 0, 1};
  mju_mat2Quat(q, zpi);
  const mjtNum ezpi[4] = {0, 0, 0, 1};
  assert_quat_near(q, ezpi, 0);
  const mjtNum xpi[9] = {1, 0, 0, 0, -1, 0, 0, 0, -1};
  mju_mat2Quat(q, xpi);
  const mjtNum expi[4] = {0, 1, 0, 0};
  assert_quat_near(q, expi, 0);
  // a general rotation with negative trace (oracle, bit-exact)
  const mjtNum mz[9] = {-0.12586072217916217, 0.19866975660557395, 0.97195133953445545,
                        0.80759879521422495, -0.54847971935903594, 0.216689140060978,
                        0.57614517665348264, 0.81221938247133441, -0.091413402501012431};
  const mjtNum emz[4] = {0.24199491521558358, 0.61523011948393891, 0.40889925572234148,
                         0.62907214193548289};
  mju_mat2Quat(q, mz);
  assert_quat_near(q, emz, 0);
  // a non-orthogonal matrix (oracle)
  const mjtNum mn[9] = {1, 2, 3, 4, 5, 6, 7, 8, 10};
  const mjtNum emn[4] = {0.96089681220517642, 0.11304668378884428, -0.22609336757768855,
                         0.11304668378884428};
  mju_mat2Quat(q, mn);
  assert_quat_near(q, emn, 1e-16);
}

static void test_euler2Quat(void** state) {
  (void)state;
  const mjtNum e[3] = {0.3, -0.7, 1.1};
  // oracle values
  const struct {
    const char* seq;
    mjtNum q[4];
  } cases[] = {
    {"xyz", {0.81862926565549576, -0.057539988180335414, -0.36242009435522565,
             0.44179967222724359}},
    {"XYZ", {0.76506217934845056, 0.29689154005806329, -0.21567241009038501,
             0.52916980894449683}},
    {"zyx", {0.76506217934845056, 0.52916980894449683, -0.21567241009038501,
             0.29689154005806329}},
    {"xYz", {0.76506217934845056, -0.057539988180335414, -0.36242009435522565,
             0.52916980894449683}},
    {"zxz", {0.71847188036955290, -0.31582979537632788, 0.13353069576057269,
             0.60516051652473413}},
  };
  mjtNum q[4];
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    mju_euler2Quat(q, e, cases[k].seq);
    assert_quat_near(q, cases[k].q, 2e-16);
  }
  // intrinsic xyz equals extrinsic ZYX with the angles reversed
  const mjtNum er[3] = {1.1, -0.7, 0.3};
  mjtNum q2[4];
  mju_euler2Quat(q, e, "xyz");
  mju_euler2Quat(q2, er, "ZYX");
  assert_quat_near(q, q2, 1e-16);
}

static jmp_buf error_jump;
static char error_text[256];
static void catch_error(const char* msg) {
  strncpy(error_text, msg, sizeof(error_text) - 1);
  longjmp(error_jump, 1);
}

static void test_euler2Quat_bad_sequence(void** state) {
  (void)state;
  const mjtNum e[3] = {0, 0, 0};
  mjtNum q[4];
  mju_user_error = catch_error;
  volatile int caught = 0;
  if (setjmp(error_jump) == 0) {
    mju_euler2Quat(q, e, "xy");
  } else {
    caught++;
  }
  if (setjmp(error_jump) == 0) {
    mju_euler2Quat(q, e, "xqz");
  } else {
    caught++;
  }
  mju_user_error = NULL;
  assert_int_equal(caught, 2);
  assert_non_null(strstr(error_text, "mju_euler2Quat"));
}

static void test_axis_angle_and_velocity(void** state) {
  (void)state;
  const mjtNum axis[3] = {0, 0.6, 0.8};
  mjtNum q[4], v[3];
  mju_axisAngle2Quat(q, axis, 1.2);
  NEAR(q[0], cos(0.6), 1e-16);
  NEAR(q[2], 0.6 * sin(0.6), 1e-16);
  mju_axisAngle2Quat(q, axis, 0);
  assert_true(q[0] == 1 && q[1] == 0 && q[2] == 0 && q[3] == 0);

  // quat2Vel inverts axisAngle2Quat (divided by dt)
  mju_axisAngle2Quat(q, axis, 1.2);
  mju_quat2Vel(v, q, 0.5);
  NEAR(v[1], 0.6 * 2.4, 1e-15);
  NEAR(v[2], 0.8 * 2.4, 1e-15);
  // the angle wraps into (-pi, pi]: a turn of 1.5 pi reads as -0.5 pi
  mju_axisAngle2Quat(q, axis, 1.5 * mjPI);
  mju_quat2Vel(v, q, 1);
  NEAR(v[2], -0.8 * 0.5 * mjPI, 1e-15);
  // oracle: q = (-0.9, 0.1, -0.2, 0.3), dt = 0.5
  const mjtNum qo[4] = {-0.9, 0.1, -0.2, 0.3};
  mju_quat2Vel(v, qo, 0.5);
  NEAR(v[0], -0.42120481478032629, 1e-15);
  NEAR(v[1], 0.84240962956065257, 1e-15);
  NEAR(v[2], -1.2636144443409787, 1e-15);
  // identity: zero velocity
  const mjtNum unit[4] = {1, 0, 0, 0};
  mju_quat2Vel(v, unit, 1);
  assert_true(v[0] == 0 && v[1] == 0 && v[2] == 0);
}

static void test_subQuat(void** state) {
  (void)state;
  // qb * quat(res) = qa
  mjtNum r[3], q[4], back[4];
  mju_subQuat(r, QA, QB);
  mjtNum angle = mju_norm3(r);
  mjtNum axis[3] = {r[0] / angle, r[1] / angle, r[2] / angle};
  mju_axisAngle2Quat(q, axis, angle);
  mju_mulQuat(back, QB, q);
  mjtNum s = back[0] * QA[0] >= 0 ? 1 : -1;
  for (int i = 0; i < 4; i++) {
    NEAR(s * back[i], QA[i], 1e-15);
  }
  // oracle
  NEAR(r[0], -0.40937862894270732, 1e-15);
  NEAR(r[1], 0.55225751328582418, 1e-15);
  NEAR(r[2], 0.65680651231152998, 1e-15);
  mju_subQuat(r, QA, QA);
  NEAR(mju_norm3(r), 0, 1e-15);
}

static void test_derivative_and_integration(void** state) {
  (void)state;
  const mjtNum vel[3] = {0.8, 1.3, 0.9};
  mjtNum d[4], q[4];
  // oracle: MuJoCo returns 0.5*(0,vel)*quat
  const mjtNum ed[4] = {-0.40514157574996845, 0.56913584112751425, -0.32479086113262168,
                        0.43755639004320296};
  mju_derivQuat(d, QA, vel);
  assert_quat_near(d, ed, 1e-16);
  // mulQuatAxis is quat*(0,axis)
  mjtNum pure[4] = {0, vel[0], vel[1], vel[2]}, expect[4];
  mju_mulQuat(expect, QA, pure);
  mju_mulQuatAxis(q, QA, vel);
  assert_quat_near(q, expect, 1e-15);

  // quatIntegrate: right-multiply by the rotation vector vel*scale (oracle)
  const mjtNum eq[4] = {0.23037124237545351, -0.37582612443704672, 0.29899657252873701,
                        0.84633614154961334};
  memcpy(q, QA, sizeof(q));
  mju_quatIntegrate(q, vel, 0.1);
  assert_quat_near(q, eq, 2e-16);
  // integrating zero velocity leaves the quaternion unchanged
  const mjtNum zero[3] = {0, 0, 0};
  memcpy(q, QA, sizeof(q));
  mju_quatIntegrate(q, zero, 1);
  assert_quat_near(q, QA, 1e-16);
  // integrate then subtract recovers the rotation vector
  mjtNum r[3];
  memcpy(q, QA, sizeof(q));
  mju_quatIntegrate(q, vel, 0.3);
  mju_subQuat(r, q, QA);
  for (int i = 0; i < 3; i++) {
    NEAR(r[i], 0.3 * vel[i], 1e-14);
  }
}

static void test_quatZ2Vec(void** state) {
  (void)state;
  mjtNum q[4], z[3];
  const mjtNum ez[3] = {0, 0, 1};
  const mjtNum v[3] = {0.3, -0.4, 0.5};
  mju_quatZ2Vec(q, v);
  // oracle
  const mjtNum eq[4] = {0.92387953251128674, 0.30614674589207186, 0.22961005941905385, 0};
  assert_quat_near(q, eq, 2e-16);
  mju_rotVecQuat(z, ez, q);
  mjtNum n = mju_norm3(v);
  for (int i = 0; i < 3; i++) {
    NEAR(z[i], v[i] / n, 1e-15);
  }
  // parallel, antiparallel and degenerate inputs (oracle)
  const mjtNum up[3] = {0, 0, 2}, down[3] = {0, 1e-17, -3}, tiny[3] = {0, 0, 1e-20};
  mju_quatZ2Vec(q, up);
  assert_true(q[0] == 1 && q[1] == 0 && q[2] == 0 && q[3] == 0);
  mju_quatZ2Vec(q, down);
  assert_true(q[0] == 0 && q[1] == 1 && q[2] == 0 && q[3] == 0);
  mju_quatZ2Vec(q, tiny);
  assert_true(q[0] == 1 && q[1] == 0 && q[2] == 0 && q[3] == 0);
}

static void test_mat2Rot(void** state) {
  (void)state;
  mjtNum m[9], q[4] = {1, 0, 0, 0};
  // an exact rotation: the start quaternion that already matches needs no iteration
  mju_quat2Mat(m, QA);
  memcpy(q, QA, sizeof(q));
  assert_int_equal(mju_mat2Rot(q, m), 0);
  // from the identity it converges to the same rotation
  q[0] = 1;
  q[1] = q[2] = q[3] = 0;
  mju_mat2Rot(q, m);
  mjtNum s = q[0] * QA[0] >= 0 ? 1 : -1;
  for (int i = 0; i < 4; i++) {
    NEAR(s * q[i], QA[i], 1e-9);
  }
  // a perturbed matrix (oracle: 20 iterations)
  const mjtNum mp[9] = {0.9, 0.2, -0.1, -0.3, 1.1, 0.05, 0.1, 0.0, 0.8};
  const mjtNum eq[4] = {0.99070482340835808, -0.011277024995534976, -0.058469397943927984,
                        -0.12230335680895402};
  q[0] = 1;
  q[1] = q[2] = q[3] = 0;
  assert_int_equal(mju_mat2Rot(q, mp), 20);
  assert_quat_near(q, eq, 1e-14);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rotation_consistency),
    cmocka_unit_test(test_mat2Quat),
    cmocka_unit_test(test_euler2Quat),
    cmocka_unit_test(test_euler2Quat_bad_sequence),
    cmocka_unit_test(test_axis_angle_and_velocity),
    cmocka_unit_test(test_subQuat),
    cmocka_unit_test(test_derivative_and_integration),
    cmocka_unit_test(test_quatZ2Vec),
    cmocka_unit_test(test_mat2Rot),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
