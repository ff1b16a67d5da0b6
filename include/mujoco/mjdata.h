// mjData: the simulation state and everything the pipeline derives from it.
// Field names, types and shapes follow MuJoCo 3.3.8; shapes are (rows x columns).
#ifndef MUJOCO_MJDATA_H_
#define MUJOCO_MJDATA_H_

#include <stddef.h>
#include <stdint.h>
#include <mujoco/mjtnum.h>
#include <mujoco/mjmodel.h>

#define mjMAXTHREAD 128        // most threads a thread pool may run


// bits selecting parts of the simulation state (mj_getState, mj_setState)
typedef enum mjtState_ {
  mjSTATE_TIME                 = 1<<0,
  mjSTATE_QPOS                 = 1<<1,
  mjSTATE_QVEL                 = 1<<2,
  mjSTATE_ACT                  = 1<<3,
  mjSTATE_WARMSTART            = 1<<4,
  mjSTATE_CTRL                 = 1<<5,
  mjSTATE_QFRC_APPLIED         = 1<<6,
  mjSTATE_XFRC_APPLIED         = 1<<7,
  mjSTATE_EQ_ACTIVE            = 1<<8,
  mjSTATE_MOCAP_POS            = 1<<9,
  mjSTATE_MOCAP_QUAT           = 1<<10,
  mjSTATE_USERDATA             = 1<<11,
  mjSTATE_PLUGIN               = 1<<12,
  mjNSTATE                     = 13,
  mjSTATE_PHYSICS              = 14,
  mjSTATE_FULLPHYSICS          = 4111,
  mjSTATE_USER                 = 4064,
  mjSTATE_INTEGRATION          = 8191
} mjtState;

// warning kinds counted in mjData.warning
typedef enum mjtWarning_ {
  mjWARN_INERTIA               = 0,
  mjWARN_CONTACTFULL           = 1,
  mjWARN_CNSTRFULL             = 2,
  mjWARN_VGEOMFULL             = 3,
  mjWARN_BADQPOS               = 4,
  mjWARN_BADQVEL               = 5,
  mjWARN_BADQACC               = 6,
  mjWARN_BADCTRL               = 7,
  mjNWARNING                   = 8
} mjtWarning;

// profiling timers in mjData.timer
typedef enum mjtTimer_ {
  mjTIMER_STEP                 = 0,
  mjTIMER_FORWARD              = 1,
  mjTIMER_INVERSE              = 2,
  mjTIMER_POSITION             = 3,
  mjTIMER_VELOCITY             = 4,
  mjTIMER_ACTUATION            = 5,
  mjTIMER_CONSTRAINT           = 6,
  mjTIMER_ADVANCE              = 7,
  mjTIMER_POS_KINEMATICS       = 8,
  mjTIMER_POS_INERTIA          = 9,
  mjTIMER_POS_COLLISION        = 10,
  mjTIMER_POS_MAKE             = 11,
  mjTIMER_POS_PROJECT          = 12,
  mjTIMER_COL_BROAD            = 13,
  mjTIMER_COL_NARROW           = 14,
  mjNTIMER                     = 15
} mjtTimer;

// constraint kinds in mjData.efc_type
typedef enum mjtConstraint_ {
  mjCNSTR_EQUALITY             = 0,
  mjCNSTR_FRICTION_DOF         = 1,
  mjCNSTR_FRICTION_TENDON      = 2,
  mjCNSTR_LIMIT_JOINT          = 3,
  mjCNSTR_LIMIT_TENDON         = 4,
  mjCNSTR_CONTACT_FRICTIONLESS = 5,
  mjCNSTR_CONTACT_PYRAMIDAL    = 6,
  mjCNSTR_CONTACT_ELLIPTIC     = 7
} mjtConstraint;

// constraint states after the solver
typedef enum mjtConstraintState_ {
  mjCNSTRSTATE_SATISFIED       = 0,
  mjCNSTRSTATE_QUADRATIC       = 1,
  mjCNSTRSTATE_LINEARNEG       = 2,
  mjCNSTRSTATE_LINEARPOS       = 3,
  mjCNSTRSTATE_CONE            = 4
} mjtConstraintState;


