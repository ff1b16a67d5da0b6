// <sensor>: the compiled sensor arrays. Sensors keep document order; each resolves the
// object (and reference object) it names, gets the data type, computation stage and
// dimension 3.3.8 gives its type, and its slice of sensordata (sensor_adr, in order).
// Rules identified on MuJoCo 3.3.8 (tools/dump_model.mjs):
// - e_kinetic is computed at the position stage like e_potential (needstage pos).
// - rangefinder, touch and insidesite are "positive", framequat and ballquat
//   "quaternion", framex/y/zaxis and normal "axis", everything else "real".
// - joint sensors need a hinge or slide joint, ball sensors a ball joint, limit sensors
//   a limited joint or tendon; the two objects of a geometric sensor must differ.
// - user sensors: axis data has dimension 3, quaternion data 4.
// - a positive cutoff on axis or quaternion data is an error, except for the normal
//   sensor (its cutoff is the largest distance looked at).
// - a user sensor's objtype is any object type name; an unknown name means no object.
// - the contact sensor's intprm is (data field bitmask, reduce, num), its dimension num
//   times the size of the fields; a tactile sensor has three numbers per mesh vertex.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"
#include "compiler/mesh.h"
#include "engine/sensor/sensor_tactile.h"

// Data type, stage and dimension of a built-in sensor type (dim -1: depends on the
// element).
static void sn_sensor_kind(int type, int* datatype, int* stage, int* dim) {
  *datatype = mjDATATYPE_REAL;
  *dim = 1;
  switch (type) {
    case mjSENS_TOUCH:
      *datatype = mjDATATYPE_POSITIVE;
      *stage = mjSTAGE_ACC;
      return;
    case mjSENS_ACCELEROMETER:
    case mjSENS_FORCE:
    case mjSENS_TORQUE:
    case mjSENS_FRAMELINACC:
    case mjSENS_FRAMEANGACC:
      *stage = mjSTAGE_ACC;
      *dim = 3;
      return;
    case mjSENS_VELOCIMETER:
    case mjSENS_GYRO:
    case mjSENS_BALLANGVEL:
    case mjSENS_FRAMELINVEL:
    case mjSENS_FRAMEANGVEL:
    case mjSENS_SUBTREELINVEL:
    case mjSENS_SUBTREEANGMOM:
      *stage = mjSTAGE_VEL;
      *dim = 3;
      return;
    case mjSENS_MAGNETOMETER:
    case mjSENS_FRAMEPOS:
    case mjSENS_SUBTREECOM:
      *stage = mjSTAGE_POS;
      *dim = 3;
      return;
    case mjSENS_RANGEFINDER:
    case mjSENS_INSIDESITE:
      *datatype = mjDATATYPE_POSITIVE;
      *stage = mjSTAGE_POS;
      return;
    case mjSENS_CAMPROJECTION:
      *stage = mjSTAGE_POS;
      *dim = 2;
      return;
    case mjSENS_JOINTVEL:
    case mjSENS_TENDONVEL:
    case mjSENS_ACTUATORVEL:
    case mjSENS_JOINTLIMITVEL:
    case mjSENS_TENDONLIMITVEL:
      *stage = mjSTAGE_VEL;
      return;
    case mjSENS_ACTUATORFRC:
    case mjSENS_JOINTACTFRC:
    case mjSENS_TENDONACTFRC:
    case mjSENS_JOINTLIMITFRC:
    case mjSENS_TENDONLIMITFRC:
      *stage = mjSTAGE_ACC;
      return;
    case mjSENS_BALLQUAT:
    case mjSENS_FRAMEQUAT:
      *datatype = mjDATATYPE_QUATERNION;
      *stage = mjSTAGE_POS;
      *dim = 4;
      return;
    case mjSENS_FRAMEXAXIS:
    case mjSENS_FRAMEYAXIS:
    case mjSENS_FRAMEZAXIS:
    case mjSENS_GEOMNORMAL:
      *datatype = mjDATATYPE_AXIS;
      *stage = mjSTAGE_POS;
      *dim = 3;
      return;
    case mjSENS_GEOMFROMTO:
      *stage = mjSTAGE_POS;
      *dim = 6;
      return;
    case mjSENS_CONTACT:
    case mjSENS_TACTILE:
      *stage = mjSTAGE_ACC;
      *dim = -1;
      return;
    default:
      // positions of joints, tendons and actuators, limit positions, geometric
      // distance, energies and the clock
      *stage = mjSTAGE_POS;
      return;
  }
}

// Model id of a named object (XBODY names a body); -1 if unknown.
static int sn_sensor_find(sn_ctx* c, int objtype, const char* name) {
  return sn_find_name(c, objtype == mjOBJ_XBODY ? mjOBJ_BODY : objtype, name);
}

