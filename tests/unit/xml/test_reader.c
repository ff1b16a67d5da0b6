// The reader: global sections (compiler, option and flags, size, visual, statistic,
// custom, keyframes), the kinematic tree (bodies, frames, replicate, orientations) and
// assets. Expected values follow MuJoCo 3.3.8.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "xml_test_util.h"

static sn_spec* load(const char* xml) {
  return sn_xml_test_load("r.xml", xml);
}

static const char* bad(const char* xml) {
  return sn_xml_test_bad("r.xml", xml);
}

static void test_globals(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco model=\"g\">"
      "<option timestep=\"0.005\" gravity=\"0 0 -1\" integrator=\"implicitfast\" "
      "  cone=\"elliptic\" o_solref=\"0.01\" iterations=\"7\" actuatorgroupdisable=\"1 3\">"
      "  <flag gravity=\"disable\" energy=\"enable\" island=\"disable\" contact=\"enable\"/>"
      "</option>"
      "<option timestep=\"0.004\"/>"
      "<size memory=\"2M\" nuserdata=\"5\" nkey=\"3\" nuser_geom=\"2\"/>"
      "<visual><global fovy=\"30\" offwidth=\"100\" ellipsoidinertia=\"true\"/>"
      "  <rgba haze=\".1 .2 .3 .4\"/><map znear=\"0.05\"/><scale framelength=\"2\"/>"
      "  <headlight ambient=\".2 .3 .4\" active=\"0\"/><quality shadowsize=\"1024\"/></visual>"
      "<statistic extent=\"2\" center=\"1 2 3\"/>"
      "<custom><numeric name=\"n1\" data=\"1 2 3\"/><numeric name=\"n2\" size=\"4\"/>"
      "  <text name=\"tx\" data=\"hello\"/><tuple name=\"tu\">"
      "  <element objtype=\"body\" objname=\"world\" prm=\"2\"/></tuple></custom>"
      "<keyframe><key name=\"k\" time=\"1.5\" qpos=\"0.1 0.2\" ctrl=\"3\"/></keyframe>"
      "<compiler angle=\"radian\" eulerseq=\"ZYX\" autolimits=\"false\" settotalmass=\"5\""
      "  inertiafromgeom=\"true\" fusestatic=\"true\" inertiagrouprange=\"1 3\" "
      "  coordinate=\"local\"><lengthrange mode=\"all\" accel=\"30\"/></compiler>"
      "</mujoco>");
  assert_string_equal(s->modelname, "g");
  assert_float_equal(s->option.timestep, 0.004, 0);
  assert_float_equal(s->option.gravity[2], -1, 0);
  assert_int_equal(s->option.integrator, mjINT_IMPLICITFAST);
  assert_int_equal(s->option.cone, mjCONE_ELLIPTIC);
  assert_float_equal(s->option.o_solref[0], 0.01, 0);
  assert_float_equal(s->option.o_solref[1], 1, 0);  // the rest keeps its default
  assert_int_equal(s->option.iterations, 7);
  assert_int_equal(s->option.disableflags, mjDSBL_GRAVITY | mjDSBL_ISLAND);
  assert_int_equal(s->option.enableflags, mjENBL_ENERGY);
  assert_int_equal(s->option.disableactuator, (1 << 1) | (1 << 3));
  assert_int_equal(s->size.memory, 2 << 20);
  assert_int_equal(s->size.nuserdata, 5);
  assert_int_equal(s->size.nkey, 3);
  assert_int_equal(s->size.nuser_geom, 2);
  assert_int_equal(s->size.nuser_body, -1);
  assert_float_equal(s->visual.global.fovy, 30, 0);
  assert_int_equal(s->visual.global.offwidth, 100);
  assert_int_equal(s->visual.global.ellipsoidinertia, 1);
  assert_float_equal(s->visual.rgba.haze[3], 0.4f, 0);
  assert_float_equal(s->visual.map.znear, 0.05f, 0);
  assert_float_equal(s->visual.scale.framelength, 2, 0);
  assert_float_equal(s->visual.headlight.ambient[2], 0.4f, 0);
  assert_int_equal(s->visual.headlight.active, 0);
  assert_int_equal(s->visual.quality.shadowsize, 1024);
  assert_true(s->statistic.set_extent && s->statistic.set_center);
  assert_false(s->statistic.set_meansize);
  assert_float_equal(s->statistic.value.center[1], 2, 0);
  assert_int_equal(SN_COUNT(s, numerics), 2);
  assert_int_equal(SN_AT(s, numerics, sn_numeric, 0).data.n, 3);
  assert_int_equal(SN_AT(s, numerics, sn_numeric, 0).size, -1);
  assert_int_equal(SN_AT(s, numerics, sn_numeric, 1).size, 4);
  assert_string_equal(SN_AT(s, texts, sn_text, 0).data, "hello");
  const sn_tuple* tu = &SN_AT(s, tuples, sn_tuple, 0);
  assert_int_equal(tu->n, 1);
  assert_int_equal(tu->elements[0].objtype, mjOBJ_BODY);
  assert_string_equal(tu->elements[0].objname, "world");
  assert_float_equal(tu->elements[0].prm, 2, 0);
  const sn_key* k = &SN_AT(s, keys, sn_key, 0);
  assert_string_equal(k->name, "k");
  assert_float_equal(k->time, 1.5, 0);
  assert_int_equal(k->qpos.n, 2);
  assert_int_equal(k->ctrl.n, 1);
  assert_int_equal(k->qvel.n, 0);
  // the compiler section comes last in the text but applies to everything
  assert_int_equal(s->compiler.degree, 0);
  assert_string_equal(s->compiler.eulerseq, "ZYX");
  assert_int_equal(s->compiler.autolimits, 0);
  assert_float_equal(s->compiler.settotalmass, 5, 0);
  assert_int_equal(s->compiler.inertiafromgeom, SN_TRUE);
  assert_int_equal(s->compiler.fusestatic, 1);
  assert_int_equal(s->compiler.inertiagrouprange[1], 3);
  assert_int_equal(s->compiler.lengthrange.mode, mjLRMODE_ALL);
  assert_float_equal(s->compiler.lengthrange.accel, 30, 0);
  sn_spec_free(s);

  assert_non_null(strstr(bad("<mujoco><compiler coordinate=\"global\"/></mujoco>"),
                         "global coordinates are no longer supported"));
  assert_non_null(strstr(bad("<mujoco><compiler eulerseq=\"xy\"/></mujoco>"), "length 3"));
  assert_non_null(strstr(bad("<mujoco><size memory=\"1MB\"/></mujoco>"),
                         "attribute 'memory'"));
  assert_non_null(strstr(bad("<mujoco><size memory=\"1M\" nstack=\"5\"/></mujoco>"),
                         "cannot both"));
  assert_non_null(strstr(bad("<mujoco><option actuatorgroupdisable=\"31\"/></mujoco>"),
                         "0 to 30"));
}

