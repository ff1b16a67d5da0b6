// Sparse structure of the inertia matrix (see sparsity.h for the layouts).
// Everything follows from two per-dof numbers: the depth of a dof in the dof tree
// (its number of ancestors) and the size of its subtree. Because dofs are in
// preorder, the ancestors of a dof listed root first have ascending indices, and
// its subtree is the contiguous range [i, i + subtree size).
#include "model/sparsity.h"

#include <math.h>
#include <string.h>

snTreeArrays sn_sparsity_tree(const mjModel* m) {
  snTreeArrays t;
  t.nbody = m->nbody;
  t.nv = m->nv;
  t.body_parentid = m->body_parentid;
  t.body_jntnum = m->body_jntnum;
  t.body_jntadr = m->body_jntadr;
  t.body_dofnum = m->body_dofnum;
  t.body_dofadr = m->body_dofadr;
  t.body_sameframe = m->body_sameframe;
  t.jnt_type = m->jnt_type;
  t.jnt_pos = m->jnt_pos;
  t.jnt_axis = m->jnt_axis;
  t.dof_parentid = m->dof_parentid;
  t.dof_simplenum = m->dof_simplenum;
  t.ntendon = m->ntendon;
  t.tendon_adr = m->tendon_adr;
  t.tendon_num = m->tendon_num;
  t.tendon_armature = m->tendon_armature;
  t.wrap_type = m->wrap_type;
  t.wrap_objid = m->wrap_objid;
  t.site_bodyid = m->site_bodyid;
  return t;
}

//---------------------------------- simple bodies -------------------------------------------------

// joint at the body origin (tolerance measured against MuJoCo 3.3.8)
static int is_origin(const mjtNum v[3]) {
  return fabs(v[0]) < 1e-6 && fabs(v[1]) < 1e-6 && fabs(v[2]) < 1e-6;
}

// exactly one component beyond round-off (tolerance measured against MuJoCo 3.3.8)
static int is_coordinate_axis(const mjtNum v[3]) {
  return (fabs(v[0]) > 1e-14) + (fabs(v[1]) > 1e-14) + (fabs(v[2]) > 1e-14) == 1;
}

// Simple value of a childless body whose placement in the tree allows it:
// 1 or 2 if its joints are a lone free joint, or coordinate-axis slides followed by
// at most one hinge (coordinate axis) or ball, all centred at the body frame;
// 2 when every joint is a slide.
static mjtByte joint_pattern(const snTreeArrays* t, int b) {
  int nj = t->body_jntnum[b], adr = t->body_jntadr[b];
  if (nj == 0) {
    return 1;
  }
  if (nj == 1 && t->jnt_type[adr] == mjJNT_FREE) {
    return 1;
  }
  int rotational = 0;
  for (int j = adr; j < adr + nj; j++) {
    int type = t->jnt_type[j];
    if (type == mjJNT_FREE || rotational || !is_origin(t->jnt_pos + 3 * j)) {
      return 0;
    }
    if (type != mjJNT_BALL && !is_coordinate_axis(t->jnt_axis + 3 * j)) {
      return 0;
    }
    if (type == mjJNT_HINGE || type == mjJNT_BALL) {
      rotational = 1;
    }
  }
  return rotational ? 1 : 2;
}

