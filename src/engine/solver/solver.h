// The constraint problem the solvers work on, described explicitly (dofs, inertia, rows,
// options, outputs) so that the same code solves all rows at once or one island at a time.
#ifndef SINEW_ENGINE_SOLVER_SOLVER_H_
#define SINEW_ENGINE_SOLVER_SOLVER_H_

#include <mujoco/mujoco.h>

typedef struct snCProblem_ {
  // dofs: M and its L'*D*L factor in the row-sparse layout of d->M / d->qLD (lower
  // triangle, diagonal last in each row, an ancestor's pattern a prefix of its child's)
  int nv;
  const mjtNum* M;
  const mjtNum* LD;
  const mjtNum* LDiagInv;
  const int* M_rownnz;
  const int* M_rowadr;
  const int* M_colind;
  const mjtNum* qfrc_smooth;  // (nv)
  const mjtNum* qacc_smooth;  // (nv)

  // rows: equality first (ne), then friction loss (nf), then limits and contacts
  int nefc, ne, nf;
  const int* type;
  const int* id;
  int sparse;  // J row-sparse (rownnz/rowadr/colind) or dense nefc x nv
  const mjtNum* J;
  const int* J_rownnz;
  const int* J_rowadr;
  const int* J_colind;
  const int* J_rowsuper;  // sparse, may be NULL: how many next rows share row i's columns
  const mjtNum* D;
  const mjtNum* R;
  const mjtNum* frictionloss;
  const mjtNum* aref;
  mjContact* contact;  // indexed by id of contact rows (H written when asked)
  int elliptic;        // contact rows are elliptic cones (mjCNSTR_CONTACT_ELLIPTIC)

  // dual matrix A+R (PGS, noslip): dense nefc x nefc when AR_rownnz is NULL
  const mjtNum* AR;
  const int* AR_rownnz;
  const int* AR_rowadr;
  const int* AR_colind;

  // options
  int solver;      // mjtSolver
  int warmstart;   // start from qacc_warmstart when that is better
  const mjtNum* qacc_warmstart;  // (nv)
  int noslip_iterations;
  mjtNum noslip_tolerance;
  int iterations;
  mjtNum tolerance;
  int ls_iterations;
  mjtNum ls_tolerance;
  mjtNum scale;  // 1 / (meaninertia * max(1, nv)): makes costs and gradients unitless

  // outputs (caller storage)
  mjtNum* qacc;             // (nv) in: starting point of primal solvers; out: solution
  mjtNum* force;            // (nefc)
  int* state;               // (nefc)
  mjtNum* qfrc_constraint;  // (nv)
  mjtNum* b;                // (nefc) J*qacc_smooth - aref, filled by sn_cpSolve
  mjSolverStat* stat;       // (mjNSOLVER)
  int* niter;
  int* nnz;  // non-zeros of the Newton Hessian factor, may be NULL
} snCProblem;

// The whole constraint problem of d (all rows, all dofs) after mj_makeConstraint,
// mj_referenceConstraint and mj_fwdAcceleration.
void sn_problemFromData(const mjModel* m, mjData* d, snCProblem* p);

// res = J*vec (nefc) and res = J'*vec (nv).
void sn_cpMulJ(const snCProblem* p, mjtNum* res, const mjtNum* vec);
void sn_cpMulJT(const snCProblem* p, mjtNum* res, const mjtNum* vec);

// res = M*vec and x = inv(M)*y (x may alias y).
void sn_cpMulM(const snCProblem* p, mjtNum* res, const mjtNum* vec);
void sn_cpSolveM(const snCProblem* p, mjtNum* x, const mjtNum* y);

// The penalty s(jar): states, forces, qfrc_constraint = J'*force and the cost s; with
// flg_coneHessian the elliptic cone Hessians go into contact[id].H (dim x dim).
void sn_cpUpdate(const snCProblem* p, const mjtNum* jar, mjtNum* cost, int flg_coneHessian);

