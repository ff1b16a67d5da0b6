// ray_probe: answer ray-casting queries on a model, one per input line, so that
// ray.mjs can ask MuJoCo 3.3.8 (mujoco-js) the same questions and compare.
//
// usage: ray_probe MODEL.xml < commands
// Commands (numbers in any strtod format; G is "all" for geomgroup = NULL, or six
// 0/1 digits):
//   qpos q[nq]                                  set qpos and run mj_forward
//   ray p[3] v[3] flg_static bodyexclude G      mj_ray          -> dist geomid
//   multi p[3] flg_static bodyexclude G cutoff n v[3n]
//                                               mj_multiRay     -> (dist geomid) x n
//   geom type pos[3] mat[9] size[3] p[3] v[3]   mju_rayGeom     -> dist
//   mesh g p[3] v[3]  /  hfield g p[3] v[3]     mj_rayMesh / mj_rayHfield -> dist
//   skin nface nvert face[3 nface] vert[3 nvert] p[3] v[3]
//                                               mju_raySkin     -> dist vertid (-7 if unset)
// Each answer is one line; numbers printed with %.17g. Uses only the public API.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

static int next_word(char* buf, size_t n) {
  return scanf("%127s", buf) == 1 && n > 0;
}

static double num(void) {
  char w[128];
  if (!next_word(w, sizeof(w))) {
    fprintf(stderr, "ray_probe: unexpected end of input\n");
    exit(2);
  }
  return strtod(w, NULL);
}

static void nums(mjtNum* out, int n) {
  for (int i = 0; i < n; i++) {
    out[i] = num();
  }
}

// Geom group filter: NULL for "all", else six 0/1 digits.
static const mjtByte* groups(mjtByte g[mjNGROUP]) {
  char w[128];
  if (!next_word(w, sizeof(w))) {
    exit(2);
  }
  if (strcmp(w, "all") == 0) {
    return NULL;
  }
  for (int i = 0; i < mjNGROUP; i++) {
    g[i] = w[i] == '1';
  }
  return g;
}

static void run(const mjModel* m, mjData* d, const char* cmd) {
  mjtNum p[3], v[3];
  mjtByte g[mjNGROUP];
  if (strcmp(cmd, "qpos") == 0) {
    nums(d->qpos, m->nq);
    mj_forward(m, d);
    printf("ok\n");
  } else if (strcmp(cmd, "ray") == 0) {
    nums(p, 3);
    nums(v, 3);
    mjtByte st = (mjtByte)num();
    int ex = (int)num();
    const mjtByte* gg = groups(g);
    int id = -7;
    mjtNum x = mj_ray(m, d, p, v, gg, st, ex, &id);
    printf("%.17g %d\n", x, id);
  } else if (strcmp(cmd, "multi") == 0) {
    nums(p, 3);
    mjtByte st = (mjtByte)num();
    int ex = (int)num();
    const mjtByte* gg = groups(g);
    mjtNum cutoff = num();
    int n = (int)num();
    mjtNum* vec = malloc(sizeof(mjtNum) * 3 * (size_t)n);
    mjtNum* dist = malloc(sizeof(mjtNum) * (size_t)n);
    int* ids = malloc(sizeof(int) * (size_t)n);
    nums(vec, 3 * n);
    mj_multiRay(m, d, p, vec, gg, st, ex, ids, dist, n, cutoff);
    for (int i = 0; i < n; i++) {
      printf("%.17g %d%c", dist[i], ids[i], i + 1 < n ? ' ' : '\n');
    }
    free(vec);
    free(dist);
    free(ids);
  } else if (strcmp(cmd, "geom") == 0) {
    int type = (int)num();
    mjtNum pos[3], mat[9], size[3];
    nums(pos, 3);
    nums(mat, 9);
    nums(size, 3);
    nums(p, 3);
    nums(v, 3);
    printf("%.17g\n", mju_rayGeom(pos, mat, size, p, v, type));
  } else if (strcmp(cmd, "mesh") == 0 || strcmp(cmd, "hfield") == 0) {
    int gid = (int)num();
    nums(p, 3);
    nums(v, 3);
    mjtNum x = cmd[0] == 'm' ? mj_rayMesh(m, d, gid, p, v) : mj_rayHfield(m, d, gid, p, v);
    printf("%.17g\n", x);
  } else if (strcmp(cmd, "skin") == 0) {
    int nface = (int)num(), nvert = (int)num();
    int* face = malloc(sizeof(int) * 3 * (size_t)nface);
    float* vert = malloc(sizeof(float) * 3 * (size_t)nvert);
    for (int i = 0; i < 3 * nface; i++) {
      face[i] = (int)num();
    }
    for (int i = 0; i < 3 * nvert; i++) {
      vert[i] = (float)num();
    }
    nums(p, 3);
    nums(v, 3);
    int vid = -7;
    mjtNum x = mju_raySkin(nface, nvert, face, vert, p, v, &vid);
    printf("%.17g %d\n", x, vid);
    free(face);
    free(vert);
  } else {
    fprintf(stderr, "ray_probe: unknown command '%s'\n", cmd);
    exit(2);
  }
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: ray_probe MODEL.xml < commands\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    printf("load error: %s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  char cmd[128];
  while (scanf("%127s", cmd) == 1) {
    run(m, d, cmd);
    fflush(stdout);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
