// Constraint islands: dofs joined by constraint rows form a graph; its connected
// components are solved independently.
#include <mujoco/mujoco.h>

// Contract stub (the island helper replaces this).
void mj_island(const mjModel* m, mjData* d) {
  (void)m;
  d->nisland = d->nidof = 0;
}
