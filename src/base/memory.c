// Heap allocation through the user hooks, 64-byte aligned for SIMD and cache lines.
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

void* (*mju_user_malloc)(size_t) = NULL;
void (*mju_user_free)(void*) = NULL;

enum { SN_ALIGN = 64 };

void* mju_malloc(size_t size) {
  void* ptr = NULL;
  if (size == 0) {
    size = 1;
  }
  if (mju_user_malloc) {
    ptr = mju_user_malloc(size);
  } else {
    size_t rounded = (size + SN_ALIGN - 1) / SN_ALIGN * SN_ALIGN;
    ptr = aligned_alloc(SN_ALIGN, rounded);
  }
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
