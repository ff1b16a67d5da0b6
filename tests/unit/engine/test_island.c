// mj_island: discovery invariants on hand-made rows, and agreement with MuJoCo 3.3.8
// on the oracle's own rows (tests/unit/engine/data/island_*.txt, written by
// tests/conformance/island_cases.mjs): the oracle's contacts and efc rows are put into
// Sinew's mjData for the same qpos, mj_island runs, and every island field must match.
#include <stdio.h>
#include <stdlib.h>

#include "engine/constraint/island.h"
#include "engine_test_model.h"

//---------------------------------- putting rows into mjData ---------------------------------------

// Bump allocation in the arena, as the assembly does, for rows made by the test.
static void* test_arena(mjData* d, size_t bytes) {
  size_t start = (d->parena + 63) & ~(size_t)63;
  assert_true(start + bytes <= (size_t)d->narena - d->pstack);
  d->parena = start + bytes;
  return (char*)d->arena + start;
}

// Replace the contacts by ncon geom pairs and allocate nefc rows (J dense or nJ sparse).
static void test_rows(const mjModel* m, mjData* d, int ncon, const int* geoms, int nefc,
                      int nJ) {
  d->ncon = ncon;
  d->parena = (size_t)ncon * sizeof(mjContact);
  for (int i = 0; i < ncon; i++) {
    memset(d->contact + i, 0, sizeof(mjContact));
    d->contact[i].geom1 = d->contact[i].geom[0] = geoms[2 * i];
    d->contact[i].geom2 = d->contact[i].geom[1] = geoms[2 * i + 1];
    d->contact[i].flex[0] = d->contact[i].flex[1] = -1;
  }
  int sparse = mj_isSparse(m);
  if (!sparse) {
    nJ = nefc * m->nv;
  }
  d->nefc = nefc;
  d->nJ = nJ;
  d->efc_type = test_arena(d, sizeof(int) * (size_t)nefc);
  d->efc_id = test_arena(d, sizeof(int) * (size_t)nefc);
  d->efc_J_rownnz = test_arena(d, sizeof(int) * (size_t)nefc);
  d->efc_J_rowadr = test_arena(d, sizeof(int) * (size_t)nefc);
  d->efc_J_colind = test_arena(d, sizeof(int) * (size_t)nJ);
  d->efc_J = test_arena(d, sizeof(mjtNum) * (size_t)nJ);
  d->efc_frictionloss = test_arena(d, sizeof(mjtNum) * (size_t)nefc);
  d->efc_D = test_arena(d, sizeof(mjtNum) * (size_t)nefc);
  d->efc_R = test_arena(d, sizeof(mjtNum) * (size_t)nefc);
  memset(d->efc_J, 0, sizeof(mjtNum) * (size_t)nJ);
  for (int r = 0; r < nefc; r++) {
    d->efc_frictionloss[r] = 0;
    d->efc_D[r] = d->efc_R[r] = r + 1;
  }
}

//---------------------------------- invariants --------------------------------------------------------

