// XML text -> DOM with expat. Attribute positions are not reported by expat, so they
// are recovered by scanning the start tag in the input buffer.
#include <expat.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "xml/dom.h"

// Deeper documents are rejected so recursive consumers cannot exhaust the stack.
#define SN_XML_MAX_DEPTH 512

//---------------------------------- arena ---------------------------------------------------------

typedef struct sn_xml_block {
  struct sn_xml_block* next;
  size_t size;
  size_t used;
  max_align_t data[];
} sn_xml_block;

struct sn_xml_doc {
  sn_xml_block* blocks;
};

sn_xml_doc* sn_xml_doc_create(void) {
  sn_xml_doc* doc = (sn_xml_doc*)mju_malloc(sizeof(sn_xml_doc));
  doc->blocks = NULL;
  return doc;
}

void sn_xml_doc_free(sn_xml_doc* doc) {
  if (!doc) {
    return;
  }
  sn_xml_block* b = doc->blocks;
  while (b) {
    sn_xml_block* next = b->next;
    mju_free(b);
    b = next;
  }
  mju_free(doc);
}

void* sn_xml_alloc(sn_xml_doc* doc, size_t bytes) {
  bytes = (bytes + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  sn_xml_block* head = doc->blocks;
  if (!head || head->size - head->used < bytes) {
    size_t size = bytes > 32768 ? bytes : 32768;
    sn_xml_block* b = (sn_xml_block*)mju_malloc(sizeof(sn_xml_block) + size);
    b->size = size;
    b->used = 0;
    // a large one-off allocation goes behind the head so the head's free space is kept
    if (head && bytes > 32768) {
      b->next = head->next;
      head->next = b;
    } else {
      b->next = head;
      doc->blocks = b;
    }
    head = b;
  }
  void* p = (char*)head->data + head->used;
  head->used += bytes;
  memset(p, 0, bytes);
  return p;
}

const char* sn_xml_strdup(sn_xml_doc* doc, const char* s) {
  if (!s) {
    s = "";
  }
  size_t n = strlen(s) + 1;
  char* r = (char*)sn_xml_alloc(doc, n);
  memcpy(r, s, n);
  return r;
}

//---------------------------------- queries -------------------------------------------------------

const sn_xml_attr* sn_xml_find(const sn_xml_node* node, const char* name) {
  for (int i = 0; i < node->nattr; i++) {
    if (!strcmp(node->attr[i].name, name)) {
      return node->attr + i;
    }
  }
  return NULL;
}

const char* sn_xml_get(const sn_xml_node* node, const char* name) {
  const sn_xml_attr* a = sn_xml_find(node, name);
  return a ? a->value : NULL;
}

int sn_xml_count_children(const sn_xml_node* node) {
  int n = 0;
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    n++;
  }
  return n;
}

void sn_xml_verror(char* error, int error_sz, const sn_xml_node* node, const sn_xml_attr* attr,
                   const char* fmt, va_list ap) {
  if (!error || error_sz <= 0) {
    return;
  }
  char msg[1024];
  vsnprintf(msg, sizeof(msg), fmt, ap);
  if (attr) {
    snprintf(error, (size_t)error_sz, "%s:%d:%d: element '%s': attribute '%s': %s", node->file,
             attr->line, attr->column, node->name, attr->name, msg);
  } else {
    snprintf(error, (size_t)error_sz, "%s:%d:%d: element '%s': %s", node->file, node->line,
             node->column, node->name, msg);
  }
}

void sn_xml_error(char* error, int error_sz, const sn_xml_node* node, const sn_xml_attr* attr,
                  const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sn_xml_verror(error, error_sz, node, attr, fmt, ap);
  va_end(ap);
}

//---------------------------------- parsing -------------------------------------------------------

typedef struct {
  XML_Parser parser;
  sn_xml_doc* doc;
  const char* text;
  size_t len;
  const char* file;
  sn_xml_node* root;
  sn_xml_node* current;
  int depth;
  char* error;
  int error_sz;
  int failed;
} sn_xml_parse_state;

static void sn_xml_stop(sn_xml_parse_state* st, const char* msg) {
  if (!st->failed) {
    snprintf(st->error, (size_t)st->error_sz, "%s:%lu:%lu: %s", st->file,
             (unsigned long)XML_GetCurrentLineNumber(st->parser),
             (unsigned long)XML_GetCurrentColumnNumber(st->parser) + 1, msg);
    st->failed = 1;
  }
  XML_StopParser(st->parser, XML_FALSE);
}

static int sn_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Advance one byte, keeping line and column (UTF-8 continuation bytes add no column).
static void sn_advance(const char* s, size_t* i, int* line, int* col) {
  unsigned char c = (unsigned char)s[*i];
  if (c == '\n') {
    (*line)++;
    *col = 1;
  } else if ((c & 0xC0) != 0x80) {
    (*col)++;
  }
  (*i)++;
}

