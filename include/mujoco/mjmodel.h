// mjModel: the compiled, constant description of a simulated system.
// Field names, types and shapes follow MuJoCo 3.3.8 so MuJoCo programs compile
// unchanged; shapes are given as (rows x columns) of the flat arrays.
#ifndef MUJOCO_MJMODEL_H_
#define MUJOCO_MJMODEL_H_

#include <stddef.h>
#include <stdint.h>
#include <mujoco/mjtnum.h>

#define mjPI            3.14159265358979323846
#define mjMAXVAL        1E+10      // beyond this a quantity is considered diverged
#define mjMINMU         1E-5       // smallest friction coefficient kept in a contact
#define mjMINIMP        0.0001     // impedance is clamped to [mjMINIMP, mjMAXIMP]
#define mjMAXIMP        0.9999
#define mjMAXCONPAIR    50         // most contacts one geom pair may produce
#define mjMAXTREEDEPTH  50         // deepest bounding-volume tree
#define mjMAXFLEXNODES  27         // most interpolation nodes of a flex
#define mjMINAWAKE      10         // sleep hysteresis, in steps

#define mjNEQDATA       11         // numbers per equality constraint
#define mjNDYN          10         // activation dynamics parameters
#define mjNGAIN         10         // gain parameters
#define mjNBIAS         10         // bias parameters
#define mjNFLUID        12         // ellipsoid fluid-model parameters per geom
#define mjNREF          2          // solref entries
#define mjNIMP          5          // solimp entries
#define mjNSOLVER       200        // solver statistics kept per island
#define mjNISLAND       20         // islands with their own solver statistics
#define mjNSENS         3          // integer parameters per sensor


// bits of mjOption.disableflags: switch off a pipeline feature
typedef enum mjtDisableBit_ {
  mjDSBL_CONSTRAINT            = 1<<0,
  mjDSBL_EQUALITY              = 1<<1,
  mjDSBL_FRICTIONLOSS          = 1<<2,
  mjDSBL_LIMIT                 = 1<<3,
  mjDSBL_CONTACT               = 1<<4,
  mjDSBL_SPRING                = 1<<5,
  mjDSBL_DAMPER                = 1<<6,
  mjDSBL_GRAVITY               = 1<<7,
  mjDSBL_CLAMPCTRL             = 1<<8,
  mjDSBL_WARMSTART             = 1<<9,
  mjDSBL_FILTERPARENT          = 1<<10,
  mjDSBL_ACTUATION             = 1<<11,
  mjDSBL_REFSAFE               = 1<<12,
  mjDSBL_SENSOR                = 1<<13,
  mjDSBL_MIDPHASE              = 1<<14,
  mjDSBL_EULERDAMP             = 1<<15,
  mjDSBL_AUTORESET             = 1<<16,
  mjDSBL_NATIVECCD             = 1<<17,
  mjDSBL_ISLAND                = 1<<18,
  mjNDISABLE                   = 19
} mjtDisableBit;

// bits of mjOption.enableflags: switch on an optional feature
typedef enum mjtEnableBit_ {
  mjENBL_OVERRIDE              = 1<<0,
  mjENBL_ENERGY                = 1<<1,
  mjENBL_FWDINV                = 1<<2,
  mjENBL_INVDISCRETE           = 1<<3,
  mjENBL_MULTICCD              = 1<<4,
  mjNENABLE                    = 5
} mjtEnableBit;

// joint kinds; the number of qpos/qvel entries follows from the kind
typedef enum mjtJoint_ {
  mjJNT_FREE                   = 0,
  mjJNT_BALL                   = 1,
  mjJNT_SLIDE                  = 2,
  mjJNT_HINGE                  = 3
} mjtJoint;

// geometric shapes; values >= 100 are visual-only decorations
typedef enum mjtGeom_ {
  mjGEOM_PLANE                 = 0,
  mjGEOM_HFIELD                = 1,
  mjGEOM_SPHERE                = 2,
  mjGEOM_CAPSULE               = 3,
  mjGEOM_ELLIPSOID             = 4,
  mjGEOM_CYLINDER              = 5,
  mjGEOM_BOX                   = 6,
  mjGEOM_MESH                  = 7,
  mjGEOM_SDF                   = 8,
  mjNGEOMTYPES                 = 9,
  mjGEOM_ARROW                 = 100,
  mjGEOM_ARROW1                = 101,
  mjGEOM_ARROW2                = 102,
  mjGEOM_LINE                  = 103,
  mjGEOM_LINEBOX               = 104,
  mjGEOM_FLEX                  = 105,
  mjGEOM_SKIN                  = 106,
  mjGEOM_LABEL                 = 107,
  mjGEOM_TRIANGLE              = 108,
  mjGEOM_NONE                  = 1001
} mjtGeom;

// how a camera or light follows the bodies
typedef enum mjtCamLight_ {
  mjCAMLIGHT_FIXED             = 0,
  mjCAMLIGHT_TRACK             = 1,
  mjCAMLIGHT_TRACKCOM          = 2,
  mjCAMLIGHT_TARGETBODY        = 3,
  mjCAMLIGHT_TARGETBODYCOM     = 4
} mjtCamLight;

// light source kinds
typedef enum mjtLightType_ {
  mjLIGHT_SPOT                 = 0,
  mjLIGHT_DIRECTIONAL          = 1,
  mjLIGHT_POINT                = 2,
  mjLIGHT_IMAGE                = 3
} mjtLightType;

// texture layouts
typedef enum mjtTexture_ {
  mjTEXTURE_2D                 = 0,
  mjTEXTURE_CUBE               = 1,
  mjTEXTURE_SKYBOX             = 2
} mjtTexture;

