// Which narrow-phase function handles each pair of geom types (3.3.8's choices:
// analytic where MuJoCo has a dedicated function, the convex solver elsewhere).
// Plane-sdf pairs collide like plane-mesh ones (3.3.8 gives an sdf geom with a mesh
// the plane-mesh contacts); hfield-sdf pairs give none in 3.3.8 either (it warns that
// they are not supported); sdf against primitives, meshes and sdf geoms uses the
// signed-distance descent (sdf.c, which describes the ray-cast field 3.3.8 gives a mesh).
#include "collision/collision.h"

#define P_SPH sn_collide_plane_sphere
#define CVX sn_collide_convex
#define HF sn_collide_hfield
#define SDF sn_collide_sdf

const mjfCollision sn_collide_table[mjNGEOMTYPES][mjNGEOMTYPES] = {
  // plane, hfield, sphere, capsule, ellipsoid, cylinder, box, mesh, sdf
  [mjGEOM_PLANE] = {NULL, NULL, P_SPH, sn_collide_plane_capsule, sn_collide_plane_convex,
                    sn_collide_plane_cylinder, sn_collide_plane_box, sn_collide_plane_convex,
                    sn_collide_plane_convex},
  [mjGEOM_HFIELD] = {NULL, NULL, HF, HF, HF, HF, HF, HF, NULL},
  [mjGEOM_SPHERE] = {NULL, NULL, sn_collide_sphere_sphere, sn_collide_sphere_capsule, CVX,
                     sn_collide_sphere_cylinder, sn_collide_sphere_box, CVX, SDF},
  [mjGEOM_CAPSULE] = {NULL, NULL, NULL, sn_collide_capsule_capsule, CVX, CVX,
                      sn_collide_capsule_box, CVX, SDF},
  [mjGEOM_ELLIPSOID] = {NULL, NULL, NULL, NULL, CVX, CVX, CVX, CVX, SDF},
  [mjGEOM_CYLINDER] = {NULL, NULL, NULL, NULL, NULL, CVX, CVX, CVX, SDF},
  [mjGEOM_BOX] = {NULL, NULL, NULL, NULL, NULL, NULL, sn_collide_box_box, CVX, SDF},
  [mjGEOM_MESH] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, CVX, SDF},
  [mjGEOM_SDF] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, SDF},
};
