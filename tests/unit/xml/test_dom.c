// DOM: elements and attributes keep file, line and column; malformed input is an error
// naming the position; nothing leaks.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "xml/dom.h"

static void test_positions(void** state) {
  (void)state;
  const char* text =
      "<mujoco model=\"m\">\n"
      "  <worldbody>\n"
      "    <geom  size=\"1\"\n"
      "           type='box'/>\n"
      "  </worldbody>\n"
      "</mujoco>\n";
  char err[256];
  sn_xml_doc* doc = sn_xml_doc_create();
  sn_xml_node* root = sn_xml_parse(doc, text, strlen(text), "a.xml", err, sizeof(err));
  assert_non_null(root);
  assert_string_equal(root->name, "mujoco");
  assert_int_equal(root->line, 1);
  assert_int_equal(root->column, 1);
  assert_string_equal(sn_xml_get(root, "model"), "m");
  assert_int_equal(root->attr[0].column, 9);
  sn_xml_node* wb = root->child;
  assert_string_equal(wb->name, "worldbody");
  assert_int_equal(wb->line, 2);
  assert_int_equal(wb->column, 3);
  sn_xml_node* geom = wb->child;
  assert_int_equal(geom->line, 3);
  assert_int_equal(geom->column, 5);
  const sn_xml_attr* size = sn_xml_find(geom, "size");
  assert_int_equal(size->line, 3);
  assert_int_equal(size->column, 12);
  const sn_xml_attr* type = sn_xml_find(geom, "type");
  assert_int_equal(type->line, 4);
  assert_int_equal(type->column, 12);
  assert_string_equal(type->value, "box");
  assert_string_equal(geom->file, "a.xml");
  assert_ptr_equal(geom->parent, wb);
  assert_int_equal(sn_xml_count_children(root), 1);
  sn_xml_doc_free(doc);
}

static void test_syntax_error(void** state) {
  (void)state;
  const char* text = "<mujoco>\n  <worldbody>\n  </body>\n</mujoco>";
  char err[256];
  sn_xml_doc* doc = sn_xml_doc_create();
  assert_null(sn_xml_parse(doc, text, strlen(text), "bad.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "bad.xml:3:"));
  assert_non_null(strstr(err, "mismatched tag"));
  assert_null(sn_xml_parse(doc, "", 0, "empty.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "empty.xml:"));
  sn_xml_doc_free(doc);
}

static void test_entities_refused(void** state) {
  (void)state;
  const char* text =
      "<!DOCTYPE m [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>"
      "<mujoco model=\"&b;\"/>";
  char err[256];
  sn_xml_doc* doc = sn_xml_doc_create();
  assert_null(sn_xml_parse(doc, text, strlen(text), "e.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "entity"));
  sn_xml_doc_free(doc);
}

static void test_deep_nesting(void** state) {
  (void)state;
  enum { DEPTH = 2000 };
  char* text = (char*)malloc(DEPTH * 15 + 32);
  size_t n = 0;
  for (int i = 0; i < DEPTH; i++) n += (size_t)sprintf(text + n, "<body>");
  for (int i = 0; i < DEPTH; i++) n += (size_t)sprintf(text + n, "</body>");
  char err[256];
  sn_xml_doc* doc = sn_xml_doc_create();
  assert_null(sn_xml_parse(doc, text, n, "deep.xml", err, sizeof(err)));
  assert_non_null(strstr(err, "nested too deeply"));
  sn_xml_doc_free(doc);
  free(text);
}

static void test_error_format(void** state) {
  (void)state;
  const char* text = "<mujoco>\n <geom size=\"1\"/></mujoco>";
  char err[256];
  sn_xml_doc* doc = sn_xml_doc_create();
  sn_xml_node* root = sn_xml_parse(doc, text, strlen(text), "f.xml", err, sizeof(err));
  sn_xml_node* geom = root->child;
  sn_xml_error(err, sizeof(err), geom, sn_xml_find(geom, "size"), "bad %s", "thing");
  assert_string_equal(err, "f.xml:2:8: element 'geom': attribute 'size': bad thing");
  sn_xml_error(err, sizeof(err), geom, NULL, "oops");
  assert_string_equal(err, "f.xml:2:2: element 'geom': oops");
  sn_xml_doc_free(doc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_positions),
      cmocka_unit_test(test_syntax_error),
      cmocka_unit_test(test_entities_refused),
      cmocka_unit_test(test_deep_nesting),
      cmocka_unit_test(test_error_format),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
