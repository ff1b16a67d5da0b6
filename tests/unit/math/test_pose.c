// Poses: composition, inversion and point transforms.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#define NEAR(a, b, tol) assert_true(fabs((double)(a) - (double)(b)) <= (tol))

static const mjtNum P1[3] = {0.5, -1, 2};
static const mjtNum Q1[4] = {0.27189892004362154, -0.34205211558952142, 0.23217000222596085,
                             0.86900426786422758};
static const mjtNum P2[3] = {-0.3, 0.7, 0.1};
static const mjtNum Q2[4] = {0.6456331650251913, -0.092926994710067032, 0.19724673284343217,
                             0.73185798913197697};

static void test_compose_matches_point_transforms(void** state) {
  (void)state;
  const mjtNum v[3] = {1, 2, -0.5};
  mjtNum p[3], q[4], a[3], b[3], c[3];
  mju_mulPose(p, q, P1, Q1, P2, Q2);
  // (pose1*pose2)(v) = pose1(pose2(v))
  mju_trnVecPose(a, p, q, v);
  mju_trnVecPose(b, P2, Q2, v);
  mju_trnVecPose(c, P1, Q1, b);
  for (int i = 0; i < 3; i++) {
    NEAR(a[i], c[i], 1e-15);
  }
  // trnVecPose is rotate then translate
  mju_rotVecQuat(b, v, Q1);
  mju_addTo3(b, P1);
  mju_trnVecPose(a, P1, Q1, v);
  for (int i = 0; i < 3; i++) {
    NEAR(a[i], b[i], 0);
  }
}

static void test_inverse(void** state) {
  (void)state;
  mjtNum pn[3], qn[4], p[3], q[4];
  mju_negPose(pn, qn, P1, Q1);
  mju_mulPose(p, q, P1, Q1, pn, qn);
  for (int i = 0; i < 3; i++) {
    NEAR(p[i], 0, 1e-15);
  }
  NEAR(fabs(q[0]), 1, 1e-15);
  NEAR(mju_norm3(q + 1), 0, 1e-15);
  mju_mulPose(p, q, pn, qn, P1, Q1);
  for (int i = 0; i < 3; i++) {
    NEAR(p[i], 0, 1e-15);
  }
  // outputs may alias inputs
  mjtNum pa[3] = {P1[0], P1[1], P1[2]}, qa[4] = {Q1[0], Q1[1], Q1[2], Q1[3]};
  mju_negPose(pa, qa, pa, qa);
  for (int i = 0; i < 3; i++) {
    NEAR(pa[i], pn[i], 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_compose_matches_point_transforms),
    cmocka_unit_test(test_inverse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
