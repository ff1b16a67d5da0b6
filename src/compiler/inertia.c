// Mass properties: primitive geoms (solid or shell), their combination into body
// inertial frames, explicit <inertial> elements and the compiler's mass options.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

//---------------------------------- primitives ----------------------------------------------------
// Principal moments about the geom centre in the geom frame (z is the axis of symmetry
// of capsules and cylinders). Derivations (m: mass):
//   sphere    solid: V = 4/3 pi r^3, I = 2/5 m r^2
//             shell: A = 4 pi r^2,   I = 2/3 m r^2
//   ellipsoid solid: V = 4/3 pi a b c, Ixx = m (b^2 + c^2) / 5 (and cyclically)
//   cylinder  solid: V = 2 pi r^2 h, Izz = m r^2 / 2, Ixx = m (3 r^2 + (2h)^2) / 12
//             shell: tube (A = 4 pi r h) plus two disks (A = pi r^2 each) at z = +-h:
//                    tube Izz = m r^2, Ixx = m (r^2/2 + h^2/3); disk Izz = m r^2/2,
//                    Ixx = m (r^2/4 + h^2)
//   box       solid: V = 8 a b c, Ixx = m (b^2 + c^2) / 3
//             shell: six plates; a plate 2u x 2v in a plane at distance d along the axis
//                    contributes m (u^2 + v^2)/3 about its normal axis and
//                    m (u^2/3 + d^2) about an in-plane axis perpendicular to u
//   capsule   solid: cylinder (2h) plus two hemispheres. A hemisphere of mass mh has its
//                    centroid 3r/8 from the flat face and moment 2/5 mh r^2 about any axis
//                    through the face centre, so about the capsule centre
//                    Ixx = mh (2/5 r^2 + h^2 + 3/4 h r), Izz = 2/5 mh r^2
//             shell: tube plus two hemispherical shells (centroid r/2 from the face,
//                    moment 2/3 mh r^2 about the face centre):
//                    Ixx = mh (2/3 r^2 + h^2 + h r), Izz = 2/3 mh r^2

static double sn_sq(double x) {
  return x * x;
}

// Contribution of the two plates normal to axis k of a box with half-sizes s, per unit
// of areal density: returns their area and adds their moments to I.
static double sn_box_plates(const double s[3], int k, double I[3]) {
  int u = (k + 1) % 3, v = (k + 2) % 3;
  double area = 2 * 4 * s[u] * s[v];
  I[k] += area * (sn_sq(s[u]) + sn_sq(s[v])) / 3;
  I[u] += area * (sn_sq(s[v]) / 3 + sn_sq(s[k]));
  I[v] += area * (sn_sq(s[u]) / 3 + sn_sq(s[k]));
  return area;
}

// Volume or area and inertia per unit density.
static int sn_unit_props(int type, const double s[3], int shell, double* measure,
                         double I[3]) {
  double r = s[0], h = s[1];
  I[0] = I[1] = I[2] = 0;
  switch (type) {
    case mjGEOM_SPHERE:
      if (shell) {
        *measure = 4 * mjPI * r * r;
        I[0] = I[1] = I[2] = 2.0 / 3.0 * *measure * r * r;
      } else {
        *measure = 4 * mjPI * r * r * r / 3;  // moments: solid_from_mass
      }
      return 1;

    case mjGEOM_ELLIPSOID:
      // (the shell is handled by sn_ellipsoid_shell)
      *measure = 4 * mjPI * s[0] * s[1] * s[2] / 3;  // moments: solid_from_mass
      return 1;

    case mjGEOM_CYLINDER:
      if (shell) {
        double mt = 4 * mjPI * r * h, md = mjPI * r * r;
        *measure = mt + 2 * md;
        I[2] = mt * r * r + 2 * md * r * r / 2;
        I[0] = I[1] = mt * (r * r / 2 + h * h / 3) + 2 * md * (r * r / 4 + h * h);
      } else {
        *measure = 2 * mjPI * r * r * h;  // moments: solid_from_mass
      }
      return 1;

    case mjGEOM_HFIELD:  // 3.3.8: the box of half-sizes geom_size
    case mjGEOM_BOX:
      if (shell) {
        *measure = 0;
        for (int k = 0; k < 3; k++) {
          *measure += sn_box_plates(s, k, I);
        }
      } else {
        *measure = 8 * s[0] * s[1] * s[2];  // moments: solid_from_mass
      }
      return 1;

    case mjGEOM_CAPSULE:
      if (shell) {
        double mt = 4 * mjPI * r * h, mh = 2 * mjPI * r * r;  // tube, one hemisphere
        *measure = mt + 2 * mh;
        I[2] = mt * r * r + 2 * mh * 2.0 / 3.0 * r * r;
        I[0] = I[1] = mt * (r * r / 2 + h * h / 3) +
                      2 * mh * (2.0 / 3.0 * r * r + h * h + h * r);
      } else {
        *measure = mjPI * (r * r * h * 2 + r * r * r * 4 / 3);  // moments: solid_from_mass
      }
      return 1;

    default:
      return 0;
  }
}

