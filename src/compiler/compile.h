// Internal interface between the compile steps (one file per step) and sn_compile.
// Every step reads the spec and the context, writes its part of the model, and on
// failure calls sn_cerr (which records the first message) and returns 0.
#ifndef SINEW_COMPILER_COMPILE_H_
#define SINEW_COMPILER_COMPILE_H_

#include <mujoco/mujoco.h>

#include "compiler/spec.h"

// A rigid pose: position and unit quaternion (w, x, y, z).
typedef struct {
  double pos[3];
  double quat[4];
} sn_pose;

// Mass properties: mass, principal frame (centre of mass and orientation in some
// reference frame) and principal moments.
typedef struct {
  double mass;
  double pos[3];
  double quat[4];
  double inertia[3];
} sn_massprops;

// A body fused into model body `body` by fusestatic: its own mass properties, in the
// frame 3.3.8 combines them in (see fuse.c).
typedef struct {
  int body;
  sn_massprops props;
} sn_fused;

// A geom as seen by the inertia computation: type, resolved size, pose in its body.
typedef struct {
  int type;
  double size[3];
  sn_pose pose;
  const sn_geom* geom;
} sn_geom_part;

// Everything the steps share while one spec is compiled.
typedef struct {
  sn_spec* spec;
  const mjVFS* vfs;
  mjModel* m;
  char* error;
  int error_sz;
  int failed;

  // kinematic tree after fusestatic: model body id of each spec body (-1: fused into
  // its parent), and the spec body of each model body
  int* body_of_spec;
  int* spec_of_body;

  // compiled order of each element type: model id -> spec index
  int* jnt_order;
  int* geom_order;
  int* site_order;
  int* cam_order;
  int* light_order;
  int* pair_order;            // <contact> pairs and excludes: sorted by body signature
  int* exclude_order;

  // resolved frames: pose of each <frame> in its body (or fused ancestor) frame
  sn_pose* frame_pose;

  // free-joint alignment: pose of each body's new frame in its old frame (identity
  // unless the body was aligned with its inertial frame); elements compiled after
  // the inertia step are re-expressed with sn_align_apply
  sn_pose* align;

  // fusestatic (fuse.c): spec geoms moved into another body (they do not count for
  // its own inertia; NULL if nothing was fused) and the mass properties of the fused
  // bodies, sorted by the body they were fused into
  unsigned char* geom_moved;
  sn_fused* fused;
  int nfused;
  int nbvh_extra;             // unused bounding-volume nodes 3.3.8 allocates when fusing
  int nuser_body_fused;       // longest user list of a fused body

  // processed assets, owned by mesh.c and hfield.c (built before sizes are known)
  struct sn_mesh_built* meshes;     // one per spec mesh
  struct sn_hfield_built* hfields;  // one per spec hfield
} sn_ctx;

//---------------------------------- errors --------------------------------------------------------

