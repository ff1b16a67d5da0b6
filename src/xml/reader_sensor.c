// <sensor>: every sensor element of 3.3.8 except plugin sensors. The reader records
// the sensor type, which object (and reference object) the element names, under which
// attribute, and the few parameters the element carries; names are resolved and the
// object types checked by the compiler (compiler/sensor.c). The checks done here are
// those 3.3.8 makes while parsing (its XML errors): exactly one of geom1/body1 for the
// geometric sensors, at most one first object for contact sensors, contact data fields
// in their canonical order, objname/refname without a type.
#include <string.h>

#include "xml/reader.h"

// Element name -> sensor type and the attribute naming its object (NULL: special form).
typedef struct {
  const char* element;
  int type;
  int objtype;
  const char* objattr;
} rd_sensor_kind;

static const rd_sensor_kind rd_sensor_kinds[] = {
  {"touch", mjSENS_TOUCH, mjOBJ_SITE, "site"},
  {"accelerometer", mjSENS_ACCELEROMETER, mjOBJ_SITE, "site"},
  {"velocimeter", mjSENS_VELOCIMETER, mjOBJ_SITE, "site"},
  {"gyro", mjSENS_GYRO, mjOBJ_SITE, "site"},
  {"force", mjSENS_FORCE, mjOBJ_SITE, "site"},
  {"torque", mjSENS_TORQUE, mjOBJ_SITE, "site"},
  {"magnetometer", mjSENS_MAGNETOMETER, mjOBJ_SITE, "site"},
  {"rangefinder", mjSENS_RANGEFINDER, mjOBJ_SITE, "site"},
  {"camprojection", mjSENS_CAMPROJECTION, mjOBJ_SITE, "site"},
  {"jointpos", mjSENS_JOINTPOS, mjOBJ_JOINT, "joint"},
  {"jointvel", mjSENS_JOINTVEL, mjOBJ_JOINT, "joint"},
  {"tendonpos", mjSENS_TENDONPOS, mjOBJ_TENDON, "tendon"},
  {"tendonvel", mjSENS_TENDONVEL, mjOBJ_TENDON, "tendon"},
  {"actuatorpos", mjSENS_ACTUATORPOS, mjOBJ_ACTUATOR, "actuator"},
  {"actuatorvel", mjSENS_ACTUATORVEL, mjOBJ_ACTUATOR, "actuator"},
  {"actuatorfrc", mjSENS_ACTUATORFRC, mjOBJ_ACTUATOR, "actuator"},
  {"jointactuatorfrc", mjSENS_JOINTACTFRC, mjOBJ_JOINT, "joint"},
  {"tendonactuatorfrc", mjSENS_TENDONACTFRC, mjOBJ_TENDON, "tendon"},
  {"ballquat", mjSENS_BALLQUAT, mjOBJ_JOINT, "joint"},
  {"ballangvel", mjSENS_BALLANGVEL, mjOBJ_JOINT, "joint"},
  {"jointlimitpos", mjSENS_JOINTLIMITPOS, mjOBJ_JOINT, "joint"},
  {"jointlimitvel", mjSENS_JOINTLIMITVEL, mjOBJ_JOINT, "joint"},
  {"jointlimitfrc", mjSENS_JOINTLIMITFRC, mjOBJ_JOINT, "joint"},
  {"tendonlimitpos", mjSENS_TENDONLIMITPOS, mjOBJ_TENDON, "tendon"},
  {"tendonlimitvel", mjSENS_TENDONLIMITVEL, mjOBJ_TENDON, "tendon"},
  {"tendonlimitfrc", mjSENS_TENDONLIMITFRC, mjOBJ_TENDON, "tendon"},
  {"framepos", mjSENS_FRAMEPOS, mjOBJ_UNKNOWN, NULL},
  {"framequat", mjSENS_FRAMEQUAT, mjOBJ_UNKNOWN, NULL},
  {"framexaxis", mjSENS_FRAMEXAXIS, mjOBJ_UNKNOWN, NULL},
  {"frameyaxis", mjSENS_FRAMEYAXIS, mjOBJ_UNKNOWN, NULL},
  {"framezaxis", mjSENS_FRAMEZAXIS, mjOBJ_UNKNOWN, NULL},
  {"framelinvel", mjSENS_FRAMELINVEL, mjOBJ_UNKNOWN, NULL},
  {"frameangvel", mjSENS_FRAMEANGVEL, mjOBJ_UNKNOWN, NULL},
  {"framelinacc", mjSENS_FRAMELINACC, mjOBJ_UNKNOWN, NULL},
  {"frameangacc", mjSENS_FRAMEANGACC, mjOBJ_UNKNOWN, NULL},
  {"subtreecom", mjSENS_SUBTREECOM, mjOBJ_BODY, "body"},
  {"subtreelinvel", mjSENS_SUBTREELINVEL, mjOBJ_BODY, "body"},
  {"subtreeangmom", mjSENS_SUBTREEANGMOM, mjOBJ_BODY, "body"},
  {"insidesite", mjSENS_INSIDESITE, mjOBJ_UNKNOWN, NULL},
  {"distance", mjSENS_GEOMDIST, mjOBJ_UNKNOWN, NULL},
  {"normal", mjSENS_GEOMNORMAL, mjOBJ_UNKNOWN, NULL},
  {"fromto", mjSENS_GEOMFROMTO, mjOBJ_UNKNOWN, NULL},
  {"contact", mjSENS_CONTACT, mjOBJ_UNKNOWN, NULL},
  {"tactile", mjSENS_TACTILE, mjOBJ_MESH, "mesh"},
  {"e_potential", mjSENS_E_POTENTIAL, mjOBJ_UNKNOWN, NULL},
  {"e_kinetic", mjSENS_E_KINETIC, mjOBJ_UNKNOWN, NULL},
  {"clock", mjSENS_CLOCK, mjOBJ_UNKNOWN, NULL},
  {"user", mjSENS_USER, mjOBJ_UNKNOWN, NULL},
};