// what a material uses a texture for
typedef enum mjtTextureRole_ {
  mjTEXROLE_USER               = 0,
  mjTEXROLE_RGB                = 1,
  mjTEXROLE_OCCLUSION          = 2,
  mjTEXROLE_ROUGHNESS          = 3,
  mjTEXROLE_METALLIC           = 4,
  mjTEXROLE_NORMAL             = 5,
  mjTEXROLE_OPACITY            = 6,
  mjTEXROLE_EMISSIVE           = 7,
  mjTEXROLE_RGBA               = 8,
  mjTEXROLE_ORM                = 9,
  mjNTEXROLE                   = 10
} mjtTextureRole;

// texture colour space
typedef enum mjtColorSpace_ {
  mjCOLORSPACE_AUTO            = 0,
  mjCOLORSPACE_LINEAR          = 1,
  mjCOLORSPACE_SRGB            = 2
} mjtColorSpace;

// time integration schemes
typedef enum mjtIntegrator_ {
  mjINT_EULER                  = 0,
  mjINT_RK4                    = 1,
  mjINT_IMPLICIT               = 2,
  mjINT_IMPLICITFAST           = 3
} mjtIntegrator;

// friction cone approximations
typedef enum mjtCone_ {
  mjCONE_PYRAMIDAL             = 0,
  mjCONE_ELLIPTIC              = 1
} mjtCone;

// constraint Jacobian storage
typedef enum mjtJacobian_ {
  mjJAC_DENSE                  = 0,
  mjJAC_SPARSE                 = 1,
  mjJAC_AUTO                   = 2
} mjtJacobian;

// constraint solvers
typedef enum mjtSolver_ {
  mjSOL_PGS                    = 0,
  mjSOL_CG                     = 1,
  mjSOL_NEWTON                 = 2
} mjtSolver;

// equality constraint kinds
typedef enum mjtEq_ {
  mjEQ_CONNECT                 = 0,
  mjEQ_WELD                    = 1,
  mjEQ_JOINT                   = 2,
  mjEQ_TENDON                  = 3,
  mjEQ_FLEX                    = 4,
  mjEQ_DISTANCE                = 5
} mjtEq;

// tendon path elements
typedef enum mjtWrap_ {
  mjWRAP_NONE                  = 0,
  mjWRAP_JOINT                 = 1,
  mjWRAP_PULLEY                = 2,
  mjWRAP_SITE                  = 3,
  mjWRAP_SPHERE                = 4,
  mjWRAP_CYLINDER              = 5
} mjtWrap;

// actuator transmission kinds
typedef enum mjtTrn_ {
  mjTRN_JOINT                  = 0,
  mjTRN_JOINTINPARENT          = 1,
  mjTRN_SLIDERCRANK            = 2,
  mjTRN_TENDON                 = 3,
  mjTRN_SITE                   = 4,
  mjTRN_BODY                   = 5,
  mjTRN_UNDEFINED              = 1000
} mjtTrn;

// actuator activation dynamics
typedef enum mjtDyn_ {
  mjDYN_NONE                   = 0,
  mjDYN_INTEGRATOR             = 1,
  mjDYN_FILTER                 = 2,
  mjDYN_FILTEREXACT            = 3,
  mjDYN_MUSCLE                 = 4,
  mjDYN_USER                   = 5
} mjtDyn;

// actuator gain models
typedef enum mjtGain_ {
  mjGAIN_FIXED                 = 0,
  mjGAIN_AFFINE                = 1,
  mjGAIN_MUSCLE                = 2,
  mjGAIN_USER                  = 3
} mjtGain;

// actuator bias models
typedef enum mjtBias_ {
  mjBIAS_NONE                  = 0,
  mjBIAS_AFFINE                = 1,
  mjBIAS_MUSCLE                = 2,
  mjBIAS_USER                  = 3
} mjtBias;

// object kinds, used to look up names and ids
typedef enum mjtObj_ {
  mjOBJ_UNKNOWN                = 0,
  mjOBJ_BODY                   = 1,
  mjOBJ_XBODY                  = 2,
  mjOBJ_JOINT                  = 3,
  mjOBJ_DOF                    = 4,
  mjOBJ_GEOM                   = 5,
  mjOBJ_SITE                   = 6,
  mjOBJ_CAMERA                 = 7,
  mjOBJ_LIGHT                  = 8,
  mjOBJ_FLEX                   = 9,
  mjOBJ_MESH                   = 10,
  mjOBJ_SKIN                   = 11,
  mjOBJ_HFIELD                 = 12,
  mjOBJ_TEXTURE                = 13,
  mjOBJ_MATERIAL               = 14,
  mjOBJ_PAIR                   = 15,
  mjOBJ_EXCLUDE                = 16,
  mjOBJ_EQUALITY               = 17,
  mjOBJ_TENDON                 = 18,
  mjOBJ_ACTUATOR               = 19,
  mjOBJ_SENSOR                 = 20,
  mjOBJ_NUMERIC                = 21,
  mjOBJ_TEXT                   = 22,
  mjOBJ_TUPLE                  = 23,
  mjOBJ_KEY                    = 24,
  mjOBJ_PLUGIN                 = 25,
  mjNOBJECT                    = 26,
  mjOBJ_FRAME                  = 100,
  mjOBJ_DEFAULT                = 101,
  mjOBJ_MODEL                  = 102
} mjtObj;

