// Collision driver: parameter mixing against hand-computed values, the option
// override, explicit pair parameters, body-pair filters (weld, parent, world
// exception, filterparent flag, exclude), the sweep-and-prune candidate list, the
// disable flags, the contact filter callback, complete frames, and the arena-full
// warning.
#include <stdio.h>
#include <stdlib.h>

#include "../engine/engine_test_model.h"

#include "collision/driver.h"

//---------------------------------- parameter mixing ----------------------------------------------

static const char* mix_xml =
    "<mujoco><worldbody>"
    "<geom name='p' type='plane' size='1 1 1' friction='0.7 0.01 0.0002' solmix='3'"
    "      solref='0.03 0.8' solimp='0.85 0.9 0.002 0.4 3' margin='0.01' gap='0.004'"
    "      condim='4'/>"
    "<body><freejoint/><geom name='s' type='sphere' size='0.1' friction='0.3 0.02 0.001'"
    "      solmix='1' solref='0.05 1.2' solimp='0.7 0.8 0.003 0.6 2' margin='0.02'"
    "      condim='1'/></body>"
    "<body><freejoint/><geom name='d' type='sphere' size='0.1' solref='-1000 -30'"
    "      solmix='0' priority='0'/></body>"
    "<body><freejoint/><geom name='z' type='sphere' size='0.1' solmix='0'"
    "      solref='0.01 2' solimp='0.5 0.6 0.01 0.2 4' condim='6' priority='2'/></body>"
    "<body><freejoint/><geom name='y' type='sphere' size='0.1' solmix='0'"
    "      solref='0.02 1' solimp='0.9 0.95 0.001 0.5 2'/></body>"
    "</worldbody></mujoco>";

static void test_mix_equal_priority(void** state) {
  mjModel* m = sn_test_load(mix_xml);
  sn_conparam p;
  sn_mix_geom_params(m, 0, 1, &p);
  assert_int_equal(p.dim, 4);  // max condim
  mjtNum fric[5] = {0.7, 0.7, 0.02, 0.001, 0.001};  // element-wise max, 3 -> 5
  assert_vec_equal(p.friction, fric, 5, 0);
  assert_near(p.margin, 0.02, 0);
  assert_near(p.gap, 0.004, 0);
  // solmix 3 : 1 -> weights 0.75 and 0.25
  assert_near(p.solref[0], 0.75 * 0.03 + 0.25 * 0.05, 1e-15);
  assert_near(p.solref[1], 0.75 * 0.8 + 0.25 * 1.2, 1e-15);
  assert_near(p.solimp[0], 0.75 * 0.85 + 0.25 * 0.7, 1e-15);
  assert_near(p.solimp[4], 0.75 * 3 + 0.25 * 2, 1e-15);
  assert_near(p.solreffriction[0], 0, 0);
  // a direct (negative) solref on one side: element-wise minimum
  sn_mix_geom_params(m, 1, 2, &p);
  assert_near(p.solref[0], -1000, 0);
  assert_near(p.solref[1], -30, 0);
  // solmix 1 : 0 -> only the first counts for solimp
  assert_near(p.solimp[0], 0.7, 0);
  // two zero solmix weigh equally
  sn_mix_geom_params(m, 2, 4, &p);
  assert_near(p.solimp[0], 0.5 * 0.9 + 0.5 * 0.9, 1e-15);
  mj_deleteModel(m);
}

static void test_mix_priority(void** state) {
  mjModel* m = sn_test_load(mix_xml);
  sn_conparam p;
  sn_mix_geom_params(m, 1, 3, &p);  // geom 3 has priority 2
  assert_int_equal(p.dim, 6);
  mjtNum fric[5] = {1, 1, 0.005, 0.0001, 0.0001};
  assert_vec_equal(p.friction, fric, 5, 0);
  mjtNum solref[2] = {0.01, 2}, solimp[5] = {0.5, 0.6, 0.01, 0.2, 4};
  assert_vec_equal(p.solref, solref, 2, 0);
  assert_vec_equal(p.solimp, solimp, 5, 0);
  assert_near(p.margin, 0.02, 0);  // margin ignores priority
  // symmetric in the two geoms
  sn_conparam q;
  sn_mix_geom_params(m, 3, 1, &q);
  assert_int_equal(q.dim, p.dim);
  assert_vec_equal(q.solref, p.solref, 2, 0);
  mj_deleteModel(m);
}

