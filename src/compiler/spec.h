// The editable model (spec): what the MJCF reader produces and the compiler turns
// into an mjModel. Values are those of the model text after default classes have
// been applied; orientations and frames are kept unresolved because their meaning
// depends on compiler settings (angle units, Euler sequence) that may appear
// anywhere in the document.
#ifndef SINEW_COMPILER_SPEC_H_
#define SINEW_COMPILER_SPEC_H_

#include <stddef.h>

#include <mujoco/mujoco.h>

//---------------------------------- common pieces -------------------------------------------------

// Where an element came from, so compile-time errors can name file, line and column.
typedef struct {
  const char* file;   // owned by the spec's string pool
  int line;
  int column;
  const char* element;  // element name as written, e.g. "geom"
} sn_srcloc;

// Tri-state used for attributes whose default is "decide from other attributes".
typedef enum {
  SN_FALSE = 0,
  SN_TRUE = 1,
  SN_AUTO = 2
} sn_tristate;

// An orientation as written: exactly one of the MJCF forms, resolved by the compiler.
typedef enum {
  SN_ORIENT_NONE = 0,  // identity unless a fromto/zaxis-like rule applies
  SN_ORIENT_QUAT,      // v[0..3]
  SN_ORIENT_AXISANGLE, // v[0..2] axis, v[3] angle (compiler angle units)
  SN_ORIENT_XYAXES,    // v[0..5]
  SN_ORIENT_ZAXIS,     // v[0..2]
  SN_ORIENT_EULER      // v[0..2] (compiler angle units and eulerseq)
} sn_orient_type;

typedef struct {
  sn_orient_type type;
  double v[6];
} sn_orient;

// Variable-length list of numbers (user data, keyframe vectors, custom numeric).
typedef struct {
  double* data;       // owned by the spec
  int n;
} sn_numlist;

// Growable array of fixed-size records owned by the spec.
typedef struct {
  void* data;
  int count;
  int capacity;
} sn_array;

//---------------------------------- compiler and sizes --------------------------------------------

typedef struct {
  int degree;                 // angle="degree" (the MJCF default) vs "radian"
  char eulerseq[4];           // e.g. "xyz"
  int autolimits;             // infer "limited" from the presence of a range
  sn_tristate inertiafromgeom;
  int inertiagrouprange[2];
  double boundmass;
  double boundinertia;
  int balanceinertia;
  double settotalmass;        // < 0: not set
  const char* meshdir;        // may be NULL
  const char* texturedir;
  const char* assetdir;
  int strippath;
  int fusestatic;
  int discardvisual;
  sn_tristate alignfree;
  int usethread;
  int saveinertial;
  int fitaabb;                // fit primitives to meshes with bounding boxes
  // <compiler><lengthrange>: kept for the tendon/muscle issue
  int lr_mode;
  int lr_useexisting;
  int lr_uselimit;
  double lr_accel, lr_maxforce, lr_timeconst, lr_timestep, lr_inttotal, lr_interval, lr_tolrange;
} sn_compiler;

typedef struct {
  long long memory;           // bytes of arena, -1: let the compiler decide
  int njmax;                  // legacy, -1 if not set
  int nconmax;                // legacy, -1 if not set
  int nstack;                 // legacy, -1 if not set
  int nuserdata;
  int nkey;                   // minimum number of keyframes
  int nuser_body, nuser_jnt, nuser_geom, nuser_site, nuser_cam;
  int nuser_tendon, nuser_actuator, nuser_sensor;  // -1: infer from data
  sn_srcloc loc;              // the last <size> element (file NULL if there is none)
} sn_size;

// <statistic>: only the fields with set_* are overrides; the rest are computed.
typedef struct {
  mjStatistic value;
  int set_meaninertia, set_meanmass, set_meansize, set_extent, set_center;
} sn_statistic;

//---------------------------------- kinematic tree ------------------------------------------------

// <frame>: a pose that children are expressed in; frames nest.
typedef struct {
  int parent_frame;           // -1: directly in the body
  int body;                   // body that owns the frame
  double pos[3];
  sn_orient orient;
  sn_srcloc loc;
} sn_frame;

