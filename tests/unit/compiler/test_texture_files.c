// Cube and skybox textures from files: a grid layout cut from one image and six
// separate face files (missing faces rgb1). Expected bytes from MuJoCo 3.3.8 on the same
// images (8 x 6 RGB grid, pixel (x, y) = (30 x, 40 y, 10 (x + y)); 2 x 2 faces).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static const unsigned char grid_png[] = {
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 8,
    0, 0, 0, 6, 8, 2, 0, 0, 0, 113, 103, 72, 172, 0, 0, 0, 112, 73, 68, 65,
    84, 120, 156, 5, 193, 161, 1, 192, 32, 12, 4, 192, 215, 213, 213, 209, 175, 209, 209, 232,
    232, 104, 116, 245, 79, 130, 206, 16, 12, 17, 205, 68, 189, 3, 0, 195, 227, 120, 19, 38,
    112, 99, 28, 248, 197, 4, 248, 24, 95, 167, 37, 41, 142, 77, 63, 156, 151, 1, 196, 107,
    97, 30, 204, 24, 10, 223, 49, 79, 196, 141, 4, 100, 38, 186, 70, 202, 165, 185, 21, 71,
    121, 181, 128, 162, 213, 240, 242, 172, 169, 138, 93, 121, 106, 221, 250, 128, 30, 214, 238, 61,
    179, 67, 157, 187, 215, 233, 239, 182, 126, 118, 131, 49, 177, 150, 188, 6, 89, 0, 0, 0,
    0, 73, 69, 78, 68, 174, 66, 96, 130,
};
static const unsigned char f1_png[] = {
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2,
    0, 0, 0, 2, 8, 2, 0, 0, 0, 253, 212, 154, 115, 0, 0, 0, 22, 73, 68, 65,
    84, 120, 156, 99, 96, 100, 98, 79, 101, 98, 103, 96, 76, 99, 79, 77, 99, 7, 0, 8,
    222, 1, 185, 122, 14, 80, 25, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
};
static const unsigned char f2_png[] = {
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2,
    0, 0, 0, 2, 8, 2, 0, 0, 0, 253, 212, 154, 115, 0, 0, 0, 21, 73, 68, 65,
    84, 120, 156, 99, 56, 193, 192, 112, 194, 8, 136, 25, 140, 78, 24, 25, 1, 0, 28, 46,
    3, 233, 180, 231, 219, 55, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
};

static const char* xml =
    "<mujoco><asset>"
    "<texture name='g' type='cube' rgb1='0.2 0.4 0.6' gridsize='3 4' "
    "gridlayout='.U..LFRB.D..' file='grid.png'/>"
    "<texture name='g2' type='skybox' rgb1='0.2 0.4 0.6' gridsize='3 4' "
    "gridlayout='.U..LF...D.F' file='grid.png'/>"
    "<texture name='s' type='cube' rgb1='0.5 0.5 0.5' fileright='f1.png' fileup='f2.png' "
    "fileback='f1.png'/>"
    "</asset><worldbody><geom size='1'/></worldbody></mujoco>";

static void test_cube_files(void** state) {
  (void)state;
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  mj_addBufferVFS(&vfs, "m.xml", xml, (int)strlen(xml));
  mj_addBufferVFS(&vfs, "grid.png", grid_png, (int)sizeof(grid_png));
  mj_addBufferVFS(&vfs, "f1.png", f1_png, (int)sizeof(f1_png));
  mj_addBufferVFS(&vfs, "f2.png", f2_png, (int)sizeof(f2_png));
  char err[1000] = "";
  mjModel* m = mj_loadXML("m.xml", &vfs, err, sizeof(err));
  mj_deleteVFS(&vfs);
  if (!m) {
    fail_msg("%s", err);
  }
  for (int i = 0; i < 3; i++) {
    assert_int_equal(m->tex_width[i], 2);
    assert_int_equal(m->tex_height[i], 12);
  }
  assert_int_equal(m->tex_pathadr[2], -1);  // no single path for six files
  // faces R, L, U of the grid texture, then D, F, B (first two pixels each)
  const unsigned char grid[] = {120, 80, 60, 150, 80, 70, 120, 120, 70, 150, 120, 80,
                                0,   80, 20, 30,  80, 30, 0,   120, 30, 30,  120, 40,
                                60,  0,  20, 90,  0,  30, 60,  40,  30, 90,  40,  40,
                                60,  160, 60, 90, 160, 70, 60, 200, 70, 90,  200, 80,
                                60,  80, 40, 90,  80, 50, 60,  120, 50, 90,  120, 60,
                                180, 80, 80, 210, 80, 90, 180, 120, 90, 210, 120, 100};
  assert_memory_equal(m->tex_data + m->tex_adr[0], grid, sizeof(grid));
  const unsigned char six[] = {1,   2,   7,   101, 2,   7,   1,   102, 7,   101, 102, 7,
                               127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127,
                               200, 0,   0,   200, 50,  0,   200, 0,   50,  200, 50,  50};
  assert_memory_equal(m->tex_data + m->tex_adr[2], six, sizeof(six));
  const unsigned char* back = m->tex_data + m->tex_adr[2] + 5 * 12;
  assert_int_equal(back[3], 101);
  // skybox: the missing right face is rgb1, F defined twice takes the last cell
  const unsigned char* right = m->tex_data + m->tex_adr[1];
  assert_int_equal(right[0], 51);
  assert_int_equal(right[1], 102);
  assert_int_equal(right[2], 153);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cube_files),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
