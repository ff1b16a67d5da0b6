// mesh assets: placeholder until the mesh compiler lands (the reader does not produce
// meshes yet, so there is nothing to compile).
#include "compiler/compile.h"

int sn_mesh_prepare(sn_ctx* c) {
  return 1;
}

void sn_mesh_sizes(sn_ctx* c, mjModel* z) {
}

int sn_compile_meshes(sn_ctx* c) {
  return 1;
}

void sn_mesh_free(sn_ctx* c) {
}