typedef struct {
  const char* name;           // "" if unnamed; "world" for body 0
  int parent;                 // -1 for the world
  int frame;                  // enclosing <frame>, -1 if none
  double pos[3];
  sn_orient orient;
  int mocap;
  double gravcomp;
  sn_numlist user;

  // <inertial>, if present
  int has_inertial;
  double ipos[3];
  sn_orient iorient;
  double mass;
  double inertia[3];          // diaginertia
  double fullinertia[6];      // xx yy zz xy xz yz
  int has_fullinertia;
  sn_srcloc iloc;             // the <inertial> element, if present
  int inertial_kept;          // set by discardvisual: the inertial holds the mass of dropped
                              // geoms and applies even with inertiafromgeom="true"
  sn_srcloc loc;
} sn_body;

typedef struct {
  const char* name;
  int body;
  int frame;
  int type;                   // mjtJoint
  int group;
  double pos[3];
  double axis[3];
  double ref;                 // compiler angle units for hinges
  double springref;
  double stiffness;
  double damping;
  double armature;
  double frictionloss;
  double springdamper[2];     // (timeconst, dampratio) > 0: stiffness and damping from mass
  sn_tristate limited;
  sn_tristate actfrclimited;
  int actgravcomp;
  double range[2];            // compiler angle units for hinges and ball
  double actfrcrange[2];
  double margin;
  double solref_limit[mjNREF];
  double solimp_limit[mjNIMP];
  double solref_friction[mjNREF];
  double solimp_friction[mjNIMP];
  sn_tristate align;          // freejoint align
  sn_numlist user;
  sn_srcloc loc;
} sn_joint;

typedef struct {
  const char* name;
  int body;
  int frame;
  int type;                   // mjtGeom
  double size[3];
  int has_fromto;
  double fromto[6];
  double pos[3];
  sn_orient orient;
  double mass;                // < 0 (NaN-free sentinel -1): use density
  int has_mass;               // mass was given (then a negative mass is an error)
  double density;
  int shellinertia;           // mjtGeomInertia
  double friction[3];
  int condim;
  int contype;
  int conaffinity;
  int priority;
  double solmix;
  double margin;
  double gap;
  double solref[mjNREF];
  double solimp[mjNIMP];
  int group;
  float rgba[4];
  const char* material;       // "" if none
  const char* mesh;           // "" if none
  const char* hfield;         // "" if none
  int fluidshape;             // 0 none, 1 ellipsoid
  double fluidcoef[5];
  double fitscale;
  sn_numlist user;
  sn_srcloc loc;
} sn_geom;

typedef struct {
  const char* name;
  int body;
  int frame;
  int type;                   // mjtGeom (sphere, capsule, ellipsoid, cylinder, box)
  double size[3];
  int has_fromto;
  double fromto[6];
  double pos[3];
  sn_orient orient;
  int group;
  float rgba[4];
  const char* material;
  sn_numlist user;
  sn_srcloc loc;
} sn_site;

typedef struct {
  const char* name;
  int body;
  int frame;
  int mode;                   // mjtCamLight
  const char* target;         // body name for targetbody modes, "" otherwise
  double pos[3];
  sn_orient orient;
  int orthographic;
  double fovy;
  double ipd;
  int resolution[2];
  float sensorsize[2];
  float focal[2];             // length units
  float focalpixel[2];        // pixel units
  float principal[2];
  float principalpixel[2];
  sn_numlist user;
  sn_srcloc loc;
} sn_camera;

typedef struct {
  const char* name;
  int body;
  int frame;
  int mode;                   // mjtCamLight
  const char* target;
  int type;                   // mjtLightType
  int castshadow;
  int active;
  double pos[3];
  double dir[3];
  float bulbradius;
  float intensity;
  float range;
  float attenuation[3];
  float cutoff;
  float exponent;
  float ambient[3];
  float diffuse[3];
  float specular[3];
  const char* texture;
  sn_srcloc loc;
} sn_light;

//---------------------------------- actuators -----------------------------------------------------

