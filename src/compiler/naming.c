// Names: the model's names buffer, the per-type address arrays and the hash map used
// for fast lookup by name (names_map).
#include <limits.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Slots of the hash table per element (MuJoCo's load factor of 1/2).
#define SN_NAMES_MULTIPLE 2

// One object type: its element count, name getter and address array.
typedef struct {
  int objtype;
  int count;
  int* adr;
} sn_nametype;

// Name of element id of a type in compiled order ("" if unnamed).
static const char* sn_name_of(sn_ctx* c, int objtype, int id) {
  sn_spec* s = c->spec;
  switch (objtype) {
    case mjOBJ_BODY: return SN_AT(s, bodies, sn_body, c->spec_of_body[id]).name;
    case mjOBJ_JOINT: return SN_AT(s, joints, sn_joint, c->jnt_order[id]).name;
    case mjOBJ_GEOM: return SN_AT(s, geoms, sn_geom, c->geom_order[id]).name;
    case mjOBJ_SITE: return SN_AT(s, sites, sn_site, c->site_order[id]).name;
    case mjOBJ_CAMERA: return SN_AT(s, cameras, sn_camera, c->cam_order[id]).name;
    case mjOBJ_LIGHT: return SN_AT(s, lights, sn_light, c->light_order[id]).name;
    case mjOBJ_MESH: return SN_AT(s, meshes, sn_mesh, id).name;
    case mjOBJ_HFIELD: return SN_AT(s, hfields, sn_hfield, id).name;
    case mjOBJ_TEXTURE: return SN_AT(s, textures, sn_texture, id).name;
    case mjOBJ_MATERIAL: return SN_AT(s, materials, sn_material, id).name;
    case mjOBJ_PAIR: return SN_AT(s, pairs, sn_pair, c->pair_order[id]).name;
    case mjOBJ_EXCLUDE: return SN_AT(s, excludes, sn_exclude, c->exclude_order[id]).name;
    case mjOBJ_EQUALITY: return SN_AT(s, equalities, sn_equality, id).name;
    case mjOBJ_TENDON: return SN_AT(s, tendons, sn_tendon, id).name;
    case mjOBJ_ACTUATOR: return SN_AT(s, actuators, sn_actuator, id).name;
    case mjOBJ_SENSOR: return SN_AT(s, sensors, sn_sensor, id).name;
    case mjOBJ_NUMERIC: return SN_AT(s, numerics, sn_numeric, id).name;
    case mjOBJ_TEXT: return SN_AT(s, texts, sn_text, id).name;
    case mjOBJ_TUPLE: return SN_AT(s, tuples, sn_tuple, id).name;
    case mjOBJ_KEY: return id < SN_COUNT(s, keys) ? SN_AT(s, keys, sn_key, id).name : "";
    default: return "";
  }
}

// Source location of element id of a type in compiled order (NULL if unknown).
static const sn_srcloc* sn_loc_of(sn_ctx* c, int objtype, int id) {
  sn_spec* s = c->spec;
  switch (objtype) {
    case mjOBJ_BODY: return &SN_AT(s, bodies, sn_body, c->spec_of_body[id]).loc;
    case mjOBJ_JOINT: return &SN_AT(s, joints, sn_joint, c->jnt_order[id]).loc;
    case mjOBJ_GEOM: return &SN_AT(s, geoms, sn_geom, c->geom_order[id]).loc;
    case mjOBJ_SITE: return &SN_AT(s, sites, sn_site, c->site_order[id]).loc;
    case mjOBJ_CAMERA: return &SN_AT(s, cameras, sn_camera, c->cam_order[id]).loc;
    case mjOBJ_LIGHT: return &SN_AT(s, lights, sn_light, c->light_order[id]).loc;
    case mjOBJ_MESH: return &SN_AT(s, meshes, sn_mesh, id).loc;
    case mjOBJ_HFIELD: return &SN_AT(s, hfields, sn_hfield, id).loc;
    case mjOBJ_TEXTURE: return &SN_AT(s, textures, sn_texture, id).loc;
    case mjOBJ_MATERIAL: return &SN_AT(s, materials, sn_material, id).loc;
    case mjOBJ_PAIR: return &SN_AT(s, pairs, sn_pair, c->pair_order[id]).loc;
    case mjOBJ_EXCLUDE: return &SN_AT(s, excludes, sn_exclude, c->exclude_order[id]).loc;
    case mjOBJ_EQUALITY: return &SN_AT(s, equalities, sn_equality, id).loc;
    case mjOBJ_TENDON: return &SN_AT(s, tendons, sn_tendon, id).loc;
    case mjOBJ_ACTUATOR: return &SN_AT(s, actuators, sn_actuator, id).loc;
    case mjOBJ_SENSOR: return &SN_AT(s, sensors, sn_sensor, id).loc;
    case mjOBJ_NUMERIC: return &SN_AT(s, numerics, sn_numeric, id).loc;
    case mjOBJ_TEXT: return &SN_AT(s, texts, sn_text, id).loc;
    case mjOBJ_TUPLE: return &SN_AT(s, tuples, sn_tuple, id).loc;
    case mjOBJ_KEY: return id < SN_COUNT(s, keys) ? &SN_AT(s, keys, sn_key, id).loc : NULL;
    default: return NULL;
  }
}

