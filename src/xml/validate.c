// Validation of a DOM against the MJCF grammar in schema.c, value parsing shared with
// the reader, and "did you mean" suggestions.
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xml/schema.h"

//---------------------------------- numbers -------------------------------------------------------

static int sn_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Next white-space separated token of s starting at *pos; returns its length (0: none).
static size_t sn_token(const char* s, size_t* pos, char* buf, size_t cap) {
  size_t i = *pos;
  while (s[i] && sn_space(s[i])) {
    i++;
  }
  size_t start = i;
  while (s[i] && !sn_space(s[i])) {
    i++;
  }
  *pos = i;
  size_t len = i - start;
  if (len >= cap) {
    len = cap - 1;
  }
  memcpy(buf, s + start, len);
  buf[len] = 0;
  return i - start;
}

// Convert one token; stores into out[i] when out is set.
typedef sn_num_status (*sn_token_fn)(const char* tok, void* out, int i);

static sn_num_status sn_token_real(const char* tok, void* out, int i) {
  char* end = NULL;
  errno = 0;
  double v = strtod(tok, &end);
  if (end == tok || *end) {
    return SN_NUM_BAD;
  }
  if (errno == ERANGE) {
    return SN_NUM_RANGE;
  }
  if (out) {
    ((double*)out)[i] = v;
  }
  return SN_NUM_OK;
}

static sn_num_status sn_token_int(const char* tok, void* out, int i) {
  char* end = NULL;
  errno = 0;
  long v = strtol(tok, &end, 10);
  if (end == tok || *end) {
    return SN_NUM_BAD;
  }
  if (errno == ERANGE || v > INT_MAX || v < INT_MIN) {
    return SN_NUM_RANGE;
  }
  if (out) {
    ((int*)out)[i] = (int)v;
  }
  return SN_NUM_OK;
}

// The whitespace-separated list both number parsers share: a token that does not
// convert stops the parse before the count is checked, as MuJoCo reports it.
static sn_num_status sn_parse_list(const char* s, sn_token_fn convert, void* out, int max,
                                   int* n) {
  size_t pos = 0;
  char buf[128];
  *n = 0;
  for (;;) {
    size_t len = sn_token(s, &pos, buf, sizeof(buf));
    if (!len) {
      return SN_NUM_OK;
    }
    if (len >= sizeof(buf)) {
      return SN_NUM_BAD;
    }
    sn_num_status st = convert(buf, NULL, 0);
    if (st != SN_NUM_OK) {
      return st;
    }
    if (*n >= max) {
      return SN_NUM_MANY;
    }
    convert(buf, out, *n);
    (*n)++;
  }
}

sn_num_status sn_parse_reals(const char* s, double* out, int max, int* n) {
  return sn_parse_list(s, sn_token_real, out, max, n);
}

sn_num_status sn_parse_ints(const char* s, int* out, int max, int* n) {
  return sn_parse_list(s, sn_token_int, out, max, n);
}

void sn_schema_count(const sn_attr_def* def, int* min, int* max) {
  const char* t = def->type + 1;
  if (!*t) {
    *min = *max = 1;
  } else if (*t == '*') {
    *min = 0;
    *max = INT_MAX;
  } else {
    char* end = NULL;
    *min = *max = (int)strtol(t, &end, 10);
    if (*end == '-') {
      *max = (int)strtol(end + 1, NULL, 10);
    }
  }
}

//---------------------------------- keywords ------------------------------------------------------

// Iterate over the keyword list: fills word (without '=value' and '!') and returns the
// position after the entry, or NULL at the end.
static const char* sn_next_keyword(const char* list, char* word, size_t cap, int* value,
                                   int* later, int next) {
  while (*list == ' ') {
    list++;
  }
  if (!*list) {
    return NULL;
  }
  size_t len = 0;
  *value = next;
  *later = 0;
  while (*list && *list != ' ') {
    if (*list == '!') {
      *later = 1;
    } else if (*list == '=') {
      *value = (int)strtol(list + 1, (char**)&list, 10);
      continue;
    } else if (len + 1 < cap) {
      word[len++] = *list;
    }
    list++;
  }
  word[len] = 0;
  return list;
}

