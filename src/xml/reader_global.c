// Global sections: compiler, option (with flags), size, visual and statistic. Repeated
// sections edit the same settings in document order, so the last value wins.
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xml/reader.h"

//---------------------------------- compiler ------------------------------------------------------

static void rd_lengthrange(sn_reader* r, const sn_xml_node* node) {
  sn_compiler* c = &r->spec->compiler;
  rd_keyword(r, node, "mode", &c->lengthrange.mode);
  rd_keyword(r, node, "useexisting", &c->lengthrange.useexisting);
  rd_keyword(r, node, "uselimit", &c->lengthrange.uselimit);
  rd_real(r, node, "accel", &c->lengthrange.accel);
  rd_real(r, node, "maxforce", &c->lengthrange.maxforce);
  rd_real(r, node, "timeconst", &c->lengthrange.timeconst);
  rd_real(r, node, "timestep", &c->lengthrange.timestep);
  rd_real(r, node, "inttotal", &c->lengthrange.inttotal);
  rd_real(r, node, "interval", &c->lengthrange.interval);
  rd_real(r, node, "tolrange", &c->lengthrange.tolrange);
  rd_check_used(r, node);
}

static void rd_eulerseq(sn_reader* r, const sn_xml_node* node) {
  const sn_xml_attr* a = rd_attr(r, node, "eulerseq");
  if (!a) {
    return;
  }
  if (strlen(a->value) != 3) {
    rd_fail(r, node, "eulerseq", "the Euler sequence must have length 3");
  }
  for (int i = 0; i < 3; i++) {
    if (!strchr("xyzXYZ", a->value[i])) {
      rd_fail(r, node, "eulerseq", "the Euler sequence may only contain x, y, z, X, Y, Z");
    }
  }
  memcpy(r->spec->compiler.eulerseq, a->value, 4);
}

void rd_compiler(sn_reader* r, const sn_xml_node* node) {
  sn_compiler* c = &r->spec->compiler;
  int v;
  rd_keyword(r, node, "autolimits", &c->autolimits);
  rd_real(r, node, "boundmass", &c->boundmass);
  rd_real(r, node, "boundinertia", &c->boundinertia);
  rd_real(r, node, "settotalmass", &c->settotalmass);
  rd_keyword(r, node, "balanceinertia", &c->balanceinertia);
  rd_keyword(r, node, "strippath", &c->strippath);
  if (rd_keyword(r, node, "coordinate", &v) && v == 1) {
    rd_fail(r, node, "coordinate", "global coordinates are no longer supported (MuJoCo 2.3.3 "
            "or older can convert such models)");
  }
  rd_keyword(r, node, "angle", &c->degree);
  rd_keyword(r, node, "fitaabb", &c->fitaabb);
  rd_eulerseq(r, node);
  rd_string(r, node, "meshdir", &c->meshdir);
  rd_string(r, node, "texturedir", &c->texturedir);
  rd_string(r, node, "assetdir", &c->assetdir);
  rd_keyword(r, node, "discardvisual", &c->discardvisual);
  rd_keyword(r, node, "usethread", &c->usethread);
  rd_keyword(r, node, "fusestatic", &c->fusestatic);
  if (rd_keyword(r, node, "inertiafromgeom", &v)) {
    c->inertiafromgeom = (sn_tristate)v;
  }
  if (rd_keyword(r, node, "alignfree", &v)) {
    c->alignfree = (sn_tristate)v;
  }
  rd_ints(r, node, "inertiagrouprange", c->inertiagrouprange);
  rd_keyword(r, node, "saveinertial", &c->saveinertial);
  rd_check_used(r, node);
  for (const sn_xml_node* ch = node->child; ch; ch = ch->next) {
    rd_lengthrange(r, ch);
  }
}

//---------------------------------- option --------------------------------------------------------