// Find where each attribute starts by scanning the start tag at the current byte
// index; attributes not found keep the element's own position.
static void sn_locate_attrs(sn_xml_parse_state* st, sn_xml_node* node) {
  XML_Index at = XML_GetCurrentByteIndex(st->parser);
  const char* s = st->text;
  size_t n = st->len;
  if (at < 0 || (size_t)at >= n || s[at] != '<') {
    return;
  }
  size_t i = (size_t)at;
  int line = node->line, col = node->column;
  sn_advance(s, &i, &line, &col);
  while (i < n && !sn_is_space(s[i]) && s[i] != '>' && s[i] != '/') {
    sn_advance(s, &i, &line, &col);
  }
  while (i < n) {
    while (i < n && sn_is_space(s[i])) {
      sn_advance(s, &i, &line, &col);
    }
    if (i >= n || s[i] == '>' || s[i] == '/') {
      return;
    }
    size_t start = i;
    int aline = line, acol = col;
    while (i < n && !sn_is_space(s[i]) && s[i] != '=') {
      sn_advance(s, &i, &line, &col);
    }
    size_t namelen = i - start;
    for (int k = 0; k < node->nattr; k++) {
      const char* name = node->attr[k].name;
      if (strlen(name) == namelen && !strncmp(name, s + start, namelen)) {
        node->attr[k].line = aline;
        node->attr[k].column = acol;
      }
    }
    while (i < n && s[i] != '"' && s[i] != '\'') {
      sn_advance(s, &i, &line, &col);
    }
    if (i >= n) {
      return;
    }
    char quote = s[i];
    sn_advance(s, &i, &line, &col);
    while (i < n && s[i] != quote) {
      sn_advance(s, &i, &line, &col);
    }
    if (i < n) {
      sn_advance(s, &i, &line, &col);
    }
  }
}

static void XMLCALL sn_on_start(void* data, const XML_Char* name, const XML_Char** atts) {
  sn_xml_parse_state* st = (sn_xml_parse_state*)data;
  if (st->failed) {
    return;
  }
  if (++st->depth > SN_XML_MAX_DEPTH) {
    sn_xml_stop(st, "elements are nested too deeply");
    return;
  }
  sn_xml_node* node = (sn_xml_node*)sn_xml_alloc(st->doc, sizeof(sn_xml_node));
  node->name = sn_xml_strdup(st->doc, name);
  node->file = st->file;
  node->line = (int)XML_GetCurrentLineNumber(st->parser);
  node->column = (int)XML_GetCurrentColumnNumber(st->parser) + 1;
  node->def = -1;
  node->kind = 0;
  int nattr = 0;
  while (atts[2 * nattr]) {
    nattr++;
  }
  node->nattr = nattr;
  node->attr = nattr ? (sn_xml_attr*)sn_xml_alloc(st->doc, sizeof(sn_xml_attr) * (size_t)nattr)
                     : NULL;
  for (int i = 0; i < nattr; i++) {
    node->attr[i].name = sn_xml_strdup(st->doc, atts[2 * i]);
    node->attr[i].value = sn_xml_strdup(st->doc, atts[2 * i + 1]);
    node->attr[i].line = node->line;
    node->attr[i].column = node->column;
  }
  sn_locate_attrs(st, node);

  node->parent = st->current;
  if (st->current) {
    if (st->current->last) {
      st->current->last->next = node;
    } else {
      st->current->child = node;
    }
    st->current->last = node;
  } else {
    st->root = node;
  }
  st->current = node;
}

static void XMLCALL sn_on_end(void* data, const XML_Char* name) {
  (void)name;
  sn_xml_parse_state* st = (sn_xml_parse_state*)data;
  if (st->failed) {
    return;
  }
  st->depth--;
  st->current = st->current->parent;
}

// Entity declarations are refused: MJCF never needs them and they allow expansion bombs.
static void XMLCALL sn_on_entity(void* data, const XML_Char* name, int is_param,
                                 const XML_Char* value, int value_length, const XML_Char* base,
                                 const XML_Char* system_id, const XML_Char* public_id,
                                 const XML_Char* notation) {
  (void)name, (void)is_param, (void)value, (void)value_length, (void)base;
  (void)system_id, (void)public_id, (void)notation;
  sn_xml_stop((sn_xml_parse_state*)data, "XML entity declarations are not supported");
}

sn_xml_node* sn_xml_parse(sn_xml_doc* doc, const char* text, size_t len, const char* file,
                          char* error, int error_sz) {
  sn_xml_parse_state st;
  memset(&st, 0, sizeof(st));
  st.doc = doc;
  st.text = text;
  st.len = len;
  st.file = sn_xml_strdup(doc, file);
  st.error = error;
  st.error_sz = error_sz;
  st.parser = XML_ParserCreate(NULL);
  if (!st.parser) {
    snprintf(error, (size_t)error_sz, "%s: cannot create the XML parser", file);
    return NULL;
  }
  XML_SetUserData(st.parser, &st);
  XML_SetElementHandler(st.parser, sn_on_start, sn_on_end);
  XML_SetEntityDeclHandler(st.parser, sn_on_entity);
  XML_SetParamEntityParsing(st.parser, XML_PARAM_ENTITY_PARSING_NEVER);

  // expat takes int lengths; feed large inputs in pieces
  const size_t chunk = (size_t)1 << 30;
  size_t off = 0;
  enum XML_Status status = XML_STATUS_OK;
  do {
    size_t n = len - off < chunk ? len - off : chunk;
    int final = off + n == len;
    status = XML_Parse(st.parser, text + off, (int)n, final);
    off += n;
  } while (status == XML_STATUS_OK && off < len);
  if (len == 0) {
    status = XML_Parse(st.parser, "", 0, 1);
  }
  if (status != XML_STATUS_OK && !st.failed) {
    char msg[256];
    snprintf(msg, sizeof(msg), "XML syntax error: %s",
             XML_ErrorString(XML_GetErrorCode(st.parser)));
    sn_xml_stop(&st, msg);
  }
  XML_ParserFree(st.parser);
  if (st.failed) {
    return NULL;
  }
  return st.root;
}