int sn_schema_keyword(const sn_attr_def* def, const char* word, int* value) {
  char w[64];
  int v, later, next = 0;
  const char* p = def->keywords;
  while (p && (p = sn_next_keyword(p, w, sizeof(w), &v, &later, next))) {
    next = v + 1;
    if (!strcmp(w, word)) {
      *value = v;
      return 1;
    }
  }
  return 0;
}

const char* sn_schema_keyword_name(const sn_attr_def* def, int value, int* later, char* buf,
                                   size_t cap) {
  int v, next = 0;
  const char* p = def->keywords;
  while (p && (p = sn_next_keyword(p, buf, cap, &v, later, next))) {
    next = v + 1;
    if (v == value) {
      return buf;
    }
  }
  *later = 0;
  return NULL;
}

static int sn_keyword_later(const sn_attr_def* def, const char* word) {
  char w[64];
  int v, later, next = 0;
  const char* p = def->keywords;
  while (p && (p = sn_next_keyword(p, w, sizeof(w), &v, &later, next))) {
    next = v + 1;
    if (!strcmp(w, word)) {
      return later;
    }
  }
  return 0;
}

//---------------------------------- suggestions ---------------------------------------------------

int sn_levenshtein(const char* a, const char* b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 63 || lb > 63) {
    return (int)(la > lb ? la : lb);
  }
  int prev[64], cur[64];
  for (size_t j = 0; j <= lb; j++) {
    prev[j] = (int)j;
  }
  for (size_t i = 1; i <= la; i++) {
    cur[0] = (int)i;
    for (size_t j = 1; j <= lb; j++) {
      int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
      int best = prev[j - 1] + cost;
      if (prev[j] + 1 < best) {
        best = prev[j] + 1;
      }
      if (cur[j - 1] + 1 < best) {
        best = cur[j - 1] + 1;
      }
      cur[j] = best;
    }
    memcpy(prev, cur, sizeof(int) * (lb + 1));
  }
  return prev[lb];
}

typedef struct {
  const char* word;           // what was written
  int dist;                   // distance of the best candidate so far
  char best[64];              // the best candidate ("" if none)
} sn_suggest;

static void sn_suggest_init(sn_suggest* s, const char* word) {
  s->word = word;
  s->dist = INT_MAX;
  s->best[0] = 0;
}

static void sn_suggest_try(sn_suggest* s, const char* candidate) {
  int d = sn_levenshtein(s->word, candidate);
  if (d < s->dist && strlen(candidate) < sizeof(s->best)) {
    s->dist = d;
    strcpy(s->best, candidate);
  }
}

// Append "; did you mean 'x'?" when a candidate is close enough to be a likely typo.
static void sn_suggest_text(const sn_suggest* s, char* buf, size_t cap) {
  size_t len = strlen(s->word);
  int limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
  if (s->best[0] && s->dist <= limit) {
    snprintf(buf, cap, "; did you mean '%s'?", s->best);
  } else {
    buf[0] = 0;
  }
}

//---------------------------------- validation ----------------------------------------------------

typedef struct {
  char* error;
  int error_sz;
} sn_vctx;

// Name of an element definition: the last component of its key.
static const char* sn_def_name(const sn_elem_def* def) {
  const char* slash = strrchr(def->key, '/');
  return slash ? slash + 1 : def->key;
}

static int sn_attr_allowed(const sn_elem_def* elem, const sn_attr_def* a) {
  return !((elem->flags & SN_ELEM_INDEF) && (a->flags & SN_ATTR_NODEF));
}

static const sn_attr_def* sn_find_attr(const sn_elem_def* elem, const char* name) {
  for (const sn_attr_def* a = elem->attrs; a->name; a++) {
    if (!strcmp(a->name, name) && sn_attr_allowed(elem, a)) {
      return a;
    }
  }
  return NULL;
}

const sn_attr_def* sn_schema_attr(const sn_xml_node* node, const char* name) {
  const sn_elem_def* elem = sn_schema_elem(node->def);
  return elem ? sn_find_attr(elem, name) : NULL;
}

