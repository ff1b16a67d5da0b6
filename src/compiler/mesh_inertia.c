// Mass properties of a triangle mesh per unit density, for the four mjtMeshInertia
// modes of MuJoCo 3.3.8 (XMLreference asset/mesh/inertia):
//   exact, convex  solid: union of signed tetrahedra (apex, face); by the divergence
//                  theorem the apex does not matter for a closed, outward-oriented
//                  surface (convex: the caller passes the hull's faces)
//   legacy         solid: the same tetrahedra with unsigned volumes, which
//                  over-counts concave meshes; the apex therefore matters
// For the solid modes the centre comes from cones whose apex is the area-weighted
// centroid of the mesh's own faces; the volume and the second moments are then summed
// again over cones from the centre. Every sum is written in 3.3.8's order of
// evaluation, identified against the oracle on random meshes (bit-identical tensors
// matter: with tied principal moments the last bits decide the principal axes).
//   shell          mass on the surface: 3.3.8 runs the same sums with each cone's
//                  volume replaced by its face's area (so the centre is still summed
//                  from the cones' centroids, the mean of face and apex corners, which
//                  the area weights make the surface's centroid) and the moments'
//                  V/20 by A/12: bit for bit on 200 random shells
// Second moments about the centre of mass use the exact polynomial integrals
//   tetrahedron (one vertex at the origin, others a, b, c; s = a + b + c):
//     int x_i x_j dV = V/20 (a_i a_j + b_i b_j + c_i c_j + s_i s_j)
//   triangle (vertices a, b, c; s = a + b + c):
//     int x_i x_j dA = A/12 (a_i a_j + b_i b_j + c_i c_j + s_i s_j)
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compiler/mesh.h"

typedef struct {
  const double* vert;
  const int* face;
  int nface;
  int mode;
} sn_tri_set;

static void sn_tri(const sn_tri_set* t, int f, const double* p[3]) {
  for (int k = 0; k < 3; k++) {
    p[k] = t->vert + 3 * t->face[3 * f + k];
  }
}

// Area, unit normal and centroid of a face, in the order of evaluation that makes the
// volume and centre agree with MuJoCo 3.3.8 bit for bit (identified against the oracle).
static double sn_face_geo(const double* p[3], double nrm[3], double cen[3]) {
  double e1[3], e2[3], n[3];
  mju_sub3(e1, p[1], p[0]);
  mju_sub3(e2, p[2], p[0]);
  mju_cross(n, e1, e2);
  double len = mju_sqrt(mju_dot3(n, n));
  for (int i = 0; i < 3; i++) {
    nrm[i] = len > 0 ? n[i] / len : 0;  // a degenerate face bounds no volume
    cen[i] = (p[0][i] + p[1][i] + p[2][i]) / 3;
  }
  return len / 2;
}

// Weight of the cone from the apex over a face of area a, unit normal nrm, centroid
// relative to the apex rel: its volume a (n . rel) / 3 (legacy: unsigned), or for
// shells the face's area.
static double sn_cone_weight(int mode, double a, const double nrm[3], const double rel[3]) {
  if (mode == mjMESH_INERTIA_SHELL) {
    return a;
  }
  double v = a * mju_dot3(nrm, rel) / 3;
  return mode == mjMESH_INERTIA_LEGACY ? fabs(v) : v;
}

// Volume (shell: area) and centre, by the divergence theorem: a face of area A, unit
// normal n and centroid c bounds the cone of volume A (n . (c - apex)) / 3 from apex,
// whose centroid is the mean of its four corners. The returned measure is evaluated
// again about the centre (as 3.3.8 does), which differs from the first sum in its
// last bits.
static double sn_solid_centre(const sn_tri_set* t, const double apex[3], double com[3]) {
  double vol = 0;
  mju_zero3(com);
  for (int f = 0; f < t->nface; f++) {
    const double* p[3];
    double nrm[3], cen[3], rel[3];
    sn_tri(t, f, p);
    double a = sn_face_geo(p, nrm, cen);
    mju_sub3(rel, cen, apex);
    double v = sn_cone_weight(t->mode, a, nrm, rel);
    vol += v;
    for (int i = 0; i < 3; i++) {
      com[i] += v * ((p[0][i] + p[1][i] + p[2][i] + apex[i]) / 4);
    }
  }
  for (int i = 0; i < 3; i++) {
    com[i] /= vol;
  }
  vol = 0;
  for (int f = 0; f < t->nface; f++) {
    const double* p[3];
    double q[3][3], nrm[3], cen[3];
    sn_tri(t, f, p);
    for (int k = 0; k < 3; k++) {
      mju_sub3(q[k], p[k], com);
    }
    const double* pq[3] = {q[0], q[1], q[2]};
    vol += sn_cone_weight(t->mode, sn_face_geo(pq, nrm, cen), nrm, cen);
  }
  return vol;
}

