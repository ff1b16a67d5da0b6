// mjData allocation, reset and copy, and the arena stack used for scratch memory.
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"
#include "model/fields.h"
#include "model/model.h"

size_t sn_data_buffersize(const mjModel* m) {
  size_t total = 0;
#define X(type, name, nr, nc) total += sn_align(sizeof(type) * (size_t)(nr) * (size_t)(nc));
  SN_DATA_ARRAYS(X)
#undef X
  return total;
}

static void sn_data_setptr(const mjModel* m, mjData* d) {
  char* ptr = (char*)d->buffer;
#define X(type, name, nr, nc)                                          \
  d->name = (type*)ptr;                                                \
  ptr += sn_align(sizeof(type) * (size_t)(nr) * (size_t)(nc));
  SN_DATA_ARRAYS(X)
#undef X
}

// Per-step arrays are laid out by the constraint stage; after a reset none exist.
static void sn_data_clear_arena_ptrs(mjData* d) {
#define X(name) d->name = NULL;
  SN_DATA_ARENA_ARRAYS(X)
#undef X
  d->contact = (mjContact*)d->arena;
}

mjData* sn_data_make_try(const mjModel* m) {
  mjData* d = (mjData*)sn_malloc_try(sizeof(mjData));
  if (!d) {
    return NULL;
  }
  memset(d, 0, sizeof(mjData));
  d->nbuffer = (mjtSize)sn_data_buffersize(m);
  d->narena = (mjtSize)sn_align((size_t)(m->narena > 0 ? m->narena : 0));
  d->buffer = sn_malloc_try((size_t)d->nbuffer);
  d->arena = d->buffer ? sn_malloc_try((size_t)d->narena ? (size_t)d->narena : SN_ALIGN) : NULL;
  if (!d->arena) {
    mju_free(d->buffer);
    mju_free(d);
    return NULL;
  }
  d->nplugin = m->nplugin;
  d->signature = m->signature;
  sn_data_setptr(m, d);
  mj_resetData(m, d);
  return d;
}

mjData* mj_makeData(const mjModel* m) {
  mjData* d = sn_data_make_try(m);
  if (!d) {
    mju_error("Could not allocate memory for mjData (%zu bytes of arrays, %zu of arena)",
              sn_data_buffersize(m), (size_t)(m->narena > 0 ? m->narena : 0));
  }
  return d;
}

void mj_deleteData(mjData* d) {
  if (!d) {
    return;
  }
  mju_free(d->buffer);
  mju_free(d->arena);
  mju_free(d);
}

// Reset the state variables; derived quantities are left to the caller.
static void sn_reset_state(const mjModel* m, mjData* d) {
  d->time = 0;
  d->energy[0] = d->energy[1] = 0;
  d->ncon = d->ne = d->nf = d->nl = d->nefc = d->nJ = d->nA = 0;
  d->nisland = d->nidof = 0;
  d->pstack = d->pbase = d->parena = 0;
  d->maxuse_stack = d->maxuse_arena = 0;
  d->maxuse_con = d->maxuse_efc = 0;
  memset(d->maxuse_threadstack, 0, sizeof(d->maxuse_threadstack));
  memset(d->warning, 0, sizeof(d->warning));
  memset(d->timer, 0, sizeof(d->timer));
  memset(d->solver, 0, sizeof(d->solver));
  memset(d->solver_niter, 0, sizeof(d->solver_niter));
  memset(d->solver_nnz, 0, sizeof(d->solver_nnz));
  memset(d->solver_fwdinv, 0, sizeof(d->solver_fwdinv));
  sn_data_clear_arena_ptrs(d);

  memcpy(d->qpos, m->qpos0, sizeof(mjtNum) * (size_t)m->nq);
  memset(d->qvel, 0, sizeof(mjtNum) * (size_t)m->nv);
  memset(d->act, 0, sizeof(mjtNum) * (size_t)m->na);
  memset(d->ctrl, 0, sizeof(mjtNum) * (size_t)m->nu);
  memset(d->qacc_warmstart, 0, sizeof(mjtNum) * (size_t)m->nv);
  memset(d->qfrc_applied, 0, sizeof(mjtNum) * (size_t)m->nv);
  memset(d->xfrc_applied, 0, sizeof(mjtNum) * 6 * (size_t)m->nbody);
  for (int i = 0; i < m->neq; i++) {
    d->eq_active[i] = m->eq_active0[i];
  }
  // mocap bodies start where the model placed them
  for (int i = 0; i < m->nbody; i++) {
    int id = m->body_mocapid[i];
    if (id >= 0) {
      memcpy(d->mocap_pos + 3 * id, m->body_pos + 3 * i, 3 * sizeof(mjtNum));
      memcpy(d->mocap_quat + 4 * id, m->body_quat + 4 * i, 4 * sizeof(mjtNum));
    }
  }
}

void mj_resetData(const mjModel* m, mjData* d) {
  memset(d->buffer, 0, (size_t)d->nbuffer);
  sn_reset_state(m, d);
}

void mj_resetDataDebug(const mjModel* m, mjData* d, unsigned char debug_value) {
  // poison everything, then restore only the state: any stage that reads a
  // quantity it did not compute shows up as garbage
  memset(d->buffer, debug_value, (size_t)d->nbuffer);
  memset(d->arena, debug_value, (size_t)d->narena);
  sn_reset_state(m, d);
}

