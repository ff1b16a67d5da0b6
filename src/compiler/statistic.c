// Model statistics (mean mass, mean size, extent, center) and <statistic> overrides.
// meanmass is the documented average body mass. meansize, extent and center follow
// a heuristic fitted to MuJoCo 3.3.8 on bodies with geoms: a body's size is the
// largest distance from its centre of mass to the far side of one of its geoms'
// bounding spheres (at least 1e-5); the bounding box covers every non-plane geom's
// bounding sphere and every body origin at qpos0. Bodies whose size comes from joint
// placement alone are not reproduced yet.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

void sn_compile_statistic(sn_ctx* c) {
  mjModel* m = c->m;
  mjStatistic* st = &m->stat;
  int nb = m->nbody - 1;
  double mass = 0, size = 0;
  for (int b = 1; b < m->nbody; b++) {
    mass += m->body_mass[b];
    double sz = 1e-5;
    for (int g = m->body_geomadr[b]; g >= 0 && g < m->body_geomadr[b] + m->body_geomnum[b];
         g++) {
      double d = mju_dist3(m->geom_pos + 3 * g, m->body_ipos + 3 * b) + m->geom_rbound[g];
      sz = fmax(sz, d);
    }
    size += sz;
  }
  st->meanmass = nb > 0 ? mass / nb : 1;
  st->meansize = nb > 0 ? size / nb : 0.2;

  size_t n = (size_t)m->nbody;
  double* xpos = (double*)mju_malloc(sizeof(double) * 3 * n);
  double* xquat = (double*)mju_malloc(sizeof(double) * 4 * n);
  double* xipos = (double*)mju_malloc(sizeof(double) * 3 * n);
  sn_qpos0_frames(m, xpos, xquat, xipos, NULL);
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (int b = 1; b < m->nbody; b++) {
    for (int k = 0; k < 3; k++) {
      lo[k] = fmin(lo[k], xpos[3 * b + k]);
      hi[k] = fmax(hi[k], xpos[3 * b + k]);
    }
  }
  for (int g = 0; g < m->ngeom; g++) {
    if (m->geom_type[g] == mjGEOM_PLANE) {
      continue;
    }
    int b = m->geom_bodyid[g];
    double p[3];
    mju_rotVecQuat(p, m->geom_pos + 3 * g, xquat + 4 * b);
    mju_addTo3(p, xpos + 3 * b);
    double r = m->geom_rbound[g];
    for (int k = 0; k < 3; k++) {
      lo[k] = fmin(lo[k], p[k] - r);
      hi[k] = fmax(hi[k], p[k] + r);
    }
  }
  mju_free(xpos);
  mju_free(xquat);
  mju_free(xipos);
  double extent = 0;
  for (int k = 0; k < 3; k++) {
    if (lo[k] > hi[k]) {
      lo[k] = hi[k] = 0;
    }
    st->center[k] = 0.5 * (lo[k] + hi[k]);
    extent = fmax(extent, hi[k] - lo[k]);
  }
  st->extent = extent > mjMINVAL ? extent : 2;
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
