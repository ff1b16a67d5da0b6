// Sinew: public C API, source-compatible with MuJoCo 3.x.
// A program written against MuJoCo's mujoco.h compiles against this header and
// links against libsinew. Sinew-only extensions live in <sinew/sinew.h>.
#ifndef MUJOCO_MUJOCO_H_
#define MUJOCO_MUJOCO_H_

#include <math.h>
#include <stddef.h>
#include <mujoco/mjexport.h>
#include <mujoco/mjtnum.h>
#include <mujoco/mjmodel.h>
#include <mujoco/mjdata.h>
#include <mujoco/mjspec.h>
#include <mujoco/mjvisualize.h>

// The MuJoCo API level this header matches (3.3.8).
#define mjVERSION_HEADER 338

#if defined(__GNUC__)
  #define mjPRINTFLIKE(i, j) __attribute__((format(printf, i, j)))
#else
  #define mjPRINTFLIKE(i, j)
#endif

#ifdef __cplusplus
extern "C" {
#endif

//---------------------------------- virtual file system -------------------------------------------

// A set of in-memory files consulted before the disk when loading models.
typedef struct mjVFS_ {
  void* impl_;                     // owned by Sinew; opaque to users
} mjVFS;

// Initialise an empty VFS.
MJAPI void mj_defaultVFS(mjVFS* vfs);

// Read a file from disk into the VFS: 0 ok, 1 exists, -1 failed to read.
MJAPI int mj_addFileVFS(mjVFS* vfs, const char* directory, const char* filename);

// Add a file from a memory buffer: 0 ok, 1 exists, -1 failed.
MJAPI int mj_addBufferVFS(mjVFS* vfs, const char* name, const void* buffer, int nbuffer);

// Remove a file: 0 ok, -1 not found.
MJAPI int mj_deleteFileVFS(mjVFS* vfs, const char* filename);

// Free every file held by the VFS.
MJAPI void mj_deleteVFS(mjVFS* vfs);

//---------------------------------- callbacks -----------------------------------------------------

typedef void   (*mjfGeneric)(const mjModel* m, mjData* d);
typedef int    (*mjfConFilt)(const mjModel* m, mjData* d, int geom1, int geom2);
typedef void   (*mjfSensor)(const mjModel* m, mjData* d, int stage);
typedef mjtNum (*mjfTime)(void);
typedef mjtNum (*mjfAct)(const mjModel* m, const mjData* d, int id);
// Narrow-phase function of a geom-type pair: writes up to mjMAXCONPAIR contacts closer
// than margin (dist, pos, frame) and returns how many.
typedef int    (*mjfCollision)(const mjModel* m, const mjData* d, mjContact* con,
                               int g1, int g2, mjtNum margin);

// User hooks called by the pipeline when set (NULL by default).
MJAPI extern mjfGeneric mjcb_passive;      // adds to qfrc_passive
MJAPI extern mjfGeneric mjcb_control;      // sets ctrl before actuation
MJAPI extern mjfConFilt mjcb_contactfilter;
MJAPI extern mjfSensor  mjcb_sensor;
MJAPI extern mjfTime    mjcb_time;         // clock for the profiling timers
MJAPI extern mjfAct     mjcb_act_dyn;      // dynamics of mjDYN_USER actuators
MJAPI extern mjfAct     mjcb_act_gain;     // gain of mjGAIN_USER actuators
MJAPI extern mjfAct     mjcb_act_bias;     // bias of mjBIAS_USER actuators

// Reset every global callback to NULL.
MJAPI void mj_resetCallbacks(void);

//---------------------------------- errors, warnings, memory --------------------------------------

// Error and warning sinks: when set, called with the formatted message instead of the
// default (print and exit for errors, print for warnings).
MJAPI extern void (*mju_user_error)(const char*);
MJAPI extern void (*mju_user_warning)(const char*);

// Allocation hooks used for every Sinew allocation when set.
MJAPI extern void* (*mju_user_malloc)(size_t);
MJAPI extern void  (*mju_user_free)(void*);

// Report a fatal error; does not return unless mju_user_error returns.
MJAPI void mju_error(const char* msg, ...) mjPRINTFLIKE(1, 2);

// Report a fatal error with an integer detail (deprecated in MuJoCo, kept for old code).
MJAPI void mju_error_i(const char* msg, int i);

// Report a fatal error with a string detail (deprecated in MuJoCo, kept for old code).
MJAPI void mju_error_s(const char* msg, const char* text);

// Report a warning.
MJAPI void mju_warning(const char* msg, ...) mjPRINTFLIKE(1, 2);

// Report a warning with an integer detail (deprecated in MuJoCo).
MJAPI void mju_warning_i(const char* msg, int i);

// Report a warning with a string detail (deprecated in MuJoCo).
MJAPI void mju_warning_s(const char* msg, const char* text);

// Clear the user error and memory handlers.
MJAPI void mju_clearHandlers(void);

// Aligned allocation through the user hooks; never returns NULL (errors instead).
MJAPI void* mju_malloc(size_t size);

// Free memory from mju_malloc.
MJAPI void mju_free(void* ptr);

// Count a warning in d->warning and print it the first time it occurs.
MJAPI void mj_warning(mjData* d, int warning, int info);

// Append a time-stamped message to MUJOCO_LOG.TXT.
MJAPI void mju_writeLog(const char* type, const char* msg);

// Text of a warning, with its detail.
MJAPI const char* mju_warningText(int warning, size_t info);

//---------------------------------- parse and compile ---------------------------------------------

// Load and compile an MJCF file. On failure returns NULL and writes a message naming
// file, line, column, element and attribute into error.
MJAPI mjModel* mj_loadXML(const char* filename, const mjVFS* vfs, char* error, int error_sz);

//---------------------------------- model and data ------------------------------------------------

// Default physics options.
MJAPI void mj_defaultOption(mjOption* opt);

// Default visualisation options.
MJAPI void mj_defaultVisual(mjVisual* vis);

// Default solref and solimp.
MJAPI void mj_defaultSolRefImp(mjtNum* solref, mjtNum* solimp);

// Copy a model; allocates dest when NULL. Returns dest.
MJAPI mjModel* mj_copyModel(mjModel* dest, const mjModel* src);

// Free a model.
MJAPI void mj_deleteModel(mjModel* m);

// Bytes needed to store the model in MJB format.
MJAPI mjtSize mj_sizeModel(const mjModel* m);

// Allocate data for a model and reset it to qpos0.
MJAPI mjData* mj_makeData(const mjModel* m);

// Copy data; allocates dest when NULL. Returns dest.
MJAPI mjData* mj_copyData(mjData* dest, const mjModel* m, const mjData* src);

// Reset data to the model's initial state.
MJAPI void mj_resetData(const mjModel* m, mjData* d);

// Reset data, filling the unused memory with debug_value to expose uninitialised reads.
MJAPI void mj_resetDataDebug(const mjModel* m, mjData* d, unsigned char debug_value);

// Reset data, then load keyframe key (if in range).
MJAPI void mj_resetDataKeyframe(const mjModel* m, mjData* d, int key);

// Free data.
MJAPI void mj_deleteData(mjData* d);

// Start a stack frame in d->arena; pair with mj_freeStack.
MJAPI void mj_markStack(mjData* d);

// Release everything allocated since the matching mj_markStack.
MJAPI void mj_freeStack(mjData* d);

// Allocate bytes on the stack with the given alignment.
MJAPI void* mj_stackAllocByte(mjData* d, size_t bytes, size_t alignment);

// Allocate mjtNums on the stack.
MJAPI mjtNum* mj_stackAllocNum(mjData* d, size_t size);

// Allocate ints on the stack.
MJAPI int* mj_stackAllocInt(mjData* d, size_t size);

// Number of mjtNums in the state selected by the mjtState bits in sig.
MJAPI int mj_stateSize(const mjModel* m, int sig);

// Copy the selected state out of d.
MJAPI void mj_getState(const mjModel* m, const mjData* d, mjtNum* state, int sig);

// Copy the selected state into d.
MJAPI void mj_setState(const mjModel* m, mjData* d, const mjtNum* state, int sig);

// Store the current state of d as keyframe k of m.
MJAPI void mj_setKeyframe(mjModel* m, const mjData* d, int k);

// Recompute the constants derived by the compiler (invweight0, acc0, ...) at qpos0.
MJAPI void mj_setConst(mjModel* m, mjData* d);

//---------------------------------- main simulation -----------------------------------------------

// Advance the simulation by one timestep.
MJAPI void mj_step(const mjModel* m, mjData* d);

// First half of mj_step: everything up to the control input; set ctrl, then call mj_step2.
MJAPI void mj_step1(const mjModel* m, mjData* d);

// Second half of mj_step: actuation, acceleration and integration.
MJAPI void mj_step2(const mjModel* m, mjData* d);

// Compute every derived quantity without advancing time.
MJAPI void mj_forward(const mjModel* m, mjData* d);

// mj_forward skipping stages already computed (skipstage: mjtStage).
MJAPI void mj_forwardSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor);

