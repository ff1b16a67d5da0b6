// <include file="..."/>: splice the top-level children of other MJCF files into the DOM.
#ifndef SINEW_XML_INCLUDE_H_
#define SINEW_XML_INCLUDE_H_

#include <mujoco/mujoco.h>

#include "xml/dom.h"

// Replace every include element under root (recursively, also inside included files) by
// the children of the included file's top element. A path is looked up relative to the
// main model's directory first and then relative to the including file's directory (the
// order MuJoCo uses); a file may be included only once. Returns 0, or -1 with a message
// naming the file, line and column in error.
int sn_xml_expand_includes(sn_xml_doc* doc, sn_xml_node* root, const char* modelfile,
                           const mjVFS* vfs, char* error, int error_sz);

// Directory part of a path including the final '/', or "" (written into dir).
void sn_path_dir(const char* path, char* dir, size_t cap);

#endif  // SINEW_XML_INCLUDE_H_
