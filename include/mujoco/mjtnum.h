// Scalar types and numeric limits shared by every Sinew header.
#ifndef MUJOCO_MJTNUM_H_
#define MUJOCO_MJTNUM_H_

#include <stdint.h>

// Sinew always computes in double precision.
typedef double mjtNum;
#define mjUSEDOUBLE

typedef unsigned char mjtByte;   // flags and small enums stored compactly
typedef unsigned char mjtBool;   // boolean stored in one byte
typedef int64_t mjtSize;         // byte counts that may exceed 2 GB

#define mjMINVAL    1E-15        // smaller magnitudes are treated as zero
#define mjMAXVAL    1E+10        // larger magnitudes signal divergence

#endif  // MUJOCO_MJTNUM_H_