// Inverse dynamics: the applied force qfrc_inverse that produces the given qacc.
MJAPI void mj_inverse(const mjModel* m, mjData* d);

// mj_inverse skipping stages already computed (skipstage: mjtStage).
MJAPI void mj_inverseSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor);

//---------------------------------- pipeline stages -----------------------------------------------

// Position-dependent stages: kinematics, inertia, collision, constraints.
MJAPI void mj_fwdPosition(const mjModel* m, mjData* d);

// Velocity-dependent stages: velocities, bias forces, passive forces.
MJAPI void mj_fwdVelocity(const mjModel* m, mjData* d);

// Actuator forces from controls and activations.
MJAPI void mj_fwdActuation(const mjModel* m, mjData* d);

// Unconstrained acceleration qacc_smooth.
MJAPI void mj_fwdAcceleration(const mjModel* m, mjData* d);

// Constrained acceleration (equals qacc_smooth when there are no constraints).
MJAPI void mj_fwdConstraint(const mjModel* m, mjData* d);

// Position-dependent stages of inverse dynamics (no islands, no dual-problem matrix).
MJAPI void mj_invPosition(const mjModel* m, mjData* d);

// Velocity-dependent stages of inverse dynamics.
MJAPI void mj_invVelocity(const mjModel* m, mjData* d);

