// Library version: Sinew reports the MuJoCo API level it implements.
#include <mujoco/mujoco.h>

#include "sinew/sinew.h"

int mj_version(void) {
  return mjVERSION_HEADER;
}

const char* mj_versionString(void) {
  return "3.3.8";
}

const char* sn_versionString(void) {
  return SINEW_VERSION_STRING;
}
