// The MJCF grammar: every element MuJoCo 3.3.8 accepts, where it may appear, its
// attributes with their value types, and which parts are not supported yet. One table
// drives validation, keyword conversion and the reader's number parsing.
#ifndef SINEW_XML_SCHEMA_H_
#define SINEW_XML_SCHEMA_H_

#include <stddef.h>

#include "xml/dom.h"

// Elements the reader dispatches on. Elements it never reads itself (not yet supported
// ones, plain containers) are SN_EL_OTHER.
typedef enum {
  SN_EL_OTHER = 0,
  SN_EL_MUJOCO,
  SN_EL_COMPILER,
  SN_EL_LENGTHRANGE,
  SN_EL_OPTION,
  SN_EL_FLAG,
  SN_EL_SIZE,
  SN_EL_VISUAL,
  SN_EL_VGLOBAL,
  SN_EL_VQUALITY,
  SN_EL_VHEADLIGHT,
  SN_EL_VMAP,
  SN_EL_VSCALE,
  SN_EL_VRGBA,
  SN_EL_STATISTIC,
  SN_EL_ASSET,
  SN_EL_TEXTURE,
  SN_EL_MATERIAL,
  SN_EL_LAYER,
  SN_EL_MESH,
  SN_EL_HFIELD,
  SN_EL_WORLDBODY,
  SN_EL_BODY,
  SN_EL_FRAME,
  SN_EL_REPLICATE,
  SN_EL_INERTIAL,
  SN_EL_JOINT,
  SN_EL_FREEJOINT,
  SN_EL_GEOM,
  SN_EL_SITE,
  SN_EL_CAMERA,
  SN_EL_LIGHT,
  SN_EL_CONTACT,
  SN_EL_PAIR,
  SN_EL_EXCLUDE,
  SN_EL_EQUALITIES,           // the <equality> section
  SN_EL_EQUALITY,             // one constraint (connect, weld, ...) or its default
  SN_EL_TENDONS,              // the <tendon> section
  SN_EL_TENDON,               // one fixed or spatial tendon or its default
  SN_EL_ACTUATOR,
  SN_EL_GENERAL,
  SN_EL_MOTOR,
  SN_EL_POSITION,
  SN_EL_VELOCITY,
  SN_EL_INTVELOCITY,
  SN_EL_DAMPER,
  SN_EL_CYLINDER,
  SN_EL_MUSCLE,
  SN_EL_ADHESION,
  SN_EL_SENSORS,              // the <sensor> section
  SN_EL_SENSOR,               // one sensor
  SN_EL_KEYFRAME,
  SN_EL_KEY,
  SN_EL_DEFAULT,
  SN_EL_CUSTOM,
  SN_EL_NUMERIC,
  SN_EL_TEXT,
  SN_EL_TUPLE,
  SN_EL_TUPLE_ELEMENT,
  SN_EL_MODEL,
  SN_EL_ATTACH,
  SN_EL_COUNT
} sn_elem_kind;

// attribute flags
#define SN_ATTR_REQUIRED 1   // must be present
#define SN_ATTR_LATER    2   // accepted by MuJoCo, not yet supported by Sinew
#define SN_ATTR_NODEF    4   // not available in default classes (names, targets)

typedef struct {
  const char* name;
  // value type: "s" string; "i"/"r" one int/real; "iN"/"rN" exactly N; "rA-B" A to B
  // values; "r*"/"i*" any number; "k" keyword from the list below; "b" false/true
  const char* type;
  // for "k": space-separated keywords, their values are their positions unless written
  // "word=value"; a trailing '!' marks a value that is not yet supported
  const char* keywords;
  int flags;
} sn_attr_def;

// element flags
#define SN_ELEM_LATER  1     // accepted by MuJoCo, not yet supported by Sinew
#define SN_ELEM_INDEF  2     // the element of a default class (no SN_ATTR_NODEF attrs)

typedef struct {
  const char* key;           // unique path: "body/geom", "default/geom", "sensor/touch"
  int kind;                  // sn_elem_kind
  char repeat;               // '!' once and required, '?' at most once, '*' any, 'R' recursive
  int flags;
  const sn_attr_def* attrs;  // terminated by a NULL name
  const char* children;      // keys of the allowed child elements, space-separated
} sn_elem_def;

// Results of parsing a numeric attribute.
typedef enum {
  SN_NUM_OK = 0,
  SN_NUM_BAD,                // not a number
  SN_NUM_RANGE,              // out of range
  SN_NUM_FEW,                // fewer values than required
  SN_NUM_MANY                // more values than allowed
} sn_num_status;

// Check a whole document against the grammar: elements where they are allowed,
// attributes known, values well formed, required attributes present, nothing that is
// not yet supported. Sets each node's def and kind. Returns 0, or -1 with a message
// "file:line:col: element 'x': attribute 'y': ..." in error.
int sn_schema_validate(sn_xml_node* root, char* error, int error_sz);

// Number of element definitions in the grammar.
int sn_schema_ndef(void);

// The definition of an element (by node->def), or NULL.
const sn_elem_def* sn_schema_elem(int def);

// Index of the element definition with this key, or -1.
int sn_schema_find(const char* key);

// The definition of an attribute of a validated element, or NULL if it has none.
const sn_attr_def* sn_schema_attr(const sn_xml_node* node, const char* name);

// The definition of an attribute of a grammar element given by key, or NULL.
const sn_attr_def* sn_schema_attr_of(const char* key, const char* name);

// Allowed number of values of a numeric attribute type.
void sn_schema_count(const sn_attr_def* def, int* min, int* max);

// Convert a keyword to its value; returns 0 if it is not in the list.
int sn_schema_keyword(const sn_attr_def* def, const char* word, int* value);

// The keyword of a value written into buf (NULL if none); *later is set if the value is
// not yet supported.
const char* sn_schema_keyword_name(const sn_attr_def* def, int value, int* later, char* buf,
                                   size_t cap);

// Parse up to max reals separated by white space (strtod syntax); *n gets the count.
sn_num_status sn_parse_reals(const char* s, double* out, int max, int* n);

// Parse up to max base-10 integers separated by white space.
sn_num_status sn_parse_ints(const char* s, int* out, int max, int* n);

// Edit distance between two strings, ignoring case.
int sn_levenshtein(const char* a, const char* b);

#endif  // SINEW_XML_SCHEMA_H_
