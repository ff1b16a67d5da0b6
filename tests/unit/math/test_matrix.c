// Dense matrix math and the 6D spatial transform.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

// 3x4 and 4x2 test matrices
static const mjtNum A[12] = {1, 2, 0, -1, 3, -2, 4, 0.5, 0, 1, -3, 2};
static const mjtNum B[8] = {2, -1, 0, 3, 1, 1, -2, 0.5};

static void test_mulMatVec_and_transpose(void** state) {
  (void)state;
  const mjtNum x[4] = {1, -1, 2, 0.5};
  const mjtNum y[3] = {2, -1, 3};
  mjtNum r[4], at[12], r2[4];
  mju_mulMatVec(r, A, x, 3, 4);
  NEAR(r[0], 1 - 2 + 0 - 0.5, 0);
  NEAR(r[1], 3 + 2 + 8 + 0.25, 0);
  NEAR(r[2], 0 - 1 - 6 + 1, 0);
  // A'y computed directly and through the explicit transpose
  mju_mulMatTVec(r, A, y, 3, 4);
  mju_transpose(at, A, 3, 4);
  mju_mulMatVec(r2, at, y, 4, 3);
  for (int i = 0; i < 4; i++) {
    NEAR(r[i], r2[i], 1e-15);
  }
  NEAR(at[1 * 3 + 2], A[2 * 4 + 1], 0);
}

static void test_mulMatMat_family(void** state) {
  (void)state;
  mjtNum ab[6], at[12], bt[8], r[6], att[12];
  mju_mulMatMat(ab, A, B, 3, 4, 2);
  // (A B)[1][0] = 3*2 + -2*0 + 4*1 + 0.5*-2
  NEAR(ab[2], 6 + 0 + 4 - 1, 0);
  // A*B = A*(B')' and = (A')'*B
  mju_transpose(bt, B, 4, 2);
  mju_mulMatMatT(r, A, bt, 3, 4, 2);
  for (int i = 0; i < 6; i++) {
    NEAR(r[i], ab[i], 1e-15);
  }
  mju_transpose(at, A, 3, 4);
  mju_transpose(att, at, 4, 3);
  for (int i = 0; i < 12; i++) {
    assert_true(att[i] == A[i]);
  }
  mjtNum ata[16], ata2[16];
  mju_mulMatTMat(ata, A, A, 3, 4, 4);
  mju_mulMatMat(ata2, at, A, 4, 3, 4);
  for (int i = 0; i < 16; i++) {
    NEAR(ata[i], ata2[i], 1e-15);
  }
}

static void test_sqrMatTD(void** state) {
  (void)state;
  const mjtNum d[3] = {2, 0.5, -1};
  mjtNum r[16], expect[16], da[12];
  // A' diag(d) A by hand
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 4; j++) {
      da[i * 4 + j] = d[i] * A[i * 4 + j];
    }
  }
  mju_mulMatTMat(expect, A, da, 3, 4, 4);
  mju_sqrMatTD(r, A, d, 3, 4);
  for (int i = 0; i < 16; i++) {
    NEAR(r[i], expect[i], 1e-14);
  }
  // NULL diag means identity
  mju_mulMatTMat(expect, A, A, 3, 4, 4);
  mju_sqrMatTD(r, A, NULL, 3, 4);
  for (int i = 0; i < 16; i++) {
    NEAR(r[i], expect[i], 1e-14);
  }
}

static void test_square_helpers(void** state) {
  (void)state;
  const mjtNum m[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  mjtNum s[9], e[9];
  mju_symmetrize(s, m, 3);
  NEAR(s[1], 3, 0);
  NEAR(s[3], 3, 0);
  NEAR(s[5], 7, 0);
  NEAR(s[4], 5, 0);
  mju_copy(s, m, 9);
  mju_symmetrize(s, s, 3);  // in place
  NEAR(s[2], 5, 0);
  NEAR(s[6], 5, 0);
  mju_eye(e, 3);
  for (int i = 0; i < 9; i++) {
    assert_true(e[i] == (i % 4 == 0 ? 1 : 0));
  }
  const mjtNum u[3] = {1, 0, -1}, v[3] = {0, 2, 1};
  // u' M v = [1 0 -1] * [7; 16; 25] = -18
  NEAR(mju_mulVecMatVec(u, m, v, 3), -18, 0);
}

static void test_transformSpatial(void** state) {
  (void)state;
  // rotation from quaternion qa; numbers from the MuJoCo 3.3.8 wasm oracle
  const mjtNum q[4] = {0.27189892004362154, -0.34205211558952142, 0.23217000222596085,
                       0.86900426786422758};
  mjtNum rot[9];
  mju_quat2Mat(rot, q);
  const mjtNum vec[6] = {0.1, -0.2, 0.3, 0.4, 0.5, -0.6};
  const mjtNum newpos[3] = {1, 2, 3}, oldpos[3] = {-0.5, 0.25, 0.75};
  const mjtNum motion[6] = {-0.34078401079370380, 0.15097998764771295, 0.032730739638040685,
                            0.67298217509884628, -0.20378208140432924, 0.61436378091302302};
  const mjtNum force[6] = {-2.2139286267308882, 0.10663402152607956, -2.0797293624879787,
                           0.34205584488914720, -0.75522826362460216, -0.28745098503873645};
  mjtNum r[6];
  mju_transformSpatial(r, vec, 0, newpos, oldpos, rot);
  for (int i = 0; i < 6; i++) {
    NEAR(r[i], motion[i], 1e-15);
  }
  mju_transformSpatial(r, vec, 1, newpos, oldpos, rot);
  for (int i = 0; i < 6; i++) {
    NEAR(r[i], force[i], 1e-15);
  }

  // no rotation, same point: identity; pure translation of an angular velocity
  mju_transformSpatial(r, vec, 0, oldpos, oldpos, NULL);
  for (int i = 0; i < 6; i++) {
    assert_true(r[i] == vec[i]);
  }
  const mjtNum w[6] = {0, 0, 1, 0, 0, 0}, o[3] = {0, 0, 0}, p[3] = {1, 0, 0};
  mju_transformSpatial(r, w, 0, p, o, NULL);
  // spinning about z through the origin moves the point (1,0,0) along +y
  NEAR(r[4], 1, 0);
  NEAR(r[3], 0, 0);
  // a force along y at the origin has torque -z about (1,0,0)
  const mjtNum f[6] = {0, 0, 0, 0, 1, 0};
  mju_transformSpatial(r, f, 1, p, o, NULL);
  NEAR(r[2], -1, 0);
  // output may alias the input
  mjtNum io[6] = {0.1, -0.2, 0.3, 0.4, 0.5, -0.6};
  mju_transformSpatial(io, io, 1, newpos, oldpos, rot);
  for (int i = 0; i < 6; i++) {
    NEAR(io[i], force[i], 1e-15);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_mulMatVec_and_transpose),
    cmocka_unit_test(test_mulMatMat_family),
    cmocka_unit_test(test_sqrMatTD),
    cmocka_unit_test(test_square_helpers),
    cmocka_unit_test(test_transformSpatial),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