// Every actuator shortcut (motor, position, ...) is stored as the general actuator it
// amounts to; the few quantities that need the compiled model are flagged.
typedef struct {
  const char* name;
  int group;
  sn_tristate ctrllimited;
  sn_tristate forcelimited;
  sn_tristate actlimited;
  double ctrlrange[2];
  double forcerange[2];
  double actrange[2];
  double lengthrange[2];
  double gear[6];
  double cranklength;
  int trntype;                // mjtTrn
  const char* target;         // joint / tendon / site / body name, by trntype
  const char* refsite;        // site transmission reference, "" if none
  const char* slidersite;     // slider-crank, "" if none
  int dyntype;                // mjtDyn
  int gaintype;               // mjtGain
  int biastype;               // mjtBias
  double dynprm[mjNDYN];
  double gainprm[mjNGAIN];
  double biasprm[mjNBIAS];
  int actearly;
  int actdim;                 // -1: decide from dyntype
  int inheritrange;           // position/intvelocity: ctrlrange from the joint range
  double inheritrange_scale;
  sn_numlist user;
  const char* element;        // shortcut used in the model text, e.g. "position"
  sn_srcloc loc;
} sn_actuator;

//---------------------------------- assets --------------------------------------------------------

typedef struct {
  const char* name;
  int type;                   // mjtTexture
  int colorspace;             // mjtColorSpace
  int builtin;                // mjtBuiltin
  int mark;                   // mjtMark
  double rgb1[3];
  double rgb2[3];
  double markrgb[3];
  double random;
  int width;
  int height;
  int nchannel;
  const char* file;           // "" if none
  const char* filedir;        // directory the files are relative to, already combined
                              // with texturedir (textures of attached models); NULL or
                              // "": the model's directory and texturedir
  const char* gridlayout;     // cube/skybox from one image
  int gridsize[2];
  const char* cubefiles[6];   // fileright, fileleft, fileup, filedown, filefront, fileback
  int hflip;
  int vflip;
  const char* content_type;
  sn_srcloc loc;
} sn_texture;

typedef struct {
  const char* name;
  const char* textures[mjNTEXROLE];  // by mjtTextureRole; "" if unused
  int texuniform;
  float texrepeat[2];
  float emission;
  float specular;
  float shininess;
  float reflectance;
  float metallic;
  float roughness;
  float rgba[4];
  sn_srcloc loc;
} sn_material;

// <mesh>: geometry from a file (STL, OBJ, MSH) or inline vertex/face lists; the
// compiler centres it, aligns it with its principal axes and builds its convex hull.
typedef struct {
  const char* name;
  const char* file;           // "" if none
  const char* filedir;        // directory file is relative to (attached models), "" if
                              // the model's directory and meshdir apply
  const char* content_type;   // "" if none
  double scale[3];
  int inertia;                // mjtMeshInertia
  int smoothnormal;
  int maxhullvert;            // -1: no limit
  double refpos[3];
  double refquat[4];
  sn_numlist vertex;          // inline data (n == 0: not given)
  sn_numlist normal;
  sn_numlist texcoord;
  sn_numlist face;            // integers stored as doubles
  const char* builtin;        // "" if none (mesh builtins are not supported yet)
  sn_numlist params;
  const char* material;       // "" if none
  sn_srcloc loc;
} sn_mesh;

// <hfield>: elevation grid from a PNG or MuJoCo's binary file, inline values, or
// zeros of a given size (filled at run time).
typedef struct {
  const char* name;
  const char* file;           // "" if none
  const char* filedir;        // as for sn_mesh
  const char* content_type;
  int nrow;
  int ncol;
  sn_numlist elevation;       // n == 0: not given
  double size[4];             // radius_x, radius_y, elevation_z, base_z
  sn_srcloc loc;
} sn_hfield;

//---------------------------------- contact pairs and exclusions ----------------------------------

// <contact><pair>: an explicit geom pair with its own contact parameters.
typedef struct {
  const char* name;
  const char* geom1;
  const char* geom2;
  int condim;
  double friction[5];
  double solref[mjNREF];
  double solreffriction[mjNREF];
  double solimp[mjNIMP];
  double margin;
  double gap;
  int has_margin;             // margin given (else the larger geom margin, MuJoCo rule)
  int has_gap;
  sn_srcloc loc;
} sn_pair;

// <contact><exclude>: no contacts between two bodies.
typedef struct {
  const char* name;
  const char* body1;
  const char* body2;
  sn_srcloc loc;
} sn_exclude;

//---------------------------------- equality constraints ------------------------------------------

