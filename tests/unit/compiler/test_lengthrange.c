// Actuator length ranges (lengthrange.c, lengthrange_all.c): parallel and serial runs give
// bit-identical ranges (in the compiler and through mj_setLengthRange on threads of our
// own), the selection rules (mode, useexisting, uselimit with 3.3.8's trnid[index] lookup),
// the ranges of limited slide joints (their soft limits, checked analytically to the
// constraint's penetration), 3.3.8's error texts, and errors that leak nothing (ASan).
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "../sn_load.h"

// Eight muscles on a three-link arm with limited hinges and slides; %s is the <compiler>
// content, so the same model is compiled with different settings.
static const char* ARM =
    "<mujoco><compiler angle=\"radian\" %s</compiler>"
    "<worldbody><body pos=\"0 0 1\">"
    "<joint name=\"a\" axis=\"0 1 0\" range=\"-1 0.5\"/>"
    "<geom type=\"capsule\" fromto=\"0 0 0 0.3 0 0\" size=\"0.05\"/>"
    "<body pos=\"0.3 0 0\"><joint name=\"b\" axis=\"0 1 0\" range=\"-1 1.2\"/>"
    "<geom type=\"capsule\" fromto=\"0 0 0 0.3 0 0.1\" size=\"0.05\"/>"
    "<body pos=\"0.3 0 0.1\"><joint name=\"c\" type=\"slide\" axis=\"1 0 0\" range=\"-0.1 0.2\"/>"
    "<geom type=\"sphere\" size=\"0.06\"/></body></body></body></worldbody>"
    "<actuator><muscle joint=\"a\"/><muscle joint=\"b\" gear=\"-2\"/><muscle joint=\"c\"/>"
    "<muscle joint=\"a\" gear=\"0.3\"/><muscle joint=\"b\" gear=\"0.7\"/>"
    "<muscle joint=\"c\" gear=\"-4\"/><muscle joint=\"a\" gear=\"-1.5\"/>"
    "<muscle joint=\"b\" gear=\"3\"/></actuator></mujoco>";

static mjModel* load_arm(const char* compiler) {
  char text[4000];
  snprintf(text, sizeof(text), ARM, compiler);
  return sn_test_load(text);
}

static void test_compiler_threads_identical(void** state) {
  (void)state;
  mjModel* par = load_arm("usethread=\"true\">");
  mjModel* ser = load_arm("usethread=\"false\">");
  assert_int_equal(par->nu, 8);
  assert_memory_equal(par->actuator_lengthrange, ser->actuator_lengthrange,
                      sizeof(mjtNum) * 2 * (size_t)par->nu);
  for (int i = 0; i < par->nu; i++) {
    assert_true(par->actuator_lengthrange[2 * i] < par->actuator_lengthrange[2 * i + 1]);
  }
  // the compiler restores the options it changed for the simulation
  assert_float_equal(par->opt.timestep, 0.002, 0);
  assert_int_equal(par->opt.disableflags, 0);
  mj_deleteModel(par);
  mj_deleteModel(ser);
}

typedef struct {
  mjModel* m;
  int first, stride;
  int ok;
} api_job;

static void* api_worker(void* arg) {
  api_job* job = (api_job*)arg;
  mjData* d = mj_makeData(job->m);
  mjLROpt opt;
  mj_defaultLROpt(&opt);
  opt.useexisting = 0;
  char err[1000];
  job->ok = 1;
  for (int i = job->first; i < job->m->nu; i += job->stride) {
    job->ok &= mj_setLengthRange(job->m, d, i, &opt, err, sizeof(err));
  }
  mj_deleteData(d);
  return NULL;
}

