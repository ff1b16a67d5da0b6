// Asset file paths: where MJCF's meshdir, texturedir, assetdir and strippath say a
// mesh, height field or texture file is.
#include <stdio.h>
#include <string.h>

#include "compiler/compile.h"
#include "io/vfs.h"

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

const char* sn_asset_file(const sn_spec* spec, const char* file) {
  const char* slash = spec->compiler.strippath && file ? strrchr(file, '/') : NULL;
  return slash ? slash + 1 : file;
}

static int sn_paths_len(const sn_spec* spec, const char* file) {
  return file && file[0] ? (int)strlen(sn_asset_file(spec, file)) + 1 : 0;
}

int sn_asset_paths_offset(const sn_spec* spec, int objtype) {
  int n = 0;
  if (objtype == mjOBJ_HFIELD) {
    return n;
  }
  for (int i = 0; i < SN_COUNT(spec, hfields); i++) {
    n += sn_paths_len(spec, SN_AT(spec, hfields, sn_hfield, i).file);
  }
  if (objtype == mjOBJ_MESH) {
    return n;
  }
  for (int i = 0; i < SN_COUNT(spec, meshes); i++) {
    n += sn_paths_len(spec, SN_AT(spec, meshes, sn_mesh, i).file);
  }
  return n;
}

int sn_asset_read(sn_ctx* c, const char* typedir, const char* filedir, const char* file,
                  const sn_srcloc* loc, const char* attr, const char* what, char* path,
                  size_t pathsz, char** buf, size_t* size) {
  sn_asset_path(c->spec, typedir, filedir, file, path, pathsz);
  *buf = NULL;
  *size = 0;
  if (sn_vfs_read(c->vfs, path, buf, size) != 0) {
    return sn_cerr_attr(c, loc, attr, "could not open %s file '%s'", what, path);
  }
  return 1;
}