// Constraint forces of the soft model at the given qacc, in closed form.
MJAPI void mj_invConstraint(const mjModel* m, mjData* d);

// Inverse dynamics on the forward result; the discrepancies go to d->solver_fwdinv.
MJAPI void mj_compareFwdInv(const mjModel* m, mjData* d);

// Semi-implicit Euler step, implicit in joint damping.
MJAPI void mj_Euler(const mjModel* m, mjData* d);

// Runge-Kutta step of order N (only 4 is supported).
MJAPI void mj_RungeKutta(const mjModel* m, mjData* d, int N);

// Step implicit in velocity-dependent forces (implicit or implicitfast).
MJAPI void mj_implicit(const mjModel* m, mjData* d);

// Contacts: broad phase, filters, narrow phase and parameter mixing into d->contact.
MJAPI void mj_collision(const mjModel* m, mjData* d);

// Body, joint, geom, site, camera and light poses from qpos and mocap.
MJAPI void mj_kinematics(const mjModel* m, mjData* d);

// Subtree centres of mass, com-based inertias and motion axes.
MJAPI void mj_comPos(const mjModel* m, mjData* d);

// Camera and light poses that track bodies.
MJAPI void mj_camlight(const mjModel* m, mjData* d);

// Actuator lengths and moments.
MJAPI void mj_transmission(const mjModel* m, mjData* d);

// Tendon lengths, wrap points and Jacobians (ten_length, ten_J, wrap_xpos, wrap_obj).
MJAPI void mj_tendon(const mjModel* m, mjData* d);

// Sensors that need only positions (skipped when nothing reads them).
MJAPI void mj_sensorPos(const mjModel* m, mjData* d);

// Sensors that need velocities.
MJAPI void mj_sensorVel(const mjModel* m, mjData* d);

// Sensors that need accelerations and forces; runs mj_rnePostConstraint when one needs it.
MJAPI void mj_sensorAcc(const mjModel* m, mjData* d);

// Default options of the length-range computation (the <compiler><lengthrange> defaults).
MJAPI void mj_defaultLROpt(mjLROpt* opt);

// Compute actuator index's length range by simulation; returns 1, or 0 with a message.
MJAPI int mj_setLengthRange(mjModel* m, mjData* d, int index, const mjLROpt* opt,
                            char* error, int error_sz);

// Composite rigid body inertias and the joint-space inertia matrix qM.
MJAPI void mj_crb(const mjModel* m, mjData* d);

// Run mj_crb, add tendon armature terms, and store M in both qM and the row-compressed d->M.
MJAPI void mj_makeM(const mjModel* m, mjData* d);

// Sparse L'*D*L factorisation of the inertia matrix into qLD and qLDiagInv.
MJAPI void mj_factorM(const mjModel* m, mjData* d);

// Solve M*x = y for n right-hand sides using the factorisation.
MJAPI void mj_solveM(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y, int n);

// Half solve: x = sqrt(inv(D))*inv(L')*y.
MJAPI void mj_solveM2(const mjModel* m, mjData* d, mjtNum* x, const mjtNum* y,
                      const mjtNum* sqrtInvD, int n);

// Body velocities and derivatives of the motion axes.
MJAPI void mj_comVel(const mjModel* m, mjData* d);

// Passive forces: springs, dampers, gravity compensation, fluid.
MJAPI void mj_passive(const mjModel* m, mjData* d);

// Subtree linear velocity and angular momentum.
MJAPI void mj_subtreeVel(const mjModel* m, mjData* d);

// Recursive Newton-Euler: M*qacc + c(q,v) (flg_acc=1) or c(q,v) (flg_acc=0).
MJAPI void mj_rne(const mjModel* m, mjData* d, int flg_acc, mjtNum* result);

// Body accelerations and interaction forces (cacc, cfrc_int, cfrc_ext) after the constraint solve.
MJAPI void mj_rnePostConstraint(const mjModel* m, mjData* d);

// Potential energy into d->energy[0].
MJAPI void mj_energyPos(const mjModel* m, mjData* d);