void sn_sparsity_simple(const snTreeArrays* t, mjtByte* body_simple, int* dof_simplenum) {
  // first pass: 0 marks bodies that have children
  for (int b = 0; b < t->nbody; b++) {
    body_simple[b] = 1;
  }
  for (int b = 1; b < t->nbody; b++) {
    body_simple[t->body_parentid[b]] = 0;
  }
  for (int b = 1; b < t->nbody; b++) {
    if (!body_simple[b]) {
      continue;  // has children
    }
    int p = t->body_parentid[b];
    int placed = p == 0 || (t->body_parentid[p] == 0 && t->body_dofnum[p] == 0);
    if (!placed || t->body_sameframe[b] != 1) {
      body_simple[b] = 0;
    } else {
      body_simple[b] = joint_pattern(t, b);
    }
  }
  if (t->nbody > 0) {
    body_simple[0] = 1;
  }

  // tendon armature couples the bodies the tendon passes through
  for (int k = 0; k < t->ntendon; k++) {
    if (t->tendon_armature[k] <= 0) {
      continue;
    }
    for (int w = t->tendon_adr[k]; w < t->tendon_adr[k] + t->tendon_num[k]; w++) {
      if (t->wrap_type[w] == mjWRAP_SITE) {
        body_simple[t->site_bodyid[t->wrap_objid[w]]] = 0;
      }
    }
  }

  // dof_simplenum: length of the run of simple dofs starting at each dof
  int run = 0;
  for (int b = t->nbody - 1; b >= 0; b--) {
    int adr = t->body_dofadr[b], num = t->body_dofnum[b];
    for (int i = adr + num - 1; i >= adr; i--) {
      run = body_simple[b] ? run + 1 : 0;
      dof_simplenum[i] = run;
    }
  }
}

//---------------------------------- counting ------------------------------------------------------

snSparsitySizes sn_sparsity_count(const snTreeArrays* t) {
  snSparsitySizes s = {0, 0, 0, 0};
  int nv = t->nv, nbody = t->nbody;
  int* depth = (int*)mju_malloc(sizeof(int) * (size_t)(2 * nv + 2 * nbody + 1));
  int* subsize = depth + nv;
  int* bodydofs = subsize + nv;     // dofs in the subtree of each body
  int* chaindofs = bodydofs + nbody;  // dofs on the path from the world to each body

  for (int i = 0; i < nv; i++) {
    int p = t->dof_parentid[i];
    depth[i] = p < 0 ? 0 : depth[p] + 1;
    subsize[i] = 1;
  }
  for (int i = nv - 1; i >= 0; i--) {
    int p = t->dof_parentid[i];
    if (p >= 0) {
      subsize[p] += subsize[i];
    }
  }
  for (int i = 0; i < nv; i++) {
    int simple = t->dof_simplenum && t->dof_simplenum[i] > 0;
    s.nM += depth[i] + 1;
    s.nC += simple ? 1 : depth[i] + 1;
    s.nD += depth[i] + subsize[i];
  }

  for (int b = 0; b < nbody; b++) {
    bodydofs[b] = t->body_dofnum[b];
    chaindofs[b] = t->body_dofnum[b] + (b > 0 ? chaindofs[t->body_parentid[b]] : 0);
  }
  for (int b = nbody - 1; b > 0; b--) {
    bodydofs[t->body_parentid[b]] += bodydofs[b];
  }
  for (int b = 0; b < nbody; b++) {
    s.nB += chaindofs[b] + bodydofs[b] - t->body_dofnum[b];
  }

  mju_free(depth);
  return s;
}

//---------------------------------- filling -------------------------------------------------------

// Write the ancestors of dof i (root first) into dst; returns how many were written.
static int write_ancestors(const int* dof_parentid, int i, int depth, int* dst) {
  int k = depth;
  for (int j = dof_parentid[i]; j >= 0; j = dof_parentid[j]) {
    dst[--k] = j;
  }
  return depth;
}

static void fill_M(mjModel* m, const int* depth) {
  int nv = m->nv, madr = 0, adr = 0;
  for (int i = 0; i < nv; i++) {
    m->dof_Madr[i] = madr;
    madr += depth[i] + 1;

    int simple = m->dof_simplenum[i] > 0;
    int nnz = simple ? 1 : depth[i] + 1;
    m->M_rownnz[i] = nnz;
    m->M_rowadr[i] = adr;
    if (!simple) {
      write_ancestors(m->dof_parentid, i, depth[i], m->M_colind + adr);
    }
    m->M_colind[adr + nnz - 1] = i;
    for (int k = 0; k < nnz; k++) {
      int j = m->M_colind[adr + k];
      m->mapM2M[adr + k] = m->dof_Madr[i] + depth[i] - depth[j];
    }
    adr += nnz;
  }
}

