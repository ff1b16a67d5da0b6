// Contact-based acceleration-stage sensors (sensor_contact.c): touch and contact.
#ifndef SINEW_ENGINE_SENSOR_SENSOR_CONTACT_H_
#define SINEW_ENGINE_SENSOR_SENSOR_CONTACT_H_

#include <mujoco/mujoco.h>

// Touch sensor on a site: the summed normal force of the contacts of the site's body
// that lie in (or whose normal ray crosses) the site's volume.
mjtNum sn_touch(const mjModel* m, const mjData* d, int site);

// Contact sensor i: match, reduce and extract into out (sensor_dim[i] numbers).
void sn_contact_sensor(const mjModel* m, mjData* d, int i, mjtNum* out);

#endif  // SINEW_ENGINE_SENSOR_SENSOR_CONTACT_H_
