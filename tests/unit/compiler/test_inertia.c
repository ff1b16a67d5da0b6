// Mass properties of primitives, their combination, and the compiler's mass options.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "compiler/compile.h"
#include "compiler_test_util.h"

#define TOL 1e-12

static void assert_close(double a, double b) {
  if (fabs(a - b) > TOL * fmax(1, fabs(b))) {
    fail_msg("%.17g != %.17g", a, b);
  }
}

static void test_solid_primitives(void** state) {
  (void)state;
  double m, I[3];
  double s[3] = {0.1, 0.2, 0.3};
  // sphere: V = 4/3 pi r^3, I = 2/5 m r^2
  assert_true(sn_geom_massprops(mjGEOM_SPHERE, s, 1000, -1, 0, &m, I));
  assert_close(m, 1000 * 4.0 / 3.0 * mjPI * 1e-3);
  assert_close(I[0], 0.4 * m * 0.01);
  // box: V = 8abc, Ixx = m (b^2 + c^2) / 3
  assert_true(sn_geom_massprops(mjGEOM_BOX, s, 1000, -1, 0, &m, I));
  assert_close(m, 1000 * 8 * 0.006);
  assert_close(I[0], m * (0.04 + 0.09) / 3);
  assert_close(I[2], m * (0.01 + 0.04) / 3);
  // ellipsoid: Ixx = m (b^2 + c^2) / 5
  assert_true(sn_geom_massprops(mjGEOM_ELLIPSOID, s, 1000, -1, 0, &m, I));
  assert_close(m, 1000 * 4.0 / 3.0 * mjPI * 0.006);
  assert_close(I[1], m * (0.01 + 0.09) / 5);
  // cylinder (r, half-height h): Izz = m r^2 / 2, Ixx = m (3 r^2 + 4 h^2) / 12
  assert_true(sn_geom_massprops(mjGEOM_CYLINDER, s, 1000, -1, 0, &m, I));
  assert_close(m, 1000 * mjPI * 0.01 * 0.4);
  assert_close(I[2], m * 0.01 / 2);
  assert_close(I[0], m * (3 * 0.01 + 4 * 0.04) / 12);
}

// The capsule's moments equal those of a cylinder plus two hemispheres, computed
// here independently by numerical integration over thin disks along the axis.
static void test_capsule_by_integration(void** state) {
  (void)state;
  double r = 0.05, h = 0.25, m, I[3];
  double s[3] = {r, h, 0};
  assert_true(sn_geom_massprops(mjGEOM_CAPSULE, s, 1000, -1, 0, &m, I));
  int n = 200000;
  double L = h + r, dz = 2 * L / n, mass = 0, ixx = 0, izz = 0;
  for (int i = 0; i < n; i++) {
    double z = -L + (i + 0.5) * dz;
    double a = fabs(z) <= h ? r : sqrt(fmax(0, r * r - (fabs(z) - h) * (fabs(z) - h)));
    double dm = 1000 * mjPI * a * a * dz;
    mass += dm;
    izz += dm * a * a / 2;
    ixx += dm * (a * a / 4 + z * z);
  }
  assert_true(fabs(m - mass) < 1e-7 * mass);
  assert_true(fabs(I[2] - izz) < 1e-6 * izz);
  assert_true(fabs(I[0] - ixx) < 1e-6 * ixx);
  // oracle value of MuJoCo 3.3.8 for this capsule (pendulum model)
  assert_close(m, 4.4505895925855405);
  assert_close(I[0], 0.12242393871957724);
}

// Solid capsule moments to the last bit: MuJoCo 3.3.8's body_inertia for single-capsule
// bodies (radius, half-length; one given a mass, one a density).
static void test_capsule_bits(void** state) {
  (void)state;
  double m, I[3];
  double s1[3] = {2.31557, 1.86719, 0};
  assert_true(sn_geom_massprops(mjGEOM_CAPSULE, s1, 1000, 13.8548, 0, &m, I));
  assert_true(I[0] == 74.623515261969146 && I[1] == I[0] && I[2] == 33.781658663058344);
  double s2[3] = {4.33294, 0.03317, 0};
  assert_true(sn_geom_massprops(mjGEOM_CAPSULE, s2, 2513.96, -1, 0, &m, I));
  assert_true(m == 866470.08126656595);
  assert_true(I[0] == 6572554.9330181293 && I[2] == 6525439.3961162763);
}

static void test_shell_sphere_and_given_mass(void** state) {
  (void)state;
  double m, I[3], s[3] = {0.5, 0, 0};
  assert_true(sn_geom_massprops(mjGEOM_SPHERE, s, 2, -1, 1, &m, I));
  assert_close(m, 2 * 4 * mjPI * 0.25);
  assert_close(I[0], 2.0 / 3.0 * m * 0.25);
  // an explicit mass replaces the density
  assert_true(sn_geom_massprops(mjGEOM_SPHERE, s, 1000, 3, 0, &m, I));
  assert_close(m, 3);
  assert_close(I[0], 0.4 * 3 * 0.25);
}