// The joint or tendon requirements of a sensor type on its object.
static int sn_sensor_check_object(sn_ctx* c, const sn_sensor* s, int id) {
  const mjModel* m = c->m;
  int type = s->type;
  if (s->objtype == mjOBJ_JOINT) {
    int jt = m->jnt_type[id];
    int scalar = jt == mjJNT_HINGE || jt == mjJNT_SLIDE;
    if ((type == mjSENS_JOINTPOS || type == mjSENS_JOINTVEL || type == mjSENS_JOINTACTFRC) &&
        !scalar) {
      return sn_cerr_attr(c, &s->loc, s->objattr, "joint must be slide or hinge in sensor");
    }
    if ((type == mjSENS_BALLQUAT || type == mjSENS_BALLANGVEL) && jt != mjJNT_BALL) {
      return sn_cerr_attr(c, &s->loc, s->objattr, "joint must be ball in sensor");
    }
    if (type >= mjSENS_JOINTLIMITPOS && type <= mjSENS_JOINTLIMITFRC && !m->jnt_limited[id]) {
      return sn_cerr_attr(c, &s->loc, s->objattr, "joint must be limited in sensor");
    }
  }
  if (s->objtype == mjOBJ_TENDON && type >= mjSENS_TENDONLIMITPOS &&
      type <= mjSENS_TENDONLIMITFRC && !m->tendon_limited[id]) {
    return sn_cerr_attr(c, &s->loc, s->objattr, "tendon must be limited in sensor");
  }
  return 1;
}

// Resolve object and reference of sensor id into the model arrays.
static int sn_sensor_objects(sn_ctx* c, int id, const sn_sensor* s) {
  mjModel* m = c->m;
  int objtype = s->objtype;
  if (s->type == mjSENS_USER) {
    objtype = s->usertype[0] ? mju_str2Type(s->usertype) : mjOBJ_UNKNOWN;
    if (objtype < 0) {
      objtype = mjOBJ_UNKNOWN;
    }
  }
  int objid = -1, refid = -1;
  if (objtype != mjOBJ_UNKNOWN) {
    objid = sn_sensor_find(c, objtype, s->objname);
    if (objid < 0) {
      return sn_cerr_attr(c, &s->loc, s->objattr, "unrecognized name '%s' of sensorized object",
                          s->objname);
    }
    if (!sn_sensor_check_object(c, s, objid)) {
      return 0;
    }
  }
  if (s->reftype != mjOBJ_UNKNOWN) {
    refid = sn_sensor_find(c, s->reftype, s->refname);
    if (refid < 0) {
      return sn_cerr_attr(c, &s->loc, s->refattr, "unrecognized name '%s' of object",
                          s->refname);
    }
  }
  if ((s->type == mjSENS_GEOMDIST || s->type == mjSENS_GEOMNORMAL ||
       s->type == mjSENS_GEOMFROMTO) && objtype == s->reftype && objid == refid) {
    return sn_cerr(c, &s->loc, "1st body/geom must be different from 2nd body/geom");
  }
  m->sensor_objtype[id] = objtype;
  m->sensor_objid[id] = objid;
  m->sensor_reftype[id] = s->reftype;
  m->sensor_refid[id] = refid;
  return 1;
}

int sn_sensor_sizes(sn_ctx* c, int* nsensordata) {
  long long total = 0;
  for (int i = 0; i < SN_COUNT(c->spec, sensors); i++) {
    const sn_sensor* s = &SN_AT(c->spec, sensors, sn_sensor, i);
    int datatype, stage, dim;
    sn_sensor_kind(s->type, &datatype, &stage, &dim);
    if (s->type == mjSENS_USER || s->type == mjSENS_CONTACT) {
      dim = s->dim;
    } else if (s->type == mjSENS_TACTILE) {
      // meshes are processed before the sizes are known
      int mesh = sn_mesh_find(c, s->objname);
      if (mesh < 0) {
        return sn_cerr_attr(c, &s->loc, "mesh", "unrecognized name '%s' of sensorized object",
                            s->objname);
      }
      dim = 3 * c->meshes[mesh].nvert;
    }
    if (s->noise < 0) {
      return sn_cerr_attr(c, &s->loc, "noise", "negative noise in sensor");
    }
    if (s->cutoff < 0) {
      return sn_cerr_attr(c, &s->loc, "cutoff", "negative cutoff in sensor");
    }
    if (dim < 0) {
      return sn_cerr_attr(c, &s->loc, "dim", "sensor dim must be non-negative in sensor");
    }
    total += dim;
    if (total > (1 << 30)) {
      return sn_cerr_attr(c, &s->loc, NULL, "model too large: more than 2^30 sensor values");
    }
  }
  *nsensordata = (int)total;
  return 1;
}

