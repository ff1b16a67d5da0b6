// Mesh files: STL (binary and ASCII), Wavefront OBJ and MuJoCo's binary MSH, parsed
// into plain arrays exactly as the file gives them (the compiler does the rest:
// scaling, de-duplication, centring, normals, hull).
#ifndef SINEW_IO_MESHFILE_H_
#define SINEW_IO_MESHFILE_H_

#include <stddef.h>

// Arrays are allocated with mju_malloc and released by sn_meshfile_free.
typedef struct {
  float* vert;                // nvert x 3
  int nvert;
  float* normal;              // nnormal x 3 (NULL if the file has none)
  int nnormal;
  float* texcoord;            // ntexcoord x 2 (NULL if none)
  int ntexcoord;
  int* face;                  // nface x 3 vertex indices (polygons already triangulated)
  int nface;
  int* facenormal;            // nface x 3 normal indices, NULL if none
  int* facetexcoord;          // nface x 3 texcoord indices, NULL if none
} sn_meshfile;

// Parse the bytes of a mesh file; the format comes from content_type ("model/stl",
// "model/obj", "model/vnd.mujoco.msh"; may be NULL or "") or else from the extension
// of name. Returns 0, or -1 with a message naming the file in err (nothing leaks).
int sn_meshfile_parse(const char* name, const char* content_type, const void* buf,
                      size_t len, sn_meshfile* out, char* err, int errsz);

// Release the arrays of a parsed mesh file (safe on a zeroed struct).
void sn_meshfile_free(sn_meshfile* mf);

#endif  // SINEW_IO_MESHFILE_H_
