// Ray casting: placeholder until the ray functions land (nothing is ever hit).
#include <mujoco/mujoco.h>

void mj_multiRay(const mjModel* m, mjData* d, const mjtNum pnt[3], const mjtNum* vec,
                 const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude,
                 int* geomid, mjtNum* dist, int nray, mjtNum cutoff) {
  for (int i = 0; i < nray; i++) {
    geomid[i] = -1;
    dist[i] = -1;
  }
}

mjtNum mj_ray(const mjModel* m, const mjData* d, const mjtNum pnt[3], const mjtNum vec[3],
              const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude, int geomid[1]) {
  geomid[0] = -1;
  return -1;
}

mjtNum mj_rayHfield(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                    const mjtNum vec[3]) {
  return -1;
}

mjtNum mj_rayMesh(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                  const mjtNum vec[3]) {
  return -1;
}

mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                   const mjtNum pnt[3], const mjtNum vec[3], int geomtype) {
  return -1;
}

mjtNum mju_raySkin(int nface, int nvert, const int* face, const float* vert,
                   const mjtNum pnt[3], const mjtNum vec[3], int vertid[1]) {
  if (vertid) {
    vertid[0] = -1;
  }
  return -1;
}
