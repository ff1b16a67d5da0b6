// Per-format mesh file readers behind sn_meshfile_parse, and the small helpers they
// share (error text, size caps, array allocation).
#ifndef SINEW_IO_MESHFILE_FORMATS_H_
#define SINEW_IO_MESHFILE_FORMATS_H_

#include <stddef.h>

#include "io/meshfile.h"

// Largest vertex, normal, texcoord or face count a mesh file may declare: keeps
// index arithmetic (count x 3) inside int and stops a tiny corrupt header from
// requesting gigabytes. Real assets are far below it.
#define SN_MESHFILE_MAXCOUNT (1 << 25)

// Binary or ASCII STL (binary recognised by its exact size 84 + 50 n).
int sn_stl_parse(const char* name, const unsigned char* buf, size_t len, sn_meshfile* out,
                 char* err, int errsz);

// Wavefront OBJ: v, vn, vt and f (polygons triangulated by ear clipping).
int sn_obj_parse(const char* name, const char* buf, size_t len, sn_meshfile* out,
                 char* err, int errsz);

// MuJoCo's legacy binary MSH (4 int counts, then the float and int arrays).
int sn_msh_parse(const char* name, const unsigned char* buf, size_t len, sn_meshfile* out,
                 char* err, int errsz);

// Split polygon poly[0..n) (indices into vert, 3 floats each) into n - 2 triangles
// written to tri as corner positions 0..n-1, by ear clipping in the polygon's
// plane; work holds n ints. Returns the number of triangles: n - 2, or fewer
// when a self-intersecting polygon runs out of ears (the rest is dropped).
int sn_polygon_triangulate(const float* vert, const int* poly, int n, int* tri, int* work);

// Format "mesh file 'name': <message>" into err and return -1.
int sn_meshfile_fail(char* err, int errsz, const char* name, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

// mju_malloc of n elements of size sz (NULL for n == 0); *ok cleared on failure.
void* sn_meshfile_alloc(size_t n, size_t sz, int* ok);

// Whether every one of the n floats is finite.
int sn_meshfile_finite(const float* v, size_t n);

#endif  // SINEW_IO_MESHFILE_FORMATS_H_