// The trees touched by row r, from its Jacobian's structure (sparse) or the model
// (contacts), as a bit set over trees < 64; used to check that islands are disconnected.
static void check_invariants(const mjModel* m, const mjData* d) {
  int nv = m->nv, nefc = d->nefc, ni = d->nisland;
  if (ni == 0) {
    return;
  }
  // maps are inverse permutations, island-major with the unconstrained dofs last
  int nidof = 0;
  for (int i = 0; i < ni; i++) {
    assert_int_equal(d->island_idofadr[i], nidof);
    assert_true(d->island_nv[i] > 0);
    nidof += d->island_nv[i];
  }
  assert_int_equal(nidof, d->nidof);
  for (int k = 0; k < nv; k++) {
    int idof = d->map_dof2idof[k];
    assert_int_equal(d->map_idof2dof[idof], k);
    int i = d->dof_island[k];
    if (i >= 0) {
      assert_true(idof >= d->island_idofadr[i] && idof < d->island_idofadr[i] + d->island_nv[i]);
    } else {
      assert_true(idof >= nidof);
    }
    // a tree is in one island: all its dofs share it
    for (int q = 0; q < nv; q++) {
      if (m->dof_treeid[q] == m->dof_treeid[k]) {
        assert_int_equal(d->dof_island[q], i);
      }
    }
  }
  // rows: inverse maps, counts, global order inside an island
  int nrow = 0;
  for (int i = 0; i < ni; i++) {
    assert_int_equal(d->island_iefcadr[i], nrow);
    assert_true(d->island_nefc[i] > 0);
    int ne = 0, nf = 0;
    for (int q = 0; q < d->island_nefc[i]; q++) {
      int r = d->map_iefc2efc[nrow + q];
      assert_int_equal(d->efc_island[r], i);
      assert_int_equal(d->map_efc2iefc[r], nrow + q);
      if (q) {
        assert_true(r > d->map_iefc2efc[nrow + q - 1]);
      }
      ne += d->efc_type[r] == mjCNSTR_EQUALITY;
      nf += d->efc_type[r] == mjCNSTR_FRICTION_DOF || d->efc_type[r] == mjCNSTR_FRICTION_TENDON;
    }
    assert_int_equal(d->island_ne[i], ne);
    assert_int_equal(d->island_nf[i], nf);
    nrow += d->island_nefc[i];
  }
  assert_int_equal(nrow, nefc);
  // islands are disconnected: every row's contact bodies, or its Jacobian's dofs, lie
  // in the row's island; a tree is constrained exactly when some row touches it
  int* touched = calloc((size_t)m->ntree, sizeof(int));
  for (int r = 0; r < nefc; r++) {
    int t = d->efc_type[r];
    if (t >= mjCNSTR_CONTACT_FRICTIONLESS) {
      const mjContact* c = d->contact + d->efc_id[r];
      for (int s = 0; s < 2; s++) {
        int tree = m->body_treeid[m->geom_bodyid[c->geom[s]]];
        if (tree >= 0) {
          touched[tree] = 1;
          for (int k = 0; k < nv; k++) {
            if (m->dof_treeid[k] == tree) {
              assert_int_equal(d->dof_island[k], d->efc_island[r]);
            }
          }
        }
      }
    } else if (mj_isSparse(m)) {
      for (int k = 0; k < d->efc_J_rownnz[r]; k++) {
        int dof = d->efc_J_colind[d->efc_J_rowadr[r] + k];
        touched[m->dof_treeid[dof]] = 1;
        assert_int_equal(d->dof_island[dof], d->efc_island[r]);
      }
    }
  }
  if (mj_isSparse(m)) {
    for (int k = 0; k < nv; k++) {
      assert_int_equal(d->dof_island[k] >= 0, touched[m->dof_treeid[k]]);
    }
  }
  free(touched);
}

//---------------------------------- hand-made rows ------------------------------------------------------

// Five free spheres (trees 0..4) and a hinge (tree 5) above a floor; no contacts from
// collision, the rows are made by hand.
static const char* kSpheres =
    "<mujoco><option jacobian='sparse'/><worldbody><geom type='plane' size='5 5 .1'/>"
    "<body pos='0 0 1'><freejoint/><geom size='.1'/></body>"
    "<body pos='1 0 1'><freejoint/><geom size='.1'/></body>"
    "<body pos='2 0 1'><freejoint/><geom size='.1'/></body>"
    "<body pos='3 0 1'><freejoint/><geom size='.1'/></body>"
    "<body pos='4 0 1'><freejoint/><geom size='.1'/></body>"
    "<body pos='5 0 1'><joint axis='0 1 0' range='-1 1'/><geom size='.1'/></body>"
    "</worldbody></mujoco>";

