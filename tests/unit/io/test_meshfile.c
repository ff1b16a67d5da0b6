// Mesh file readers: valid files give the file's raw arrays, every kind of corrupt
// file gives -1 with a message naming the file (ASan/UBSan builds check that
// nothing crashes or leaks). Expected OBJ triangulations of concave polygons were
// taken from MuJoCo 3.3.8's compiled mesh_face for the same files.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

#include "io/meshfile.h"
#include "io/vfs.h"

// ------------------------------------------------------------------ helpers

typedef struct {
  unsigned char* b;
  size_t n, cap;
} buf_t;

static void put(buf_t* b, const void* p, size_t n) {
  if (b->n + n > b->cap) {
    b->cap = 2 * (b->n + n) + 64;
    b->b = realloc(b->b, b->cap);
    assert_non_null(b->b);
  }
  memcpy(b->b + b->n, p, n);
  b->n += n;
}

static void put_i32(buf_t* b, int32_t v) {
  unsigned char c[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                        (unsigned char)(v >> 24)};
  put(b, c, 4);
}

static void put_f32(buf_t* b, float f) {
  int32_t v;
  memcpy(&v, &f, 4);
  put_i32(b, v);
}

static const float kTet[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
static const int kTetFace[4][3] = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}};

// Binary STL of the tetrahedron; header text chosen by the caller.
static buf_t stl_tet(const char* header) {
  buf_t b = {0};
  char head[80];
  memset(head, ' ', 80);
  memcpy(head, header, strlen(header));
  put(&b, head, 80);
  put_i32(&b, 4);
  for (int f = 0; f < 4; f++) {
    for (int k = 0; k < 3; k++) {
      put_f32(&b, 0);
    }
    for (int j = 0; j < 3; j++) {
      for (int k = 0; k < 3; k++) {
        put_f32(&b, kTet[kTetFace[f][j]][k]);
      }
    }
    put(&b, "\0\0", 2);
  }
  return b;
}

static buf_t msh_tet(int nn, int nt) {
  buf_t b = {0};
  put_i32(&b, 4);
  put_i32(&b, nn);
  put_i32(&b, nt);
  put_i32(&b, 4);
  for (int i = 0; i < 4; i++) {
    for (int k = 0; k < 3; k++) {
      put_f32(&b, kTet[i][k]);
    }
  }
  for (int i = 0; i < 3 * nn; i++) {
    put_f32(&b, (float)i);
  }
  for (int i = 0; i < 2 * nt; i++) {
    put_f32(&b, 0.5f * (float)i);
  }
  for (int f = 0; f < 4; f++) {
    for (int k = 0; k < 3; k++) {
      put_i32(&b, kTetFace[f][k]);
    }
  }
  return b;
}

static int parse(const char* name, const void* data, size_t len, sn_meshfile* mf, char* err) {
  return sn_meshfile_parse(name, NULL, data, len, mf, err, 256);
}

// Parse must fail, name the file and mention `what`.
static void expect_fail(const char* name, const void* data, size_t len, const char* what) {
  sn_meshfile mf;
  char err[256];
  int r = parse(name, data, len, &mf, err);
  if (r != -1 || !strstr(err, name) || !strstr(err, what)) {
    print_error("%s: r=%d err='%s' (wanted '%s')\n", name, r, err, what);
    fail();
  }
  assert_null(mf.vert);
  assert_null(mf.face);
}

static void expect_faces(const sn_meshfile* mf, const int* face, int nface) {
  assert_int_equal(mf->nface, nface);
  for (int i = 0; i < 3 * nface; i++) {
    if (mf->face[i] != face[i]) {
      print_error("face entry %d: %d, expected %d\n", i, mf->face[i], face[i]);
      fail();
    }
  }
}

// ------------------------------------------------------------------ STL

