// Builtin textures: the gradient profile (2d radial, cube and skybox by angle from
// straight up) and mark="random" (which pixels get markrgb). Expected bytes from
// MuJoCo 3.3.8 on the same models.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "../sn_load.h"

static mjModel* load(const char* texture) {
  char xml[1000];
  snprintf(xml, sizeof(xml), "<mujoco><asset><texture name='t' %s/></asset></mujoco>", texture);
  return sn_test_load(xml);
}

static void expect_bytes(const mjModel* m, const unsigned char* want, int n) {
  assert_int_equal(m->ntexdata, n);
  for (int i = 0; i < n; i++) {
    if (m->tex_data[i] != want[i]) {
      fail_msg("tex_data[%d] = %d, want %d", i, m->tex_data[i], want[i]);
    }
  }
}

// red channel of white-to-black gradients
static void test_gradient_2d(void** state) {
  (void)state;
  mjModel* m = load("type='2d' builtin='gradient' width='8' height='8' rgb1='1 1 1' rgb2='0 0 0'");
  static const unsigned char row1[8] = {0, 0, 27, 52, 52, 27, 0, 0};
  static const unsigned char row3[8] = {0, 52, 144, 219, 219, 144, 52, 0};
  for (int c = 0; c < 8; c++) {
    assert_int_equal(m->tex_data[3 * (8 * 1 + c)], row1[c]);
    assert_int_equal(m->tex_data[3 * (8 * 3 + c)], row3[c]);
  }
  mj_deleteModel(m);

  m = load("type='2d' builtin='gradient' width='21' height='21' rgb1='1 1 1' rgb2='0 0 0'");
  static const unsigned char half[11] = {255, 240, 220, 194, 162, 127, 92, 60, 34, 14, 0};
  for (int c = 0; c < 11; c++) {
    assert_int_equal(m->tex_data[3 * (21 * 10 + 10 + c)], half[c]);
  }
  mj_deleteModel(m);

  m = load("type='2d' builtin='gradient' width='4' height='3' rgb1='0.3 0.6 0.9' "
           "rgb2='0.8 0.1 0.5'");
  static const unsigned char colour[36] = {
      204, 25, 127, 204, 25, 127, 204, 25, 127, 204, 25, 127, 204, 25, 127, 111, 117, 201,
      111, 117, 201, 204, 25, 127, 204, 25, 127, 204, 25, 127, 204, 25, 127, 204, 25, 127};
  expect_bytes(m, colour, 36);
  mj_deleteModel(m);

  // one pixel wide: no coordinates, zero bytes
  m = load("type='2d' builtin='gradient' width='1' height='3' rgb1='0.3 0.6 0.9'");
  static const unsigned char zero[9] = {0};
  expect_bytes(m, zero, 9);
  mj_deleteModel(m);
}

static void test_gradient_cube(void** state) {
  (void)state;
  mjModel* m = load("type='cube' builtin='gradient' width='5' rgb1='1 1 1' rgb2='0 0 0'");
  static const unsigned char side[5] = {208, 178, 127, 76, 46};  // centre column, right face
  static const unsigned char up[5] = {208, 231, 255, 231, 208};   // centre row, up face
  static const unsigned char down[5] = {46, 23, 0, 23, 46};
  for (int i = 0; i < 5; i++) {
    assert_int_equal(m->tex_data[3 * (5 * i + 2)], side[i]);
    assert_int_equal(m->tex_data[3 * (25 * 2 + 5 * 2 + i)], up[i]);
    assert_int_equal(m->tex_data[3 * (25 * 3 + 5 * 2 + i)], down[i]);
  }
  assert_int_equal(m->tex_data[0], 193);  // corner
  mj_deleteModel(m);

  m = load("type='skybox' builtin='gradient' width='3' rgb1='0.3 0.6 0.9' rgb2='0.8 0.1 0.5'");
  static const unsigned char right_up[54] = {
      107, 122, 204, 99,  129, 210, 107, 122, 204, 140, 89,  178, 140, 89,  178, 140, 89, 178,
      173, 56,  152, 180, 48,  146, 173, 56,  152, 107, 122, 204, 99,  129, 210, 107, 122, 204,
      140, 89,  178, 140, 89,  178, 140, 89,  178, 173, 56,  152, 180, 48,  146, 173, 56, 152};
  assert_int_equal(m->ntexdata, 162);
  for (int i = 0; i < 54; i++) {
    assert_int_equal(m->tex_data[i], right_up[i]);
  }
  assert_int_equal(m->tex_data[27 * 2 + 12], 76);  // up face centre: rgb1
  assert_int_equal(m->tex_data[27 * 3 + 12], 204);  // down face centre: rgb2
  mj_deleteModel(m);
}

static void test_mark_random(void** state) {
  (void)state;
  // which pixels are marked, row by row, at two densities (the second a subset)
  static const char* p50 = "0001010111100000011101111101010100100111010110110111101100000101";
  static const char* p25 = "0001010000100000001101011100010000100001000010000001100000000000";
  const char* want[2] = {p50, p25};
  const char* xml[2] = {
      "type='2d' builtin='flat' mark='random' random='0.5' width='16' height='4' "
      "rgb1='0 0 0' markrgb='1 1 1'",
      "type='2d' builtin='flat' mark='random' random='0.25' width='8' height='8' "
      "rgb1='0 0 0' markrgb='1 1 1'"};
  for (int k = 0; k < 2; k++) {
    mjModel* m = load(xml[k]);
    for (int i = 0; i < 64; i++) {
      assert_int_equal(m->tex_data[3 * i] != 0, want[k][i] == '1');
    }
    mj_deleteModel(m);
  }

  mjModel* m = load("type='2d' builtin='checker' mark='random' random='0.3' width='4' height='2' "
                    "rgb1='0.3 0.6 0.9' rgb2='0.8 0.1 0.5' markrgb='0.1 0.2 0.3'");
  static const unsigned char checker[24] = {76, 153, 229, 76,  153, 229, 204, 25, 127, 25, 51, 76,
                                            204, 25, 127, 25, 51, 76,  76,  153, 229, 76, 153, 229};
  expect_bytes(m, checker, 24);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gradient_2d),
      cmocka_unit_test(test_gradient_cube),
      cmocka_unit_test(test_mark_random),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