// Tactile sensors read the signed distance of the geoms their geom touches; refuse a
// sensor whose geom could touch an sdf geom (3.3.8 reads those through the sdf-plugin
// interface and stops with an error when the geom has no plugin). Conservative:
// contype/conaffinity, welded bodies and explicit pairs decide; parent filtering and
// excludes are not consulted.
static int sn_tactile_check(sn_ctx* c, const sn_sensor* s, int g) {
  const mjModel* m = c->m;
  for (int o = 0; o < m->ngeom; o++) {
    if (o == g || sn_tactile_supported_geom(m, o)) {
      continue;
    }
    int b1 = m->body_weldid[m->geom_bodyid[g]], b2 = m->body_weldid[m->geom_bodyid[o]];
    int touch = b1 != b2 && ((m->geom_contype[g] & m->geom_conaffinity[o]) ||
                             (m->geom_contype[o] & m->geom_conaffinity[g]));
    for (int p = 0; p < m->npair && !touch; p++) {
      int p1 = m->pair_geom1[p], p2 = m->pair_geom2[p];
      touch = (p1 == g && p2 == o) || (p1 == o && p2 == g);
    }
    if (touch) {
      return sn_cerr_attr(c, &s->loc, "geom",
                          "tactile sensor whose geom can touch an SDF geom is not supported "
                          "(MuJoCo 3.3.8 stops with an SDF plugin error at such a contact)");
    }
  }
  return 1;
}

// 3.3.8 refuses a tactile sensor when the body of the geom whose index equals the
// sensor's mesh index has no geom that collides (contype or conaffinity nonzero), with
// the touch sensor's message; a mesh index past the last geom passes.
static int sn_tactile_body_check(sn_ctx* c, const sn_sensor* s, int mesh) {
  const mjModel* m = c->m;
  if (mesh < 0 || mesh >= m->ngeom) {
    return 1;
  }
  int b = m->geom_bodyid[mesh];
  for (int k = 0; k < m->ngeom; k++) {
    if (m->geom_bodyid[k] == b && (m->geom_contype[k] || m->geom_conaffinity[k])) {
      return 1;
    }
  }
  return sn_cerr(c, &s->loc, "Touch sensor requires a body with at least one collision geom");
}

int sn_compile_sensors(sn_ctx* c) {
  mjModel* m = c->m;
  int adr = 0;
  for (int i = 0; i < m->nsensor; i++) {
    const sn_sensor* s = &SN_AT(c->spec, sensors, sn_sensor, i);
    int datatype, stage, dim;
    sn_sensor_kind(s->type, &datatype, &stage, &dim);
    if (s->type == mjSENS_USER) {
      datatype = s->datatype;
      stage = s->needstage;
      dim = s->dim;
    } else if (s->type == mjSENS_CONTACT) {
      dim = s->dim;
    } else if (s->type == mjSENS_TACTILE) {
      const sn_mesh_built* mb = &c->meshes[sn_mesh_find(c, s->objname)];
      dim = 3 * mb->nvert;
      // 3.3.8 reads three normals per vertex, past the mesh's own into the next meshes'
      // when it has fewer; past the last mesh normal it reads unknown memory
      if (m->mesh_normaladr[sn_mesh_find(c, s->objname)] + 3 * mb->nvert > m->nmeshnormal) {
        return sn_cerr_attr(c, &s->loc, "mesh", "tactile sensor mesh with fewer than three "
                            "normals per vertex, not followed by enough normals of later "
                            "meshes, is not supported (MuJoCo 3.3.8 reads past the last)");
      }
    }
    if (s->type == mjSENS_USER && datatype == mjDATATYPE_AXIS && dim != 3) {
      return sn_cerr_attr(c, &s->loc, "dim", "datatype AXIS requires dim=3 in sensor");
    }
    if (s->type == mjSENS_USER && datatype == mjDATATYPE_QUATERNION && dim != 4) {
      return sn_cerr_attr(c, &s->loc, "dim", "datatype QUATERNION requires dim=4 in sensor");
    }
    if (s->cutoff > 0 && s->type != mjSENS_GEOMNORMAL && (datatype == mjDATATYPE_AXIS || datatype == mjDATATYPE_QUATERNION)) {
      return sn_cerr_attr(c, &s->loc, "cutoff",
                          "cutoff applied to axis or quaternion datatype in sensor");
    }
    m->sensor_type[i] = s->type;
    m->sensor_datatype[i] = datatype;
    m->sensor_needstage[i] = stage;
    if (!sn_sensor_objects(c, i, s)) {
      return 0;
    }
    if (s->type == mjSENS_TACTILE && (!sn_tactile_body_check(c, s, m->sensor_objid[i]) ||
                                      !sn_tactile_check(c, s, m->sensor_refid[i]))) {
      return 0;
    }
    for (int k = 0; k < mjNSENS; k++) {
      m->sensor_intprm[mjNSENS * i + k] = s->intprm[k];
    }
    m->sensor_dim[i] = dim;
    m->sensor_adr[i] = adr;
    adr += dim;
    m->sensor_cutoff[i] = s->cutoff;
    m->sensor_noise[i] = s->noise;
    m->sensor_plugin[i] = -1;
    for (int k = 0; k < m->nuser_sensor; k++) {
      m->sensor_user[m->nuser_sensor * i + k] = k < s->user.n ? s->user.data[k] : 0;
    }
  }
  return 1;
}