// Hollow ellipsoid. The surface area has no closed form; 3.3.8 uses Knud Thomsen's
// approximation A = 4 pi ((ab^p + bc^p + ca^p) / 3)^(1/p), p = 1.6075 (relative error
// < 1.1%), and the inertia of a thin solid layer of thickness t = 1e-6 carrying the
// shell's mass: the difference of two solid ellipsoids with semi-axes s + t and s at
// the density that gives that mass. Both were identified against the oracle (areas
// and moments agree to the last bit with the evaluation order below).
static void sn_ellipsoid_shell(const double s[3], double density, double mass_given,
                               double* mass, double inertia[3]) {
  const double p = 1.6075, t = 1e-6;
  double a = s[0], b = s[1], c = s[2];
  double area = 4 * mjPI *
                pow((pow(a * b, p) + pow(b * c, p) + pow(c * a, p)) / 3, 1 / p);
  double M = mass_given >= 0 ? (area < SN_GEOM_MEASURE_MIN ? 0 : mass_given) : density * area;
  double A = a + t, B = b + t, C = c + t;
  double vout = 4 * mjPI * A * B * C / 3, vin = 4 * mjPI * a * b * c / 3;
  double rho = M / (vout - vin);
  double mout = rho * vout, min = rho * vin;
  inertia[0] = mout * (B * B + C * C) / 5 - min * (b * b + c * c) / 5;
  inertia[1] = mout * (A * A + C * C) / 5 - min * (a * a + c * c) / 5;
  inertia[2] = mout * (A * A + B * B) / 5 - min * (a * a + b * b) / 5;
  *mass = M;
}

// I_k = m (s_u^2 + s_v^2) / div over the two other axes u, v: boxes (div 3) and
// ellipsoids (div 5).
static void axis_pair_moments(const double s[3], double m, double div, double I[3]) {
  I[0] = m * (sn_sq(s[1]) + sn_sq(s[2])) / div;
  I[1] = m * (sn_sq(s[0]) + sn_sq(s[2])) / div;
  I[2] = m * (sn_sq(s[0]) + sn_sq(s[1])) / div;
}

// Solid box (and height-field box), sphere, ellipsoid, cylinder and capsule moments from the
// mass, in 3.3.8's order of evaluation (identified on random sizes, densities and masses:
// the moments agree to the last bit, which the density-first form above misses by an ulp
// in about half the cases; capsules: 240 random ones, half given a mass, half a density).
static int solid_from_mass(int type, const double s[3], double m, double I[3]) {
  switch (type) {
    case mjGEOM_HFIELD:  // the box of half-sizes geom_size, as above
    case mjGEOM_BOX:
      axis_pair_moments(s, m, 3, I);
      return 1;
    case mjGEOM_SPHERE:
      I[0] = I[1] = I[2] = 2 * m * s[0] * s[0] / 5;
      return 1;
    case mjGEOM_ELLIPSOID:
      axis_pair_moments(s, m, 5, I);
      return 1;
    case mjGEOM_CYLINDER:
      I[0] = I[1] = m * (3 * s[0] * s[0] + 4 * s[1] * s[1]) / 12;
      I[2] = m * s[0] * s[0] / 2;
      return 1;
    case mjGEOM_CAPSULE: {
      // the hemispheres' share of the volume, 4/3 r^3 / (4/3 r^3 + 2 r^2 h), goes to them
      double r = s[0], h = s[1];
      double ms = m * 4 * r / (4 * r + 6 * h), mc = m - ms;
      double sph = 2 * ms * r * r / 5;
      I[2] = sph + mc * r * r / 2;
      I[0] = I[1] = mc * (3 * r * r + 4 * h * h) / 12 + (sph + ms * h * (h + 0.75 * r));
      return 1;
    }
    default:
      return 0;
  }
}

