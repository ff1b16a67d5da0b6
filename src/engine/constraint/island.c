// Constraint islands: kinematic trees are the vertices of a graph whose edges are the
// constraint rows; its connected components are solved independently.
//
// Rules (3.3.8's, pinned down against the oracle on stacks, humanoid200, equality and
// tendon models; see island.h for the resulting layout):
// - A row touches the trees of what it constrains: a contact the trees of its two geoms'
//   bodies, a connect/weld the trees of its two bodies (sites: their bodies), a joint
//   equality, joint limit or dof friction loss the trees of its joints/dof. These come
//   from the model, not from the Jacobian's values: a contact whose row is exactly zero
//   still makes its tree constrained. Tendon (and any other) rows touch the trees of
//   the columns of their Jacobian row: its non-zeros when dense, its stored columns
//   (structural zeros included) when sparse.
// - Trees touched by no row belong to no island; their dofs get dof_island = -1.
// - Islands are numbered by their smallest tree id.
// - Dofs and rows keep their global order inside an island.
#include <stddef.h>
#include <stdint.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/island.h"
#include "model/model.h"

//---------------------------------- arena -----------------------------------------------------------


//---------------------------------- trees of a row --------------------------------------------------

// Union-find over trees; the representative is always the smallest tree of a set.
static int uf_find(int* parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

static void uf_union(int* parent, int a, int b) {
  a = uf_find(parent, a);
  b = uf_find(parent, b);
  if (a < b) {
    parent[b] = a;
  } else if (b < a) {
    parent[a] = b;
  }
}

// Joins tree t to the row's first tree (*first, -1 until one is seen).
static void touch(int* parent, unsigned char* used, int* first, int t) {
  if (t < 0) {
    return;
  }
  used[t] = 1;
  if (*first < 0) {
    *first = t;
  } else {
    uf_union(parent, *first, t);
  }
}

static int body_tree(const mjModel* m, int body) {
  return body >= 0 ? m->body_treeid[body] : -1;
}

static int joint_tree(const mjModel* m, int jnt) {
  return jnt >= 0 && m->jnt_dofadr[jnt] >= 0 ? m->dof_treeid[m->jnt_dofadr[jnt]] : -1;
}

// Trees of a row from its Jacobian: stored columns (sparse) or non-zeros (dense).
static void touch_jacobian(const mjModel* m, const mjData* d, int r, int* parent,
                           unsigned char* used, int* first) {
  if (mj_isSparse(m)) {
    const int* col = d->efc_J_colind + d->efc_J_rowadr[r];
    for (int k = 0; k < d->efc_J_rownnz[r]; k++) {
      touch(parent, used, first, m->dof_treeid[col[k]]);
    }
  } else {
    const mjtNum* row = d->efc_J + (size_t)r * m->nv;
    for (int k = 0; k < m->nv; k++) {
      if (row[k] != 0) {
        touch(parent, used, first, m->dof_treeid[k]);
      }
    }
  }
}

// Marks the trees row r touches and joins them; returns one of them (-1 if none).
static int row_trees(const mjModel* m, const mjData* d, int r, int* parent,
                     unsigned char* used) {
  int first = -1, id = d->efc_id[r];
  switch (d->efc_type[r]) {
    case mjCNSTR_CONTACT_FRICTIONLESS:
    case mjCNSTR_CONTACT_PYRAMIDAL:
    case mjCNSTR_CONTACT_ELLIPTIC: {
      const mjContact* con = d->contact + id;
      if (con->geom[0] < 0 || con->geom[1] < 0) {
        touch_jacobian(m, d, r, parent, used, &first);  // flex contacts
        break;
      }
      touch(parent, used, &first, body_tree(m, m->geom_bodyid[con->geom[0]]));
      touch(parent, used, &first, body_tree(m, m->geom_bodyid[con->geom[1]]));
      break;
    }
    case mjCNSTR_FRICTION_DOF:
      touch(parent, used, &first, m->dof_treeid[id]);
      break;
    case mjCNSTR_LIMIT_JOINT:
      touch(parent, used, &first, joint_tree(m, id));
      break;
    case mjCNSTR_EQUALITY: {
      int o1 = m->eq_obj1id[id], o2 = m->eq_obj2id[id];
      if (m->eq_type[id] == mjEQ_CONNECT || m->eq_type[id] == mjEQ_WELD) {
        if (m->eq_objtype[id] == mjOBJ_SITE) {
          o1 = o1 >= 0 ? m->site_bodyid[o1] : -1;
          o2 = o2 >= 0 ? m->site_bodyid[o2] : -1;
        }
        touch(parent, used, &first, body_tree(m, o1));
        touch(parent, used, &first, body_tree(m, o2));
      } else if (m->eq_type[id] == mjEQ_JOINT) {
        touch(parent, used, &first, joint_tree(m, o1));
        touch(parent, used, &first, joint_tree(m, o2));
      } else {
        touch_jacobian(m, d, r, parent, used, &first);  // tendon, flex
      }
      break;
    }
    default:
      touch_jacobian(m, d, r, parent, used, &first);  // tendon friction and limits
      break;
  }
  return first;
}

//---------------------------------- discovery -------------------------------------------------------

// Island of every tree (-1: unconstrained) and the tree of every row (-1: none).
// parent and used are scratch of ntree entries. Returns the number of islands.
static int discover(const mjModel* m, const mjData* d, int* tree_island, int* efc_tree,
                    int* parent, unsigned char* used) {
  int ntree = m->ntree;
  for (int t = 0; t < ntree; t++) {
    parent[t] = t;
    used[t] = 0;
  }
  for (int r = 0; r < d->nefc; r++) {
    efc_tree[r] = row_trees(m, d, r, parent, used);
  }

  // a set's root is its smallest tree, so it is numbered before the other members;
  // only touched trees are ever joined, so a set is touched exactly when its root is
  int nisland = 0;
  for (int t = 0; t < ntree; t++) {
    int root = uf_find(parent, t);
    if (root == t) {
      tree_island[t] = used[t] ? nisland++ : -1;
    } else {
      tree_island[t] = tree_island[root];
    }
  }
  return nisland;
}

//---------------------------------- mj_island -------------------------------------------------------

#define ALLOC(field, type, n)                                   \
  do {                                                          \
    d->field = (type*)sn_arena_alloc(d, sizeof(type) * (size_t)(n)); \
    if (!d->field) {                                            \
      goto full;                                                \
    }                                                           \
  } while (0)

// The island-level arrays: maps, counts and the island-local copies.
static int allocate(const mjModel* m, mjData* d, int nisland, int nidof) {
  int nv = m->nv, nefc = d->nefc, nC = m->nC;
  int nJ = mj_isSparse(m) ? d->nJ : nefc * nv;
  ALLOC(dof_island, int, nv);
  ALLOC(island_nv, int, nisland);
  ALLOC(island_idofadr, int, nisland);
  ALLOC(island_dofadr, int, nisland);
  ALLOC(map_dof2idof, int, nv);
  ALLOC(map_idof2dof, int, nv);
  ALLOC(ifrc_smooth, mjtNum, nidof);
  ALLOC(iacc_smooth, mjtNum, nidof);
  ALLOC(iM_rownnz, int, nidof);
  ALLOC(iM_rowadr, int, nidof);
  ALLOC(iM_colind, int, nC);
  ALLOC(iM, mjtNum, nC);
  ALLOC(iLD, mjtNum, nC);
  ALLOC(iLDiagInv, mjtNum, nidof);
  ALLOC(iacc, mjtNum, nidof);
  ALLOC(efc_island, int, nefc);
  ALLOC(island_ne, int, nisland);
  ALLOC(island_nf, int, nisland);
  ALLOC(island_nefc, int, nisland);
  ALLOC(island_iefcadr, int, nisland);
  ALLOC(map_efc2iefc, int, nefc);
  ALLOC(map_iefc2efc, int, nefc);
  ALLOC(iefc_type, int, nefc);
  ALLOC(iefc_id, int, nefc);
  ALLOC(iefc_J_rownnz, int, nefc);
  ALLOC(iefc_J_rowadr, int, nefc);
  ALLOC(iefc_J_rowsuper, int, nefc);
  ALLOC(iefc_J_colind, int, nJ);
  ALLOC(iefc_J, mjtNum, nJ);
  ALLOC(iefc_frictionloss, mjtNum, nefc);
  ALLOC(iefc_D, mjtNum, nefc);
  ALLOC(iefc_R, mjtNum, nefc);
  ALLOC(iefc_aref, mjtNum, nefc);
  ALLOC(iefc_state, int, nefc);
  ALLOC(iefc_force, mjtNum, nefc);
  ALLOC(ifrc_constraint, mjtNum, nidof);
  return 0;
full:
  return 1;
}

#undef ALLOC

// Dof and row maps: island-major, global order inside each island, the rest after.
static void fill_maps(const mjModel* m, mjData* d, const int* tree_island,
                      const int* efc_isl, int* fill) {
  int nv = m->nv, nefc = d->nefc, nisland = d->nisland;
  for (int i = 0; i < nisland; i++) {
    d->island_nv[i] = d->island_ne[i] = d->island_nf[i] = d->island_nefc[i] = 0;
  }
  for (int k = 0; k < nv; k++) {
    int i = tree_island[m->dof_treeid[k]];
    d->dof_island[k] = i;
    if (i >= 0) {
      d->island_nv[i]++;
    }
  }
  int ninrow = 0;
  for (int r = 0; r < nefc; r++) {
    int i = efc_isl[r];
    d->efc_island[r] = i;
    if (i < 0) {
      continue;
    }
    ninrow++;
    d->island_nefc[i]++;
    int type = d->efc_type[r];
    if (type == mjCNSTR_EQUALITY) {
      d->island_ne[i]++;
    } else if (type == mjCNSTR_FRICTION_DOF || type == mjCNSTR_FRICTION_TENDON) {
      d->island_nf[i]++;
    }
  }

  int adr = 0;
  for (int i = 0; i < nisland; i++) {
    d->island_idofadr[i] = adr;
    fill[i] = adr;
    adr += d->island_nv[i];
  }
  int rest = adr;  // == nidof
  for (int k = 0; k < nv; k++) {
    int i = d->dof_island[k];
    int idof = i >= 0 ? fill[i]++ : rest++;
    d->map_dof2idof[k] = idof;
    d->map_idof2dof[idof] = k;
  }
  for (int i = 0; i < nisland; i++) {
    d->island_dofadr[i] = d->map_idof2dof[d->island_idofadr[i]];
  }

  adr = 0;
  for (int i = 0; i < nisland; i++) {
    d->island_iefcadr[i] = adr;
    fill[i] = adr;
    adr += d->island_nefc[i];
  }
  rest = ninrow;  // rows touching no tree (none in practice) go last
  for (int r = 0; r < nefc; r++) {
    int i = d->efc_island[r];
    int iefc = i >= 0 ? fill[i]++ : rest++;
    d->map_efc2iefc[r] = iefc;
    d->map_iefc2efc[iefc] = r;
  }
}

void mj_island(const mjModel* m, mjData* d) {
  d->nisland = d->nidof = 0;
  // 3.3.8 finds no islands when the flag is off, even if called directly
  if ((m->opt.disableflags & mjDSBL_ISLAND) || d->nefc == 0 || m->ntree == 0) {
    return;
  }

  mj_markStack(d);
  int* tree_island = mj_stackAllocInt(d, (size_t)m->ntree);
  int* parent = mj_stackAllocInt(d, (size_t)m->ntree);
  unsigned char* used = (unsigned char*)mj_stackAllocByte(d, (size_t)m->ntree, 1);
  int* efc_isl = mj_stackAllocInt(d, (size_t)d->nefc);
  int nisland = discover(m, d, tree_island, efc_isl, parent, used);
  for (int r = 0; r < d->nefc; r++) {
    efc_isl[r] = efc_isl[r] >= 0 ? tree_island[efc_isl[r]] : -1;
  }
  int nidof = 0;
  for (int k = 0; k < m->nv; k++) {
    nidof += tree_island[m->dof_treeid[k]] >= 0;
  }

  size_t parena = d->parena;
  if (nisland == 0 || allocate(m, d, nisland, nidof)) {
    if (nisland) {
      d->parena = parena;
      mj_warning(d, mjWARN_CNSTRFULL, (int)d->narena);
    }
    mj_freeStack(d);
    return;
  }
  d->nisland = nisland;
  d->nidof = nidof;
  int* fill = mj_stackAllocInt(d, (size_t)nisland);
  fill_maps(m, d, tree_island, efc_isl, fill);
  mj_freeStack(d);

  sn_island_copy(m, d);
}