// Kinetic energy into d->energy[1].
MJAPI void mj_energyVel(const mjModel* m, mjData* d);

//---------------------------------- constraints ---------------------------------------------------

// Constraint rows (equality, friction loss, limits, contacts) into the efc_* arrays, with
// their Jacobian, position, margin, diagApprox, R, D and KBIP.
MJAPI void mj_makeConstraint(const mjModel* m, mjData* d);

// Constraint islands: connected groups of dofs and constraints solved independently.
MJAPI void mj_island(const mjModel* m, mjData* d);

// efc_AR = J*inv(M)*J' + R, the dual problem's matrix (dual solvers only).
MJAPI void mj_projectConstraint(const mjModel* m, mjData* d);

// efc_vel = J*qvel and the reference acceleration efc_aref.
MJAPI void mj_referenceConstraint(const mjModel* m, mjData* d);

// From jar = J*qacc - aref: efc_state, efc_force, qfrc_constraint and (if cost) the
// soft-constraint cost; flg_coneHessian also computes the elliptic cones' Hessians.
MJAPI void mj_constraintUpdate(const mjModel* m, mjData* d, const mjtNum* jar,
                               mjtNum cost[1], int flg_coneHessian);

// res = efc_J*vec (dense or sparse Jacobian).
MJAPI void mj_mulJacVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);

// res = efc_J'*vec (dense or sparse Jacobian).
MJAPI void mj_mulJacTVec(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);

// Force and torque of contact id in its contact frame (normal first).
MJAPI void mj_contactForce(const mjModel* m, const mjData* d, int id, mjtNum result[6]);

// Append a contact to d->contact: 0 ok, 1 when the arena is full (mjWARN_CONTACTFULL).
MJAPI int mj_addContact(const mjModel* m, mjData* d, const mjContact* con);

// Reset to qpos0 (with a warning) if qpos is bad.
MJAPI void mj_checkPos(const mjModel* m, mjData* d);

// Reset (with a warning) if qvel is bad.
MJAPI void mj_checkVel(const mjModel* m, mjData* d);

// Reset (with a warning) if qacc is bad.
MJAPI void mj_checkAcc(const mjModel* m, mjData* d);

//---------------------------------- support -------------------------------------------------------

// Which constraint cone approximation is in use.
MJAPI int mj_isPyramidal(const mjModel* m);

// Whether constraint Jacobians are stored sparse.
MJAPI int mj_isSparse(const mjModel* m);

// Whether the solver works in the dual space.
MJAPI int mj_isDual(const mjModel* m);

// Jacobians (3 x nv) of a point attached to a body; jacp or jacr may be NULL.
MJAPI void mj_jac(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                  const mjtNum point[3], int body);

// Jacobians of a body frame origin.
MJAPI void mj_jacBody(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body);

// Jacobians of a body centre of mass.
MJAPI void mj_jacBodyCom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int body);

// Translational Jacobian of a subtree centre of mass.
MJAPI void mj_jacSubtreeCom(const mjModel* m, mjData* d, mjtNum* jacp, int body);

// Jacobians of a geom centre.
MJAPI void mj_jacGeom(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int geom);

// Jacobians of a site.
MJAPI void mj_jacSite(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr, int site);

// Jacobians of a point and an axis attached to a body.
MJAPI void mj_jacPointAxis(const mjModel* m, mjData* d, mjtNum* jacPoint, mjtNum* jacAxis,
                           const mjtNum point[3], const mjtNum axis[3], int body);

// Time derivative of the point Jacobians.
MJAPI void mj_jacDot(const mjModel* m, const mjData* d, mjtNum* jacp, mjtNum* jacr,
                     const mjtNum point[3], int body);

// Id of the named object of type (mjtObj), or -1.
MJAPI int mj_name2id(const mjModel* m, int type, const char* name);

// Name of object id of type (mjtObj), or NULL.
MJAPI const char* mj_id2name(const mjModel* m, int type, int id);

// Expand the sparse inertia M (qM layout) into a dense nv x nv matrix.
MJAPI void mj_fullM(const mjModel* m, mjtNum* dst, const mjtNum* M);

// res = M*vec.
MJAPI void mj_mulM(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);

// res = sqrt(D)*L*vec.
MJAPI void mj_mulM2(const mjModel* m, const mjData* d, mjtNum* res, const mjtNum* vec);

// Add M to a sparse or dense (rownnz==NULL) matrix.
MJAPI void mj_addM(const mjModel* m, mjData* d, mjtNum* dst, int* rownnz, int* rowadr,
                   int* colind);

// Map a Cartesian force and torque applied at a point of a body into joint space.
MJAPI void mj_applyFT(const mjModel* m, mjData* d, const mjtNum force[3], const mjtNum torque[3],
                      const mjtNum point[3], int body, mjtNum* qfrc_target);

