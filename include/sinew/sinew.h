// Sinew's own extensions to the MuJoCo API (sn_ prefix).
#ifndef SINEW_SINEW_H_
#define SINEW_SINEW_H_

#include <mujoco/mujoco.h>

#define SINEW_VERSION_STRING "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

// Version of the Sinew implementation (mj_versionString gives the MuJoCo API level).
MJAPI const char* sn_versionString(void);

#ifdef __cplusplus
}
#endif

#endif  // SINEW_SINEW_H_
