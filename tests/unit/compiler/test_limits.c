// Size limits of the loader and compiler: requests for absurd amounts of memory
// (textures, arena, user data, activations, replicate expansions) and too small an
// arena are compile errors naming the element and attribute, with nothing allocated
// for them and nothing leaked (ASan checks leaks on exit); mju_error must never be
// reached, so it fails the test. Also the rules of stat.meansize/extent/center, with
// values computed by MuJoCo 3.3.8 for the same documents.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static void fail_on_error(const char* msg) {
  fail_msg("mju_error reached: %s", msg);
}

// Load document text through a VFS; returns the model (or NULL with err set).
static mjModel* load(const char* text, char* err, int errsz) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  assert_int_equal(mj_addBufferVFS(&vfs, "m.xml", text, (int)strlen(text)), 0);
  mju_user_error = fail_on_error;
  mjModel* m = mj_loadXML("m.xml", &vfs, err, errsz);
  mju_user_error = NULL;
  mj_deleteVFS(&vfs);
  return m;
}

// The document must fail to load with a message containing every given fragment.
static void expect_error(const char* text, const char* const* want, int nwant) {
  char err[1000] = "";
  mjModel* m = load(text, err, sizeof(err));
  if (m) {
    mj_deleteModel(m);
    fail_msg("loaded, expected an error containing '%s'", want[0]);
  }
  for (int i = 0; i < nwant; i++) {
    if (!strstr(err, want[i])) {
      fail_msg("error '%s' lacks '%s'", err, want[i]);
    }
  }
}

#define BODY_JOINT "<worldbody><body><joint name=\"j\"/><geom size=\"0.1\"/></body></worldbody>"

static void test_texture_sizes(void** state) {
  (void)state;
  // 6 faces x 2^31-1 squared: the product overflows any int
  const char* cube[] = {"m.xml:1:16: element 'texture': attribute 'width':", "too large"};
  expect_error("<mujoco><asset><texture type=\"skybox\" builtin=\"flat\" width=\"2147483647\" "
               "height=\"1\"/></asset></mujoco>", cube, 2);
  const char* big[] = {"attribute 'width'", "65536 x 65536 pixels x 3 channels x 6 faces"};
  expect_error("<mujoco><asset><texture type=\"cube\" builtin=\"checker\" width=\"65536\" "
               "height=\"65536\"/></asset></mujoco>", big, 2);
  // a large but valid texture still compiles (12 MB)
  char err[1000] = "";
  mjModel* m = load("<mujoco><asset><texture name=\"t\" type=\"2d\" builtin=\"flat\" "
                    "width=\"2000\" height=\"2000\"/></asset></mujoco>", err, sizeof(err));
  if (!m) {
    fail_msg("%s", err);
  }
  assert_int_equal(m->ntexdata, 2000 * 2000 * 3);
  mj_deleteModel(m);
}

static void test_arena_and_data_sizes(void** state) {
  (void)state;
  const char* zero[] = {"element 'size': attribute 'memory':", "engine error",
                        "mj_stackAlloc"};
  expect_error("<mujoco><size memory=\"0\"/>" BODY_JOINT "</mujoco>", zero, 3);
  const char* huge[] = {"element 'size': attribute 'memory':", "model too large"};
  expect_error("<mujoco><size memory=\"1E\"/>" BODY_JOINT "</mujoco>", huge, 2);
  const char* user[] = {"attribute 'nuserdata':", "model too large"};
  expect_error("<mujoco><size nuserdata=\"2147483647\"/>" BODY_JOINT "</mujoco>", user, 2);
  const char* njmax[] = {"attribute 'njmax':", "model too large"};
  expect_error("<mujoco><size njmax=\"2147483647\"/></mujoco>", njmax, 2);
  const char* nkey[] = {"model too large"};
  expect_error("<mujoco><size nkey=\"2147483647\"/></mujoco>", nkey, 1);
}

static void test_activation_sizes(void** state) {
  (void)state;
  // MuJoCo 3.3.8: "actdim > 1 is only allowed for dyntype 'user'"
  const char* filter[] = {"element 'general': attribute 'actdim':", "dyntype 'user'"};
  expect_error("<mujoco>" BODY_JOINT "<actuator><general joint=\"j\" dyntype=\"filter\" "
               "actdim=\"2\"/></actuator></mujoco>", filter, 2);
  const char* user[] = {"attribute 'actdim':", "model too large"};
  expect_error("<mujoco><worldbody><body><joint name=\"j\"/><geom size=\"0.1\"/></body>"
               "</worldbody><actuator><general joint=\"j\" dyntype=\"user\" "
               "actdim=\"2147483647\"/><general joint=\"j\" dyntype=\"user\" "
               "actdim=\"2147483647\"/></actuator></mujoco>", user, 2);
}

