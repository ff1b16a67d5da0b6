// Enums of the editable model (MJCF attribute values), shared with MuJoCo's mjspec.h.
#ifndef MUJOCO_MJSPEC_H_
#define MUJOCO_MJSPEC_H_

// how a geom's inertia is computed from its shape
typedef enum mjtGeomInertia_ {
  mjINERTIA_VOLUME             = 0,
  mjINERTIA_SHELL              = 1
} mjtGeomInertia;

// how a mesh's inertia is computed
typedef enum mjtMeshInertia_ {
  mjMESH_INERTIA_CONVEX        = 0,
  mjMESH_INERTIA_EXACT         = 1,
  mjMESH_INERTIA_LEGACY        = 2,
  mjMESH_INERTIA_SHELL         = 3
} mjtMeshInertia;

// procedurally generated meshes
typedef enum mjtMeshBuiltin_ {
  mjMESH_BUILTIN_NONE          = 0,
  mjMESH_BUILTIN_SPHERE        = 1,
  mjMESH_BUILTIN_HEMISPHERE    = 2,
  mjMESH_BUILTIN_CONE          = 3,
  mjMESH_BUILTIN_SUPERSPHERE   = 4,
  mjMESH_BUILTIN_SUPERTORUS    = 5,
  mjMESH_BUILTIN_WEDGE         = 6,
  mjMESH_BUILTIN_PLATE         = 7
} mjtMeshBuiltin;

// procedural textures
typedef enum mjtBuiltin_ {
  mjBUILTIN_NONE               = 0,
  mjBUILTIN_GRADIENT           = 1,
  mjBUILTIN_CHECKER            = 2,
  mjBUILTIN_FLAT               = 3
} mjtBuiltin;

// marks drawn on procedural textures
typedef enum mjtMark_ {
  mjMARK_NONE                  = 0,
  mjMARK_EDGE                  = 1,
  mjMARK_CROSS                 = 2,
  mjMARK_RANDOM                = 3
} mjtMark;

// tri-state for limited-style attributes
typedef enum mjtLimited_ {
  mjLIMITED_FALSE              = 0,
  mjLIMITED_TRUE               = 1,
  mjLIMITED_AUTO               = 2
} mjtLimited;

// tri-state for aligning free joints with the inertial frame
typedef enum mjtAlignFree_ {
  mjALIGNFREE_FALSE            = 0,
  mjALIGNFREE_TRUE             = 1,
  mjALIGNFREE_AUTO             = 2
} mjtAlignFree;

// whether body inertia comes from geoms
typedef enum mjtInertiaFromGeom_ {
  mjINERTIAFROMGEOM_FALSE      = 0,
  mjINERTIAFROMGEOM_TRUE       = 1,
  mjINERTIAFROMGEOM_AUTO       = 2
} mjtInertiaFromGeom;

// orientation forms of MJCF elements
typedef enum mjtOrientation_ {
  mjORIENTATION_QUAT           = 0,
  mjORIENTATION_AXISANGLE      = 1,
  mjORIENTATION_XYAXES         = 2,
  mjORIENTATION_ZAXIS          = 3,
  mjORIENTATION_EULER          = 4
} mjtOrientation;

#endif  // MUJOCO_MJSPEC_H_
