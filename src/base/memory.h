// Internal allocation helpers for code that must turn an allocation failure into an
// ordinary error (model loading) instead of mju_error.
#ifndef SINEW_BASE_MEMORY_H_
#define SINEW_BASE_MEMORY_H_

#include <stddef.h>

// Every Sinew heap block and every model/data array starts on a 64-byte boundary so
// vectorised loops never straddle cache lines.
enum { SN_ALIGN = 64 };

// n rounded up to a multiple of SN_ALIGN.
static inline size_t sn_align(size_t n) {
  return (n + SN_ALIGN - 1) / SN_ALIGN * SN_ALIGN;
}

// Like mju_malloc (user hook or 64-byte aligned heap, freed with mju_free), but returns
// NULL instead of calling mju_error when the memory cannot be had.
void* sn_malloc_try(size_t size);

#endif  // SINEW_BASE_MEMORY_H_