// mj_setLengthRange on four threads sharing the model (one mjData each) equals one thread.
static void test_api_threads_identical(void** state) {
  (void)state;
  mjModel* m = load_arm("><lengthrange mode=\"none\"/>");
  // the simulation settings the compiler uses (lengthrange_all.c)
  m->opt.timestep = 0.01;
  m->opt.disableflags |= mjDSBL_FRICTIONLOSS | mjDSBL_CONTACT | mjDSBL_SPRING |
                         mjDSBL_DAMPER | mjDSBL_GRAVITY | mjDSBL_ACTUATION;
  mjModel* ref = mj_copyModel(NULL, m);
  for (int i = 0; i < 2 * m->nu; i++) {
    assert_float_equal(m->actuator_lengthrange[i], 0, 0);
  }
  api_job serial = {ref, 0, 1, 0};
  api_worker(&serial);
  assert_int_equal(serial.ok, 1);

  pthread_t threads[4];
  api_job jobs[4];
  for (int t = 0; t < 4; t++) {
    jobs[t] = (api_job){m, t, 4, 0};
    assert_int_equal(pthread_create(&threads[t], NULL, api_worker, &jobs[t]), 0);
  }
  for (int t = 0; t < 4; t++) {
    pthread_join(threads[t], NULL);
    assert_int_equal(jobs[t].ok, 1);
  }
  assert_memory_equal(m->actuator_lengthrange, ref->actuator_lengthrange,
                      sizeof(mjtNum) * 2 * (size_t)m->nu);

  // the compiled default (muscle, useexisting) gives the same ranges
  mjModel* comp = load_arm(">");
  assert_memory_equal(comp->actuator_lengthrange, ref->actuator_lengthrange,
                      sizeof(mjtNum) * 2 * (size_t)m->nu);
  mj_deleteModel(comp);
  mj_deleteModel(ref);
  mj_deleteModel(m);
}

// A slide joint with gravity off settles where the push balances the soft limit: the
// range is the joint range widened by the limit's penetration, a small fraction of it.
static void test_slide_soft_limits(void** state) {
  (void)state;
  mjModel* m = load_arm(">");
  const mjtNum* r = m->actuator_lengthrange + 2 * 2;  // muscle on slide c, gear 1
  assert_true(r[0] < -0.1 && r[0] > -0.1 - 0.01);
  assert_true(r[1] > 0.2 && r[1] < 0.2 + 0.01);
  const mjtNum* r4 = m->actuator_lengthrange + 2 * 5;  // gear -4: reversed and scaled
  assert_true(r4[0] < -0.8 && r4[0] > -0.8 - 0.05);
  assert_true(r4[1] > 0.4 && r4[1] < 0.4 + 0.05);
  mj_deleteModel(m);
}

static void test_selection(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><compiler angle=\"radian\"><lengthrange mode=\"none\"/></compiler>"
      "<option gravity=\"0 0 0\"/><worldbody><body><joint name=\"a\" axis=\"0 1 0\" range=\"-1 0.5\"/>"
      "<geom size=\"0.1\" pos=\"0.2 0 0\"/><body><joint name=\"b\" type=\"slide\" "
      "range=\"-0.1 0.2\"/><geom size=\"0.1\"/></body></body></worldbody>"
      "<actuator><motor joint=\"b\" lengthrange=\"-3 3\"/><motor joint=\"a\"/>"
      "<motor joint=\"b\"/><general joint=\"a\" gaintype=\"user\"/></actuator></mujoco>");
  mjData* d = mj_makeData(m);
  mjLROpt opt;
  mj_defaultLROpt(&opt);
  char err[1000] = "x";
  mjOption saved = m->opt;

  // mode muscle: none of these is a muscle, nothing changes
  for (int i = 0; i < m->nu; i++) {
    assert_int_equal(mj_setLengthRange(m, d, i, &opt, err, sizeof(err)), 1);
    assert_string_equal(err, "");
  }
  assert_float_equal(m->actuator_lengthrange[0], -3, 0);
  assert_float_equal(m->actuator_lengthrange[2], 0, 0);
  // muscleuser takes the user gain only
  opt.mode = mjLRMODE_MUSCLEUSER;
  assert_int_equal(mj_setLengthRange(m, d, 2, &opt, err, sizeof(err)), 1);
  assert_float_equal(m->actuator_lengthrange[4], 0, 0);
  opt.uselimit = 1;
  assert_int_equal(mj_setLengthRange(m, d, 3, &opt, err, sizeof(err)), 1);
  // trnid[3] is actuator 1's second id (-1): simulated, not copied
  assert_true(m->actuator_lengthrange[6] < -1 && m->actuator_lengthrange[7] > 0.5);

  // all + useexisting keeps actuator 0's range; uselimit copies joint b's range for
  // actuator 2 only through trnid[2], which is actuator 1's joint a (3.3.8)
  opt.mode = mjLRMODE_ALL;
  assert_int_equal(mj_setLengthRange(m, d, 0, &opt, err, sizeof(err)), 1);
  assert_float_equal(m->actuator_lengthrange[1], 3, 0);
  assert_int_equal(mj_setLengthRange(m, d, 2, &opt, err, sizeof(err)), 1);
  assert_float_equal(m->actuator_lengthrange[4], -1, 0);
  assert_float_equal(m->actuator_lengthrange[5], 0.5, 0);
  // actuator 0 (trnid[0] = joint b) copies b's limits once useexisting is off
  opt.useexisting = 0;
  assert_int_equal(mj_setLengthRange(m, d, 0, &opt, err, sizeof(err)), 1);
  assert_float_equal(m->actuator_lengthrange[0], -0.1, 0);
  assert_float_equal(m->actuator_lengthrange[1], 0.2, 0);

  // bad index; the API leaves the model's options alone
  assert_int_equal(mj_setLengthRange(m, d, 4, &opt, err, sizeof(err)), 0);
  assert_non_null(strstr(err, "Invalid actuator index 4"));
  assert_memory_equal(&saved, &m->opt, sizeof(mjOption));
  mj_deleteData(d);
  mj_deleteModel(m);
}

