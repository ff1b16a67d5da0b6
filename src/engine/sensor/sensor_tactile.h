// Tactile sensor (sensor_tactile.c): pressure and sliding speeds at mesh vertices.
#ifndef SINEW_ENGINE_SENSOR_SENSOR_TACTILE_H_
#define SINEW_ENGINE_SENSOR_SENSOR_TACTILE_H_

#include <mujoco/mujoco.h>

// Tactile sensor i: fill out (3 x vertex count numbers, channel-major) from the contacts.
void sn_tactile_sensor(const mjModel* m, const mjData* d, int i, mjtNum* out);

// Whether the tactile sensor can read geom g's signed distance (not for sdf geoms: 3.3.8
// reads them through the sdf-plugin interface and stops with an error without a plugin).
int sn_tactile_supported_geom(const mjModel* m, int g);

#endif  // SINEW_ENGINE_SENSOR_SENSOR_TACTILE_H_
