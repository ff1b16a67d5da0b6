// Sparse structure of the inertia matrix: simple bodies, sizes and every index
// array, checked against the values MuJoCo 3.3.8 produces for the same trees.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "model/model.h"
#include "model/sparsity.h"

static void assert_ints(const int* a, const int* b, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] != b[i]) {
      fail_msg("entry %d: %d != %d", i, a[i], b[i]);
    }
  }
}

// Allocate a model with the tree arrays of t and fill its sparsity.
static mjModel* filled_model(const snTreeArrays* t, const int* simplenum, snSparsitySizes sz) {
  mjModel s;
  memset(&s, 0, sizeof(s));
  s.nbody = t->nbody;
  s.nv = t->nv;
  s.nM = sz.nM;
  s.nC = sz.nC;
  s.nD = sz.nD;
  s.nB = sz.nB;
  mjModel* m = sn_model_alloc(&s);
  assert_non_null(m);
  memcpy(m->body_parentid, t->body_parentid, sizeof(int) * t->nbody);
  memcpy(m->body_dofnum, t->body_dofnum, sizeof(int) * t->nbody);
  memcpy(m->body_dofadr, t->body_dofadr, sizeof(int) * t->nbody);
  memcpy(m->dof_parentid, t->dof_parentid, sizeof(int) * t->nv);
  memcpy(m->dof_simplenum, simplenum, sizeof(int) * t->nv);
  sn_sparsity_fill(m);
  return m;
}

// two free bodies (simple) and a chain of three hinges
static void test_free_bodies_and_chain(void** state) {
  (void)state;
  int parent[6] = {0, 0, 0, 0, 3, 4};
  int jntnum[6] = {0, 1, 1, 1, 1, 1}, jntadr[6] = {-1, 0, 1, 2, 3, 4};
  int dofnum[6] = {0, 6, 6, 1, 1, 1}, dofadr[6] = {-1, 0, 6, 12, 13, 14};
  mjtByte sameframe[6] = {1, 1, 1, 0, 0, 1};
  int type[5] = {mjJNT_FREE, mjJNT_FREE, mjJNT_HINGE, mjJNT_HINGE, mjJNT_HINGE};
  mjtNum pos[15] = {0};
  mjtNum axis[15] = {0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0};
  int dofparent[15] = {-1, 0, 1, 2, 3, 4, -1, 6, 7, 8, 9, 10, -1, 12, 13};
  snTreeArrays t = {.nbody = 6, .nv = 15, .body_parentid = parent, .body_jntnum = jntnum,
                    .body_jntadr = jntadr, .body_dofnum = dofnum, .body_dofadr = dofadr,
                    .body_sameframe = sameframe, .jnt_type = type, .jnt_pos = pos,
                    .jnt_axis = axis, .dof_parentid = dofparent};

  mjtByte simple[6];
  int simplenum[15];
  sn_sparsity_simple(&t, simple, simplenum);
  mjtByte simple_ref[6] = {1, 1, 1, 0, 0, 0};
  int simplenum_ref[15] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0};
  assert_memory_equal(simple, simple_ref, 6);
  assert_ints(simplenum, simplenum_ref, 15);

  t.dof_simplenum = simplenum;
  snSparsitySizes sz = sn_sparsity_count(&t);
  assert_int_equal(sz.nM, 48);
  assert_int_equal(sz.nC, 18);
  assert_int_equal(sz.nD, 81);
  assert_int_equal(sz.nB, 36);

  mjModel* m = filled_model(&t, simplenum, sz);
  int madr[15] = {0, 1, 3, 6, 10, 15, 21, 22, 24, 27, 31, 36, 42, 43, 45};
  int rownnz[15] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3};
  int colind[18] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 12, 13, 12, 13, 14};
  int mapM2M[18] = {0, 1, 3, 6, 10, 15, 21, 22, 24, 27, 31, 36, 42, 44, 43, 47, 46, 45};
  int mapD2M[18] = {0, 7, 14, 21, 28, 35, 36, 43, 50, 57, 64, 71, 72, 75, 76, 78, 79, 80};
  int D_diag[15] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2};
  int B_rownnz[6] = {15, 6, 6, 3, 3, 3};
  assert_ints(m->dof_Madr, madr, 15);
  assert_ints(m->M_rownnz, rownnz, 15);
  assert_ints(m->M_colind, colind, 18);
  assert_ints(m->mapM2M, mapM2M, 18);
  assert_ints(m->mapD2M, mapD2M, 18);
  assert_ints(m->D_diag, D_diag, 15);
  assert_ints(m->B_rownnz, B_rownnz, 6);

  // D rows: each free body is a dense 6x6 block, the chain a dense 3x3 block
  for (int i = 0; i < 15; i++) {
    int block = i < 12 ? 6 * (i / 6) : 12, size = i < 12 ? 6 : 3;
    assert_int_equal(m->D_rownnz[i], size);
    for (int k = 0; k < size; k++) {
      assert_int_equal(m->D_colind[m->D_rowadr[i] + k], block + k);
    }
  }
  // mapM2D: the diagonal of simple rows and the whole chain block are in M
  int mapM2D_chain[9] = {12, 13, 15, 13, 14, 16, 15, 16, 17};
  assert_ints(m->mapM2D + 72, mapM2D_chain, 9);
  assert_int_equal(m->mapM2D[0], 0);
  assert_int_equal(m->mapM2D[1], -1);
  assert_int_equal(m->mapM2D[7], 1);
  mj_deleteModel(m);
}

