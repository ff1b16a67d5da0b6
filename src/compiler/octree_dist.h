// Distance queries on a triangle mesh for the octree builder: signed distance to the
// surface and box/surface contact, accelerated by a bounding-volume tree.
#ifndef SINEW_COMPILER_OCTREE_DIST_H_
#define SINEW_COMPILER_OCTREE_DIST_H_

typedef struct {
  const double* vert;
  const int* face;
  int nface;
  double* fn;      // nface x 3: unit face normals
  double* en;      // nface x 9: edge pseudonormals (edges ab, bc, ca)
  double* vn;      // nvert x 3: angle-weighted vertex pseudonormals
  int nnode;
  double* box;     // nnode x 6: lower and upper corners
  int* node;       // nnode x 4: children (-1 at leaves), first triangle, triangle count
  int* tri;        // nface: triangle ids in tree order
} sn_meshdist;

// Prepare the queries on a mesh (vert: nvert x 3; face: nface x 3, counter-clockwise
// seen from outside); the arrays must outlive md. Returns 0 when out of memory.
int sn_meshdist_init(sn_meshdist* md, const double* vert, int nvert, const int* face, int nface);

// Release what sn_meshdist_init allocated (safe on a zeroed struct).
void sn_meshdist_free(sn_meshdist* md);

// Signed distance from p to the surface: negative on the inner side of the nearest
// feature's pseudonormal.
double sn_meshdist_sdf(const sn_meshdist* md, const double p[3]);

// Does a triangle touch the box (centre c, half-sizes h)?
int sn_meshdist_touches(const sn_meshdist* md, const double c[3], const double h[3]);

#endif  // SINEW_COMPILER_OCTREE_DIST_H_
