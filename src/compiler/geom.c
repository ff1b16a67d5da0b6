// Geoms: sizes (including fromto), poses, bounding volumes and contact parameters.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"
#include "engine/fluid.h"

// Half-extent used for the local bounding box of an infinite plane.
#define SN_PLANE_EXTENT 1e10

static const char* sn_geom_typename(int type) {
  static const char* names[] = {"plane", "hfield", "sphere", "capsule", "ellipsoid",
                                "cylinder", "box", "mesh", "sdf"};
  return (type >= 0 && type < (int)(sizeof(names) / sizeof(names[0]))) ? names[type] : "?";
}

// Resolve size and pose of a geom-like element (geoms and sites share the rules):
// fromto replaces position, orientation and the length along the local z axis.
static int sn_resolve_shape(sn_ctx* c, int type, int has_fromto, const double* fromto,
                            const double* size_in, const double* pos, const sn_orient* orient,
                            int frame, const sn_srcloc* loc, double size[3], sn_pose* pose) {
  memcpy(size, size_in, 3 * sizeof(double));
  if (!has_fromto) {
    return sn_element_pose(c, frame, pos, orient, loc, pose);
  }
  if (type != mjGEOM_CAPSULE && type != mjGEOM_CYLINDER && type != mjGEOM_BOX &&
      type != mjGEOM_ELLIPSOID) {
    return sn_cerr(c, loc, "fromto requires a capsule, cylinder, box or ellipsoid");
  }
  const double* a = fromto;
  const double* b = fromto + 3;
  // the local z axis points from "to" towards "from"; this matches MuJoCo's choice of
  // orientation (checked against 3.3.8 for parallel and antiparallel directions)
  double dir[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
  double len = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
  if (len < mjMINVAL) {
    return sn_cerr(c, loc, "fromto points are too close");
  }
  sn_pose local;
  for (int i = 0; i < 3; i++) {
    local.pos[i] = 0.5 * (a[i] + b[i]);
  }
  sn_quat_z2vec(local.quat, dir);
  if (type == mjGEOM_CAPSULE || type == mjGEOM_CYLINDER) {
    size[1] = 0.5 * len;
  } else {
    size[1] = size[0];
    size[2] = 0.5 * len;
  }
  if (frame >= 0) {
    sn_pose f;
    sn_frame_chain(c, frame, &f);
    sn_pose_mul(pose, &f, &local);
  } else {
    *pose = local;
  }
  return 1;
}

int sn_geom_resolve(sn_ctx* c, const sn_geom* g, double size[3], sn_pose* pose) {
  if (!sn_resolve_shape(c, g->type, g->has_fromto, g->fromto, g->size, g->pos, &g->orient,
                        g->frame, &g->loc, size, pose)) {
    return 0;
  }
  if (g->mesh && g->mesh[0] && g->type != mjGEOM_PLANE && g->type != mjGEOM_HFIELD) {
    return sn_mesh_geom_resolve(c, g, size, pose);
  }
  if (g->type == mjGEOM_SDF) {
    return sn_cerr_attr(c, &g->loc, "type",
                        "sdf geom needs a mesh (sdf plugins are not supported)");
  }
  if (g->type == mjGEOM_HFIELD || (g->hfield && g->hfield[0])) {
    return sn_hfield_geom_size(c, g, size);  // the asset gives the size
  }
  if (g->type == mjGEOM_MESH) {
    return sn_cerr_attr(c, &g->loc, "mesh", "mesh geom needs a mesh");
  }
  int need = 0;
  switch (g->type) {
    case mjGEOM_SPHERE: need = 1; break;
    case mjGEOM_CAPSULE:
    case mjGEOM_CYLINDER: need = 2; break;
    case mjGEOM_ELLIPSOID:
    case mjGEOM_BOX: need = 3; break;
    case mjGEOM_PLANE: need = 0; break;
    default:
      return sn_cerr(c, &g->loc, "not yet supported: geom type '%s'",
                     sn_geom_typename(g->type));
  }
  for (int i = 0; i < need; i++) {
    if (!(size[i] > 0)) {
      return sn_cerr_attr(c, &g->loc, "size", "size %d must be positive in %s geom", i,
                     sn_geom_typename(g->type));
    }
  }
  return 1;
}

int sn_site_resolve(sn_ctx* c, const sn_site* s, double size[3], sn_pose* pose) {
  return sn_resolve_shape(c, s->type, s->has_fromto, s->fromto, s->size, s->pos, &s->orient,
                          s->frame, &s->loc, size, pose);
}

// Radius of the bounding sphere and half-sizes of the local bounding box.
void sn_geom_bounds(int type, const double size[3], double* rbound, double aabb[6]) {
  memset(aabb, 0, 6 * sizeof(double));
  double* h = aabb + 3;
  switch (type) {
    case mjGEOM_PLANE:
      *rbound = 0;
      aabb[2] = -0.5 * SN_PLANE_EXTENT;
      h[0] = h[1] = SN_PLANE_EXTENT;
      h[2] = 0.5 * SN_PLANE_EXTENT;
      return;
    case mjGEOM_SPHERE:
      *rbound = size[0];
      h[0] = h[1] = h[2] = size[0];
      return;
    case mjGEOM_CAPSULE:
      *rbound = size[0] + size[1];
      h[0] = h[1] = size[0];
      h[2] = size[0] + size[1];
      return;
    case mjGEOM_CYLINDER:
      *rbound = sqrt(size[0] * size[0] + size[1] * size[1]);
      h[0] = h[1] = size[0];
      h[2] = size[1];
      return;
    case mjGEOM_ELLIPSOID:
      *rbound = fmax(fmax(size[0], size[1]), size[2]);
      mju_copy3(h, size);
      return;
    case mjGEOM_BOX:
      *rbound = sqrt(size[0] * size[0] + size[1] * size[1] + size[2] * size[2]);
      mju_copy3(h, size);
      return;
    default:
      *rbound = 0;
      return;
  }
}

//---------------------------------- ellipsoid fluid model -------------------------------------------

// Virtual-mass integral of the fluid chapter, for axis i of an ellipsoid with semi-axes r:
//   kappa_i = int_0^inf r_i r_j r_k / sqrt((r_i^2 + l)^3 (r_j^2 + l) (r_k^2 + l)) dl.
// MuJoCo 3.3.8 evaluates it with the 15-point Kronrod rule on x in [0, 1] after the
// substitution l = S x^3 / (1 - x)^2, S = (r_i^3 r_j r_k)^(2/5), with nodes and
// weights (half the [-1, 1] weights) rounded to 8 decimals; the same rule is used
// here so that geom_fluid matches to rounding (the rule's own error is ~1e-7).
static double sn_fluid_kappa(const double r[3], int i) {
  static const double xk[8] = {0.00427231, 0.02544604, 0.06756779, 0.12923441,
                               0.20695638, 0.29707742, 0.39610752, 0.5};
  static const double wk[8] = {0.01146766, 0.03154605, 0.05239501, 0.07032663,
                               0.08450236, 0.09517529, 0.10221647, 0.10474107};
  int j = (i + 1) % 3, k = (i + 2) % 3;
  double ii = 1 / (r[i] * r[i]), ij = 1 / (r[j] * r[j]), ik = 1 / (r[k] * r[k]);
  double scale = pow(r[i] * r[i] * r[i] * r[j] * r[k], 0.4);
  double kappa = 0;
  for (int n = 0; n < 15; n++) {
    double x = n < 8 ? xk[n] : 1 - xk[14 - n];
    double w = wk[n < 8 ? n : 14 - n];
    double l = scale * x * x * x / ((1 - x) * (1 - x));  // l(x)
    double dl = scale * x * x * (3 - x) / ((1 - x) * (1 - x) * (1 - x));  // dl/dx
    // integrand in terms of l/r^2: r_i r_j r_k / sqrt(...) = 1/(r_i^2 (1+l/r_i^2) sqrt(...))
    double ai = 1 + l * ii;
    double f = ii / (ai * sqrt(ai * (1 + l * ij) * (1 + l * ik)));
    kappa += w * f * dl;
  }
  return kappa;
}

// geom_fluid of one geom: [0] 1 for fluidshape="ellipsoid" (0: the geom takes no part),
// [1..5] fluidcoef, [6..8] virtual mass and [9..11] virtual inertia per unit density.
static void sn_geom_fluid(const sn_geom* g, const double size[3], double* fl) {
  memset(fl, 0, sizeof(double) * mjNFLUID);
  if (g->fluidshape != 1) {
    return;
  }
  fl[0] = 1;
  for (int k = 0; k < 5; k++) {
    fl[1 + k] = g->fluidcoef[k];
  }
  double r[3];
  sn_fluid_semiaxes(g->type, size, r);
  double vol = 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  double kappa[3];
  for (int i = 0; i < 3; i++) {
    kappa[i] = sn_fluid_kappa(r, i);
  }
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    fl[6 + i] = vol * kappa[i] / (2 - kappa[i]);
    double djk = r[j] * r[j] - r[k] * r[k];
    double num = djk * djk * (kappa[k] - kappa[j]);
    double den = 2 * djk + (r[j] * r[j] + r[k] * r[k]) * (kappa[j] - kappa[k]);
    fl[9 + i] = fabs(den) < mjMINVAL ? 0 : vol / 5 * num / den;
  }
}

