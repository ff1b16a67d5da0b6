// mjENBL_MULTICCD: several contacts for flat contact patches (placeholder: the single
// contact only).
#include "collision/ccd.h"

int sn_multiccd(const mjModel* m, mjContact* con, sn_convex* a, sn_convex* b,
                const sn_ccd_result* r, mjtNum margin) {
  (void)m;
  (void)a;
  (void)b;
  (void)r;
  (void)margin;
  (void)con;
  return 1;
}