static void test_override_and_pair(void** state) {
  mjModel* m = sn_test_load(
      "<mujoco><option o_margin='0.3' o_solref='0.04 1.3' o_solimp='0.8 0.9 0.01 0.4 3'"
      " o_friction='0.3 0.4 0.01 0.002 0.003'/>"
      "<worldbody><geom name='a' size='0.1'/><body><freejoint/><geom name='b' size='0.1'/>"
      "</body></worldbody><contact><pair geom1='b' geom2='a' friction='0.1 0.2 0.3 0.4 0.5'"
      " solref='0.05 2' solreffriction='0.06 3' margin='0.07' gap='0.01' condim='6'/>"
      "</contact></mujoco>");
  sn_conparam p;
  sn_pair_params(m, 0, &p);
  mjtNum fric[5] = {0.1, 0.2, 0.3, 0.4, 0.5};
  assert_vec_equal(p.friction, fric, 5, 0);
  assert_int_equal(p.dim, 6);
  assert_near(p.margin, 0.07, 0);
  assert_near(p.gap, 0.01, 0);
  assert_near(p.solreffriction[1], 3, 0);
  // override off: nothing changes
  sn_override_params(m, &p);
  assert_near(p.margin, 0.07, 0);
  // the margin known before the narrow phase is the one the parameters end with
  assert_near(sn_contact_margin(m, -1, -1, 0), 0.07, 0);
  m->opt.enableflags |= mjENBL_OVERRIDE;
  sn_override_params(m, &p);
  mjtNum ofric[5] = {0.3, 0.4, 0.01, 0.002, 0.003};
  assert_vec_equal(p.friction, ofric, 5, 0);
  assert_near(p.margin, 0.3, 0);
  assert_near(sn_contact_margin(m, -1, -1, 0), 0.3, 0);
  assert_near(p.gap, 0.01, 0);  // the gap stays
  assert_int_equal(p.dim, 6);   // and so does condim
  assert_near(p.solref[0], 0.04, 0);
  assert_near(p.solreffriction[0], 0.04, 0);
  assert_near(p.solimp[2], 0.01, 0);
  // the compiled pair: geoms in body order, signature of the two bodies
  assert_int_equal(m->pair_geom1[0], 0);
  assert_int_equal(m->pair_geom2[0], 1);
  assert_int_equal(m->pair_signature[0], 1);
  mj_deleteModel(m);
}

//---------------------------------- filters and broad phase ---------------------------------------

static void test_bodypair_filters(void** state) {
  mjModel* m = sn_test_load(
      "<mujoco><worldbody><geom size='0.1'/>"
      "<body name='base'><geom size='0.1'/>"              // 1: welded to the world
      "  <body name='arm'><joint/><geom size='0.1'/>"       // 2: child of the world weld
      "    <body name='weld'><geom size='0.1'/>"            // 3: welded to arm
      "      <body name='hand'><joint/><geom size='0.1'/>"  // 4: child of arm's weld
      "        <body name='finger'><joint/><geom size='0.1'/></body>"  // 5
      "</body></body></body></body>"
      "<body name='free'><freejoint/><geom size='0.1'/></body>"  // 6
      "</worldbody><contact><exclude body1='free' body2='arm'/></contact></mujoco>");
  assert_false(sn_bodypair_allowed(m, 0, 1));  // same weld (the world)
  assert_true(sn_bodypair_allowed(m, 1, 2));   // parent is the world's weld
  assert_true(sn_bodypair_allowed(m, 0, 2));
  assert_false(sn_bodypair_allowed(m, 2, 3));  // same weld
  assert_false(sn_bodypair_allowed(m, 3, 4));  // parent (arm+weld) and child
  assert_false(sn_bodypair_allowed(m, 2, 4));
  assert_true(sn_bodypair_allowed(m, 2, 5));   // grandparent
  assert_false(sn_bodypair_allowed(m, 5, 4));
  assert_false(sn_bodypair_allowed(m, 6, 2));  // excluded
  assert_true(sn_bodypair_allowed(m, 6, 3));   // exclusion is per body, not per weld
  m->opt.disableflags |= mjDSBL_FILTERPARENT;
  assert_true(sn_bodypair_allowed(m, 3, 4));
  assert_false(sn_bodypair_allowed(m, 2, 3));  // welded bodies never collide
  assert_false(sn_bodypair_allowed(m, 6, 2));
  mj_deleteModel(m);
}

