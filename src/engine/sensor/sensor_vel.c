// Velocity-stage sensors: quantities linear in qvel (after mj_fwdVelocity: cvel,
// actuator and tendon velocities, the constraint rows' efc_vel). Subtree momenta are
// computed on demand (mj_subtreeVel) when a subtree velocity sensor needs them.
// Frame velocities relative to a reference frame (identified on MuJoCo 3.3.8) are
// those seen by an observer moving with the reference: the difference of the two
// velocities, minus for the linear part the velocity the reference's rotation gives
// the object's position, expressed in the reference frame.
#include <mujoco/mujoco.h>

#include "engine/sensor/sensor.h"

// The limit row's efc_vel (0 if the limit is not active).
static mjtNum sn_limitvel(const mjData* d, int efctype, int id) {
  for (int r = d->ne + d->nf; r < d->ne + d->nf + d->nl; r++) {
    if (d->efc_type[r] == efctype && d->efc_id[r] == id) {
      return d->efc_vel[r];
    }
  }
  return 0;
}

// framelinvel or frameangvel, global or relative to the reference frame.
static void sn_framevel(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int objtype = m->sensor_objtype[i], id = m->sensor_objid[i];
  int reftype = m->sensor_reftype[i], refid = m->sensor_refid[i];
  int ang = m->sensor_type[i] == mjSENS_FRAMEANGVEL;
  mjtNum vel[6];
  mj_objectVelocity(m, d, objtype, id, vel, 0);
  if (refid < 0) {
    mju_copy3(out, vel + (ang ? 0 : 3));
    return;
  }
  mjtNum rvel[6], dif[3];
  mj_objectVelocity(m, d, reftype, refid, rvel, 0);
  const mjtNum *pos, *mat, *rpos, *rmat;
  sn_sensor_frame(m, d, objtype, id, &pos, &mat);
  sn_sensor_frame(m, d, reftype, refid, &rpos, &rmat);
  if (ang) {
    mju_sub3(dif, vel, rvel);
  } else {
    mjtNum r[3], wr[3];
    mju_sub3(r, pos, rpos);
    mju_cross(wr, rvel, r);
    mju_sub3(dif, vel + 3, rvel + 3);
    mju_subFrom3(dif, wr);
  }
  mju_mulMatTVec3(out, rmat, dif);
}

void sn_sensorVelCompute(const mjModel* m, mjData* d) {
  int subtree = 0;
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] != mjSTAGE_VEL) {
      continue;
    }
    int type = m->sensor_type[i], id = m->sensor_objid[i];
    mjtNum* out = d->sensordata + m->sensor_adr[i];
    mjtNum vel[6];
    switch (type) {
      case mjSENS_VELOCIMETER:
      case mjSENS_GYRO:
        mj_objectVelocity(m, d, mjOBJ_SITE, id, vel, 1);
        mju_copy3(out, vel + (type == mjSENS_GYRO ? 0 : 3));
        break;
      case mjSENS_JOINTVEL:
        out[0] = d->qvel[m->jnt_dofadr[id]];
        break;
      case mjSENS_TENDONVEL:
        out[0] = d->ten_velocity[id];
        break;
      case mjSENS_ACTUATORVEL:
        out[0] = d->actuator_velocity[id];
        break;
      case mjSENS_BALLANGVEL:
        mju_copy3(out, d->qvel + m->jnt_dofadr[id]);
        break;
      case mjSENS_JOINTLIMITVEL:
        out[0] = sn_limitvel(d, mjCNSTR_LIMIT_JOINT, id);
        break;
      case mjSENS_TENDONLIMITVEL:
        out[0] = sn_limitvel(d, mjCNSTR_LIMIT_TENDON, id);
        break;
      case mjSENS_FRAMELINVEL:
      case mjSENS_FRAMEANGVEL:
        sn_framevel(m, d, i, out);
        break;
      case mjSENS_SUBTREELINVEL:
      case mjSENS_SUBTREEANGMOM:
        if (!subtree) {
          mj_subtreeVel(m, d);
          subtree = 1;
        }
        mju_copy3(out, (type == mjSENS_SUBTREELINVEL ? d->subtree_linvel : d->subtree_angmom) +
                       3 * id);
        break;
      default:
        // user sensors (mjcb_sensor) and plugins
        break;
    }
  }
}