// 6D velocity (rot:lin) of an object, in global or local orientation.
MJAPI void mj_objectVelocity(const mjModel* m, const mjData* d, int objtype, int objid,
                             mjtNum res[6], int flg_local);

// 6D acceleration (rot:lin) of an object from mjData.cacc (mj_rnePostConstraint), in
// global or local orientation; the linear part is the acceleration of the object's
// origin (including -gravity).
MJAPI void mj_objectAcceleration(const mjModel* m, const mjData* d, int objtype, int objid,
                                 mjtNum res[6], int flg_local);

// qvel that moves qpos1 to qpos2 in time dt.
MJAPI void mj_differentiatePos(const mjModel* m, mjtNum* qvel, mjtNum dt, const mjtNum* qpos1,
                               const mjtNum* qpos2);

// Advance qpos by qvel*dt, integrating quaternions on the sphere.
MJAPI void mj_integratePos(const mjModel* m, mjtNum* qpos, const mjtNum* qvel, mjtNum dt);

// Normalise every quaternion in qpos.
MJAPI void mj_normalizeQuat(const mjModel* m, mjtNum* qpos);

// Global pose of a frame given in a body's local coordinates.
MJAPI void mj_local2Global(mjData* d, mjtNum xpos[3], mjtNum xmat[9], const mjtNum pos[3],
                           const mjtNum quat[4], int body, mjtByte sameframe);

// Total mass of the model.
MJAPI mjtNum mj_getTotalmass(const mjModel* m);

// Scale every body mass and inertia so the total mass is newmass.
MJAPI void mj_setTotalmass(mjModel* m, mjtNum newmass);

// API version as an integer (338 for 3.3.8).
MJAPI int mj_version(void);

// Version string of the library.
MJAPI const char* mj_versionString(void);

//---------------------------------- standard math -------------------------------------------------

#define mjMAX(a, b) (((a) > (b)) ? (a) : (b))
#define mjMIN(a, b) (((a) < (b)) ? (a) : (b))

#define mju_sqrt    sqrt
#define mju_exp     exp
#define mju_sin     sin
#define mju_cos     cos
#define mju_tan     tan
#define mju_asin    asin
#define mju_acos    acos
#define mju_atan2   atan2
#define mju_tanh    tanh
#define mju_pow     pow
#define mju_abs     fabs
#define mju_log     log
#define mju_log10   log10
#define mju_floor   floor
#define mju_ceil    ceil

//---------------------------------- vector math ---------------------------------------------------

// res = 0.
MJAPI void mju_zero3(mjtNum res[3]);
// res = vec.
MJAPI void mju_copy3(mjtNum res[3], const mjtNum data[3]);
// res = vec*scl.
MJAPI void mju_scl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl);
// res = vec1 + vec2.
MJAPI void mju_add3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]);
// res = vec1 - vec2.
MJAPI void mju_sub3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3]);
// res += vec.
MJAPI void mju_addTo3(mjtNum res[3], const mjtNum vec[3]);
// res -= vec.
MJAPI void mju_subFrom3(mjtNum res[3], const mjtNum vec[3]);
// res += vec*scl.
MJAPI void mju_addToScl3(mjtNum res[3], const mjtNum vec[3], mjtNum scl);
// res = vec1 + vec2*scl.
MJAPI void mju_addScl3(mjtNum res[3], const mjtNum vec1[3], const mjtNum vec2[3], mjtNum scl);
// Normalise in place; returns the old norm (a tiny vector becomes (1,0,0)).
MJAPI mjtNum mju_normalize3(mjtNum vec[3]);
// Euclidean norm.
MJAPI mjtNum mju_norm3(const mjtNum vec[3]);
// Dot product.
MJAPI mjtNum mju_dot3(const mjtNum vec1[3], const mjtNum vec2[3]);
// Distance between two points.
MJAPI mjtNum mju_dist3(const mjtNum pos1[3], const mjtNum pos2[3]);
// res = mat*vec, mat 3x3.
MJAPI void mju_mulMatVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]);
// res = mat'*vec, mat 3x3.
MJAPI void mju_mulMatTVec3(mjtNum res[3], const mjtNum mat[9], const mjtNum vec[3]);
// res = a x b.
MJAPI void mju_cross(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]);
// res = 0.
MJAPI void mju_zero4(mjtNum res[4]);
// res = (1,0,0,0).
MJAPI void mju_unit4(mjtNum res[4]);
// res = vec.
MJAPI void mju_copy4(mjtNum res[4], const mjtNum data[4]);
// Normalise in place; returns the old norm (a tiny vector becomes (1,0,0,0)).
MJAPI mjtNum mju_normalize4(mjtNum vec[4]);
// res = 0.
MJAPI void mju_zero(mjtNum* res, int n);
// res = val.
MJAPI void mju_fill(mjtNum* res, mjtNum val, int n);
// res = vec.
MJAPI void mju_copy(mjtNum* res, const mjtNum* vec, int n);
// Sum of the entries.
MJAPI mjtNum mju_sum(const mjtNum* vec, int n);
// Sum of absolute values.
MJAPI mjtNum mju_L1(const mjtNum* vec, int n);
// res = vec*scl.
MJAPI void mju_scl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n);
// res = vec1 + vec2.
MJAPI void mju_add(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n);
// res = vec1 - vec2.
MJAPI void mju_sub(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, int n);
// res += vec.
MJAPI void mju_addTo(mjtNum* res, const mjtNum* vec, int n);
// res -= vec.
MJAPI void mju_subFrom(mjtNum* res, const mjtNum* vec, int n);
// res += vec*scl.
MJAPI void mju_addToScl(mjtNum* res, const mjtNum* vec, mjtNum scl, int n);
// res = vec1 + vec2*scl.
MJAPI void mju_addScl(mjtNum* res, const mjtNum* vec1, const mjtNum* vec2, mjtNum scl, int n);
// Normalise in place; returns the old norm (a tiny vector becomes e_0).
MJAPI mjtNum mju_normalize(mjtNum* res, int n);
// Euclidean norm.
MJAPI mjtNum mju_norm(const mjtNum* res, int n);
// Dot product.
MJAPI mjtNum mju_dot(const mjtNum* vec1, const mjtNum* vec2, int n);
// res = mat*vec, mat nr x nc.
MJAPI void mju_mulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc);
// res = mat'*vec, mat nr x nc.
MJAPI void mju_mulMatTVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc);
// vec1'*mat*vec2, mat n x n.
MJAPI mjtNum mju_mulVecMatVec(const mjtNum* vec1, const mjtNum* mat, const mjtNum* vec2, int n);
// res = mat', mat nr x nc.
MJAPI void mju_transpose(mjtNum* res, const mjtNum* mat, int nr, int nc);
// res = (mat + mat')/2, mat n x n.
MJAPI void mju_symmetrize(mjtNum* res, const mjtNum* mat, int n);
// mat = identity, n x n.
MJAPI void mju_eye(mjtNum* mat, int n);
// res = mat1*mat2.
MJAPI void mju_mulMatMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2,
                         int r1, int c1, int c2);
