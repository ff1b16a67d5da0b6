// The general convex solver: shapes described by support functions, GJK for
// distances and EPA for penetration (MuJoCo's native CCD, ccd_tolerance and
// ccd_iterations from mjOption). Used by convex.c, hfield.c (prisms under the height
// field) and mj_geomDistance.
#ifndef SINEW_COLLISION_CONVEX_H_
#define SINEW_COLLISION_CONVEX_H_

#include <mujoco/mujoco.h>

// Shape kinds beyond mjtGeom.
#define SN_CONVEX_PRISM (mjNGEOMTYPES + 1)  // triangular prism given by 6 world points

// A convex shape in world coordinates.
typedef struct sn_convex {
  const mjModel* m;
  int geom;                   // geom id, -1 for shapes that are not geoms
  int type;                   // mjtGeom or SN_CONVEX_PRISM
  const mjtNum* pos;          // world position (geoms: geom_xpos)
  const mjtNum* mat;          // world orientation, row-major (geoms: geom_xmat)
  const mjtNum* size;         // geom_size
  mjtNum margin;              // shape inflated by margin/2 in every direction
  mjtNum prism[6][3];         // SN_CONVEX_PRISM vertices
  int vertindex;              // mesh hill-climbing warm start (-1: none)
  int core;                   // solver-internal: 1 = spheres/capsules without radius
} sn_convex;

// Describe geom g (pose from d) as a convex shape inflated by margin/2 (contacts
// pass 0: the contact threshold is sn_convex_collide's margin).
void sn_convex_geom(sn_convex* obj, const mjModel* m, const mjData* d, int g, mjtNum margin);

// World-frame support point of obj in direction dir (need not be unit), as the native
// GJK/EPA solver uses it.
void sn_convex_support(mjtNum res[3], sn_convex* obj, const mjtNum dir[3]);

// The same for libccd's MPR, which differs where a box meets a zero direction component
// (it takes the middle of that axis).
void sn_convex_support_mpr(mjtNum res[3], sn_convex* obj, const mjtNum dir[3]);

// One contact between two convex shapes closer than margin (distance measured between
// the shapes as sn_convex_support describes them, inflation included): returns 1 and
// fills con->dist, pos (midway between the surfaces) and frame[0..2] (unit normal from
// a to b), or returns 0. Uses m->opt.ccd_tolerance and ccd_iterations.
int sn_convex_collide(const mjModel* m, sn_convex* a, sn_convex* b, mjtNum margin,
                      mjContact* con);

#endif  // SINEW_COLLISION_CONVEX_H_
