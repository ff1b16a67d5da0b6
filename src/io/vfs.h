// File access for asset loading: the user's virtual file system first, then disk.
#ifndef SINEW_IO_VFS_H_
#define SINEW_IO_VFS_H_

#include <stddef.h>
#include <mujoco/mujoco.h>

// Read a whole file (VFS entry or disk) into a new NUL-terminated buffer freed with
// mju_free. Returns 0 on success, -1 if the file does not exist or cannot be read.
int sn_vfs_read(const mjVFS* vfs, const char* path, char** data, size_t* size);

#endif  // SINEW_IO_VFS_H_
