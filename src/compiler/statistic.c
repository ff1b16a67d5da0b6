// Model statistics (mean mass, mean size, extent, center) and <statistic> overrides.
// meanmass is the documented average body mass. meansize, extent and center follow
// the rules found by controlled experiments with MuJoCo 3.3.8 (single geoms, bodies
// at offsets, joints, sites, planes, massless bodies; see the conformance models):
//
// - size of a body (at least 1e-5): the largest of, for each of its non-plane geoms,
//   the distance from the body's centre of mass to the geom centre plus the geom's
//   bounding radius; for each of its joints, the distance from the joint anchor to the
//   body's centre of mass; for each joint of a child body, the distance from that
//   anchor to this body's centre of mass. meansize is the mean over the bodies other
//   than the world (0.2 when there are none).
// - the bounding box, at qpos0, covers: the origin and the centre of mass of every
//   body but the world (a massless body's inertial offset equals its position), every
//   joint anchor, every site centre (a point, whatever its size), and every geom's
//   bounding sphere; a plane counts as a sphere of radius 0.1 max(size[0], size[1]),
//   or 1 for an infinite plane. Cameras and lights do not count.
// - center is the middle of the box; extent is its longest side (2 when the box is
//   empty or a single point), and at least twice meansize.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Bounding radius of a geom for the model's bounding box.
static double sn_stat_radius(const mjModel* m, int g) {
  if (m->geom_type[g] != mjGEOM_PLANE) {
    return m->geom_rbound[g];
  }
  double s = fmax(m->geom_size[3 * g], m->geom_size[3 * g + 1]);
  return s > 0 ? 0.1 * s : 1;
}

static void sn_box_add(double lo[3], double hi[3], const double p[3], double r) {
  for (int k = 0; k < 3; k++) {
    lo[k] = fmin(lo[k], p[k] - r);
    hi[k] = fmax(hi[k], p[k] + r);
  }
}

// Global position of a point given in body b's frame.
static void sn_stat_global(const double* xpos, const double* xquat, int b, const double* local,
                           double res[3]) {
  mju_rotVecQuat(res, local, xquat + 4 * b);
  mju_addTo3(res, xpos + 3 * b);
}

void sn_compile_statistic(sn_ctx* c) {
  mjModel* m = c->m;
  mjStatistic* st = &m->stat;
  size_t n = (size_t)m->nbody;
  double* xpos = (double*)mju_malloc(sizeof(double) * 3 * n);
  double* xquat = (double*)mju_malloc(sizeof(double) * 4 * n);
  double* xipos = (double*)mju_malloc(sizeof(double) * 3 * n);
  double* size = (double*)mju_malloc(sizeof(double) * n);
  sn_qpos0_frames(m, xpos, xquat, xipos, NULL);
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};

  for (int b = 0; b < m->nbody; b++) {
    size[b] = 1e-5;
    if (b > 0) {
      sn_box_add(lo, hi, xpos + 3 * b, 0);
      sn_box_add(lo, hi, xipos + 3 * b, 0);
    }
  }
  for (int g = 0; g < m->ngeom; g++) {
    int b = m->geom_bodyid[g];
    double p[3];
    sn_stat_global(xpos, xquat, b, m->geom_pos + 3 * g, p);
    sn_box_add(lo, hi, p, sn_stat_radius(m, g));
    if (m->geom_type[g] != mjGEOM_PLANE) {
      size[b] = fmax(size[b], mju_dist3(p, xipos + 3 * b) + m->geom_rbound[g]);
    }
  }
  for (int j = 0; j < m->njnt; j++) {
    int b = m->jnt_bodyid[j], parent = m->body_parentid[b];
    double p[3];
    sn_stat_global(xpos, xquat, b, m->jnt_pos + 3 * j, p);
    sn_box_add(lo, hi, p, 0);
    size[b] = fmax(size[b], mju_dist3(p, xipos + 3 * b));
    if (parent > 0) {
      size[parent] = fmax(size[parent], mju_dist3(p, xipos + 3 * parent));
    }
  }
  for (int s = 0; s < m->nsite; s++) {
    double p[3];
    sn_stat_global(xpos, xquat, m->site_bodyid[s], m->site_pos + 3 * s, p);
    sn_box_add(lo, hi, p, 0);
  }

  double mass = 0, sizesum = 0;
  for (int b = 1; b < m->nbody; b++) {
    mass += m->body_mass[b];
    sizesum += size[b];
  }
  int nb = m->nbody - 1;
  st->meanmass = nb > 0 ? mass / nb : 1;
  st->meansize = nb > 0 ? sizesum / nb : 0.2;

  double extent = 0;
  for (int k = 0; k < 3; k++) {
    if (lo[k] > hi[k]) {
      lo[k] = hi[k] = 0;
    }
    st->center[k] = 0.5 * (lo[k] + hi[k]);
    extent = fmax(extent, hi[k] - lo[k]);
  }
  if (extent == 0) {
    extent = 2;
  }
  st->extent = fmax(extent, 2 * st->meansize);
  mju_free(xpos);
  mju_free(xquat);
  mju_free(xipos);
  mju_free(size);
}

void sn_statistic_overrides(sn_ctx* c) {
  const sn_statistic* s = &c->spec->statistic;
  mjStatistic* st = &c->m->stat;
  if (s->set_meaninertia) {
    st->meaninertia = s->value.meaninertia;
  }
  if (s->set_meanmass) {
    st->meanmass = s->value.meanmass;
  }
  if (s->set_meansize) {
    st->meansize = s->value.meansize;
  }
  if (s->set_extent) {
    st->extent = s->value.extent;
  }
  if (s->set_center) {
    mju_copy3(st->center, s->value.center);
  }
}
