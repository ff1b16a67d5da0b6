// The MJCF grammar table (MuJoCo 3.3.8). Element and attribute lists were taken from
// the XML reference and checked against the oracle (every name below is accepted by
// MuJoCo in that place, every other name is rejected); counts are the ones MuJoCo's
// parser enforces ("r1-3": one to three values, the rest keep their defaults).
#include <stddef.h>
#include <string.h>

#include "xml/schema.h"

#define REQ SN_ATTR_REQUIRED
#define LATER SN_ATTR_LATER
#define NODEF SN_ATTR_NODEF
#define END {NULL, NULL, NULL, 0}

#define BOOL "false true"
#define TRI "false true auto"
#define ORIENT                                                                           \
  {"quat", "r4", NULL, 0}, {"axisangle", "r4", NULL, 0}, {"xyaxes", "r6", NULL, 0},      \
  {"zaxis", "r3", NULL, 0}, {"euler", "r3", NULL, 0}
#define NAMECLASS {"name", "s", NULL, NODEF}, {"class", "s", NULL, NODEF}
#define PLUGIN_REF {"plugin", "s", NULL, 0}, {"instance", "s", NULL, 0}

//---------------------------------- top level and global settings ---------------------------------

static const sn_attr_def a_mujoco[] = {{"model", "s", NULL, 0}, END};

static const sn_attr_def a_include[] = {{"file", "s", NULL, REQ}, END};

static const sn_attr_def a_compiler[] = {
  {"autolimits", "k", BOOL, 0}, {"boundmass", "r", NULL, 0}, {"boundinertia", "r", NULL, 0},
  {"settotalmass", "r", NULL, 0}, {"balanceinertia", "k", BOOL, 0},
  {"strippath", "k", BOOL, 0}, {"coordinate", "k", "local global", 0},
  {"angle", "k", "radian degree", 0}, {"fitaabb", "k", BOOL, 0}, {"eulerseq", "s", NULL, 0},
  {"meshdir", "s", NULL, 0}, {"texturedir", "s", NULL, 0}, {"assetdir", "s", NULL, 0},
  {"discardvisual", "k", BOOL, 0}, {"usethread", "k", BOOL, 0}, {"fusestatic", "k", BOOL, 0},
  {"inertiafromgeom", "k", TRI, 0}, {"alignfree", "k", BOOL, 0},
  {"inertiagrouprange", "i2", NULL, 0}, {"saveinertial", "k", BOOL, 0}, END};

static const sn_attr_def a_lengthrange[] = {
  {"mode", "k", "none muscle muscleuser all", 0}, {"useexisting", "k", BOOL, 0},
  {"uselimit", "k", BOOL, 0}, {"accel", "r", NULL, 0}, {"maxforce", "r", NULL, 0},
  {"timeconst", "r", NULL, 0}, {"timestep", "r", NULL, 0}, {"inttotal", "r", NULL, 0},
  {"interval", "r", NULL, 0}, {"tolrange", "r", NULL, 0}, END};

static const sn_attr_def a_option[] = {
  {"timestep", "r", NULL, 0}, {"impratio", "r", NULL, 0}, {"gravity", "r3", NULL, 0},
  {"wind", "r3", NULL, 0}, {"magnetic", "r3", NULL, 0}, {"density", "r", NULL, 0},
  {"viscosity", "r", NULL, 0}, {"o_margin", "r", NULL, 0}, {"o_solref", "r1-2", NULL, 0},
  {"o_solimp", "r1-5", NULL, 0}, {"o_friction", "r1-5", NULL, 0},
  {"integrator", "k", "Euler RK4 implicit implicitfast", 0},
  {"cone", "k", "pyramidal elliptic", 0}, {"jacobian", "k", "dense sparse auto", 0},
  {"solver", "k", "PGS CG Newton", 0}, {"iterations", "i", NULL, 0},
  {"tolerance", "r", NULL, 0}, {"ls_iterations", "i", NULL, 0},
  {"ls_tolerance", "r", NULL, 0}, {"noslip_iterations", "i", NULL, 0},
  {"noslip_tolerance", "r", NULL, 0}, {"ccd_iterations", "i", NULL, 0},
  {"ccd_tolerance", "r", NULL, 0}, {"sdf_iterations", "i", NULL, 0},
  {"sdf_initpoints", "i", NULL, 0}, {"actuatorgroupdisable", "i*", NULL, 0}, END};

#define FLAG(n) {n, "k", "disable enable", 0}
static const sn_attr_def a_flag[] = {
  FLAG("constraint"), FLAG("equality"), FLAG("frictionloss"), FLAG("limit"), FLAG("contact"),
  FLAG("spring"), FLAG("damper"), FLAG("gravity"), FLAG("clampctrl"), FLAG("warmstart"),
  FLAG("filterparent"), FLAG("actuation"), FLAG("refsafe"), FLAG("sensor"), FLAG("midphase"),
  FLAG("nativeccd"), FLAG("island"), FLAG("eulerdamp"), FLAG("autoreset"), FLAG("override"),
  FLAG("energy"), FLAG("fwdinv"), FLAG("invdiscrete"), FLAG("multiccd"), END};

static const sn_attr_def a_size[] = {
  {"memory", "s", NULL, 0}, {"njmax", "i", NULL, 0}, {"nconmax", "i", NULL, 0},
  {"nstack", "i", NULL, 0}, {"nuserdata", "i", NULL, 0}, {"nkey", "i", NULL, 0},
  {"nuser_body", "i", NULL, 0}, {"nuser_jnt", "i", NULL, 0}, {"nuser_geom", "i", NULL, 0},
  {"nuser_site", "i", NULL, 0}, {"nuser_cam", "i", NULL, 0}, {"nuser_tendon", "i", NULL, 0},
  {"nuser_actuator", "i", NULL, 0}, {"nuser_sensor", "i", NULL, 0}, END};

static const sn_attr_def a_statistic[] = {
  {"meanmass", "r", NULL, 0}, {"meaninertia", "r", NULL, 0}, {"meansize", "r", NULL, 0},
  {"extent", "r", NULL, 0}, {"center", "r3", NULL, 0}, END};

//---------------------------------- visual --------------------------------------------------------

static const sn_attr_def a_vglobal[] = {
  {"cameraid", "i", NULL, 0}, {"orthographic", "k", BOOL, 0}, {"fovy", "r", NULL, 0},
  {"ipd", "r", NULL, 0}, {"azimuth", "r", NULL, 0}, {"elevation", "r", NULL, 0},
  {"linewidth", "r", NULL, 0}, {"glow", "r", NULL, 0}, {"realtime", "r", NULL, 0},
  {"offwidth", "i", NULL, 0}, {"offheight", "i", NULL, 0},
  {"ellipsoidinertia", "k", BOOL, 0}, {"bvactive", "k", BOOL, 0}, END};

static const sn_attr_def a_vquality[] = {
  {"shadowsize", "i", NULL, 0}, {"offsamples", "i", NULL, 0}, {"numslices", "i", NULL, 0},
  {"numstacks", "i", NULL, 0}, {"numquads", "i", NULL, 0}, END};

