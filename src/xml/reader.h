// Internal interface of the MJCF reader (validated DOM -> spec). The reader stops at
// the first error with rd_fail, which longjmps back to sn_xml_read; everything it
// allocates lives in the spec's pool or the DOM's arena, so nothing leaks.
#ifndef SINEW_XML_READER_H_
#define SINEW_XML_READER_H_

#include <setjmp.h>

#include <mujoco/mujoco.h>

#include "compiler/spec.h"
#include "xml/dom.h"
#include "xml/schema.h"

// An orientation as MuJoCo keeps it while reading: the quaternion and at most one
// alternative form. A class may set either; an element's alternative form replaces the
// class's, its quat does not (the alternative wins when both are set).
typedef struct {
  int has_quat;
  double quat[4];
  sn_orient alt;              // type SN_ORIENT_NONE if no alternative form
} sn_xorient;

// One default class: the dummy element of every kind it can hold.
typedef struct {
  const char* name;
  int parent;                 // index of the parent class, -1 for "main"
  sn_joint joint;
  sn_geom geom;
  sn_xorient geom_orient;
  sn_site site;
  sn_xorient site_orient;
  sn_camera camera;
  sn_xorient camera_orient;
  int camera_resolution_set;
  sn_light light;
  sn_material material;
  sn_actuator actuator;
  sn_mesh mesh;
  sn_pair pair;
  sn_equality equality;
  sn_tendon tendon;
} sn_defclass;

typedef struct sn_reader {
  sn_spec* spec;
  const mjVFS* vfs;
  char* error;
  int error_sz;
  jmp_buf jump;
  sn_defclass* classes;       // in the spec's pool
  int nclass;
  int capclass;
  int nreplicate;             // replicate elements seen
  double nreplicated;         // elements created by expanding replicates so far
  struct rd_attachment* attach_head;  // <attach> elements, completed after reading
  struct rd_attachment* attach_tail;
} sn_reader;

// Read a validated MJCF document into spec. Returns 0, or -1 with a message in error.
int sn_xml_read(const sn_xml_node* root, sn_spec* spec, const mjVFS* vfs, char* error,
                int error_sz);

//---------------------------------- errors and attribute access (reader_attr.c) -------------------

// Source location of node (file, line, column, element name) in the spec's pool.
sn_srcloc rd_node_loc(sn_reader* r, const sn_xml_node* node);

// Record an error at node (and attribute attr, may be NULL) and abandon reading.
_Noreturn void rd_fail(sn_reader* r, const sn_xml_node* node, const char* attr,
                       const char* fmt, ...);

// The attribute, marked as consumed, or NULL if absent.
const sn_xml_attr* rd_attr(sn_reader* r, const sn_xml_node* node, const char* name);

// Copy a string attribute into the spec's pool; returns 1 if present.
int rd_string(sn_reader* r, const sn_xml_node* node, const char* name, const char** out);

// Read up to the grammar's number of reals into out; returns the count (0: absent).
int rd_reals(sn_reader* r, const sn_xml_node* node, const char* name, double* out);

// Same, converting to float.
int rd_floats(sn_reader* r, const sn_xml_node* node, const char* name, float* out);

// Read integers; returns the count (0: absent).
int rd_ints(sn_reader* r, const sn_xml_node* node, const char* name, int* out);

// Read one real / int if present; returns 1 if present.
int rd_real(sn_reader* r, const sn_xml_node* node, const char* name, double* out);
int rd_int(sn_reader* r, const sn_xml_node* node, const char* name, int* out);

// Read a keyword (booleans too) into its value; returns 1 if present.
int rd_keyword(sn_reader* r, const sn_xml_node* node, const char* name, int* out);

// Read any number of reals into a list in the spec's pool; returns 1 if present.
int rd_numlist(sn_reader* r, const sn_xml_node* node, const char* name, sn_numlist* out);

// Read an orientation (quat or one alternative form) on top of o. Two forms in one
// element are an error.
void rd_orient(sn_reader* r, const sn_xml_node* node, sn_xorient* o);

