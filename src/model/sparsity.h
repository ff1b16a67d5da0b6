// Sparse structure of the joint-space inertia matrix and related matrices, as the
// compiler must store it in mjModel (MuJoCo 3.3.8 layout):
//   qM      legacy layout: dof_Madr[i] is the diagonal of row i, followed by the
//           entries for the dof_parentid ancestors of i, nearest first (nM entries)
//   M, qLD  compressed rows (M_rownnz/M_rowadr/M_colind, nC entries), lower triangle,
//           columns ascending (ancestors root first, diagonal last); rows of "simple"
//           dofs (dof_simplenum > 0) keep only the diagonal
//   D       compressed rows of the symmetric pattern, nD entries: row i holds every
//           ancestor and descendant of dof i and i itself (D_diag: offset of i in row)
//   B       compressed rows per body, nB entries: dofs of the body and its ancestors
//           and of all its descendants
//   mapM2M  (nC) index in qM of each M entry; mapD2M (nC) index in D of each M entry;
//   mapM2D  (nD) index in M of the lower-triangle twin of each D entry, -1 if absent.
// Bodies and dofs must be in depth-first (preorder) order, parents before children.
#ifndef SINEW_MODEL_SPARSITY_H_
#define SINEW_MODEL_SPARSITY_H_

#include <mujoco/mujoco.h>

// Plain arrays describing the kinematic tree; usable before mjModel exists.
typedef struct snTreeArrays_ {
  int nbody;
  int nv;
  const int* body_parentid;   // (nbody)
  const int* body_jntnum;     // (nbody) needed by sn_sparsity_simple only
  const int* body_jntadr;     // (nbody) needed by sn_sparsity_simple only
  const int* body_dofnum;     // (nbody)
  const int* body_dofadr;     // (nbody)
  const mjtByte* body_sameframe;  // (nbody) needed by sn_sparsity_simple only
  const int* jnt_type;        // (njnt) needed by sn_sparsity_simple only
  const mjtNum* jnt_pos;      // (njnt x 3) needed by sn_sparsity_simple only
  const mjtNum* jnt_axis;     // (njnt x 3) needed by sn_sparsity_simple only
  const int* dof_parentid;    // (nv)
  const int* dof_simplenum;   // (nv) NULL means no simple dofs

  // tendons, needed by sn_sparsity_simple only (ntendon may be 0): a body holding a
  // site of a tendon with armature is never simple
  int ntendon;
  const int* tendon_adr;      // (ntendon)
  const int* tendon_num;      // (ntendon)
  const mjtNum* tendon_armature;  // (ntendon)
  const int* wrap_type;       // (nwrap)
  const int* wrap_objid;      // (nwrap)
  const int* site_bodyid;     // (nsite)
} snTreeArrays;

// Sizes of the sparse structures.
typedef struct snSparsitySizes_ {
  int nM;
  int nC;
  int nD;
  int nB;
} snSparsitySizes;

// Tree arrays pointing into an mjModel (jnt/body/dof fields already filled).
snTreeArrays sn_sparsity_tree(const mjModel* m);

// Compute body_simple (nbody) and dof_simplenum (nv) as MuJoCo 3.3.8 does. A body is
// simple (1) when it is childless, hangs from the world or from a dof-less child of the
// world, has its inertial frame at its body frame (body_sameframe 1), holds no site
// of a tendon with armature, and its joints are one free joint, or slides followed
// by at most one hinge or ball, all at the body origin (|pos| < 1e-6 per component)
// with hinge/slide axes along a coordinate axis (other components |x| <= 1e-14);
// 2 when all its joints (at least one) are slides. The world is simple unless it
// holds a site of a tendon with armature. dof_simplenum[i] counts the consecutive
// dofs from i on that belong to simple bodies (0 for dofs of other bodies).
void sn_sparsity_simple(const snTreeArrays* t, mjtByte* body_simple, int* dof_simplenum);

// Count nM, nC, nD, nB from the tree arrays (uses t->dof_simplenum).
snSparsitySizes sn_sparsity_count(const snTreeArrays* t);

// Fill dof_Madr, B_*, M_*, mapM2M, D_*, mapM2D, mapD2M of an allocated model whose
// sizes nM/nC/nD/nB, body tree arrays, dof_parentid and dof_simplenum are set.
void sn_sparsity_fill(mjModel* m);

#endif  // SINEW_MODEL_SPARSITY_H_