int sn_geom_massprops(int type, const double size[3], double density, double mass_given,
                      int shell, double* mass, double inertia[3]) {
  if (type == mjGEOM_ELLIPSOID && shell) {
    sn_ellipsoid_shell(size, density, mass_given, mass, inertia);
    return 1;
  }
  double measure, I[3];
  if (!sn_unit_props(type, size, shell, &measure, I)) {
    return 0;
  }
  if (mass_given >= 0 && measure < SN_GEOM_MEASURE_MIN) {
    // 3.3.8 spreads a given mass over the volume (or area); below this it leaves the
    // geom massless (a density keeps its tiny mass)
    *mass = 0;
    inertia[0] = inertia[1] = inertia[2] = 0;
    return 1;
  }
  double rho = mass_given >= 0 ? (measure > 0 ? mass_given / measure : 0) : density;
  *mass = mass_given >= 0 ? mass_given : density * measure;
  if (!shell && solid_from_mass(type, size, *mass, inertia)) {
    return 1;
  }
  for (int i = 0; i < 3; i++) {
    inertia[i] = rho * I[i];
  }
  return 1;
}

//---------------------------------- eigen-decomposition -------------------------------------------

// Principal moments (descending) and axes of a symmetric tensor via mju_eig3 (Jacobi
// rotations accumulated in a quaternion). Known gap: for bodies whose principal
// moments are equal up to round-off, 3.3.8 may pick a different (equally valid) set
// of axes, because the order of the rounded moments depends on how the tensor was
// summed.
void sn_eig3(double eigval[3], double quat[4], const double mat[9]) {
  double eigvec[9];
  mju_eig3(eigval, eigvec, quat, mat);
}

int sn_align_free(sn_ctx* c);

//---------------------------------- bodies --------------------------------------------------------

// Full inertia tensor of mp about point com (rotated principal moments plus the
// parallel-axis term m (|d|^2 E - d d')), added to full.
static void sn_add_tensor(double full[9], const sn_massprops* mp, const double com[3]) {
  double R[9], d[3];
  mju_quat2Mat(R, mp->quat);
  mju_sub3(d, mp->pos, com);
  double dd = mju_dot3(d, d);
  for (int r = 0; r < 3; r++) {
    for (int s = 0; s < 3; s++) {
      double v = 0;
      for (int k = 0; k < 3; k++) {
        v += R[3 * r + k] * mp->inertia[k] * R[3 * s + k];
      }
      full[3 * r + s] += v + mp->mass * ((r == s ? dd : 0) - d[r] * d[s]);
    }
  }
}