const sn_attr_def* sn_schema_attr_of(const char* key, const char* name) {
  const sn_elem_def* elem = sn_schema_elem(sn_schema_find(key));
  return elem ? sn_find_attr(elem, name) : NULL;
}

static int sn_fail(sn_vctx* v, const sn_xml_node* node, const sn_xml_attr* attr,
                   const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sn_xml_verror(v->error, v->error_sz, node, attr, fmt, ap);
  va_end(ap);
  return -1;
}

static int sn_check_number(sn_vctx* v, const sn_xml_node* node, const sn_xml_attr* attr,
                           const sn_attr_def* def) {
  int min, max, n = 0;
  sn_schema_count(def, &min, &max);
  sn_num_status st;
  if (def->type[0] == 'i') {
    st = sn_parse_ints(attr->value, NULL, max, &n);
    if (st == SN_NUM_OK && n == 0) {
      st = SN_NUM_BAD;  // MuJoCo rejects an empty integer
    }
  } else {
    st = sn_parse_reals(attr->value, NULL, max, &n);
    if (n == 0 && st == SN_NUM_OK) {
      return 0;  // an empty real attribute counts as absent
    }
  }
  if (st == SN_NUM_OK && n < min) {
    st = SN_NUM_FEW;
  }
  char expect[64];
  if (min == max) {
    snprintf(expect, sizeof(expect), "%d", min);
  } else if (max == INT_MAX) {
    snprintf(expect, sizeof(expect), "any number of");
  } else {
    snprintf(expect, sizeof(expect), "%d to %d", min, max);
  }
  const char* what = def->type[0] == 'i' ? "integer" : "real";
  switch (st) {
    case SN_NUM_OK:
      return 0;
    case SN_NUM_BAD:
      return sn_fail(v, node, attr, "bad number '%s' (expected %s %s values)", attr->value,
                     expect, what);
    case SN_NUM_RANGE:
      return sn_fail(v, node, attr, "number out of range in '%s'", attr->value);
    case SN_NUM_FEW:
      return sn_fail(v, node, attr, "not enough values in '%s' (expected %s %s values)",
                     attr->value, expect, what);
    case SN_NUM_MANY:
      return sn_fail(v, node, attr, "too many values in '%s' (expected %s %s values)",
                     attr->value, expect, what);
  }
  return 0;
}

static int sn_check_keyword(sn_vctx* v, const sn_xml_node* node, const sn_xml_attr* attr,
                            const sn_attr_def* def, int indefault) {
  int value;
  if (!sn_schema_keyword(def, attr->value, &value)) {
    sn_suggest s;
    sn_suggest_init(&s, attr->value);
    char w[64], list[512] = "";
    int later, next = 0;
    const char* p = def->keywords;
    while ((p = sn_next_keyword(p, w, sizeof(w), &value, &later, next))) {
      next = value + 1;
      sn_suggest_try(&s, w);
      if (strlen(list) + strlen(w) + 3 < sizeof(list)) {
        strcat(list, list[0] ? ", " : "");
        strcat(list, w);
      }
    }
    char hint[96];
    sn_suggest_text(&s, hint, sizeof(hint));
    return sn_fail(v, node, attr, "invalid keyword '%s' (valid: %s)%s", attr->value, list, hint);
  }
  if (!indefault && sn_keyword_later(def, attr->value)) {
    char what[160];
    snprintf(what, sizeof(what), "%s %s=\"%s\"", node->name, attr->name, attr->value);
    return sn_fail(v, node, attr, "not yet supported: %s", what);
  }
  return 0;
}