static const sn_attr_def a_vheadlight[] = {
  {"ambient", "r3", NULL, 0}, {"diffuse", "r3", NULL, 0}, {"specular", "r3", NULL, 0},
  {"active", "i", NULL, 0}, END};

static const sn_attr_def a_vmap[] = {
  {"stiffness", "r", NULL, 0}, {"stiffnessrot", "r", NULL, 0}, {"force", "r", NULL, 0},
  {"torque", "r", NULL, 0}, {"alpha", "r", NULL, 0}, {"fogstart", "r", NULL, 0},
  {"fogend", "r", NULL, 0}, {"znear", "r", NULL, 0}, {"zfar", "r", NULL, 0},
  {"haze", "r", NULL, 0}, {"shadowclip", "r", NULL, 0}, {"shadowscale", "r", NULL, 0},
  {"actuatortendon", "r", NULL, 0}, END};

static const sn_attr_def a_vscale[] = {
  {"forcewidth", "r", NULL, 0}, {"contactwidth", "r", NULL, 0},
  {"contactheight", "r", NULL, 0}, {"connect", "r", NULL, 0}, {"com", "r", NULL, 0},
  {"camera", "r", NULL, 0}, {"light", "r", NULL, 0}, {"selectpoint", "r", NULL, 0},
  {"jointlength", "r", NULL, 0}, {"jointwidth", "r", NULL, 0},
  {"actuatorlength", "r", NULL, 0}, {"actuatorwidth", "r", NULL, 0},
  {"framelength", "r", NULL, 0}, {"framewidth", "r", NULL, 0}, {"constraint", "r", NULL, 0},
  {"slidercrank", "r", NULL, 0}, {"frustum", "r", NULL, 0}, END};

#define RGBA4(n) {n, "r4", NULL, 0}
static const sn_attr_def a_vrgba[] = {
  RGBA4("fog"), RGBA4("haze"), RGBA4("force"), RGBA4("inertia"), RGBA4("joint"),
  RGBA4("actuator"), RGBA4("actuatornegative"), RGBA4("actuatorpositive"), RGBA4("com"),
  RGBA4("camera"), RGBA4("light"), RGBA4("selectpoint"), RGBA4("connect"),
  RGBA4("contactpoint"), RGBA4("contactforce"), RGBA4("contactfriction"),
  RGBA4("contacttorque"), RGBA4("contactgap"), RGBA4("rangefinder"), RGBA4("constraint"),
  RGBA4("slidercrank"), RGBA4("crankbroken"), RGBA4("frustum"), RGBA4("bv"),
  RGBA4("bvactive"), END};

//---------------------------------- assets --------------------------------------------------------

static const sn_attr_def a_texture[] = {
  {"name", "s", NULL, 0}, {"type", "k", "2d cube skybox", 0},
  {"colorspace", "k", "auto linear sRGB", 0}, {"content_type", "s", NULL, 0},
  {"file", "s", NULL, 0}, {"gridsize", "i2", NULL, 0}, {"gridlayout", "s", NULL, 0},
  {"fileright", "s", NULL, 0}, {"fileleft", "s", NULL, 0}, {"fileup", "s", NULL, 0},
  {"filedown", "s", NULL, 0}, {"filefront", "s", NULL, 0}, {"fileback", "s", NULL, 0},
  {"builtin", "k", "none gradient checker flat", 0}, {"rgb1", "r3", NULL, 0},
  {"rgb2", "r3", NULL, 0}, {"mark", "k", "none edge cross random", 0},
  {"markrgb", "r3", NULL, 0}, {"random", "r", NULL, 0}, {"width", "i", NULL, 0},
  {"height", "i", NULL, 0}, {"hflip", "k", BOOL, 0}, {"vflip", "k", BOOL, 0},
  {"nchannel", "i", NULL, 0}, END};

static const sn_attr_def a_material[] = {
  NAMECLASS, {"texture", "s", NULL, 0}, {"texrepeat", "r2", NULL, 0},
  {"texuniform", "k", BOOL, 0}, {"emission", "r", NULL, 0}, {"specular", "r", NULL, 0},
  {"shininess", "r", NULL, 0}, {"reflectance", "r", NULL, 0}, {"metallic", "r", NULL, 0},
  {"roughness", "r", NULL, 0}, {"rgba", "r4", NULL, 0}, END};

static const sn_attr_def a_layer[] = {
  {"texture", "s", NULL, REQ},
  {"role", "k", "rgb=1 occlusion roughness metallic normal opacity emissive rgba orm", REQ},
  END};

static const sn_attr_def a_mesh[] = {
  NAMECLASS, {"content_type", "s", NULL, NODEF}, {"file", "s", NULL, NODEF},
  {"scale", "r3", NULL, 0}, {"inertia", "k", "convex exact legacy shell", 0},
  {"smoothnormal", "k", BOOL, NODEF}, {"maxhullvert", "i", NULL, 0},
  {"vertex", "r*", NULL, NODEF}, {"normal", "r*", NULL, NODEF},
  {"texcoord", "r*", NULL, NODEF}, {"face", "i*", NULL, NODEF},
  {"refpos", "r3", NULL, NODEF}, {"refquat", "r4", NULL, NODEF},
  {"builtin", "s", NULL, NODEF}, {"params", "r*", NULL, NODEF},
  {"material", "s", NULL, NODEF}, END};

static const sn_attr_def a_hfield[] = {
  {"name", "s", NULL, 0}, {"content_type", "s", NULL, 0}, {"file", "s", NULL, 0},
  {"nrow", "i", NULL, 0}, {"ncol", "i", NULL, 0}, {"elevation", "r*", NULL, 0},
  {"size", "r4", NULL, REQ}, END};

static const sn_attr_def a_skin[] = {
  {"name", "s", NULL, 0}, {"file", "s", NULL, 0}, {"vertex", "r*", NULL, 0},
  {"texcoord", "r*", NULL, 0}, {"face", "i*", NULL, 0}, {"inflate", "r", NULL, 0},
  {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0}, {"group", "i", NULL, 0}, END};

static const sn_attr_def a_bone[] = {
  {"body", "s", NULL, REQ}, {"bindpos", "r3", NULL, REQ}, {"bindquat", "r4", NULL, REQ},
  {"vertid", "i*", NULL, REQ}, {"vertweight", "r*", NULL, REQ}, END};

static const sn_attr_def a_model[] = {
  {"name", "s", NULL, 0}, {"file", "s", NULL, REQ}, {"content_type", "s", NULL, 0}, END};

static const sn_attr_def a_plugin_ref[] = {PLUGIN_REF, END};

static const sn_attr_def a_config[] = {{"key", "s", NULL, 0}, {"value", "s", NULL, 0}, END};

//---------------------------------- kinematic tree ------------------------------------------------

static const sn_attr_def a_worldbody[] = {END};

static const sn_attr_def a_body[] = {
  {"name", "s", NULL, 0}, {"childclass", "s", NULL, 0}, {"mocap", "k", BOOL, 0},
  {"pos", "r3", NULL, 0}, ORIENT, {"gravcomp", "r", NULL, 0}, {"user", "r*", NULL, 0}, END};

static const sn_attr_def a_frame[] = {
  {"name", "s", NULL, 0}, {"childclass", "s", NULL, 0}, {"pos", "r3", NULL, 0}, ORIENT, END};

