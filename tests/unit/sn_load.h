// Loading an MJCF string in unit tests: one loader (the text becomes m.xml in a VFS, so
// error messages read "m.xml:line:col: ...") shared by every test that needs one.
#ifndef SINEW_TESTS_SN_LOAD_H_
#define SINEW_TESTS_SN_LOAD_H_

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

// Load a model from an MJCF string; NULL and the message in err on error.
static inline mjModel* sn_test_try_load(const char* xml, char* err, int err_sz) {
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  assert_int_equal(mj_addBufferVFS(&vfs, "m.xml", xml, (int)strlen(xml)), 0);
  mjModel* m = mj_loadXML("m.xml", &vfs, err, err_sz);
  mj_deleteVFS(&vfs);
  return m;
}

// Load a model from an MJCF string; fails the test on error.
static inline mjModel* sn_test_load(const char* xml) {
  char err[1000] = "";
  mjModel* m = sn_test_try_load(xml, err, sizeof(err));
  if (!m) {
    fail_msg("load failed: %s", err);
  }
  return m;
}

#endif  // SINEW_TESTS_SN_LOAD_H_
