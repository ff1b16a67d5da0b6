// Placeholder: no contacts until this file's narrow-phase functions land.
#include "collision/collision.h"

int sn_collide_plane_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                         mjtNum margin) {
  (void)m; (void)d; (void)con; (void)g1; (void)g2; (void)margin;
  return 0;
}

int sn_collide_sphere_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1,
                               int g2, mjtNum margin) {
  (void)m; (void)d; (void)con; (void)g1; (void)g2; (void)margin;
  return 0;
}

int sn_collide_sphere_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                          mjtNum margin) {
  (void)m; (void)d; (void)con; (void)g1; (void)g2; (void)margin;
  return 0;
}

int sn_collide_capsule_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                           mjtNum margin) {
  (void)m; (void)d; (void)con; (void)g1; (void)g2; (void)margin;
  return 0;
}

int sn_collide_box_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                       mjtNum margin) {
  (void)m; (void)d; (void)con; (void)g1; (void)g2; (void)margin;
  return 0;
}
