// <include>: splicing, nested includes, path rules, "only once", and errors that name the
// included file and the include element.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "compiler/spec.h"
#include "xml/load.h"

static char dir[256];

static void put(const char* name, const char* text) {
  char path[512];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE* f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static sn_spec* load(const char* name, char* err, int sz) {
  char path[512];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  return sn_xml_load_spec(path, NULL, err, sz);
}

static int setup(void** state) {
  (void)state;
  snprintf(dir, sizeof(dir), "/tmp/sinew_inc_XXXXXX");
  assert_non_null(mkdtemp(dir));
  char sub[512];
  snprintf(sub, sizeof(sub), "%s/sub", dir);
  mkdir(sub, 0700);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  const char* files[] = {"main.xml", "sub/a.xml", "sub/b.xml", "twice.xml", "c1.xml",
                         "c2.xml", "cycle.xml", "bad.xml", "badinc.xml", "empty.xml",
                         "emptyinc.xml", "kids.xml", "schema.xml", "schemainc.xml",
                         "missing.xml", "top.xml"};
  char path[512];
  for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
    snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
    unlink(path);
  }
  snprintf(path, sizeof(path), "%s/sub", dir);
  rmdir(path);
  rmdir(dir);
  return 0;
}

static void test_nested(void** state) {
  (void)state;
  put("main.xml",
      "<mujoco><worldbody><geom name='m' size='1'/><include file='sub/a.xml'/>"
      "<geom name='z' size='1'/></worldbody></mujoco>");
  // sub/a.xml includes b.xml, found next to it (there is no b.xml next to main.xml)
  put("sub/a.xml", "<mujoco><geom name='a' size='1'/><include file='b.xml'/></mujoco>");
  put("sub/b.xml", "<anything><geom name='b' size='1'/><geom name='c' size='1'/></anything>");
  char err[512];
  sn_spec* s = load("main.xml", err, sizeof(err));
  assert_non_null(s);
  assert_int_equal(SN_COUNT(s, geoms), 5);
  const char* names[] = {"m", "a", "b", "c", "z"};
  for (int i = 0; i < 5; i++) {
    assert_string_equal(SN_AT(s, geoms, sn_geom, i).name, names[i]);
  }
  // elements remember the file they came from
  assert_non_null(strstr(SN_AT(s, geoms, sn_geom, 2).loc.file, "sub/b.xml"));
  assert_int_equal(SN_AT(s, geoms, sn_geom, 2).loc.line, 1);
  sn_spec_free(s);
}

static void test_twice_and_cycle(void** state) {
  (void)state;
  put("sub/a.xml", "<mujoco><geom size='1'/></mujoco>");
  put("twice.xml",
      "<mujoco><worldbody><include file='sub/a.xml'/>\n<include file='sub/a.xml'/>"
      "</worldbody></mujoco>");
  char err[512];
  assert_null(load("twice.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "twice.xml:2:"));
  assert_non_null(strstr(err, "already included"));

  put("c1.xml", "<mujoco><include file='c2.xml'/></mujoco>");
  put("c2.xml", "<mujoco>\n<include file='c1.xml'/></mujoco>");
  put("cycle.xml", "<mujoco><include file='c1.xml'/></mujoco>");
  assert_null(load("cycle.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "c2.xml:2:"));
  assert_non_null(strstr(err, "already included"));

  // a file including itself
  put("top.xml", "<mujoco><include file='top.xml'/></mujoco>");
  assert_null(load("top.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "already included"));
}

static void test_errors(void** state) {
  (void)state;
  char err[512];
  put("bad.xml", "<mujoco>\n\n  <geom size='1'>\n</mujoco>");
  put("badinc.xml", "<mujoco><worldbody>\n<include file='bad.xml'/></worldbody></mujoco>");
  assert_null(load("badinc.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "bad.xml:4:"));            // the included file and line
  assert_non_null(strstr(err, "included from"));
  assert_non_null(strstr(err, "badinc.xml:2:"));

  put("empty.xml", "<mujoco/>");
  put("emptyinc.xml", "<mujoco><include file='empty.xml'/></mujoco>");
  assert_null(load("emptyinc.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "no elements"));

  put("kids.xml", "<mujoco><include file='empty.xml'><geom/></include></mujoco>");
  assert_null(load("kids.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "cannot have children"));

  put("missing.xml", "<mujoco><include file='nothere.xml'/></mujoco>");
  assert_null(load("missing.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "missing.xml:1:"));
  assert_non_null(strstr(err, "nothere.xml"));

  // a schema error inside an included file names that file
  put("sub/a.xml", "<mujoco>\n<geom sise='1'/></mujoco>");
  put("schemainc.xml", "<mujoco><worldbody><include file='sub/a.xml'/></worldbody></mujoco>");
  assert_null(load("schemainc.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "sub/a.xml:2:7: element 'geom': attribute 'sise'"));
  assert_non_null(strstr(err, "did you mean 'size'"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nested),
      cmocka_unit_test(test_twice_and_cycle),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