// Sparse contact row r between geoms' trees: both trees' six columns.
static void contact_row(const mjModel* m, mjData* d, int r, int con, int* adr) {
  d->efc_type[r] = mjCNSTR_CONTACT_PYRAMIDAL;
  d->efc_id[r] = con;
  d->efc_J_rowadr[r] = *adr;
  d->efc_J_rownnz[r] = 0;
  for (int s = 0; s < 2; s++) {
    int body = m->geom_bodyid[d->contact[con].geom[s]];
    if (m->body_dofnum[body] == 0) {
      continue;
    }
    for (int k = 0; k < m->body_dofnum[body]; k++) {
      d->efc_J_colind[*adr + d->efc_J_rownnz[r]] = m->body_dofadr[body] + k;
      d->efc_J[*adr + d->efc_J_rownnz[r]] = 1;
      d->efc_J_rownnz[r]++;
    }
  }
  *adr += d->efc_J_rownnz[r];
}

// Rows: the hinge's limit (tree 5) first, then one pyramidal row per geom pair.
static void hand_rows(const mjModel* m, mjData* d, const int* geoms, int ncon) {
  test_rows(m, d, ncon, geoms, ncon + 1, 64);
  d->efc_type[0] = mjCNSTR_LIMIT_JOINT;
  d->efc_id[0] = 5;
  d->efc_J_rowadr[0] = 0;
  d->efc_J_rownnz[0] = 1;
  d->efc_J_colind[0] = 30;
  d->efc_J[0] = 1;
  int adr = 1;
  for (int r = 1; r <= ncon; r++) {
    contact_row(m, d, r, r - 1, &adr);
  }
  d->nJ = adr;
}

static void test_hand_made(void** state) {
  (void)state;
  mjModel* m = sn_test_load(kSpheres);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  assert_int_equal(m->ntree, 6);

  // geom 0 is the floor, geom 1 + t the sphere of tree t: contacts 3-1, floor-4, 0-2
  int geoms[] = {4, 2, 0, 5, 1, 3};
  hand_rows(m, d, geoms, 3);
  mj_island(m, d);
  check_invariants(m, d);

  // islands by smallest tree: {0,2}, {1,3}, {4}, {5}, though the rows come in another order
  assert_int_equal(d->nisland, 4);
  assert_int_equal(d->nidof, 31);
  int nv_exp[] = {12, 12, 6, 1}, dofadr_exp[] = {0, 6, 24, 30};
  for (int i = 0; i < 4; i++) {
    assert_int_equal(d->island_nv[i], nv_exp[i]);
    assert_int_equal(d->island_dofadr[i], dofadr_exp[i]);
  }
  int efc_island_exp[] = {3, 1, 2, 0};
  for (int r = 0; r < 4; r++) {
    assert_int_equal(d->efc_island[r], efc_island_exp[r]);
  }
  // the island of trees {0,2} holds dofs 0..5 then 12..17
  assert_int_equal(d->map_idof2dof[6], 12);
  assert_int_equal(d->map_dof2idof[12], 6);

  // no contact with tree 4: it is unconstrained, its dofs go after the island dofs
  int geoms2[] = {4, 2, 1, 3, 1, 3};
  hand_rows(m, d, geoms2, 3);
  mj_island(m, d);
  check_invariants(m, d);
  assert_int_equal(d->nisland, 3);
  assert_int_equal(d->nidof, 25);
  for (int k = 24; k < 30; k++) {
    assert_int_equal(d->dof_island[k], -1);
    assert_int_equal(d->map_dof2idof[k], k - 24 + 25);
  }
  assert_int_equal(d->island_nefc[0], 2);
  assert_int_equal(d->map_iefc2efc[0], 2);
  assert_int_equal(d->map_iefc2efc[1], 3);

  // no rows: no islands; islands disabled: none either
  d->nefc = 0;
  mj_island(m, d);
  assert_int_equal(d->nisland, 0);
  assert_int_equal(d->nidof, 0);
  d->nefc = 4;
  m->opt.disableflags |= mjDSBL_ISLAND;
  mj_island(m, d);
  assert_int_equal(d->nisland, 0);
  m->opt.disableflags &= ~mjDSBL_ISLAND;

  // per-island helpers: gather/scatter round trip, M*solveM = identity
  mj_island(m, d);
  mj_markStack(d);
  mjtNum* g = mj_stackAllocNum(d, (size_t)m->nv);
  mjtNum* back = mj_stackAllocNum(d, (size_t)m->nv);
  mjtNum* x = mj_stackAllocNum(d, (size_t)m->nv);
  for (int k = 0; k < m->nv; k++) {
    d->qacc[k] = k + 0.5;
    back[k] = -1;
  }
  sn_island_gatherDofs(d, g, d->qacc);
  sn_island_scatterDofs(d, back, g);
  for (int k = 0; k < m->nv; k++) {
    assert_true(back[k] == (d->dof_island[k] >= 0 ? d->qacc[k] : -1));
  }
  for (int i = 0; i < d->nisland; i++) {
    mjtNum* gi = g + d->island_idofadr[i];
    sn_island_mulM(d, i, x, gi);
    sn_island_solveM(d, i, x);
    for (int k = 0; k < d->island_nv[i]; k++) {
      assert_near(x[k], gi[k], 1e-10);
    }
  }
  mj_freeStack(d);
  mj_deleteData(d);
  mj_deleteModel(m);
}

