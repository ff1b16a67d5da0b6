// Attributes of the kinematic-tree elements (joint, geom, site, camera, light). The same
// functions read a default class's dummy element and a real element on top of its
// class, so an attribute absent from the text keeps the inherited value.
#include <math.h>
#include <string.h>

#include "xml/reader.h"

void rd_joint_attrs(sn_reader* r, const sn_xml_node* node, sn_joint* j) {
  rd_keyword(r, node, "type", &j->type);
  rd_int(r, node, "group", &j->group);
  rd_reals(r, node, "pos", j->pos);
  rd_reals(r, node, "axis", j->axis);
  rd_reals(r, node, "springdamper", j->springdamper);
  rd_reals(r, node, "solreflimit", j->solref_limit);
  rd_reals(r, node, "solimplimit", j->solimp_limit);
  rd_reals(r, node, "solreffriction", j->solref_friction);
  rd_reals(r, node, "solimpfriction", j->solimp_friction);
  rd_real(r, node, "stiffness", &j->stiffness);
  rd_reals(r, node, "range", j->range);
  int v;
  if (rd_keyword(r, node, "limited", &v)) {
    j->limited = (sn_tristate)v;
  }
  rd_reals(r, node, "actuatorfrcrange", j->actfrcrange);
  if (rd_keyword(r, node, "actuatorfrclimited", &v)) {
    j->actfrclimited = (sn_tristate)v;
  }
  rd_keyword(r, node, "actuatorgravcomp", &j->actgravcomp);
  rd_real(r, node, "margin", &j->margin);
  rd_real(r, node, "ref", &j->ref);
  rd_real(r, node, "springref", &j->springref);
  rd_real(r, node, "armature", &j->armature);
  rd_real(r, node, "damping", &j->damping);
  rd_real(r, node, "frictionloss", &j->frictionloss);
  rd_numlist(r, node, "user", &j->user);
}

void rd_geom_attrs(sn_reader* r, const sn_xml_node* node, sn_geom* g, sn_xorient* o) {
  rd_keyword(r, node, "type", &g->type);
  rd_int(r, node, "contype", &g->contype);
  rd_int(r, node, "conaffinity", &g->conaffinity);
  rd_int(r, node, "condim", &g->condim);
  rd_int(r, node, "group", &g->group);
  rd_int(r, node, "priority", &g->priority);
  rd_reals(r, node, "size", g->size);
  rd_string(r, node, "material", &g->material);
  rd_floats(r, node, "rgba", g->rgba);
  rd_reals(r, node, "friction", g->friction);
  double mass;
  if (rd_real(r, node, "mass", &mass)) {
    // MuJoCo keeps an undefined mass as NaN, so "nan" means "use the density"
    g->has_mass = !isnan(mass);
    g->mass = isnan(mass) ? -1 : mass;
  }
  rd_real(r, node, "density", &g->density);
  rd_keyword(r, node, "shellinertia", &g->shellinertia);
  rd_real(r, node, "solmix", &g->solmix);
  rd_reals(r, node, "solref", g->solref);
  rd_reals(r, node, "solimp", g->solimp);
  rd_real(r, node, "margin", &g->margin);
  rd_real(r, node, "gap", &g->gap);
  if (rd_reals(r, node, "fromto", g->fromto)) {
    g->has_fromto = 1;
  }
  rd_reals(r, node, "pos", g->pos);
  rd_orient(r, node, o);
  rd_string(r, node, "mesh", &g->mesh);      // a default class may name one
  rd_string(r, node, "hfield", &g->hfield);
  rd_real(r, node, "fitscale", &g->fitscale);
  rd_keyword(r, node, "fluidshape", &g->fluidshape);
  rd_reals(r, node, "fluidcoef", g->fluidcoef);
  rd_numlist(r, node, "user", &g->user);
}

void rd_site_attrs(sn_reader* r, const sn_xml_node* node, sn_site* s, sn_xorient* o) {
  rd_keyword(r, node, "type", &s->type);
  rd_int(r, node, "group", &s->group);
  rd_string(r, node, "material", &s->material);
  rd_floats(r, node, "rgba", s->rgba);
  rd_reals(r, node, "size", s->size);
  if (rd_reals(r, node, "fromto", s->fromto)) {
    s->has_fromto = 1;
  }
  rd_reals(r, node, "pos", s->pos);
  rd_orient(r, node, o);
  rd_numlist(r, node, "user", &s->user);
}

void rd_camera_attrs(sn_reader* r, const sn_xml_node* node, sn_camera* c, sn_xorient* o,
                     int* resolution_set) {
  rd_keyword(r, node, "mode", &c->mode);
  rd_string(r, node, "target", &c->target);
  rd_keyword(r, node, "orthographic", &c->orthographic);
  rd_real(r, node, "fovy", &c->fovy);
  if (rd_ints(r, node, "resolution", c->resolution)) {
    *resolution_set = 1;
  }
  rd_floats(r, node, "focal", c->focal);
  rd_floats(r, node, "focalpixel", c->focalpixel);
  rd_floats(r, node, "principal", c->principal);
  rd_floats(r, node, "principalpixel", c->principalpixel);
  rd_floats(r, node, "sensorsize", c->sensorsize);
  rd_real(r, node, "ipd", &c->ipd);
  rd_reals(r, node, "pos", c->pos);
  rd_orient(r, node, o);
  rd_numlist(r, node, "user", &c->user);
}

void rd_light_attrs(sn_reader* r, const sn_xml_node* node, sn_light* l) {
  rd_keyword(r, node, "mode", &l->mode);
  rd_string(r, node, "target", &l->target);
  if (sn_xml_find(node, "type") && sn_xml_find(node, "directional")) {
    rd_fail(r, node, "directional", "type and directional cannot both be defined");
  }
  rd_keyword(r, node, "type", &l->type);
  int directional;
  if (rd_keyword(r, node, "directional", &directional)) {
    l->type = directional ? mjLIGHT_DIRECTIONAL : mjLIGHT_SPOT;
  }
  rd_keyword(r, node, "castshadow", &l->castshadow);
  rd_keyword(r, node, "active", &l->active);
  rd_reals(r, node, "pos", l->pos);
  rd_reals(r, node, "dir", l->dir);
  rd_floats(r, node, "diffuse", l->diffuse);
  rd_string(r, node, "texture", &l->texture);
  rd_floats(r, node, "intensity", &l->intensity);
  rd_floats(r, node, "ambient", l->ambient);
  rd_floats(r, node, "specular", l->specular);
  rd_floats(r, node, "range", &l->range);
  rd_floats(r, node, "bulbradius", &l->bulbradius);
  rd_floats(r, node, "attenuation", l->attenuation);
  rd_floats(r, node, "cutoff", &l->cutoff);
  rd_floats(r, node, "exponent", &l->exponent);
}

void rd_material_attrs(sn_reader* r, const sn_xml_node* node, sn_material* m) {
  rd_string(r, node, "texture", &m->textures[mjTEXROLE_RGB]);
  rd_floats(r, node, "texrepeat", m->texrepeat);
  rd_keyword(r, node, "texuniform", &m->texuniform);
  rd_floats(r, node, "emission", &m->emission);
  rd_floats(r, node, "specular", &m->specular);
  rd_floats(r, node, "shininess", &m->shininess);
  rd_floats(r, node, "reflectance", &m->reflectance);
  rd_floats(r, node, "metallic", &m->metallic);
  rd_floats(r, node, "roughness", &m->roughness);
  rd_floats(r, node, "rgba", m->rgba);
}