// res = mat1*mat2'.
MJAPI void mju_mulMatMatT(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2,
                          int r1, int c1, int r2);
// res = mat1'*mat2.
MJAPI void mju_mulMatTMat(mjtNum* res, const mjtNum* mat1, const mjtNum* mat2,
                          int r1, int c1, int c2);
// res = mat'*diag*mat (diag may be NULL for identity), mat nr x nc.
MJAPI void mju_sqrMatTD(mjtNum* res, const mjtNum* mat, const mjtNum* diag, int nr, int nc);
// Move a 6D motion (flg_force=0) or force (1) vector between frames.
MJAPI void mju_transformSpatial(mjtNum res[6], const mjtNum vec[6], int flg_force,
                                const mjtNum newpos[3], const mjtNum oldpos[3],
                                const mjtNum rotnew2old[9]);

//---------------------------------- sparse math ---------------------------------------------------

// Dense to compressed-row sparse; returns 1 if nnz is too small, else 0.
MJAPI int mju_dense2sparse(mjtNum* res, const mjtNum* mat, int nr, int nc,
                           int* rownnz, int* rowadr, int* colind, int nnz);
// Compressed-row sparse to dense.
MJAPI void mju_sparse2dense(mjtNum* res, const mjtNum* mat, int nr, int nc,
                            const int* rownnz, const int* rowadr, const int* colind);

//---------------------------------- quaternions ---------------------------------------------------

