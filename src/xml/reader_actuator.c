// Actuators: <general> and the shortcuts, each stored as the general actuator it amounts
// to. A shortcut starts from its class's general actuator (a shortcut inside a default
// class edits that same general actuator) and changes only what it implies; what each
// one changes was checked against MuJoCo 3.3.8 field by field:
//
//   motor       dyn none, gain fixed, bias none, gainprm[0] = 1
//   position    gain fixed, bias affine, gainprm[0] = kp, biasprm[1] = -kp,
//               biasprm[2] = -kv or +dampratio (only if given), timeconst (if given):
//               dynprm[0] = timeconst, dyn filterexact if > 0 else none
//   velocity    dyn none, gain fixed, bias affine, gainprm[0] = kv, biasprm = (0, 0, -kv)
//   intvelocity dyn integrator, gain fixed, bias affine, gainprm[0] = kp,
//               biasprm[1] = -kp, biasprm[2] as position, actlimited
//   damper      dyn none, gain affine, gainprm = (0, 0, -kv), bias none, ctrllimited
//   cylinder    dyn filter, gain fixed, bias affine; timeconst -> dynprm[0],
//               area or diameter -> gainprm[0], bias[0] -> biasprm[0] (MuJoCo copies
//               only the first bias value)
//   muscle      dyn/gain/bias muscle, see rd_muscle
//   adhesion    gain fixed, bias none, gainprm[0] = gain, ctrllimited, see rd_adhesion
//
// kp defaults to gainprm[0], velocity's kv to gainprm[0], damper's kv to 0. motor,
// velocity and damper cancel an inherited inheritrange; cylinder keeps it.
#include <string.h>

#include "xml/reader.h"

static void rd_kv_dampratio(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double kv = 0, dampratio = 0;
  int has_kv = rd_real(r, node, "kv", &kv);
  int has_dr = rd_real(r, node, "dampratio", &dampratio);
  if (has_kv && has_dr) {
    rd_fail(r, node, "dampratio", "kv and dampratio cannot both be defined");
  }
  if (has_kv) {
    if (kv < 0) {
      rd_fail(r, node, "kv", "kv cannot be negative");
    }
    a->biasprm[2] = -kv;
  }
  if (has_dr) {
    if (dampratio < 0) {
      rd_fail(r, node, "dampratio", "dampratio cannot be negative");
    }
    a->biasprm[2] = dampratio;  // positive: a damping ratio, resolved by the compiler
  }
}

static void rd_inheritrange(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double v;
  if (rd_real(r, node, "inheritrange", &v)) {
    a->inheritrange_scale = v;
  }
  a->inheritrange = a->inheritrange_scale > 0;
}

static void rd_no_inheritrange(sn_actuator* a) {
  a->inheritrange = 0;
  a->inheritrange_scale = 0;
}

static void rd_position(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double kp = a->gainprm[0], tc;
  rd_real(r, node, "kp", &kp);
  a->gaintype = mjGAIN_FIXED;
  a->biastype = mjBIAS_AFFINE;
  a->gainprm[0] = kp;
  a->biasprm[1] = -kp;
  rd_kv_dampratio(r, node, a);
  if (rd_real(r, node, "timeconst", &tc)) {
    if (tc < 0) {
      rd_fail(r, node, "timeconst", "timeconst cannot be negative");
    }
    a->dynprm[0] = tc;
    a->dyntype = tc > 0 ? mjDYN_FILTEREXACT : mjDYN_NONE;
  }
  rd_inheritrange(r, node, a);
  if (a->inheritrange && (a->ctrlrange[0] != 0 || a->ctrlrange[1] != 0)) {
    rd_fail(r, node, sn_xml_find(node, "inheritrange") ? "inheritrange" : "ctrlrange",
            "ctrlrange and inheritrange cannot both be defined");
  }
}

static void rd_intvelocity(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double kp = a->gainprm[0];
  rd_real(r, node, "kp", &kp);
  a->dyntype = mjDYN_INTEGRATOR;
  a->gaintype = mjGAIN_FIXED;
  a->biastype = mjBIAS_AFFINE;
  a->gainprm[0] = kp;
  a->biasprm[1] = -kp;
  rd_kv_dampratio(r, node, a);
  a->actlimited = SN_TRUE;
  rd_inheritrange(r, node, a);
  if (a->inheritrange && (a->actrange[0] != 0 || a->actrange[1] != 0)) {
    rd_fail(r, node, sn_xml_find(node, "inheritrange") ? "inheritrange" : "actrange",
            "actrange and inheritrange cannot both be defined");
  }
}

static void rd_velocity(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double kv = a->gainprm[0];
  rd_real(r, node, "kv", &kv);
  a->dyntype = mjDYN_NONE;
  a->gaintype = mjGAIN_FIXED;
  a->biastype = mjBIAS_AFFINE;
  a->gainprm[0] = kv;
  memset(a->biasprm, 0, sizeof(a->biasprm));
  a->biasprm[2] = -kv;
  rd_no_inheritrange(a);
}

