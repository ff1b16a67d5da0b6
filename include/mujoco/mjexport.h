// Symbol visibility for the public API of libsinew.
#ifndef MUJOCO_MJEXPORT_H_
#define MUJOCO_MJEXPORT_H_

#if defined(_WIN32)
  #if defined(SINEW_BUILDING)
    #define MJAPI __declspec(dllexport)
  #else
    #define MJAPI __declspec(dllimport)
  #endif
  #define MJLOCAL
#else
  #define MJAPI __attribute__((visibility("default")))
  #define MJLOCAL __attribute__((visibility("hidden")))
#endif

#endif  // MUJOCO_MJEXPORT_H_