// The named types in the order of mjModel's name_*adr arrays.
static int sn_nametypes(sn_ctx* c, mjModel* m, sn_nametype* t) {
  sn_spec* s = c->spec;
  int n = 0;
#define T(type, cnt, arr)             \
  t[n].objtype = type;                \
  t[n].count = cnt;                   \
  t[n].adr = m ? m->arr : NULL;       \
  n++;
  T(mjOBJ_BODY, SN_COUNT(s, bodies), name_bodyadr)
  T(mjOBJ_JOINT, SN_COUNT(s, joints), name_jntadr)
  T(mjOBJ_GEOM, SN_COUNT(s, geoms), name_geomadr)
  T(mjOBJ_SITE, SN_COUNT(s, sites), name_siteadr)
  T(mjOBJ_CAMERA, SN_COUNT(s, cameras), name_camadr)
  T(mjOBJ_LIGHT, SN_COUNT(s, lights), name_lightadr)
  T(mjOBJ_MESH, SN_COUNT(s, meshes), name_meshadr)
  T(mjOBJ_HFIELD, SN_COUNT(s, hfields), name_hfieldadr)
  T(mjOBJ_TEXTURE, SN_COUNT(s, textures), name_texadr)
  T(mjOBJ_MATERIAL, SN_COUNT(s, materials), name_matadr)
  T(mjOBJ_PAIR, SN_COUNT(s, pairs), name_pairadr)
  T(mjOBJ_EXCLUDE, SN_COUNT(s, excludes), name_excludeadr)
  T(mjOBJ_EQUALITY, SN_COUNT(s, equalities), name_eqadr)
  T(mjOBJ_TENDON, SN_COUNT(s, tendons), name_tendonadr)
  T(mjOBJ_ACTUATOR, SN_COUNT(s, actuators), name_actuatoradr)
  T(mjOBJ_SENSOR, SN_COUNT(s, sensors), name_sensoradr)
  T(mjOBJ_NUMERIC, SN_COUNT(s, numerics), name_numericadr)
  T(mjOBJ_TEXT, SN_COUNT(s, texts), name_textadr)
  T(mjOBJ_TUPLE, SN_COUNT(s, tuples), name_tupleadr)
  // <size nkey> adds unnamed keyframes after the written ones
  T(mjOBJ_KEY, SN_COUNT(s, keys) > s->size.nkey ? SN_COUNT(s, keys) : s->size.nkey, name_keyadr)
#undef T
  return n;
}

int sn_names_size(sn_ctx* c, int* nnames, int* nnames_map) {
  sn_nametype t[32];
  int nt = sn_nametypes(c, NULL, t);
  long long total = (long long)strlen(c->spec->modelname) + 1, map = 0;
  for (int k = 0; k < nt; k++) {
    // the keyframes <size nkey> adds beyond the written ones are unnamed: one byte each,
    // counted without visiting them (nkey may be absurdly large)
    int named = t[k].count;
    if (t[k].objtype == mjOBJ_KEY && named > SN_COUNT(c->spec, keys)) {
      total += named - SN_COUNT(c->spec, keys);
      named = SN_COUNT(c->spec, keys);
    }
    for (int i = 0; i < named; i++) {
      total += (long long)strlen(sn_name_of(c, t[k].objtype, i)) + 1;
    }
    map += (long long)SN_NAMES_MULTIPLE * t[k].count;
  }
  if (total > INT_MAX || map > INT_MAX) {
    return sn_cerr(c, NULL, "model too large: %lld bytes of names, %lld name map entries",
                   total, map);
  }
  *nnames = (int)total;
  *nnames_map = (int)map;
  return 1;
}

