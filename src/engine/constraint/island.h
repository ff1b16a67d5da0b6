// Constraint islands, internal interface: the island-local copies that mj_island
// builds, and the gather/scatter helpers a per-island solver uses to move vectors
// between the global (nv, nefc) and the island (nidof, iefc) orderings.
//
// Layout after mj_island (3.3.8's, checked against the oracle):
//   dofs of island i:  idof in [island_idofadr[i], island_idofadr[i] + island_nv[i]),
//                      global dof map_idof2dof[idof]; dofs in no island follow at
//                      [nidof, nv). Within an island dofs keep increasing global order.
//   rows of island i:  iefc in [island_iefcadr[i], island_iefcadr[i] + island_nefc[i]),
//                      global row map_iefc2efc[iefc], in increasing global order, so
//                      the first island_ne[i] rows are equalities and the next
//                      island_nf[i] friction loss.
//   iefc_J dense:      island i is a row-major island_nefc[i] x island_nv[i] block
//                      starting at iefc_J + island_iefcadr[i] * nidof.
//   iefc_J sparse:     CSR over all iefc rows (iefc_J_rownnz/rowadr/colind), columns
//                      island-local (0 .. island_nv[i]-1); iefc_J_rowsuper counts the
//                      following rows of the same island with the same columns.
//   iM, iLD:           CSR rows of d->M and d->qLD (lower triangle, m->M_rownnz
//                      pattern) for every idof < nidof, columns island-local; iM_rowadr
//                      is cumulative over idof. iLDiagInv = qLDiagInv gathered.
// Filled later by the solver (allocated here, uninitialised): ifrc_smooth,
// iacc_smooth, iacc, iefc_aref, iefc_state, iefc_force, ifrc_constraint.
#ifndef SINEW_ENGINE_CONSTRAINT_ISLAND_H_
#define SINEW_ENGINE_CONSTRAINT_ISLAND_H_

#include <mujoco/mujoco.h>

// Fill the island-local copies (iefc_type/id/J/frictionloss/D/R, iM, iLD, iLDiagInv)
// once the maps exist; called by mj_island.
void sn_island_copy(const mjModel* m, mjData* d);

// res[idof] = vec[map_idof2dof[idof]] for the nidof island dofs (nv -> nidof order).
void sn_island_gatherDofs(const mjData* d, mjtNum* res, const mjtNum* vec);

// res[map_idof2dof[idof]] = vec[idof] for the nidof island dofs (other entries kept).
void sn_island_scatterDofs(const mjData* d, mjtNum* res, const mjtNum* vec);

// res[iefc] = vec[map_iefc2efc[iefc]] for all nefc rows (global -> island order).
void sn_island_gatherEfc(const mjData* d, mjtNum* res, const mjtNum* vec);

// res[map_iefc2efc[iefc]] = vec[iefc] for all nefc rows (island -> global order).
void sn_island_scatterEfc(const mjData* d, mjtNum* res, const mjtNum* vec);

// res = M_i * vec for island i (island_nv[i] entries), from iM.
void sn_island_mulM(const mjData* d, int island, mjtNum* res, const mjtNum* vec);

// x = M_i^-1 x in place for island i (island_nv[i] entries), from iLD/iLDiagInv.
void sn_island_solveM(const mjData* d, int island, mjtNum* x);

#endif  // SINEW_ENGINE_CONSTRAINT_ISLAND_H_