// a branching tree: slide + offset hinge at the root, two branches, a simple slider
static void test_branching_tree(void** state) {
  (void)state;
  int parent[7] = {0, 0, 1, 2, 1, 4, 0};
  int dofnum[7] = {0, 2, 1, 3, 0, 1, 1}, dofadr[7] = {-1, 0, 2, 3, -1, 6, 7};
  int dofparent[8] = {-1, 0, 1, 2, 3, 4, 1, -1};
  int simplenum[8] = {0, 0, 0, 0, 0, 0, 0, 1};
  snTreeArrays t = {.nbody = 7, .nv = 8, .body_parentid = parent, .body_dofnum = dofnum,
                    .body_dofadr = dofadr, .dof_parentid = dofparent,
                    .dof_simplenum = simplenum};
  snSparsitySizes sz = sn_sparsity_count(&t);
  assert_int_equal(sz.nM, 25);
  assert_int_equal(sz.nC, 25);
  assert_int_equal(sz.nD, 42);
  assert_int_equal(sz.nB, 34);

  mjModel* m = filled_model(&t, simplenum, sz);
  int madr[8] = {0, 1, 3, 6, 10, 15, 21, 24};
  int colind[25] = {0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4,
                    0, 1, 2, 3, 4, 5, 0, 1, 6, 7};
  int mapM2M[25] = {0, 2, 1, 5, 4, 3, 9, 8, 7, 6, 14, 13, 12,
                    11, 10, 20, 19, 18, 17, 16, 15, 23, 22, 21, 24};
  int D_rownnz[8] = {7, 7, 6, 6, 6, 6, 3, 1}, D_diag[8] = {0, 1, 2, 3, 4, 5, 2, 0};
  int B_rownnz[7] = {8, 7, 6, 6, 3, 3, 1};
  int B_colind[34] = {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 0, 1,
                      2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 6, 0, 1, 6, 7};
  int D_row6[3] = {0, 1, 6};
  assert_ints(m->dof_Madr, madr, 8);
  assert_ints(m->M_colind, colind, 25);
  assert_ints(m->mapM2M, mapM2M, 25);
  assert_ints(m->D_rownnz, D_rownnz, 8);
  assert_ints(m->D_diag, D_diag, 8);
  assert_ints(m->D_colind + m->D_rowadr[6], D_row6, 3);
  assert_ints(m->B_rownnz, B_rownnz, 7);
  assert_ints(m->B_colind, B_colind, 34);

  // the maps are mutually consistent: D -> M -> D is the identity on lower entries
  for (int i = 0; i < m->nv; i++) {
    for (int k = 0; k < m->D_rownnz[i]; k++) {
      int adr = m->D_rowadr[i] + k, j = m->D_colind[adr];
      if (j <= i) {
        assert_int_equal(m->mapD2M[m->mapM2D[adr]], adr);
      }
    }
  }
  mj_deleteModel(m);
}

