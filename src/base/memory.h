// Internal allocation helpers for code that must turn an allocation failure into an
// ordinary error (model loading) instead of mju_error.
#ifndef SINEW_BASE_MEMORY_H_
#define SINEW_BASE_MEMORY_H_

#include <stddef.h>

// Like mju_malloc (user hook or 64-byte aligned heap, freed with mju_free), but returns
// NULL instead of calling mju_error when the memory cannot be had.
void* sn_malloc_try(size_t size);

#endif  // SINEW_BASE_MEMORY_H_
