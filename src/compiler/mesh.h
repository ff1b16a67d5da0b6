// Mesh processing shared by the mesh compile files (mesh.c, mesh_hull.c,
// mesh_inertia.c, mesh_poly.c): the processed form of one mesh asset, built before
// the model sizes are known and copied into the model afterwards.
#ifndef SINEW_COMPILER_MESH_H_
#define SINEW_COMPILER_MESH_H_

#include "compiler/compile.h"
#include "io/meshfile.h"

// Convex hull of a point set, as the collision code uses it.
#include "compiler/octree.h"

typedef struct {
  int nvert;                  // hull vertices
  int nface;                  // hull triangles
  int* face;                  // nface x 3 point ids, counter-clockwise seen from outside
  int ngraph;                 // length of graph (mjModel.mesh_graph layout)
  int* graph;
} sn_hull;

// One processed mesh asset.
typedef struct sn_mesh_built {
  int nvert;
  float* vert;                // in the mesh frame (centred, principal axes)
  int nnormal;
  float* normal;
  int ntexcoord;
  float* texcoord;
  int nface;
  int* face;
  int* facenormal;
  int* facetexcoord;
  sn_hull hull;               // empty unless a colliding mesh geom uses the mesh
  // polygons: coplanar hull triangles merged
  int npoly;
  double* polynormal;
  int* polyvertadr;
  int* polyvertnum;
  int npolyvert;
  int* polyvert;
  int* polymapadr;            // per vertex
  int* polymapnum;
  int npolymap;
  int* polymap;
  // bounding-volume hierarchy over the faces (node layout of mjModel.bvh_*)
  int nbvh;
  int* bvh_depth;
  int* bvh_child;
  int* bvh_nodeid;
  double* bvh_aabb;
  // frame and mass properties
  double pos[3];              // mesh frame in the asset's (scaled) frame
  double quat[4];
  double measure;             // volume, or area for inertia="shell"
  double inertia[3];          // principal moments per unit density
  double aabb[6];             // bounding box of the vertices: centre, half-sizes
  double size[3];             // largest |coordinate| along each axis
  sn_octree oct;              // signed-distance octree, only for meshes an sdf geom uses
} sn_mesh_built;

// mesh_hull.c: convex hull of n points (qhull, at most maxhullvert vertices if > 0).
// Returns 1, or 0 with a message in err (degenerate point sets).
int sn_mesh_hull(const double* pts, int n, int maxhullvert, sn_hull* out, char* err, int errsz);
void sn_mesh_hull_free(sn_hull* h);

// mesh_inertia.c: volume (or area), centre of mass and inertia tensor about it, per
// unit density, of the triangle set (face indices into vert), for an mjtMeshInertia
// mode (convex: pass the hull faces); surf: the mesh's own faces, whose area-weighted
// centroid is the apex of the volume's cones. Returns 0 with a message if the mesh has
// no volume or a degenerate face.
int sn_mesh_massprops(const double* vert, int nvert, const int* face, int nface,
                      const int* surf, int nsurf, int mode, double* measure, double com[3],
                      double tensor[9], char* err, int errsz);

// mesh_poly.c: polygons of a triangle set (the hull's, or the mesh's own faces):
// adjacent coplanar triangles merged; raw: the vertices as given, vert: final
// vertices in double precision.
void sn_mesh_polygons(sn_mesh_built* mb, const int* face, int nface, const double* raw,
                      const double* vert);
// mesh_polygroup.c: groups of the faces for the polygons, from their unit normals fn
// (nf x 3): group[f] is the group of face f in the groups' order, or -1 for a face
// that belongs to none. Returns the number of groups.
int sn_mesh_polygroups(const double* fn, int nf, int* group);
// mesh_poly.c: does a directed edge appear in two faces (inconsistent orientation)?
// Returns 1 with the first such edge (a, b) in face order.
int sn_mesh_misoriented(const int* face, int nface, int* a, int* b);
// mesh_poly.c: the face BVH of a processed mesh (vert: final vertices, double).
void sn_mesh_bvh(sn_mesh_built* mb, const double* vert);

// mesh_builtin.c: the vertices (and faces, or per-vertex normal triples for a wedge:
// normal_stride 3) of a builtin mesh kind with its parameters; vdouble (caller frees)
// gets the vertices in double precision, which 3.3.8 keeps for builtins (mf->vert has
// them rounded). Returns 1, or 0 with a message in err (unknown kind, missing or
// out-of-range parameters).
int sn_mesh_builtin(const char* kind, const double* params, int nparam, sn_meshfile* mf,
                    double** vdouble, int* normal_stride, char* err, int errsz);

#endif  // SINEW_COMPILER_MESH_H_