static int sn_geom_one(sn_ctx* c, int id) {
  sn_spec* s = c->spec;
  mjModel* m = c->m;
  const sn_geom* g = &SN_AT(s, geoms, sn_geom, c->geom_order[id]);
  double size[3];
  sn_pose pose;
  if (!sn_geom_resolve(c, g, size, &pose)) {
    return 0;
  }
  if (g->type == mjGEOM_PLANE && m->body_weldid[g->body] != 0) {
    return sn_cerr_attr(c, &g->loc, "type", "plane only allowed in static bodies");
  }
  if (g->condim != 1 && g->condim != 3 && g->condim != 4 && g->condim != 6) {
    return sn_cerr_attr(c, &g->loc, "condim", "invalid condim %d in geom; must be 1, 3, 4 or 6",
                        g->condim);
  }
  m->geom_type[id] = g->type;
  m->geom_contype[id] = g->contype;
  m->geom_conaffinity[id] = g->conaffinity;
  m->geom_condim[id] = g->condim;
  m->geom_bodyid[id] = g->body;
  m->geom_dataid[id] = -1;
  m->geom_matid[id] = -1;
  if (g->material && g->material[0]) {
    m->geom_matid[id] = sn_find_name(c, mjOBJ_MATERIAL, g->material);
    if (m->geom_matid[id] < 0) {
      return sn_cerr_attr(c, &g->loc, "material", "material '%s' not found in geom", g->material);
    }
  }
  m->geom_group[id] = g->group;
  m->geom_priority[id] = g->priority;
  m->geom_plugin[id] = -1;
  m->geom_solmix[id] = g->solmix;
  memcpy(m->geom_solref + mjNREF * id, g->solref, sizeof(double) * mjNREF);
  memcpy(m->geom_solimp + mjNIMP * id, g->solimp, sizeof(double) * mjNIMP);
  mju_copy3(m->geom_size + 3 * id, size);
  sn_geom_bounds(g->type, size, m->geom_rbound + id, m->geom_aabb + 6 * id);
  if (g->mesh[0] && g->type != mjGEOM_PLANE && g->type != mjGEOM_HFIELD) {
    m->geom_dataid[id] = sn_mesh_find(c, g->mesh);  // fitted primitives keep it (3.3.8)
  }
  if (g->type == mjGEOM_MESH || g->type == mjGEOM_SDF) {
    sn_mesh_geom_bounds(c, m->geom_dataid[id], m->geom_rbound + id, m->geom_aabb + 6 * id);
  }
  if (m->geom_dataid[id] >= 0 && m->geom_matid[id] < 0) {
    m->geom_matid[id] = sn_mesh_material(c, g->mesh);
  }
  if (g->type == mjGEOM_HFIELD && !sn_hfield_geom(c, g, id)) {
    return 0;
  }
  mju_copy3(m->geom_pos + 3 * id, pose.pos);
  mju_copy4(m->geom_quat + 4 * id, pose.quat);
  mju_copy3(m->geom_friction + 3 * id, g->friction);
  m->geom_margin[id] = g->margin;
  m->geom_gap[id] = g->gap;
  for (int k = 0; k < 4; k++) {
    m->geom_rgba[4 * id + k] = g->rgba[k];
  }
  for (int k = 0; k < m->nuser_geom; k++) {
    m->geom_user[m->nuser_geom * id + k] = k < g->user.n ? g->user.data[k] : 0;
  }
  sn_geom_fluid(g, size, m->geom_fluid + mjNFLUID * id);
  return 1;
}