// 3.3.8's texts: the invalid range first, then the two convergence messages, which differ
// by one space before "range" (the second run's has one).
static void test_messages(void** state) {
  (void)state;
  mjModel* m = sn_test_load(
      "<mujoco><compiler angle=\"radian\"><lengthrange mode=\"none\"/></compiler>"
      "<option gravity=\"0 0 0\"/><worldbody><body><joint name=\"s\" type=\"slide\" "
      "range=\"-1 1000\"/><geom size=\"0.1\"/></body></worldbody>"
      "<actuator><motor joint=\"s\"/></actuator></mujoco>");
  mjData* d = mj_makeData(m);
  mjLROpt opt;
  mj_defaultLROpt(&opt);
  opt.mode = mjLRMODE_ALL;
  opt.useexisting = 0;  // a failed run still leaves its range in the model (as 3.3.8)
  char err[1000];
  m->opt.timestep = 0.01;
  assert_int_equal(mj_setLengthRange(m, d, 0, &opt, err, sizeof(err)), 0);
  assert_non_null(strstr(err, "Lengthrange computation did not converge in actuator 0:\n"
                              "  eval ("));
  assert_non_null(strstr(err, ")\n range ("));
  opt.accel = -20;
  assert_int_equal(mj_setLengthRange(m, d, 0, &opt, err, sizeof(err)), 0);
  assert_non_null(strstr(err, "Invalid lengthrange ("));
  assert_non_null(strstr(err, ") in actuator 0"));
  opt.accel = 20;
  opt.inttotal = 0;  // nothing sampled: (0, 0)
  assert_int_equal(mj_setLengthRange(m, d, 0, &opt, err, sizeof(err)), 0);
  assert_string_equal(err, "Invalid lengthrange (0, 0) in actuator 0");
  mj_deleteData(d);
  mj_deleteModel(m);
}

// A compile error in the parallel path: the lowest failing actuator is reported with its
// element's location, whatever thread found it, and nothing leaks.
static void test_compile_error(void** state) {
  (void)state;
  const char* text =
      "<mujoco><worldbody><body><joint name=\"h\" axis=\"0 1 0\" range=\"-60 30\"/>"
      "<geom size=\"0.1\" pos=\"0.2 0 0\"/><body><joint name=\"s\" type=\"slide\" "
      "limited=\"false\"/><geom size=\"0.1\"/></body></body></worldbody><actuator>"
      "<muscle joint=\"h\"/><muscle joint=\"h\" gear=\"2\"/><muscle joint=\"s\"/>"
      "<muscle joint=\"s\" gear=\"3\"/><muscle joint=\"h\" gear=\"0\"/></actuator></mujoco>";
  char err[1000] = "";
  mjModel* m = sn_test_try_load(text, err, sizeof(err));
  assert_null(m);
  assert_non_null(strstr(err, "m.xml:1:"));
  assert_non_null(strstr(err, "Lengthrange computation did not converge in actuator 2:"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_compiler_threads_identical),
      cmocka_unit_test(test_api_threads_identical),
      cmocka_unit_test(test_slide_soft_limits),
      cmocka_unit_test(test_selection),
      cmocka_unit_test(test_messages),
      cmocka_unit_test(test_compile_error),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