static void rd_damper(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double kv = 0;
  rd_real(r, node, "kv", &kv);
  if (kv < 0) {
    rd_fail(r, node, "kv", "damping coefficient cannot be negative");
  }
  a->dyntype = mjDYN_NONE;
  a->gaintype = mjGAIN_AFFINE;
  a->biastype = mjBIAS_NONE;
  memset(a->gainprm, 0, sizeof(a->gainprm));
  a->gainprm[2] = -kv;
  a->ctrllimited = SN_TRUE;
  rd_no_inheritrange(a);
  if (a->ctrlrange[0] < 0 || a->ctrlrange[1] < 0) {
    rd_fail(r, node, "ctrlrange", "damper control range cannot be negative");
  }
}

static void rd_cylinder(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  double v, bias[3];
  a->dyntype = mjDYN_FILTER;
  a->gaintype = mjGAIN_FIXED;
  a->biastype = mjBIAS_AFFINE;
  if (rd_real(r, node, "timeconst", &v)) {
    a->dynprm[0] = v;
  }
  if (rd_real(r, node, "area", &v)) {
    a->gainprm[0] = v;
  }
  if (rd_real(r, node, "diameter", &v)) {
    a->gainprm[0] = 3.14159265358979323846 / 4 * v * v;
  }
  if (rd_reals(r, node, "bias", bias)) {
    a->biasprm[0] = bias[0];
  }
}

// The transmission target: at most one of the target attributes.
static void rd_transmission(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  static const char* targets[] = {"joint", "jointinparent", "tendon", "site", "body",
                                  "cranksite"};
  int count = 0;
  for (int i = 0; i < 6; i++) {
    count += sn_xml_find(node, targets[i]) != NULL;
  }
  if (count > 1) {
    rd_fail(r, node, NULL, "an actuator can have at most one transmission target");
  }
  if (rd_string(r, node, "joint", &a->target)) {
    a->trntype = mjTRN_JOINT;
  }
  if (rd_string(r, node, "jointinparent", &a->target)) {
    a->trntype = mjTRN_JOINTINPARENT;
  }
  if (rd_string(r, node, "tendon", &a->target)) {
    a->trntype = mjTRN_TENDON;
  }
  if (rd_string(r, node, "site", &a->target)) {
    a->trntype = mjTRN_SITE;
  }
  if (rd_string(r, node, "body", &a->target)) {
    a->trntype = mjTRN_BODY;
  }
  if (rd_string(r, node, "cranksite", &a->target)) {
    a->trntype = mjTRN_SLIDERCRANK;
  }
  rd_string(r, node, "refsite", &a->refsite);
  rd_string(r, node, "slidersite", &a->slidersite);
}

// Muscle: dynprm = (timeconst[2], tausmooth), gainprm = biasprm = (range[2], force,
// scale, lmin, lmax, vmax, fpmax, fvmax). Inherited values still equal to the general
// actuator's defaults (dynprm 1 0 0, gainprm 1 0 ...) become the muscle defaults first;
// the attributes given then override them (so force="0" stays 0).
static void rd_muscle(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  static const double dyndef[3] = {0.01, 0.04, 0};
  static const double gaindef[9] = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
  static const char* names[7] = {"force", "scale", "lmin", "lmax", "vmax", "fpmax", "fvmax"};
  a->dyntype = mjDYN_MUSCLE;
  a->gaintype = mjGAIN_MUSCLE;
  a->biastype = mjBIAS_MUSCLE;
  for (int k = 0; k < 3; k++) {
    if (a->dynprm[k] == (k == 0 ? 1 : 0)) {
      a->dynprm[k] = dyndef[k];
    }
  }
  for (int k = 0; k < 9; k++) {
    if (a->gainprm[k] == (k == 0 ? 1 : 0)) {
      a->gainprm[k] = gaindef[k];
    }
  }
  double v2[2], v;
  if (rd_reals(r, node, "timeconst", v2)) {
    a->dynprm[0] = v2[0];
    a->dynprm[1] = v2[1];
  }
  if (rd_real(r, node, "tausmooth", &v)) {
    if (v < 0) {
      rd_fail(r, node, "tausmooth", "muscle tausmooth cannot be negative");
    }
    a->dynprm[2] = v;
  }
  if (rd_reals(r, node, "range", v2)) {
    a->gainprm[0] = v2[0];
    a->gainprm[1] = v2[1];
  }
  for (int k = 0; k < 7; k++) {
    rd_real(r, node, names[k], &a->gainprm[2 + k]);
  }
  memcpy(a->biasprm, a->gainprm, sizeof(a->biasprm));
}

