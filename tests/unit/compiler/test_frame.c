// Orientation forms, frames and fromto, checked on compiled geom poses.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "compiler_test_util.h"

static void assert_quat(const double* q, double w, double x, double y, double z) {
  double s = (q[0] * w + q[1] * x + q[2] * y + q[3] * z) < 0 ? -1 : 1;  // q and -q agree
  if (fabs(q[0] - s * w) > 1e-12 || fabs(q[1] - s * x) > 1e-12 || fabs(q[2] - s * y) > 1e-12 ||
      fabs(q[3] - s * z) > 1e-12) {
    fail_msg("quat (%g %g %g %g) != (%g %g %g %g)", q[0], q[1], q[2], q[3], w, x, y, z);
  }
}

// Compile a world with one geom whose orientation is o, return geom_quat.
static void geom_quat(sn_orient o, int degree, const char* seq, double q[4]) {
  sn_spec* s = sn_spec_create();
  s->compiler.degree = degree;
  memcpy(s->compiler.eulerseq, seq, 4);
  tu_geom(s, 0, mjGEOM_BOX, 0.1, 0.1, 0.1)->orient = o;
  mjModel* m = tu_compile(s);
  memcpy(q, m->geom_quat, 4 * sizeof(double));
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_orientation_forms(void** state) {
  (void)state;
  double q[4], h = sqrt(0.5);
  geom_quat((sn_orient){SN_ORIENT_QUAT, {2, 0, 0, 2}}, 1, "xyz", q);
  assert_quat(q, h, 0, 0, h);
  geom_quat((sn_orient){SN_ORIENT_AXISANGLE, {0, 0, 3, 90}}, 1, "xyz", q);
  assert_quat(q, h, 0, 0, h);
  geom_quat((sn_orient){SN_ORIENT_AXISANGLE, {0, 0, 1, mjPI / 2}}, 0, "xyz", q);
  assert_quat(q, h, 0, 0, h);
  // xyaxes: y is orthogonalised against x (Gram-Schmidt)
  geom_quat((sn_orient){SN_ORIENT_XYAXES, {0, 1, 0, -1, 5, 0}}, 1, "xyz", q);
  assert_quat(q, h, 0, 0, h);
  // zaxis: minimal rotation taking z to the vector
  geom_quat((sn_orient){SN_ORIENT_ZAXIS, {1, 0, 0}}, 1, "xyz", q);
  assert_quat(q, h, 0, h, 0);
  // intrinsic (lowercase) vs extrinsic (uppercase) Euler sequences
  double qi[4], qe[4], a[4], b[4], r[4];
  geom_quat((sn_orient){SN_ORIENT_EULER, {90, 90, 0}}, 1, "xyz", qi);
  geom_quat((sn_orient){SN_ORIENT_EULER, {90, 90, 0}}, 1, "XYZ", qe);
  double ax[3] = {1, 0, 0}, ay[3] = {0, 1, 0};
  mju_axisAngle2Quat(a, ax, mjPI / 2);
  mju_axisAngle2Quat(b, ay, mjPI / 2);
  mju_mulQuat(r, a, b);  // rotating axes: x first, then about the new y
  assert_quat(qi, r[0], r[1], r[2], r[3]);
  mju_mulQuat(r, b, a);  // fixed axes
  assert_quat(qe, r[0], r[1], r[2], r[3]);
}

static void test_fromto(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_body(s, 0, 0, 0, 0);
  sn_geom* g = tu_geom(s, 1, mjGEOM_CAPSULE, 0.05, 0, 0);
  g->has_fromto = 1;
  double ft[6] = {0, 0, 0, 0, 0, -0.5};
  memcpy(g->fromto, ft, sizeof(ft));
  sn_geom* b = tu_geom(s, 1, mjGEOM_BOX, 0.1, 0.7, 0.7);
  b->has_fromto = 1;
  double ft2[6] = {0, 0, 0, 1, 1, 1};
  memcpy(b->fromto, ft2, sizeof(ft2));
  mjModel* m = tu_compile(s);
  assert_true(fabs(m->geom_size[1] - 0.25) < 1e-15);
  assert_true(fabs(m->geom_pos[2] + 0.25) < 1e-15);
  assert_quat(m->geom_quat, 1, 0, 0, 0);  // z points from "to" to "from"
  assert_true(fabs(m->geom_rbound[0] - 0.3) < 1e-15);
  // boxes and ellipsoids: size[1] = size[0], size[2] = half length
  assert_true(fabs(m->geom_size[4] - 0.1) < 1e-15);
  assert_true(fabs(m->geom_size[5] - sqrt(3) / 2) < 1e-15);
  double z[3] = {0, 0, 1}, v[3];
  mju_rotVecQuat(v, z, m->geom_quat + 4);
  for (int k = 0; k < 3; k++) {
    assert_true(fabs(v[k] + 1 / sqrt(3)) < 1e-12);
  }
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_nested_frames(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  sn_frame* f1 = (sn_frame*)sn_spec_append(s, &s->frames, sizeof(sn_frame));
  f1->parent_frame = -1;
  f1->orient = (sn_orient){SN_ORIENT_EULER, {0, 0, 30}};
  sn_frame* f2 = (sn_frame*)sn_spec_append(s, &s->frames, sizeof(sn_frame));
  f2->parent_frame = 0;
  f2->pos[0] = 1;
  f2->orient = (sn_orient){SN_ORIENT_EULER, {0, 0, 60}};
  sn_geom* g = tu_geom(s, 0, mjGEOM_SPHERE, 0.1, 0, 0);
  g->frame = 1;
  g->pos[0] = 1;
  mjModel* m = tu_compile(s);
  // 30 + 60 degrees about z; position: rot30 * (1 + rot60 * (1,0,0))
  double h = sqrt(0.5);
  assert_quat(m->geom_quat, h, 0, 0, h);
  assert_true(fabs(m->geom_pos[0] - cos(mjPI / 6)) < 1e-12);
  assert_true(fabs(m->geom_pos[1] - (sin(mjPI / 6) + 1)) < 1e-12);
  mj_deleteModel(m);
  sn_spec_free(s);
}

// 3.3.8 keeps a quaternion within 1e-14 of unit length bit for bit and divides any
// other by its norm (measured with the oracle: |q| - 1 = 9.99e-15 kept, -1.01e-14
// and 1.11e-14 normalised).
static void test_quat_near_unit(void** state) {
  (void)state;
  double c = cos(0.3), s = sin(0.3), q[4];
  // |q| - 1 = -5e-15: kept as written
  double e = -5e-15, keep[4] = {0.6 * c * (1 + e), 0.6 * s * (1 + e), 0.8 * (1 + e), 0};
  geom_quat((sn_orient){SN_ORIENT_QUAT, {keep[0], keep[1], keep[2], keep[3]}}, 1, "xyz", q);
  for (int i = 0; i < 4; i++) {
    assert_true(q[i] == keep[i]);
  }
  // |q| - 1 = 3e-14: divided by its norm
  e = 3e-14;
  double far[4] = {0.6 * c * (1 + e), 0.6 * s * (1 + e), 0.8 * (1 + e), 0};
  geom_quat((sn_orient){SN_ORIENT_QUAT, {far[0], far[1], far[2], far[3]}}, 1, "xyz", q);
  double n = sqrt(far[0] * far[0] + far[1] * far[1] + far[2] * far[2] + far[3] * far[3]);
  for (int i = 0; i < 4; i++) {
    assert_true(q[i] == far[i] / n);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_orientation_forms),
      cmocka_unit_test(test_quat_near_unit),
      cmocka_unit_test(test_fromto),
      cmocka_unit_test(test_nested_frames),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
