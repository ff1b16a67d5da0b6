// Attribute access for the reader: values were checked by validation, so these only
// convert, following the counts and keywords of the grammar table.
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "xml/reader.h"

sn_srcloc rd_node_loc(sn_reader* r, const sn_xml_node* node) {
  sn_srcloc loc;
  loc.file = sn_spec_strdup(r->spec, node->file);
  loc.line = node->line;
  loc.column = node->column;
  loc.element = sn_spec_strdup(r->spec, node->name);
  return loc;
}

_Noreturn void rd_fail(sn_reader* r, const sn_xml_node* node, const char* attr,
                       const char* fmt, ...) {
  const sn_xml_attr* a = attr ? sn_xml_find(node, attr) : NULL;
  char msg[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  if (attr && !a) {
    // the attribute came from a default class: name it without a position of its own
    char full[900];
    snprintf(full, sizeof(full), "attribute '%s': %s", attr, msg);
    sn_xml_error(r->error, r->error_sz, node, NULL, "%s", full);
  } else {
    sn_xml_error(r->error, r->error_sz, node, a, "%s", msg);
  }
  longjmp(r->jump, 1);
}

const sn_xml_attr* rd_attr(sn_reader* r, const sn_xml_node* node, const char* name) {
  (void)r;
  for (int i = 0; i < node->nattr; i++) {
    if (!strcmp(node->attr[i].name, name)) {
      node->attr[i].used = 1;
      return node->attr + i;
    }
  }
  return NULL;
}

int rd_string(sn_reader* r, const sn_xml_node* node, const char* name, const char** out) {
  const sn_xml_attr* a = rd_attr(r, node, name);
  if (!a) {
    return 0;
  }
  *out = sn_spec_strdup(r->spec, a->value);
  return 1;
}

// Definition of a numeric attribute; a missing definition is a reader bug.
static const sn_attr_def* rd_def(sn_reader* r, const sn_xml_node* node, const char* name) {
  const sn_attr_def* def = sn_schema_attr(node, name);
  if (!def) {
    rd_fail(r, node, NULL, "internal error: attribute '%s' is not in the grammar", name);
  }
  return def;
}

int rd_reals(sn_reader* r, const sn_xml_node* node, const char* name, double* out) {
  const sn_xml_attr* a = rd_attr(r, node, name);
  if (!a) {
    return 0;
  }
  int min, max, n = 0;
  sn_schema_count(rd_def(r, node, name), &min, &max);
  if (sn_parse_reals(a->value, out, max, &n) != SN_NUM_OK) {
    rd_fail(r, node, name, "bad number '%s'", a->value);
  }
  return n;
}

int rd_floats(sn_reader* r, const sn_xml_node* node, const char* name, float* out) {
  double tmp[16];
  const sn_attr_def* def = sn_schema_attr(node, name);
  int min = 0, max = 0;
  if (def) {
    sn_schema_count(def, &min, &max);
  }
  if (max > 16) {
    rd_fail(r, node, name, "internal error: too many values for a float attribute");
  }
  int n = rd_reals(r, node, name, tmp);
  for (int i = 0; i < n; i++) {
    out[i] = (float)tmp[i];
  }
  return n;
}

int rd_ints(sn_reader* r, const sn_xml_node* node, const char* name, int* out) {
  const sn_xml_attr* a = rd_attr(r, node, name);
  if (!a) {
    return 0;
  }
  int min, max, n = 0;
  sn_schema_count(rd_def(r, node, name), &min, &max);
  if (sn_parse_ints(a->value, out, max, &n) != SN_NUM_OK || n == 0) {
    rd_fail(r, node, name, "bad integer '%s'", a->value);
  }
  return n;
}

int rd_real(sn_reader* r, const sn_xml_node* node, const char* name, double* out) {
  return rd_reals(r, node, name, out) > 0;
}

int rd_int(sn_reader* r, const sn_xml_node* node, const char* name, int* out) {
  return rd_ints(r, node, name, out) > 0;
}

int rd_keyword(sn_reader* r, const sn_xml_node* node, const char* name, int* out) {
  const sn_xml_attr* a = rd_attr(r, node, name);
  if (!a) {
    return 0;
  }
  if (!sn_schema_keyword(rd_def(r, node, name), a->value, out)) {
    rd_fail(r, node, name, "invalid keyword '%s'", a->value);
  }
  return 1;
}

int rd_numlist(sn_reader* r, const sn_xml_node* node, const char* name, sn_numlist* out) {
  const sn_xml_attr* a = rd_attr(r, node, name);
  if (!a) {
    return 0;
  }
  int n = 0;
  if (sn_parse_reals(a->value, NULL, 1 << 30, &n) != SN_NUM_OK) {
    rd_fail(r, node, name, "bad number in '%s'", a->value);
  }
  out->n = n;
  out->data = n ? (double*)sn_spec_alloc(r->spec, sizeof(double) * (size_t)n) : NULL;
  if (n) {
    sn_parse_reals(a->value, out->data, n, &n);
  }
  return 1;
}

void rd_orient(sn_reader* r, const sn_xml_node* node, sn_xorient* o) {
  static const struct {
    const char* name;
    sn_orient_type type;
  } forms[] = {{"axisangle", SN_ORIENT_AXISANGLE}, {"xyaxes", SN_ORIENT_XYAXES},
               {"zaxis", SN_ORIENT_ZAXIS}, {"euler", SN_ORIENT_EULER}};
  int count = sn_xml_find(node, "quat") != NULL;
  for (int i = 0; i < 4; i++) {
    count += sn_xml_find(node, forms[i].name) != NULL;
  }
  if (count > 1) {
    rd_fail(r, node, NULL, "multiple orientation specifiers are not allowed");
  }
  double q[4];
  if (rd_reals(r, node, "quat", q) == 4) {
    o->has_quat = 1;
    memcpy(o->quat, q, sizeof(q));
  }
  for (int i = 0; i < 4; i++) {
    double v[6];
    if (rd_reals(r, node, forms[i].name, v)) {
      memset(&o->alt, 0, sizeof(o->alt));
      o->alt.type = forms[i].type;
      memcpy(o->alt.v, v, sizeof(v));
    }
  }
}

sn_orient rd_orient_final(const sn_xorient* o) {
  sn_orient res;
  memset(&res, 0, sizeof(res));
  if (o->alt.type != SN_ORIENT_NONE) {
    res = o->alt;
  } else if (o->has_quat) {
    res.type = SN_ORIENT_QUAT;
    memcpy(res.v, o->quat, sizeof(o->quat));
  }
  return res;
}

void rd_check_used(sn_reader* r, const sn_xml_node* node) {
  for (int i = 0; i < node->nattr; i++) {
    if (!node->attr[i].used) {
      rd_fail(r, node, node->attr[i].name, "not yet supported: %s/%s", node->name,
              node->attr[i].name);
    }
  }
}

void rd_check_later(sn_reader* r, const sn_xml_node* node, const char* key, const char* attr,
                    int value) {
  const sn_attr_def* def = sn_schema_attr_of(key, attr);
  int later = 0;
  char buf[64];
  const char* word = def ? sn_schema_keyword_name(def, value, &later, buf, sizeof(buf)) : NULL;
  if (later) {
    rd_fail(r, node, sn_xml_find(node, attr) ? attr : NULL,
            "not yet supported: %s %s=\"%s\"%s", node->name, attr, word,
            sn_xml_find(node, attr) ? "" : " (from its default class)");
  }
}
