// <contact> pairs and excludes: placeholder until the reader produces them.
#include "compiler/compile.h"

void sn_contact_sizes(sn_ctx* c, mjModel* z) {
}

int sn_compile_contacts(sn_ctx* c) {
  return 1;
}