// djb2 with xor (h = 33 h ^ c), the string hash of MuJoCo's names_map (matched against
// 3.3.8's tables).
static unsigned long long sn_hash(const char* s) {
  unsigned long long h = 5381;
  for (; *s; s++) {
    h = (h * 33) ^ (unsigned char)*s;
  }
  return h;
}

int sn_compile_names(sn_ctx* c) {
  mjModel* m = c->m;
  sn_nametype t[32];
  int nt = sn_nametypes(c, m, t);
  size_t pos = strlen(c->spec->modelname) + 1;
  memcpy(m->names, c->spec->modelname, pos);
  int mapadr = 0;
  for (int k = 0; k < nt; k++) {
    int size = SN_NAMES_MULTIPLE * t[k].count;
    int* map = m->names_map + mapadr;
    for (int i = 0; i < size; i++) {
      map[i] = -1;
    }
    for (int i = 0; i < t[k].count; i++) {
      const char* name = sn_name_of(c, t[k].objtype, i);
      size_t len = strlen(name) + 1;
      t[k].adr[i] = (int)pos;
      memcpy(m->names + pos, name, len);
      pos += len;
      if (!name[0]) {
        continue;
      }
      // duplicate names of one type are an error
      unsigned long long h = sn_hash(name) % (unsigned long long)size;
      for (int probe = 0; probe < size; probe++) {
        int slot = (int)((h + (unsigned long long)probe) % (unsigned long long)size);
        if (map[slot] < 0) {
          map[slot] = i;
          break;
        }
        if (!strcmp(m->names + t[k].adr[map[slot]], name)) {
          // reported at the later element, in document order
          int first = map[slot], second = i;
          const sn_srcloc* a = sn_loc_of(c, t[k].objtype, first);
          const sn_srcloc* b = sn_loc_of(c, t[k].objtype, second);
          if (a && b && a->file && b->file && !strcmp(a->file, b->file) &&
              (a->line > b->line || (a->line == b->line && a->column > b->column))) {
            const sn_srcloc* tmp = a;
            a = b;
            b = tmp;
          }
          const char* type = mju_type2Str(t[k].objtype);
          if (a && a->file && a->file[0]) {
            return sn_cerr_attr(c, b, "name", "repeated name '%s' in %s (first used at %s:%d:%d)",
                                name, type ? type : "?", a->file, a->line, a->column);
          }
          return sn_cerr_attr(c, b, "name", "repeated name '%s' in %s", name,
                              type ? type : "?");
        }
      }
    }
    mapadr += size;
  }
  return 1;
}

int sn_find_name(sn_ctx* c, int objtype, const char* name) {
  if (!name || !name[0]) {
    return -1;
  }
  int n = 0;
  sn_spec* s = c->spec;
  switch (objtype) {
    case mjOBJ_BODY: n = SN_COUNT(s, bodies); break;
    case mjOBJ_JOINT: n = SN_COUNT(s, joints); break;
    case mjOBJ_GEOM: n = SN_COUNT(s, geoms); break;
    case mjOBJ_SITE: n = SN_COUNT(s, sites); break;
    case mjOBJ_CAMERA: n = SN_COUNT(s, cameras); break;
    case mjOBJ_LIGHT: n = SN_COUNT(s, lights); break;
    case mjOBJ_MESH: n = SN_COUNT(s, meshes); break;
    case mjOBJ_HFIELD: n = SN_COUNT(s, hfields); break;
    case mjOBJ_TEXTURE: n = SN_COUNT(s, textures); break;
    case mjOBJ_MATERIAL: n = SN_COUNT(s, materials); break;
    case mjOBJ_PAIR: n = SN_COUNT(s, pairs); break;
    case mjOBJ_EXCLUDE: n = SN_COUNT(s, excludes); break;
    case mjOBJ_EQUALITY: n = SN_COUNT(s, equalities); break;
    case mjOBJ_TENDON: n = SN_COUNT(s, tendons); break;
    case mjOBJ_ACTUATOR: n = SN_COUNT(s, actuators); break;
    case mjOBJ_SENSOR: n = SN_COUNT(s, sensors); break;
    case mjOBJ_NUMERIC: n = SN_COUNT(s, numerics); break;
    case mjOBJ_TEXT: n = SN_COUNT(s, texts); break;
    case mjOBJ_TUPLE: n = SN_COUNT(s, tuples); break;
    case mjOBJ_KEY: n = SN_COUNT(s, keys); break;
    default: return -1;
  }
  for (int i = 0; i < n; i++) {
    if (!strcmp(sn_name_of(c, objtype, i), name)) {
      return i;
    }
  }
  return -1;
}
