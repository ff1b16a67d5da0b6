// mj_loadXML and the parse entry points: files from the VFS or disk, errors returned
// (never printed) in the documented format, and malformed input that must not crash or
// leak (ASan checks leaks on exit).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/spec.h"
#include "xml/load.h"

static const char* good =
    "<mujoco model=\"pendulum\">\n"
    "  <default><joint damping=\"0.1\"/><position kp=\"5\"/></default>\n"
    "  <worldbody>\n"
    "    <body name=\"pole\" pos=\"0 0 1\">\n"
    "      <joint name=\"hinge\" axis=\"0 1 0\" range=\"-90 90\"/>\n"
    "      <geom type=\"capsule\" fromto=\"0 0 0 0 0 -1\" size=\"0.05\"/>\n"
    "    </body>\n"
    "    <frame pos=\"1 0 0\"><geom size=\"0.1\"/></frame>\n"
    "  </worldbody>\n"
    "  <actuator><position name=\"servo\" joint=\"hinge\"/></actuator>\n"
    "</mujoco>\n";

static void test_vfs(void** state) {
  (void)state;
  mjVFS vfs;
  mj_defaultVFS(&vfs);
  assert_int_equal(mj_addBufferVFS(&vfs, "p.xml", good, (int)strlen(good)), 0);
  char err[512];
  sn_spec* s = sn_xml_load_spec("p.xml", &vfs, err, sizeof(err));
  if (!s) {
    mj_deleteVFS(&vfs);
    fail_msg("%s", err);
  }
  assert_string_equal(s->modelname, "pendulum");
  assert_string_equal(s->modelfile, "p.xml");
  assert_int_equal(SN_COUNT(s, bodies), 2);
  assert_int_equal(SN_COUNT(s, actuators), 1);
  sn_spec_free(s);
  mj_deleteVFS(&vfs);
}

static void test_loadxml_errors(void** state) {
  (void)state;
  char err[512];
  assert_null(mj_loadXML("/nonexistent/model.xml", NULL, err, sizeof(err)));
  assert_non_null(strstr(err, "/nonexistent/model.xml"));
  assert_null(mj_loadXML(NULL, NULL, err, sizeof(err)));
  // no error buffer: still no crash
  assert_null(mj_loadXML("/nonexistent/model.xml", NULL, NULL, 0));

  mjVFS vfs;
  mj_defaultVFS(&vfs);
  const char* text = "<mujoco>\n<worldbody>\n<geom sizee=\"1\"/>\n</worldbody></mujoco>";
  mj_addBufferVFS(&vfs, "bad.xml", text, (int)strlen(text));
  assert_null(mj_loadXML("bad.xml", &vfs, err, sizeof(err)));
  assert_string_equal(err, "bad.xml:3:7: element 'geom': attribute 'sizee': unrecognized "
                           "attribute; did you mean 'size'?");
  // a short buffer truncates but stays terminated
  char tiny[8];
  assert_null(mj_loadXML("bad.xml", &vfs, tiny, sizeof(tiny)));
  assert_int_equal(strlen(tiny), 7);
  mj_deleteVFS(&vfs);
}

// Every prefix of a valid model and random byte edits of it: errors, never crashes.
static void test_malformed(void** state) {
  (void)state;
  size_t n = strlen(good);
  char* buf = (char*)malloc(n + 1);
  char err[512];
  for (size_t len = 0; len < n; len++) {
    memcpy(buf, good, len);
    buf[len] = 0;
    sn_spec* s = sn_xml_load_spec_text(buf, len, "cut.xml", NULL, err, sizeof(err));
    sn_spec_free(s);
  }
  const char junk[] = "<>\"'= /x1.-e#&;\n\0abcQ";
  srand(7);
  for (int trial = 0; trial < 3000; trial++) {
    memcpy(buf, good, n + 1);
    int edits = 1 + rand() % 4;
    for (int e = 0; e < edits; e++) {
      buf[rand() % n] = junk[rand() % (int)(sizeof(junk) - 1)];
    }
    sn_spec* s = sn_xml_load_spec_text(buf, n, "fuzz.xml", NULL, err, sizeof(err));
    if (!s) {
      assert_non_null(strstr(err, "fuzz.xml"));
    }
    sn_spec_free(s);
  }
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vfs),
      cmocka_unit_test(test_loadxml_errors),
      cmocka_unit_test(test_malformed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