static int sn_check_attrs(sn_vctx* v, sn_xml_node* node, const sn_elem_def* elem) {
  int indefault = (elem->flags & SN_ELEM_INDEF) != 0;
  for (int i = 0; i < node->nattr; i++) {
    const sn_xml_attr* attr = node->attr + i;
    const sn_attr_def* def = sn_find_attr(elem, attr->name);
    if (!def) {
      if (elem->kind == SN_EL_WORLDBODY) {
        return sn_fail(v, node, attr, "the world body cannot have attributes");
      }
      sn_suggest s;
      sn_suggest_init(&s, attr->name);
      for (const sn_attr_def* a = elem->attrs; a->name; a++) {
        if (sn_attr_allowed(elem, a)) {
          sn_suggest_try(&s, a->name);
        }
      }
      char hint[96];
      sn_suggest_text(&s, hint, sizeof(hint));
      const char* where = indefault ? " in a default class" : "";
      return sn_fail(v, node, attr, "unrecognized attribute%s%s", where, hint);
    }
    if ((def->flags & SN_ATTR_LATER) && !indefault) {
      char what[160];
      snprintf(what, sizeof(what), "%s/%s", node->name, attr->name);
      return sn_fail(v, node, attr, "not yet supported: %s", what);
    }
    int rc = 0;
    if (def->type[0] == 'i' || def->type[0] == 'r') {
      rc = sn_check_number(v, node, attr, def);
    } else if (def->type[0] == 'k') {
      rc = sn_check_keyword(v, node, attr, def, indefault);
    }
    if (rc) {
      return rc;
    }
  }
  if (!indefault) {
    for (const sn_attr_def* a = elem->attrs; a->name; a++) {
      if ((a->flags & SN_ATTR_REQUIRED) && !sn_xml_find(node, a->name)) {
        return sn_fail(v, node, NULL, "required attribute '%s' is missing", a->name);
      }
    }
  }
  return 0;
}

// The child definition of parent whose element name is name, or -1.
static int sn_find_child(const sn_elem_def* parent, const char* name, sn_suggest* s) {
  const char* p = parent->children;
  char key[64];
  while (p && *p) {
    while (*p == ' ') {
      p++;
    }
    size_t len = 0;
    while (p[len] && p[len] != ' ') {
      len++;
    }
    if (!len || len >= sizeof(key)) {
      break;
    }
    memcpy(key, p, len);
    key[len] = 0;
    p += len;
    int def = sn_schema_find(key);
    const sn_elem_def* child = sn_schema_elem(def);
    if (!child) {
      continue;
    }
    if (!strcmp(sn_def_name(child), name)) {
      return def;
    }
    if (s) {
      sn_suggest_try(s, sn_def_name(child));
    }
  }
  return -1;
}

static int sn_validate_node(sn_vctx* v, sn_xml_node* node) {
  const sn_elem_def* elem = sn_schema_elem(node->def);
  if (elem->flags & SN_ELEM_LATER) {
    return sn_fail(v, node, NULL, "not yet supported: %s", elem->key);
  }
  if (sn_check_attrs(v, node, elem)) {
    return -1;
  }
  for (sn_xml_node* c = node->child; c; c = c->next) {
    sn_suggest s;
    sn_suggest_init(&s, c->name);
    int def = sn_find_child(elem, c->name, &s);
    if (def < 0) {
      char hint[96];
      sn_suggest_text(&s, hint, sizeof(hint));
      return sn_fail(v, c, NULL, "unrecognized element in '%s'%s", node->name, hint);
    }
    const sn_elem_def* cd = sn_schema_elem(def);
    if (cd->repeat == '?' || cd->repeat == '!') {
      for (sn_xml_node* o = node->child; o != c; o = o->next) {
        if (!strcmp(o->name, c->name)) {
          return sn_fail(v, c, NULL, "may appear only once in '%s'", node->name);
        }
      }
    }
    c->def = def;
    c->kind = cd->kind;
    if (sn_validate_node(v, c)) {
      return -1;
    }
  }
  return 0;
}

int sn_schema_validate(sn_xml_node* root, char* error, int error_sz) {
  sn_vctx v = {error, error_sz};
  if (strcmp(root->name, "mujoco")) {
    return sn_fail(&v, root, NULL, "the top-level element must be 'mujoco'");
  }
  root->def = sn_schema_find("mujoco");
  root->kind = SN_EL_MUJOCO;
  return sn_validate_node(&v, root);
}
