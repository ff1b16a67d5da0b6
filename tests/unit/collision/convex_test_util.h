// Helpers shared by the convex-solver unit tests (test_convex.c, test_mpr.c): models
// from MJCF text, and primitive shapes with their own pose storage (no model needed).
#ifndef SINEW_TESTS_CONVEX_TEST_UTIL_H_
#define SINEW_TESTS_CONVEX_TEST_UTIL_H_

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "collision/convex.h"

#include "../sn_load.h"

// Compile xml (fails the test on a load error).
static inline mjModel* load(const char* xml) { return sn_test_load(xml); }

typedef struct {
  sn_convex s;
  mjtNum pos[3], mat[9], size[3];
} shape_t;

// A shape of the given mjtGeom type and size at the origin, unrotated.
static inline void make_shape(shape_t* sh, int type, mjtNum s0, mjtNum s1, mjtNum s2) {
  memset(sh, 0, sizeof(*sh));
  sh->size[0] = s0;
  sh->size[1] = s1;
  sh->size[2] = s2;
  sh->mat[0] = sh->mat[4] = sh->mat[8] = 1;
  sh->s.geom = -1;
  sh->s.type = type;
  sh->s.pos = sh->pos;
  sh->s.mat = sh->mat;
  sh->s.size = sh->size;
  sh->s.vertindex = -1;
}

#endif  // SINEW_TESTS_CONVEX_TEST_UTIL_H_