void mj_resetDataKeyframe(const mjModel* m, mjData* d, int key) {
  mj_resetData(m, d);
  if (key < 0 || key >= m->nkey) {
    return;
  }
  d->time = m->key_time[key];
  memcpy(d->qpos, m->key_qpos + (size_t)key * m->nq, sizeof(mjtNum) * (size_t)m->nq);
  memcpy(d->qvel, m->key_qvel + (size_t)key * m->nv, sizeof(mjtNum) * (size_t)m->nv);
  memcpy(d->act, m->key_act + (size_t)key * m->na, sizeof(mjtNum) * (size_t)m->na);
  memcpy(d->ctrl, m->key_ctrl + (size_t)key * m->nu, sizeof(mjtNum) * (size_t)m->nu);
  memcpy(d->mocap_pos, m->key_mpos + (size_t)key * 3 * m->nmocap,
         sizeof(mjtNum) * 3 * (size_t)m->nmocap);
  memcpy(d->mocap_quat, m->key_mquat + (size_t)key * 4 * m->nmocap,
         sizeof(mjtNum) * 4 * (size_t)m->nmocap);
}

mjData* mj_copyData(mjData* dest, const mjModel* m, const mjData* src) {
  if (!dest) {
    dest = mj_makeData(m);
  }
  if (dest->nbuffer != src->nbuffer || dest->narena != src->narena) {
    mju_error("mj_copyData: destination data has a different size");
    return NULL;
  }
  void* buffer = dest->buffer;
  void* arena = dest->arena;
  *dest = *src;
  dest->buffer = buffer;
  dest->arena = arena;
  memcpy(dest->buffer, src->buffer, (size_t)src->nbuffer);
  sn_data_setptr(m, dest);

  // the arena holds this step's contacts and constraint rows (from the bottom)
  // and the scratch stack (from the top); copy both so the copy is complete
  memcpy(dest->arena, src->arena, src->parena);
  if (src->pstack) {
    memcpy((char*)dest->arena + src->narena - src->pstack,
           (const char*)src->arena + src->narena - src->pstack, src->pstack);
  }
#define X(name)                                                                          \
  if (src->name) {                                                                       \
    dest->name = (void*)((char*)dest->arena + ((const char*)src->name - (const char*)src->arena)); \
  }
  SN_DATA_ARENA_ARRAYS(X)
#undef X
  return dest;
}

//---------------------------------- arena bottom --------------------------------------------------

void* sn_arena_alloc(mjData* d, size_t bytes) {
  size_t start = sn_align(d->parena);
  size_t top = (size_t)d->narena - d->pstack;
  if (start > top || sn_align(bytes ? bytes : 1) > top - start) {
    return NULL;
  }
  d->parena = start + sn_align(bytes ? bytes : 1);
  if ((mjtSize)(d->parena + d->pstack) > d->maxuse_arena) {
    d->maxuse_arena = (mjtSize)(d->parena + d->pstack);
  }
  return (char*)d->arena + start;
}

//---------------------------------- stack ---------------------------------------------------------

// The stack grows down from the end of the arena; pstack counts its bytes. Each
// frame stores the previous frame's base just below itself.
static void* sn_stack_push(mjData* d, size_t bytes, size_t alignment) {
  if (alignment < sizeof(void*)) {
    alignment = sizeof(void*);
  }
  size_t top = (size_t)d->narena - d->pstack;  // offset of the current stack top
  if (bytes > top) {
    mju_error("mj_stackAlloc: out of memory, stack overflow (max = %zu, available = %zu, "
              "requested = %zu). Increase <size memory>.",
              (size_t)d->narena, top > d->parena ? top - d->parena : 0, bytes);
    return NULL;
  }
  size_t start = (top - bytes) & ~(alignment - 1);
  if (start < d->parena) {
    mju_error("mj_stackAlloc: out of memory, stack overflow (max = %zu, available = %zu, "
              "requested = %zu). Increase <size memory>.",
              (size_t)d->narena, top > d->parena ? top - d->parena : 0, bytes);
    return NULL;
  }
  d->pstack = (size_t)d->narena - start;
  if ((mjtSize)d->pstack > d->maxuse_stack) {
    d->maxuse_stack = (mjtSize)d->pstack;
  }
  if ((mjtSize)(d->pstack + d->parena) > d->maxuse_arena) {
    d->maxuse_arena = (mjtSize)(d->pstack + d->parena);
  }
  return (char*)d->arena + start;
}

void mj_markStack(mjData* d) {
  size_t* slot = (size_t*)sn_stack_push(d, sizeof(size_t), sizeof(size_t));
  *slot = d->pbase;
  d->pbase = d->pstack;
}

void mj_freeStack(mjData* d) {
  if (d->pbase == 0) {
    mju_error("mj_freeStack: no matching mj_markStack");
    return;
  }
  d->pstack = d->pbase;
  const size_t* slot = (const size_t*)((char*)d->arena + d->narena - d->pstack);
  d->pbase = *slot;
  d->pstack -= sizeof(size_t);
}

void* mj_stackAllocByte(mjData* d, size_t bytes, size_t alignment) {
  return sn_stack_push(d, bytes, alignment);
}

mjtNum* mj_stackAllocNum(mjData* d, size_t size) {
  return (mjtNum*)sn_stack_push(d, size * sizeof(mjtNum), sizeof(mjtNum));
}

int* mj_stackAllocInt(mjData* d, size_t size) {
  return (int*)sn_stack_push(d, size * sizeof(int), sizeof(int));
}