static const sn_attr_def a_replicate[] = {
  {"count", "i", NULL, REQ}, {"sep", "s", NULL, 0}, {"offset", "r3", NULL, 0},
  {"euler", "r3", NULL, 0}, END};

static const sn_attr_def a_inertial[] = {
  {"pos", "r3", NULL, REQ}, ORIENT, {"mass", "r", NULL, REQ}, {"diaginertia", "r3", NULL, 0},
  {"fullinertia", "r6", NULL, 0}, END};

static const sn_attr_def a_joint[] = {
  NAMECLASS, {"type", "k", "free ball slide hinge", 0}, {"group", "i", NULL, 0},
  {"pos", "r3", NULL, 0}, {"axis", "r3", NULL, 0}, {"springdamper", "r2", NULL, 0},
  {"solreflimit", "r1-2", NULL, 0}, {"solimplimit", "r1-5", NULL, 0},
  {"solreffriction", "r1-2", NULL, 0}, {"solimpfriction", "r1-5", NULL, 0},
  {"stiffness", "r", NULL, 0}, {"range", "r2", NULL, 0}, {"limited", "k", TRI, 0},
  {"actuatorfrcrange", "r2", NULL, 0}, {"actuatorfrclimited", "k", TRI, 0},
  {"actuatorgravcomp", "k", BOOL, 0}, {"margin", "r", NULL, 0}, {"ref", "r", NULL, 0},
  {"springref", "r", NULL, 0}, {"armature", "r", NULL, 0}, {"damping", "r", NULL, 0},
  {"frictionloss", "r", NULL, 0}, {"user", "r*", NULL, 0}, END};

static const sn_attr_def a_freejoint[] = {
  {"name", "s", NULL, 0}, {"group", "i", NULL, 0}, {"align", "k", TRI, 0}, END};

static const sn_attr_def a_geom[] = {
  NAMECLASS,
  {"type", "k", "plane hfield sphere capsule ellipsoid cylinder box mesh sdf", 0},
  {"contype", "i", NULL, 0}, {"conaffinity", "i", NULL, 0}, {"condim", "i", NULL, 0},
  {"group", "i", NULL, 0}, {"priority", "i", NULL, 0}, {"size", "r1-3", NULL, 0},
  {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0}, {"friction", "r1-3", NULL, 0},
  {"mass", "r", NULL, 0}, {"density", "r", NULL, 0}, {"shellinertia", "k", BOOL, 0},
  {"solmix", "r", NULL, 0}, {"solref", "r1-2", NULL, 0}, {"solimp", "r1-5", NULL, 0},
  {"margin", "r", NULL, 0}, {"gap", "r", NULL, 0}, {"fromto", "r6", NULL, 0},
  {"pos", "r3", NULL, 0}, ORIENT, {"hfield", "s", NULL, 0}, {"mesh", "s", NULL, 0},
  {"fitscale", "r", NULL, 0}, {"fluidshape", "k", "none ellipsoid", 0},
  {"fluidcoef", "r1-5", NULL, 0}, {"user", "r*", NULL, 0}, END};

#define SITE_TYPES "sphere=2 capsule=3 ellipsoid=4 cylinder=5 box=6"
static const sn_attr_def a_site[] = {
  NAMECLASS, {"type", "k", SITE_TYPES, 0}, {"group", "i", NULL, 0},
  {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0}, {"size", "r1-3", NULL, 0},
  {"fromto", "r6", NULL, 0}, {"pos", "r3", NULL, 0}, ORIENT, {"user", "r*", NULL, 0}, END};

#define CAMLIGHT_MODES "fixed track trackcom targetbody targetbodycom"
static const sn_attr_def a_camera[] = {
  NAMECLASS, {"mode", "k", CAMLIGHT_MODES, 0}, {"target", "s", NULL, NODEF},
  {"orthographic", "k", BOOL, 0}, {"fovy", "r", NULL, 0}, {"resolution", "i2", NULL, 0},
  {"focal", "r2", NULL, 0}, {"focalpixel", "r2", NULL, 0}, {"principal", "r2", NULL, 0},
  {"principalpixel", "r2", NULL, 0}, {"sensorsize", "r2", NULL, 0}, {"ipd", "r", NULL, 0},
  {"pos", "r3", NULL, 0}, ORIENT, {"user", "r*", NULL, 0}, END};

static const sn_attr_def a_light[] = {
  NAMECLASS, {"mode", "k", CAMLIGHT_MODES, 0}, {"target", "s", NULL, NODEF},
  {"type", "k", "spot directional point image", 0}, {"directional", "k", BOOL, 0},
  {"castshadow", "k", BOOL, 0}, {"active", "k", BOOL, 0}, {"pos", "r3", NULL, 0},
  {"dir", "r3", NULL, 0}, {"diffuse", "r3", NULL, 0}, {"texture", "s", NULL, NODEF},
  {"intensity", "r", NULL, 0}, {"ambient", "r3", NULL, 0}, {"specular", "r3", NULL, 0},
  {"range", "r", NULL, 0}, {"bulbradius", "r", NULL, 0}, {"attenuation", "r3", NULL, 0},
  {"cutoff", "r", NULL, 0}, {"exponent", "r", NULL, 0}, END};

static const sn_attr_def a_attach[] = {
  {"model", "s", NULL, REQ}, {"body", "s", NULL, 0}, {"prefix", "s", NULL, REQ}, END};

static const sn_attr_def a_composite[] = {
  {"prefix", "s", NULL, 0}, {"type", "s", NULL, REQ}, {"count", "i3", NULL, 0},
  {"offset", "r3", NULL, 0}, {"quat", "r4", NULL, 0}, {"vertex", "r*", NULL, 0},
  {"initial", "s", NULL, 0}, {"curve", "s", NULL, 0}, {"size", "r3", NULL, 0}, END};

static const sn_attr_def a_composite_joint[] = {
  {"kind", "s", NULL, REQ}, {"solreffix", "r1-2", NULL, 0}, {"solimpfix", "r1-5", NULL, 0},
  {"axis", "r3", NULL, 0}, {"group", "i", NULL, 0}, {"stiffness", "r", NULL, 0},
  {"damping", "r", NULL, 0}, {"armature", "r", NULL, 0}, {"limited", "k", TRI, 0},
  {"range", "r2", NULL, 0}, {"margin", "r", NULL, 0}, {"solreflimit", "r1-2", NULL, 0},
  {"solimplimit", "r1-5", NULL, 0}, {"frictionloss", "r", NULL, 0},
  {"solreffriction", "r1-2", NULL, 0}, {"solimpfriction", "r1-5", NULL, 0},
  {"type", "s", NULL, 0}, END};

static const sn_attr_def a_composite_geom[] = {
  {"type", "s", NULL, 0}, {"contype", "i", NULL, 0}, {"conaffinity", "i", NULL, 0},
  {"condim", "i", NULL, 0}, {"group", "i", NULL, 0}, {"priority", "i", NULL, 0},
  {"size", "r1-3", NULL, 0}, {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0},
  {"friction", "r1-3", NULL, 0}, {"mass", "r", NULL, 0}, {"density", "r", NULL, 0},
  {"solmix", "r", NULL, 0}, {"solref", "r1-2", NULL, 0}, {"solimp", "r1-5", NULL, 0},
  {"margin", "r", NULL, 0}, {"gap", "r", NULL, 0}, END};

