// Height-field assets: elevation from a PNG (red channel, image rows flipped), from the
// binary format (rows as stored), inline (rows flipped) and zeros, normalised to [0, 1]
// in single precision; geom size, bounds and inertia; names and paths; bad files.
// Expected values are analytic; tests/models/hfield_*.xml check the same against 3.3.8.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

// 4 x 3 RGB image; red of pixel (x, y) = 50 x + 20 y, green and blue unrelated
static const unsigned char rgb_png[] = {
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 4, 0, 0, 0, 3, 8, 2,
    0, 0, 0, 59, 150, 57, 145, 0, 0, 0, 48, 73, 68, 65, 84, 120, 156, 99, 96, 56, 193, 96, 180,
    138, 61, 165, 135, 111, 90, 158, 40, 131, 200, 137, 40, 183, 85, 137, 21, 61, 25, 171, 242,
    242, 25, 52, 78, 108, 137, 90, 181, 187, 167, 231, 208, 190, 188, 147, 0, 14, 230, 16, 111,
    26, 134, 158, 35, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130};

// Load xml from a VFS holding the image, a 2 x 3 binary file and any extra file.
static mjModel* load(const char* xml, const char* extra, const void* buf, int n, char* err,
                     int nerr) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "m.xml", xml, (int)strlen(xml));
  mj_addBufferVFS(&vfs, "img.png", rgb_png, (int)sizeof(rgb_png));
  unsigned char bin[8 + 6 * 4];
  int32_t dims[2] = {2, 3};
  float vals[6] = {-1, 0, 1, 2, 3, 7};
  memcpy(bin, dims, 8);
  memcpy(bin + 8, vals, sizeof(vals));
  mj_addBufferVFS(&vfs, "grid.bin", bin, (int)sizeof(bin));
  if (extra) {
    mj_addBufferVFS(&vfs, extra, buf, n);
  }
  mjModel* m = mj_loadXML("m.xml", &vfs, err, nerr);
  mj_deleteVFS(&vfs);
  return m;
}

static void test_sources(void** state) {
  (void)state;
  const char* xml =
      "<mujoco><asset>"
      "<hfield name='png' file='img.png' size='1 2 0.5 0.25'/>"
      "<hfield file='grid.bin' size='1 1 1 1'/>"
      "<hfield name='inline' nrow='2' ncol='2' elevation='1 2 3 5' size='1 1 1 1'/>"
      "<hfield name='flat' nrow='2' ncol='3' elevation='4 4 4 4 4 4' size='1 1 1 1'/>"
      "<hfield name='zero' nrow='3' ncol='1' size='1 1 1 1'/>"
      "</asset><worldbody><geom type='hfield' hfield='png'/></worldbody></mujoco>";
  char err[1000] = "";
  mjModel* m = load(xml, NULL, NULL, 0, err, sizeof(err));
  if (!m) {
    fail_msg("%s", err);
  }
  assert_int_equal(m->nhfield, 5);
  assert_int_equal(m->nhfielddata, 12 + 6 + 4 + 6 + 3);
  // PNG: 3 rows of 4, row 0 is the image's last row, red / 190
  assert_int_equal(m->hfield_nrow[0], 3);
  assert_int_equal(m->hfield_ncol[0], 4);
  for (int r = 0; r < 3; r++) {
    for (int c = 0; c < 4; c++) {
      float expect = (float)(50 * c + 20 * (2 - r)) / 190.0f;
      assert_float_equal(m->hfield_data[4 * r + c], expect, 0);
    }
  }
  // binary: rows as stored, (v + 1) / 8
  const float* b = m->hfield_data + m->hfield_adr[1];
  float vals[6] = {-1, 0, 1, 2, 3, 7};
  assert_int_equal(m->hfield_nrow[1], 2);
  assert_int_equal(m->hfield_ncol[1], 3);
  for (int i = 0; i < 6; i++) {
    assert_float_equal(b[i], (vals[i] + 1) / 8.0f, 0);
  }
  // inline: the first listed row is the last grid row
  const float* e = m->hfield_data + m->hfield_adr[2];
  assert_float_equal(e[0], 0.5f, 0);
  assert_float_equal(e[1], 1.0f, 0);
  assert_float_equal(e[2], 0.0f, 0);
  assert_float_equal(e[3], 0.25f, 0);
  // constant elevation and no elevation: zeros
  for (int i = m->hfield_adr[3]; i < m->nhfielddata; i++) {
    assert_float_equal(m->hfield_data[i], 0.0f, 0);
  }
  // names (the binary one from its file), paths in hfield order
  assert_int_equal(mj_name2id(m, mjOBJ_HFIELD, "grid"), 1);
  assert_string_equal(m->paths + m->hfield_pathadr[0], "img.png");
  assert_string_equal(m->paths + m->hfield_pathadr[1], "grid.bin");
  assert_int_equal(m->hfield_pathadr[2], -1);
  // the geom: size (sx, sy, sz/4 + base/2), box from -base to sz, radius to the far corner
  assert_int_equal(m->geom_dataid[0], 0);
  assert_float_equal(m->geom_size[2], 0.5 / 4 + 0.25 / 2, 1e-15);
  assert_float_equal(m->geom_aabb[2], (0.5 - 0.25) / 2, 1e-15);
  assert_float_equal(m->geom_aabb[5], (0.5 + 0.25) / 2, 1e-15);
  assert_float_equal(m->geom_rbound[0], sqrt(1 + 4 + 0.25), 1e-15);
  mj_deleteModel(m);
}