static void fill_D(mjModel* m, const int* depth, const int* subsize) {
  int nv = m->nv, adr = 0;
  for (int i = 0; i < nv; i++) {
    int nnz = depth[i] + subsize[i];
    m->D_rownnz[i] = nnz;
    m->D_rowadr[i] = adr;
    m->D_diag[i] = depth[i];
    write_ancestors(m->dof_parentid, i, depth[i], m->D_colind + adr);
    for (int k = 0; k < subsize[i]; k++) {
      m->D_colind[adr + depth[i] + k] = i + k;
    }
    adr += nnz;
  }

  // D entry (i, j) -> M entry (max, min); in row r the ancestor c sits at offset depth[c]
  for (int i = 0; i < nv; i++) {
    int radr = m->D_rowadr[i];
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int j = m->D_colind[radr + k];
      int r = i > j ? i : j, c = i > j ? j : i;
      int inM = r == c || m->dof_simplenum[r] == 0;
      m->mapM2D[radr + k] = inM ? m->M_rowadr[r] + (r == c ? m->M_rownnz[r] - 1 : depth[c]) : -1;
    }
  }

  // M entry (r, c) -> D entry (r, c): c is an ancestor of r, at offset depth[c] of D row r
  for (int r = 0; r < nv; r++) {
    for (int k = 0; k < m->M_rownnz[r]; k++) {
      int c = m->M_colind[m->M_rowadr[r] + k];
      m->mapD2M[m->M_rowadr[r] + k] = m->D_rowadr[r] + depth[c];
    }
  }
}

// B row of body b: dofs on the path from the world to b, then the dofs of its
// strict descendants (contiguous, right after b's own dofs in preorder).
static void fill_B(mjModel* m, int* bodydofs, int* lastdof) {
  int nbody = m->nbody;
  for (int b = 0; b < nbody; b++) {
    bodydofs[b] = m->body_dofnum[b];
    int p = b > 0 ? m->body_parentid[b] : -1;
    lastdof[b] = m->body_dofnum[b] ? m->body_dofadr[b] + m->body_dofnum[b] - 1
                                   : (p >= 0 ? lastdof[p] : -1);
  }
  for (int b = nbody - 1; b > 0; b--) {
    bodydofs[m->body_parentid[b]] += bodydofs[b];
  }

  int adr = 0, before = 0;  // before: dofs of bodies preceding b
  for (int b = 0; b < nbody; b++) {
    int* row = m->B_colind + adr;
    int n = 0;
    int p = b > 0 ? m->body_parentid[b] : -1;
    int top = p >= 0 ? lastdof[p] : -1;
    for (int j = top; j >= 0; j = m->dof_parentid[j]) {
      n++;
    }
    for (int j = top, k = n; j >= 0; j = m->dof_parentid[j]) {
      row[--k] = j;
    }
    for (int k = 0; k < bodydofs[b]; k++) {
      row[n++] = before + k;
    }
    m->B_rownnz[b] = n;
    m->B_rowadr[b] = adr;
    adr += n;
    before += m->body_dofnum[b];
  }
}

void sn_sparsity_fill(mjModel* m) {
  int nv = m->nv;
  int* scratch = (int*)mju_malloc(sizeof(int) * (size_t)(2 * nv + 2 * m->nbody + 1));
  int* depth = scratch;
  int* subsize = depth + nv;

  for (int i = 0; i < nv; i++) {
    int p = m->dof_parentid[i];
    depth[i] = p < 0 ? 0 : depth[p] + 1;
    subsize[i] = 1;
  }
  for (int i = nv - 1; i >= 0; i--) {
    int p = m->dof_parentid[i];
    if (p >= 0) {
      subsize[p] += subsize[i];
    }
  }

  fill_M(m, depth);
  fill_D(m, depth, subsize);
  fill_B(m, subsize + nv, subsize + nv + m->nbody);
  mju_free(scratch);
}
