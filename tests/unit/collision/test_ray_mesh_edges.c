// mj_rayMesh on vertices, edges, face planes and rays nudged a few ulps off them, and
// mju_rayGeom on box corners and edges, cylinder and capsule rims and rays tangent to
// quadrics, compared bit for bit (signed zeros included) with MuJoCo 3.3.8's answers
// stored in tests/models/ray_mesh_edges.rays and ray_mesh_exit.rays ("mesh g p[3] v[3] =
// answer") and
// ray_primitives.rays ("geom type pos[3] mat[9] size[3] p[3] v[3] = answer"), so that
// this check runs without the oracle (conformance/ray/ray_* ask the oracle live). Lines
// marked "# known:" are documented differences: they must still differ.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static FILE* open_models_file(const char* name, char* path, size_t n) {
  const char* dir = getenv("SINEW_TEST_MODELS");
  snprintf(path, n, "%s/%s", dir ? dir : "tests/models", name);
  return fopen(path, "r");
}

// Checks every "mesh ..." (mj_rayMesh on MODEL's geom) and "geom ..." (mju_rayGeom)
// line of NAME.rays against its stored answer; returns the number of lines checked.
static int check_rays_file(const char* name, const mjModel* m, const mjData* d) {
  char path[1024];
  FILE* f = open_models_file(name, path, sizeof(path));
  if (!f) {
    fail_msg("cannot open %s", path);
  }
  char line[2048];
  int lineno = 0, checked = 0, bad = 0, known = 0;
  while (fgets(line, sizeof(line), f)) {
    lineno++;
    double want, got;
    char answer[64];
    if (strncmp(line, "mesh ", 5) == 0) {
      int g;
      double p[3], v[3];
      if (sscanf(line + 5, "%d %lf %lf %lf %lf %lf %lf = %63s", &g, p, p + 1, p + 2, v, v + 1,
                 v + 2, answer) != 8) {
        fail_msg("%s:%d: expected 'mesh g p[3] v[3] = answer'", path, lineno);
      }
      assert_non_null(m);
      assert_true(g >= 0 && g < m->ngeom);
      got = mj_rayMesh(m, d, g, p, v);
    } else if (strncmp(line, "geom ", 5) == 0) {
      double x[21];
      int type, used = 0, pos = 5;
      if (sscanf(line + pos, "%d%n", &type, &used) != 1) {
        fail_msg("%s:%d: expected 'geom type pos[3] mat[9] size[3] p[3] v[3] = answer'", path,
                 lineno);
      }
      pos += used;
      for (int i = 0; i < 21; i++) {
        if (sscanf(line + pos, "%lf%n", x + i, &used) != 1) {
          fail_msg("%s:%d: expected 21 numbers after the geom type", path, lineno);
        }
        pos += used;
      }
      if (sscanf(line + pos, " = %63s", answer) != 1) {
        fail_msg("%s:%d: expected '= answer'", path, lineno);
      }
      got = mju_rayGeom(x, x + 3, x + 12, x + 15, x + 18, type);
    } else {
      continue;
    }
    want = strtod(answer, NULL);
    checked++;
    int same = memcmp(&want, &got, sizeof(double)) == 0;
    if (strstr(line, "# known:")) {
      // a documented difference must still differ (else the entry is stale)
      if (same) {
        bad++;
        print_message("%s:%d: stale known difference (now agrees)\n", path, lineno);
      } else {
        known++;
      }
    } else if (!same) {
      bad++;
      print_message("%s:%d: 3.3.8 %.17g, Sinew %.17g\n", path, lineno, want, got);
    }
  }
  fclose(f);
  print_message("%s: %d/%d stored answers agree bit for bit (%d known differences)\n", name,
                checked - bad - known, checked, known);
  assert_int_equal(bad, 0);
  return checked;
}

// Checks MODEL.rays against MODEL.xml (at its initial state); returns the lines checked.
static int check_mesh_model(const char* model, const char* rays) {
  char path[1024], err[1000] = "";
  FILE* f = open_models_file(model, path, sizeof(path));
  assert_non_null(f);
  fclose(f);
  mjModel* m = mj_loadXML(path, NULL, err, sizeof(err));
  if (!m) {
    fail_msg("cannot load %s: %s", path, err);
  }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  int checked = check_rays_file(rays, m, d);
  mj_deleteData(d);
  mj_deleteModel(m);
  return checked;
}

static void test_mesh_rays(void** state) {
  (void)state;
  assert_true(check_mesh_model("ray_mesh_edges.xml", "ray_mesh_edges.rays") > 900);
}

// rays from inside a mesh leaving its box through an edge or a corner
static void test_mesh_exit_rays(void** state) {
  (void)state;
  assert_true(check_mesh_model("ray_mesh_exit.xml", "ray_mesh_exit.rays") > 500);
}

static void test_primitive_rays(void** state) {
  (void)state;
  assert_true(check_rays_file("ray_primitives.rays", NULL, NULL) > 300);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mesh_rays),
      cmocka_unit_test(test_mesh_exit_rays),
      cmocka_unit_test(test_primitive_rays),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
