// Mesh file dispatch: placeholder until the STL/OBJ/MSH readers land.
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "io/meshfile.h"

int sn_meshfile_parse(const char* name, const char* content_type, const void* buf,
                      size_t len, sn_meshfile* out, char* err, int errsz) {
  memset(out, 0, sizeof(*out));
  snprintf(err, (size_t)errsz, "not yet supported: mesh file '%s'", name);
  return -1;
}

void sn_meshfile_free(sn_meshfile* mf) {
  mju_free(mf->vert);
  mju_free(mf->normal);
  mju_free(mf->texcoord);
  mju_free(mf->face);
  mju_free(mf->facenormal);
  mju_free(mf->facetexcoord);
  memset(mf, 0, sizeof(*mf));
}