// <equality> connect, weld, joint or tendon (flex constraints are not supported yet).
// Connect and weld name two bodies or two sites; the parameters are kept as written and
// the compiler lays them out in eq_data (computing what qpos0 implies).
typedef struct {
  const char* name;
  int type;                   // mjtEq
  int objtype;                // mjOBJ_BODY or mjOBJ_SITE (connect, weld), mjOBJ_JOINT,
                              // mjOBJ_TENDON
  const char* name1;          // body1 / site1 / joint1 / tendon1
  const char* name2;          // body2 / site2 / joint2 / tendon2; "" : the world body
                              // (connect, weld by body) or no second joint / tendon
  int active;
  double solref[mjNREF];
  double solimp[mjNIMP];
  double anchor[3];           // connect: in body1; weld: in body2
  double relpose[7];          // weld: pose of body2 in body1 (pos, quat); a zero
                              // quaternion (the default) means "the pose at qpos0"
  double torquescale;         // weld
  double polycoef[5];         // joint, tendon
  sn_srcloc loc;
} sn_equality;

//---------------------------------- tendons -------------------------------------------------------

// One element of a tendon path as written: a joint with its coefficient (fixed
// tendons), or a site, a wrapping geom (with an optional side site) or a pulley with
// its divisor (spatial tendons).
typedef struct {
  int type;                   // mjtWrap: JOINT, SITE, SPHERE (any geom), PULLEY
  const char* name;           // joint / site / geom name; "" for pulleys
  const char* sidesite;       // geom wraps: "" if none
  double prm;                 // joint coefficient or pulley divisor
  sn_srcloc loc;
} sn_wrap;

// <tendon><fixed> or <spatial>, with its path (in the order written).
typedef struct {
  const char* name;
  int spatial;                // 1: <spatial>, 0: <fixed>
  int group;
  sn_tristate limited;
  sn_tristate actfrclimited;
  double range[2];
  double actfrcrange[2];
  double solref_limit[mjNREF];
  double solimp_limit[mjNIMP];
  double solref_friction[mjNREF];
  double solimp_friction[mjNIMP];
  double margin;
  double frictionloss;
  double width;
  const char* material;       // "" if none
  float rgba[4];
  double stiffness;
  double springlength[2];     // -1 -1: the length at qpos0; one value v: (v, v)
  double damping;
  double armature;
  sn_numlist user;
  sn_wrap* path;              // owned by the spec
  int npath;
  int cappath;
  sn_srcloc loc;
} sn_tendon;

//---------------------------------- sensors -------------------------------------------------------

// One <sensor> child, as written. The reader records which object (and reference
// object) the element names and under which attribute; the compiler resolves the names,
// checks the object types 3.3.8 accepts and derives datatype, stage and dimension.
typedef struct {
  const char* name;
  int type;                   // mjtSensor
  int objtype;                // mjtObj of the sensed object (mjOBJ_UNKNOWN: none)
  const char* objname;
  const char* objattr;        // attribute that named it (for error locations)
  int reftype;                // mjtObj of the reference object (mjOBJ_UNKNOWN: none)
  const char* refname;
  const char* refattr;
  double noise;
  double cutoff;
  sn_numlist user;
  // user sensors: as given (objtype as written, resolved by the compiler)
  const char* usertype;
  int datatype;               // mjtDataType
  int needstage;              // mjtStage
  int dim;
  // contact sensors: the data fields bitmask, reduction and number of slots
  int intprm[mjNSENS];
  sn_srcloc loc;
} sn_sensor;

//---------------------------------- keyframes and custom data -------------------------------------

// Part of a keyframe given per element (keyframes of attached models): the values of
// one joint (qpos, qvel), actuator (act, ctrl) or mocap body (mpos, mquat), by spec index.
typedef enum {
  SN_KEY_QPOS = 0,
  SN_KEY_QVEL,
  SN_KEY_ACT,
  SN_KEY_CTRL,
  SN_KEY_MPOS,
  SN_KEY_MQUAT
} sn_keypart_kind;

typedef struct {
  int kind;                   // sn_keypart_kind
  int index;                  // spec joint, actuator or body
  sn_numlist values;
} sn_keypart;