// Record a compile error located at loc (may be NULL); only the first is kept.
// Always returns 0 so callers can write `return sn_cerr(...)`.
int sn_cerr(sn_ctx* c, const sn_srcloc* loc, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

// sn_cerr for an error caused by one attribute of the element at loc.
int sn_cerr_attr(sn_ctx* c, const sn_srcloc* loc, const char* attr, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

// Largest model (or mjData) the compiler will allocate, in bytes; a bigger request is
// a compile error ("model too large") rather than an attempt that may exhaust memory.
#define SN_MAX_MODEL_BYTES ((size_t)4 << 30)

//---------------------------------- frame.c -------------------------------------------------------

// Resolve an orientation as written into a unit quaternion using the compiler's
// angle units and Euler sequence. Returns 0 (with an error) on a degenerate input.
int sn_orient_quat(sn_ctx* c, const sn_orient* o, double quat[4], const sn_srcloc* loc);

// Divide v (n entries) by its norm, as 3.3.8's compiler does (mju_normalize* scales by the
// reciprocal, which differs in the last bits); 0 and v unchanged when the norm is below mjMINVAL.
int sn_normalize_div(double* v, int n);

// res = a * b (pose composition: b expressed in a).
void sn_pose_mul(sn_pose* res, const sn_pose* a, const sn_pose* b);

// Identity pose.
void sn_pose_identity(sn_pose* p);

// Pose of frame id (-1: identity) in its body frame (after sn_compile_frames).
void sn_frame_chain(sn_ctx* c, int frame, sn_pose* res);

// Resolve every <frame> pose. Returns 0 on error.
int sn_compile_frames(sn_ctx* c);

// Pose of an element (pos + orient) given its enclosing frame: the pose in its body.
int sn_element_pose(sn_ctx* c, int frame, const double pos[3], const sn_orient* o,
                    const sn_srcloc* loc, sn_pose* res);

// Minimal rotation taking +z to vec (normalised first).
void sn_quat_z2vec(double quat[4], const double vec[3]);

// Quaternion of a right-handed orthonormal frame with columns x, y, z.
void sn_quat_from_axes(double quat[4], const double x[3], const double y[3], const double z[3]);

// Tolerant comparisons used for "sameframe" decisions.
int sn_vec_is_zero(const double* v, int n);
int sn_quat_is_identity(const double q[4]);
int sn_vec_equal(const double* a, const double* b, int n);

//---------------------------------- steps ---------------------------------------------------------

// body.c: fusestatic mapping and element ordering (before sizes are known).
int sn_body_plan(sn_ctx* c);
// body.c: tree arrays, body_pos/quat, ntree, tree ids.
int sn_compile_bodies(sn_ctx* c);
// body.c: body_sameframe, body_simple (after inertia), contype/conaffinity/margin.
int sn_compile_body_finish(sn_ctx* c);

// joint.c
int sn_compile_joints(sn_ctx* c);

// geom.c
int sn_compile_geoms(sn_ctx* c);
// geom.c: geom_sameframe (needs body inertial frames).
void sn_geom_sameframe(sn_ctx* c);
// Size of a geom after fromto resolution (used by inertia and geom steps).
int sn_geom_resolve(sn_ctx* c, const sn_geom* g, double size[3], sn_pose* pose);

// fuse.c: compiler fusestatic, applied to the spec before anything else is compiled.
int sn_fuse_static(sn_ctx* c);

// inertia.c
int sn_compile_inertia(sn_ctx* c);
// Own mass properties of a body (from its geoms or its <inertial>, with the compiler's
// bounds) in its frame. Returns 0 on error.
int sn_body_inertia(sn_ctx* c, const sn_body* sb, int ngeom, const sn_geom_part* geoms,
                    sn_massprops* out);
// a <- a and b combined about their joint centre of mass (re-diagonalised).
void sn_massprops_combine(sn_massprops* a, const sn_massprops* b);
// Re-express a pose given in body b's original frame in its (possibly aligned) frame.
void sn_align_apply(sn_ctx* c, int b, sn_pose* pose);
// A geom given a mass but with a volume (area for shells) below this gets no mass:
// measured on 3.3.8 with spheres, boxes, cylinders, capsules, ellipsoids and meshes
// around 1e-14 (a box of 9.92e-15 is massless, one of 1.008e-14 is not), shells alike.
#define SN_GEOM_MEASURE_MIN 1e-14
// Mass, centre-free principal inertia of a primitive geom with the given size.
int sn_geom_massprops(int type, const double size[3], double density, double mass_given,
                      int shell, double* mass, double inertia[3]);
// Eigen-decomposition of a symmetric 3x3 matrix: eigenvalues descending and the
// quaternion of the rotation whose columns are the eigenvectors.
void sn_eig3(double eigval[3], double quat[4], const double mat[9]);

// geom.c: geom-like size/pose resolution for sites, and bounding volumes
int sn_site_resolve(sn_ctx* c, const sn_site* s, double size[3], sn_pose* pose);
void sn_geom_bounds(int type, const double size[3], double* rbound, double aabb[6]);

// joint.c: resolve a limited/auto flag against a range (autolimits rules)
int sn_resolve_limited(sn_ctx* c, sn_tristate flag, const double range[2], const char* what,
                       const sn_srcloc* loc, int* limited);

// bvh.c: per-body bounding-volume hierarchies
int sn_compile_bvh(sn_ctx* c);

// site.c
int sn_compile_sites(sn_ctx* c);
void sn_site_sameframe(sn_ctx* c);

// camlight.c: global body frames, inertial positions and subtree centres of mass at
// qpos0 (subtree_com may be NULL)
void sn_qpos0_frames(const mjModel* m, double* xpos, double* xquat, double* xipos,
                     double* subtree_com);
// camlight.c
int sn_compile_cameras(sn_ctx* c);
int sn_compile_lights(sn_ctx* c);
// actuator.c
int sn_compile_actuators(sn_ctx* c);
int sn_actuator_actnum(const sn_actuator* a);
// asset.c: full path of an asset file: filedir when given, else typedir (meshdir,
// texturedir) or assetdir, relative to the model's directory; strippath applies.
void sn_asset_path(const sn_spec* spec, const char* typedir, const char* filedir,
                   const char* file, char* out, size_t n);
// asset.c: read an asset file found by sn_asset_path into buf (mju_free it); on failure
// a compile error "could not open <what> file '<path>'" at loc/attr and 0.
int sn_asset_read(sn_ctx* c, const char* typedir, const char* filedir, const char* file,
                  const sn_srcloc* loc, const char* attr, const char* what, char* path,
                  size_t pathsz, char** buf, size_t* size);
// asset.c: where the files of one asset type (mjOBJ_HFIELD, mjOBJ_MESH, mjOBJ_TEXTURE)
// start in mjModel.paths: 3.3.8 stores height-field, then mesh, then texture files.
int sn_asset_paths_offset(const sn_spec* spec, int objtype);
// asset.c: an asset's file name as mjModel.paths stores it (strippath applied).
const char* sn_asset_file(const sn_spec* spec, const char* file);
// mesh.c: load and process every mesh (files, scaling, centring, hull, inertia) before
// the model sizes are known; then sizes, arrays, and release of the processed data.
int sn_mesh_prepare(sn_ctx* c);
void sn_mesh_sizes(sn_ctx* c, mjModel* z);
int sn_compile_meshes(sn_ctx* c);
void sn_mesh_free(sn_ctx* c);
// Free the built data of mesh i (discardvisual drops the mesh from the spec next).
void sn_mesh_discard(sn_ctx* c, int i);
// Move the built data of mesh `from` to slot `to` (compaction after discards).
void sn_mesh_move(sn_ctx* c, int from, int to);
// compiler discardvisual: drop materials, textures, unreferenced visual geoms and unused
// meshes from the spec, preserving body inertia (discard.c).
int sn_discard_visual(sn_ctx* c);
// mesh.c: index of a mesh asset by name (-1 if none).
int sn_mesh_find(sn_ctx* c, const char* name);
// mesh.c: size and pose of a geom with a mesh attribute (mesh geoms: the mesh's extent,
// pose composed with the mesh frame; primitives: fitted to the mesh); pose holds the
// geom's own pose on entry.
int sn_mesh_geom_resolve(sn_ctx* c, const sn_geom* g, double size[3], sn_pose* pose);
// mesh.c: bounding sphere radius and local box of a mesh geom.
void sn_mesh_geom_bounds(sn_ctx* c, int mesh, double* rbound, double aabb[6]);
// mesh.c: mass and principal inertia of a mesh geom (in the mesh frame).
int sn_mesh_geom_massprops(sn_ctx* c, const sn_geom* g, double* mass, double inertia[3]);
// mesh.c: material id of a mesh's fallback material (-1 if none).
int sn_mesh_material(sn_ctx* c, const char* mesh);
// hfield.c: the same four steps for height fields.
int sn_hfield_prepare(sn_ctx* c);
void sn_hfield_sizes(sn_ctx* c, mjModel* z);
int sn_compile_hfields(sn_ctx* c);
void sn_hfield_free(sn_ctx* c);
// hfield.c: size of a geom from the hfield it names (geoms of other types naming one are
// an error); returns 0 with an error if the hfield is missing.
int sn_hfield_geom_size(sn_ctx* c, const sn_geom* g, double size[3]);
// hfield.c: bounding box, bounding radius and data id of compiled hfield geom id.
int sn_hfield_geom(sn_ctx* c, const sn_geom* g, int id);
// contact.c: <contact> pairs and excludes (after geoms and names).
void sn_contact_sizes(sn_ctx* c, mjModel* z);
int sn_compile_contacts(sn_ctx* c);
// equality.c: <equality> constraints (after bodies, joints, sites and inertia).
void sn_equality_sizes(sn_ctx* c, mjModel* z);
int sn_compile_equalities(sn_ctx* c);
// tendon.c: <tendon> fixed and spatial tendons and their wrap paths (after joints,
// geoms, sites and materials).
void sn_tendon_sizes(sn_ctx* c, mjModel* z);
int sn_compile_tendons(sn_ctx* c);
// sensor.c: <sensor> elements (after everything they can name: bodies, joints, geoms,
// sites, cameras, meshes, tendons, actuators). Sizes: nsensordata (0 on error).
int sn_sensor_sizes(sn_ctx* c, int* nsensordata);
int sn_compile_sensors(sn_ctx* c);
// texture.c
int sn_texture_count(sn_ctx* c, int* ntexdata, int* npaths);
int sn_compile_textures(sn_ctx* c);
// material.c
int sn_compile_materials(sn_ctx* c);
// keyframe.c
int sn_compile_keys(sn_ctx* c);
// custom.c
void sn_custom_sizes(sn_ctx* c, int* nnumericdata, int* ntextdata, int* ntupledata);
int sn_compile_custom(sn_ctx* c);
// statistic.c
void sn_compile_statistic(sn_ctx* c);
void sn_statistic_overrides(sn_ctx* c);
// lengthrange_all.c: actuator_lengthrange by simulation for the actuators <compiler>
// <lengthrange> selects (after mj_setConst); 0 with an error when one fails
int sn_compile_lengthranges(sn_ctx* c, mjModel* m);
// the same with explicit options and thread count (0: from usethread and the cores)
int sn_compile_lengthranges_opt(sn_ctx* c, mjModel* m, const mjLROpt* opt, int nthread);
// size.c
void sn_compile_sizes_misc(sn_ctx* c, mjModel* sizes);
// names.c (compiler side): names buffer and hash map
int sn_names_size(sn_ctx* c, int* nnames, int* nnames_map);
int sn_compile_names(sn_ctx* c);

// Look up a model id by name among the compiled elements of one type.
int sn_find_name(sn_ctx* c, int objtype, const char* name);

#endif  // SINEW_COMPILER_COMPILE_H_
