// The mutation operators of the mutation fuzzer (see mutate_loader.c): growable
// buffers, the random number generator, a forgiving tag scanner and the mutations.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutate_loader.h"

// Attributes whose huge values only make a correct simulation slow.
static const char* const kSlowAttrs[] = {
  "iterations", "ls_iterations", "noslip_iterations", "ccd_iterations", "sdf_iterations",
  "sdf_initpoints", "maxhullvert",
};

//---------------------------------- buffers and random numbers ------------------------------------

static void sb_reserve(sbuf* b, size_t n) {
  if (n > ((size_t)1 << 40)) {
    fprintf(stderr, "mutate_loader: buffer too large\n");
    exit(2);
  }
  if (n + 1 <= b->cap) {
    return;
  }
  size_t cap = b->cap ? b->cap : 256;
  while (cap < n + 1) {
    cap *= 2;
  }
  char* p = (char*)realloc(b->p, cap);
  if (!p) {
    fprintf(stderr, "mutate_loader: out of memory\n");
    exit(2);
  }
  b->p = p;
  b->cap = cap;
}

void sb_set(sbuf* b, const char* s, size_t n) {
  sb_reserve(b, n);
  memcpy(b->p, s, n);
  b->n = n;
  b->p[n] = 0;
}

// Replace b[pos, pos+len) by s[0, slen).
static void sb_replace(sbuf* b, size_t pos, size_t len, const char* s, size_t slen) {
  if (pos > b->n) {
    pos = b->n;
  }
  if (pos + len > b->n) {
    len = b->n - pos;
  }
  sb_reserve(b, b->n - len + slen);
  memmove(b->p + pos + slen, b->p + pos + len, b->n - pos - len);
  memcpy(b->p + pos, s, slen);
  b->n = b->n - len + slen;
  b->p[b->n] = 0;
}

void sb_insert(sbuf* b, size_t pos, const char* s, size_t slen) {
  sb_replace(b, pos, 0, s, slen);
}

static void sb_append(sbuf* b, const char* s) {
  sb_insert(b, b->n, s, strlen(s));
}

