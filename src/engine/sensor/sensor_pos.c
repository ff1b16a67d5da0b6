// Position-stage sensors: everything that depends on qpos only (after mj_fwdPosition:
// kinematics, com, tendons, transmission, inertia, collision and the constraint rows),
// plus the two energies, which 3.3.8 computes on demand at this stage.
// Conventions identified on MuJoCo 3.3.8:
// - joint and tendon limit sensors read the limit's constraint row (distance minus
//   margin); with no active limit row they are 0.
// - rangefinder: ray along the site's +z axis skipping the site's body; -1 for no hit.
// - camprojection: pixel coordinates with the origin at the image's top-left corner.
// - distance/normal/fromto: smallest signed distance over the geom pairs (a body means
//   all its geoms), looked for up to the cutoff; with nothing nearer the distance is
//   the cutoff, and normal and fromto are zero.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "engine/sensor/sensor.h"

// The constraint row of a joint or tendon limit (-1 if the limit is not active).
static int sn_limit_row(const mjData* d, int efctype, int id) {
  for (int r = d->ne + d->nf; r < d->ne + d->nf + d->nl; r++) {
    if (d->efc_type[r] == efctype && d->efc_id[r] == id) {
      return r;
    }
  }
  return -1;
}

static mjtNum sn_rangefinder(const mjModel* m, const mjData* d, int site) {
  const mjtNum* mat = d->site_xmat + 9 * site;
  mjtNum vec[3] = {mat[2], mat[5], mat[8]};
  int geomid = -1;
  return mj_ray(m, d, d->site_xpos + 3 * site, vec, NULL, 1, m->site_bodyid[site], &geomid);
}

// Image coordinates of a site seen by a camera (fovy or intrinsic parameters).
static void sn_camprojection(const mjModel* m, const mjData* d, int site, int cam,
                             mjtNum res[2]) {
  mjtNum dif[3], p[3];
  mju_sub3(dif, d->site_xpos + 3 * site, d->cam_xpos + 3 * cam);
  mju_mulMatTVec3(p, d->cam_xmat + 9 * cam, dif);
  const int* rs = m->cam_resolution + 2 * cam;
  const float* ss = m->cam_sensorsize + 2 * cam;
  mjtNum fx, fy;
  if (ss[0] != 0 && ss[1] != 0) {
    // focal length in pixels, in single precision as 3.3.8 computes it; the principal
    // point is not used
    const float* in = m->cam_intrinsic + 4 * cam;
    float fxf = in[0] / ss[0] * (float)rs[0], fyf = in[1] / ss[1] * (float)rs[1];
    fx = fxf;
    fy = fyf;
  } else {
    fy = 0.5 * rs[1] / tan(m->cam_fovy[cam] * mjPI / 360.0);
    fx = fy;
  }
  // the camera looks along its -z axis; image y grows downwards
  res[0] = 0.5 * rs[0] + fx * p[0] / -p[2];
  res[1] = 0.5 * rs[1] - fy * p[1] / -p[2];
}

int sn_siteContains(const mjModel* m, const mjData* d, int site, const mjtNum point[3]) {
  mjtNum dif[3], p[3];
  mju_sub3(dif, point, d->site_xpos + 3 * site);
  mju_mulMatTVec3(p, d->site_xmat + 9 * site, dif);
  const mjtNum* s = m->site_size + 3 * site;
  switch (m->site_type[site]) {
    case mjGEOM_SPHERE:
      return mju_dot3(p, p) <= s[0] * s[0];
    case mjGEOM_CAPSULE: {
      mjtNum z = p[2] > s[1] ? p[2] - s[1] : p[2] < -s[1] ? p[2] + s[1] : 0;
      return p[0] * p[0] + p[1] * p[1] + z * z <= s[0] * s[0];
    }
    case mjGEOM_ELLIPSOID: {
      mjtNum a = p[0] / s[0], b = p[1] / s[1], c = p[2] / s[2];
      return a * a + b * b + c * c <= 1;
    }
    case mjGEOM_CYLINDER:
      return p[0] * p[0] + p[1] * p[1] <= s[0] * s[0] && fabs(p[2]) <= s[1];
    case mjGEOM_BOX:
      return fabs(p[0]) <= s[0] && fabs(p[1]) <= s[1] && fabs(p[2]) <= s[2];
    default:
      return 0;
  }
}

// Geoms a collision sensor object stands for: one geom, or all geoms of a body.
static void sn_geomrange(const mjModel* m, int objtype, int id, int* first, int* count) {
  if (objtype == mjOBJ_GEOM) {
    *first = id;
    *count = 1;
  } else {
    *first = m->body_geomadr[id];
    *count = m->body_geomnum[id];
  }
}

// distance, normal or fromto: the nearest pair within the cutoff.
static void sn_geomsensor(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int a0, na, b0, nb;
  sn_geomrange(m, m->sensor_objtype[i], m->sensor_objid[i], &a0, &na);
  sn_geomrange(m, m->sensor_reftype[i], m->sensor_refid[i], &b0, &nb);
  mjtNum cutoff = m->sensor_cutoff[i];
  mjtNum best = cutoff, fromto[6] = {0};
  for (int a = a0; a < a0 + na; a++) {
    for (int b = b0; b < b0 + nb; b++) {
      mjtNum ft[6] = {0};
      mjtNum dist = mj_geomDistance(m, d, a, b, cutoff, ft);
      if (dist < best) {
        best = dist;
        // as mj_geomDistance gives it: from a to b for the analytic pairs, from the geom
        // of lower type to the other for the convex ones (3.3.8's fromto and normal
        // sensors follow that order too)
        mju_copy(fromto, ft, 6);
      }
    }
  }
  switch (m->sensor_type[i]) {
    case mjSENS_GEOMDIST:
      out[0] = best;
      return;
    case mjSENS_GEOMFROMTO:
      mju_copy(out, fromto, 6);
      return;
    default: {
      // normal: along fromto (from its first point to its second), also when the geoms
      // penetrate
      mjtNum n[3];
      mju_sub3(n, fromto + 3, fromto);
      mjtNum len = mju_norm3(n);
      if (len > 0) {
        mju_scl3(n, n, 1 / len);
      }
      mju_copy3(out, n);
      return;
    }
  }
}

