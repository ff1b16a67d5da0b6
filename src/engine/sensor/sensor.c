// Sensors: the position, velocity and acceleration stages that fill d->sensordata.
#include <mujoco/mujoco.h>

// Contract stubs (issue 5): replaced by the sensor work.
void mj_sensorPos(const mjModel* m, mjData* d) {
  (void)m;
  (void)d;
}

void mj_sensorVel(const mjModel* m, mjData* d) {
  (void)m;
  (void)d;
}

void mj_sensorAcc(const mjModel* m, mjData* d) {
  (void)m;
  (void)d;
}