uint64_t rng_next(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Uniform in [0, n) (n > 0).
size_t rnd(uint64_t* s, size_t n) {
  return n ? (size_t)(rng_next(s) % n) : 0;
}

//---------------------------------- a forgiving tag scanner ---------------------------------------

static int is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == ':' || c == '.' || c == '-';
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static const char* find_str(const char* p, size_t n, size_t from, const char* s) {
  size_t k = strlen(s);
  for (size_t i = from; i + k <= n; i++) {
    if (!memcmp(p + i, s, k)) {
      return p + i;
    }
  }
  return NULL;
}

static void xscan_run(const char* p, size_t n, xscan* x) {
  x->ntag = 0;
  x->nattr = 0;
  size_t i = 0;
  int stack[256];
  int depth = 0;
  while (i < n) {
    if (p[i] != '<') {
      i++;
      continue;
    }
    const char* skip_to = NULL;
    if (i + 4 <= n && !memcmp(p + i, "<!--", 4)) {
      skip_to = find_str(p, n, i + 4, "-->");
      i = skip_to ? (size_t)(skip_to - p) + 3 : n;
      continue;
    }
    if (i + 9 <= n && !memcmp(p + i, "<![CDATA[", 9)) {
      skip_to = find_str(p, n, i + 9, "]]>");
      i = skip_to ? (size_t)(skip_to - p) + 3 : n;
      continue;
    }
    if (i + 2 <= n && (p[i + 1] == '?' || p[i + 1] == '!')) {
      skip_to = find_str(p, n, i + 2, ">");
      i = skip_to ? (size_t)(skip_to - p) + 1 : n;
      continue;
    }
    xtag t;
    memset(&t, 0, sizeof(t));
    t.start = i;
    t.match = -1;
    size_t j = i + 1;
    if (j < n && p[j] == '/') {
      t.close = 1;
      j++;
    }
    t.name_off = j;
    while (j < n && is_name_char(p[j])) {
      j++;
    }
    t.name_len = j - t.name_off;
    if (!t.name_len) {
      i++;
      continue;
    }
    t.attr0 = x->nattr;
    int ok = 1;
    for (;;) {
      while (j < n && is_space(p[j])) {
        j++;
      }
      if (j >= n) {
        ok = 0;
        break;
      }
      if (p[j] == '>') {
        j++;
        break;
      }
      if (p[j] == '/' && j + 1 < n && p[j + 1] == '>' && !t.close) {
        t.selfclose = 1;
        j += 2;
        break;
      }
      if (t.close || !is_name_char(p[j])) {
        ok = 0;
        break;
      }
      xattr a;
      a.name_off = j;
      while (j < n && is_name_char(p[j])) {
        j++;
      }
      a.name_len = j - a.name_off;
      while (j < n && is_space(p[j])) {
        j++;
      }
      if (j >= n || p[j] != '=') {
        ok = 0;
        break;
      }
      j++;
      while (j < n && is_space(p[j])) {
        j++;
      }
      if (j >= n || (p[j] != '"' && p[j] != '\'')) {
        ok = 0;
        break;
      }
      char q = p[j++];
      a.val_off = j;
      while (j < n && p[j] != q && p[j] != '<') {
        j++;
      }
      if (j >= n || p[j] != q) {
        ok = 0;
        break;
      }
      a.val_len = j - a.val_off;
      j++;
      if (x->nattr == x->capattr) {
        x->capattr = x->capattr ? 2 * x->capattr : 256;
        x->attrs = (xattr*)realloc(x->attrs, sizeof(xattr) * (size_t)x->capattr);
        if (!x->attrs) {
          exit(2);
        }
      }
      x->attrs[x->nattr++] = a;
    }
    if (!ok) {
      x->nattr = t.attr0;
      i = j > i ? j : i + 1;
      continue;
    }
    t.nattr = x->nattr - t.attr0;
    t.end = j;
    if (x->ntag == x->captag) {
      x->captag = x->captag ? 2 * x->captag : 256;
      x->tags = (xtag*)realloc(x->tags, sizeof(xtag) * (size_t)x->captag);
      if (!x->tags) {
        exit(2);
      }
    }
    int id = x->ntag++;
    x->tags[id] = t;
    if (t.close) {
      // pair with the nearest open tag of the same name
      for (int k = depth - 1; k >= 0; k--) {
        xtag* o = &x->tags[stack[k]];
        if (o->name_len == t.name_len && !memcmp(p + o->name_off, p + t.name_off, t.name_len)) {
          o->match = id;
          depth = k;
          break;
        }
      }
    } else if (!t.selfclose && depth < 256) {
      stack[depth++] = id;
    }
    i = j;
  }
}

// The first start tag named name (or -1).
static int xscan_find(const xscan* x, const char* p, const char* name) {
  size_t len = strlen(name);
  for (int i = 0; i < x->ntag; i++) {
    const xtag* t = &x->tags[i];
    if (!t->close && t->name_len == len && !memcmp(p + t->name_off, name, len)) {
      return i;
    }
  }
  return -1;
}

// The first start tag (the root), or -1.
static int xscan_root(const xscan* x) {
  for (int i = 0; i < x->ntag; i++) {
    if (!x->tags[i].close) {
      return i;
    }
  }
  return -1;
}

// One past the end of the root element, or 0 when it cannot be told.
static size_t xscan_root_end(const xscan* x) {
  int r = xscan_root(x);
  if (r < 0) {
    return 0;
  }
  if (x->tags[r].selfclose) {
    return x->tags[r].end;
  }
  return x->tags[r].match >= 0 ? x->tags[x->tags[r].match].end : 0;
}

//---------------------------------- mutations -----------------------------------------------------

static void note(mutant* mu, const char* fmt, const char* detail) {
  size_t len = strlen(mu->log);
  if (len + 4 < sizeof(mu->log)) {
    snprintf(mu->log + len, sizeof(mu->log) - len, "%s%s%s%s%s", len ? ", " : "", fmt,
             detail ? " '" : "", detail ? detail : "", detail ? "'" : "");
  }
}

void rescan(mutant* mu) {
  xscan_run(mu->doc.p, mu->doc.n, &mu->scan);
}

// A random start or empty tag (not an end tag); -1 when there is none.
static int pick_tag(mutant* mu, uint64_t* r, int need_attr) {
  int cand = 0;
  for (int i = 0; i < mu->scan.ntag; i++) {
    if (!mu->scan.tags[i].close && (!need_attr || mu->scan.tags[i].nattr)) {
      cand++;
    }
  }
  if (!cand) {
    return -1;
  }
  size_t k = rnd(r, (size_t)cand);
  for (int i = 0; i < mu->scan.ntag; i++) {
    if (!mu->scan.tags[i].close && (!need_attr || mu->scan.tags[i].nattr)) {
      if (!k--) {
        return i;
      }
    }
  }
  return -1;
}

static int is_slow_attr(const char* name, size_t len) {
  for (size_t i = 0; i < sizeof(kSlowAttrs) / sizeof(kSlowAttrs[0]); i++) {
    if (strlen(kSlowAttrs[i]) == len && !memcmp(kSlowAttrs[i], name, len)) {
      return 1;
    }
  }
  return 0;
}

static void mut_flip(mutant* mu, uint64_t* r) {
  if (!mu->doc.n) {
    return;
  }
  int k = 1 + (int)rnd(r, 4);
  for (int i = 0; i < k; i++) {
    mu->doc.p[rnd(r, mu->doc.n)] ^= (char)(1u << rnd(r, 8));
  }
  note(mu, "bit flips", NULL);
}

static void mut_special_byte(mutant* mu, uint64_t* r) {
  static const char kSpecial[] = "<>\"'&/=\0\xff\xc3 \n-.e9;#]?!";
  if (!mu->doc.n) {
    return;
  }
  char c = kSpecial[rnd(r, sizeof(kSpecial) - 1)];
  size_t pos = rnd(r, mu->doc.n);
  if (rnd(r, 2)) {
    mu->doc.p[pos] = c;
  } else {
    sb_insert(&mu->doc, pos, &c, 1);
  }
  note(mu, "special byte", NULL);
}

static void mut_truncate(mutant* mu, uint64_t* r) {
  size_t root_end = xscan_root_end(&mu->scan);
  size_t pos = rnd(r, mu->doc.n + 1);
  mu->doc.n = pos;
  if (mu->doc.p) {
    mu->doc.p[pos] = 0;
  }
  note(mu, "truncation", NULL);
  if (root_end && pos < root_end) {
    mu->cls = CLS_SYNTAX;
  }
}

// Offsets of the start of each line.
static size_t line_span(const sbuf* b, size_t k, size_t* len, size_t* nline) {
  size_t line = 0, start = 0;
  for (size_t i = 0; i <= b->n; i++) {
    if (i == b->n || b->p[i] == '\n') {
      if (line == k) {
        *len = i - start + (i < b->n);
        return start;
      }
      line++;
      start = i + 1;
    }
  }
  *nline = line;
  *len = 0;
  return b->n;
}

static size_t count_lines(const sbuf* b) {
  size_t n = 1;
  for (size_t i = 0; i < b->n; i++) {
    n += b->p[i] == '\n';
  }
  return n;
}

static void mut_line(mutant* mu, uint64_t* r) {
  size_t nline = count_lines(&mu->doc), len = 0, dummy = 0;
  size_t start = line_span(&mu->doc, rnd(r, nline), &len, &dummy);
  if (rnd(r, 2)) {
    sb_replace(&mu->doc, start, len, "", 0);
    note(mu, "deleted line", NULL);
  } else {
    char* copy = (char*)malloc(len + 2);
    memcpy(copy, mu->doc.p + start, len);
    if (!len || copy[len - 1] != '\n') {
      copy[len++] = '\n';
    }
    sb_insert(&mu->doc, start, copy, len);
    free(copy);
    note(mu, "duplicated line", NULL);
  }
}

static void mut_extreme_number(mutant* mu, uint64_t* r) {
  // attributes whose value holds a digit
  int cand = 0;
  for (int i = 0; i < mu->scan.nattr; i++) {
    const xattr* a = &mu->scan.attrs[i];
    if (is_slow_attr(mu->doc.p + a->name_off, a->name_len)) {
      continue;
    }
    for (size_t j = 0; j < a->val_len; j++) {
      if (mu->doc.p[a->val_off + j] >= '0' && mu->doc.p[a->val_off + j] <= '9') {
        cand++;
        break;
      }
    }
  }
  if (!cand) {
    return;
  }
  size_t k = rnd(r, (size_t)cand);
  for (int i = 0; i < mu->scan.nattr; i++) {
    const xattr* a = &mu->scan.attrs[i];
    if (is_slow_attr(mu->doc.p + a->name_off, a->name_len)) {
      continue;
    }
    int has = 0;
    for (size_t j = 0; j < a->val_len; j++) {
      if (mu->doc.p[a->val_off + j] >= '0' && mu->doc.p[a->val_off + j] <= '9') {
        has = 1;
        break;
      }
    }
    if (!has || k--) {
      continue;
    }
    const char* x = kExtremes[rnd(r, kNumExtremes)];
    char name[64];
    snprintf(name, sizeof(name), "%.*s=%s", (int)(a->name_len < 40 ? a->name_len : 40),
             mu->doc.p + a->name_off, x);
    // the k-th number token of the value, or the whole value
    size_t ntok = 0;
    for (size_t j = 0; j < a->val_len; j++) {
      char c = mu->doc.p[a->val_off + j];
      char prev = j ? mu->doc.p[a->val_off + j - 1] : ' ';
      if (!is_space(c) && is_space(prev)) {
        ntok++;
      }
    }
    if (ntok <= 1 || rnd(r, 3) == 0) {
      sb_replace(&mu->doc, a->val_off, a->val_len, x, strlen(x));
    } else {
      size_t want = rnd(r, ntok), seen = 0;
      for (size_t j = 0; j < a->val_len; j++) {
        char c = mu->doc.p[a->val_off + j];
        char prev = j ? mu->doc.p[a->val_off + j - 1] : ' ';
        if (!is_space(c) && is_space(prev)) {
          if (seen++ == want) {
            size_t e = j;
            while (e < a->val_len && !is_space(mu->doc.p[a->val_off + e])) {
              e++;
            }
            sb_replace(&mu->doc, a->val_off + j, e - j, x, strlen(x));
            break;
          }
        }
      }
    }
    note(mu, "extreme number", name);
    return;
  }
}

// Replace %J by a joint name from the document (or "nonexistent").
static void subst_joint(const mutant* mu, const char* snippet, sbuf* out) {
  char joint[256] = "nonexistent";
  for (int i = 0; i < mu->scan.ntag; i++) {
    const xtag* t = &mu->scan.tags[i];
    if (t->close || t->name_len != 5 || memcmp(mu->doc.p + t->name_off, "joint", 5)) {
      continue;
    }
    for (int j = 0; j < t->nattr; j++) {
      const xattr* a = &mu->scan.attrs[t->attr0 + j];
      if (a->name_len == 4 && !memcmp(mu->doc.p + a->name_off, "name", 4) && a->val_len &&
          a->val_len < sizeof(joint)) {
        memcpy(joint, mu->doc.p + a->val_off, a->val_len);
        joint[a->val_len] = 0;
        i = mu->scan.ntag;
        break;
      }
    }
  }
  out->n = 0;
  sb_set(out, "", 0);
  for (const char* s = snippet; *s; s++) {
    if (s[0] == '%' && s[1] == 'J') {
      sb_append(out, joint);
      s++;
    } else {
      sb_insert(out, out->n, s, 1);
    }
  }
}

// Where fragments go: after the root's start tag, inside the first <worldbody>, before
// the root's end tag. Returns 0 when the document has no usable root.
static int insert_top(mutant* mu, const char* text) {
  int root = xscan_root(&mu->scan);
  if (root < 0 || mu->scan.tags[root].selfclose) {
    if (root >= 0) {
      // <mujoco/> -> <mujoco>text</mujoco>
      const xtag* t = &mu->scan.tags[root];
      sbuf b = {0};
      sb_set(&b, mu->doc.p + t->start, t->end - t->start - 2);
      sb_append(&b, ">");
      sb_append(&b, text);
      sb_append(&b, "</");
      sb_insert(&b, b.n, mu->doc.p + t->name_off, t->name_len);
      sb_append(&b, ">");
      sb_replace(&mu->doc, t->start, t->end - t->start, b.p, b.n);
      free(b.p);
      return 1;
    }
    return 0;
  }
  sb_insert(&mu->doc, mu->scan.tags[root].end, text, strlen(text));
  return 1;
}

static int insert_world(mutant* mu, const char* text) {
  int w = xscan_find(&mu->scan, mu->doc.p, "worldbody");
  if (w >= 0 && !mu->scan.tags[w].selfclose) {
    sb_insert(&mu->doc, mu->scan.tags[w].end, text, strlen(text));
    return 1;
  }
  sbuf b = {0};
  sb_set(&b, "<worldbody>", 11);
  sb_append(&b, text);
  sb_append(&b, "</worldbody>");
  int ok = insert_top(mu, b.p);
  free(b.p);
  return ok;
}

static int insert_bottom(mutant* mu, const char* text) {
  int root = xscan_root(&mu->scan);
  if (root >= 0 && mu->scan.tags[root].match >= 0) {
    sb_insert(&mu->doc, mu->scan.tags[mu->scan.tags[root].match].start, text, strlen(text));
    return 1;
  }
  return insert_top(mu, text);
}

static void mut_snippet(mutant* mu, uint64_t* r) {
  int which = (int)rnd(r, 3);
  if (which == 0) {
    const char* s = kTopSnippets[rnd(r, kNumTopSnippets)];
    if (insert_top(mu, s)) {
      note(mu, "fragment", s);
    }
  } else if (which == 1) {
    const char* s = kWorldSnippets[rnd(r, kNumWorldSnippets)];
    if (insert_world(mu, s)) {
      note(mu, "fragment", s);
    }
  } else {
    sbuf b = {0};
    subst_joint(mu, kActuatorSnippets[rnd(r, kNumActuatorSnippets)], &b);
    if (insert_bottom(mu, b.p)) {
      note(mu, "fragment", b.p);
    }
    free(b.p);
  }
}

static void mut_delete_close(mutant* mu, uint64_t* r) {
  int cand = 0;
  for (int i = 0; i < mu->scan.ntag; i++) {
    cand += mu->scan.tags[i].close;
  }
  if (!cand) {
    return;
  }
  size_t k = rnd(r, (size_t)cand);
  for (int i = 0; i < mu->scan.ntag; i++) {
    const xtag* t = &mu->scan.tags[i];
    if (t->close && !k--) {
      char name[64];
      snprintf(name, sizeof(name), "%.*s", (int)(t->name_len < 60 ? t->name_len : 60),
               mu->doc.p + t->name_off);
      sb_replace(&mu->doc, t->start, t->end - t->start, "", 0);
      note(mu, "deleted end tag", name);
      mu->cls = CLS_SYNTAX;
      return;
    }
  }
}

// A misspelling of name[0, len) that the grammar does not know; 0 when none was found.
static int misspell(const nameset* known, const char* name, size_t len, uint64_t* r, char* out,
                    size_t cap) {
  if (len == 0 || len + 2 >= cap) {
    return 0;
  }
  for (int attempt = 0; attempt < 32; attempt++) {
    memcpy(out, name, len);
    size_t n = len;
    size_t i = rnd(r, len);
    switch (rnd(r, 6)) {
      case 0:  // swap neighbours
        if (len >= 2) {
          i = rnd(r, len - 1);
          char c = out[i];
          out[i] = out[i + 1];
          out[i + 1] = c;
        }
        break;
      case 1:  // drop a letter
        if (len >= 2) {
          memmove(out + i, out + i + 1, len - i - 1);
          n--;
        }
        break;
      case 2:  // double a letter
        memmove(out + i + 1, out + i, len - i);
        n++;
        break;
      case 3:  // a neighbouring letter
        out[i] = (char)(out[i] == 'z' ? 'y' : out[i] + 1);
        break;
      case 4:  // capital first letter
        if (out[0] >= 'a' && out[0] <= 'z') {
          out[0] = (char)(out[0] - 'a' + 'A');
        }
        break;
      default:  // a plural
        out[n++] = 's';
        break;
    }
    out[n] = 0;
    int valid = n > 0 && out[0] != '-' && out[0] != '.' && !(out[0] >= '0' && out[0] <= '9');
    if (valid && (n != len || memcmp(out, name, len)) && !nameset_has(known, out, n) &&
        !(n >= 3 && !memcmp(out, "xml", 3))) {
      return 1;
    }
  }
  return 0;
}

static void mut_misspell_attr(mutant* mu, uint64_t* r) {
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  const char* name = mu->doc.p + a->name_off;
  if (!nameset_has(&g_attr_names, name, a->name_len)) {
    return;  // already unknown (or not an MJCF attribute)
  }
  char out[128];
  if (!misspell(&g_attr_names, name, a->name_len, r, out, sizeof(out))) {
    return;
  }
  char what[160];
  snprintf(what, sizeof(what), "%.*s -> %s", (int)a->name_len, name, out);
  sb_replace(&mu->doc, a->name_off, a->name_len, out, strlen(out));
  note(mu, "misspelled attribute", what);
  mu->cls = CLS_SCHEMA;
}

static void mut_misspell_elem(mutant* mu, uint64_t* r) {
  int t = pick_tag(mu, r, 0);
  if (t < 0) {
    return;
  }
  const xtag* tag = &mu->scan.tags[t];
  const char* name = mu->doc.p + tag->name_off;
  if (!nameset_has(&g_elem_names, name, tag->name_len)) {
    return;
  }
  if (!tag->selfclose && tag->match < 0) {
    return;
  }
  char out[128];
  if (!misspell(&g_elem_names, name, tag->name_len, r, out, sizeof(out))) {
    return;
  }
  char what[160];
  snprintf(what, sizeof(what), "%.*s -> %s", (int)tag->name_len, name, out);
  size_t len = tag->name_len, start_off = tag->name_off;
  if (!tag->selfclose) {
    const xtag* end = &mu->scan.tags[tag->match];
    sb_replace(&mu->doc, end->name_off, end->name_len, out, strlen(out));  // later one first
  }
  sb_replace(&mu->doc, start_off, len, out, strlen(out));
  note(mu, "misspelled element", what);
  mu->cls = CLS_SCHEMA;
}

static void mut_dup_attr(mutant* mu, uint64_t* r) {
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  size_t end = a->val_off + a->val_len + 1;  // past the closing quote
  sbuf b = {0};
  sb_set(&b, " ", 1);
  sb_insert(&b, b.n, mu->doc.p + a->name_off, end - a->name_off);
  char name[64];
  snprintf(name, sizeof(name), "%.*s", (int)(a->name_len < 60 ? a->name_len : 60),
           mu->doc.p + a->name_off);
  sb_insert(&mu->doc, end, b.p, b.n);
  free(b.p);
  note(mu, "duplicated attribute", name);
  mu->cls = CLS_SYNTAX;
}

static void mut_bad_char(mutant* mu, uint64_t* r) {
  static const char* const kBad[] = {"<", "&", "&bogus;", "&#0;", "&#xD800;", "\x01", "&#;",
                                     "&amp"};
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  const char* s = kBad[rnd(r, sizeof(kBad) / sizeof(kBad[0]))];
  sb_insert(&mu->doc, a->val_off + rnd(r, a->val_len + 1), s, strlen(s));
  note(mu, "bad character in a value", NULL);
  mu->cls = CLS_SYNTAX;
}

static void mut_nul(mutant* mu, uint64_t* r) {
  int root = xscan_root(&mu->scan);
  size_t root_end = xscan_root_end(&mu->scan);
  if (root < 0 || !root_end) {
    return;
  }
  size_t a = mu->scan.tags[root].start;
  size_t pos = a + rnd(r, root_end - a);
  sb_insert(&mu->doc, pos, "", 1);
  note(mu, "NUL byte inside the root", NULL);
  mu->cls = CLS_SYNTAX;
}

static void mut_remove_attr(mutant* mu, uint64_t* r) {
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  size_t start = a->name_off;
  while (start > 0 && is_space(mu->doc.p[start - 1])) {
    start--;
  }
  sb_replace(&mu->doc, start, a->val_off + a->val_len + 1 - start, "", 0);
  note(mu, "removed attribute", NULL);
}

static void mut_deep(mutant* mu, uint64_t* r) {
  static const int kDepth[] = {64, 600, 5000, 40000};
  int depth = kDepth[rnd(r, 4)];
  int kind = (int)rnd(r, 5);
  sbuf b = {0};
  sb_set(&b, "", 0);
  const char* open = "<body>";
  const char* close = "</body>";
  const char* inner = "<geom size=\"0.1\"/>";
  switch (kind) {
    case 0: break;
    case 1:  // a chain of hinges (kept short enough to simulate)
      if (depth > 600) {
        depth = 600;
      }
      open = "<body pos=\"0 0 0.1\"><joint/><geom size=\"0.01\"/>";
      inner = "";
      break;
    case 2: open = "<frame pos=\"0 0 0.001\">"; close = "</frame>"; break;
    case 3: open = "<replicate count=\"1\">"; close = "</replicate>"; break;
    default: open = "<default class=\"c%d\">"; close = "</default>"; inner = "<geom size=\"0.2\"/>";
      break;
  }
  char tmp[64];
  for (int i = 0; i < depth; i++) {
    snprintf(tmp, sizeof(tmp), open, i);
    sb_append(&b, tmp);
  }
  sb_append(&b, inner);
  for (int i = 0; i < depth; i++) {
    sb_append(&b, close);
  }
  char what[64];
  snprintf(what, sizeof(what), "%d x %.20s", depth, open);
  int ok = 0;
  if (kind == 4) {
    sbuf d = {0};
    sb_set(&d, "<default>", 9);
    sb_append(&d, b.p);
    sb_append(&d, "</default>");
    ok = insert_top(mu, d.p);
    free(d.p);
  } else {
    ok = insert_world(mu, b.p);
  }
  if (ok) {
    note(mu, "deep nesting", what);
  }
  free(b.p);
}

static void mut_long_string(mutant* mu, uint64_t* r) {
  static const size_t kLen[] = {256, 1025, 4097, 65537};
  static const char* const kAttr[] = {"name", "class", "childclass", "user", "file",
                                      "model", "material", "texture", "joint", "pos"};
  static const char* const kUnit[] = {"A", "1 ", "1e308 ", "a/", "%s", "\xc3\xa9"};
  size_t len = kLen[rnd(r, 4)];
  const char* unit = kUnit[rnd(r, 6)];
  sbuf v = {0};
  sb_set(&v, "", 0);
  size_t ulen = strlen(unit);
  sb_reserve(&v, len + ulen);
  while (v.n < len) {
    sb_insert(&v, v.n, unit, ulen);
  }
  char what[64];
  int t = pick_tag(mu, r, 0);
  if (t < 0) {
    free(v.p);
    return;
  }
  const xtag* tag = &mu->scan.tags[t];
  if (tag->nattr && rnd(r, 2)) {
    const xattr* a = &mu->scan.attrs[tag->attr0 + (int)rnd(r, (size_t)tag->nattr)];
    int nlen = (int)(a->name_len < 30 ? a->name_len : 30);
    snprintf(what, sizeof(what), "%zu bytes in %.*s", len, nlen, mu->doc.p + a->name_off);
    sb_replace(&mu->doc, a->val_off, a->val_len, v.p, v.n);
  } else {
    const char* name = kAttr[rnd(r, sizeof(kAttr) / sizeof(kAttr[0]))];
    // skip attributes the tag already has (a duplicate is a different mutation)
    for (int j = 0; j < tag->nattr; j++) {
      const xattr* a = &mu->scan.attrs[tag->attr0 + j];
      if (a->name_len == strlen(name) && !memcmp(mu->doc.p + a->name_off, name, a->name_len)) {
        free(v.p);
        return;
      }
    }
    sbuf b = {0};
    sb_set(&b, " ", 1);
    sb_append(&b, name);
    sb_append(&b, "=\"");
    sb_insert(&b, b.n, v.p, v.n);
    sb_append(&b, "\"");
    snprintf(what, sizeof(what), "%zu bytes in new %s", len, name);
    sb_insert(&mu->doc, tag->name_off + tag->name_len, b.p, b.n);
    free(b.p);
  }
  note(mu, "long value", what);
  free(v.p);
}

static void mut_splice(mutant* mu, uint64_t* r) {
  const seed* s = &g_seeds[rnd(r, (size_t)g_nseed)];
  sbuf src = {0};
  sb_set(&src, s->data, s->size);
  size_t nl = count_lines(&src), len = 0, dummy = 0;
  size_t start = line_span(&src, rnd(r, nl), &len, &dummy);
  size_t nme = count_lines(&mu->doc), mlen = 0;
  size_t at = line_span(&mu->doc, rnd(r, nme), &mlen, &dummy);
  sb_insert(&mu->doc, at, src.p + start, len);
  if (!len || src.p[start + len - 1] != '\n') {
    sb_insert(&mu->doc, at + len, "\n", 1);
  }
  free(src.p);
  note(mu, "spliced line", NULL);
}

static void mut_dup_element(mutant* mu, uint64_t* r) {
  int t = pick_tag(mu, r, 0);
  if (t < 0) {
    return;
  }
  const xtag* tag = &mu->scan.tags[t];
  size_t end = tag->selfclose ? tag->end
                              : (tag->match >= 0 ? mu->scan.tags[tag->match].end : 0);
  if (!end || xscan_root(&mu->scan) == t) {
    return;
  }
  char* copy = (char*)malloc(end - tag->start);
  memcpy(copy, mu->doc.p + tag->start, end - tag->start);
  sb_insert(&mu->doc, end, copy, end - tag->start);
  free(copy);
  note(mu, "duplicated element", NULL);
}

typedef void (*mutator)(mutant*, uint64_t*);
static const struct {
  mutator fn;
  int weight;
} kMutators[] = {
  {mut_flip, 6},          {mut_special_byte, 5}, {mut_truncate, 4},     {mut_line, 5},
  {mut_extreme_number, 14}, {mut_snippet, 18},   {mut_delete_close, 4}, {mut_misspell_attr, 6},
  {mut_misspell_elem, 4}, {mut_dup_attr, 2},     {mut_bad_char, 2},     {mut_nul, 1},
  {mut_remove_attr, 4},   {mut_deep, 4},         {mut_long_string, 6},  {mut_splice, 5},
  {mut_dup_element, 5},
};
enum { kNumMutators = (int)(sizeof(kMutators) / sizeof(kMutators[0])) };

void mutate(mutant* mu, uint64_t* r) {
  int total = 0;
  for (int i = 0; i < kNumMutators; i++) {
    total += kMutators[i].weight;
  }
  int k = (int)rnd(r, (size_t)total);
  for (int i = 0; i < kNumMutators; i++) {
    if (k < kMutators[i].weight) {
      size_t before = strlen(mu->log);
      mu->cls = CLS_NONE;
      kMutators[i].fn(mu, r);
      if (strlen(mu->log) != before) {
        mu->nmut++;
      }
      rescan(mu);
      return;
    }
    k -= kMutators[i].weight;
  }
}
