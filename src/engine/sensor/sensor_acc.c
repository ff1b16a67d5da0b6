// Acceleration-stage sensors: everything that needs qacc, the actuator forces or the
// constraint forces. The body accelerations and interaction forces (cacc, cfrc_int)
// come from mj_rnePostConstraint, run once per stage and only when a sensor needs
// them (accelerometer, force, torque, framelinacc, frameangacc, or a user sensor of
// this stage, which mjcb_sensor fills afterwards).
// Conventions identified on MuJoCo 3.3.8:
// - force and torque read cfrc_int of the site's body (the force its parent exerts on
//   it), the torque taken about the site, both in the site frame.
// - accelerometer: the site's linear acceleration (mj_objectAcceleration, local),
//   which includes -gravity through the world's acceleration.
// - jointlimitfrc and tendonlimitfrc read the force of the limit's constraint row (0
//   when the limit is not active); tendonactuatorfrc adds up the forces of the
//   actuators whose transmission is that tendon.
// - tactile: sensor_tactile.c.
#include <mujoco/mujoco.h>

#include "engine/sensor/sensor.h"
#include "engine/sensor/sensor_contact.h"
#include "engine/sensor/sensor_tactile.h"

// Whether sensor i needs cacc / cfrc_int.
static int sn_needs_rnepost(const mjModel* m, int i) {
  switch (m->sensor_type[i]) {
    case mjSENS_ACCELEROMETER:
    case mjSENS_FORCE:
    case mjSENS_TORQUE:
    case mjSENS_FRAMELINACC:
    case mjSENS_FRAMEANGACC:
    case mjSENS_USER:
      return 1;
    default:
      return 0;
  }
}

// Force of the limit constraint row of a joint or tendon (0 if not active).
static mjtNum sn_limitfrc(const mjData* d, int efctype, int id) {
  for (int r = d->ne + d->nf; r < d->ne + d->nf + d->nl; r++) {
    if (d->efc_type[r] == efctype && d->efc_id[r] == id) {
      return d->efc_force[r];
    }
  }
  return 0;
}

// Force and torque sensors: the interaction force on the site's body, moved to the
// site and expressed in its frame.
static void sn_forcetorque(const mjModel* m, const mjData* d, int type, int site, mjtNum* out) {
  int b = m->site_bodyid[site];
  const mjtNum* frc = d->cfrc_int + 6 * b;
  const mjtNum* mat = d->site_xmat + 9 * site;
  if (type == mjSENS_FORCE) {
    mju_mulMatTVec3(out, mat, frc + 3);
    return;
  }
  mjtNum off[3], mom[3], t[3];
  mju_sub3(off, d->site_xpos + 3 * site, d->subtree_com + 3 * m->body_rootid[b]);
  mju_cross(mom, off, frc + 3);
  mju_sub3(t, frc, mom);
  mju_mulMatTVec3(out, mat, t);
}

void sn_sensorAccCompute(const mjModel* m, mjData* d) {
  // once for the whole stage, before any sensor (or mjcb_sensor) reads it
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] == mjSTAGE_ACC && sn_needs_rnepost(m, i)) {
      mj_rnePostConstraint(m, d);
      break;
    }
  }

  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] != mjSTAGE_ACC) {
      continue;
    }
    int type = m->sensor_type[i], id = m->sensor_objid[i];
    mjtNum* out = d->sensordata + m->sensor_adr[i];
    mjtNum acc[6];
    switch (type) {
      case mjSENS_TOUCH:
        out[0] = sn_touch(m, d, id);
        break;
      case mjSENS_ACCELEROMETER:
        mj_objectAcceleration(m, d, mjOBJ_SITE, id, acc, 1);
        mju_copy3(out, acc + 3);
        break;
      case mjSENS_FORCE:
      case mjSENS_TORQUE:
        sn_forcetorque(m, d, type, id, out);
        break;
      case mjSENS_FRAMELINACC:
      case mjSENS_FRAMEANGACC:
        mj_objectAcceleration(m, d, m->sensor_objtype[i], id, acc, 0);
        mju_copy3(out, acc + (type == mjSENS_FRAMELINACC ? 3 : 0));
        break;
      case mjSENS_ACTUATORFRC:
        out[0] = d->actuator_force[id];
        break;
      case mjSENS_JOINTACTFRC:
        out[0] = d->qfrc_actuator[m->jnt_dofadr[id]];
        break;
      case mjSENS_TENDONACTFRC:
        out[0] = 0;
        for (int a = 0; a < m->nu; a++) {
          if (m->actuator_trntype[a] == mjTRN_TENDON && m->actuator_trnid[2 * a] == id) {
            out[0] += d->actuator_force[a];
          }
        }
        break;
      case mjSENS_JOINTLIMITFRC:
        out[0] = sn_limitfrc(d, mjCNSTR_LIMIT_JOINT, id);
        break;
      case mjSENS_TENDONLIMITFRC:
        out[0] = sn_limitfrc(d, mjCNSTR_LIMIT_TENDON, id);
        break;
      case mjSENS_CONTACT:
        sn_contact_sensor(m, d, i, out);
        break;
      case mjSENS_TACTILE:
        sn_tactile_sensor(m, d, i, out);
        break;
      default:  // user sensors: mjcb_sensor
        break;
    }
  }
}