// Frame position, axis or quaternion, optionally relative to a reference frame.
static void sn_framesensor(const mjModel* m, const mjData* d, int i, mjtNum* out) {
  int type = m->sensor_type[i], objtype = m->sensor_objtype[i], id = m->sensor_objid[i];
  int reftype = m->sensor_reftype[i], refid = m->sensor_refid[i];
  const mjtNum *pos, *mat, *rpos = NULL, *rmat = NULL;
  sn_sensor_frame(m, d, objtype, id, &pos, &mat);
  if (refid >= 0) {
    sn_sensor_frame(m, d, reftype, refid, &rpos, &rmat);
  }
  if (type == mjSENS_FRAMEQUAT) {
    mjtNum q[4], rq[4], rqc[4];
    sn_sensor_quat(m, d, objtype, id, q);
    if (refid < 0) {
      mju_copy4(out, q);
      return;
    }
    sn_sensor_quat(m, d, reftype, refid, rq);
    mju_negQuat(rqc, rq);
    mju_mulQuat(out, rqc, q);
    return;
  }
  mjtNum v[3];
  if (type == mjSENS_FRAMEPOS) {
    mju_copy3(v, pos);
    if (refid >= 0) {
      mju_sub3(v, pos, rpos);
    }
  } else {
    int col = type - mjSENS_FRAMEXAXIS;
    v[0] = mat[col];
    v[1] = mat[3 + col];
    v[2] = mat[6 + col];
  }
  if (refid >= 0) {
    mju_mulMatTVec3(out, rmat, v);
  } else {
    mju_copy3(out, v);
  }
}

// Limit sensors at the position stage.
static mjtNum sn_limitpos(const mjData* d, int efctype, int id) {
  int r = sn_limit_row(d, efctype, id);
  return r < 0 ? 0 : d->efc_pos[r] - d->efc_margin[r];
}

void sn_sensorPosCompute(const mjModel* m, mjData* d) {
  int energy = 0;
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_needstage[i] != mjSTAGE_POS) {
      continue;
    }
    int type = m->sensor_type[i], id = m->sensor_objid[i];
    mjtNum* out = d->sensordata + m->sensor_adr[i];
    switch (type) {
      case mjSENS_MAGNETOMETER:
        mju_mulMatTVec3(out, d->site_xmat + 9 * id, m->opt.magnetic);
        break;
      case mjSENS_RANGEFINDER:
        out[0] = sn_rangefinder(m, d, id);
        break;
      case mjSENS_CAMPROJECTION:
        sn_camprojection(m, d, id, m->sensor_refid[i], out);
        break;
      case mjSENS_JOINTPOS:
        out[0] = d->qpos[m->jnt_qposadr[id]];
        break;
      case mjSENS_TENDONPOS:
        out[0] = d->ten_length[id];
        break;
      case mjSENS_ACTUATORPOS:
        out[0] = d->actuator_length[id];
        break;
      case mjSENS_BALLQUAT:
        mju_copy4(out, d->qpos + m->jnt_qposadr[id]);
        mju_normalize4(out);
        break;
      case mjSENS_JOINTLIMITPOS:
        out[0] = sn_limitpos(d, mjCNSTR_LIMIT_JOINT, id);
        break;
      case mjSENS_TENDONLIMITPOS:
        out[0] = sn_limitpos(d, mjCNSTR_LIMIT_TENDON, id);
        break;
      case mjSENS_FRAMEPOS:
      case mjSENS_FRAMEQUAT:
      case mjSENS_FRAMEXAXIS:
      case mjSENS_FRAMEYAXIS:
      case mjSENS_FRAMEZAXIS:
        sn_framesensor(m, d, i, out);
        break;
      case mjSENS_SUBTREECOM:
        mju_copy3(out, d->subtree_com + 3 * id);
        break;
      case mjSENS_INSIDESITE: {
        const mjtNum *pos, *mat;
        sn_sensor_frame(m, d, m->sensor_objtype[i], id, &pos, &mat);
        out[0] = sn_siteContains(m, d, m->sensor_refid[i], pos);
        break;
      }
      case mjSENS_GEOMDIST:
      case mjSENS_GEOMNORMAL:
      case mjSENS_GEOMFROMTO:
        sn_geomsensor(m, d, i, out);
        break;
      case mjSENS_E_POTENTIAL:
      case mjSENS_E_KINETIC:
        if (!energy) {
          mj_energyPos(m, d);
          mj_energyVel(m, d);
          energy = 1;
        }
        out[0] = d->energy[type == mjSENS_E_KINETIC];
        break;
      case mjSENS_CLOCK:
        out[0] = d->time;
        break;
      default:
        // user sensors (mjcb_sensor) and plugins
        break;
    }
  }
}
