// A small XML document object model built with expat. Every element and attribute
// remembers the file, line and column it came from, so the MJCF reader can name the
// exact place of any problem. All nodes and strings live in the document's arena and
// are freed together with the document.
#ifndef SINEW_XML_DOM_H_
#define SINEW_XML_DOM_H_

#include <stdarg.h>
#include <stddef.h>

typedef struct {
  const char* name;
  const char* value;
  int line;                     // 1-based
  int column;                   // 1-based, in bytes
  int used;                     // set by the reader when the value has been consumed
} sn_xml_attr;

typedef struct sn_xml_node {
  const char* name;
  const char* file;             // file the element was read from (after includes)
  int line;                     // 1-based
  int column;                   // 1-based, in bytes
  int nattr;
  sn_xml_attr* attr;
  struct sn_xml_node* parent;
  struct sn_xml_node* child;    // first child
  struct sn_xml_node* last;     // last child
  struct sn_xml_node* next;     // next sibling
  int def;                      // grammar element (index into the schema), set by validation
  int kind;                     // its sn_elem_kind, set by validation
} sn_xml_node;

typedef struct sn_xml_doc sn_xml_doc;

// Create an empty document (an arena for nodes and strings).
sn_xml_doc* sn_xml_doc_create(void);

// Free a document and every node parsed into it.
void sn_xml_doc_free(sn_xml_doc* doc);

// Parse text (len bytes, need not be NUL-terminated) into the document's arena. Returns
// the root element, or NULL with a "file:line:col: ..." message in error.
sn_xml_node* sn_xml_parse(sn_xml_doc* doc, const char* text, size_t len, const char* file,
                          char* error, int error_sz);

// Copy a string into the document's arena.
const char* sn_xml_strdup(sn_xml_doc* doc, const char* s);

// Allocate zeroed memory in the document's arena.
void* sn_xml_alloc(sn_xml_doc* doc, size_t bytes);

// The attribute with this name, or NULL.
const sn_xml_attr* sn_xml_find(const sn_xml_node* node, const char* name);

// The value of an attribute, or NULL if absent.
const char* sn_xml_get(const sn_xml_node* node, const char* name);

// Number of child elements.
int sn_xml_count_children(const sn_xml_node* node);

// Write "file:line:col: element 'e': attribute 'a': message" into error (attr may be
// NULL; the position is the attribute's when given, else the element's).
void sn_xml_error(char* error, int error_sz, const sn_xml_node* node, const sn_xml_attr* attr,
                  const char* fmt, ...);

// Same with a va_list.
void sn_xml_verror(char* error, int error_sz, const sn_xml_node* node, const sn_xml_attr* attr,
                   const char* fmt, va_list ap);

#endif  // SINEW_XML_DOM_H_