static void test_stl_binary(void** state) {
  (void)state;
  buf_t b = stl_tet("solid tet, yet binary");  // "solid" prefix must not fool it
  sn_meshfile mf;
  char err[256];
  assert_int_equal(parse("tet.STL", b.b, b.n, &mf, err), 0);
  assert_int_equal(mf.nvert, 12);
  assert_int_equal(mf.nface, 4);
  assert_null(mf.normal);
  for (int f = 0; f < 4; f++) {
    for (int j = 0; j < 3; j++) {
      assert_int_equal(mf.face[3 * f + j], 3 * f + j);
      for (int k = 0; k < 3; k++) {
        assert_float_equal(mf.vert[9 * f + 3 * j + k], kTet[kTetFace[f][j]][k], 0);
      }
    }
  }
  sn_meshfile_free(&mf);
  sn_meshfile_free(&mf);  // safe twice (zeroed)
  free(b.b);
}

static void test_stl_binary_corrupt(void** state) {
  (void)state;
  buf_t b = stl_tet("binary");
  expect_fail("short.stl", b.b, b.n - 1, "does not match");
  put(&b, "\0", 1);
  expect_fail("long.stl", b.b, b.n, "does not match");
  free(b.b);
}

static void test_stl_binary_counts(void** state) {
  (void)state;
  buf_t b = stl_tet("binary");
  unsigned char* p = b.b + 80;
  memcpy(p, "\0\0\0\0", 4);
  expect_fail("zero.stl", b.b, b.n, "number of faces");
  memcpy(p, "\xff\xff\xff\x7f", 4);  // 2^31 - 1 triangles in a 284-byte file
  expect_fail("huge.stl", b.b, b.n, "number of faces");
  memcpy(p, "\x05\0\0\0", 4);
  expect_fail("five.stl", b.b, b.n, "does not match");
  expect_fail("tiny.stl", b.b, 40, "too short");
  memcpy(p, "\x04\0\0\0", 4);
  float nan = NAN;
  memcpy(b.b + 84 + 12 + 4, &nan, 4);
  expect_fail("nan.stl", b.b, b.n, "NaN");
  free(b.b);
}

static const char kAsciiTet[] =
    "solid tet\n"
    "facet normal 0 0 -1\n outer loop\n  vertex 0 0 0\n  vertex 0 1 0\n  vertex 1 0 0\n"
    " endloop\nendfacet\n"
    "FACET NORMAL 0 0 0\r\n OUTER LOOP\r\n VERTEX 0 0 0\r\n VERTEX 1 0 0\r\n VERTEX 0 0 1e0\r\n"
    " ENDLOOP\r\nENDFACET\r\n"
    "endsolid tet\n";

static void test_stl_ascii(void** state) {
  (void)state;
  sn_meshfile mf;
  char err[256];
  assert_int_equal(parse("a.stl", kAsciiTet, strlen(kAsciiTet), &mf, err), 0);
  assert_int_equal(mf.nvert, 6);
  assert_int_equal(mf.nface, 2);
  assert_float_equal(mf.vert[4], 1, 0);
  assert_float_equal(mf.vert[17], 1, 0);
  sn_meshfile_free(&mf);
  // a missing "endsolid" is tolerated
  size_t cut = strstr(kAsciiTet, "endsolid") - kAsciiTet;
  assert_int_equal(parse("a.stl", kAsciiTet, cut, &mf, err), 0);
  sn_meshfile_free(&mf);
}

static void test_stl_ascii_corrupt(void** state) {
  (void)state;
  const char* bad[] = {
      "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\n",
      "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 nan\nvertex 1 0 0\nvertex 0 1 0\n"
      "endloop\nendfacet\n",
      "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 1e99\nvertex 1 0 0\nvertex 0 1 0\n"
      "endloop\nendfacet\n",
      "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n"
      "endloop\n",
      "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0 vertex 1 0 0\n",
      "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n"
      "vertex 1 1 0\nendloop\nendfacet\n",
  };
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    expect_fail("bad_ascii.stl", bad[i], strlen(bad[i]), "malformed facet");
  }
  expect_fail("empty.stl", "solid x\nendsolid x\n", 19, "too short");
  const char* nofacet = "solid x with a long name to get past the 84 bytes of a header...."
                        "..........................\nendsolid x\n";
  expect_fail("nofacet.stl", nofacet, strlen(nofacet), "number of faces");
}