static const sn_attr_def a_composite_site[] = {
  {"group", "i", NULL, 0}, {"size", "r1-3", NULL, 0}, {"material", "s", NULL, 0},
  {"rgba", "r4", NULL, 0}, END};

static const sn_attr_def a_composite_skin[] = {
  {"texcoord", "k", BOOL, 0}, {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0},
  {"group", "i", NULL, 0}, {"inflate", "r", NULL, 0}, {"subgrid", "i", NULL, 0}, END};

static const sn_attr_def a_flexcomp[] = {
  {"name", "s", NULL, REQ}, {"dim", "i", NULL, 0}, {"dof", "s", NULL, 0},
  {"type", "s", NULL, 0}, {"count", "i3", NULL, 0}, {"spacing", "r3", NULL, 0},
  {"point", "r*", NULL, 0}, {"element", "i*", NULL, 0}, {"texcoord", "r*", NULL, 0},
  {"mass", "r", NULL, 0}, {"inertiabox", "r", NULL, 0}, {"file", "s", NULL, 0},
  {"rigid", "k", BOOL, 0}, {"pos", "r3", NULL, 0}, ORIENT, {"scale", "r3", NULL, 0},
  {"radius", "r", NULL, 0}, {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0},
  {"group", "i", NULL, 0}, {"flatskin", "k", BOOL, 0}, {"origin", "r3", NULL, 0}, END};

#define FLEX_CONTACT                                                                     \
  {"internal", "k", BOOL, 0}, {"selfcollide", "s", NULL, 0},                             \
  {"vertcollide", "k", BOOL, 0}, {"activelayers", "i", NULL, 0},                         \
  {"contype", "i", NULL, 0}, {"conaffinity", "i", NULL, 0}, {"condim", "i", NULL, 0},    \
  {"priority", "i", NULL, 0}, {"friction", "r1-3", NULL, 0}, {"solmix", "r", NULL, 0},   \
  {"solref", "r1-2", NULL, 0}, {"solimp", "r1-5", NULL, 0}, {"margin", "r", NULL, 0},    \
  {"gap", "r", NULL, 0}, {"passive", "k", BOOL, 0}
static const sn_attr_def a_flex_contact[] = {FLEX_CONTACT, END};

static const sn_attr_def a_flexcomp_edge[] = {
  {"equality", "k", BOOL, 0}, {"solref", "r1-2", NULL, 0}, {"solimp", "r1-5", NULL, 0},
  {"stiffness", "r", NULL, 0}, {"damping", "r", NULL, 0}, END};

static const sn_attr_def a_elasticity[] = {
  {"young", "r", NULL, 0}, {"poisson", "r", NULL, 0}, {"damping", "r", NULL, 0},
  {"thickness", "r", NULL, 0}, {"elastic2d", "s", NULL, 0}, END};

static const sn_attr_def a_pin[] = {
  {"id", "i*", NULL, 0}, {"range", "i*", NULL, 0}, {"grid", "i*", NULL, 0},
  {"gridrange", "i*", NULL, 0}, END};

//---------------------------------- contact, deformable, equality, tendon -------------------------

static const sn_attr_def a_pair[] = {
  NAMECLASS, {"geom1", "s", NULL, NODEF}, {"geom2", "s", NULL, NODEF},
  {"condim", "i", NULL, 0}, {"friction", "r1-5", NULL, 0}, {"solref", "r1-2", NULL, 0},
  {"solimp", "r1-5", NULL, 0}, {"solreffriction", "r1-2", NULL, 0},
  {"margin", "r", NULL, 0}, {"gap", "r", NULL, 0}, END};

static const sn_attr_def a_exclude[] = {
  {"name", "s", NULL, 0}, {"body1", "s", NULL, REQ}, {"body2", "s", NULL, REQ}, END};

static const sn_attr_def a_flex[] = {
  {"name", "s", NULL, 0}, {"dim", "i", NULL, 0}, {"radius", "r", NULL, 0},
  {"body", "s", NULL, REQ}, {"vertex", "r*", NULL, 0}, {"texcoord", "r*", NULL, 0},
  {"elemtexcoord", "i*", NULL, 0}, {"element", "i*", NULL, REQ},
  {"flatskin", "k", BOOL, 0}, {"material", "s", NULL, 0}, {"rgba", "r4", NULL, 0},
  {"group", "i", NULL, 0}, {"node", "s", NULL, 0}, END};

static const sn_attr_def a_flex_edge[] = {
  {"stiffness", "r", NULL, 0}, {"damping", "r", NULL, 0}, END};

#define EQ_COMMON                                                                        \
  NAMECLASS, {"active", "k", BOOL, 0}, {"solref", "r1-2", NULL, 0},                      \
  {"solimp", "r1-5", NULL, 0}
static const sn_attr_def a_eq_default[] = {EQ_COMMON, END};
static const sn_attr_def a_connect[] = {
  EQ_COMMON, {"body1", "s", NULL, 0}, {"body2", "s", NULL, 0}, {"anchor", "r3", NULL, 0},
  {"site1", "s", NULL, 0}, {"site2", "s", NULL, 0}, END};
static const sn_attr_def a_weld[] = {
  EQ_COMMON, {"body1", "s", NULL, 0}, {"body2", "s", NULL, 0}, {"relpose", "r7", NULL, 0},
  {"anchor", "r3", NULL, 0}, {"site1", "s", NULL, 0}, {"site2", "s", NULL, 0},
  {"torquescale", "r", NULL, 0}, END};
static const sn_attr_def a_eq_joint[] = {
  EQ_COMMON, {"joint1", "s", NULL, REQ}, {"joint2", "s", NULL, 0},
  {"polycoef", "r1-5", NULL, 0}, END};
static const sn_attr_def a_eq_tendon[] = {
  EQ_COMMON, {"tendon1", "s", NULL, REQ}, {"tendon2", "s", NULL, 0},
  {"polycoef", "r1-5", NULL, 0}, END};
static const sn_attr_def a_eq_flex[] = {EQ_COMMON, {"flex", "s", NULL, REQ}, END};

#define TENDON_COMMON                                                                    \
  NAMECLASS, {"group", "i", NULL, 0}, {"limited", "k", TRI, 0},                          \
  {"actuatorfrclimited", "k", TRI, NODEF}, {"range", "r2", NULL, 0},                     \
  {"actuatorfrcrange", "r2", NULL, NODEF}, {"solreflimit", "r1-2", NULL, 0},             \
  {"solimplimit", "r1-5", NULL, 0}, {"solreffriction", "r1-2", NULL, 0},                 \
  {"solimpfriction", "r1-5", NULL, 0}, {"margin", "r", NULL, 0},                         \
  {"frictionloss", "r", NULL, 0}, {"springlength", "r1-2", NULL, 0},                     \
  {"stiffness", "r", NULL, 0}, {"damping", "r", NULL, 0}, {"armature", "r", NULL, NODEF}, \
  {"user", "r*", NULL, 0}
