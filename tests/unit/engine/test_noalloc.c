// mj_step and mj_forward never allocate on the heap: every scratch array comes
// from the arena preallocated in mjData (contacts included).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static int nalloc;
static void* counting_malloc(size_t size) {
  nalloc++;
  return aligned_alloc(64, (size + 63) / 64 * 64);
}
static void counting_free(void* ptr) {
  free(ptr);
}

static void check_model(const char* file, int integrator) {
  const char* dir = getenv("SINEW_TEST_MODELS");
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s", dir ? dir : "tests/models", file);
  char err[1000] = "";
  mjModel* m = mj_loadXML(path, NULL, err, sizeof(err));
  if (!m) {
    fail_msg("cannot load %s: %s", path, err);
  }
  m->opt.integrator = integrator;
  mjData* d = mj_makeData(m);
  for (int i = 0; i < m->nu; i++) {
    d->ctrl[i] = 0.3;
  }
  mju_user_malloc = counting_malloc;
  mju_user_free = counting_free;
  nalloc = 0;
  for (int i = 0; i < 20; i++) {
    mj_step(m, d);
  }
  mj_forward(m, d);
  mju_user_malloc = NULL;
  mju_user_free = NULL;
  assert_int_equal(nalloc, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void test_no_heap_allocation_per_step(void** state) {
  (void)state;
  const int integrators[] = {mjINT_EULER, mjINT_RK4, mjINT_IMPLICIT, mjINT_IMPLICITFAST};
  for (int k = 0; k < 4; k++) {
    check_model("smooth_tree.xml", integrators[k]);
    check_model("actuator_general.xml", integrators[k]);
  }
  // collision runs every step: analytic pairs, the convex solver with meshes and
  // multiccd, height fields, explicit pairs and MPR all work from the mjData stack
  const char* contact_models[] = {"collide_box_box.xml", "collide_convex_mesh_mesh.xml",
                                  "hfield_collision_box_tilted.xml", "contact_pair.xml",
                                  "collide_mpr_ellipsoid_ellipsoid.xml"};
  for (int k = 0; k < 5; k++) {
    check_model(contact_models[k], mjINT_EULER);
  }
}

// Tendons (wrapping, pulleys, constraint rows), every transmission, muscles and every
// sensor stage (acceleration sensors run mj_rnePostConstraint; rangefinders cast rays;
// distance sensors run the convex solver) also step from the arena alone.
static void test_no_heap_tendons_actuators_sensors(void** state) {
  (void)state;
  const char* models[] = {
      "tendon_spatial_sphere.xml", "tendon_spatial_cylinder.xml", "tendon_pulley.xml",
      "tendon_sidesite.xml",       "tendon_limit.xml",            "tendon_equality.xml",
      "tendon_sparse.xml",         "tendon_frictionloss.xml",     "actuator_muscle.xml",
      "actuator_adhesion.xml",     "actuator_slidercrank.xml",    "actuator_site_refsite.xml",
      "actuator_tendon_muscle.xml", "sensor_acc_contact.xml",     "sensor_acc_imu.xml",
      "sensor_acc_touch.xml",      "sensor_rangefinder.xml",      "sensor_distance.xml",
      "sensor_frame.xml",          "sensor_joint.xml",            "sensor_limit.xml",
      "sensor_camprojection.xml",  "sensor_insidesite.xml"};
  for (size_t k = 0; k < sizeof(models) / sizeof(models[0]); k++) {
    check_model(models[k], mjINT_EULER);
  }
  check_model("tendon_damping_implicit.xml", mjINT_IMPLICIT);
  check_model("actuator_muscle.xml", mjINT_RK4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_no_heap_allocation_per_step),
      cmocka_unit_test(test_no_heap_tendons_actuators_sensors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