// One detected contact between two geoms (or flex elements).
typedef struct mjContact_ {
  // geometry, filled by collision detection
  mjtNum dist;                     // signed distance between the surfaces
  mjtNum pos[3];                   // point midway between the surfaces
  mjtNum frame[9];                 // rows: normal (geom1 -> geom2), then two tangents

  // parameters, mixed from the two geoms
  mjtNum includemargin;            // contact is active when dist < includemargin
  mjtNum friction[5];              // tangent1, tangent2, spin, roll1, roll2
  mjtNum solref[mjNREF];           // normal direction
  mjtNum solreffriction[mjNREF];   // frictional directions
  mjtNum solimp[mjNIMP];

  // filled by the constraint stage
  mjtNum mu;                       // friction of the regularised cone
  mjtNum H[36];                    // cone Hessian (elliptic cones)

  int dim;                         // contact space dimension: 1, 3, 4 or 6
  int geom1;                       // first geom id (-1 for flex)
  int geom2;                       // second geom id (-1 for flex)
  int geom[2];
  int flex[2];
  int elem[2];
  int vert[2];

  int exclude;                     // 0 included, 1 in gap, 2 fused, 3 no dofs
  int efc_address;                 // first constraint row, -1 if not included
} mjContact;

// Counts how often a warning fired and what it was about last time.
typedef struct mjWarningStat_ {
  int lastinfo;                    // detail of the last occurrence (an index)
  int number;                      // occurrences since the last reset
} mjWarningStat;

// Accumulated time of one pipeline stage.
typedef struct mjTimerStat_ {
  mjtNum duration;                 // total seconds
  int number;                      // calls
} mjTimerStat;

// Statistics of one solver iteration.
typedef struct mjSolverStat_ {
  mjtNum improvement;              // cost reduction, scaled
  mjtNum gradient;                 // gradient norm, scaled
  mjtNum lineslope;                // line search slope, scaled
  int nactive;                     // active constraints
  int nchange;                     // constraints whose state changed
  int neval;                       // line search cost evaluations
  int nupdate;                     // Cholesky updates in line search
} mjSolverStat;

