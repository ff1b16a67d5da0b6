// Helpers shared by the reader unit tests: reading an MJCF string into a spec,
// expecting success (sn_xml_test_load) or failure (sn_xml_test_bad).
#ifndef SINEW_TESTS_XML_TEST_UTIL_H_
#define SINEW_TESTS_XML_TEST_UTIL_H_

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/spec.h"
#include "xml/load.h"

// the message of the last read
static char sn_xml_test_err[1024];

// Read xml, named name in messages; fails the test when it does not read.
static inline sn_spec* sn_xml_test_load(const char* name, const char* xml) {
  sn_spec* s = sn_xml_load_spec_text(xml, strlen(xml), name, NULL, sn_xml_test_err,
                                     sizeof(sn_xml_test_err));
  if (!s) {
    fail_msg("%s", sn_xml_test_err);
  }
  return s;
}

// Read xml, named name in messages, expecting it to fail; returns the message.
static inline const char* sn_xml_test_bad(const char* name, const char* xml) {
  sn_spec* s = sn_xml_load_spec_text(xml, strlen(xml), name, NULL, sn_xml_test_err,
                                     sizeof(sn_xml_test_err));
  if (s) {
    sn_spec_free(s);
    fail_msg("should fail: %s", xml);
  }
  return sn_xml_test_err;
}

#endif  // SINEW_TESTS_XML_TEST_UTIL_H_