// A moving body (with its welded descendants) without mass or rotational inertia. When
// the body's own <inertial> alone decides it (no welded descendants, inertia not taken
// from geoms), the error points at that element and the attribute at fault.
static int sn_moving_body_error(sn_ctx* c, int b, double mass, const double I[3]) {
  const mjModel* m = c->m;
  const sn_body* sb = &SN_AT(c->spec, bodies, sn_body, c->spec_of_body[b]);
  const sn_compiler* cc = &c->spec->compiler;
  int alone = 1;
  for (int k = b + 1; k < m->nbody; k++) {
    alone &= m->body_weldid[k] != b;
  }
  int own = sb->has_inertial && sb->iloc.file && cc->inertiafromgeom != SN_TRUE;
  const char* what = "mass and inertia of moving bodies must be larger than mjMINVAL";
  if (alone && own) {
    const char* attr = mass < mjMINVAL ? "mass"
                       : sb->has_fullinertia ? "fullinertia" : "diaginertia";
    return sn_cerr_attr(c, &sb->iloc, attr,
                        "%s: body '%s' (line %d) has mass %g and inertia (%g %g %g) after "
                        "the compiler bounds",
                        what, sb->name, sb->loc.line, mass, I[0], I[1], I[2]);
  }
  return sn_cerr(c, &sb->loc, "%s: body '%s' has mass %g and inertia (%g %g %g)%s", what,
                 sb->name, mass, I[0], I[1], I[2], alone ? "" : " with its welded descendants");
}

// Combined principal frame of several parts (masses summing to at least mjMINVAL).
static void sn_combine_parts(int n, const sn_massprops* parts, sn_massprops* out) {
  double M = 0, com[3] = {0, 0, 0};
  for (int i = 0; i < n; i++) {
    M += parts[i].mass;
    mju_addToScl3(com, parts[i].pos, parts[i].mass);
  }
  mju_scl3(com, com, 1 / M);
  double full[9] = {0};
  for (int i = 0; i < n; i++) {
    sn_add_tensor(full, parts + i, com);
  }
  out->mass = M;
  mju_copy3(out->pos, com);
  sn_eig3(out->inertia, out->quat, full);
}

void sn_massprops_combine(sn_massprops* a, const sn_massprops* b) {
  sn_massprops two[2] = {*a, *b};
  sn_combine_parts(2, two, a);
}

// A tensor 3.3.8 diagonalises (a fullinertia, or the geoms of a body combined) must
// have principal moments of at least this: fullinertia "1e-14 1e-14 1e-14 0 0 0" passes,
// 9.99e-15 fails, and two geoms of 2e-13 kg whose smallest combined moment is 8.1e-15
// fail (5e-13 kg, 2.0e-14, pass). A lone geom's moments are not tested.
#define SN_PRINCIPAL_MIN 1e-14

static int sn_positive_moments(const double I[3]) {
  return I[0] >= SN_PRINCIPAL_MIN && I[1] >= SN_PRINCIPAL_MIN && I[2] >= SN_PRINCIPAL_MIN;
}

// Geoms this light are dropped from a body's inertia. Measured on 3.3.8: a massless
// (or 1e-14) helper geom next to a capsule leaves the body's inertial frame the
// capsule's own (arm26's shoulder and elbow cylinders); from 1.0000000000000002e-14 up
// the geom is combined, and a body whose geoms are all this light gets no mass at all.
#define SN_GEOM_MASS_IGNORED 1e-14

// Inertial frame of one body from its geoms. Returns 1 if they have mass, 0 if not,
// -1 on error.
static int sn_body_from_geoms(sn_ctx* c, const sn_body* sb, int n, const sn_geom_part* geoms,
                              sn_massprops* out) {
  const sn_compiler* cc = &c->spec->compiler;
  int count = 0, last = -1;
  double M = 0;
  sn_massprops* parts = (sn_massprops*)mju_malloc(sizeof(sn_massprops) * (size_t)(n > 0 ? n : 1));
  for (int i = 0; i < n; i++) {
    const sn_geom_part* gp = geoms + i;
    const sn_geom* sg = gp->geom;
    if (sg->group < cc->inertiagrouprange[0] || sg->group > cc->inertiagrouprange[1] ||
        gp->type == mjGEOM_PLANE) {
      continue;
    }
    sn_massprops* mp = parts + count;
    if (gp->type == mjGEOM_MESH || gp->type == mjGEOM_SDF) {
      if (!sn_mesh_geom_massprops(c, sg, &mp->mass, mp->inertia)) {
        mju_free(parts);
        return -1;
      }
    } else if (!sn_geom_massprops(gp->type, gp->size, sg->density, sg->mass, sg->shellinertia,
                                  &mp->mass, mp->inertia)) {
      mju_free(parts);
      sn_cerr(c, &sg->loc, "not yet supported: inertia of geom type %d", gp->type);
      return -1;
    }
    if (mp->mass <= SN_GEOM_MASS_IGNORED) {
      continue;  // 3.3.8 leaves such a geom out entirely: it neither adds mass nor counts
    }
    mju_copy3(mp->pos, gp->pose.pos);
    mju_copy4(mp->quat, gp->pose.quat);
    M += mp->mass;
    last = count++;
  }
  int found = M >= mjMINVAL;
  if (found && count == 1) {
    // a lone geom defines the inertial frame directly (no re-diagonalisation)
    *out = parts[last];
  } else if (found) {
    sn_combine_parts(count, parts, out);
    if (!sn_positive_moments(out->inertia)) {
      mju_free(parts);
      sn_cerr(c, &sb->loc, "inertia must have positive eigenvalues: the geoms of body '%s' "
              "combine to principal moments (%g %g %g)", sb->name, out->inertia[0],
              out->inertia[1], out->inertia[2]);
      return -1;
    }
  }
  mju_free(parts);
  return found;
}

