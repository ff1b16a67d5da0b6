// Signed-distance octree of a triangle mesh (mjModel.oct_*), built at compile time for
// each mesh an sdf geom uses.
#ifndef SINEW_COMPILER_OCTREE_H_
#define SINEW_COMPILER_OCTREE_H_

typedef struct {
  int nnode;
  int* depth;      // (nnode)
  int* child;      // (nnode x 8) child k covers octant k (bit 0: +x, 1: +y, 2: +z); -1 at
                   // leaves; ids from this tree's root
  double* aabb;    // (nnode x 6) centre, half-sizes
  double* coeff;   // (nnode x 8) signed distance at the corners (corner k as child k)
} sn_octree;

// Build the octree of the mesh (vert: nvert x 3, double, mesh frame; face: nface x 3,
// counter-clockwise seen from outside) around the box aabb (centre, half-sizes).
// Returns 1, or 0 when out of memory.
int sn_octree_build(const double* vert, int nvert, const int* face, int nface,
                    const double aabb[6], sn_octree* out);

// Release the arrays of an octree (safe on a zeroed one).
void sn_octree_free(sn_octree* t);

#endif  // SINEW_COMPILER_OCTREE_H_