static int rd_has(const sn_xml_node* node, const char* name) {
  return sn_xml_find(node, name) != NULL;
}

// objtype/objname (or reftype/refname) of frame and insidesite sensors; the type
// attribute is required by the grammar for the object, optional for the reference.
static void rd_sensor_typed(sn_reader* r, const sn_xml_node* node, const char* typeattr,
                            const char* nameattr, int* type, const char** name,
                            const char** attr) {
  int given_type = rd_keyword(r, node, typeattr, type);
  int given_name = rd_string(r, node, nameattr, name);
  if (given_name && !given_type) {
    rd_fail(r, node, nameattr, "%s '%s' given but %s is missing", nameattr, *name, typeattr);
  }
  if (given_type && !given_name) {
    rd_fail(r, node, NULL, "required attribute missing: '%s'", nameattr);
  }
  *attr = nameattr;
}

// The object given by exactly (distance sensors) or at most (contact sensors) one of
// the attributes listed with their object types; returns 0 if none is given.
static int rd_sensor_oneof(sn_reader* r, const sn_xml_node* node, const char* const* attrs,
                           const int* types, int n, int exactly, int* type, const char** name,
                           const char** attr) {
  int count = 0;
  for (int k = 0; k < n; k++) {
    if (rd_has(node, attrs[k])) {
      count++;
      *type = types[k];
      *attr = attrs[k];
      rd_string(r, node, attrs[k], name);
    }
  }
  if ((exactly && count != 1) || count > 1) {
    char list[128] = "";
    for (int k = 0; k < n; k++) {
      strcat(list, k ? ", " : "");
      strcat(list, attrs[k]);
    }
    rd_fail(r, node, NULL, "%s of (%s) %s", exactly ? "exactly one" : "at most one", list,
            exactly ? "must be specified" : "can be specified");
  }
  return count;
}

// Contact sensor data fields: bitmask in the canonical order, each at most once.
static int rd_contact_data(sn_reader* r, const sn_xml_node* node, int* bits) {
  static const char* const fields[] = {"found", "force", "torque", "dist", "pos", "normal",
                                       "tangent"};
  static const int sizes[] = {1, 3, 3, 1, 3, 3, 3};
  const char* text = "found";
  rd_string(r, node, "data", &text);
  int mask = 0, size = 0, last = -1;
  const char* p = text;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      p++;
    }
    if (!*p) {
      break;
    }
    size_t len = strcspn(p, " \t\r\n");
    int k = 0;
    while (k < 7 && !(strlen(fields[k]) == len && !strncmp(fields[k], p, len))) {
      k++;
    }
    if (k == 7) {
      rd_fail(r, node, "data", "invalid keyword '%.*s'", (int)len, p);
    }
    if (mask & (1 << k)) {
      rd_fail(r, node, "data", "duplicate keyword '%s'", fields[k]);
    }
    if (k < last) {
      rd_fail(r, node, "data", "data attributes must be in order: found, force, torque, dist, "
              "pos, normal, tangent");
    }
    last = k;
    mask |= 1 << k;
    size += sizes[k];
    p += len;
  }
  *bits = mask;
  return size;
}