// Explicit <inertial> element.
static int sn_body_from_inertial(sn_ctx* c, const sn_body* sb, sn_massprops* out) {
  out->mass = sb->mass;
  mju_copy3(out->pos, sb->ipos);
  if (sb->has_fullinertia) {
    const double* f = sb->fullinertia;
    double full[9] = {f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2]};
    double q[4], fq[4];
    sn_eig3(out->inertia, q, full);
    if (!sn_positive_moments(out->inertia)) {
      return sn_cerr_attr(c, &sb->iloc, "fullinertia", "inertia must have positive "
                          "eigenvalues: principal moments (%g %g %g)", out->inertia[0],
                          out->inertia[1], out->inertia[2]);
    }
    if (!sn_orient_quat(c, &sb->iorient, fq, &sb->loc)) {
      return 0;
    }
    mju_mulQuat(out->quat, fq, q);
  } else {
    if (!sn_orient_quat(c, &sb->iorient, out->quat, &sb->loc)) {
      return 0;
    }
    mju_copy3(out->inertia, sb->inertia);
  }
  return 1;
}

int sn_body_inertia(sn_ctx* c, const sn_body* sb, int ngeom, const sn_geom_part* geoms,
                    sn_massprops* out) {
  const sn_compiler* cc = &c->spec->compiler;
  memset(out, 0, sizeof(*out));
  out->quat[0] = 1;
  int fromgeom = (cc->inertiafromgeom == SN_TRUE && !sb->inertial_kept) ||
                 (cc->inertiafromgeom == SN_AUTO && !sb->has_inertial);
  int found = 0;
  if (fromgeom) {
    found = sn_body_from_geoms(c, sb, ngeom, geoms, out);
    if (found < 0) {
      return 0;
    }
  } else if (sb->has_inertial) {
    if (!sn_body_from_inertial(c, sb, out)) {
      return 0;
    }
    found = 1;
  }
  if (!found) {
    // no mass information (no geoms, massless geoms, or neither geoms nor an
    // <inertial> counted): 3.3.8 leaves the inertial frame at the body's own pose
    // as written in the body element (position and orientation relative to the
    // enclosing frame, not composed with it), and the mass and inertia at zero
    out->mass = 0;
    mju_zero3(out->inertia);
    mju_copy3(out->pos, sb->pos);
    if (!sn_orient_quat(c, &sb->orient, out->quat, &sb->loc)) {
      return 0;
    }
  }

  // lower bounds, then the triangle inequality of principal moments
  double* inertia = out->inertia;
  if (out->mass < cc->boundmass) {
    out->mass = cc->boundmass;
  }
  for (int k = 0; k < 3; k++) {
    if (inertia[k] < cc->boundinertia) {
      inertia[k] = cc->boundinertia;
    }
  }
  if (out->mass < 0 || inertia[0] < 0 || inertia[1] < 0 || inertia[2] < 0) {
    return sn_cerr(c, &sb->loc, "mass and inertia of body '%s' cannot be negative", sb->name);
  }
  int bad = inertia[0] + inertia[1] < inertia[2] || inertia[0] + inertia[2] < inertia[1] ||
            inertia[1] + inertia[2] < inertia[0];
  if (bad) {
    if (!cc->balanceinertia) {
      return sn_cerr(c, &sb->loc,
                     "inertia of body '%s' must satisfy A + B >= C; use 'balanceinertia' "
                     "to fix",
                     sb->name);
    }
    double avg = (inertia[0] + inertia[1] + inertia[2]) / 3;
    inertia[0] = inertia[1] = inertia[2] = avg;
  }
  return 1;
}