// sensor kinds
typedef enum mjtSensor_ {
  mjSENS_TOUCH                 = 0,
  mjSENS_ACCELEROMETER         = 1,
  mjSENS_VELOCIMETER           = 2,
  mjSENS_GYRO                  = 3,
  mjSENS_FORCE                 = 4,
  mjSENS_TORQUE                = 5,
  mjSENS_MAGNETOMETER          = 6,
  mjSENS_RANGEFINDER           = 7,
  mjSENS_CAMPROJECTION         = 8,
  mjSENS_JOINTPOS              = 9,
  mjSENS_JOINTVEL              = 10,
  mjSENS_TENDONPOS             = 11,
  mjSENS_TENDONVEL             = 12,
  mjSENS_ACTUATORPOS           = 13,
  mjSENS_ACTUATORVEL           = 14,
  mjSENS_ACTUATORFRC           = 15,
  mjSENS_JOINTACTFRC           = 16,
  mjSENS_TENDONACTFRC          = 17,
  mjSENS_BALLQUAT              = 18,
  mjSENS_BALLANGVEL            = 19,
  mjSENS_JOINTLIMITPOS         = 20,
  mjSENS_JOINTLIMITVEL         = 21,
  mjSENS_JOINTLIMITFRC         = 22,
  mjSENS_TENDONLIMITPOS        = 23,
  mjSENS_TENDONLIMITVEL        = 24,
  mjSENS_TENDONLIMITFRC        = 25,
  mjSENS_FRAMEPOS              = 26,
  mjSENS_FRAMEQUAT             = 27,
  mjSENS_FRAMEXAXIS            = 28,
  mjSENS_FRAMEYAXIS            = 29,
  mjSENS_FRAMEZAXIS            = 30,
  mjSENS_FRAMELINVEL           = 31,
  mjSENS_FRAMEANGVEL           = 32,
  mjSENS_FRAMELINACC           = 33,
  mjSENS_FRAMEANGACC           = 34,
  mjSENS_SUBTREECOM            = 35,
  mjSENS_SUBTREELINVEL         = 36,
  mjSENS_SUBTREEANGMOM         = 37,
  mjSENS_INSIDESITE            = 38,
  mjSENS_GEOMDIST              = 39,
  mjSENS_GEOMNORMAL            = 40,
  mjSENS_GEOMFROMTO            = 41,
  mjSENS_CONTACT               = 42,
  mjSENS_E_POTENTIAL           = 43,
  mjSENS_E_KINETIC             = 44,
  mjSENS_CLOCK                 = 45,
  mjSENS_TACTILE               = 46,
  mjSENS_PLUGIN                = 47,
  mjSENS_USER                  = 48
} mjtSensor;

// pipeline stage a quantity depends on
typedef enum mjtStage_ {
  mjSTAGE_NONE                 = 0,
  mjSTAGE_POS                  = 1,
  mjSTAGE_VEL                  = 2,
  mjSTAGE_ACC                  = 3
} mjtStage;

// how sensor output is post-processed
typedef enum mjtDataType_ {
  mjDATATYPE_REAL              = 0,
  mjDATATYPE_POSITIVE          = 1,
  mjDATATYPE_AXIS              = 2,
  mjDATATYPE_QUATERNION        = 3
} mjtDataType;

// whether a geom/site frame coincides with its body or inertial frame
typedef enum mjtSameFrame_ {
  mjSAMEFRAME_NONE             = 0,
  mjSAMEFRAME_BODY             = 1,
  mjSAMEFRAME_INERTIA          = 2,
  mjSAMEFRAME_BODYROT          = 3,
  mjSAMEFRAME_INERTIAROT       = 4
} mjtSameFrame;

// which actuators get an automatic length range
typedef enum mjtLRMode_ {
  mjLRMODE_NONE                = 0,
  mjLRMODE_MUSCLE              = 1,
  mjLRMODE_MUSCLEUSER          = 2,
  mjLRMODE_ALL                 = 3
} mjtLRMode;

// options of the compile-time actuator length-range computation (<compiler><lengthrange>)
typedef struct mjLROpt_ {
  int mode;                  // which actuators to process (mjtLRMode)
  int useexisting;           // keep a range already set in the model
  int uselimit;              // use the joint/tendon limits when they exist
  mjtNum accel;              // acceleration the length is pushed with
  mjtNum maxforce;           // cap on the applied force (0: none)
  mjtNum timeconst;          // velocity damping time constant
  mjtNum timestep;           // integration step of the simulation
  mjtNum inttotal;           // total simulated time per direction
  mjtNum interval;           // final interval over which the length settles
  mjtNum tolrange;           // convergence tolerance, relative to the range
} mjLROpt;

// flex self-collision modes
typedef enum mjtFlexSelf_ {
  mjFLEXSELF_NONE              = 0,
  mjFLEXSELF_NARROW            = 1,
  mjFLEXSELF_BVH               = 2,
  mjFLEXSELF_SAP               = 3,
  mjFLEXSELF_AUTO              = 4
} mjtFlexSelf;

// signed distance field combination modes
typedef enum mjtSDFType_ {
  mjSDFTYPE_SINGLE             = 0,
  mjSDFTYPE_INTERSECTION       = 1,
  mjSDFTYPE_MIDSURFACE         = 2,
  mjSDFTYPE_COLLISION          = 3
} mjtSDFType;


// Physics options; every field can be set from the MJCF <option> element.
typedef struct mjOption_ {
  // timing and solver tolerances
  mjtNum timestep;           // simulation step (s)
  mjtNum impratio;           // ratio of frictional to normal constraint impedance
  mjtNum tolerance;          // main solver stops when relative improvement is below this
  mjtNum ls_tolerance;       // line search tolerance (CG, Newton)
  mjtNum noslip_tolerance;   // noslip solver tolerance
  mjtNum ccd_tolerance;      // convex collision solver tolerance

  // physical constants of the environment
  mjtNum gravity[3];         // gravitational acceleration
  mjtNum wind[3];            // velocity of the medium
  mjtNum magnetic[3];        // global magnetic flux
  mjtNum density;            // density of the medium
  mjtNum viscosity;          // viscosity of the medium

  // contact parameters used when mjENBL_OVERRIDE is set
  mjtNum o_margin;
  mjtNum o_solref[mjNREF];
  mjtNum o_solimp[mjNIMP];
  mjtNum o_friction[5];

  // discrete settings
  int integrator;            // mjtIntegrator
  int cone;                  // mjtCone
  int jacobian;              // mjtJacobian
  int solver;                // mjtSolver
  int iterations;            // main solver iteration cap
  int ls_iterations;         // line search iteration cap
  int noslip_iterations;     // noslip iteration cap (0 disables noslip)
  int ccd_iterations;        // convex collision iteration cap
  int disableflags;          // bit field of mjtDisableBit
  int enableflags;           // bit field of mjtEnableBit
  int disableactuator;       // actuator groups (bits) switched off
  int sdf_initpoints;        // SDF collision: starting points
  int sdf_iterations;        // SDF collision: gradient-descent iterations
} mjOption;

