// Virtual file system: named in-memory buffers that shadow files on disk.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <mujoco/mujoco.h>

#include "io/vfs.h"

typedef struct {
  char* name;     // normalised path used for lookup
  char* data;
  size_t size;
} sn_vfs_file;

typedef struct {
  sn_vfs_file* files;
  int nfile;
  int capacity;
} sn_vfs;

static sn_vfs* sn_vfs_impl(const mjVFS* vfs) {
  return vfs ? (sn_vfs*)vfs->impl_ : NULL;
}

static char* sn_strdup(const char* s) {
  size_t n = strlen(s) + 1;
  char* r = (char*)mju_malloc(n);
  memcpy(r, s, n);
  return r;
}

// Collapse "./" segments and duplicate separators so "a//./b" and "a/b" match.
static void sn_normalise(char* dst, size_t cap, const char* dir, const char* file) {
  char tmp[4096];
  if (dir && dir[0]) {
    snprintf(tmp, sizeof(tmp), "%s/%s", dir, file);
  } else {
    snprintf(tmp, sizeof(tmp), "%s", file);
  }
  size_t j = 0;
  for (size_t i = 0; tmp[i] && j + 1 < cap; i++) {
    if (tmp[i] == '/' && j > 0 && dst[j - 1] == '/') {
      continue;
    }
    if (tmp[i] == '.' && tmp[i + 1] == '/' && (i == 0 || tmp[i - 1] == '/')) {
      i++;
      continue;
    }
    dst[j++] = tmp[i];
  }
  dst[j] = 0;
}

static int sn_vfs_find(const sn_vfs* v, const char* name) {
  for (int i = 0; v && i < v->nfile; i++) {
    if (!strcmp(v->files[i].name, name)) {
      return i;
    }
  }
  return -1;
}

void mj_defaultVFS(mjVFS* vfs) {
  sn_vfs* v = (sn_vfs*)mju_malloc(sizeof(sn_vfs));
  memset(v, 0, sizeof(sn_vfs));
  vfs->impl_ = v;
}

static int sn_vfs_add(sn_vfs* v, const char* name, const void* data, size_t size) {
  if (sn_vfs_find(v, name) >= 0) {
    return 1;
  }
  if (v->nfile == v->capacity) {
    int cap = v->capacity ? 2 * v->capacity : 16;
    sn_vfs_file* files = (sn_vfs_file*)mju_malloc(sizeof(sn_vfs_file) * (size_t)cap);
    if (v->files) {
      memcpy(files, v->files, sizeof(sn_vfs_file) * (size_t)v->nfile);
      mju_free(v->files);
    }
    v->files = files;
    v->capacity = cap;
  }
  sn_vfs_file* f = v->files + v->nfile++;
  f->name = sn_strdup(name);
  f->data = (char*)mju_malloc(size + 1);
  memcpy(f->data, data, size);
  f->data[size] = 0;
  f->size = size;
  return 0;
}

int mj_addFileVFS(mjVFS* vfs, const char* directory, const char* filename) {
  sn_vfs* v = sn_vfs_impl(vfs);
  if (!v) {
    return -1;
  }
  char path[4096];
  sn_normalise(path, sizeof(path), directory, filename);
  char* data = NULL;
  size_t size = 0;
  if (sn_vfs_read(NULL, path, &data, &size)) {
    return -1;
  }
  // the VFS key is the file name as the model refers to it, not the disk path
  char key[4096];
  sn_normalise(key, sizeof(key), NULL, filename);
  int rc = sn_vfs_add(v, key, data, size);
  mju_free(data);
  return rc;
}

int mj_addBufferVFS(mjVFS* vfs, const char* name, const void* buffer, int nbuffer) {
  sn_vfs* v = sn_vfs_impl(vfs);
  if (!v || nbuffer < 0) {
    return -1;
  }
  char key[4096];
  sn_normalise(key, sizeof(key), NULL, name);
  return sn_vfs_add(v, key, buffer, (size_t)nbuffer);
}

int mj_deleteFileVFS(mjVFS* vfs, const char* filename) {
  sn_vfs* v = sn_vfs_impl(vfs);
  char key[4096];
  sn_normalise(key, sizeof(key), NULL, filename);
  int i = sn_vfs_find(v, key);
  if (i < 0) {
    return -1;
  }
  mju_free(v->files[i].name);
  mju_free(v->files[i].data);
  v->files[i] = v->files[--v->nfile];
  return 0;
}

void mj_deleteVFS(mjVFS* vfs) {
  sn_vfs* v = sn_vfs_impl(vfs);
  if (!v) {
    return;
  }
  for (int i = 0; i < v->nfile; i++) {
    mju_free(v->files[i].name);
    mju_free(v->files[i].data);
  }
  mju_free(v->files);
  mju_free(v);
  vfs->impl_ = NULL;
}

int sn_vfs_read(const mjVFS* vfs, const char* path, char** data, size_t* size) {
  sn_vfs* v = sn_vfs_impl(vfs);
  if (v) {
    char key[4096];
    sn_normalise(key, sizeof(key), NULL, path);
    int i = sn_vfs_find(v, key);
    if (i < 0) {
      // models refer to assets by name relative to the model; try the bare name too
      const char* slash = strrchr(key, '/');
      if (slash) {
        i = sn_vfs_find(v, slash + 1);
      }
    }
    if (i >= 0) {
      *data = (char*)mju_malloc(v->files[i].size + 1);
      memcpy(*data, v->files[i].data, v->files[i].size + 1);
      *size = v->files[i].size;
      return 0;
    }
  }
  // only regular files: a directory opens fine on Linux but has no sensible size
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
    return -1;
  }
  FILE* fp = fopen(path, "rb");
  if (!fp) {
    return -1;
  }
  if (fseek(fp, 0, SEEK_END) != 0) {
    fclose(fp);
    return -1;
  }
  long len = ftell(fp);
  if (len < 0 || fseek(fp, 0, SEEK_SET) != 0) {
    fclose(fp);
    return -1;
  }
  char* buf = (char*)mju_malloc((size_t)len + 1);
  if (fread(buf, 1, (size_t)len, fp) != (size_t)len) {
    fclose(fp);
    mju_free(buf);
    return -1;
  }
  fclose(fp);
  buf[len] = 0;
  *data = buf;
  *size = (size_t)len;
  return 0;
}