//---------------------------------- oracle cases ---------------------------------------------------------

typedef struct {
  char name[64];
  int n;
  double* v;
} Field;

typedef struct {
  char model[128];
  int seed;
  Field f[64];
  int nf;
} Case;

static const Field* field(const Case* c, const char* name) {
  for (int i = 0; i < c->nf; i++) {
    if (!strcmp(c->f[i].name, name)) {
      return c->f + i;
    }
  }
  return NULL;
}

static void free_case(Case* c) {
  for (int i = 0; i < c->nf; i++) {
    free(c->f[i].v);
  }
  c->nf = 0;
}

// Next "case ... end" block; 0 at end of file.
static int read_case(FILE* fp, Case* c) {
  char word[64];
  c->nf = 0;
  while (fscanf(fp, "%63s", word) == 1) {
    if (word[0] == '#') {
      int ch;
      while ((ch = fgetc(fp)) != '\n' && ch != EOF) {
      }
    } else if (!strcmp(word, "case")) {
      int steps;
      assert_int_equal(fscanf(fp, "%127s %d %d", c->model, &c->seed, &steps), 3);
    } else if (!strcmp(word, "end")) {
      return 1;
    } else {
      assert_true(c->nf < 64);
      Field* f = c->f + c->nf++;
      snprintf(f->name, sizeof(f->name), "%s", word);
      assert_int_equal(fscanf(fp, "%d", &f->n), 1);
      f->v = malloc(sizeof(double) * (size_t)(f->n + 1));
      for (int k = 0; k < f->n; k++) {
        assert_int_equal(fscanf(fp, "%lf", f->v + k), 1);
      }
    }
  }
  return 0;
}

static void expect_int(const Case* c, const char* name, const int* got) {
  const Field* f = field(c, name);
  assert_non_null(f);
  for (int k = 0; k < f->n; k++) {
    if (got[k] != (int)f->v[k]) {
      fail_msg("%s seed %d: %s[%d] = %d, oracle %d", c->model, c->seed, name, k, got[k],
               (int)f->v[k]);
    }
  }
}

static void expect_num(const Case* c, const char* name, const mjtNum* got, double tol) {
  const Field* f = field(c, name);
  assert_non_null(f);
  for (int k = 0; k < f->n; k++) {
    if (fabs(got[k] - f->v[k]) > tol * (1 + fabs(f->v[k]))) {
      fail_msg("%s seed %d: %s[%d] = %.17g, oracle %.17g", c->model, c->seed, name, k, got[k],
               f->v[k]);
    }
  }
}