// Visualisation settings from the MJCF <visual> element; unused by the physics.
typedef struct mjVisual_ {
  struct {
    int   cameraid;          // initial camera (-1: free)
    int   orthographic;      // free camera is orthographic
    float fovy;              // free camera vertical field of view (deg)
    float ipd;               // inter-pupillary distance for stereo
    float azimuth;           // free camera azimuth (deg)
    float elevation;         // free camera elevation (deg)
    float linewidth;         // line width for wireframes
    float glow;              // glow of selected bodies
    float realtime;          // initial real-time factor
    int   offwidth;          // offscreen buffer width
    int   offheight;         // offscreen buffer height
    int   ellipsoidinertia;  // draw inertia as ellipsoids, not boxes
    int   bvactive;          // show active bounding volumes
  } global;

  struct {
    int shadowsize;          // shadow map texture size
    int offsamples;          // multisamples of the offscreen buffer
    int numslices;           // slices of builtin geom meshes
    int numstacks;           // stacks of builtin geom meshes
    int numquads;            // quads per side of rendered boxes
  } quality;

  struct {
    float ambient[3];
    float diffuse[3];
    float specular[3];
    int   active;
  } headlight;

  struct {
    float stiffness;         // mouse perturbation stiffness
    float stiffnessrot;      // mouse perturbation rotational stiffness
    float force;             // force arrow scale
    float torque;            // torque arrow scale
    float alpha;             // transparency scale
    float fogstart;          // fog start, in units of extent
    float fogend;            // fog end, in units of extent
    float znear;             // near clipping plane, in units of extent
    float zfar;              // far clipping plane, in units of extent
    float haze;              // haze ratio
    float shadowclip;        // directional light shadow clipping, in units of extent
    float shadowscale;       // spot light shadow scale
    float actuatortendon;    // actuated tendon width scale
  } map;

  struct {                   // sizes of decorations, in units of meansize
    float forcewidth;
    float contactwidth;
    float contactheight;
    float connect;
    float com;
    float camera;
    float light;
    float selectpoint;
    float jointlength;
    float jointwidth;
    float actuatorlength;
    float actuatorwidth;
    float framelength;
    float framewidth;
    float constraint;
    float slidercrank;
    float frustum;
  } scale;

  struct {                   // colours of decorations
    float fog[4];
    float haze[4];
    float force[4];
    float inertia[4];
    float joint[4];
    float actuator[4];
    float actuatornegative[4];
    float actuatorpositive[4];
    float com[4];
    float camera[4];
    float light[4];
    float selectpoint[4];
    float connect[4];
    float contactpoint[4];
    float contactforce[4];
    float contactfriction[4];
    float contacttorque[4];
    float contactgap[4];
    float rangefinder[4];
    float constraint[4];
    float slidercrank[4];
    float crankbroken[4];
    float frustum[4];
    float bv[4];
    float bvactive[4];
  } rgba;
} mjVisual;

// Model statistics: computed by the compiler, overridable with <statistic>.
typedef struct mjStatistic_ {
  mjtNum meaninertia;        // mean diagonal of the inertia matrix at qpos0
  mjtNum meanmass;           // mean body mass
  mjtNum meansize;           // mean body size
  mjtNum extent;             // spatial extent of the model
  mjtNum center[3];          // centre of the model
} mjStatistic;