// Adhesion: a fixed gain (gainprm[0], "gain") on a body transmission, no bias, always
// control-limited with a nonnegative range; the dynamics are left as inherited.
static void rd_adhesion(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  if (rd_real(r, node, "gain", &a->gainprm[0]) && a->gainprm[0] < 0) {
    rd_fail(r, node, "gain", "adhesion gain cannot be negative");
  }
  a->gaintype = mjGAIN_FIXED;
  a->biastype = mjBIAS_NONE;
  a->ctrllimited = SN_TRUE;
  rd_no_inheritrange(a);
  if (a->ctrlrange[0] < 0 || a->ctrlrange[1] < 0) {
    rd_fail(r, node, "ctrlrange", "adhesion control range cannot be negative");
  }
}

void rd_actuator_attrs(sn_reader* r, const sn_xml_node* node, sn_actuator* a) {
  int v;
  rd_int(r, node, "group", &a->group);
  if (rd_keyword(r, node, "ctrllimited", &v)) {
    a->ctrllimited = (sn_tristate)v;
  }
  if (rd_keyword(r, node, "forcelimited", &v)) {
    a->forcelimited = (sn_tristate)v;
  }
  if (rd_keyword(r, node, "actlimited", &v)) {
    a->actlimited = (sn_tristate)v;
  }
  rd_reals(r, node, "ctrlrange", a->ctrlrange);
  rd_reals(r, node, "forcerange", a->forcerange);
  rd_reals(r, node, "actrange", a->actrange);
  rd_reals(r, node, "lengthrange", a->lengthrange);
  rd_reals(r, node, "gear", a->gear);
  rd_real(r, node, "cranklength", &a->cranklength);
  rd_numlist(r, node, "user", &a->user);
  rd_transmission(r, node, a);
  rd_int(r, node, "actdim", &a->actdim);
  rd_keyword(r, node, "dyntype", &a->dyntype);
  rd_keyword(r, node, "gaintype", &a->gaintype);
  rd_keyword(r, node, "biastype", &a->biastype);
  rd_reals(r, node, "dynprm", a->dynprm);
  rd_reals(r, node, "gainprm", a->gainprm);
  rd_reals(r, node, "biasprm", a->biasprm);
  rd_keyword(r, node, "actearly", &a->actearly);

  switch (node->kind) {
    case SN_EL_MOTOR:
      a->dyntype = mjDYN_NONE;
      a->gaintype = mjGAIN_FIXED;
      a->biastype = mjBIAS_NONE;
      a->gainprm[0] = 1;
      rd_no_inheritrange(a);
      break;
    case SN_EL_POSITION:    rd_position(r, node, a); break;
    case SN_EL_VELOCITY:    rd_velocity(r, node, a); break;
    case SN_EL_INTVELOCITY: rd_intvelocity(r, node, a); break;
    case SN_EL_DAMPER:      rd_damper(r, node, a); break;
    case SN_EL_CYLINDER:    rd_cylinder(r, node, a); break;
    case SN_EL_MUSCLE:      rd_muscle(r, node, a); break;
    case SN_EL_ADHESION:    rd_adhesion(r, node, a); break;
    default:                break;
  }
}

void rd_actuators(sn_reader* r, const sn_xml_node* node) {
  for (const sn_xml_node* c = node->child; c; c = c->next) {
    const sn_defclass* cls = rd_class(r, c, 0);
    sn_actuator* a =
        (sn_actuator*)sn_spec_append(r->spec, &r->spec->actuators, sizeof(sn_actuator));
    *a = cls->actuator;
    rd_string(r, c, "name", &a->name);
    rd_actuator_attrs(r, c, a);
    // the secondary transmission attributes belong to one target kind each (checked
    // on the element itself: a class may carry a cranklength for slider-cranks)
    if (sn_xml_find(c, "refsite") && !sn_xml_find(c, "site")) {
      rd_fail(r, c, "refsite", "refsite can only be used with site transmission");
    }
    if ((sn_xml_find(c, "cranklength") || sn_xml_find(c, "slidersite")) &&
        !sn_xml_find(c, "cranksite")) {
      rd_fail(r, c, sn_xml_find(c, "slidersite") ? "slidersite" : "cranklength",
              "cranklength and slidersite can only be used in slidercrank transmission");
    }
    a->element = sn_spec_strdup(r->spec, c->name);
    a->loc.file = sn_spec_strdup(r->spec, c->file);
    a->loc.line = c->line;
    a->loc.column = c->column;
    a->loc.element = a->element;
    rd_check_later(r, c, "actuator/general", "dyntype", a->dyntype);
    rd_check_later(r, c, "actuator/general", "gaintype", a->gaintype);
    rd_check_later(r, c, "actuator/general", "biastype", a->biastype);
    rd_check_used(r, c);
  }
}
