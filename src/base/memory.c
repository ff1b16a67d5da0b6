// Heap allocation through the user hooks, 64-byte aligned for SIMD and cache lines.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"

void* (*mju_user_malloc)(size_t) = NULL;
void (*mju_user_free)(void*) = NULL;

void* sn_malloc_try(size_t size) {
  if (size == 0) {
    size = 1;
  }
  if (mju_user_malloc) {
    return mju_user_malloc(size);
  }
  if (size > SIZE_MAX - SN_ALIGN) {
    return NULL;
  }
  return aligned_alloc(SN_ALIGN, sn_align(size));
}

void* mju_malloc(size_t size) {
  void* ptr = sn_malloc_try(size);
  if (!ptr) {
    mju_error("Could not allocate memory (%zu bytes)", size);
  }
  return ptr;
}

void mju_free(void* ptr) {
  if (!ptr) {
    return;
  }
  if (mju_user_free) {
    mju_user_free(ptr);
  } else {
    free(ptr);
  }
}
