// Tactile sensor (sensor_tactile.c): pressure and sliding speeds at mesh vertices.
#ifndef SINEW_ENGINE_SENSOR_SENSOR_TACTILE_H_
#define SINEW_ENGINE_SENSOR_SENSOR_TACTILE_H_

#include <mujoco/mujoco.h>

// Tactile sensor i: fill out (3 x vertex count numbers, channel-major) from the contacts.
void sn_tactile_sensor(const mjModel* m, const mjData* d, int i, mjtNum* out);

// Whether the tactile sensor knows the signed distance of a geom of this type.
int sn_tactile_supported_geom(int type);

#endif  // SINEW_ENGINE_SENSOR_SENSOR_TACTILE_H_