// Collapse a reading-time orientation into the spec's form.
sn_orient rd_orient_final(const sn_xorient* o);

// Fail if an attribute of node was never consumed (a reader bug: never ignore input).
void rd_check_used(sn_reader* r, const sn_xml_node* node);

// Stop with "not yet supported" if value is marked so for attribute attr of element key.
void rd_check_later(sn_reader* r, const sn_xml_node* node, const char* key, const char* attr,
                    int value);

//---------------------------------- defaults (defaults.c) -----------------------------------------

// Read every <default> section (before any element that may use a class).
void rd_defaults(sn_reader* r, const sn_xml_node* root);

// The class an element uses: its class attribute, else the enclosing childclass, else
// "main". Marks the class attribute as consumed.
const sn_defclass* rd_class(sn_reader* r, const sn_xml_node* node, int childclass);

// Index of a class by name (-1 if unknown).
int rd_find_class(const sn_reader* r, const char* name);

// Attribute readers shared by default classes and elements.
void rd_joint_attrs(sn_reader* r, const sn_xml_node* node, sn_joint* j);
void rd_geom_attrs(sn_reader* r, const sn_xml_node* node, sn_geom* g, sn_xorient* o);
void rd_site_attrs(sn_reader* r, const sn_xml_node* node, sn_site* s, sn_xorient* o);
void rd_camera_attrs(sn_reader* r, const sn_xml_node* node, sn_camera* c, sn_xorient* o,
                     int* resolution_set);
void rd_light_attrs(sn_reader* r, const sn_xml_node* node, sn_light* l);
void rd_material_attrs(sn_reader* r, const sn_xml_node* node, sn_material* m);
void rd_actuator_attrs(sn_reader* r, const sn_xml_node* node, sn_actuator* a);
void rd_mesh_attrs(sn_reader* r, const sn_xml_node* node, sn_mesh* m);  // reader_asset.c
void rd_pair_attrs(sn_reader* r, const sn_xml_node* node, sn_pair* p);
void rd_equality_attrs(sn_reader* r, const sn_xml_node* node, sn_equality* e);
void rd_tendon_attrs(sn_reader* r, const sn_xml_node* node, sn_tendon* t);  // reader_tendon.c

//---------------------------------- sections ------------------------------------------------------

void rd_worldbody(sn_reader* r, const sn_xml_node* node);        // reader_body.c
void rd_actuators(sn_reader* r, const sn_xml_node* node);        // reader_actuator.c
void rd_assets(sn_reader* r, const sn_xml_node* node);           // reader_asset.c
void rd_option(sn_reader* r, const sn_xml_node* node);           // reader_global.c
void rd_compiler(sn_reader* r, const sn_xml_node* node);
void rd_size(sn_reader* r, const sn_xml_node* node);
void rd_visual(sn_reader* r, const sn_xml_node* node);
void rd_statistic(sn_reader* r, const sn_xml_node* node);
void rd_custom(sn_reader* r, const sn_xml_node* node);           // reader.c
void rd_contact(sn_reader* r, const sn_xml_node* node);          // reader_contact.c
void rd_keyframes(sn_reader* r, const sn_xml_node* node);
void rd_equality(sn_reader* r, const sn_xml_node* node);         // reader_equality.c
void rd_tendons(sn_reader* r, const sn_xml_node* node);          // reader_tendon.c
void rd_sensors(sn_reader* r, const sn_xml_node* node);          // reader_sensor.c
void rd_models(sn_reader* r, const sn_xml_node* root);           // reader_attach.c
void rd_attach(sn_reader* r, const sn_xml_node* node, int body, int frame);
void rd_attach_finish(sn_reader* r);

// Unit quaternion of Euler angles (compiler angle units and sequence); math helpers
// used to expand replicate.
void rd_euler_quat(const sn_reader* r, const double euler[3], double quat[4]);
void rd_quat_mul(const double a[4], const double b[4], double out[4]);
void rd_quat_rotate(const double q[4], const double v[3], double out[3]);

#endif  // SINEW_XML_READER_H_