// Spheres of radius 0.1 along x at spacing 0.15 (each overlaps its neighbours only),
// plus a plane in the world: the candidates are the neighbours and plane-everything.
static void test_broadphase_sweep(void** state) {
  char xml[20000];
  int n = 40;
  int len = snprintf(xml, sizeof(xml), "<mujoco><worldbody><geom type='plane' size='1 1 1'/>");
  for (int i = 0; i < n; i++) {
    len += snprintf(xml + len, sizeof(xml) - (size_t)len,
                    "<body pos='%g 0 1'><freejoint/><geom size='0.1'/></body>", 0.15 * i);
  }
  snprintf(xml + len, sizeof(xml) - (size_t)len, "</worldbody></mujoco>");
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  mj_markStack(d);
  int* sig = NULL;
  int np = sn_broadphase(m, d, &sig);
  assert_int_equal(np, n + (n - 1));
  for (int i = 1; i < np; i++) {
    assert_true(sig[i - 1] < sig[i]);  // sorted by signature
  }
  for (int i = 0; i < np; i++) {
    int b1 = sig[i] >> 16, b2 = sig[i] & 0xFFFF;
    assert_true(b1 == 0 || b2 == b1 + 1);
  }
  mj_freeStack(d);
  mj_deleteData(d);
  mj_deleteModel(m);
}

//---------------------------------- the whole stage -----------------------------------------------

static const char* stack_xml =
    "<mujoco><size memory='%s'/><worldbody><geom type='plane' size='5 5 1'/>"
    "<replicate count='%d' offset='0.3 0 0'>"
    "<body pos='0 0 0.05'><freejoint/><geom size='0.1'/></body></replicate>"
    "</worldbody></mujoco>";

static mjModel* load_stack(const char* memory, int count) {
  char xml[1000];
  snprintf(xml, sizeof(xml), stack_xml, memory, count);
  return sn_test_load(xml);
}

static void test_flags_and_frames(void** state) {
  mjModel* m = load_stack("1M", 5);
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  assert_int_equal(d->ncon, 5);
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    assert_int_equal(c->geom1, 0);  // the plane comes first (smaller geom type)
    assert_near(c->dist, -0.05, 1e-12);
    // orthonormal, right-handed frame with the plane normal first
    const mjtNum* f = c->frame;
    assert_near(f[2], 1, 1e-12);
    for (int r = 0; r < 3; r++) {
      for (int s = 0; s < 3; s++) {
        mjtNum dot = f[3 * r] * f[3 * s] + f[3 * r + 1] * f[3 * s + 1] + f[3 * r + 2] * f[3 * s + 2];
        assert_near(dot, r == s, 1e-12);
      }
    }
    mjtNum cross[3] = {f[1] * f[5] - f[2] * f[4], f[2] * f[3] - f[0] * f[5],
                       f[0] * f[4] - f[1] * f[3]};
    assert_vec_equal(cross, f + 6, 3, 1e-12);
    assert_near(c->includemargin, 0, 0);
    assert_true(c->efc_address >= 0);  // every contact got constraint rows
  }
  m->opt.disableflags |= mjDSBL_CONTACT;
  mj_forward(m, d);
  assert_int_equal(d->ncon, 0);
  m->opt.disableflags = mjDSBL_CONSTRAINT;
  mj_forward(m, d);
  assert_int_equal(d->ncon, 0);
  mj_deleteData(d);
  mj_deleteModel(m);
}

