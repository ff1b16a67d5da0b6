// The virtual file system shadows the disk and keeps its own copies.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "io/vfs.h"

static void test_buffer_roundtrip(void** state) {
  (void)state;
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  const char text[] = "<mujoco/>";
  assert_int_equal(mj_addBufferVFS(&vfs, "dir/./model.xml", text, (int)strlen(text)), 0);
  assert_int_equal(mj_addBufferVFS(&vfs, "dir/model.xml", text, 3), 1);  // already there
  char* data = NULL;
  size_t size = 0;
  assert_int_equal(sn_vfs_read(&vfs, "dir/model.xml", &data, &size), 0);
  assert_int_equal(size, strlen(text));
  assert_string_equal(data, text);
  mju_free(data);
  assert_int_equal(mj_deleteFileVFS(&vfs, "dir/model.xml"), 0);
  assert_int_equal(mj_deleteFileVFS(&vfs, "dir/model.xml"), -1);
  assert_int_equal(sn_vfs_read(&vfs, "dir/model.xml", &data, &size), -1);
  mj_deleteVFS(&vfs);
}

static void test_missing_file(void** state) {
  (void)state;
  char* data = NULL;
  size_t size = 0;
  assert_int_equal(sn_vfs_read(NULL, "/nonexistent/sinew/file.xml", &data, &size), -1);
  assert_null(data);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_buffer_roundtrip),
      cmocka_unit_test(test_missing_file),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