static void test_memory_units(void** state) {
  (void)state;
  const char* in[] = {"100", "1K", "1k", "3M", "1G", "-1"};
  long long out[] = {100, 1024, 1024, 3 << 20, 1 << 30, -1};
  for (int i = 0; i < 6; i++) {
    char xml[128];
    snprintf(xml, sizeof(xml), "<mujoco><size memory=\"%s\"/></mujoco>", in[i]);
    sn_spec* s = load(xml);
    assert_int_equal(s->size.memory, out[i]);
    sn_spec_free(s);
  }
}

static void test_tree(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco><worldbody>"
      "<geom name=\"floor\" type=\"plane\" size=\"1 1 1\"/>"
      "<light directional=\"true\" castshadow=\"false\"/>"
      "<body name=\"a\" pos=\"1 2 3\" euler=\"0 0 90\" mocap=\"true\" gravcomp=\"0.5\" "
      "  user=\"1 2\">"
      "  <inertial pos=\"0 0 1\" mass=\"2\" fullinertia=\"1 2 3 0 0 0\"/>"
      "  <freejoint name=\"free\" align=\"true\"/>"
      "  <frame pos=\"0 0 1\" quat=\"0 1 0 0\">"
      "    <body name=\"b\"><joint name=\"h\" range=\"-10 10\" springdamper=\"0.1 1\"/>"
      "      <geom size=\"0.1 0.2\" type=\"capsule\" fromto=\"0 0 0 0 0 1\"/></body>"
      "    <site name=\"s\" zaxis=\"1 0 0\"/>"
      "  </frame>"
      "  <camera name=\"c\" mode=\"targetbody\" target=\"b\" xyaxes=\"1 0 0 0 1 0\"/>"
      "</body></worldbody></mujoco>");
  assert_int_equal(SN_COUNT(s, bodies), 3);
  const sn_body* a = &SN_AT(s, bodies, sn_body, 1);
  const sn_body* b = &SN_AT(s, bodies, sn_body, 2);
  assert_string_equal(a->name, "a");
  assert_int_equal(a->parent, 0);
  assert_int_equal(a->frame, -1);
  assert_float_equal(a->pos[2], 3, 0);
  assert_int_equal(a->orient.type, SN_ORIENT_EULER);
  assert_float_equal(a->orient.v[2], 90, 0);  // kept in compiler units
  assert_int_equal(a->mocap, 1);
  assert_float_equal(a->gravcomp, 0.5, 0);
  assert_int_equal(a->user.n, 2);
  assert_true(a->has_inertial);
  assert_true(a->has_fullinertia);
  assert_float_equal(a->mass, 2, 0);
  assert_float_equal(a->ipos[2], 1, 0);
  assert_int_equal(b->parent, 1);
  assert_int_equal(b->frame, 0);
  const sn_frame* f = &SN_AT(s, frames, sn_frame, 0);
  assert_int_equal(f->body, 1);
  assert_int_equal(f->parent_frame, -1);
  assert_int_equal(f->orient.type, SN_ORIENT_QUAT);
  assert_int_equal(SN_COUNT(s, joints), 2);
  const sn_joint* fj = &SN_AT(s, joints, sn_joint, 0);
  assert_int_equal(fj->type, mjJNT_FREE);
  assert_int_equal(fj->align, SN_TRUE);
  const sn_joint* h = &SN_AT(s, joints, sn_joint, 1);
  assert_int_equal(h->body, 2);
  assert_float_equal(h->range[1], 10, 0);
  assert_float_equal(h->springdamper[0], 0.1, 0);
  const sn_geom* cap = &SN_AT(s, geoms, sn_geom, 1);
  assert_true(cap->has_fromto);
  assert_float_equal(cap->size[1], 0.2, 0);
  assert_int_equal(SN_AT(s, geoms, sn_geom, 0).body, 0);
  const sn_site* site = &SN_AT(s, sites, sn_site, 0);
  assert_int_equal(site->frame, 0);
  assert_int_equal(site->orient.type, SN_ORIENT_ZAXIS);
  const sn_camera* cam = &SN_AT(s, cameras, sn_camera, 0);
  assert_int_equal(cam->mode, mjCAMLIGHT_TARGETBODY);
  assert_string_equal(cam->target, "b");
  assert_int_equal(cam->orient.type, SN_ORIENT_XYAXES);
  const sn_light* l = &SN_AT(s, lights, sn_light, 0);
  assert_int_equal(l->type, mjLIGHT_DIRECTIONAL);
  assert_int_equal(l->castshadow, 0);
  assert_int_equal(SN_AT(s, bodies, sn_body, 0).parent, -1);
  sn_spec_free(s);

  const char* m = bad("<mujoco><worldbody><body><geom size=\"1\" quat=\"1 0 0 0\" "
                      "euler=\"0 0 1\"/></body></worldbody></mujoco>");
  assert_non_null(strstr(m, "multiple orientation specifiers"));
  m = bad("<mujoco><worldbody><joint/></worldbody></mujoco>");
  assert_non_null(strstr(m, "the world body cannot have joints"));
  m = bad("<mujoco><worldbody><frame><freejoint/></frame></worldbody></mujoco>");
  assert_non_null(strstr(m, "the world body cannot have joints"));
  m = bad("<mujoco><worldbody><inertial pos=\"0 0 0\" mass=\"1\"/></worldbody></mujoco>");
  assert_non_null(strstr(m, "the world body cannot have inertia"));
  m = bad("<mujoco><worldbody><light type=\"spot\" directional=\"true\"/></worldbody>"
          "</mujoco>");
  assert_non_null(strstr(m, "type and directional cannot both be defined"));
  m = bad("<mujoco><worldbody><camera focal=\"1 1\"/></worldbody></mujoco>");
  assert_non_null(strstr(m, "sensorsize"));
  m = bad("<mujoco><worldbody><camera sensorsize=\"1 1\"/></worldbody></mujoco>");
  assert_non_null(strstr(m, "resolution"));
  m = bad("<mujoco><worldbody><body><inertial pos=\"0 0 0\" mass=\"1\" "
          "diaginertia=\"1 1 1\" fullinertia=\"1 1 1 0 0 0\"/></body></worldbody></mujoco>");
  assert_non_null(strstr(m, "cannot both"));
}