// Adds to C the second moments of the cone from the origin over the face q (w: its
// volume / 20; shells: the triangle q itself, w its area / 12), upper triangle only:
//   int x_i x_j dV = V/20 (2 sum_k a_k b_k + sum_{k != l} a_k b_l),  a = q[.][i], b = q[.][j]
//   (the triangle's integral is the same polynomial times A/12)
// written out in the order of evaluation of 3.3.8 (identified against the oracle's
// principal frames and moments, bit for bit on 300 random meshes).
static void sn_cone_moments(double C[9], double w, double q[3][3]) {
  for (int i = 0; i < 3; i++) {
    for (int j = i; j < 3; j++) {
      double a[3] = {q[0][i], q[1][i], q[2][i]}, b[3] = {q[0][j], q[1][j], q[2][j]};
      double acc = 2 * (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
      acc += a[0] * b[1];
      acc += a[1] * b[0];
      acc += a[0] * b[2];
      acc += a[2] * b[0];
      acc += a[1] * b[2];
      acc += a[2] * b[1];
      C[3 * i + j] += w * acc;
    }
  }
}

int sn_mesh_massprops(const double* vert, int nvert, const int* face, int nface,
                      const int* surf, int nsurf, int mode, double* measure, double com[3],
                      double tensor[9], char* err, int errsz) {
  (void)nvert;
  sn_tri_set t = {vert, face, nface, mode};
  // apex: the area-weighted centroid of the mesh's own faces (also for convex
  // inertia, whose cones stand on the hull's faces: identified against the oracle)
  sn_tri_set surface = {vert, surf, nsurf, mode};
  double apex[3] = {0, 0, 0}, area = 0;
  for (int f = 0; f < nsurf; f++) {
    const double* p[3];
    double nrm[3], cen[3];
    sn_tri(&surface, f, p);
    double a = sn_face_geo(p, nrm, cen);  // (degenerate faces are accepted by 3.3.8)
    area += a;
    for (int i = 0; i < 3; i++) {
      apex[i] += a * cen[i];
    }
  }
  if (!(area >= mjMINVAL)) {
    snprintf(err, (size_t)errsz, "mesh surface area is too small");
    return 0;
  }
  for (int i = 0; i < 3; i++) {
    apex[i] /= area;
  }

  double total = sn_solid_centre(&t, apex, com);
  if (total < 0) {
    snprintf(err, (size_t)errsz, "mesh volume is negative (misoriented triangles)");
    return 0;
  }
  if (!(total >= mjMINVAL)) {  // a flat mesh's centre is 0/0: NaN counts as too small
    snprintf(err, (size_t)errsz, "mesh volume is too small (%g): the mesh may be flat, open "
             "or its faces oriented inwards (try inertia=\"shell\")", isnan(total) ? 0 : total);
    return 0;
  }
  *measure = total;

  // second moments about the centre of mass: cones (shell: triangles) from the centre
  double C[9] = {0};
  for (int f = 0; f < nface; f++) {
    const double* p[3];
    sn_tri(&t, f, p);
    double q[3][3], nrm[3], cen[3];
    for (int k = 0; k < 3; k++) {
      mju_sub3(q[k], p[k], com);
    }
    const double* pq[3] = {q[0], q[1], q[2]};
    double w = sn_cone_weight(mode, sn_face_geo(pq, nrm, cen), nrm, cen);
    sn_cone_moments(C, mode == mjMESH_INERTIA_SHELL ? w / 12 : w / 20, q);
  }
  // 3.3.8 sums each principal moment from the two second moments it involves
  tensor[0] = C[4] + C[8];
  tensor[4] = C[0] + C[8];
  tensor[8] = C[0] + C[4];
  tensor[1] = tensor[3] = -C[1];
  tensor[2] = tensor[6] = -C[2];
  tensor[5] = tensor[7] = -C[5];
  return 1;
}
