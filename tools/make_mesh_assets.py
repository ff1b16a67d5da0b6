#!/usr/bin/env python3
"""Write the small mesh files used by project test models (tests/models/assets/).

Everything is generated here from simple geometry (no third-party files):
  cube.stl        unit cube (half-size 0.5), binary STL, 12 triangles, header starts
                  with "solid" on purpose (binary must be recognised by its size)
  cube_ascii.stl  the same cube as ASCII STL (MuJoCo 3.3.8 itself rejects ASCII STL,
                  so no conformance model uses it; it is for the unit tests)
  cube_quads.obj  the cube as 6 quads with vt/vn, negative indices on two faces
  prism_lshape.obj  an L-shaped prism: two concave hexagon caps + quad sides
  tetra.msh       MuJoCo legacy binary MSH tetrahedron with normals and texcoords
Run: python3 tools/make_mesh_assets.py [outdir]
"""
import os
import struct
import sys

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'models', 'assets')
os.makedirs(out, exist_ok=True)

# cube corners and its 6 quads (counter-clockwise seen from outside)
C = [(x, y, z) for z in (-0.5, 0.5) for y in (-0.5, 0.5) for x in (-0.5, 0.5)]
QUADS = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
NORMALS = [(0, 0, -1), (0, 0, 1), (0, -1, 0), (0, 1, 0), (-1, 0, 0), (1, 0, 0)]
TRIS = [t for q in QUADS for t in ((q[0], q[1], q[2]), (q[0], q[2], q[3]))]


def write(name, data, mode='wb'):
    with open(os.path.join(out, name), mode) as f:
        f.write(data)


def stl_binary():
    head = b'solid cube (binary STL written by sinew tools/make_mesh_assets.py)'
    b = head.ljust(80, b' ') + struct.pack('<I', len(TRIS))
    for i, t in enumerate(TRIS):
        b += struct.pack('<3f', *NORMALS[i // 2])
        for v in t:
            b += struct.pack('<3f', *C[v])
        b += b'\0\0'
    write('cube.stl', b)


def stl_ascii():
    s = 'solid cube\n'
    for i, t in enumerate(TRIS):
        s += '  facet normal %g %g %g\n    outer loop\n' % NORMALS[i // 2]
        for v in t:
            s += '      vertex %g %g %g\n' % C[v]
        s += '    endloop\n  endfacet\n'
    write('cube_ascii.stl', (s + 'endsolid cube\n').encode())


def obj_quads():
    s = '# unit cube as quads (sinew tools/make_mesh_assets.py)\nmtllib none.mtl\no cube\n'
    s += ''.join('v %g %g %g\n' % c for c in C)
    s += 'vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n'
    s += ''.join('vn %g %g %g\n' % n for n in NORMALS)
    s += 'g sides\nusemtl none\ns off\n'
    for i, q in enumerate(QUADS):
        if i < 4:
            s += 'f ' + ' '.join('%d/%d/%d' % (v + 1, k + 1, i + 1) for k, v in enumerate(q)) + '\n'
        else:  # relative indices: vertices -8..-1, texcoords -4..-1, normals -6..-1
            s += 'f ' + ' '.join('%d/%d/%d' % (v - 8, k - 4, i - 6) for k, v in enumerate(q)) + '\n'
    write('cube_quads.obj', s.encode())


def obj_lshape():
    # L-shaped hexagon in the xy plane (reflex corner at index 4), extruded along z
    L = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
    L = [(x * 0.1, y * 0.1) for x, y in L]
    s = '# L-shaped prism (sinew tools/make_mesh_assets.py)\n'
    s += ''.join('v %g %g 0\n' % p for p in L) + ''.join('v %g %g 0.1\n' % p for p in L)
    n = len(L)
    s += 'f ' + ' '.join(str(i + 1) for i in reversed(range(n))) + '\n'  # bottom, facing -z
    s += 'f ' + ' '.join(str(n + i + 1) for i in range(n)) + '\n'      # top, facing +z
    for i in range(n):
        j = (i + 1) % n
        s += 'f %d %d %d %d\n' % (i + 1, j + 1, n + j + 1, n + i + 1)
    write('prism_lshape.obj', s.encode())


def msh_tetra():
    V = [(0, 0, 0), (0.3, 0, 0), (0, 0.2, 0), (0, 0, 0.1)]  # no symmetry: distinct inertia axes
    N = [(-1, -1, -1), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
    T = [(0, 0), (1, 0), (0, 1), (1, 1)]
    F = [(0, 2, 1), (0, 1, 3), (1, 2, 3), (0, 3, 2)]
    b = struct.pack('<4i', len(V), len(N), len(T), len(F))
    for arr, fmt in ((V, '<3f'), (N, '<3f'), (T, '<2f')):
        for e in arr:
            b += struct.pack(fmt, *e)
    for f in F:
        b += struct.pack('<3i', *f)
    write('tetra.msh', b)


stl_binary()
stl_ascii()
obj_quads()
obj_lshape()
msh_tetra()