// ------------------------------------------------------------------ OBJ

static void test_obj_polygons(void** state) {
  (void)state;
  // a quad with v/vt/vn, a pentagon with a reflex corner (MuJoCo 3.3.8 compiles it to
  // (1 2 3) (3 4 0) (0 1 3)), and a triangle with relative indices
  const char* src =
      "# comment\nmtllib x.mtl\no thing\ng group\ns 1\nusemtl red\n"
      "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\n"
      "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1 0\n"
      "vn 0 0 1\n"
      "f 1/1/1 2/2/1 3/3/1 4/4/1\n"
      "v 2 0 1\nv 4 0 1\nv 4 2 1\nv 3 0.4 1\nv 2 2 1 0.5 0.5 0.5\n"
      "f 5 6 7 8 9   # trailing comment\n"
      "f -3//-1 -2//-1 -1//-1\r\n"
      "l 1 2\np 3\nf 1 2\n"
      "f 1/1 2/2 3/3";  // no newline at the end
  sn_meshfile mf;
  char err[256];
  assert_int_equal(parse("poly.obj", src, strlen(src), &mf, err), 0);
  assert_int_equal(mf.nvert, 9);
  assert_int_equal(mf.nnormal, 1);
  assert_int_equal(mf.ntexcoord, 4);
  assert_float_equal(mf.vert[3 * 8 + 2], 1, 0);
  assert_float_equal(mf.texcoord[5], 1, 0);
  static const int face[] = {0, 1, 2, 0, 2, 3, 5, 6, 7, 7, 8, 4, 4, 5, 7, 6, 7, 8, 0, 1, 2};
  expect_faces(&mf, face, 7);
  assert_non_null(mf.facetexcoord);
  assert_non_null(mf.facenormal);
  static const int ftex[] = {0, 1, 2, 0, 2, 3};
  for (int i = 0; i < 6; i++) {
    assert_int_equal(mf.facetexcoord[i], ftex[i]);
    assert_int_equal(mf.facenormal[i], 0);
  }
  assert_int_equal(mf.facetexcoord[6], -1);  // absent in "f 5 6 7 8 9"
  assert_int_equal(mf.facenormal[15], 0);    // -1 -> the only normal
  assert_int_equal(mf.facetexcoord[15], -1);
  assert_int_equal(mf.facetexcoord[18], 0);
  assert_int_equal(mf.facenormal[18], -1);
  sn_meshfile_free(&mf);
}

static void test_obj_triangulation(void** state) {
  (void)state;
  // Cases checked against MuJoCo 3.3.8 (mesh_face of a model loading each file).
  struct {
    const char* src;
    int nface;
    int face[15];
  } cases[] = {
      // collinear first corner: the flat "ear" is clipped first
      {"v 0 0 0\nv 1 0 0\nv 2 0 0\nv 2 2 0\nv 1 0.5 0\nv 0 2 0\nf 1 2 3 4 5 6\n",
       4,
       {0, 1, 2, 2, 3, 4, 4, 5, 0, 0, 2, 4}},
      // a corner exactly on the first diagonal blocks that ear
      {"v 0 0 0\nv 2 0 0\nv 2 1 0\nv 1 0.5 0\nv 0 1 0\nf 1 2 3 4 5\n",
       3,
       {1, 2, 3, 1, 3, 4, 0, 1, 4}},
      // the same, clockwise
      {"v 0 0 0\nv 2 0 0\nv 2 1 0\nv 1 0.5 0\nv 0 1 0\nf 5 4 3 2 1\n",
       3,
       {3, 2, 1, 3, 1, 0, 4, 3, 0}},
      // all corners on a line: a fan
      {"v 0 0 0\nv 1 0 0\nv 2 0 0\nv 3 0 0\nf 1 2 3 4\n", 2, {0, 1, 2, 0, 2, 3}},
      // the concave cap of tests/models/assets/prism_lshape.obj, in the yz plane
      {"v 0 0 0\nv 0 0.2 0\nv 0 0.2 0.1\nv 0 0.1 0.1\nv 0 0.1 0.2\nv 0 0 0.2\n"
       "f 6 5 4 3 2 1\n",
       4,
       {5, 4, 3, 3, 2, 1, 3, 1, 0, 5, 3, 0}},
  };
  for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
    sn_meshfile mf;
    char err[256];
    assert_int_equal(parse("t.obj", cases[c].src, strlen(cases[c].src), &mf, err), 0);
    expect_faces(&mf, cases[c].face, cases[c].nface);
    sn_meshfile_free(&mf);
  }
}

