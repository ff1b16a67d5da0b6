// Per-island constraint solve for the primal solvers (CG, Newton).
#ifndef SINEW_ENGINE_SOLVER_ISLAND_SOLVE_H_
#define SINEW_ENGINE_SOLVER_ISLAND_SOLVE_H_

#include <mujoco/mujoco.h>

// Solve every island of d (after mj_island, mj_referenceConstraint and the smooth
// acceleration) independently; fills qacc, qfrc_constraint, efc_force, efc_state, efc_b,
// the island-local outputs, and solver statistics per island.
void sn_solveIslands(const mjModel* m, mjData* d);

#endif  // SINEW_ENGINE_SOLVER_ISLAND_SOLVE_H_
