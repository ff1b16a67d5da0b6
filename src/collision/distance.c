// mj_geomDistance: placeholder until the convex solver lands.
#include <mujoco/mujoco.h>

mjtNum mj_geomDistance(const mjModel* m, const mjData* d, int geom1, int geom2,
                       mjtNum distmax, mjtNum fromto[6]) {
  if (fromto) {
    mju_zero(fromto, 6);
  }
  return distmax;
}
