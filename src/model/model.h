// Internal model/data memory management shared by the compiler and the tests.
#ifndef SINEW_MODEL_MODEL_H_
#define SINEW_MODEL_MODEL_H_

#include <mujoco/mujoco.h>

// Allocate a model whose size fields, opt, vis and stat are copied from sizes;
// every array is zeroed. Returns NULL (without calling mju_error) on failure.
mjModel* sn_model_alloc(const mjModel* sizes);

// Bytes of the model buffer needed for the sizes in m.
size_t sn_model_buffersize(const mjModel* m);

// Hash of the model's structural sizes, stored in m->signature and d->signature.
uint64_t sn_model_signature(const mjModel* m);

// Bytes of the data buffer (model-sized arrays) needed for model m.
size_t sn_data_buffersize(const mjModel* m);

// mj_makeData that returns NULL instead of calling mju_error when memory is short.
mjData* sn_data_make_try(const mjModel* m);

// Bump-allocate bytes (64-byte aligned) at the arena's bottom, above the contacts and
// constraint rows already there; NULL, with nothing changed, when it would reach the stack.
void* sn_arena_alloc(mjData* d, size_t bytes);

#endif  // SINEW_MODEL_MODEL_H_
