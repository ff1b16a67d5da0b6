// Placeholder: no contacts until this file's narrow-phase functions land.
#include "collision/collision.h"

int sn_collide_plane_sphere(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_plane_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_plane_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_plane_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_sphere_sphere(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_sphere_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_sphere_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_sphere_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}

int sn_collide_capsule_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
    mjtNum margin) {
  return 0;
}