static const sn_attr_def a_spatial[] = {
  TENDON_COMMON, {"width", "r", NULL, 0}, {"material", "s", NULL, 0},
  {"rgba", "r4", NULL, 0}, END};
static const sn_attr_def a_fixed[] = {TENDON_COMMON, END};
static const sn_attr_def a_spatial_site[] = {{"site", "s", NULL, REQ}, END};
static const sn_attr_def a_spatial_geom[] = {
  {"geom", "s", NULL, REQ}, {"sidesite", "s", NULL, 0}, END};
static const sn_attr_def a_pulley[] = {{"divisor", "r", NULL, REQ}, END};
static const sn_attr_def a_fixed_joint[] = {
  {"joint", "s", NULL, REQ}, {"coef", "r", NULL, REQ}, END};

//---------------------------------- actuators -----------------------------------------------------

#define DYNTYPES "none integrator filter filterexact muscle user"
#define GAINTYPES "fixed affine muscle user"
#define BIASTYPES "none affine muscle user"

// attributes every actuator shortcut shares (damper lacks ctrllimited)
#define ACT_BASE                                                                         \
  NAMECLASS, {"group", "i", NULL, 0}, {"forcelimited", "k", TRI, 0},                     \
  {"ctrlrange", "r2", NULL, 0}, {"forcerange", "r2", NULL, 0},                           \
  {"lengthrange", "r2", NULL, NODEF}, {"gear", "r1-6", NULL, 0},                         \
  {"cranklength", "r", NULL, 0}, {"joint", "s", NULL, NODEF},                            \
  {"jointinparent", "s", NULL, NODEF}, {"site", "s", NULL, NODEF},                       \
  {"refsite", "s", NULL, NODEF}, {"tendon", "s", NULL, NODEF},                           \
  {"cranksite", "s", NULL, NODEF}, {"slidersite", "s", NULL, NODEF},                     \
  {"user", "r*", NULL, 0}
#define CTRLLIMITED {"ctrllimited", "k", TRI, 0}

static const sn_attr_def a_general[] = {
  ACT_BASE, CTRLLIMITED, {"body", "s", NULL, NODEF}, {"actlimited", "k", TRI, 0},
  {"actrange", "r2", NULL, 0}, {"actdim", "i", NULL, 0}, {"dyntype", "k", DYNTYPES, 0},
  {"gaintype", "k", GAINTYPES, 0}, {"biastype", "k", BIASTYPES, 0},
  {"dynprm", "r1-10", NULL, 0}, {"gainprm", "r1-10", NULL, 0}, {"biasprm", "r1-10", NULL, 0},
  {"actearly", "k", BOOL, 0}, END};

static const sn_attr_def a_motor[] = {ACT_BASE, CTRLLIMITED, END};

static const sn_attr_def a_position[] = {
  ACT_BASE, CTRLLIMITED, {"kp", "r", NULL, 0}, {"kv", "r", NULL, 0},
  {"dampratio", "r", NULL, 0}, {"timeconst", "r", NULL, 0}, {"inheritrange", "r", NULL, 0},
  END};

static const sn_attr_def a_velocity[] = {ACT_BASE, CTRLLIMITED, {"kv", "r", NULL, 0}, END};

static const sn_attr_def a_intvelocity[] = {
  ACT_BASE, CTRLLIMITED, {"actrange", "r2", NULL, 0}, {"kp", "r", NULL, 0},
  {"kv", "r", NULL, 0}, {"dampratio", "r", NULL, 0}, {"inheritrange", "r", NULL, 0}, END};

static const sn_attr_def a_damper[] = {ACT_BASE, {"kv", "r", NULL, 0}, END};

static const sn_attr_def a_cylinder[] = {
  ACT_BASE, CTRLLIMITED, {"timeconst", "r", NULL, 0}, {"area", "r", NULL, 0},
  {"diameter", "r", NULL, 0}, {"bias", "r3", NULL, 0}, END};

static const sn_attr_def a_muscle[] = {
  NAMECLASS, {"group", "i", NULL, 0}, {"ctrllimited", "k", TRI, 0},
  {"forcelimited", "k", TRI, 0}, {"ctrlrange", "r2", NULL, 0},
  {"forcerange", "r2", NULL, 0}, {"lengthrange", "r2", NULL, NODEF},
  {"gear", "r1-6", NULL, 0}, {"cranklength", "r", NULL, 0}, {"joint", "s", NULL, NODEF},
  {"jointinparent", "s", NULL, NODEF}, {"tendon", "s", NULL, NODEF},
  {"cranksite", "s", NULL, NODEF}, {"slidersite", "s", NULL, NODEF},
  {"user", "r*", NULL, 0}, {"timeconst", "r2", NULL, 0}, {"tausmooth", "r", NULL, NODEF},
  {"range", "r2", NULL, 0}, {"force", "r", NULL, 0}, {"scale", "r", NULL, 0},
  {"lmin", "r", NULL, 0}, {"lmax", "r", NULL, 0}, {"vmax", "r", NULL, 0},
  {"fpmax", "r", NULL, 0}, {"fvmax", "r", NULL, 0}, END};

static const sn_attr_def a_adhesion[] = {
  NAMECLASS, {"group", "i", NULL, 0}, {"forcelimited", "k", TRI, 0},
  {"ctrlrange", "r2", NULL, 0}, {"forcerange", "r2", NULL, 0}, {"user", "r*", NULL, 0},
  {"body", "s", NULL, NODEF}, {"gain", "r", NULL, 0}, END};

static const sn_attr_def a_actuator_plugin[] = {
  {"name", "s", NULL, 0}, {"class", "s", NULL, 0}, PLUGIN_REF, {"group", "i", NULL, 0},
  {"ctrllimited", "k", TRI, 0}, {"forcelimited", "k", TRI, 0}, {"actlimited", "k", TRI, 0},
  {"ctrlrange", "r2", NULL, 0}, {"forcerange", "r2", NULL, 0}, {"actrange", "r2", NULL, 0},
  {"lengthrange", "r2", NULL, 0}, {"gear", "r1-6", NULL, 0}, {"cranklength", "r", NULL, 0},
  {"joint", "s", NULL, 0}, {"jointinparent", "s", NULL, 0}, {"site", "s", NULL, 0},
  {"tendon", "s", NULL, 0}, {"cranksite", "s", NULL, 0}, {"slidersite", "s", NULL, 0},
  {"user", "r*", NULL, 0}, {"actdim", "i", NULL, 0}, {"dyntype", "k", DYNTYPES, 0},
  {"dynprm", "r1-10", NULL, 0}, {"actearly", "k", BOOL, 0}, END};

//---------------------------------- sensors -------------------------------------------------------

#define SENSOR_COMMON {"name", "s", NULL, 0}, {"noise", "r", NULL, 0}, \
  {"cutoff", "r", NULL, 0}, {"user", "r*", NULL, 0}
