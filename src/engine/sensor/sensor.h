// Internal interface of the sensor stages (sensor.c dispatches, one file per stage
// computes the built-in sensors of that stage).
#ifndef SINEW_ENGINE_SENSOR_SENSOR_H_
#define SINEW_ENGINE_SENSOR_SENSOR_H_

#include <mujoco/mujoco.h>

// Built-in position-stage sensors (sensor_pos.c): every non-user sensor with needstage
// mjSTAGE_POS.
void sn_sensorPosCompute(const mjModel* m, mjData* d);

// Built-in velocity-stage sensors (sensor_vel.c).
void sn_sensorVelCompute(const mjModel* m, mjData* d);

// Built-in acceleration-stage sensors (sensor_acc.c), including any on-demand
// computation they need (mj_rnePostConstraint).
void sn_sensorAccCompute(const mjModel* m, mjData* d);

// Global position and rotation matrix of an object's frame: body (inertial frame),
// xbody (body frame), geom, site or camera.
void sn_sensor_frame(const mjModel* m, const mjData* d, int objtype, int objid,
                     const mjtNum** pos, const mjtNum** mat);

// Orientation quaternion of the same frames.
void sn_sensor_quat(const mjModel* m, const mjData* d, int objtype, int objid,
                    mjtNum quat[4]);

// Whether a global point lies inside a site's volume (its geometric type and size);
// insidesite and the contact sensor's site matching share this rule.
int sn_siteContains(const mjModel* m, const mjData* d, int site, const mjtNum point[3]);

#endif  // SINEW_ENGINE_SENSOR_SENSOR_H_