static void test_replicate_limit(void** state) {
  (void)state;
  const char* flat[] = {"element 'replicate': attribute 'count':", "limit of 1000000"};
  expect_error("<mujoco><worldbody><replicate count=\"2147483647\"><geom size=\"0.1\"/>"
               "</replicate></worldbody></mujoco>", flat, 2);
  // nested: 1000 x 1000 geoms, each level fine on its own
  const char* nested[] = {"2001000 elements"};
  expect_error("<mujoco><worldbody><replicate count=\"1000\"><replicate count=\"1000\">"
               "<geom size=\"0.1\"/></replicate></replicate></worldbody></mujoco>", nested, 1);
  char err[1000] = "";
  mjModel* m = load("<mujoco><worldbody><replicate count=\"30\" offset=\"1 0 0\"><replicate "
                    "count=\"20\" offset=\"0 1 0\"><geom size=\"0.1\"/></replicate></replicate>"
                    "</worldbody></mujoco>", err, sizeof(err));
  if (!m) {
    fail_msg("%s", err);
  }
  assert_int_equal(m->ngeom, 600);
  mj_deleteModel(m);
}

static void test_error_locations(void** state) {
  (void)state;
  const char* twin[] = {"m.xml:3:1: element 'body': attribute 'name': repeated name 'twin'",
                        "m.xml:2:1"};
  expect_error("<mujoco><worldbody>\n<body name=\"twin\"/>\n<body name=\"twin\"/>\n"
               "</worldbody></mujoco>", twin, 2);
  const char* mass[] = {"m.xml:2:1: element 'inertial': attribute 'mass':",
                        "mass and inertia of moving bodies must be larger than mjMINVAL"};
  expect_error("<mujoco><worldbody><body><joint/>\n<inertial pos=\"0 0 0\" mass=\"-1\" "
               "diaginertia=\"1 1 1\"/></body></worldbody></mujoco>", mass, 2);
}

// stat values of MuJoCo 3.3.8 for small documents (see statistic.c for the rules).
static void expect_stat(const char* worldbody, double meansize, double extent,
                        const double center[3]) {
  char text[2000], err[1000] = "";
  snprintf(text, sizeof(text), "<mujoco><worldbody>%s</worldbody></mujoco>", worldbody);
  mjModel* m = load(text, err, sizeof(err));
  if (!m) {
    fail_msg("%s", err);
  }
  assert_float_equal(m->stat.meansize, meansize, 1e-12);
  assert_float_equal(m->stat.extent, extent, 1e-12);
  for (int k = 0; k < 3; k++) {
    assert_float_equal(m->stat.center[k], center[k], 1e-12);
  }
  mj_deleteModel(m);
}

static void test_statistic_rules(void** state) {
  (void)state;
  // no bodies: meansize 0.2, extent at least twice that
  expect_stat("<geom size=\"0.1\" pos=\"1 0 0\"/>", 0.2, 0.4, (double[3]){1, 0, 0});
  // nothing at all, and a single point: extent 2
  expect_stat("", 0.2, 2, (double[3]){0, 0, 0});
  expect_stat("<body/>", 1e-5, 2, (double[3]){0, 0, 0});
  // a massless body's centre of mass is offset by its position
  expect_stat("<body pos=\"2 0 0\"/>", 1e-5, 2, (double[3]){3, 0, 0});
  // planes: radius 0.1 max(size[0], size[1]), 1 when infinite
  expect_stat("<geom type=\"plane\" size=\"5 2 1\" pos=\"3 0 0\"/><body><geom size=\"0.5\"/>"
              "</body>", 0.5, 4, (double[3]){1.5, 0, 0});
  expect_stat("<geom type=\"plane\" size=\"0 0 1\" pos=\"0 0 3\"/><body><geom size=\"0.5\"/>"
              "</body>", 0.5, 4.5, (double[3]){0, 0, 1.75});
  // sites are points whatever their size; cameras and lights do not count
  expect_stat("<body><geom size=\"0.1\"/></body><site pos=\"0 0 2\" size=\"0.5\"/>"
              "<camera pos=\"0 0 9\"/><light pos=\"0 0 -9\"/>", 0.1, 2.1,
              (double[3]){0, 0, 0.95});
  // joints: own anchor to own centre of mass, child anchors to the parent's
  expect_stat("<body><joint/><geom size=\"0.001\" mass=\"1\"/><body pos=\"0 0 -1\">"
              "<joint pos=\"0 1 0\"/><geom size=\"0.001\" mass=\"1\"/></body></body>",
              0.5 * (1 + sqrt(2)), 1 + sqrt(2), (double[3]){0, 0.4995, -0.5});
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_texture_sizes),
      cmocka_unit_test(test_arena_and_data_sizes),
      cmocka_unit_test(test_activation_sizes),
      cmocka_unit_test(test_replicate_limit),
      cmocka_unit_test(test_error_locations),
      cmocka_unit_test(test_statistic_rules),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