// An hfield geom on a moving body weighs as the box of half-sizes geom_size.
static void test_inertia(void** state) {
  (void)state;
  const char* xml =
      "<mujoco><asset><hfield name='h' nrow='2' ncol='2' size='0.2 0.3 0.1 0.2'/></asset>"
      "<worldbody><body><freejoint/><geom type='hfield' hfield='h' density='500'/></body>"
      "</worldbody></mujoco>";
  char err[1000] = "";
  mjModel* m = load(xml, NULL, NULL, 0, err, sizeof(err));
  if (!m) {
    fail_msg("%s", err);
  }
  double a = 0.2, b = 0.3, c = 0.1 / 4 + 0.2 / 2;
  double mass = 500 * 8 * a * b * c;
  assert_float_equal(m->body_mass[1], mass, 1e-12);
  double I[3] = {mass * (b * b + c * c) / 3, mass * (a * a + c * c) / 3,
                 mass * (a * a + b * b) / 3};
  // principal moments are sorted by the inertial frame: compare as sets via the sum
  assert_float_equal(m->body_inertia[3] + m->body_inertia[4] + m->body_inertia[5],
                      I[0] + I[1] + I[2], 1e-12);
  mj_deleteModel(m);
}

// Bad files and attributes fail with a message naming the file or the attribute.
static void test_errors(void** state) {
  (void)state;
  static const struct {
    const char* asset;
    const char* expect;
  } cases[] = {
      {"<hfield name='h' file='none.png' size='1 1 1 1'/>", "none.png"},
      {"<hfield name='h' file='bad.png' size='1 1 1 1'/>", "could not decode PNG file 'bad.png'"},
      {"<hfield name='h' file='bad.bin' size='1 1 1 1'/>", "unexpected file size"},
      {"<hfield name='h' file='img.png' content_type='image/jpeg' size='1 1 1 1'/>",
       "unsupported content type"},
      {"<hfield name='h' nrow='2' ncol='2' elevation='1 2 3' size='1 1 1 1'/>", "elevation"},
      {"<hfield name='h' nrow='2' ncol='2' size='1 1 -1 1'/>", "not positive"},
      {"<hfield name='h' size='1 1 1 1'/>", "not specified"},
      {"<hfield nrow='2' ncol='2' size='1 1 1 1'/>", "empty name"},
  };
  const unsigned char junk[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    char xml[1000], err[1000] = "";
    snprintf(xml, sizeof(xml),
             "<mujoco><asset>%s</asset><worldbody><geom size='1'/></worldbody></mujoco>",
             cases[i].asset);
    const char* extra = strstr(cases[i].asset, "bad.png") ? "bad.png" : "bad.bin";
    mjModel* m = load(xml, extra, junk, (int)sizeof(junk), err, sizeof(err));
    if (m) {
      mj_deleteModel(m);
      fail_msg("case %zu loaded", i);
    }
    if (!strstr(err, cases[i].expect)) {
      fail_msg("case %zu: '%s' not in '%s'", i, cases[i].expect, err);
    }
  }
}

// A geom that names a missing hfield, or an hfield geom without one.
static void test_geom_errors(void** state) {
  (void)state;
  const char* bad[] = {"<geom type='hfield' hfield='x'/>", "<geom type='hfield'/>",
                       "<geom type='box' size='1 1 1' hfield='h'/>"};
  for (int i = 0; i < 3; i++) {
    char xml[1000], err[1000] = "";
    snprintf(xml, sizeof(xml),
             "<mujoco><asset><hfield name='h' nrow='2' ncol='2' size='1 1 1 1'/></asset>"
             "<worldbody>%s</worldbody></mujoco>",
             bad[i]);
    mjModel* m = load(xml, NULL, NULL, 0, err, sizeof(err));
    if (m) {
      mj_deleteModel(m);
      fail_msg("case %d loaded", i);
    }
    assert_non_null(strstr(err, "hfield"));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sources),
      cmocka_unit_test(test_inertia),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_geom_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