static void test_obj_forward_and_vertices_only(void** state) {
  (void)state;
  sn_meshfile mf;
  char err[256];
  const char* fwd = "f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n";
  assert_int_equal(parse("fwd.obj", fwd, strlen(fwd), &mf, err), 0);
  assert_int_equal(mf.nface, 1);
  sn_meshfile_free(&mf);
  const char* cloud = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n";  // the compiler builds a hull
  assert_int_equal(parse("cloud.obj", cloud, strlen(cloud), &mf, err), 0);
  assert_int_equal(mf.nvert, 4);
  assert_int_equal(mf.nface, 0);
  assert_null(mf.face);
  sn_meshfile_free(&mf);
}

static void test_obj_corrupt(void** state) {
  (void)state;
  struct {
    const char* src;
    const char* what;
  } bad[] = {
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n", "vertex index 0 does not exist"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n", "vertex index 4 does not exist"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n", "vertex index -4 does not exist"},
      {"f -1 -2 -3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n", "line 1"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1 2/1 3/1\n", "texcoord index 1"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//2 3//1\n", "normal index 2"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 x\n", "malformed face corner"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3/\n", "malformed face corner"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3.5\n", "malformed face corner"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 99999999999999999999\n", "does not exist"},
      {"v 0 0 nan\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", "line 1: vertex needs 3 finite"},
      {"v 0 0 0\nv 1 0 inf\nv 0 1 0\n", "line 2: vertex needs 3 finite"},
      {"v 0 0 0\nv 1 0 1e39\nv 0 1 0\n", "vertex needs 3 finite"},
      {"v 0 0\nv 1 0 0\nv 0 1 0\n", "vertex needs 3 finite"},
      {"v 0 0 0 junk\n", "vertex needs 3 finite"},
      {"vn 0 0\n", "normal needs 3"},
      {"vt\n", "texcoord needs"},
      {"# nothing here\n", "no vertices"},
      {"", "no vertices"},
  };
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    expect_fail("bad.obj", bad[i].src, strlen(bad[i].src), bad[i].what);
  }
}

// ------------------------------------------------------------------ MSH

static void test_msh(void** state) {
  (void)state;
  sn_meshfile mf;
  char err[256];
  buf_t b = msh_tet(4, 4);
  assert_int_equal(parse("tet.msh", b.b, b.n, &mf, err), 0);
  assert_int_equal(mf.nvert, 4);
  assert_int_equal(mf.nnormal, 4);
  assert_int_equal(mf.ntexcoord, 4);
  expect_faces(&mf, &kTetFace[0][0], 4);
  for (int i = 0; i < 12; i++) {
    assert_int_equal(mf.facenormal[i], mf.face[i]);  // per-vertex normals and texcoords
    assert_int_equal(mf.facetexcoord[i], mf.face[i]);
    assert_float_equal(mf.normal[i], i, 0);
  }
  assert_float_equal(mf.texcoord[7], 3.5, 0);
  sn_meshfile_free(&mf);
  free(b.b);
  b = msh_tet(0, 0);
  assert_int_equal(sn_meshfile_parse("noext", "model/vnd.mujoco.msh", b.b, b.n, &mf, err, 256),
                   0);
  assert_null(mf.normal);
  assert_null(mf.facenormal);
  assert_null(mf.facetexcoord);
  sn_meshfile_free(&mf);
  free(b.b);
}

