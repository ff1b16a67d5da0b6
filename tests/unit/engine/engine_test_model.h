// Models for the engine unit tests. Hand-built ones: a tree of bodies with at most
// one joint each, boxes of given mass and half-sizes at the body frame origin (or at
// ipos), plus actuator slots that the tests fill in. And the helpers shared by the
// tests that load MJCF from a string: sn_test_load, the double-precision
// assert_near and assert_vec_equal, the pseudo-random states and the common tree.
#ifndef SINEW_TESTS_ENGINE_TEST_MODEL_H_
#define SINEW_TESTS_ENGINE_TEST_MODEL_H_

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "../sn_load.h"
#include "model/model.h"
#include "model/sparsity.h"

typedef struct {
  int parent;         // parent body (0: world)
  int jnt;            // mjtJoint, or -1 for a body welded to its parent
  mjtNum pos[3];      // body position in the parent frame
  mjtNum axis[3];     // hinge/slide axis
  mjtNum ipos[3];     // centre of mass in the body frame
  mjtNum mass;
  mjtNum inertia[3];  // principal inertia (axes aligned with the body frame)
} snTestBody;

static inline int sn_test_nq(int type) {
  return type == mjJNT_FREE ? 7 : type == mjJNT_BALL ? 4 : type < 0 ? 0 : 1;
}

static inline int sn_test_nv(int type) {
  return type == mjJNT_FREE ? 6 : type == mjJNT_BALL ? 3 : type < 0 ? 0 : 1;
}

// Tree arrays of the bodies, computed before the model exists.
typedef struct {
  int parent[64], dofnum[64], dofadr[64], jntnum[64], jntadr[64];
  int dof_parentid[256];
  int nv, nq, njnt;
} snTestTree;

static inline void sn_test_tree(const snTestBody* b, int n, snTestTree* t) {
  memset(t, 0, sizeof(*t));
  t->parent[0] = -1;
  for (int i = 1; i <= n; i++) {
    const snTestBody* bi = b + i - 1;
    t->parent[i] = bi->parent;
    t->dofnum[i] = sn_test_nv(bi->jnt);
    t->dofadr[i] = t->dofnum[i] ? t->nv : -1;
    t->jntnum[i] = bi->jnt >= 0;
    t->jntadr[i] = bi->jnt >= 0 ? t->njnt : -1;
    // parent dof: last dof of the nearest ancestor with dofs
    int parentdof = -1;
    for (int p = bi->parent; p > 0 && parentdof < 0; p = t->parent[p]) {
      if (t->dofnum[p]) {
        parentdof = t->dofadr[p] + t->dofnum[p] - 1;
      }
    }
    for (int k = 0; k < t->dofnum[i]; k++) {
      t->dof_parentid[t->nv + k] = k == 0 ? parentdof : t->nv + k - 1;
    }
    t->nv += t->dofnum[i];
    t->nq += sn_test_nq(bi->jnt);
    t->njnt += t->jntnum[i];
  }
}

// Build a model of n bodies (world excluded) and nu actuators with na activations.
// Actuator fields are zeroed except for defaults (gear 1, gain 1, dynprm 1,
// actadr -1). The inertia pattern keeps every ancestor (no simple bodies).
static inline mjModel* sn_test_model(const snTestBody* b, int n, int nu, int na) {
  snTestTree tree;
  sn_test_tree(b, n, &tree);
  snTreeArrays ta;
  memset(&ta, 0, sizeof(ta));
  ta.nbody = n + 1;
  ta.nv = tree.nv;
  ta.body_parentid = tree.parent;
  ta.body_dofnum = tree.dofnum;
  ta.body_dofadr = tree.dofadr;
  ta.dof_parentid = tree.dof_parentid;
  ta.dof_simplenum = NULL;
  snSparsitySizes sz = sn_sparsity_count(&ta);

  mjModel s;
  memset(&s, 0, sizeof(s));
  mj_defaultOption(&s.opt);
  mj_defaultVisual(&s.vis);
  s.nbody = n + 1;
  s.njnt = tree.njnt;
  s.nq = tree.nq;
  s.nv = tree.nv;
  s.nu = nu;
  s.na = na;
  s.nkey = 1;
  s.nJmom = nu * 6;
  s.nM = sz.nM;
  s.nC = sz.nC;
  s.nD = sz.nD;
  s.nB = sz.nB;
  s.narena = 1 << 20;
  s.stat.meaninertia = 1;
  mjModel* m = sn_model_alloc(&s);

  m->body_quat[0] = 1;
  m->body_iquat[0] = 1;
  m->body_parentid[0] = 0;
  m->body_mocapid[0] = -1;
  m->body_jntadr[0] = -1;
  m->body_dofadr[0] = -1;
  for (int i = 1; i <= n; i++) {
    const snTestBody* bi = b + i - 1;
    m->body_parentid[i] = bi->parent;
    m->body_rootid[i] = bi->parent == 0 ? i : m->body_rootid[bi->parent];
    m->body_treeid[i] = -1;
    m->body_mocapid[i] = -1;
    m->body_quat[4 * i] = 1;
    m->body_iquat[4 * i] = 1;
    mju_copy3(m->body_pos + 3 * i, bi->pos);
    mju_copy3(m->body_ipos + 3 * i, bi->ipos);
    m->body_mass[i] = bi->mass;
    mju_copy3(m->body_inertia + 3 * i, bi->inertia);
    m->body_jntnum[i] = tree.jntnum[i];
    m->body_jntadr[i] = tree.jntadr[i];
    m->body_dofnum[i] = tree.dofnum[i];
    m->body_dofadr[i] = tree.dofadr[i];
    int w = i;
    while (w > 0 && tree.dofnum[w] == 0) {
      w = tree.parent[w];
    }
    m->body_weldid[i] = w;
  }
  int qadr = 0;
  for (int i = 1; i <= n; i++) {
    const snTestBody* bi = b + i - 1;
    int j = tree.jntadr[i], v = tree.dofadr[i];
    if (j < 0) {
      continue;
    }
    m->jnt_type[j] = bi->jnt;
    m->jnt_qposadr[j] = qadr;
    m->jnt_dofadr[j] = v;
    m->jnt_bodyid[j] = i;
    mju_copy3(m->jnt_axis + 3 * j, bi->axis);
    int qrot = bi->jnt == mjJNT_FREE ? qadr + 3 : bi->jnt == mjJNT_BALL ? qadr : -1;
    if (qrot >= 0) {
      m->qpos0[qrot] = 1;
      m->qpos_spring[qrot] = 1;
    }
    for (int k = 0; k < tree.dofnum[i]; k++) {
      m->dof_bodyid[v + k] = i;
      m->dof_jntid[v + k] = j;
      m->dof_parentid[v + k] = tree.dof_parentid[v + k];
      m->dof_treeid[v + k] = m->body_rootid[i] - 1;
    }
    qadr += sn_test_nq(bi->jnt);
  }
  for (int i = n; i > 0; i--) {
    m->body_subtreemass[i] += m->body_mass[i];
    m->body_subtreemass[m->body_parentid[i]] += m->body_subtreemass[i];
  }
  for (int i = 0; i < nu; i++) {
    m->actuator_gear[6 * i] = 1;
    m->actuator_gainprm[mjNGAIN * i] = 1;
    m->actuator_dynprm[mjNDYN * i] = 1;
    m->actuator_actadr[i] = -1;
    m->actuator_plugin[i] = -1;
  }
  m->key_qpos[0] = 0;
  sn_sparsity_fill(m);
  return m;
}

