// Internal interface of the collision layer: the narrow-phase functions of every
// geom-type pair and the table mj_collision dispatches through.
//
// Contract of a pair function (mjfCollision): g1 has the smaller (or equal) geom type,
// the table never calls it otherwise. It writes at most mjMAXCONPAIR contacts whose
// signed distance is below margin, filling only the geometry:
//   dist      signed distance between the surfaces (negative: penetration)
//   pos       the point midway between the two surfaces
//   frame     frame[0..2] the unit normal pointing from g1 to g2; frame[3..5] either a
//             tangent the function chose or zeros; frame[6..8] zeros.
// The driver (collision.c) completes the frame with mju_makeFrame and fills the ids
// and the mixed parameters. Pair functions allocate nothing and keep no state.
#ifndef SINEW_COLLISION_COLLISION_H_
#define SINEW_COLLISION_COLLISION_H_

#include <mujoco/mujoco.h>

// Dispatch table by [type1][type2] with type1 <= type2; NULL where no contact exists.
extern const mjfCollision sn_collide_table[mjNGEOMTYPES][mjNGEOMTYPES];

//---------------------------------- analytic pairs (primitive.c, box.c) ---------------------------

int sn_collide_plane_sphere(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                            mjtNum margin);
int sn_collide_plane_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                             mjtNum margin);
int sn_collide_plane_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                              mjtNum margin);
int sn_collide_plane_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                         mjtNum margin);
int sn_collide_sphere_sphere(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                             mjtNum margin);
int sn_collide_sphere_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                              mjtNum margin);
int sn_collide_sphere_cylinder(const mjModel* m, const mjData* d, mjContact* con, int g1,
                               int g2, mjtNum margin);
int sn_collide_sphere_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                          mjtNum margin);
int sn_collide_capsule_capsule(const mjModel* m, const mjData* d, mjContact* con, int g1,
                               int g2, mjtNum margin);
int sn_collide_capsule_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                           mjtNum margin);
int sn_collide_box_box(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                       mjtNum margin);

//---------------------------------- general convex pairs (convex.c) -------------------------------

// Plane against an ellipsoid or a mesh (support-function based).
int sn_collide_plane_convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                            mjtNum margin);
// Any two convex geoms (sphere, capsule, ellipsoid, cylinder, box, mesh) without an
// analytic function: GJK/EPA, with multiccd multi-contact when enabled.
int sn_collide_convex(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                      mjtNum margin);

//---------------------------------- height fields (hfield.c) --------------------------------------

// Height field (g1) against any convex geom (g2).
int sn_collide_hfield(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                      mjtNum margin);

//---------------------------------- signed distance fields (sdf.c) --------------------------------

// An sdf geom (g2, its field the octree of its mesh) against a primitive, a mesh or another
// sdf geom (g1): multi-start gradient descent, one contact per start.
int sn_collide_sdf(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                   mjtNum margin);

// Signed distance of a mesh's octree field at a point of the mesh frame (1 when the mesh has
// no octree): the field the sdf collisions and the tactile sensor read.
mjtNum sn_sdf_mesh_distance(const mjModel* m, int mesh, const mjtNum p[3]);

// Signed distance (and its local gradient g) of a sphere, capsule, cylinder, box or
// ellipsoid of half sizes s at a local point, as 3.3.8 estimates it for sdf collisions and
// the tactile sensor (boxes and ellipsoids inside: its first-order estimates); 0 otherwise.
mjtNum sn_sdf_primitive(int type, const mjtNum* s, const mjtNum p[3], mjtNum g[3]);

#endif  // SINEW_COLLISION_COLLISION_H_
