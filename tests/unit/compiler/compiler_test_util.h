// Helpers shared by the compiler tests: specs built in C, element by element.
#ifndef SINEW_TESTS_COMPILER_TEST_UTIL_H_
#define SINEW_TESTS_COMPILER_TEST_UTIL_H_

#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/spec.h"

static inline sn_body* tu_body(sn_spec* s, int parent, double x, double y, double z) {
  sn_body* b = (sn_body*)sn_spec_append(s, &s->bodies, sizeof(sn_body));
  sn_body_default(b);
  b->parent = parent;
  b->pos[0] = x;
  b->pos[1] = y;
  b->pos[2] = z;
  return b;
}

static inline sn_geom* tu_geom(sn_spec* s, int body, int type, double s0, double s1, double s2) {
  sn_geom* g = (sn_geom*)sn_spec_append(s, &s->geoms, sizeof(sn_geom));
  sn_geom_default(g);
  g->body = body;
  g->type = type;
  g->size[0] = s0;
  g->size[1] = s1;
  g->size[2] = s2;
  return g;
}

static inline sn_joint* tu_joint(sn_spec* s, int body, int type) {
  sn_joint* j = (sn_joint*)sn_spec_append(s, &s->joints, sizeof(sn_joint));
  sn_joint_default(j);
  j->body = body;
  j->type = type;
  return j;
}

// Compile and fail the test with the compiler's message if it does not compile.
static inline mjModel* tu_compile(sn_spec* s) {
  char err[500] = "";
  mjModel* m = sn_compile(s, NULL, err, sizeof(err));
  if (!m) {
    fail_msg("compile failed: %s", err);
  }
  return m;
}

#endif  // SINEW_TESTS_COMPILER_TEST_UTIL_H_