// res = rotation of vec by quat.
MJAPI void mju_rotVecQuat(mjtNum res[3], const mjtNum vec[3], const mjtNum quat[4]);
// res = conjugate of quat.
MJAPI void mju_negQuat(mjtNum res[4], const mjtNum quat[4]);
// res = quat1*quat2.
MJAPI void mju_mulQuat(mjtNum res[4], const mjtNum quat1[4], const mjtNum quat2[4]);
// res = quat*(0,axis).
MJAPI void mju_mulQuatAxis(mjtNum res[4], const mjtNum quat[4], const mjtNum axis[3]);
// Quaternion of a rotation by angle about a unit axis.
MJAPI void mju_axisAngle2Quat(mjtNum res[4], const mjtNum axis[3], mjtNum angle);
// Angular velocity that produces quat in time dt.
MJAPI void mju_quat2Vel(mjtNum res[3], const mjtNum quat[4], mjtNum dt);
// Rotation vector taking qb to qa, expressed in qb's frame.
MJAPI void mju_subQuat(mjtNum res[3], const mjtNum qa[4], const mjtNum qb[4]);
// 3x3 rotation matrix of a unit quaternion.
MJAPI void mju_quat2Mat(mjtNum res[9], const mjtNum quat[4]);
// Unit quaternion of a 3x3 rotation matrix.
MJAPI void mju_mat2Quat(mjtNum quat[4], const mjtNum mat[9]);
// Time derivative of quat under angular velocity vel (as MuJoCo 3.3.8 computes it: 0.5*(0,vel)*quat).
MJAPI void mju_derivQuat(mjtNum res[4], const mjtNum quat[4], const mjtNum vel[3]);
// Rotate quat by the rotation vector vel*scale (local frame).
MJAPI void mju_quatIntegrate(mjtNum quat[4], const mjtNum vel[3], mjtNum scale);
// Shortest rotation taking the z axis to vec.
MJAPI void mju_quatZ2Vec(mjtNum quat[4], const mjtNum vec[3]);
// Nearest rotation to mat starting from quat; returns iterations used.
MJAPI int mju_mat2Rot(mjtNum quat[4], const mjtNum mat[9]);
// Quaternion from Euler angles in the given sequence (e.g. "xyz", "XYZ").
MJAPI void mju_euler2Quat(mjtNum quat[4], const mjtNum euler[3], const char* seq);

//---------------------------------- poses ---------------------------------------------------------

// Compose two poses: res = pose1*pose2.
MJAPI void mju_mulPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos1[3],
                       const mjtNum quat1[4], const mjtNum pos2[3], const mjtNum quat2[4]);
// Invert a pose.
MJAPI void mju_negPose(mjtNum posres[3], mjtNum quatres[4], const mjtNum pos[3],
                       const mjtNum quat[4]);
// Transform a point by a pose.
MJAPI void mju_trnVecPose(mjtNum res[3], const mjtNum pos[3], const mjtNum quat[4],
                          const mjtNum vec[3]);

//---------------------------------- decompositions ------------------------------------------------

// In-place Cholesky (lower triangle); diagonals below mindiag are raised. Returns rank.
MJAPI int mju_cholFactor(mjtNum* mat, int n, mjtNum mindiag);
// Solve (mat*mat')*res = vec with a factor from mju_cholFactor.
MJAPI void mju_cholSolve(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n);
// Rank-one update (flg_plus=1) or downdate of a Cholesky factor; returns rank.
MJAPI int mju_cholUpdate(mjtNum* mat, mjtNum* x, int n, int flg_plus);
// Band-dense Cholesky; returns the smallest pivot.
MJAPI mjtNum mju_cholFactorBand(mjtNum* mat, int ntotal, int nband, int ndense,
                                mjtNum diagadd, mjtNum diagmul);
// Solve with a band-dense Cholesky factor.
MJAPI void mju_cholSolveBand(mjtNum* res, const mjtNum* mat, const mjtNum* vec,
                             int ntotal, int nband, int ndense);
// Band-dense to dense (flg_sym: fill the upper triangle too).
MJAPI void mju_band2Dense(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense,
                          mjtByte flg_sym);
// Dense to band-dense.
MJAPI void mju_dense2Band(mjtNum* res, const mjtNum* mat, int ntotal, int nband, int ndense);
// res = band-dense mat * vec, for nvec vectors.
MJAPI void mju_bandMulMatVec(mjtNum* res, const mjtNum* mat, const mjtNum* vec,
                             int ntotal, int nband, int ndense, int nvec, mjtByte flg_sym);
// Address of diagonal element i in band-dense storage.
MJAPI int mju_bandDiag(int i, int ntotal, int nband, int ndense);
// Eigen-decomposition of a symmetric 3x3 matrix; returns iterations.
MJAPI int mju_eig3(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9]);
// Minimise 0.5*x'*H*x + x'*g subject to lower <= x <= upper; returns the free rank or -1.
MJAPI int mju_boxQP(mjtNum* res, mjtNum* R, int* index, const mjtNum* H, const mjtNum* g, int n,
                    const mjtNum* lower, const mjtNum* upper);
// Allocate the arrays mju_boxQP needs (lower/upper may be NULL).
MJAPI void mju_boxQPmalloc(mjtNum** res, mjtNum** R, int** index, mjtNum** H, mjtNum** g, int n,
                           mjtNum** lower, mjtNum** upper);

//---------------------------------- miscellaneous -------------------------------------------------

// Muscle active force (FLV curve) for normalised length and velocity.
MJAPI mjtNum mju_muscleGain(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                            const mjtNum prm[9]);
// Muscle passive force.
MJAPI mjtNum mju_muscleBias(mjtNum len, const mjtNum lengthrange[2], mjtNum acc0,
                            const mjtNum prm[9]);