typedef struct {
  const char* name;
  double time;
  sn_numlist qpos, qvel, act, ctrl, mpos, mquat;  // n == 0: not given; shorter vectors
                                                  // are completed with the defaults
  sn_keypart* parts;          // applied after the vectors (owned by the spec)
  int nparts;
  sn_srcloc loc;
} sn_key;

typedef struct {
  const char* name;
  int size;                   // -1: size of data
  sn_numlist data;
  sn_srcloc loc;
} sn_numeric;

typedef struct {
  const char* name;
  const char* data;
  sn_srcloc loc;
} sn_text;

typedef struct {
  int objtype;                // mjtObj
  const char* objname;
  double prm;
} sn_tuple_element;

typedef struct {
  const char* name;
  sn_tuple_element* elements; // owned by the spec
  int n;
  sn_srcloc loc;
} sn_tuple;

//---------------------------------- the spec ------------------------------------------------------

typedef struct sn_spec {
  const char* modelname;
  const char* modelfile;      // path of the top-level MJCF file
  const char* modeldir;       // its directory, for resolving asset paths

  sn_compiler compiler;
  mjOption option;
  sn_size size;
  mjVisual visual;
  sn_statistic statistic;

  // element lists; bodies are in depth-first order with body 0 the world
  sn_array bodies;            // sn_body
  sn_array frames;            // sn_frame
  sn_array joints;            // sn_joint
  sn_array geoms;             // sn_geom
  sn_array sites;             // sn_site
  sn_array cameras;           // sn_camera
  sn_array lights;            // sn_light
  sn_array actuators;         // sn_actuator
  sn_array textures;          // sn_texture
  sn_array materials;         // sn_material
  sn_array meshes;            // sn_mesh
  sn_array hfields;           // sn_hfield
  sn_array pairs;             // sn_pair
  sn_array excludes;          // sn_exclude
  sn_array equalities;        // sn_equality
  sn_array tendons;           // sn_tendon
  sn_array sensors;           // sn_sensor
  sn_array keys;              // sn_key
  sn_array numerics;          // sn_numeric
  sn_array texts;             // sn_text
  sn_array tuples;            // sn_tuple

  // <asset><model>: models available to <attach>, each owned by (and freed with) this
  // spec
  sn_array submodels;         // sn_submodel

  // all strings and number lists live in one pool freed with the spec
  void* pool;
} sn_spec;

typedef struct {
  const char* name;
  sn_spec* spec;
} sn_submodel;

// Typed access to the element arrays.
#define SN_AT(spec, list, type, i) (((type*)(spec)->list.data)[i])
#define SN_COUNT(spec, list) ((spec)->list.count)

// Create an empty spec with MuJoCo's defaults for option, visual, size and compiler,
// and the world body.
sn_spec* sn_spec_create(void);

// Free a spec and everything it owns.
void sn_spec_free(sn_spec* spec);

// Append a zeroed record of elemsize bytes to a list; returns it.
void* sn_spec_append(sn_spec* spec, sn_array* list, size_t elemsize);

// Copy a string into the spec's pool (NULL becomes "").
const char* sn_spec_strdup(sn_spec* spec, const char* s);

// Allocate zeroed memory owned by the spec's pool.
void* sn_spec_alloc(sn_spec* spec, size_t bytes);

// Initialise the per-element defaults MuJoCo uses when no class says otherwise.
void sn_joint_default(sn_joint* j);
void sn_geom_default(sn_geom* g);
void sn_site_default(sn_site* s);
void sn_camera_default(sn_camera* c);
void sn_light_default(sn_light* l);
void sn_actuator_default(sn_actuator* a);
void sn_material_default(sn_material* m);
void sn_texture_default(sn_texture* t);
void sn_body_default(sn_body* b);
void sn_mesh_default(sn_mesh* m);
void sn_hfield_default(sn_hfield* h);
void sn_pair_default(sn_pair* p);
void sn_equality_default(sn_equality* e);
void sn_tendon_default(sn_tendon* t);

// Compile a spec into a model. On failure returns NULL and writes a message naming
// file, line, column and element into error.
mjModel* sn_compile(sn_spec* spec, const mjVFS* vfs, char* error, int error_sz);

#endif  // SINEW_COMPILER_SPEC_H_