// The compiled geoms of model body b that it owns (not moved there by fusestatic).
static int sn_own_geoms(sn_ctx* c, int b, sn_geom_part* parts) {
  mjModel* m = c->m;
  int n = 0;
  for (int g = m->body_geomadr[b]; g >= 0 && g < m->body_geomadr[b] + m->body_geomnum[b];
       g++) {
    int sg = c->geom_order[g];
    if (c->geom_moved && c->geom_moved[sg]) {
      continue;
    }
    sn_geom_part* gp = parts + n++;
    gp->type = m->geom_type[g];
    gp->geom = &SN_AT(c->spec, geoms, sn_geom, sg);
    mju_copy3(gp->size, m->geom_size + 3 * g);
    mju_copy3(gp->pose.pos, m->geom_pos + 3 * g);
    mju_copy4(gp->pose.quat, m->geom_quat + 4 * g);
  }
  return n;
}

int sn_compile_inertia(sn_ctx* c) {
  mjModel* m = c->m;
  const sn_compiler* cc = &c->spec->compiler;
  m->body_iquat[0] = 1;
  sn_geom_part* parts = (sn_geom_part*)mju_malloc(sizeof(sn_geom_part) *
                                                  (size_t)(m->ngeom > 0 ? m->ngeom : 1));
  int next = 0;  // next fusestatic contribution (they are sorted by body)
  for (int b = 1; b < m->nbody; b++) {
    const sn_body* sb = &SN_AT(c->spec, bodies, sn_body, b);
    sn_massprops mp;
    if (!sn_body_inertia(c, sb, sn_own_geoms(c, b, parts), parts, &mp)) {
      mju_free(parts);
      return 0;
    }
    // bodies fused into this one by fusestatic, in depth-first order
    for (; next < c->nfused && c->fused[next].body <= b; next++) {
      if (c->fused[next].body == b) {
        sn_massprops_combine(&mp, &c->fused[next].props);
      }
    }
    m->body_mass[b] = mp.mass;
    mju_copy3(m->body_ipos + 3 * b, mp.pos);
    mju_copy4(m->body_iquat + 4 * b, mp.quat);
    mju_copy3(m->body_inertia + 3 * b, mp.inertia);
  }
  mju_free(parts);

  // moving bodies need mass and rotational inertia; bodies welded to a moving body
  // (its static descendants) count towards it
  for (int b = 1; b < m->nbody; b++) {
    if (!m->body_dofnum[b]) {
      continue;
    }
    double mass = 0, I[3] = {0, 0, 0};
    for (int k = b; k < m->nbody; k++) {
      if (m->body_weldid[k] == b) {
        mass += m->body_mass[k];
        mju_addTo3(I, m->body_inertia + 3 * k);
      }
    }
    if (mass < mjMINVAL || I[0] < mjMINVAL || I[1] < mjMINVAL || I[2] < mjMINVAL) {
      return sn_moving_body_error(c, b, mass, I);
    }
  }

  if (!sn_align_free(c)) {
    return 0;
  }
  if (cc->settotalmass > 0) {
    mj_setTotalmass(m, cc->settotalmass);
  }
  for (int b = m->nbody - 1; b >= 0; b--) {
    m->body_subtreemass[b] += m->body_mass[b];
    if (b > 0) {
      m->body_subtreemass[m->body_parentid[b]] += m->body_subtreemass[b];
    }
  }
  return 1;
}