static void test_msh_corrupt(void** state) {
  (void)state;
  buf_t b = msh_tet(0, 4);
  expect_fail("a.msh", b.b, b.n - 4, "does not match");
  expect_fail("a.msh", b.b, 10, "too short");
  b.b[4] = 2;  // 2 normals for 4 vertices
  expect_fail("a.msh", b.b, b.n, "invalid MSH sizes");
  b.b[4] = 0;
  b.b[3] = 0x7f;  // ~2^31 vertices in a tiny file
  expect_fail("a.msh", b.b, b.n, "invalid MSH counts");
  b.b[3] = 0;
  b.b[1] = b.b[9] = 1;  // 260 vertices: the size check catches it without allocating
  expect_fail("a.msh", b.b, b.n, "does not match");
  b.b[1] = b.b[9] = 0;
  b.b[15] = 0x80;  // negative face count
  expect_fail("a.msh", b.b, b.n, "invalid MSH counts");
  b.b[15] = 0;
  b.b[b.n - 4] = 4;  // face index == nvertex
  expect_fail("a.msh", b.b, b.n, "outside [0, 4)");
  b.b[b.n - 4] = 2;
  float inf = INFINITY;
  memcpy(b.b + 16, &inf, 4);
  expect_fail("a.msh", b.b, b.n, "NaN or infinity");
  free(b.b);
}

// ------------------------------------------------------------------ dispatch

static void test_dispatch(void** state) {
  (void)state;
  buf_t b = stl_tet("x");
  sn_meshfile mf;
  char err[256];
  assert_int_equal(sn_meshfile_parse("x.bin", "MODEL/STL", b.b, b.n, &mf, err, 256), 0);
  sn_meshfile_free(&mf);
  assert_int_equal(sn_meshfile_parse("dir.v2/x.Stl", "", b.b, b.n, &mf, err, 256), 0);
  sn_meshfile_free(&mf);
  assert_int_equal(sn_meshfile_parse("x.stl", "model/obj", b.b, b.n, &mf, err, 256), -1);
  assert_int_equal(sn_meshfile_parse("x.ply", NULL, b.b, b.n, &mf, err, 256), -1);
  assert_non_null(strstr(err, "x.ply"));
  assert_int_equal(sn_meshfile_parse("dir.stl/x", NULL, b.b, b.n, &mf, err, 256), -1);
  assert_int_equal(sn_meshfile_parse("x.stl", "text/plain", b.b, b.n, &mf, err, 256), -1);
  assert_non_null(strstr(err, "text/plain"));
  char small[8];
  assert_int_equal(sn_meshfile_parse("x.ply", NULL, b.b, b.n, &mf, small, sizeof(small)), -1);
  assert_int_equal(strlen(small), 7);  // truncated, still terminated
  free(b.b);
}

// Every prefix and many single-byte corruptions of valid files: never a crash or a
// leak (the sanitizer build checks), and success or a message.
static void test_truncations_and_flips(void** state) {
  (void)state;
  buf_t files[4] = {stl_tet("solid"), msh_tet(4, 4), {0}, {0}};
  put(&files[2], kAsciiTet, strlen(kAsciiTet));
  const char* obj = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\n"
                    "f 1/1/1 2/1/1 3/1/1 4/1/1\nf -1 -2 -3\n";
  put(&files[3], obj, strlen(obj));
  const char* names[4] = {"f.stl", "f.msh", "g.stl", "f.obj"};
  unsigned seed = 12345;
  for (int f = 0; f < 4; f++) {
    for (size_t len = 0; len <= files[f].n; len++) {
      sn_meshfile mf;
      char err[256];
      unsigned char* copy = malloc(len + 1);  // exact size so ASan sees overreads
      memcpy(copy, files[f].b, len);
      if (parse(names[f], copy, len, &mf, err) == 0) {
        sn_meshfile_free(&mf);
      } else {
        assert_non_null(strstr(err, names[f]));
      }
      free(copy);
    }
    for (int trial = 0; trial < 2000; trial++) {
      sn_meshfile mf;
      char err[256];
      unsigned char* copy = malloc(files[f].n);
      memcpy(copy, files[f].b, files[f].n);
      seed = seed * 1103515245u + 12345u;
      copy[(seed >> 8) % files[f].n] = (unsigned char)(seed >> 20);
      if (parse(names[f], copy, files[f].n, &mf, err) == 0) {
        sn_meshfile_free(&mf);
      }
      free(copy);
    }
    free(files[f].b);
  }
}

