// Small helpers shared by the analytic narrow-phase files (primitive.c, cylinder.c, box.c,
// capsule_box.c, box_box.c): reading a geom's pose and writing one contact in the
// pair-function contract.
#ifndef SINEW_COLLISION_PAIR_UTIL_H_
#define SINEW_COLLISION_PAIR_UTIL_H_

#include <mujoco/mujoco.h>
#include "math/inline.h"

// Pose and size of one geom (pointers into mjData/mjModel; mat is row-major, so the
// local axis k in world coordinates is the column (mat[k], mat[3+k], mat[6+k])).
typedef struct {
  const mjtNum* pos;
  const mjtNum* mat;
  const mjtNum* size;
} sn_geom_t;

static inline sn_geom_t sn_geom(const mjModel* m, const mjData* d, int g) {
  sn_geom_t G = {d->geom_xpos + 3 * g, d->geom_xmat + 9 * g, m->geom_size + 3 * g};
  return G;
}

// Local axis k of a geom in world coordinates.
static inline void sn_geom_axis(mjtNum res[3], const sn_geom_t* G, int k) {
  res[0] = G->mat[k];
  res[1] = G->mat[3 + k];
  res[2] = G->mat[6 + k];
}

// Write one contact: dist, pos, unit normal (g1 to g2) and an optional tangent (NULL: zeros).
static inline void sn_set_contact(mjContact* con, mjtNum dist, const mjtNum pos[3],
                                  const mjtNum normal[3], const mjtNum tangent[3]) {
  con->dist = dist;
  sn_copy3(con->pos, pos);
  sn_copy3(con->frame, normal);
  if (tangent) {
    sn_copy3(con->frame + 3, tangent);
  } else {
    sn_zero3(con->frame + 3);
  }
  sn_zero3(con->frame + 6);
}

// Contact between two spheres (c1, r1) and (c2, r2); axis1/axis2 choose the normal when
// the centres coincide (their cross product, or world x when they are parallel too).
// Returns 1 if dist < margin.
static inline int sn_sphere_pair(mjContact* con, const mjtNum c1[3], mjtNum r1,
                                 const mjtNum c2[3], mjtNum r2, const mjtNum axis1[3],
                                 const mjtNum axis2[3], mjtNum margin) {
  mjtNum n[3];
  sn_sub3(n, c2, c1);
  mjtNum len = sn_norm3(n);
  mjtNum dist = len - r1 - r2;
  if (dist >= margin) {
    return 0;
  }
  if (len < mjMINVAL) {
    sn_cross(n, axis1, axis2);
  }
  sn_normalize3(n);
  mjtNum pos[3];
  sn_addScl3(pos, c1, n, r1 + 0.5 * dist);
  sn_set_contact(con, dist, pos, n, NULL);
  return 1;
}

// Closest point to p on the segment c + t*axis, |t| <= half; returns t.
static inline mjtNum sn_segment_closest(mjtNum res[3], const mjtNum c[3], const mjtNum axis[3],
                                        mjtNum half, const mjtNum p[3]) {
  mjtNum dp[3];
  sn_sub3(dp, p, c);
  mjtNum t = sn_dot3(dp, axis);
  t = t < -half ? -half : (t > half ? half : t);
  sn_addScl3(res, c, axis, t);
  return t;
}

#endif  // SINEW_COLLISION_PAIR_UTIL_H_