// A given mass needs a volume (area for shells) of at least 1e-14 (3.3.8: below, the
// geom is massless); a density gives the tiny geom its tiny mass.
static void test_given_mass_tiny_volume(void** state) {
  (void)state;
  double m, I[3];
  double box_small[3] = {1e-5, 1e-5, 1.24e-5}, box_big[3] = {1e-5, 1e-5, 1.26e-5};
  assert_true(sn_geom_massprops(mjGEOM_BOX, box_small, 1000, 1, 0, &m, I));
  assert_true(m == 0 && I[0] == 0 && I[1] == 0 && I[2] == 0);
  assert_true(sn_geom_massprops(mjGEOM_BOX, box_big, 1000, 1, 0, &m, I));
  assert_close(m, 1);
  double r[3] = {2.5e-8, 0, 0};  // shell area 7.9e-15
  assert_true(sn_geom_massprops(mjGEOM_SPHERE, r, 1000, 1, 1, &m, I));
  assert_true(m == 0);
  assert_true(sn_geom_massprops(mjGEOM_ELLIPSOID, (double[3]){2e-8, 2e-8, 2e-8}, 1000, 1, 1,
                                &m, I));
  assert_true(m == 0);
  assert_true(sn_geom_massprops(mjGEOM_BOX, box_small, 1e6, -1, 0, &m, I));
  assert_close(m, 1e6 * 8 * 1e-5 * 1e-5 * 1.24e-5);
}

// Two spheres along x: the parallel-axis theorem and the principal-axis ordering
// (largest moment first) of 3.3.8: quaternion (0.5, 0.5, 0.5, 0.5).
static void test_two_spheres_combination(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_body(s, 0, 0, 0, 0);
  tu_geom(s, 1, mjGEOM_SPHERE, 0.1, 0, 0)->pos[0] = 1;
  tu_geom(s, 1, mjGEOM_SPHERE, 0.1, 0, 0)->pos[0] = -1;
  mjModel* m = tu_compile(s);
  double ms = 1000 * 4.0 / 3.0 * mjPI * 1e-3;
  assert_close(m->body_mass[1], 2 * ms);
  assert_close(m->body_inertia[3], 2 * (0.4 * ms * 0.01) + 2 * ms);
  assert_close(m->body_inertia[5], 2 * 0.4 * ms * 0.01);
  assert_close(m->body_iquat[4], 0.5);
  assert_close(m->body_iquat[5], 0.5);
  assert_close(m->body_iquat[6], 0.5);
  assert_close(m->body_iquat[7], 0.5);
  assert_close(m->body_subtreemass[0], 2 * ms);
  mj_deleteModel(m);
  sn_spec_free(s);
}

// A single geom defines the inertial frame directly, without sorting the moments.
static void test_single_geom_frame(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_body(s, 0, 0, 0, 0);
  sn_geom* g = tu_geom(s, 1, mjGEOM_BOX, 0.3, 0.2, 0.1);
  g->pos[2] = 0.5;
  mjModel* m = tu_compile(s);
  assert_true(m->body_inertia[3] < m->body_inertia[4]);
  assert_close(m->body_ipos[5], 0.5);
  assert_close(m->body_iquat[4], 1);
  assert_int_equal(m->body_sameframe[1], mjSAMEFRAME_BODYROT);
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_massless_moving_body_is_an_error(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  tu_body(s, 0, 0, 0, 0)->name = "b";
  tu_joint(s, 1, mjJNT_HINGE);
  char err[300] = "";
  mjModel* m = sn_compile(s, NULL, err, sizeof(err));
  assert_null(m);
  assert_non_null(strstr(err, "mass and inertia of moving bodies"));
  sn_spec_free(s);
}

static void test_settotalmass_and_boundmass(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  s->compiler.settotalmass = 10;
  tu_body(s, 0, 0, 0, 0);
  tu_geom(s, 1, mjGEOM_SPHERE, 0.1, 0, 0);
  tu_body(s, 0, 1, 0, 0);
  tu_geom(s, 2, mjGEOM_SPHERE, 0.2, 0, 0);
  mjModel* m = tu_compile(s);
  assert_close(m->body_mass[1] + m->body_mass[2], 10);
  assert_close(m->body_mass[2] / m->body_mass[1], 8);
  mj_deleteModel(m);
  sn_spec_free(s);
}

static void test_triangle_inequality(void** state) {
  (void)state;
  sn_spec* s = sn_spec_create();
  sn_body* b = tu_body(s, 0, 0, 0, 0);
  b->has_inertial = 1;
  b->mass = 1;
  b->inertia[0] = b->inertia[1] = 1;
  b->inertia[2] = 3;
  tu_joint(s, 1, mjJNT_HINGE);
  char err[300];
  assert_null(sn_compile(s, NULL, err, sizeof(err)));
  s->compiler.balanceinertia = 1;
  mjModel* m = tu_compile(s);
  assert_close(m->body_inertia[3], 5.0 / 3.0);
  assert_close(m->body_inertia[5], 5.0 / 3.0);
  mj_deleteModel(m);
  sn_spec_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_solid_primitives),
      cmocka_unit_test(test_capsule_by_integration),
      cmocka_unit_test(test_capsule_bits),
      cmocka_unit_test(test_shell_sphere_and_given_mass),
      cmocka_unit_test(test_given_mass_tiny_volume),
      cmocka_unit_test(test_two_spheres_combination),
      cmocka_unit_test(test_single_geom_frame),
      cmocka_unit_test(test_massless_moving_body_is_an_error),
      cmocka_unit_test(test_settotalmass_and_boundmass),
      cmocka_unit_test(test_triangle_inequality),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