// The oracle's rows into Sinew's mjData at the oracle's qpos, then mj_island.
static void run_case(const Case* c, const char* dir) {
  char path[512];
  snprintf(path, sizeof(path), "%s/%s", dir, c->model);
  char err[500] = "";
  mjModel* m = mj_loadXML(path, NULL, err, sizeof(err));
  if (!m) {
    fail_msg("%s: %s", path, err);
  }
  mjData* d = mj_makeData(m);
  const Field* q = field(c, "qpos");
  for (int k = 0; k < m->nq; k++) {
    d->qpos[k] = q->v[k];
  }
  mj_forward(m, d);  // M and its factor at this qpos

  const Field* geoms = field(c, "contact_geom");
  const Field* type = field(c, "efc_type");
  int nefc = type->n, ncon = geoms->n / 2;
  int* gi = malloc(sizeof(int) * (size_t)(geoms->n + 1));
  for (int k = 0; k < geoms->n; k++) {
    gi[k] = (int)geoms->v[k];
  }
  const Field* J = field(c, "efc_J");
  test_rows(m, d, ncon, gi, nefc, J->n);
  free(gi);
  for (int r = 0; r < nefc; r++) {
    d->efc_type[r] = (int)type->v[r];
    d->efc_id[r] = (int)field(c, "efc_id")->v[r];
    d->efc_frictionloss[r] = field(c, "efc_frictionloss")->v[r];
    d->efc_D[r] = field(c, "efc_D")->v[r];
    d->efc_R[r] = field(c, "efc_R")->v[r];
  }
  for (int k = 0; k < J->n; k++) {
    d->efc_J[k] = J->v[k];
  }
  int sparse = (int)field(c, "sparse")->v[0];
  assert_int_equal(sparse, mj_isSparse(m));
  if (sparse) {
    for (int r = 0; r < nefc; r++) {
      d->efc_J_rownnz[r] = (int)field(c, "efc_J_rownnz")->v[r];
      d->efc_J_rowadr[r] = (int)field(c, "efc_J_rowadr")->v[r];
    }
    for (int k = 0; k < J->n; k++) {
      d->efc_J_colind[k] = (int)field(c, "efc_J_colind")->v[k];
    }
  }

  mj_island(m, d);
  assert_int_equal(d->nisland, (int)field(c, "nisland")->v[0]);
  assert_int_equal(d->nidof, (int)field(c, "nidof")->v[0]);
  check_invariants(m, d);
  if (d->nisland) {
    expect_int(c, "dof_island", d->dof_island);
    expect_int(c, "map_dof2idof", d->map_dof2idof);
    expect_int(c, "map_idof2dof", d->map_idof2dof);
    expect_int(c, "island_nv", d->island_nv);
    expect_int(c, "island_idofadr", d->island_idofadr);
    expect_int(c, "island_dofadr", d->island_dofadr);
    expect_int(c, "island_ne", d->island_ne);
    expect_int(c, "island_nf", d->island_nf);
    expect_int(c, "island_nefc", d->island_nefc);
    expect_int(c, "island_iefcadr", d->island_iefcadr);
    expect_int(c, "efc_island", d->efc_island);
    expect_int(c, "map_efc2iefc", d->map_efc2iefc);
    expect_int(c, "map_iefc2efc", d->map_iefc2efc);
    expect_int(c, "iefc_type", d->iefc_type);
    expect_int(c, "iefc_id", d->iefc_id);
    expect_num(c, "iefc_frictionloss", d->iefc_frictionloss, 0);
    expect_num(c, "iefc_D", d->iefc_D, 0);
    expect_num(c, "iefc_R", d->iefc_R, 0);
    if (sparse) {
      expect_int(c, "iefc_J_rownnz", d->iefc_J_rownnz);
      expect_int(c, "iefc_J_rowadr", d->iefc_J_rowadr);
      expect_int(c, "iefc_J_rowsuper", d->iefc_J_rowsuper);
      expect_int(c, "iefc_J_colind", d->iefc_J_colind);
      expect_num(c, "iefc_J", d->iefc_J, 0);
    } else {
      const Field* blocks = field(c, "iefc_J_blocks");
      int at = 0;
      for (int i = 0; i < d->nisland; i++) {
        const mjtNum* b = d->iefc_J + (size_t)d->island_iefcadr[i] * d->nidof;
        for (int k = 0; k < d->island_nefc[i] * d->island_nv[i]; k++) {
          assert_true(b[k] == blocks->v[at++]);
        }
      }
      assert_int_equal(at, blocks->n);
    }
    // the inertia is Sinew's own at the same qpos: agreement to rounding
    expect_int(c, "iM_rownnz", d->iM_rownnz);
    expect_int(c, "iM_rowadr", d->iM_rowadr);
    expect_int(c, "iM_colind", d->iM_colind);
    expect_num(c, "iM", d->iM, 1e-12);
    expect_num(c, "iLD", d->iLD, 1e-12);
    expect_num(c, "iLDiagInv", d->iLDiagInv, 1e-12);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
}

static void run_file(const char* name) {
  const char* models = getenv("SINEW_TEST_MODELS");
  if (!models) {
    skip();
  }
  char path[512];
  snprintf(path, sizeof(path), "%s/../unit/engine/data/%s", models, name);
  FILE* fp = fopen(path, "r");
  if (!fp) {
    fail_msg("cannot open %s", path);
  }
  Case c;
  int n = 0;
  while (read_case(fp, &c)) {
    run_case(&c, models);
    free_case(&c);
    n++;
  }
  free_case(&c);
  fclose(fp);
  assert_true(n > 0);
}

static void test_oracle_stack(void** state) {
  (void)state;
  run_file("island_stack.txt");
}

static void test_oracle_sparse(void** state) {
  (void)state;
  run_file("island_sparse.txt");
}

static void test_oracle_equality(void** state) {
  (void)state;
  run_file("island_equality.txt");
}

// tendon friction-loss and limit rows couple the trees their tendons reach
static void test_oracle_tendon(void** state) {
  (void)state;
  run_file("island_tendon.txt");
  run_file("island_tendon_sparse.txt");
}

//---------------------------------- per-island solve -------------------------------------------------

// Islands are independent: solving them one by one (CG, Newton) or all at once must reach
// the same optimum; dofs in no island keep their smooth acceleration.
static void test_island_solve(void** state) {
  (void)state;
  const char* models = getenv("SINEW_TEST_MODELS");
  if (!models) {
    skip();
  }
  const char* names[] = {"island_stack.xml", "island_sparse.xml"};
  for (int f = 0; f < 2; f++) {
    for (int solver = mjSOL_CG; solver <= mjSOL_NEWTON; solver++) {
      char path[512], err[500] = "";
      snprintf(path, sizeof(path), "%s/%s", models, names[f]);
      mjModel* m = mj_loadXML(path, NULL, err, sizeof(err));
      assert_non_null(m);
      m->opt.solver = solver;
      m->opt.tolerance = 1e-14;
      m->opt.iterations = 1000;
      mjData* d = mj_makeData(m);
      mjtNum* qacc = calloc((size_t)m->nv, sizeof(mjtNum));
      for (int k = 0; k < m->nq; k++) {
        d->qpos[k] += 0.01 * sin(3.0 * k + f);
      }
      mj_forward(m, d);
      assert_true(d->nisland > 1);
      for (int k = 0; k < m->nv; k++) {
        qacc[k] = d->qacc[k];
        if (d->dof_island[k] < 0) {
          assert_true(d->qacc[k] == d->qacc_smooth[k]);
          assert_true(d->qfrc_constraint[k] == 0);
        }
      }
      for (int i = 0; i < d->nisland && i < mjNISLAND; i++) {
        assert_true(d->solver_niter[i] >= 0);
      }
      m->opt.disableflags |= mjDSBL_ISLAND;
      mj_forward(m, d);
      assert_int_equal(d->nisland, 0);
      for (int k = 0; k < m->nv; k++) {
        // Newton reaches the optimum to rounding (1e-14 seen); CG stops once its line
        // search stalls, about 1e-7 relative here
        mjtNum tol = solver == mjSOL_NEWTON ? 1e-10 : 1e-6;
        assert_near(qacc[k], d->qacc[k], tol * (1 + fabs(d->qacc[k])));
      }
      free(qacc);
      mj_deleteData(d);
      mj_deleteModel(m);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_hand_made),
      cmocka_unit_test(test_oracle_stack),
      cmocka_unit_test(test_oracle_sparse),
      cmocka_unit_test(test_oracle_equality),
      cmocka_unit_test(test_oracle_tendon),
      cmocka_unit_test(test_island_solve),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