int sn_compile_geoms(sn_ctx* c) {
  for (int id = 0; id < c->m->ngeom; id++) {
    if (!sn_geom_one(c, id)) {
      return 0;
    }
  }
  return 1;
}

// Relation of each geom frame to its body frame and body inertial frame; the checks
// run in the order BODY, BODYROT, INERTIA, INERTIAROT (3.3.8 prefers BODYROT over
// INERTIA when a geom sits at the centre of mass with the body's orientation).
void sn_geom_sameframe(sn_ctx* c) {
  mjModel* m = c->m;
  for (int id = 0; id < m->ngeom; id++) {
    int b = m->geom_bodyid[id];
    const double* pos = m->geom_pos + 3 * id;
    const double* quat = m->geom_quat + 4 * id;
    int rot = sn_quat_is_identity(quat);
    int irot = sn_vec_equal(quat, m->body_iquat + 4 * b, 4);
    if (rot && sn_vec_is_zero(pos, 3)) {
      m->geom_sameframe[id] = mjSAMEFRAME_BODY;
    } else if (rot) {
      m->geom_sameframe[id] = mjSAMEFRAME_BODYROT;
    } else if (irot && sn_vec_equal(pos, m->body_ipos + 3 * b, 3)) {
      m->geom_sameframe[id] = mjSAMEFRAME_INERTIA;
    } else if (irot) {
      m->geom_sameframe[id] = mjSAMEFRAME_INERTIAROT;
    } else {
      m->geom_sameframe[id] = mjSAMEFRAME_NONE;
    }
  }
}
