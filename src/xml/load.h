// MJCF loading entry points below mj_loadXML: text -> DOM -> includes -> validation ->
// spec. The compiler (sn_compile) then turns the spec into an mjModel.
#ifndef SINEW_XML_LOAD_H_
#define SINEW_XML_LOAD_H_

#include <stddef.h>

#include <mujoco/mujoco.h>

#include "compiler/spec.h"

// Parse an MJCF file (read through the VFS, then disk) into a new spec without
// compiling it. Returns NULL with a message naming file, line and column on failure.
sn_spec* sn_xml_load_spec(const char* filename, const mjVFS* vfs, char* error, int error_sz);

// Same for MJCF text in memory; filename names it in messages and is the base for
// include paths.
sn_spec* sn_xml_load_spec_text(const char* text, size_t len, const char* filename,
                               const mjVFS* vfs, char* error, int error_sz);

#endif  // SINEW_XML_LOAD_H_