static int ncalls;
static int reject_all(const mjModel* m, mjData* d, int g1, int g2) {
  ncalls++;
  return 1;
}

static void test_contact_filter(void** state) {
  mjModel* m = load_stack("1M", 3);
  mjData* d = mj_makeData(m);
  ncalls = 0;
  mjcb_contactfilter = reject_all;
  mj_forward(m, d);
  mjcb_contactfilter = NULL;
  assert_int_equal(d->ncon, 0);
  assert_int_equal(ncalls, 3);  // plane against each sphere (the spheres do not meet)
  mj_forward(m, d);
  assert_int_equal(d->ncon, 3);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A small arena holds fewer contacts than there are: the stage stops at the arena's
// end and warns. (The stages after it would then find no stack left, as in MuJoCo,
// so only the position stages run here.)
static void test_arena_full(void** state) {
  mjModel* m = load_stack("20K", 60);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  mj_collision(m, d);
  assert_true(d->ncon > 0);
  assert_true(d->ncon < 60);
  assert_true((size_t)d->ncon * sizeof(mjContact) <= (size_t)d->narena);
  assert_true(d->warning[mjWARN_CONTACTFULL].number > 0);
  assert_int_equal(d->warning[mjWARN_CONTACTFULL].lastinfo, d->ncon);
  mj_deleteData(d);
  mj_deleteModel(m);
}

// The BVH midphase only prunes: a cluster of multi-geom bodies gives the same contacts,
// in the same order, with and without it.
static void test_midphase_prunes_only(void** state) {
  char xml[20000];
  int len = snprintf(xml, sizeof(xml), "<mujoco><worldbody>");
  uint32_t seed = 12345;
  for (int b = 0; b < 12; b++) {
    len += snprintf(xml + len, sizeof(xml) - (size_t)len, "<body pos='%g %g %g'><freejoint/>",
                    0.08 * (b % 4), 0.08 * ((b / 4) % 3), 0.03 * (b % 3));
    for (int g = 0; g < 1 + b % 4; g++) {
      seed = seed * 1664525u + 1013904223u;
      double x = 0.1 * ((seed >> 8) % 1000) / 1000.0, y = 0.1 * ((seed >> 18) % 1000) / 1000.0;
      len += snprintf(xml + len, sizeof(xml) - (size_t)len,
                      "<geom type='%s' size='0.05 0.03' pos='%g %g 0' euler='%d 0 0'/>",
                      g % 2 ? "capsule" : "sphere", x, y, 30 * g);
    }
    len += snprintf(xml + len, sizeof(xml) - (size_t)len, "</body>");
  }
  snprintf(xml + len, sizeof(xml) - (size_t)len, "</worldbody></mujoco>");
  mjModel* m = sn_test_load(xml);
  mjData* d = mj_makeData(m);
  mj_kinematics(m, d);
  mj_collision(m, d);
  int ncon = d->ncon;
  assert_true(ncon > 10);
  mjContact* with = (mjContact*)malloc(sizeof(mjContact) * (size_t)ncon);
  memcpy(with, d->contact, sizeof(mjContact) * (size_t)ncon);
  m->opt.disableflags |= mjDSBL_MIDPHASE;
  mj_collision(m, d);
  assert_int_equal(d->ncon, ncon);
  for (int i = 0; i < ncon; i++) {
    assert_int_equal(d->contact[i].geom1, with[i].geom1);
    assert_int_equal(d->contact[i].geom2, with[i].geom2);
    assert_near(d->contact[i].dist, with[i].dist, 0);
  }
  free(with);
  mj_deleteData(d);
  mj_deleteModel(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mix_equal_priority), cmocka_unit_test(test_mix_priority),
      cmocka_unit_test(test_override_and_pair),  cmocka_unit_test(test_bodypair_filters),
      cmocka_unit_test(test_broadphase_sweep),   cmocka_unit_test(test_flags_and_frames),
      cmocka_unit_test(test_contact_filter),     cmocka_unit_test(test_arena_full),
      cmocka_unit_test(test_midphase_prunes_only),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