// State and derived quantities. Arrays live in buffer (sized by the model) and
// arena (sized per step); nothing is allocated while simulating.
typedef struct mjData_ {
  // memory
  mjtSize narena;                  // bytes of arena, shared with the stack
  mjtSize nbuffer;                 // bytes of buffer
  int     nplugin;                 // plugin instances

  // stack pointer (top of the stack, counted from the end of the arena)
  size_t  pstack;
  size_t  pbase;                   // marks the current stack frame
  size_t  parena;                  // first free byte of the arena

  // high-water marks
  mjtSize maxuse_stack;
  mjtSize maxuse_threadstack[mjMAXTHREAD];
  mjtSize maxuse_arena;
  int     maxuse_con;
  int     maxuse_efc;

  // diagnostics
  mjWarningStat warning[mjNWARNING];
  mjTimerStat   timer[mjNTIMER];

  // solver statistics, per island
  mjSolverStat  solver[mjNISLAND*mjNSOLVER];
  int     solver_niter[mjNISLAND];
  int     solver_nnz[mjNISLAND];
  mjtNum  solver_fwdinv[2];        // forward-inverse comparison: qfrc, efc

  // variable sizes of this step
  int     ncon;                    // contacts
  int     ne;                      // equality constraint rows
  int     nf;                      // friction loss rows
  int     nl;                      // limit rows
  int     nefc;                    // all constraint rows
  int     nJ;                      // non-zeros of the constraint Jacobian
  int     nA;                      // non-zeros of A*R
  int     nisland;                 // constraint islands
  int     nidof;                   // dofs in islands

  // global properties
  mjtNum  time;                    // simulation time
  mjtNum  energy[2];               // potential, kinetic

  // memory blocks
  void*   buffer;                  // model-sized arrays
  void*   arena;                   // per-step arrays and the stack


  mjtNum*   qpos;                    // (nq)
  mjtNum*   qvel;                    // (nv)
  mjtNum*   act;                     // (na)
  mjtNum*   qacc_warmstart;          // (nv)
  mjtNum*   plugin_state;            // (npluginstate)
  mjtNum*   ctrl;                    // (nu)
  mjtNum*   qfrc_applied;            // (nv)
  mjtNum*   xfrc_applied;            // (nbody x 6)
  mjtByte*  eq_active;               // (neq)
  mjtNum*   mocap_pos;               // (nmocap x 3)
  mjtNum*   mocap_quat;              // (nmocap x 4)
  mjtNum*   qacc;                    // (nv)
  mjtNum*   act_dot;                 // (na)
  mjtNum*   userdata;                // (nuserdata)
  mjtNum*   sensordata;              // (nsensordata)
  int*      plugin;                  // (nplugin)
  uintptr_t* plugin_data;             // (nplugin)
  mjtNum*   xpos;                    // (nbody x 3)
  mjtNum*   xquat;                   // (nbody x 4)
  mjtNum*   xmat;                    // (nbody x 9)
  mjtNum*   xipos;                   // (nbody x 3)
  mjtNum*   ximat;                   // (nbody x 9)
  mjtNum*   xanchor;                 // (njnt x 3)
  mjtNum*   xaxis;                   // (njnt x 3)
  mjtNum*   geom_xpos;               // (ngeom x 3)
  mjtNum*   geom_xmat;               // (ngeom x 9)
  mjtNum*   site_xpos;               // (nsite x 3)
  mjtNum*   site_xmat;               // (nsite x 9)
  mjtNum*   cam_xpos;                // (ncam x 3)
  mjtNum*   cam_xmat;                // (ncam x 9)
  mjtNum*   light_xpos;              // (nlight x 3)
  mjtNum*   light_xdir;              // (nlight x 3)
  mjtNum*   subtree_com;             // (nbody x 3)
  mjtNum*   cdof;                    // (nv x 6)
  mjtNum*   cinert;                  // (nbody x 10)
  mjtNum*   flexvert_xpos;           // (nflexvert x 3)
  mjtNum*   flexelem_aabb;           // (nflexelem x 6)
  int*      flexedge_J_rownnz;       // (nflexedge)
  int*      flexedge_J_rowadr;       // (nflexedge)
  int*      flexedge_J_colind;       // (nflexedge x nv)
  mjtNum*   flexedge_J;              // (nflexedge x nv)
  mjtNum*   flexedge_length;         // (nflexedge)
  mjtNum*   bvh_aabb_dyn;            // (nbvhdynamic x 6)
  int*      ten_wrapadr;             // (ntendon)
  int*      ten_wrapnum;             // (ntendon)
  int*      ten_J_rownnz;            // (ntendon)
  int*      ten_J_rowadr;            // (ntendon)
  int*      ten_J_colind;            // (ntendon x nv)
  mjtNum*   ten_J;                   // (ntendon x nv)
  mjtNum*   ten_length;              // (ntendon)
  int*      wrap_obj;                // (nwrap x 2)
  mjtNum*   wrap_xpos;               // (nwrap x 6)
  mjtNum*   actuator_length;         // (nu)
  int*      moment_rownnz;           // (nu)
  int*      moment_rowadr;           // (nu)
  int*      moment_colind;           // (nJmom)
  mjtNum*   actuator_moment;         // (nJmom)
  mjtNum*   crb;                     // (nbody x 10)
  mjtNum*   qM;                      // (nM)
  mjtNum*   M;                       // (nC)
  mjtNum*   qLD;                     // (nC)
  mjtNum*   qLDiagInv;               // (nv)
  mjtByte*  bvh_active;              // (nbvh)
  mjtNum*   flexedge_velocity;       // (nflexedge)
  mjtNum*   ten_velocity;            // (ntendon)
  mjtNum*   actuator_velocity;       // (nu)
  mjtNum*   cvel;                    // (nbody x 6)
  mjtNum*   cdof_dot;                // (nv x 6)
  mjtNum*   qfrc_bias;               // (nv)
  mjtNum*   qfrc_spring;             // (nv)
  mjtNum*   qfrc_damper;             // (nv)
  mjtNum*   qfrc_gravcomp;           // (nv)
  mjtNum*   qfrc_fluid;              // (nv)
  mjtNum*   qfrc_passive;            // (nv)
  mjtNum*   subtree_linvel;          // (nbody x 3)
  mjtNum*   subtree_angmom;          // (nbody x 3)
  mjtNum*   qH;                      // (nC)
  mjtNum*   qHDiagInv;               // (nv)
  mjtNum*   qDeriv;                  // (nD)
  mjtNum*   qLU;                     // (nD)
  mjtNum*   actuator_force;          // (nu)
  mjtNum*   qfrc_actuator;           // (nv)
  mjtNum*   qfrc_smooth;             // (nv)
  mjtNum*   qacc_smooth;             // (nv)
  mjtNum*   qfrc_constraint;         // (nv)
  mjtNum*   qfrc_inverse;            // (nv)
  mjtNum*   cacc;                    // (nbody x 6)
  mjtNum*   cfrc_int;                // (nbody x 6)
  mjtNum*   cfrc_ext;                // (nbody x 6)

  mjContact* contact;              // (ncon) contacts of this step

  // arena: per-step constraint and island arrays, sized by the counts above
  int*      efc_type;                // (nefc)
  int*      efc_id;                  // (nefc)
  int*      efc_J_rownnz;            // (nefc)
  int*      efc_J_rowadr;            // (nefc)
  int*      efc_J_rowsuper;          // (nefc)
  int*      efc_J_colind;            // (nJ)
  mjtNum*   efc_J;                   // (nJ)
  mjtNum*   efc_pos;                 // (nefc)
  mjtNum*   efc_margin;              // (nefc)
  mjtNum*   efc_frictionloss;        // (nefc)
  mjtNum*   efc_diagApprox;          // (nefc)
  mjtNum*   efc_KBIP;                // (nefc x 4)
  mjtNum*   efc_D;                   // (nefc)
  mjtNum*   efc_R;                   // (nefc)
  int*      tendon_efcadr;           // (ntendon)
  int*      dof_island;              // (nv)
  int*      island_nv;               // (nisland)
  int*      island_idofadr;          // (nisland)
  int*      island_dofadr;           // (nisland)
  int*      map_dof2idof;            // (nv)
  int*      map_idof2dof;            // (nv)
  mjtNum*   ifrc_smooth;             // (nidof)
  mjtNum*   iacc_smooth;             // (nidof)
  int*      iM_rownnz;               // (nidof)
  int*      iM_rowadr;               // (nidof)
  int*      iM_colind;               // (nC)
  mjtNum*   iM;                      // (nC)
  mjtNum*   iLD;                     // (nC)
  mjtNum*   iLDiagInv;               // (nidof)
  mjtNum*   iacc;                    // (nidof)
  int*      efc_island;              // (nefc)
  int*      island_ne;               // (nisland)
  int*      island_nf;               // (nisland)
  int*      island_nefc;             // (nisland)
  int*      island_iefcadr;          // (nisland)
  int*      map_efc2iefc;            // (nefc)
  int*      map_iefc2efc;            // (nefc)
  int*      iefc_type;               // (nefc)
  int*      iefc_id;                 // (nefc)
  int*      iefc_J_rownnz;           // (nefc)
  int*      iefc_J_rowadr;           // (nefc)
  int*      iefc_J_rowsuper;         // (nefc)
  int*      iefc_J_colind;           // (nJ)
  mjtNum*   iefc_J;                  // (nJ)
  mjtNum*   iefc_frictionloss;       // (nefc)
  mjtNum*   iefc_D;                  // (nefc)
  mjtNum*   iefc_R;                  // (nefc)
  int*      efc_AR_rownnz;           // (nefc)
  int*      efc_AR_rowadr;           // (nefc)
  int*      efc_AR_colind;           // (nA)
  mjtNum*   efc_AR;                  // (nA)
  mjtNum*   efc_vel;                 // (nefc)
  mjtNum*   efc_aref;                // (nefc)
  mjtNum*   efc_b;                   // (nefc)
  mjtNum*   iefc_aref;               // (nefc)
  int*      iefc_state;              // (nefc)
  mjtNum*   iefc_force;              // (nefc)
  int*      efc_state;               // (nefc)
  mjtNum*   efc_force;               // (nefc)
  mjtNum*   ifrc_constraint;         // (nidof)

  // threading
  uintptr_t threadpool;            // thread pool for parallel stages, 0 if none

  uint64_t signature;              // copied from mjModel
} mjData;

#endif  // MUJOCO_MJDATA_H_