// Make actuator i a stateful one owning activation adr.
static inline void sn_test_actstate(mjModel* m, int i, int dyntype, int adr) {
  m->actuator_dyntype[i] = dyntype;
  m->actuator_actadr[i] = adr;
  m->actuator_actnum[i] = 1;
}

//---------------------------------- models loaded from MJCF --------------------------------------

// cmocka's assert_float_equal compares in single precision: compare doubles instead
#define assert_near(a, b, tol)                                                          \
  do {                                                                                \
    double a_ = (a), b_ = (b);                                                        \
    if (!(fabs(a_ - b_) <= (tol))) {                                                  \
      fail_msg("%s = %.17g, expected %.17g (tol %g)", #a, a_, b_, (double)(tol));     \
    }                                                                                 \
  } while (0)

static inline void assert_vec_equal(const mjtNum* a, const mjtNum* b, int n, mjtNum tol) {
  for (int i = 0; i < n; i++) {
    assert_near(a[i], b[i], tol);
  }
}

// Every joint type in a branching tree, bodies off their inertial frames. Tests add
// to it with SN_TEST_TREE_XML_WITH (site of the innermost body, extra bodies).
#define SN_TEST_TREE_XML_WITH(site, extra)                                            \
  "<mujoco><compiler angle='radian'/><worldbody>"                                     \
  "<body pos='0 0 1'><freejoint/><geom type='box' size='.1 .2 .3' pos='.05 0 0'/>"  \
  "  <body pos='.3 0 0'><joint type='ball'/>"                                         \
  "    <geom type='capsule' fromto='0 0 0 .4 0 0' size='.05'/>"                       \
  "    <body pos='.4 0 0'><joint axis='0 1 0'/><joint type='slide' axis='1 0 0'/>"    \
  "      <geom type='box' size='.1 .05 .05' pos='.1 0 0'/>" site "</body></body>"     \
  "  <body pos='0 .3 0'><joint axis='1 0 0' pos='0 -.1 0'/>"                          \
  "    <geom type='ellipsoid' size='.1 .2 .05' pos='0 .2 0'/></body></body>"          \
  "<body pos='1 0 0'><joint type='slide' axis='0 0 1'/><joint axis='1 1 0'/>"         \
  "  <geom type='box' size='.1 .2 .3' euler='.1 .2 .3'/></body>" extra               \
  "</worldbody></mujoco>"
#define SN_TEST_TREE_XML SN_TEST_TREE_XML_WITH("", "")

// deterministic pseudo-random numbers in [-1, 1]
static inline mjtNum sn_test_rnd(unsigned* s) {
  *s = *s * 1103515245u + 12345u;
  return ((*s >> 8) & 0xFFFF) / 32767.5 - 1;
}

// A random configuration around qpos0 (unit quaternions) and velocity; no stages run.
static inline void sn_test_random_qpos_qvel(const mjModel* m, mjData* d, unsigned seed) {
  for (int i = 0; i < m->nq; i++) {
    d->qpos[i] = m->qpos0[i] + 0.8 * sn_test_rnd(&seed);
  }
  mj_normalizeQuat(m, d->qpos);
  for (int i = 0; i < m->nv; i++) {
    d->qvel[i] = sn_test_rnd(&seed);
  }
}

#endif  // SINEW_TESTS_ENGINE_TEST_MODEL_H_