// Muscle activation dynamics.
MJAPI mjtNum mju_muscleDynamics(mjtNum ctrl, mjtNum act, const mjtNum prm[3]);
// Pyramid force coordinates from a contact force.
MJAPI void mju_encodePyramid(mjtNum* pyramid, const mjtNum* force, const mjtNum* mu, int dim);
// Contact force from pyramid coordinates.
MJAPI void mju_decodePyramid(mjtNum* force, const mjtNum* pyramid, const mjtNum* mu, int dim);
// Exact position of a 1D spring-damper after time dt.
MJAPI mjtNum mju_springDamper(mjtNum pos0, mjtNum vel0, mjtNum Kp, mjtNum Kv, mjtNum dt);
// Smaller of a and b.
MJAPI mjtNum mju_min(mjtNum a, mjtNum b);
// Larger of a and b.
MJAPI mjtNum mju_max(mjtNum a, mjtNum b);
// x limited to [min, max].
MJAPI mjtNum mju_clip(mjtNum x, mjtNum min, mjtNum max);
// -1, 0 or 1.
MJAPI mjtNum mju_sign(mjtNum x);
// Nearest integer.
MJAPI int mju_round(mjtNum x);
// Name of an mjtObj type ("body", "joint", ...).
MJAPI const char* mju_type2Str(int type);
// mjtObj type from its name, or mjOBJ_UNKNOWN.
MJAPI int mju_str2Type(const char* str);
// Human-readable byte count ("1.5M").
MJAPI const char* mju_writeNumBytes(size_t nbytes);
// Whether x is NaN or beyond mjMAXVAL.
MJAPI int mju_isBad(mjtNum x);
// Whether every entry is zero.
MJAPI int mju_isZero(const mjtNum* vec, int n);
// Standard normal random number; a second one goes to num2 if not NULL.
MJAPI mjtNum mju_standardNormal(mjtNum* num2);
// float to mjtNum.
MJAPI void mju_f2n(mjtNum* res, const float* vec, int n);
// mjtNum to float.
MJAPI void mju_n2f(float* res, const mjtNum* vec, int n);
// double to mjtNum.
MJAPI void mju_d2n(mjtNum* res, const double* vec, int n);
// mjtNum to double.
MJAPI void mju_n2d(double* res, const mjtNum* vec, int n);
// Sort ascending, in place.
MJAPI void mju_insertionSort(mjtNum* list, int n);
// Sort ascending, in place.
MJAPI void mju_insertionSortInt(int* list, int n);
// Halton sequence element.
MJAPI mjtNum mju_Halton(int index, int base);
// strncpy that always terminates.
MJAPI char* mju_strncpy(char* dst, const char* src, int n);
// Smooth step from 0 to 1 on [0, 1] (quintic).
MJAPI mjtNum mju_sigmoid(mjtNum x);

//---------------------------------- ray casting and distances -------------------------------------

// Smallest signed distance between two geoms, capped at distmax; fromto (may be NULL)
// receives the nearest points, geom1's first.
MJAPI mjtNum mj_geomDistance(const mjModel* m, const mjData* d, int geom1, int geom2,
                             mjtNum distmax, mjtNum fromto[6]);

// Cast rays (nray x 3 directions in vec) from one point; per ray the nearest geom and
// distance (-1 for none), ignoring hits farther than cutoff.
MJAPI void mj_multiRay(const mjModel* m, mjData* d, const mjtNum pnt[3], const mjtNum* vec,
                       const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude,
                       int* geomid, mjtNum* dist, int nray, mjtNum cutoff);

// Nearest geom hit by the ray pnt + x*vec (x >= 0), skipping bodyexclude, hidden groups
// and (unless flg_static) static geoms; returns x, or -1 when nothing is hit.
MJAPI mjtNum mj_ray(const mjModel* m, const mjData* d, const mjtNum pnt[3], const mjtNum vec[3],
                    const mjtByte* geomgroup, mjtByte flg_static, int bodyexclude,
                    int geomid[1]);

// Ray against one height-field geom; distance or -1.
MJAPI mjtNum mj_rayHfield(const mjModel* m, const mjData* d, int geomid,
                          const mjtNum pnt[3], const mjtNum vec[3]);

// Ray against one mesh geom; distance or -1.
MJAPI mjtNum mj_rayMesh(const mjModel* m, const mjData* d, int geomid,
                        const mjtNum pnt[3], const mjtNum vec[3]);

// Ray against a primitive shape given by pose, size and mjtGeom type; distance or -1.
MJAPI mjtNum mju_rayGeom(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                         const mjtNum pnt[3], const mjtNum vec[3], int geomtype);

// Ray against a triangle soup (skins); distance or -1, and the nearest vertex.
MJAPI mjtNum mju_raySkin(int nface, int nvert, const int* face, const float* vert,
                         const mjtNum pnt[3], const mjtNum vec[3], int vertid[1]);

#ifdef __cplusplus
}
#endif

#endif  // MUJOCO_MUJOCO_H_