static void rd_sensor_contact(sn_reader* r, const sn_xml_node* node, sn_sensor* s) {
  static const char* const a1[] = {"geom1", "body1", "subtree1", "site"};
  static const int t1[] = {mjOBJ_GEOM, mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_SITE};
  static const char* const a2[] = {"geom2", "body2", "subtree2"};
  static const int t2[] = {mjOBJ_GEOM, mjOBJ_BODY, mjOBJ_XBODY};
  rd_sensor_oneof(r, node, a1, t1, 4, 0, &s->objtype, &s->objname, &s->objattr);
  rd_sensor_oneof(r, node, a2, t2, 3, 0, &s->reftype, &s->refname, &s->refattr);
  int num = 1;
  rd_int(r, node, "num", &num);
  if (num <= 0) {
    rd_fail(r, node, "num", "'num' must be positive in sensor");
  }
  int reduce = 0;
  rd_keyword(r, node, "reduce", &reduce);
  int bits = 0;
  int size = rd_contact_data(r, node, &bits);
  s->intprm[0] = bits;
  s->intprm[1] = reduce;
  s->intprm[2] = num;
  s->dim = num * size;
}

// The object and reference of the special forms (type-dependent attributes).
static void rd_sensor_objects(sn_reader* r, const sn_xml_node* node, sn_sensor* s) {
  static const char* const g1[] = {"geom1", "body1"};
  static const char* const g2[] = {"geom2", "body2"};
  static const int gt[] = {mjOBJ_GEOM, mjOBJ_BODY};
  switch (s->type) {
    case mjSENS_CAMPROJECTION:
      s->reftype = mjOBJ_CAMERA;
      s->refattr = "camera";
      rd_string(r, node, "camera", &s->refname);
      break;
    case mjSENS_TACTILE:
      s->reftype = mjOBJ_GEOM;
      s->refattr = "geom";
      rd_string(r, node, "geom", &s->refname);
      break;
    case mjSENS_INSIDESITE:
      rd_sensor_typed(r, node, "objtype", "objname", &s->objtype, &s->objname, &s->objattr);
      s->reftype = mjOBJ_SITE;
      s->refattr = "site";
      rd_string(r, node, "site", &s->refname);
      break;
    case mjSENS_GEOMDIST:
    case mjSENS_GEOMNORMAL:
    case mjSENS_GEOMFROMTO:
      rd_sensor_oneof(r, node, g1, gt, 2, 1, &s->objtype, &s->objname, &s->objattr);
      rd_sensor_oneof(r, node, g2, gt, 2, 1, &s->reftype, &s->refname, &s->refattr);
      break;
    case mjSENS_CONTACT:
      rd_sensor_contact(r, node, s);
      break;
    case mjSENS_USER: {
      const char* type = NULL;
      int has_type = rd_string(r, node, "objtype", &type);
      int has_name = rd_string(r, node, "objname", &s->objname);
      if (has_name && !has_type) {
        rd_fail(r, node, "objname", "objname '%s' given but objtype is missing", s->objname);
      }
      s->usertype = has_type ? type : "";
      s->objattr = "objname";
      s->datatype = mjDATATYPE_REAL;
      s->needstage = mjSTAGE_ACC;
      rd_keyword(r, node, "datatype", &s->datatype);
      rd_keyword(r, node, "needstage", &s->needstage);
      rd_int(r, node, "dim", &s->dim);
      break;
    }
    default:
      if (s->type >= mjSENS_FRAMEPOS && s->type <= mjSENS_FRAMEANGACC) {
        rd_sensor_typed(r, node, "objtype", "objname", &s->objtype, &s->objname, &s->objattr);
        if (rd_has(node, "reftype") || rd_has(node, "refname")) {
          rd_sensor_typed(r, node, "reftype", "refname", &s->reftype, &s->refname,
                          &s->refattr);
        }
      }
      break;
  }
}

static void rd_one_sensor(sn_reader* r, const sn_xml_node* node) {
  const rd_sensor_kind* kind = NULL;
  for (size_t k = 0; k < sizeof(rd_sensor_kinds) / sizeof(rd_sensor_kinds[0]); k++) {
    if (!strcmp(rd_sensor_kinds[k].element, node->name)) {
      kind = &rd_sensor_kinds[k];
    }
  }
  if (!kind) {
    // plugin sensors stop at validation; this guards the grammar table
    rd_fail(r, node, NULL, "not yet supported: sensor/%s", node->name);
  }
  sn_sensor* s = (sn_sensor*)sn_spec_append(r->spec, &r->spec->sensors, sizeof(sn_sensor));
  memset(s, 0, sizeof(*s));
  s->name = s->objname = s->refname = s->usertype = "";
  s->type = kind->type;
  s->objtype = kind->objtype;
  s->reftype = mjOBJ_UNKNOWN;
  if (kind->objattr) {
    s->objattr = kind->objattr;
    rd_string(r, node, kind->objattr, &s->objname);
  }
  rd_string(r, node, "name", &s->name);
  rd_real(r, node, "noise", &s->noise);
  rd_real(r, node, "cutoff", &s->cutoff);
  rd_numlist(r, node, "user", &s->user);
  rd_sensor_objects(r, node, s);
  s->loc = rd_node_loc(r, node);
  rd_check_used(r, node);
}

void rd_sensors(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    rd_one_sensor(r, c);
  }
  rd_check_used(r, node);
}