static void rd_flags(sn_reader* r, const sn_xml_node* node) {
  static const char* disable[] = {"constraint", "equality", "frictionloss", "limit",
                                  "contact", "spring", "damper", "gravity", "clampctrl",
                                  "warmstart", "filterparent", "actuation", "refsafe",
                                  "sensor", "midphase", "eulerdamp", "autoreset",
                                  "nativeccd", "island"};
  static const char* enable[] = {"override", "energy", "fwdinv", "invdiscrete", "multiccd"};
  mjOption* o = &r->spec->option;
  int v;
  for (int i = 0; i < (int)(sizeof(disable) / sizeof(disable[0])); i++) {
    if (rd_keyword(r, node, disable[i], &v)) {
      o->disableflags = v ? o->disableflags & ~(1 << i) : o->disableflags | (1 << i);
    }
  }
  for (int i = 0; i < (int)(sizeof(enable) / sizeof(enable[0])); i++) {
    if (rd_keyword(r, node, enable[i], &v)) {
      o->enableflags = v ? o->enableflags | (1 << i) : o->enableflags & ~(1 << i);
    }
  }
  rd_check_used(r, node);
}

static void rd_actuatorgroupdisable(sn_reader* r, const sn_xml_node* node) {
  sn_numlist groups = {NULL, 0};
  if (!rd_numlist(r, node, "actuatorgroupdisable", &groups)) {
    return;
  }
  int bits = 0;
  for (int i = 0; i < groups.n; i++) {
    double g = groups.data[i];
    if (g < 0 || g > 30 || g != (int)g) {
      rd_fail(r, node, "actuatorgroupdisable",
              "disabled actuator groups must be integers from 0 to 30");
    }
    bits |= 1 << (int)g;
  }
  r->spec->option.disableactuator = bits;
}

void rd_option(sn_reader* r, const sn_xml_node* node) {
  mjOption* o = &r->spec->option;
  rd_real(r, node, "timestep", &o->timestep);
  rd_real(r, node, "impratio", &o->impratio);
  rd_reals(r, node, "gravity", o->gravity);
  rd_reals(r, node, "wind", o->wind);
  rd_reals(r, node, "magnetic", o->magnetic);
  rd_real(r, node, "density", &o->density);
  rd_real(r, node, "viscosity", &o->viscosity);
  rd_real(r, node, "o_margin", &o->o_margin);
  rd_reals(r, node, "o_solref", o->o_solref);
  rd_reals(r, node, "o_solimp", o->o_solimp);
  rd_reals(r, node, "o_friction", o->o_friction);
  rd_keyword(r, node, "integrator", &o->integrator);
  rd_keyword(r, node, "cone", &o->cone);
  rd_keyword(r, node, "jacobian", &o->jacobian);
  rd_keyword(r, node, "solver", &o->solver);
  rd_int(r, node, "iterations", &o->iterations);
  rd_real(r, node, "tolerance", &o->tolerance);
  rd_int(r, node, "ls_iterations", &o->ls_iterations);
  rd_real(r, node, "ls_tolerance", &o->ls_tolerance);
  rd_int(r, node, "noslip_iterations", &o->noslip_iterations);
  rd_real(r, node, "noslip_tolerance", &o->noslip_tolerance);
  rd_int(r, node, "ccd_iterations", &o->ccd_iterations);
  rd_real(r, node, "ccd_tolerance", &o->ccd_tolerance);
  rd_int(r, node, "sdf_iterations", &o->sdf_iterations);
  rd_int(r, node, "sdf_initpoints", &o->sdf_initpoints);
  rd_actuatorgroupdisable(r, node);
  rd_check_used(r, node);
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    rd_flags(r, c);
  }
}

//---------------------------------- size ----------------------------------------------------------