//---------------------------------- free-joint alignment ------------------------------------------

void sn_align_apply(sn_ctx* c, int b, sn_pose* pose) {
  const sn_pose* a = &c->align[b];
  // exact: even a tiny alignment moves the body (the sameframe tolerance is too coarse)
  if (a->quat[0] == 1 && !a->quat[1] && !a->quat[2] && !a->quat[3] && !a->pos[0] &&
      !a->pos[1] && !a->pos[2]) {
    return;
  }
  // pose' = inv(a) * pose
  double qinv[4], d[3];
  mju_negQuat(qinv, a->quat);
  mju_sub3(d, pose->pos, a->pos);
  mju_rotVecQuat(pose->pos, d, qinv);
  double q[4];
  mju_mulQuat(q, qinv, pose->quat);
  mju_copy4(pose->quat, q);
}

// Whether the free joint of body b (if any) aligns the body with its inertial frame.
static int sn_aligned(sn_ctx* c, int b) {
  mjModel* m = c->m;
  if (m->body_jntnum[b] != 1) {
    return 0;
  }
  int j = m->body_jntadr[b];
  if (m->jnt_type[j] != mjJNT_FREE) {
    return 0;
  }
  const sn_joint* sj = &SN_AT(c->spec, joints, sn_joint, c->jnt_order[j]);
  if (sj->align == SN_AUTO) {
    return c->spec->compiler.alignfree == SN_TRUE;
  }
  return sj->align == SN_TRUE;
}

// Move the frame of each aligned free body to its inertial frame and re-express
// everything attached to it (geoms, joints, child bodies; sites, cameras and lights
// are compiled later and use sn_align_apply).
int sn_align_free(sn_ctx* c) {
  mjModel* m = c->m;
  for (int b = 1; b < m->nbody; b++) {
    if (!sn_aligned(c, b)) {
      continue;
    }
    sn_pose* a = &c->align[b];
    mju_copy3(a->pos, m->body_ipos + 3 * b);
    mju_copy4(a->quat, m->body_iquat + 4 * b);

    sn_pose body = {{0}, {0}};
    mju_copy3(body.pos, m->body_pos + 3 * b);
    mju_copy4(body.quat, m->body_quat + 4 * b);
    sn_pose_mul(&body, &body, a);
    mju_normalize4(body.quat);
    mju_copy3(m->body_pos + 3 * b, body.pos);
    mju_copy4(m->body_quat + 4 * b, body.quat);

    for (int g = m->body_geomadr[b]; g >= 0 && g < m->body_geomadr[b] + m->body_geomnum[b];
         g++) {
      sn_pose p;
      mju_copy3(p.pos, m->geom_pos + 3 * g);
      mju_copy4(p.quat, m->geom_quat + 4 * g);
      sn_align_apply(c, b, &p);
      mju_copy3(m->geom_pos + 3 * g, p.pos);
      mju_copy4(m->geom_quat + 4 * g, p.quat);
    }
    for (int k = b + 1; k < m->nbody; k++) {
      if (m->body_parentid[k] == b) {
        sn_pose p;
        mju_copy3(p.pos, m->body_pos + 3 * k);
        mju_copy4(p.quat, m->body_quat + 4 * k);
        sn_align_apply(c, b, &p);
        mju_copy3(m->body_pos + 3 * k, p.pos);
        mju_copy4(m->body_quat + 4 * k, p.quat);
      }
    }
    mju_zero3(m->body_ipos + 3 * b);
    m->body_iquat[4 * b] = 1;
    m->body_iquat[4 * b + 1] = m->body_iquat[4 * b + 2] = m->body_iquat[4 * b + 3] = 0;

    int j = m->body_jntadr[b];
    double* q0 = m->qpos0 + m->jnt_qposadr[j];
    mju_copy3(q0, body.pos);
    mju_copy4(q0 + 3, body.quat);
    memcpy(m->qpos_spring + m->jnt_qposadr[j], q0, 7 * sizeof(double));
  }
  return 1;
}