// sn_cpUpdate's states, forces and returned cost without J'*force, for the warm-start
// comparisons whose qfrc_constraint the solve overwrites anyway.
mjtNum sn_cpCost(const snCProblem* p, const mjtNum* jar);

// Gauss cost 0.5*(qacc-qacc_smooth)'*(Ma-qfrc_smooth) for a given Ma = M*qacc.
mjtNum sn_cpGauss(const snCProblem* p, const mjtNum* qacc, const mjtNum* Ma);

// Exact 1-D Newton line search along search (nv) for the reduced primal cost from the
// point with Ma = M*qacc and jar = J*qacc - aref; Mv = M*search, Jv = J*search. Returns
// the step and fills the iteration's neval and lineslope.
mjtNum sn_linesearch(const snCProblem* p, const mjtNum* search, const mjtNum* Ma,
                     const mjtNum* Mv, const mjtNum* jar, const mjtNum* Jv, mjSolverStat* stat);

// Iterate of the primal solvers (CG, Newton): acceleration and the quantities the cost,
// gradient and line search need, kept consistent by sn_primalInit / sn_primalStep.
typedef struct snPrimal_ {
  mjtNum* qacc;    // (nv) = p->qacc
  mjtNum* Ma;      // (nv) M*qacc
  mjtNum* jar;     // (nefc) J*qacc - aref
  mjtNum* grad;    // (nv) Ma - qfrc_smooth - qfrc_constraint
  mjtNum* Mv;      // (nv) M*search
  mjtNum* Jv;      // (nefc) J*search
  int* oldstate;   // (nefc)
  mjtNum cost;     // Gauss + s
  int flg_hess;    // compute cone Hessians (Newton with elliptic cones)
} snPrimal;

// Allocate (on d's stack, inside the caller's frame) and evaluate at p->qacc.
void sn_primalInit(mjData* d, const snCProblem* p, snPrimal* x, int flg_hess);

// Line search along search, step, re-evaluate, and fill stat (improvement, gradient,
// nactive, nchange). Returns the step length (0: no progress possible).
mjtNum sn_primalStep(const snCProblem* p, snPrimal* x, const mjtNum* search,
                     mjSolverStat* stat);

// Warm start, the chosen solver and noslip on one problem (the stack of d is scratch).
void sn_cpSolve(mjData* d, snCProblem* p);

// The three solvers: primal CG and Newton start from p->qacc; PGS starts from p->force.
void sn_solveCG(mjData* d, const snCProblem* p);
void sn_solveNewton(mjData* d, const snCProblem* p);
void sn_solvePGS(mjData* d, const snCProblem* p);

// Noslip post-processing: PGS on the friction rows without regularisation, normal forces
// fixed; updates force, qfrc_constraint and qacc.
void sn_solveNoslip(mjData* d, const snCProblem* p);

// Whether 3.3.8 would skip the friction sub-problem of matrix Q (k x k, k = 2, 3 or 5).
int sn_trustRegionSingular(const mjtNum* Q, int k);

// Minimise 0.5*y'*Q*y + g'*y subject to |y| <= r (Q positive definite, k <= 5).
void sn_trustRegion(mjtNum* y, const mjtNum* Q, const mjtNum* g, mjtNum r, int k);

// Row states implied by dual forces f.
void sn_dualState(const snCProblem* p, const mjtNum* f, int* state);

// After a dual solve: qfrc_constraint = J'*force, qacc = qacc_smooth + inv(M)*qfrc_constraint.
void sn_dualFinish(const snCProblem* p);

// Dual cost 0.5*f'*AR*f + f'*b of p->force (b = J*qacc_smooth - aref, given).
mjtNum sn_cpDualCost(const snCProblem* p, const mjtNum* force, const mjtNum* b, mjtNum* ARf);

// efc_AR of the rows of p into AR (dense nefc x nefc).
void sn_cpProjectDense(mjData* d, const snCProblem* p, mjtNum* AR);

#endif  // SINEW_ENGINE_SOLVER_SOLVER_H_