// one body per case under the world; expected flags measured with MuJoCo 3.3.8
static void test_simple_rules(void** state) {
  (void)state;
  enum { NB = 16 };
  // bodies: 1 free, 2 two slides, 3 slide+hinge, 4 skew hinge, 5 offset hinge,
  // 6 two hinges, 7 hinge+slide, 8 inertia off the body frame, 9 has a child,
  // 10 child of 9, 11 dof-less, 12 child of 11 (slide), 13 dof-less,
  // 14 child of 13 (dof-less), 15 child of 14 (slide: too deep)
  int parent[NB] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 11, 0, 13, 14};
  int types[][3] = {{0}, {mjJNT_FREE}, {mjJNT_SLIDE, mjJNT_SLIDE}, {mjJNT_SLIDE, mjJNT_HINGE},
                    {mjJNT_HINGE}, {mjJNT_HINGE}, {mjJNT_HINGE, mjJNT_HINGE},
                    {mjJNT_HINGE, mjJNT_SLIDE}, {mjJNT_HINGE}, {mjJNT_SLIDE}, {mjJNT_HINGE},
                    {0}, {mjJNT_SLIDE}, {0}, {0}, {mjJNT_SLIDE}};
  int njnt_b[NB] = {0, 1, 2, 2, 1, 1, 2, 2, 1, 1, 1, 0, 1, 0, 0, 1};
  int jntnum[NB], jntadr[NB], dofnum[NB], dofadr[NB], type[32], dofparent[64];
  mjtNum pos[96] = {0}, axis[96] = {0};
  mjtByte sameframe[NB];
  int nj = 0, nv = 0;
  for (int b = 0; b < NB; b++) {
    jntnum[b] = njnt_b[b];
    jntadr[b] = njnt_b[b] ? nj : -1;
    dofadr[b] = nv;
    dofnum[b] = 0;
    sameframe[b] = b == 8 ? 0 : 1;
    for (int k = 0; k < njnt_b[b]; k++) {
      int t = types[b][k], n = t == mjJNT_FREE ? 6 : t == mjJNT_BALL ? 3 : 1;
      type[nj] = t;
      axis[3 * nj + (k % 3)] = 1;  // x, then y
      for (int i = 0; i < n; i++) {
        dofparent[nv + i] = nv + i - 1;
      }
      if (k == 0) {
        // first dof: parent is the last dof of the nearest ancestor with dofs
        int p = parent[b], pd = -1;
        while (p > 0 && pd < 0) {
          pd = dofnum[p] ? dofadr[p] + dofnum[p] - 1 : -1;
          p = parent[p];
        }
        dofparent[nv] = pd;
      }
      nv += n;
      dofnum[b] += n;
      nj++;
    }
  }
  axis[3 * 5 + 1] = 1;   // joint 5 (body 4): skewed hinge axis (1, 1, 0)
  pos[3 * 6 + 2] = 0.1;  // joint 6 (body 5): hinge off the body origin

  snTreeArrays t = {.nbody = NB, .nv = nv, .body_parentid = parent, .body_jntnum = jntnum,
                    .body_jntadr = jntadr, .body_dofnum = dofnum, .body_dofadr = dofadr,
                    .body_sameframe = sameframe, .jnt_type = type, .jnt_pos = pos,
                    .jnt_axis = axis, .dof_parentid = dofparent};
  mjtByte simple[NB];
  int simplenum[64];
  sn_sparsity_simple(&t, simple, simplenum);
  mjtByte expect[NB] = {1, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0};
  assert_memory_equal(simple, expect, NB);
  // runs of simple dofs count down to the end of the run
  assert_int_equal(simplenum[0], 10);
  assert_int_equal(simplenum[9], 1);
  assert_int_equal(simplenum[10], 0);

  // a site of a tendon with armature makes its body (and the world) non-simple
  int adr[1] = {0}, num[1] = {2}, wtype[2] = {mjWRAP_SITE, mjWRAP_SITE}, wobj[2] = {0, 1};
  int sitebody[2] = {0, 2};
  mjtNum armature[1] = {1};
  t.ntendon = 1;
  t.tendon_adr = adr;
  t.tendon_num = num;
  t.tendon_armature = armature;
  t.wrap_type = wtype;
  t.wrap_objid = wobj;
  t.site_bodyid = sitebody;
  sn_sparsity_simple(&t, simple, simplenum);
  assert_int_equal(simple[0], 0);
  assert_int_equal(simple[1], 1);
  assert_int_equal(simple[2], 0);
  assert_int_equal(simplenum[6], 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_free_bodies_and_chain),
      cmocka_unit_test(test_branching_tree),
      cmocka_unit_test(test_simple_rules),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
