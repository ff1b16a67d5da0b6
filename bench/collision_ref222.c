// mujoco222-collide: the MuJoCo 2.2.2 side of the collision benchmark. Built against
// Debian's libmujoco (2.2.2) headers and library only, never against Sinew.
//
// usage: mujoco222-collide MODEL STEPS STATES_OUT
// Simulates STEPS steps with MuJoCo 2.2.2 (keyframe 0 if any, zero controls), and
// after each step times mj_collision alone on the new state (kinematics and com
// recomputed first, untimed). Writes every state (qpos, then mocap_pos/quat) to
// STATES_OUT so Sinew can time its collision on exactly the same configurations, and
// prints one line: "collision_ms_per_step ncon_per_step nq nmocap".
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mujoco/mujoco.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s MODEL STEPS STATES_OUT\n", argv[0]);
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    fprintf(stderr, "MuJoCo 2.2.2 could not load %s: %s\n", argv[1], err);
    return 1;
  }
  int steps = atoi(argv[2]);
  FILE* out = fopen(argv[3], "wb");
  if (!out || steps <= 0) {
    fprintf(stderr, "bad arguments\n");
    mj_deleteModel(m);
    return 2;
  }
  mjData* d = mj_makeData(m);
  if (m->nkey > 0) {
    mj_resetDataKeyframe(m, d, 0);
  }
  double total = 0;
  long ncon = 0;
  for (int k = 0; k < steps; k++) {
    mj_step(m, d);
    mj_kinematics(m, d);
    mj_comPos(m, d);
    double t0 = now();
    mj_collision(m, d);
    total += now() - t0;
    ncon += d->ncon;
    fwrite(d->qpos, sizeof(mjtNum), (size_t)m->nq, out);
    fwrite(d->mocap_pos, sizeof(mjtNum), 3 * (size_t)m->nmocap, out);
    fwrite(d->mocap_quat, sizeof(mjtNum), 4 * (size_t)m->nmocap, out);
  }
  fclose(out);
  printf("%.6f %.3f %d %d\n", 1e3 * total / steps, (double)ncon / steps, m->nq, m->nmocap);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
