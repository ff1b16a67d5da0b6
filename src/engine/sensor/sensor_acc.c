// Acceleration-stage sensors. Placeholder: the acceleration and force sensors are
// written by the sensacc work, which replaces this file.
#include "engine/sensor/sensor.h"

void sn_sensorAccCompute(const mjModel* m, mjData* d) {
  (void)m;
  (void)d;
}
