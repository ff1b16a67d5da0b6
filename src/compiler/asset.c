// Asset file paths: where MJCF's meshdir, texturedir, assetdir and strippath say a
// mesh, height field or texture file is.
#include <stdio.h>
#include <string.h>

#include "compiler/compile.h"

static const char* sn_slash_if_needed(const char* dir) {
  return dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "";
}

void sn_asset_path(const sn_spec* spec, const char* typedir, const char* filedir,
                   const char* file, char* out, size_t n) {
  const sn_compiler* cc = &spec->compiler;
  if (filedir && filedir[0] && file[0] != '/') {
    snprintf(out, n, "%s%s%s", filedir, sn_slash_if_needed(filedir), file);
    return;
  }
  const char* dir = typedir && typedir[0] ? typedir
                    : cc->assetdir && cc->assetdir[0] ? cc->assetdir
                                                      : "";
  if (cc->strippath) {
    const char* slash = strrchr(file, '/');
    file = slash ? slash + 1 : file;
  }
  const char* mdir = spec->modeldir ? spec->modeldir : "";
  if (file[0] == '/') {
    snprintf(out, n, "%s", file);
  } else if (dir[0] == '/') {
    snprintf(out, n, "%s%s%s", dir, sn_slash_if_needed(dir), file);
  } else {
    snprintf(out, n, "%s%s%s%s%s", mdir, sn_slash_if_needed(mdir), dir, sn_slash_if_needed(dir),
             file);
  }
}

// Bytes of the asset paths stored before the first path of one asset type: 3.3.8
// stores the paths buffer by type in the order meshes, height fields, textures.
int sn_asset_paths_before(const sn_ctx* c, int objtype) {
  const sn_spec* s = c->spec;
  int bytes = 0;
  if (objtype == mjOBJ_MESH) {
    return 0;
  }
  for (int i = 0; i < SN_COUNT(s, meshes); i++) {
    const char* f = SN_AT(s, meshes, sn_mesh, i).file;
    bytes += f && f[0] ? (int)strlen(f) + 1 : 0;
  }
  if (objtype == mjOBJ_HFIELD) {
    return bytes;
  }
  for (int i = 0; i < SN_COUNT(s, hfields); i++) {
    const char* f = SN_AT(s, hfields, sn_hfield, i).file;
    bytes += f && f[0] ? (int)strlen(f) + 1 : 0;
  }
  return bytes;
}