// The compiled model. All arrays live in one block (buffer) owned by the model.
typedef struct mjModel_ {
  // sizes

  int nq;
  int nv;
  int nu;
  int na;
  int nbody;
  int nbvh;
  int nbvhstatic;
  int nbvhdynamic;
  int noct;
  int njnt;
  int ntree;
  int nM;
  int nB;
  int nC;
  int nD;
  int ngeom;
  int nsite;
  int ncam;
  int nlight;
  int nflex;
  int nflexnode;
  int nflexvert;
  int nflexedge;
  int nflexelem;
  int nflexelemdata;
  int nflexelemedge;
  int nflexshelldata;
  int nflexevpair;
  int nflextexcoord;
  int nmesh;
  int nmeshvert;
  int nmeshnormal;
  int nmeshtexcoord;
  int nmeshface;
  int nmeshgraph;
  int nmeshpoly;
  int nmeshpolyvert;
  int nmeshpolymap;
  int nskin;
  int nskinvert;
  int nskintexvert;
  int nskinface;
  int nskinbone;
  int nskinbonevert;
  int nhfield;
  int nhfielddata;
  int ntex;
  int ntexdata;
  int nmat;
  int npair;
  int nexclude;
  int neq;
  int ntendon;
  int nwrap;
  int nsensor;
  int nnumeric;
  int nnumericdata;
  int ntext;
  int ntextdata;
  int ntuple;
  int ntupledata;
  int nkey;
  int nmocap;
  int nplugin;
  int npluginattr;
  int nuser_body;
  int nuser_jnt;
  int nuser_geom;
  int nuser_site;
  int nuser_cam;
  int nuser_tendon;
  int nuser_actuator;
  int nuser_sensor;
  int nnames;
  int npaths;
  int nnames_map;
  int nJmom;
  int ngravcomp;
  int nemax;
  int njmax;
  int nconmax;
  int nuserdata;
  int nsensordata;
  int npluginstate;
  mjtSize narena;            // bytes of the per-step arena in mjData
  mjtSize nbuffer;           // bytes of buffer

  mjOption opt;              // physics options
  mjVisual vis;              // visualisation options
  mjStatistic stat;          // model statistics

  void* buffer;              // one allocation holding every array below

  mjtNum*   qpos0;                   // (nq)
  mjtNum*   qpos_spring;             // (nq)
  int*      body_parentid;           // (nbody)
  int*      body_rootid;             // (nbody)
  int*      body_weldid;             // (nbody)
  int*      body_mocapid;            // (nbody)
  int*      body_jntnum;             // (nbody)
  int*      body_jntadr;             // (nbody)
  int*      body_dofnum;             // (nbody)
  int*      body_dofadr;             // (nbody)
  int*      body_treeid;             // (nbody)
  int*      body_geomnum;            // (nbody)
  int*      body_geomadr;            // (nbody)
  mjtByte*  body_simple;             // (nbody)
  mjtByte*  body_sameframe;          // (nbody)
  mjtNum*   body_pos;                // (nbody x 3)
  mjtNum*   body_quat;               // (nbody x 4)
  mjtNum*   body_ipos;               // (nbody x 3)
  mjtNum*   body_iquat;              // (nbody x 4)
  mjtNum*   body_mass;               // (nbody)
  mjtNum*   body_subtreemass;        // (nbody)
  mjtNum*   body_inertia;            // (nbody x 3)
  mjtNum*   body_invweight0;         // (nbody x 2)
  mjtNum*   body_gravcomp;           // (nbody)
  mjtNum*   body_margin;             // (nbody)
  mjtNum*   body_user;               // (nbody x nuser_body)
  int*      body_plugin;             // (nbody)
  int*      body_contype;            // (nbody)
  int*      body_conaffinity;        // (nbody)
  int*      body_bvhadr;             // (nbody)
  int*      body_bvhnum;             // (nbody)
  int*      bvh_depth;               // (nbvh)
  int*      bvh_child;               // (nbvh x 2)
  int*      bvh_nodeid;              // (nbvh)
  mjtNum*   bvh_aabb;                // (nbvhstatic x 6)
  int*      oct_depth;               // (noct)
  int*      oct_child;               // (noct x 8)
  mjtNum*   oct_aabb;                // (noct x 6)
  mjtNum*   oct_coeff;               // (noct x 8)
  int*      jnt_type;                // (njnt)
  int*      jnt_qposadr;             // (njnt)
  int*      jnt_dofadr;              // (njnt)
  int*      jnt_bodyid;              // (njnt)
  int*      jnt_group;               // (njnt)
  mjtByte*  jnt_limited;             // (njnt)
  mjtByte*  jnt_actfrclimited;       // (njnt)
  mjtByte*  jnt_actgravcomp;         // (njnt)
  mjtNum*   jnt_solref;              // (njnt x mjNREF)
  mjtNum*   jnt_solimp;              // (njnt x mjNIMP)
  mjtNum*   jnt_pos;                 // (njnt x 3)
  mjtNum*   jnt_axis;                // (njnt x 3)
  mjtNum*   jnt_stiffness;           // (njnt)
  mjtNum*   jnt_range;               // (njnt x 2)
  mjtNum*   jnt_actfrcrange;         // (njnt x 2)
  mjtNum*   jnt_margin;              // (njnt)
  mjtNum*   jnt_user;                // (njnt x nuser_jnt)
  int*      dof_bodyid;              // (nv)
  int*      dof_jntid;               // (nv)
  int*      dof_parentid;            // (nv)
  int*      dof_treeid;              // (nv)
  int*      dof_Madr;                // (nv)
  int*      dof_simplenum;           // (nv)
  mjtNum*   dof_solref;              // (nv x mjNREF)
  mjtNum*   dof_solimp;              // (nv x mjNIMP)
  mjtNum*   dof_frictionloss;        // (nv)
  mjtNum*   dof_armature;            // (nv)
  mjtNum*   dof_damping;             // (nv)
  mjtNum*   dof_invweight0;          // (nv)
  mjtNum*   dof_M0;                  // (nv)
  int*      geom_type;               // (ngeom)
  int*      geom_contype;            // (ngeom)
  int*      geom_conaffinity;        // (ngeom)
  int*      geom_condim;             // (ngeom)
  int*      geom_bodyid;             // (ngeom)
  int*      geom_dataid;             // (ngeom)
  int*      geom_matid;              // (ngeom)
  int*      geom_group;              // (ngeom)
  int*      geom_priority;           // (ngeom)
  int*      geom_plugin;             // (ngeom)
  mjtByte*  geom_sameframe;          // (ngeom)
  mjtNum*   geom_solmix;             // (ngeom)
  mjtNum*   geom_solref;             // (ngeom x mjNREF)
  mjtNum*   geom_solimp;             // (ngeom x mjNIMP)
  mjtNum*   geom_size;               // (ngeom x 3)
  mjtNum*   geom_aabb;               // (ngeom x 6)
  mjtNum*   geom_rbound;             // (ngeom)
  mjtNum*   geom_pos;                // (ngeom x 3)
  mjtNum*   geom_quat;               // (ngeom x 4)
  mjtNum*   geom_friction;           // (ngeom x 3)
  mjtNum*   geom_margin;             // (ngeom)
  mjtNum*   geom_gap;                // (ngeom)
  mjtNum*   geom_fluid;              // (ngeom x mjNFLUID)
  mjtNum*   geom_user;               // (ngeom x nuser_geom)
  float*    geom_rgba;               // (ngeom x 4)
  int*      site_type;               // (nsite)
  int*      site_bodyid;             // (nsite)
  int*      site_matid;              // (nsite)
  int*      site_group;              // (nsite)
  mjtByte*  site_sameframe;          // (nsite)
  mjtNum*   site_size;               // (nsite x 3)
  mjtNum*   site_pos;                // (nsite x 3)
  mjtNum*   site_quat;               // (nsite x 4)
  mjtNum*   site_user;               // (nsite x nuser_site)
  float*    site_rgba;               // (nsite x 4)
  int*      cam_mode;                // (ncam)
  int*      cam_bodyid;              // (ncam)
  int*      cam_targetbodyid;        // (ncam)
  mjtNum*   cam_pos;                 // (ncam x 3)
  mjtNum*   cam_quat;                // (ncam x 4)
  mjtNum*   cam_poscom0;             // (ncam x 3)
  mjtNum*   cam_pos0;                // (ncam x 3)
  mjtNum*   cam_mat0;                // (ncam x 9)
  int*      cam_orthographic;        // (ncam)
  mjtNum*   cam_fovy;                // (ncam)
  mjtNum*   cam_ipd;                 // (ncam)
  int*      cam_resolution;          // (ncam x 2)
  float*    cam_sensorsize;          // (ncam x 2)
  float*    cam_intrinsic;           // (ncam x 4)
  mjtNum*   cam_user;                // (ncam x nuser_cam)
  int*      light_mode;              // (nlight)
  int*      light_bodyid;            // (nlight)
  int*      light_targetbodyid;      // (nlight)
  int*      light_type;              // (nlight)
  int*      light_texid;             // (nlight)
  mjtByte*  light_castshadow;        // (nlight)
  float*    light_bulbradius;        // (nlight)
  float*    light_intensity;         // (nlight)
  float*    light_range;             // (nlight)
  mjtByte*  light_active;            // (nlight)
  mjtNum*   light_pos;               // (nlight x 3)
  mjtNum*   light_dir;               // (nlight x 3)
  mjtNum*   light_poscom0;           // (nlight x 3)
  mjtNum*   light_pos0;              // (nlight x 3)
  mjtNum*   light_dir0;              // (nlight x 3)
  float*    light_attenuation;       // (nlight x 3)
  float*    light_cutoff;            // (nlight)
  float*    light_exponent;          // (nlight)
  float*    light_ambient;           // (nlight x 3)
  float*    light_diffuse;           // (nlight x 3)
  float*    light_specular;          // (nlight x 3)
  int*      flex_contype;            // (nflex)
  int*      flex_conaffinity;        // (nflex)
  int*      flex_condim;             // (nflex)
  int*      flex_priority;           // (nflex)
  mjtNum*   flex_solmix;             // (nflex)
  mjtNum*   flex_solref;             // (nflex x mjNREF)
  mjtNum*   flex_solimp;             // (nflex x mjNIMP)
  mjtNum*   flex_friction;           // (nflex x 3)
  mjtNum*   flex_margin;             // (nflex)
  mjtNum*   flex_gap;                // (nflex)
  mjtByte*  flex_internal;           // (nflex)
  int*      flex_selfcollide;        // (nflex)
  int*      flex_activelayers;       // (nflex)
  int*      flex_passive;            // (nflex)
  int*      flex_dim;                // (nflex)
  int*      flex_matid;              // (nflex)
  int*      flex_group;              // (nflex)
  int*      flex_interp;             // (nflex)
  int*      flex_nodeadr;            // (nflex)
  int*      flex_nodenum;            // (nflex)
  int*      flex_vertadr;            // (nflex)
  int*      flex_vertnum;            // (nflex)
  int*      flex_edgeadr;            // (nflex)
  int*      flex_edgenum;            // (nflex)
  int*      flex_elemadr;            // (nflex)
  int*      flex_elemnum;            // (nflex)
  int*      flex_elemdataadr;        // (nflex)
  int*      flex_elemedgeadr;        // (nflex)
  int*      flex_shellnum;           // (nflex)
  int*      flex_shelldataadr;       // (nflex)
  int*      flex_evpairadr;          // (nflex)
  int*      flex_evpairnum;          // (nflex)
  int*      flex_texcoordadr;        // (nflex)
  int*      flex_nodebodyid;         // (nflexnode)
  int*      flex_vertbodyid;         // (nflexvert)
  int*      flex_edge;               // (nflexedge x 2)
  int*      flex_edgeflap;           // (nflexedge x 2)
  int*      flex_elem;               // (nflexelemdata)
  int*      flex_elemtexcoord;       // (nflexelemdata)
  int*      flex_elemedge;           // (nflexelemedge)
  int*      flex_elemlayer;          // (nflexelem)
  int*      flex_shell;              // (nflexshelldata)
  int*      flex_evpair;             // (nflexevpair x 2)
  mjtNum*   flex_vert;               // (nflexvert x 3)
  mjtNum*   flex_vert0;              // (nflexvert x 3)
  mjtNum*   flex_node;               // (nflexnode x 3)
  mjtNum*   flex_node0;              // (nflexnode x 3)
  mjtNum*   flexedge_length0;        // (nflexedge)
  mjtNum*   flexedge_invweight0;     // (nflexedge)
  mjtNum*   flex_radius;             // (nflex)
  mjtNum*   flex_stiffness;          // (nflexelem x 21)
  mjtNum*   flex_bending;            // (nflexedge x 17)
  mjtNum*   flex_damping;            // (nflex)
  mjtNum*   flex_edgestiffness;      // (nflex)
  mjtNum*   flex_edgedamping;        // (nflex)
  mjtByte*  flex_edgeequality;       // (nflex)
  mjtByte*  flex_rigid;              // (nflex)
  mjtByte*  flexedge_rigid;          // (nflexedge)
  mjtByte*  flex_centered;           // (nflex)
  mjtByte*  flex_flatskin;           // (nflex)
  int*      flex_bvhadr;             // (nflex)
  int*      flex_bvhnum;             // (nflex)
  float*    flex_rgba;               // (nflex x 4)
  float*    flex_texcoord;           // (nflextexcoord x 2)
  int*      mesh_vertadr;            // (nmesh)
  int*      mesh_vertnum;            // (nmesh)
  int*      mesh_faceadr;            // (nmesh)
  int*      mesh_facenum;            // (nmesh)
  int*      mesh_bvhadr;             // (nmesh)
  int*      mesh_bvhnum;             // (nmesh)
  int*      mesh_octadr;             // (nmesh)
  int*      mesh_octnum;             // (nmesh)
  int*      mesh_normaladr;          // (nmesh)
  int*      mesh_normalnum;          // (nmesh)
  int*      mesh_texcoordadr;        // (nmesh)
  int*      mesh_texcoordnum;        // (nmesh)
  int*      mesh_graphadr;           // (nmesh)
  float*    mesh_vert;               // (nmeshvert x 3)
  float*    mesh_normal;             // (nmeshnormal x 3)
  float*    mesh_texcoord;           // (nmeshtexcoord x 2)
  int*      mesh_face;               // (nmeshface x 3)
  int*      mesh_facenormal;         // (nmeshface x 3)
  int*      mesh_facetexcoord;       // (nmeshface x 3)
  int*      mesh_graph;              // (nmeshgraph)
  mjtNum*   mesh_scale;              // (nmesh x 3)
  mjtNum*   mesh_pos;                // (nmesh x 3)
  mjtNum*   mesh_quat;               // (nmesh x 4)
  int*      mesh_pathadr;            // (nmesh)
  int*      mesh_polynum;            // (nmesh)
  int*      mesh_polyadr;            // (nmesh)
  mjtNum*   mesh_polynormal;         // (nmeshpoly x 3)
  int*      mesh_polyvertadr;        // (nmeshpoly)
  int*      mesh_polyvertnum;        // (nmeshpoly)
  int*      mesh_polyvert;           // (nmeshpolyvert)
  int*      mesh_polymapadr;         // (nmeshvert)
  int*      mesh_polymapnum;         // (nmeshvert)
  int*      mesh_polymap;            // (nmeshpolymap)
  int*      skin_matid;              // (nskin)
  int*      skin_group;              // (nskin)
  float*    skin_rgba;               // (nskin x 4)
  float*    skin_inflate;            // (nskin)
  int*      skin_vertadr;            // (nskin)
  int*      skin_vertnum;            // (nskin)
  int*      skin_texcoordadr;        // (nskin)
  int*      skin_faceadr;            // (nskin)
  int*      skin_facenum;            // (nskin)
  int*      skin_boneadr;            // (nskin)
  int*      skin_bonenum;            // (nskin)
  float*    skin_vert;               // (nskinvert x 3)
  float*    skin_texcoord;           // (nskintexvert x 2)
  int*      skin_face;               // (nskinface x 3)
  int*      skin_bonevertadr;        // (nskinbone)
  int*      skin_bonevertnum;        // (nskinbone)
  float*    skin_bonebindpos;        // (nskinbone x 3)
  float*    skin_bonebindquat;       // (nskinbone x 4)
  int*      skin_bonebodyid;         // (nskinbone)
  int*      skin_bonevertid;         // (nskinbonevert)
  float*    skin_bonevertweight;     // (nskinbonevert)
  int*      skin_pathadr;            // (nskin)
  mjtNum*   hfield_size;             // (nhfield x 4)
  int*      hfield_nrow;             // (nhfield)
  int*      hfield_ncol;             // (nhfield)
  int*      hfield_adr;              // (nhfield)
  float*    hfield_data;             // (nhfielddata)
  int*      hfield_pathadr;          // (nhfield)
  int*      tex_type;                // (ntex)
  int*      tex_colorspace;          // (ntex)
  int*      tex_height;              // (ntex)
  int*      tex_width;               // (ntex)
  int*      tex_nchannel;            // (ntex)
  int*      tex_adr;                 // (ntex)
  mjtByte*  tex_data;                // (ntexdata)
  int*      tex_pathadr;             // (ntex)
  int*      mat_texid;               // (nmat x mjNTEXROLE)
  mjtByte*  mat_texuniform;          // (nmat)
  float*    mat_texrepeat;           // (nmat x 2)
  float*    mat_emission;            // (nmat)
  float*    mat_specular;            // (nmat)
  float*    mat_shininess;           // (nmat)
  float*    mat_reflectance;         // (nmat)
  float*    mat_metallic;            // (nmat)
  float*    mat_roughness;           // (nmat)
  float*    mat_rgba;                // (nmat x 4)
  int*      pair_dim;                // (npair)
  int*      pair_geom1;              // (npair)
  int*      pair_geom2;              // (npair)
  int*      pair_signature;          // (npair)
  mjtNum*   pair_solref;             // (npair x mjNREF)
  mjtNum*   pair_solreffriction;     // (npair x mjNREF)
  mjtNum*   pair_solimp;             // (npair x mjNIMP)
  mjtNum*   pair_margin;             // (npair)
  mjtNum*   pair_gap;                // (npair)
  mjtNum*   pair_friction;           // (npair x 5)
  int*      exclude_signature;       // (nexclude)
  int*      eq_type;                 // (neq)
  int*      eq_obj1id;               // (neq)
  int*      eq_obj2id;               // (neq)
  int*      eq_objtype;              // (neq)
  mjtByte*  eq_active0;              // (neq)
  mjtNum*   eq_solref;               // (neq x mjNREF)
  mjtNum*   eq_solimp;               // (neq x mjNIMP)
  mjtNum*   eq_data;                 // (neq x mjNEQDATA)
  int*      tendon_adr;              // (ntendon)
  int*      tendon_num;              // (ntendon)
  int*      tendon_matid;            // (ntendon)
  int*      tendon_group;            // (ntendon)
  mjtByte*  tendon_limited;          // (ntendon)
  mjtByte*  tendon_actfrclimited;    // (ntendon)
  mjtNum*   tendon_width;            // (ntendon)
  mjtNum*   tendon_solref_lim;       // (ntendon x mjNREF)
  mjtNum*   tendon_solimp_lim;       // (ntendon x mjNIMP)
  mjtNum*   tendon_solref_fri;       // (ntendon x mjNREF)
  mjtNum*   tendon_solimp_fri;       // (ntendon x mjNIMP)
  mjtNum*   tendon_range;            // (ntendon x 2)
  mjtNum*   tendon_actfrcrange;      // (ntendon x 2)
  mjtNum*   tendon_margin;           // (ntendon)
  mjtNum*   tendon_stiffness;        // (ntendon)
  mjtNum*   tendon_damping;          // (ntendon)
  mjtNum*   tendon_armature;         // (ntendon)
  mjtNum*   tendon_frictionloss;     // (ntendon)
  mjtNum*   tendon_lengthspring;     // (ntendon x 2)
  mjtNum*   tendon_length0;          // (ntendon)
  mjtNum*   tendon_invweight0;       // (ntendon)
  mjtNum*   tendon_user;             // (ntendon x nuser_tendon)
  float*    tendon_rgba;             // (ntendon x 4)
  int*      wrap_type;               // (nwrap)
  int*      wrap_objid;              // (nwrap)
  mjtNum*   wrap_prm;                // (nwrap)
  int*      actuator_trntype;        // (nu)
  int*      actuator_dyntype;        // (nu)
  int*      actuator_gaintype;       // (nu)
  int*      actuator_biastype;       // (nu)
  int*      actuator_trnid;          // (nu x 2)
  int*      actuator_actadr;         // (nu)
  int*      actuator_actnum;         // (nu)
  int*      actuator_group;          // (nu)
  mjtByte*  actuator_ctrllimited;    // (nu)
  mjtByte*  actuator_forcelimited;   // (nu)
  mjtByte*  actuator_actlimited;     // (nu)
  mjtNum*   actuator_dynprm;         // (nu x mjNDYN)
  mjtNum*   actuator_gainprm;        // (nu x mjNGAIN)
  mjtNum*   actuator_biasprm;        // (nu x mjNBIAS)
  mjtByte*  actuator_actearly;       // (nu)
  mjtNum*   actuator_ctrlrange;      // (nu x 2)
  mjtNum*   actuator_forcerange;     // (nu x 2)
  mjtNum*   actuator_actrange;       // (nu x 2)
  mjtNum*   actuator_gear;           // (nu x 6)
  mjtNum*   actuator_cranklength;    // (nu)
  mjtNum*   actuator_acc0;           // (nu)
  mjtNum*   actuator_length0;        // (nu)
  mjtNum*   actuator_lengthrange;    // (nu x 2)
  mjtNum*   actuator_user;           // (nu x nuser_actuator)
  int*      actuator_plugin;         // (nu)
  int*      sensor_type;             // (nsensor)
  int*      sensor_datatype;         // (nsensor)
  int*      sensor_needstage;        // (nsensor)
  int*      sensor_objtype;          // (nsensor)
  int*      sensor_objid;            // (nsensor)
  int*      sensor_reftype;          // (nsensor)
  int*      sensor_refid;            // (nsensor)
  int*      sensor_intprm;           // (nsensor x mjNSENS)
  int*      sensor_dim;              // (nsensor)
  int*      sensor_adr;              // (nsensor)
  mjtNum*   sensor_cutoff;           // (nsensor)
  mjtNum*   sensor_noise;            // (nsensor)
  mjtNum*   sensor_user;             // (nsensor x nuser_sensor)
  int*      sensor_plugin;           // (nsensor)
  int*      plugin;                  // (nplugin)
  int*      plugin_stateadr;         // (nplugin)
  int*      plugin_statenum;         // (nplugin)
  char*     plugin_attr;             // (npluginattr)
  int*      plugin_attradr;          // (nplugin)
  int*      numeric_adr;             // (nnumeric)
  int*      numeric_size;            // (nnumeric)
  mjtNum*   numeric_data;            // (nnumericdata)
  int*      text_adr;                // (ntext)
  int*      text_size;               // (ntext)
  char*     text_data;               // (ntextdata)
  int*      tuple_adr;               // (ntuple)
  int*      tuple_size;              // (ntuple)
  int*      tuple_objtype;           // (ntupledata)
  int*      tuple_objid;             // (ntupledata)
  mjtNum*   tuple_objprm;            // (ntupledata)
  mjtNum*   key_time;                // (nkey)
  mjtNum*   key_qpos;                // (nkey x nq)
  mjtNum*   key_qvel;                // (nkey x nv)
  mjtNum*   key_act;                 // (nkey x na)
  mjtNum*   key_mpos;                // (nkey x 3*nmocap)
  mjtNum*   key_mquat;               // (nkey x 4*nmocap)
  mjtNum*   key_ctrl;                // (nkey x nu)
  int*      name_bodyadr;            // (nbody)
  int*      name_jntadr;             // (njnt)
  int*      name_geomadr;            // (ngeom)
  int*      name_siteadr;            // (nsite)
  int*      name_camadr;             // (ncam)
  int*      name_lightadr;           // (nlight)
  int*      name_flexadr;            // (nflex)
  int*      name_meshadr;            // (nmesh)
  int*      name_skinadr;            // (nskin)
  int*      name_hfieldadr;          // (nhfield)
  int*      name_texadr;             // (ntex)
  int*      name_matadr;             // (nmat)
  int*      name_pairadr;            // (npair)
  int*      name_excludeadr;         // (nexclude)
  int*      name_eqadr;              // (neq)
  int*      name_tendonadr;          // (ntendon)
  int*      name_actuatoradr;        // (nu)
  int*      name_sensoradr;          // (nsensor)
  int*      name_numericadr;         // (nnumeric)
  int*      name_textadr;            // (ntext)
  int*      name_tupleadr;           // (ntuple)
  int*      name_keyadr;             // (nkey)
  int*      name_pluginadr;          // (nplugin)
  char*     names;                   // (nnames)
  int*      names_map;               // (nnames_map)
  char*     paths;                   // (npaths)
  int*      B_rownnz;                // (nbody)
  int*      B_rowadr;                // (nbody)
  int*      B_colind;                // (nB)
  int*      M_rownnz;                // (nv)
  int*      M_rowadr;                // (nv)
  int*      M_colind;                // (nC)
  int*      mapM2M;                  // (nC)
  int*      D_rownnz;                // (nv)
  int*      D_rowadr;                // (nv)
  int*      D_diag;                  // (nv)
  int*      D_colind;                // (nD)
  int*      mapM2D;                  // (nD)
  int*      mapD2M;                  // (nC)

  uint64_t signature;        // hash of the model structure, checked by mj_copyData etc.
} mjModel;

#endif  // MUJOCO_MJMODEL_H_