// replicate: names get the copy index (as many digits as count needs, inner index
// first), and copy k sits at the k-fold composition of (offset, euler).
static void test_replicate(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco><worldbody>"
      "<replicate count=\"2\" offset=\"0 1 0\" euler=\"90 0 0\">"
      "  <replicate count=\"11\" sep=\"-\" offset=\"1 0 0\">"
      "    <geom name=\"g\" size=\".1\"/><geom size=\".1\"/>"
      "  </replicate>"
      "</replicate>"
      "<replicate count=\"3\" offset=\"1 0 0\" euler=\"0 0 90\">"
      "  <body name=\"b\"><joint name=\"j\"/><geom size=\"1\"/></body>"
      "</replicate></worldbody></mujoco>");
  assert_int_equal(SN_COUNT(s, geoms), 2 * 11 * 2 + 3);
  assert_string_equal(SN_AT(s, geoms, sn_geom, 0).name, "g-000");
  assert_string_equal(SN_AT(s, geoms, sn_geom, 1).name, "");
  assert_string_equal(SN_AT(s, geoms, sn_geom, 2).name, "g-010");
  assert_string_equal(SN_AT(s, geoms, sn_geom, 20).name, "g-100");
  assert_string_equal(SN_AT(s, geoms, sn_geom, 22).name, "g-001");
  assert_string_equal(SN_AT(s, bodies, sn_body, 1).name, "b0");
  assert_string_equal(SN_AT(s, bodies, sn_body, 3).name, "b2");
  assert_string_equal(SN_AT(s, joints, sn_joint, 2).name, "j2");
  // the third copy of the body: at (1,0,0) + Rz(90)(1,0,0) = (1,1,0), rotated by 180
  const sn_body* b2 = &SN_AT(s, bodies, sn_body, 3);
  const sn_frame* f = &SN_AT(s, frames, sn_frame, b2->frame);
  assert_float_equal(f->pos[0], 1, 1e-12);
  assert_float_equal(f->pos[1], 1, 1e-12);
  assert_int_equal(f->orient.type, SN_ORIENT_QUAT);
  assert_float_equal(fabs(f->orient.v[3]), 1, 1e-12);
  assert_float_equal(f->orient.v[0], 0, 1e-12);
  sn_spec_free(s);

  // replicate with actuators is refused (MuJoCo 3.3.8 mangles their names)
  const char* m = bad("<mujoco><worldbody><replicate count=\"2\"><body><joint name=\"j\"/>"
                      "<geom size=\"1\"/></body></replicate></worldbody>"
                      "<actuator><motor joint=\"j0\"/></actuator></mujoco>");
  assert_non_null(strstr(m, "not yet supported"));
  m = bad("<mujoco><worldbody><replicate count=\"0\"/></worldbody></mujoco>");
  assert_non_null(strstr(m, "attribute 'count'"));
}

