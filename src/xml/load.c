// mj_loadXML and the parse-only entry points. Every stage returns its first error as
// "file:line:col: element 'x': attribute 'y': message"; all memory of a failed load is
// released before returning.
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/errtrap.h"
#include "compiler/spec.h"
#include "io/vfs.h"
#include "xml/dom.h"
#include "xml/include.h"
#include "xml/load.h"
#include "xml/reader.h"
#include "xml/schema.h"

sn_spec* sn_xml_load_spec_text(const char* text, size_t len, const char* filename,
                               const mjVFS* vfs, char* error, int error_sz) {
  char local[1024];
  if (!error || error_sz <= 0) {
    error = local;
    error_sz = (int)sizeof(local);
  }
  error[0] = 0;
  if (!filename) {
    filename = "";
  }
  sn_xml_doc* doc = sn_xml_doc_create();
  sn_spec* spec = NULL;
  sn_xml_node* root = sn_xml_parse(doc, text, len, filename, error, error_sz);
  if (!root) {
    goto fail;
  }
  if (sn_xml_expand_includes(doc, root, filename, vfs, error, error_sz) ||
      sn_schema_validate(root, error, error_sz)) {
    goto fail;
  }
  spec = sn_spec_create();
  spec->modelfile = sn_spec_strdup(spec, filename);
  char dir[2048];
  sn_path_dir(filename, dir, sizeof(dir));
  spec->modeldir = sn_spec_strdup(spec, dir);
  if (sn_xml_read(root, spec, vfs, error, error_sz)) {
    goto fail;
  }
  sn_xml_doc_free(doc);
  return spec;

fail:
  sn_spec_free(spec);
  sn_xml_doc_free(doc);
  return NULL;
}

sn_spec* sn_xml_load_spec(const char* filename, const mjVFS* vfs, char* error, int error_sz) {
  char* data = NULL;
  size_t size = 0;
  if (!filename || sn_vfs_read(vfs, filename, &data, &size)) {
    if (error && error_sz > 0) {
      snprintf(error, (size_t)error_sz, "%s: cannot open the model file",
               filename ? filename : "(null)");
    }
    return NULL;
  }
  sn_spec* spec = sn_xml_load_spec_text(data, size, filename, vfs, error, error_sz);
  mju_free(data);
  return spec;
}

// Loading must never exit the process: an mju_error raised anywhere below
// (allocation failure, a stage run at compile time) becomes a load error. Stages
// check their inputs first, so this is a last resort and the memory of the
// interrupted stage may be lost.
static mjModel* sn_load_trapped(const char* filename, const mjVFS* vfs, char* error,
                                int error_sz) {
  sn_spec* volatile spec = NULL;
  sn_errtrap trap;
  if (!SN_ERRTRAP(&trap)) {
    sn_errtrap_pop(&trap);
    snprintf(error, (size_t)error_sz, "%s: %s", filename ? filename : "(null)", trap.message);
    sn_spec_free(spec);
    return NULL;
  }
  spec = sn_xml_load_spec(filename, vfs, error, error_sz);
  if (!spec) {
    sn_errtrap_pop(&trap);
    return NULL;
  }
  mjModel* m = sn_compile(spec, vfs, error, error_sz);
  sn_errtrap_pop(&trap);
  sn_spec_free(spec);
  return m;
}

mjModel* mj_loadXML(const char* filename, const mjVFS* vfs, char* error, int error_sz) {
  char local[1024];
  if (!error || error_sz <= 0) {
    error = local;
    error_sz = (int)sizeof(local);
  }
  error[0] = 0;
  return sn_load_trapped(filename, vfs, error, error_sz);
}
