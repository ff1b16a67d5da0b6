// Object names: lookup by name and by id for every named mjtObj type.
#include <string.h>

#include <mujoco/mujoco.h>

// Address array and count of the names of one object type, or NULL if the type
// has no names.
static const int* sn_name_table(const mjModel* m, int type, int* count) {
  switch (type) {
    case mjOBJ_BODY:
    case mjOBJ_XBODY:    *count = m->nbody;    return m->name_bodyadr;
    case mjOBJ_JOINT:    *count = m->njnt;     return m->name_jntadr;
    case mjOBJ_GEOM:     *count = m->ngeom;    return m->name_geomadr;
    case mjOBJ_SITE:     *count = m->nsite;    return m->name_siteadr;
    case mjOBJ_CAMERA:   *count = m->ncam;     return m->name_camadr;
    case mjOBJ_LIGHT:    *count = m->nlight;   return m->name_lightadr;
    case mjOBJ_FLEX:     *count = m->nflex;    return m->name_flexadr;
    case mjOBJ_MESH:     *count = m->nmesh;    return m->name_meshadr;
    case mjOBJ_SKIN:     *count = m->nskin;    return m->name_skinadr;
    case mjOBJ_HFIELD:   *count = m->nhfield;  return m->name_hfieldadr;
    case mjOBJ_TEXTURE:  *count = m->ntex;     return m->name_texadr;
    case mjOBJ_MATERIAL: *count = m->nmat;     return m->name_matadr;
    case mjOBJ_PAIR:     *count = m->npair;    return m->name_pairadr;
    case mjOBJ_EXCLUDE:  *count = m->nexclude; return m->name_excludeadr;
    case mjOBJ_EQUALITY: *count = m->neq;      return m->name_eqadr;
    case mjOBJ_TENDON:   *count = m->ntendon;  return m->name_tendonadr;
    case mjOBJ_ACTUATOR: *count = m->nu;       return m->name_actuatoradr;
    case mjOBJ_SENSOR:   *count = m->nsensor;  return m->name_sensoradr;
    case mjOBJ_NUMERIC:  *count = m->nnumeric; return m->name_numericadr;
    case mjOBJ_TEXT:     *count = m->ntext;    return m->name_textadr;
    case mjOBJ_TUPLE:    *count = m->ntuple;   return m->name_tupleadr;
    case mjOBJ_KEY:      *count = m->nkey;     return m->name_keyadr;
    case mjOBJ_PLUGIN:   *count = m->nplugin;  return m->name_pluginadr;
    default:             *count = 0;           return NULL;
  }
}

int mj_name2id(const mjModel* m, int type, const char* name) {
  int count = 0;
  const int* adr = sn_name_table(m, type, &count);
  if (!adr || !name || !name[0]) {
    return -1;
  }
  for (int i = 0; i < count; i++) {
    if (!strcmp(m->names + adr[i], name)) {
      return i;
    }
  }
  return -1;
}

const char* mj_id2name(const mjModel* m, int type, int id) {
  int count = 0;
  const int* adr = sn_name_table(m, type, &count);
  if (!adr || id < 0 || id >= count) {
    return NULL;
  }
  const char* name = m->names + adr[id];
  return name[0] ? name : NULL;
}