static void test_assets(void** state) {
  (void)state;
  sn_spec* s = load(
      "<mujoco><asset>"
      "<texture name=\"t\" type=\"2d\" builtin=\"checker\" width=\"8\" height=\"8\" "
      "  rgb1=\"1 0 0\" mark=\"edge\" markrgb=\"1 1 1\" random=\"0.1\" hflip=\"true\"/>"
      "<texture name=\"cube\" fileright=\"r.png\" gridsize=\"3 4\" gridlayout=\".U..LFRB.D..\""
      "  colorspace=\"linear\" nchannel=\"4\"/>"
      "<material name=\"m\" texture=\"t\" texrepeat=\"2 3\" texuniform=\"true\" rgba=\"1 0 0 1\""
      "  metallic=\"0.5\"/>"
      "<material name=\"p\"><layer texture=\"t\" role=\"normal\"/>"
      "  <layer texture=\"cube\" role=\"orm\"/></material>"
      "</asset></mujoco>");
  const sn_texture* t = &SN_AT(s, textures, sn_texture, 0);
  assert_int_equal(t->type, mjTEXTURE_2D);
  assert_int_equal(t->builtin, mjBUILTIN_CHECKER);
  assert_int_equal(t->width, 8);
  assert_int_equal(t->mark, mjMARK_EDGE);
  assert_int_equal(t->hflip, 1);
  const sn_texture* c = &SN_AT(s, textures, sn_texture, 1);
  assert_int_equal(c->type, mjTEXTURE_CUBE);
  assert_string_equal(c->cubefiles[0], "r.png");
  assert_int_equal(c->gridsize[1], 4);
  assert_int_equal(c->colorspace, mjCOLORSPACE_LINEAR);
  assert_int_equal(c->nchannel, 4);
  const sn_material* m = &SN_AT(s, materials, sn_material, 0);
  assert_string_equal(m->textures[mjTEXROLE_RGB], "t");
  assert_float_equal(m->texrepeat[1], 3, 0);
  assert_int_equal(m->texuniform, 1);
  assert_float_equal(m->metallic, 0.5f, 0);
  const sn_material* p = &SN_AT(s, materials, sn_material, 1);
  assert_string_equal(p->textures[mjTEXROLE_NORMAL], "t");
  assert_string_equal(p->textures[mjTEXROLE_ORM], "cube");
  assert_string_equal(p->textures[mjTEXROLE_RGB], "");
  sn_spec_free(s);
  assert_non_null(strstr(bad("<mujoco><asset><material name=\"m\" texture=\"t\">"
                             "<layer texture=\"t\" role=\"rgb\"/></material></asset></mujoco>"),
                         "cannot have layers"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_globals), cmocka_unit_test(test_memory_units),
      cmocka_unit_test(test_tree),    cmocka_unit_test(test_replicate),
      cmocka_unit_test(test_assets),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
