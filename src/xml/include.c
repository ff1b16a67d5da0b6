// Include expansion on the DOM, before validation: included elements keep the file,
// line and column they were read from.
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "io/vfs.h"
#include "xml/include.h"
#include "xml/schema.h"

#define SN_MAX_INCLUDES 1024

typedef struct {
  sn_xml_doc* doc;
  const mjVFS* vfs;
  char modeldir[1024];
  const char* seen[SN_MAX_INCLUDES];  // resolved paths already included (doc strings)
  int nseen;
  char* error;
  int error_sz;
} sn_inc_ctx;

void sn_path_dir(const char* path, char* dir, size_t cap) {
  const char* slash = strrchr(path, '/');
  size_t len = slash ? (size_t)(slash - path) + 1 : 0;
  if (len >= cap) {
    len = cap - 1;
  }
  memcpy(dir, path, len);
  dir[len] = 0;
}

// Drop "./" segments so one file reached two ways is recognised as the same file.
static void sn_path_clean(char* p) {
  char* w = p;
  for (const char* r = p; *r;) {
    if (r[0] == '.' && r[1] == '/' && (r == p || r[-1] == '/')) {
      r += 2;
      continue;
    }
    if (r[0] == '/' && w > p && w[-1] == '/') {
      r++;
      continue;
    }
    *w++ = *r++;
  }
  *w = 0;
}

static void sn_path_join(const char* dir, const char* file, char* out, size_t cap) {
  if (file[0] == '/' || !dir[0]) {
    snprintf(out, cap, "%s", file);
  } else {
    snprintf(out, cap, "%s%s", dir, file);
  }
  sn_path_clean(out);
}

// Read an included file: model directory first, then the including file's directory.
static int sn_inc_read(sn_inc_ctx* c, const sn_xml_node* inc, const char* file, char* path,
                       size_t cap, char** data, size_t* size) {
  char dir[1024];
  sn_path_join(c->modeldir, file, path, cap);
  if (!sn_vfs_read(c->vfs, path, data, size)) {
    return 0;
  }
  sn_path_dir(inc->file, dir, sizeof(dir));
  sn_path_join(dir, file, path, cap);
  if (!sn_vfs_read(c->vfs, path, data, size)) {
    return 0;
  }
  return -1;
}

static int sn_inc_check(sn_inc_ctx* c, const sn_xml_node* inc, const char** file) {
  if (inc->child) {
    sn_xml_error(c->error, c->error_sz, inc, NULL, "an include element cannot have children");
    return -1;
  }
  for (int i = 0; i < inc->nattr; i++) {
    if (strcmp(inc->attr[i].name, "file")) {
      sn_xml_error(c->error, c->error_sz, inc, inc->attr + i,
                   "unrecognized attribute (include takes only 'file')");
      return -1;
    }
  }
  *file = sn_xml_get(inc, "file");
  if (!*file) {
    sn_xml_error(c->error, c->error_sz, inc, NULL, "required attribute 'file' is missing");
    return -1;
  }
  return 0;
}

// Parse the file an include element names; returns its top element or NULL.
static sn_xml_node* sn_inc_load(sn_inc_ctx* c, const sn_xml_node* inc) {
  const char* file = NULL;
  if (sn_inc_check(c, inc, &file)) {
    return NULL;
  }
  const sn_xml_attr* fattr = sn_xml_find(inc, "file");
  char path[2048];
  char* data = NULL;
  size_t size = 0;
  if (sn_inc_read(c, inc, file, path, sizeof(path), &data, &size)) {
    sn_xml_error(c->error, c->error_sz, inc, fattr, "cannot open included file '%s'", file);
    return NULL;
  }
  for (int i = 0; i < c->nseen; i++) {
    if (!strcmp(c->seen[i], path)) {
      mju_free(data);
      sn_xml_error(c->error, c->error_sz, inc, fattr,
                   "file '%s' is already included (a file may be included only once)", file);
      return NULL;
    }
  }
  if (c->nseen == SN_MAX_INCLUDES) {
    mju_free(data);
    sn_xml_error(c->error, c->error_sz, inc, fattr, "too many included files");
    return NULL;
  }
  c->seen[c->nseen++] = sn_xml_strdup(c->doc, path);

  char msg[1024];
  sn_xml_node* top = sn_xml_parse(c->doc, data, size, path, msg, sizeof(msg));
  mju_free(data);
  if (!top) {
    snprintf(c->error, (size_t)c->error_sz, "%s (included from %s:%d:%d)", msg, inc->file,
             inc->line, inc->column);
    return NULL;
  }
  if (!top->child) {
    sn_xml_error(c->error, c->error_sz, inc, fattr, "included file '%s' has no elements", file);
    return NULL;
  }
  return top;
}

// Replace node (an include) in its parent's child list by the children of top.
static void sn_inc_splice(sn_xml_node* node, sn_xml_node* top) {
  sn_xml_node* parent = node->parent;
  sn_xml_node* prev = NULL;
  for (sn_xml_node* c = parent->child; c != node; c = c->next) {
    prev = c;
  }
  for (sn_xml_node* c = top->child; c; c = c->next) {
    c->parent = parent;
  }
  top->last->next = node->next;
  if (prev) {
    prev->next = top->child;
  } else {
    parent->child = top->child;
  }
  if (parent->last == node) {
    parent->last = top->last;
  }
}

static int sn_inc_walk(sn_inc_ctx* c, sn_xml_node* node) {
  sn_xml_node* child = node->child;
  while (child) {
    if (!strcmp(child->name, "include")) {
      sn_xml_node* top = sn_inc_load(c, child);
      if (!top) {
        return -1;
      }
      sn_inc_splice(child, top);
      child = top->child;  // the spliced elements may hold includes of their own
      continue;
    }
    if (sn_inc_walk(c, child)) {
      return -1;
    }
    child = child->next;
  }
  return 0;
}

int sn_xml_expand_includes(sn_xml_doc* doc, sn_xml_node* root, const char* modelfile,
                           const mjVFS* vfs, char* error, int error_sz) {
  sn_inc_ctx* c = (sn_inc_ctx*)mju_malloc(sizeof(sn_inc_ctx));
  memset(c, 0, sizeof(sn_inc_ctx));
  c->doc = doc;
  c->vfs = vfs;
  c->error = error;
  c->error_sz = error_sz;
  sn_path_dir(modelfile, c->modeldir, sizeof(c->modeldir));
  char path[2048];
  snprintf(path, sizeof(path), "%s", modelfile);
  sn_path_clean(path);
  c->seen[c->nseen++] = sn_xml_strdup(doc, path);
  int rc = 0;
  if (!strcmp(root->name, "include")) {
    sn_xml_error(error, error_sz, root, NULL, "the top-level element cannot be an include");
    rc = -1;
  } else {
    rc = sn_inc_walk(c, root);
  }
  mju_free(c);
  return rc;
}