// "-1", or an unsigned integer with an optional K, M, G, T, P or E suffix (powers of 1024).
static int rd_memory(const char* s, long long* out) {
  if (!strcmp(s, "-1")) {
    *out = -1;
    return 1;
  }
  if (!isdigit((unsigned char)s[0])) {
    return 0;
  }
  char* end = NULL;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno == ERANGE) {
    return 0;
  }
  int shift = 0;
  if (*end) {
    const char* units = "KMGTPE";
    const char* u = strchr(units, toupper((unsigned char)*end));
    if (!u || end[1]) {
      return 0;
    }
    shift = 10 * (int)(u - units + 1);
  }
  if (shift && v > (unsigned long long)INT64_MAX >> shift) {
    return 0;
  }
  v <<= shift;
  if (v > (unsigned long long)INT64_MAX) {
    return 0;
  }
  *out = (long long)v;
  return 1;
}

void rd_size(sn_reader* r, const sn_xml_node* node) {
  sn_size* s = &r->spec->size;
  s->loc = rd_node_loc(r, node);
  const sn_xml_attr* mem = rd_attr(r, node, "memory");
  if (mem && !rd_memory(mem->value, &s->memory)) {
    rd_fail(r, node, "memory", "expected an unsigned integer with an optional suffix "
            "K, M, G, T, P or E, or -1 (got '%s')", mem->value);
  }
  if (mem && sn_xml_find(node, "nstack")) {
    rd_fail(r, node, "nstack", "memory and nstack cannot both be specified");
  }
  rd_int(r, node, "njmax", &s->njmax);
  rd_int(r, node, "nconmax", &s->nconmax);
  rd_int(r, node, "nstack", &s->nstack);
  rd_int(r, node, "nuserdata", &s->nuserdata);
  rd_int(r, node, "nkey", &s->nkey);
  rd_int(r, node, "nuser_body", &s->nuser_body);
  rd_int(r, node, "nuser_jnt", &s->nuser_jnt);
  rd_int(r, node, "nuser_geom", &s->nuser_geom);
  rd_int(r, node, "nuser_site", &s->nuser_site);
  rd_int(r, node, "nuser_cam", &s->nuser_cam);
  rd_int(r, node, "nuser_tendon", &s->nuser_tendon);
  rd_int(r, node, "nuser_actuator", &s->nuser_actuator);
  rd_int(r, node, "nuser_sensor", &s->nuser_sensor);
  rd_check_used(r, node);
}

//---------------------------------- statistic -----------------------------------------------------

void rd_statistic(sn_reader* r, const sn_xml_node* node) {
  sn_statistic* s = &r->spec->statistic;
  s->set_meanmass |= rd_real(r, node, "meanmass", &s->value.meanmass);
  s->set_meaninertia |= rd_real(r, node, "meaninertia", &s->value.meaninertia);
  s->set_meansize |= rd_real(r, node, "meansize", &s->value.meansize);
  s->set_extent |= rd_real(r, node, "extent", &s->value.extent);
  s->set_center |= rd_reals(r, node, "center", s->value.center) > 0;
  rd_check_used(r, node);
}

//---------------------------------- visual --------------------------------------------------------

static void rd_vglobal(sn_reader* r, const sn_xml_node* n, mjVisual* v) {
  rd_int(r, n, "cameraid", &v->global.cameraid);
  rd_keyword(r, n, "orthographic", &v->global.orthographic);
  rd_floats(r, n, "fovy", &v->global.fovy);
  rd_floats(r, n, "ipd", &v->global.ipd);
  rd_floats(r, n, "azimuth", &v->global.azimuth);
  rd_floats(r, n, "elevation", &v->global.elevation);
  rd_floats(r, n, "linewidth", &v->global.linewidth);
  rd_floats(r, n, "glow", &v->global.glow);
  rd_floats(r, n, "realtime", &v->global.realtime);
  rd_int(r, n, "offwidth", &v->global.offwidth);
  rd_int(r, n, "offheight", &v->global.offheight);
  rd_keyword(r, n, "ellipsoidinertia", &v->global.ellipsoidinertia);
  rd_keyword(r, n, "bvactive", &v->global.bvactive);
}

