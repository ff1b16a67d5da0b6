// Private interface of the constraint assembly: the row builder shared by the
// equality, friction-loss, limit and contact emitters, and the soft-constraint
// parameter helpers (impedance, stiffness/damping, regularizer).
//
// Every constraint kind is visited twice: once to count its rows and Jacobian
// non-zeros (so the arena can be sized exactly), once to write them. A row's
// Jacobian is handed over as a dense scratch vector that is only read at the
// row's column set (the "chain": the dofs that can move the constrained bodies,
// ascending), so dense and sparse storage come from the same numbers.
#ifndef SINEW_ENGINE_CONSTRAINT_CONSTRAINT_H_
#define SINEW_ENGINE_CONSTRAINT_CONSTRAINT_H_

#include <mujoco/mujoco.h>

typedef struct {
  const mjModel* m;
  mjData* d;
  int sparse;      // efc_J is row-sparse (colind/rowadr/rownnz)
  int nefc;        // rows written so far
  int nJ;          // Jacobian entries written so far
  int* chain;      // (nv) column set of the current row(s)
  int nchain;
  mjtNum* jac;     // (6 x nv) scratch: translation then rotation rows of a difference Jacobian
  int* mark;       // (nv) scratch flags, all zero between uses
  int* path;       // (nv) scratch of sn_efc_chain2
  // the last soft parameters computed: the rows of one contact share their arguments
  int imp_valid, imp_friction;
  mjtNum imp_solimp[mjNIMP], imp_solref[mjNREF], imp_r, imp, impP, imp_K, imp_B;
} sn_efc;

// Row-counting results of one constraint kind.
typedef struct {
  int rows;
  int nnz;
} sn_efc_count;

// Soft-constraint parameters of a row, before the constraint kind adjusts them.
typedef struct {
  const mjtNum* solref;   // (mjNREF)
  const mjtNum* solimp;   // (mjNIMP)
  mjtNum pos, margin, frictionloss, diag;
  int friction;           // residual identically zero: K = 0, impedance d(0)
} sn_efc_param;

//---------------------------------- row builder (assembly.c) ----------------------------------------

// Append one row whose Jacobian values are row[chain[k]]; computes KBIP, R, D.
void sn_efc_push(sn_efc* b, int type, int id, const mjtNum* row, const sn_efc_param* p);

// Column set of the dofs moving body b1 or b2 (ascending) into b->chain; returns its size.
int sn_efc_chain2(sn_efc* b, int b1, int b2);

// Set row i's R (and D = 1/R, diagApprox = R imp/(1-imp)) after a cone scaling.
void sn_efc_setR(mjData* d, int i, mjtNum R);

// Number of dofs on the path from the world to body b, merged with body b2's path.
int sn_efc_chain2_size(const mjModel* m, int b1, int b2, int* mark);

// Fill b->jac (rows 0-2: translation, 3-5: rotation when rot) at the chain columns with
// the Jacobian of point p2 moving with body b2 minus that of point p1 moving with b1.
void sn_efc_jacdif(sn_efc* b, const mjtNum p1[3], int b1, const mjtNum p2[3], int b2,
                   int rot);

// Jacobian entries of a row on tendon t (its ten_J row: sparse structure or all nv).
int sn_efc_tendon_nnz(const mjModel* m, const mjData* d, int t);

// Load scl times tendon t's Jacobian into b->jac and its columns into b->chain.
void sn_efc_tendon(sn_efc* b, int t, mjtNum scl);

// Zero b->jac at the columns of b->chain (the scratch stays all zero between rows).
void sn_efc_clearjac(sn_efc* b);

// Record the next row as tendon t's first (d->tendon_efcadr) unless it has one.
void sn_efc_tendon_mark(sn_efc* b, int t);

//---------------------------------- soft-constraint parameters (impedance.c) ------------------------

// Impedance d(r) from solimp and its derivative with respect to r, clamped.
void sn_impedance(const mjtNum solimp[mjNIMP], mjtNum r, mjtNum* imp, mjtNum* impP);

// Stiffness K and damping B of the reference acceleration from solref (both formats).
void sn_stiffness_damping(const mjModel* m, const mjtNum solref[mjNREF],
                          const mjtNum solimp[mjNIMP], int friction, mjtNum* K, mjtNum* B);

// R = (1 - imp) / imp * diag, kept positive.
mjtNum sn_regularizer(mjtNum imp, mjtNum diag);

//---------------------------------- constraint kinds ------------------------------------------------

// Equality rows (connect, weld, joint, tendon).
sn_efc_count sn_equality_count(const mjModel* m, const mjData* d, int* mark);
void sn_equality_emit(sn_efc* b);

// The wrench that connect/weld i with row forces `force` (its 3 or 6 efc_force values)
// exerts: force f (world) at point[0..2] on body[0], torque t on body[0]; body[1] feels
// -f at point[3..5] and -t. Returns 0 for other equality types.
int sn_equality_wrench(const mjModel* m, const mjData* d, int i, const mjtNum* force,
                       int body[2], mjtNum point[6], mjtNum f[3], mjtNum t[3]);

// Friction-loss rows on dofs, then on tendons.
sn_efc_count sn_friction_count(const mjModel* m, const mjData* d);
void sn_friction_emit(sn_efc* b);

// Limit rows on hinge, slide and ball joints, then on tendons.
sn_efc_count sn_limit_count(const mjModel* m, const mjData* d);
void sn_limit_emit(sn_efc* b);

// Contact rows; also marks the contacts in the gap as excluded.
sn_efc_count sn_contact_count(const mjModel* m, mjData* d, int* mark);
void sn_contact_emit(sn_efc* b);

#endif  // SINEW_ENGINE_CONSTRAINT_CONSTRAINT_H_
