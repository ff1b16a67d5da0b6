// Noslip post-processing (placeholder until written): leaves the main solver's result.
#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

void sn_solveNoslip(mjData* d, const snCProblem* p) {
  (void)d;
  (void)p;
}