static void rd_vquality(sn_reader* r, const sn_xml_node* n, mjVisual* v) {
  rd_int(r, n, "shadowsize", &v->quality.shadowsize);
  rd_int(r, n, "offsamples", &v->quality.offsamples);
  rd_int(r, n, "numslices", &v->quality.numslices);
  rd_int(r, n, "numstacks", &v->quality.numstacks);
  rd_int(r, n, "numquads", &v->quality.numquads);
}

static void rd_vheadlight(sn_reader* r, const sn_xml_node* n, mjVisual* v) {
  rd_floats(r, n, "ambient", v->headlight.ambient);
  rd_floats(r, n, "diffuse", v->headlight.diffuse);
  rd_floats(r, n, "specular", v->headlight.specular);
  rd_int(r, n, "active", &v->headlight.active);
}

typedef struct {
  const char* name;
  size_t offset;
} rd_vfield;

#define VF(group, field) {#field, offsetof(mjVisual, group.field)}
static const rd_vfield vmap[] = {
  VF(map, stiffness), VF(map, stiffnessrot), VF(map, force), VF(map, torque), VF(map, alpha),
  VF(map, fogstart), VF(map, fogend), VF(map, znear), VF(map, zfar), VF(map, haze),
  VF(map, shadowclip), VF(map, shadowscale), VF(map, actuatortendon), {NULL, 0}};
static const rd_vfield vscale[] = {
  VF(scale, forcewidth), VF(scale, contactwidth), VF(scale, contactheight),
  VF(scale, connect), VF(scale, com), VF(scale, camera), VF(scale, light),
  VF(scale, selectpoint), VF(scale, jointlength), VF(scale, jointwidth),
  VF(scale, actuatorlength), VF(scale, actuatorwidth), VF(scale, framelength),
  VF(scale, framewidth), VF(scale, constraint), VF(scale, slidercrank), VF(scale, frustum),
  {NULL, 0}};
static const rd_vfield vrgba[] = {
  VF(rgba, fog), VF(rgba, haze), VF(rgba, force), VF(rgba, inertia), VF(rgba, joint),
  VF(rgba, actuator), VF(rgba, actuatornegative), VF(rgba, actuatorpositive), VF(rgba, com),
  VF(rgba, camera), VF(rgba, light), VF(rgba, selectpoint), VF(rgba, connect),
  VF(rgba, contactpoint), VF(rgba, contactforce), VF(rgba, contactfriction),
  VF(rgba, contacttorque), VF(rgba, contactgap), VF(rgba, rangefinder), VF(rgba, constraint),
  VF(rgba, slidercrank), VF(rgba, crankbroken), VF(rgba, frustum), VF(rgba, bv),
  VF(rgba, bvactive), {NULL, 0}};
#undef VF

// <map>, <scale> and <rgba>: float fields (one or four floats each).
static void rd_vfloats(sn_reader* r, const sn_xml_node* n, mjVisual* v, const rd_vfield* f) {
  for (; f->name; f++) {
    rd_floats(r, n, f->name, (float*)((char*)v + f->offset));
  }
}

void rd_visual(sn_reader* r, const sn_xml_node* node) {
  mjVisual* v = &r->spec->visual;
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    switch (c->kind) {
      case SN_EL_VGLOBAL:    rd_vglobal(r, c, v); break;
      case SN_EL_VQUALITY:   rd_vquality(r, c, v); break;
      case SN_EL_VHEADLIGHT: rd_vheadlight(r, c, v); break;
      case SN_EL_VMAP:       rd_vfloats(r, c, v, vmap); break;
      case SN_EL_VSCALE:     rd_vfloats(r, c, v, vscale); break;
      case SN_EL_VRGBA:      rd_vfloats(r, c, v, vrgba); break;
      default:               break;
    }
    rd_check_used(r, c);
  }
  rd_check_used(r, node);
}