// ------------------------------------------------------------------ files on disk

static int parse_file(const char* path, sn_meshfile* mf) {
  char* data = NULL;
  size_t size = 0;
  if (sn_vfs_read(NULL, path, &data, &size) != 0) {
    return 1;  // absent
  }
  char err[512];
  int r = sn_meshfile_parse(path, NULL, data, size, mf, err, sizeof(err));
  mju_free(data);
  if (r != 0) {
    print_error("%s\n", err);
    fail();
  }
  return 0;
}

static void test_project_assets(void** state) {
  (void)state;
  const char* dir = getenv("SINEW_TEST_MODELS");
  if (!dir) {
    skip();
  }
  struct {
    const char* file;
    int nvert, nface;
  } assets[] = {{"cube.stl", 36, 12},        {"cube_ascii.stl", 36, 12},
                {"cube_quads.obj", 8, 12},   {"prism_lshape.obj", 12, 20},
                {"tetra.msh", 4, 4}};
  char path[1024];
  for (size_t i = 0; i < sizeof(assets) / sizeof(assets[0]); i++) {
    snprintf(path, sizeof(path), "%s/assets/%s", dir, assets[i].file);
    sn_meshfile mf;
    assert_int_equal(parse_file(path, &mf), 0);
    assert_int_equal(mf.nvert, assets[i].nvert);
    assert_int_equal(mf.nface, assets[i].nface);
    if (strstr(assets[i].file, "prism")) {
      // bottom cap (a concave hexagon): MuJoCo 3.3.8's triangles
      static const int bottom[] = {5, 4, 3, 3, 2, 1, 3, 1, 0, 5, 3, 0};
      for (int k = 0; k < 12; k++) {
        assert_int_equal(mf.face[k], bottom[k]);
      }
    }
    sn_meshfile_free(&mf);
  }
}

// MuJoCo's own test meshes, when the shared corpus is present.
static void test_corpus_meshes(void** state) {
  (void)state;
  const char* base = "/work/shared/models/mujoco-test/user/testdata";
  struct {
    const char* file;
    int nvert, nface;
  } files[] = {{"cube.obj", 8, 0}, {"cube.stl", 36, 12},      {"cube.msh", 36, 12},
               {"torus.obj", -1, -1}, {"stanford_bunny.obj", -1, -1}, {"malformed_face.obj", 4, 4},
               {"duplicate_vertices.stl", -1, -1}};
  char path[1024];
  int found = 0;
  for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
    snprintf(path, sizeof(path), "%s/%s", base, files[i].file);
    sn_meshfile mf;
    if (parse_file(path, &mf) != 0) {
      continue;
    }
    found++;
    assert_true(mf.nvert > 0);
    if (files[i].nvert >= 0) {
      assert_int_equal(mf.nvert, files[i].nvert);
      assert_int_equal(mf.nface, files[i].nface);
    }
    for (int k = 0; k < 3 * mf.nface; k++) {
      assert_true(mf.face[k] >= 0 && mf.face[k] < mf.nvert);
    }
    sn_meshfile_free(&mf);
  }
  if (!found) {
    skip();
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stl_binary),
      cmocka_unit_test(test_stl_binary_corrupt),
      cmocka_unit_test(test_stl_binary_counts),
      cmocka_unit_test(test_stl_ascii),
      cmocka_unit_test(test_stl_ascii_corrupt),
      cmocka_unit_test(test_obj_polygons),
      cmocka_unit_test(test_obj_triangulation),
      cmocka_unit_test(test_obj_forward_and_vertices_only),
      cmocka_unit_test(test_obj_corrupt),
      cmocka_unit_test(test_msh),
      cmocka_unit_test(test_msh_corrupt),
      cmocka_unit_test(test_dispatch),
      cmocka_unit_test(test_truncations_and_flips),
      cmocka_unit_test(test_project_assets),
      cmocka_unit_test(test_corpus_meshes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
