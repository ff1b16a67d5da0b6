// Sensors: the position, velocity and acceleration stages that fill d->sensordata.
// Each stage computes the built-in sensors whose needstage it is (one file per stage),
// lets mjcb_sensor fill the user sensors of that stage, then applies the cutoffs of
// the stage's sensors. A stage with no sensors does nothing, and so does every stage
// when sensors are disabled (mjDSBL_SENSOR): sensordata keeps its values.
//
// Cutoff (3.3.8): a positive cutoff clamps real data to [-cutoff, cutoff] and positive
// data to at most cutoff; axis and quaternion data cannot have one (a compile error).
// The collision sensors (distance, normal, fromto) use it as the largest distance they
// look at instead, and are not clamped.
#include <mujoco/mujoco.h>

#include "engine/sensor/sensor.h"

// Whether any sensor (user sensors only if user) is computed at this stage.
static int sn_sensor_any(const mjModel* m, int stage, int user) {
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] == stage && (!user || m->sensor_type[i] == mjSENS_USER)) {
      return 1;
    }
  }
  return 0;
}

static void sn_sensor_cutoff(const mjModel* m, mjData* d, int stage) {
  for (int i = 0; i < m->nsensor; i++) {
    mjtNum cut = m->sensor_cutoff[i];
    int type = m->sensor_type[i];
    if (m->sensor_needstage[i] != stage || !(cut > 0) || type == mjSENS_GEOMDIST ||
        type == mjSENS_GEOMNORMAL || type == mjSENS_GEOMFROMTO) {
      continue;
    }
    mjtNum* x = d->sensordata + m->sensor_adr[i];
    int dim = m->sensor_dim[i];
    if (m->sensor_datatype[i] == mjDATATYPE_REAL) {
      for (int k = 0; k < dim; k++) {
        x[k] = x[k] < -cut ? -cut : x[k] > cut ? cut : x[k];
      }
    } else if (m->sensor_datatype[i] == mjDATATYPE_POSITIVE) {
      for (int k = 0; k < dim; k++) {
        x[k] = x[k] > cut ? cut : x[k];
      }
    }
  }
}

// Shared tail of every stage: user sensors, then cutoffs.
static void sn_sensor_finish(const mjModel* m, mjData* d, int stage) {
  if (mjcb_sensor && sn_sensor_any(m, stage, 1)) {
    mjcb_sensor(m, d, stage);
  }
  sn_sensor_cutoff(m, d, stage);
}

void mj_sensorPos(const mjModel* m, mjData* d) {
  if ((m->opt.disableflags & mjDSBL_SENSOR) || !sn_sensor_any(m, mjSTAGE_POS, 0)) {
    return;
  }
  sn_sensorPosCompute(m, d);
  sn_sensor_finish(m, d, mjSTAGE_POS);
}

void mj_sensorVel(const mjModel* m, mjData* d) {
  if ((m->opt.disableflags & mjDSBL_SENSOR) || !sn_sensor_any(m, mjSTAGE_VEL, 0)) {
    return;
  }
  sn_sensorVelCompute(m, d);
  sn_sensor_finish(m, d, mjSTAGE_VEL);
}

void mj_sensorAcc(const mjModel* m, mjData* d) {
  if ((m->opt.disableflags & mjDSBL_SENSOR) || !sn_sensor_any(m, mjSTAGE_ACC, 0)) {
    return;
  }
  sn_sensorAccCompute(m, d);
  sn_sensor_finish(m, d, mjSTAGE_ACC);
}

void sn_sensor_frame(const mjModel* m, const mjData* d, int objtype, int objid,
                     const mjtNum** pos, const mjtNum** mat) {
  switch (objtype) {
    case mjOBJ_XBODY:
      *pos = d->xpos + 3 * objid;
      *mat = d->xmat + 9 * objid;
      return;
    case mjOBJ_GEOM:
      *pos = d->geom_xpos + 3 * objid;
      *mat = d->geom_xmat + 9 * objid;
      return;
    case mjOBJ_SITE:
      *pos = d->site_xpos + 3 * objid;
      *mat = d->site_xmat + 9 * objid;
      return;
    case mjOBJ_CAMERA:
      *pos = d->cam_xpos + 3 * objid;
      *mat = d->cam_xmat + 9 * objid;
      return;
    default:  // mjOBJ_BODY: the inertial frame
      *pos = d->xipos + 3 * objid;
      *mat = d->ximat + 9 * objid;
      return;
  }
}

void sn_sensor_quat(const mjModel* m, const mjData* d, int objtype, int objid,
                    mjtNum quat[4]) {
  switch (objtype) {
    case mjOBJ_XBODY:
      mju_copy4(quat, d->xquat + 4 * objid);
      return;
    case mjOBJ_BODY:
      mju_mulQuat(quat, d->xquat + 4 * objid, m->body_iquat + 4 * objid);
      return;
    case mjOBJ_GEOM:
      mju_mulQuat(quat, d->xquat + 4 * m->geom_bodyid[objid], m->geom_quat + 4 * objid);
      return;
    case mjOBJ_SITE:
      mju_mulQuat(quat, d->xquat + 4 * m->site_bodyid[objid], m->site_quat + 4 * objid);
      return;
    default:
      // mjOBJ_CAMERA: 3.3.8 composes the body's and the camera's own quaternion even
      // for a camera that tracks a target (its cam_xmat turns, this does not)
      mju_mulQuat(quat, d->xquat + 4 * m->cam_bodyid[objid], m->cam_quat + 4 * objid);
      return;
  }
}