#define OBJTYPES "body=1 xbody=2 geom=5 site=6 camera=7"
static const sn_attr_def a_sensor_site[] = {SENSOR_COMMON, {"site", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_joint[] = {SENSOR_COMMON, {"joint", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_tendon[] = {SENSOR_COMMON, {"tendon", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_actuator[] = {
  SENSOR_COMMON, {"actuator", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_body[] = {SENSOR_COMMON, {"body", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_none[] = {SENSOR_COMMON, END};
static const sn_attr_def a_camprojection[] = {
  SENSOR_COMMON, {"site", "s", NULL, REQ}, {"camera", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_frame[] = {
  SENSOR_COMMON, {"objtype", "k", OBJTYPES, REQ}, {"objname", "s", NULL, REQ},
  {"reftype", "k", OBJTYPES, 0}, {"refname", "s", NULL, 0}, END};
static const sn_attr_def a_sensor_frameacc[] = {
  SENSOR_COMMON, {"objtype", "k", OBJTYPES, REQ}, {"objname", "s", NULL, REQ}, END};
static const sn_attr_def a_insidesite[] = {
  SENSOR_COMMON, {"objtype", "k", OBJTYPES, REQ}, {"objname", "s", NULL, REQ},
  {"site", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_geompair[] = {
  SENSOR_COMMON, {"geom1", "s", NULL, 0}, {"geom2", "s", NULL, 0}, {"body1", "s", NULL, 0},
  {"body2", "s", NULL, 0}, END};
static const sn_attr_def a_sensor_contact[] = {
  {"name", "s", NULL, 0}, {"cutoff", "r", NULL, 0}, {"geom1", "s", NULL, 0},
  {"geom2", "s", NULL, 0}, {"body1", "s", NULL, 0}, {"body2", "s", NULL, 0},
  {"subtree1", "s", NULL, 0}, {"subtree2", "s", NULL, 0}, {"site", "s", NULL, 0},
  {"num", "i", NULL, 0}, {"data", "s", NULL, 0},
  {"reduce", "k", "none mindist maxforce netforce", 0}, END};
static const sn_attr_def a_tactile[] = {
  {"name", "s", NULL, 0}, {"user", "r*", NULL, 0}, {"geom", "s", NULL, REQ},
  {"mesh", "s", NULL, REQ}, END};
static const sn_attr_def a_sensor_user[] = {
  SENSOR_COMMON, {"objtype", "s", NULL, 0}, {"objname", "s", NULL, 0},
  {"datatype", "k", "real positive axis quaternion", 0},
  {"needstage", "k", "pos=1 vel=2 acc=3", 0}, {"dim", "i", NULL, REQ}, END};
static const sn_attr_def a_sensor_plugin[] = {
  {"name", "s", NULL, 0}, {"cutoff", "r", NULL, 0}, {"user", "r*", NULL, 0}, PLUGIN_REF,
  {"objtype", "s", NULL, 0}, {"objname", "s", NULL, 0}, {"reftype", "s", NULL, 0},
  {"refname", "s", NULL, 0}, END};

//---------------------------------- keyframes, defaults, custom, extensions -----------------------

static const sn_attr_def a_key[] = {
  {"name", "s", NULL, 0}, {"time", "r", NULL, 0}, {"qpos", "r*", NULL, 0},
  {"qvel", "r*", NULL, 0}, {"act", "r*", NULL, 0}, {"ctrl", "r*", NULL, 0},
  {"mpos", "r*", NULL, 0}, {"mquat", "r*", NULL, 0}, END};

static const sn_attr_def a_default[] = {{"class", "s", NULL, 0}, END};

static const sn_attr_def a_numeric[] = {
  {"name", "s", NULL, REQ}, {"size", "i", NULL, 0}, {"data", "r*", NULL, 0}, END};
static const sn_attr_def a_text[] = {{"name", "s", NULL, REQ}, {"data", "s", NULL, REQ}, END};
static const sn_attr_def a_tuple[] = {{"name", "s", NULL, REQ}, END};
#define OBJTYPES_ALL                                                                     \
  "body=1 xbody joint dof geom site camera light flex mesh skin hfield texture material "  \
  "pair exclude equality tendon actuator sensor numeric text tuple key plugin"
static const sn_attr_def a_tuple_element[] = {
  {"objtype", "k", OBJTYPES_ALL, REQ}, {"objname", "s", NULL, REQ}, {"prm", "r", NULL, 0}, END};

static const sn_attr_def a_ext_plugin[] = {{"plugin", "s", NULL, REQ}, END};
static const sn_attr_def a_instance[] = {{"name", "s", NULL, REQ}, END};
static const sn_attr_def a_none[] = {END};

//---------------------------------- the element table ---------------------------------------------

#define L SN_ELEM_LATER
#define D SN_ELEM_INDEF

#define TREE_CHILDREN                                                                    \
  "body/inertial body/joint body/freejoint body/geom body/site body/camera body/light "   \
  "body/composite body/flexcomp body/plugin body/attach frame replicate body"
#define SENSOR(n, a) {"sensor/" n, SN_EL_SENSOR, '*', 0, a, ""}

static const sn_elem_def elements[] = {
  {"mujoco", SN_EL_MUJOCO, '!', 0, a_mujoco,
   "compiler option size visual statistic asset worldbody contact deformable equality "
   "tendon actuator sensor keyframe default custom extension"},
  {"include", SN_EL_OTHER, '*', 0, a_include, ""},

  {"compiler", SN_EL_COMPILER, '*', 0, a_compiler, "compiler/lengthrange"},
  {"compiler/lengthrange", SN_EL_LENGTHRANGE, '?', 0, a_lengthrange, ""},
  {"option", SN_EL_OPTION, '*', 0, a_option, "option/flag"},
  {"option/flag", SN_EL_FLAG, '?', 0, a_flag, ""},
  {"size", SN_EL_SIZE, '*', 0, a_size, ""},
  {"statistic", SN_EL_STATISTIC, '*', 0, a_statistic, ""},

  {"visual", SN_EL_VISUAL, '*', 0, a_none,
   "visual/global visual/quality visual/headlight visual/map visual/scale visual/rgba"},
  {"visual/global", SN_EL_VGLOBAL, '?', 0, a_vglobal, ""},
  {"visual/quality", SN_EL_VQUALITY, '?', 0, a_vquality, ""},
  {"visual/headlight", SN_EL_VHEADLIGHT, '?', 0, a_vheadlight, ""},
  {"visual/map", SN_EL_VMAP, '?', 0, a_vmap, ""},
  {"visual/scale", SN_EL_VSCALE, '?', 0, a_vscale, ""},
  {"visual/rgba", SN_EL_VRGBA, '?', 0, a_vrgba, ""},

  {"asset", SN_EL_ASSET, '*', 0, a_none,
   "asset/mesh asset/hfield asset/skin asset/texture asset/material asset/model"},
  {"asset/mesh", SN_EL_MESH, '*', 0, a_mesh, "mesh/plugin"},
  {"mesh/plugin", SN_EL_OTHER, '?', L, a_plugin_ref, "plugin/config"},
  {"asset/hfield", SN_EL_HFIELD, '*', 0, a_hfield, ""},
  {"asset/skin", SN_EL_OTHER, '*', L, a_skin, "skin/bone"},
  {"asset/texture", SN_EL_TEXTURE, '*', 0, a_texture, ""},
  {"asset/material", SN_EL_MATERIAL, '*', 0, a_material, "material/layer"},
  {"material/layer", SN_EL_LAYER, '*', 0, a_layer, ""},
  {"asset/model", SN_EL_MODEL, '*', 0, a_model, ""},

  {"worldbody", SN_EL_WORLDBODY, '*', 0, a_worldbody, TREE_CHILDREN},
  {"body", SN_EL_BODY, 'R', 0, a_body, TREE_CHILDREN},
  {"frame", SN_EL_FRAME, 'R', 0, a_frame, TREE_CHILDREN},
  {"replicate", SN_EL_REPLICATE, 'R', 0, a_replicate, TREE_CHILDREN},
  {"body/inertial", SN_EL_INERTIAL, '?', 0, a_inertial, ""},
  {"body/joint", SN_EL_JOINT, '*', 0, a_joint, ""},
  {"body/freejoint", SN_EL_FREEJOINT, '*', 0, a_freejoint, ""},
  {"body/geom", SN_EL_GEOM, '*', 0, a_geom, "geom/plugin"},
  {"geom/plugin", SN_EL_OTHER, '?', L, a_plugin_ref, "plugin/config"},
  {"body/site", SN_EL_SITE, '*', 0, a_site, ""},
  {"body/camera", SN_EL_CAMERA, '*', 0, a_camera, ""},
  {"body/light", SN_EL_LIGHT, '*', 0, a_light, ""},
  {"body/plugin", SN_EL_OTHER, '?', L, a_plugin_ref, "plugin/config"},
  {"plugin/config", SN_EL_OTHER, '*', L, a_config, ""},
  {"body/attach", SN_EL_ATTACH, '*', 0, a_attach, ""},
  {"body/composite", SN_EL_OTHER, '*', L, a_composite,
   "composite/joint composite/geom composite/site composite/skin composite/plugin"},
  {"composite/joint", SN_EL_OTHER, '*', L, a_composite_joint, ""},
  {"composite/geom", SN_EL_OTHER, '?', L, a_composite_geom, ""},
  {"composite/site", SN_EL_OTHER, '?', L, a_composite_site, ""},
  {"composite/skin", SN_EL_OTHER, '?', L, a_composite_skin, ""},
  {"composite/plugin", SN_EL_OTHER, '?', L, a_plugin_ref, "plugin/config"},
  {"body/flexcomp", SN_EL_OTHER, '*', L, a_flexcomp,
   "flexcomp/contact flexcomp/edge flexcomp/elasticity flexcomp/pin flexcomp/plugin"},
  {"flexcomp/contact", SN_EL_OTHER, '?', L, a_flex_contact, ""},
  {"flexcomp/edge", SN_EL_OTHER, '?', L, a_flexcomp_edge, ""},
  {"flexcomp/elasticity", SN_EL_OTHER, '?', L, a_elasticity, ""},
  {"flexcomp/pin", SN_EL_OTHER, '*', L, a_pin, ""},
  {"flexcomp/plugin", SN_EL_OTHER, '?', L, a_plugin_ref, "plugin/config"},

  {"contact", SN_EL_CONTACT, '*', 0, a_none, "contact/pair contact/exclude"},
  {"contact/pair", SN_EL_PAIR, '*', 0, a_pair, ""},
  {"contact/exclude", SN_EL_EXCLUDE, '*', 0, a_exclude, ""},

  {"deformable", SN_EL_OTHER, '*', 0, a_none, "deformable/flex deformable/skin"},
  {"deformable/flex", SN_EL_OTHER, '*', L, a_flex, "flex/edge flex/elasticity flex/contact"},
  {"flex/edge", SN_EL_OTHER, '?', L, a_flex_edge, ""},
  {"flex/elasticity", SN_EL_OTHER, '?', L, a_elasticity, ""},
  {"flex/contact", SN_EL_OTHER, '?', L, a_flex_contact, ""},
  {"deformable/skin", SN_EL_OTHER, '*', L, a_skin, "skin/bone"},
  {"skin/bone", SN_EL_OTHER, '*', L, a_bone, ""},

  {"equality", SN_EL_EQUALITIES, '*', 0, a_none,
   "equality/connect equality/weld equality/joint equality/tendon equality/flex"},
  {"equality/connect", SN_EL_EQUALITY, '*', 0, a_connect, ""},
  {"equality/weld", SN_EL_EQUALITY, '*', 0, a_weld, ""},
  {"equality/joint", SN_EL_EQUALITY, '*', 0, a_eq_joint, ""},
  {"equality/tendon", SN_EL_EQUALITY, '*', 0, a_eq_tendon, ""},
  {"equality/flex", SN_EL_EQUALITY, '*', L, a_eq_flex, ""},

  {"tendon", SN_EL_TENDONS, '*', 0, a_none, "tendon/spatial tendon/fixed"},
  {"tendon/spatial", SN_EL_TENDON, '*', 0, a_spatial,
   "spatial/site spatial/geom spatial/pulley"},
  {"spatial/site", SN_EL_OTHER, '*', 0, a_spatial_site, ""},
  {"spatial/geom", SN_EL_OTHER, '*', 0, a_spatial_geom, ""},
  {"spatial/pulley", SN_EL_OTHER, '*', 0, a_pulley, ""},
  {"tendon/fixed", SN_EL_TENDON, '*', 0, a_fixed, "fixed/joint"},
  {"fixed/joint", SN_EL_OTHER, '*', 0, a_fixed_joint, ""},

  {"actuator", SN_EL_ACTUATOR, '*', 0, a_none,
   "actuator/general actuator/motor actuator/position actuator/velocity "
   "actuator/intvelocity actuator/damper actuator/cylinder actuator/muscle "
   "actuator/adhesion actuator/plugin"},
  {"actuator/general", SN_EL_GENERAL, '*', 0, a_general, ""},
  {"actuator/motor", SN_EL_MOTOR, '*', 0, a_motor, ""},
  {"actuator/position", SN_EL_POSITION, '*', 0, a_position, ""},
  {"actuator/velocity", SN_EL_VELOCITY, '*', 0, a_velocity, ""},
  {"actuator/intvelocity", SN_EL_INTVELOCITY, '*', 0, a_intvelocity, ""},
  {"actuator/damper", SN_EL_DAMPER, '*', 0, a_damper, ""},
  {"actuator/cylinder", SN_EL_CYLINDER, '*', 0, a_cylinder, ""},
  {"actuator/muscle", SN_EL_MUSCLE, '*', 0, a_muscle, ""},
  {"actuator/adhesion", SN_EL_ADHESION, '*', 0, a_adhesion, ""},
  {"actuator/plugin", SN_EL_OTHER, '*', L, a_actuator_plugin, "plugin/config"},

  {"sensor", SN_EL_SENSORS, '*', 0, a_none,
   "sensor/touch sensor/accelerometer sensor/velocimeter sensor/gyro sensor/force "
   "sensor/torque sensor/magnetometer sensor/rangefinder sensor/camprojection "
   "sensor/jointpos sensor/jointvel sensor/tendonpos sensor/tendonvel sensor/actuatorpos "
   "sensor/actuatorvel sensor/actuatorfrc sensor/jointactuatorfrc "
   "sensor/tendonactuatorfrc sensor/ballquat sensor/ballangvel sensor/jointlimitpos "
   "sensor/jointlimitvel sensor/jointlimitfrc sensor/tendonlimitpos sensor/tendonlimitvel "
   "sensor/tendonlimitfrc sensor/framepos sensor/framequat sensor/framexaxis "
   "sensor/frameyaxis sensor/framezaxis sensor/framelinvel sensor/frameangvel "
   "sensor/framelinacc sensor/frameangacc sensor/subtreecom sensor/subtreelinvel "
   "sensor/subtreeangmom sensor/insidesite sensor/distance sensor/normal sensor/fromto "
   "sensor/contact sensor/tactile sensor/e_potential sensor/e_kinetic sensor/clock "
   "sensor/user sensor/plugin"},
  SENSOR("touch", a_sensor_site), SENSOR("accelerometer", a_sensor_site),
  SENSOR("velocimeter", a_sensor_site), SENSOR("gyro", a_sensor_site),
  SENSOR("force", a_sensor_site), SENSOR("torque", a_sensor_site),
  SENSOR("magnetometer", a_sensor_site), SENSOR("rangefinder", a_sensor_site),
  SENSOR("camprojection", a_camprojection), SENSOR("jointpos", a_sensor_joint),
  SENSOR("jointvel", a_sensor_joint), SENSOR("tendonpos", a_sensor_tendon),
  SENSOR("tendonvel", a_sensor_tendon), SENSOR("actuatorpos", a_sensor_actuator),
  SENSOR("actuatorvel", a_sensor_actuator), SENSOR("actuatorfrc", a_sensor_actuator),
  SENSOR("jointactuatorfrc", a_sensor_joint), SENSOR("tendonactuatorfrc", a_sensor_tendon),
  SENSOR("ballquat", a_sensor_joint), SENSOR("ballangvel", a_sensor_joint),
  SENSOR("jointlimitpos", a_sensor_joint), SENSOR("jointlimitvel", a_sensor_joint),
  SENSOR("jointlimitfrc", a_sensor_joint), SENSOR("tendonlimitpos", a_sensor_tendon),
  SENSOR("tendonlimitvel", a_sensor_tendon), SENSOR("tendonlimitfrc", a_sensor_tendon),
  SENSOR("framepos", a_sensor_frame), SENSOR("framequat", a_sensor_frame),
  SENSOR("framexaxis", a_sensor_frame), SENSOR("frameyaxis", a_sensor_frame),
  SENSOR("framezaxis", a_sensor_frame), SENSOR("framelinvel", a_sensor_frame),
  SENSOR("frameangvel", a_sensor_frame), SENSOR("framelinacc", a_sensor_frameacc),
  SENSOR("frameangacc", a_sensor_frameacc), SENSOR("subtreecom", a_sensor_body),
  SENSOR("subtreelinvel", a_sensor_body), SENSOR("subtreeangmom", a_sensor_body),
  SENSOR("insidesite", a_insidesite), SENSOR("distance", a_sensor_geompair),
  SENSOR("normal", a_sensor_geompair), SENSOR("fromto", a_sensor_geompair),
  SENSOR("contact", a_sensor_contact),
  {"sensor/tactile", SN_EL_SENSOR, '*', 0, a_tactile, ""},
  SENSOR("e_potential", a_sensor_none), SENSOR("e_kinetic", a_sensor_none),
  SENSOR("clock", a_sensor_none), SENSOR("user", a_sensor_user),
  {"sensor/plugin", SN_EL_OTHER, '*', L, a_sensor_plugin, "plugin/config"},

  {"keyframe", SN_EL_KEYFRAME, '*', 0, a_none, "keyframe/key"},
  {"keyframe/key", SN_EL_KEY, '*', 0, a_key, ""},

  {"default", SN_EL_DEFAULT, 'R', 0, a_default,
   "default/mesh default/material default/joint default/geom default/site default/camera "
   "default/light default/pair default/equality default/tendon default/general "
   "default/motor default/position default/velocity default/intvelocity default/damper "
   "default/cylinder default/muscle default/adhesion default"},
  {"default/mesh", SN_EL_MESH, '?', D, a_mesh, ""},
  {"default/material", SN_EL_MATERIAL, '?', D, a_material, ""},
  {"default/joint", SN_EL_JOINT, '?', D, a_joint, ""},
  {"default/geom", SN_EL_GEOM, '?', D, a_geom, ""},
  {"default/site", SN_EL_SITE, '?', D, a_site, ""},
  {"default/camera", SN_EL_CAMERA, '?', D, a_camera, ""},
  {"default/light", SN_EL_LIGHT, '?', D, a_light, ""},
  {"default/pair", SN_EL_PAIR, '?', D, a_pair, ""},
  {"default/equality", SN_EL_EQUALITY, '?', D, a_eq_default, ""},
  {"default/tendon", SN_EL_TENDON, '?', D, a_spatial, ""},
  {"default/general", SN_EL_GENERAL, '?', D, a_general, ""},
  {"default/motor", SN_EL_MOTOR, '?', D, a_motor, ""},
  {"default/position", SN_EL_POSITION, '?', D, a_position, ""},
  {"default/velocity", SN_EL_VELOCITY, '?', D, a_velocity, ""},
  {"default/intvelocity", SN_EL_INTVELOCITY, '?', D, a_intvelocity, ""},
  {"default/damper", SN_EL_DAMPER, '?', D, a_damper, ""},
  {"default/cylinder", SN_EL_CYLINDER, '?', D, a_cylinder, ""},
  {"default/muscle", SN_EL_MUSCLE, '?', D, a_muscle, ""},
  {"default/adhesion", SN_EL_ADHESION, '?', D, a_adhesion, ""},

  {"custom", SN_EL_CUSTOM, '*', 0, a_none, "custom/numeric custom/text custom/tuple"},
  {"custom/numeric", SN_EL_NUMERIC, '*', 0, a_numeric, ""},
  {"custom/text", SN_EL_TEXT, '*', 0, a_text, ""},
  {"custom/tuple", SN_EL_TUPLE, '*', 0, a_tuple, "tuple/element"},
  {"tuple/element", SN_EL_TUPLE_ELEMENT, '*', 0, a_tuple_element, ""},

  {"extension", SN_EL_OTHER, '*', 0, a_none, "extension/plugin"},
  {"extension/plugin", SN_EL_OTHER, '*', L, a_ext_plugin, "plugin/instance"},
  {"plugin/instance", SN_EL_OTHER, '*', L, a_instance, "instance/config"},
  {"instance/config", SN_EL_OTHER, '*', L, a_config, ""},
  {NULL, 0, 0, 0, NULL, NULL}};

//---------------------------------- table access --------------------------------------------------

int sn_schema_ndef(void) {
  return (int)(sizeof(elements) / sizeof(elements[0])) - 1;
}

const sn_elem_def* sn_schema_elem(int def) {
  return def >= 0 && def < sn_schema_ndef() ? elements + def : NULL;
}

int sn_schema_find(const char* key) {
  for (int i = 0; elements[i].key; i++) {
    if (!strcmp(elements[i].key, key)) {
      return i;
    }
  }
  return -1;
}
