// hfield assets: placeholder until the hfield compiler lands (the reader does not produce
// height fields yet, so there is nothing to compile).
#include "compiler/compile.h"

int sn_hfield_prepare(sn_ctx* c) {
  return 1;
}

void sn_hfield_sizes(sn_ctx* c, mjModel* z) {
}

int sn_compile_hfields(sn_ctx* c) {
  return 1;
}

void sn_hfield_free(sn_ctx* c) {
}
