// mjModel allocation, copy and deletion, generated from the field table.
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "base/memory.h"
#include "model/fields.h"
#include "model/model.h"

size_t sn_model_buffersize(const mjModel* m) {
  size_t total = 0;
#define X(type, name, nr, nc) total += sn_align(sizeof(type) * (size_t)(nr) * (size_t)(nc));
  SN_MODEL_ARRAYS(X)
#undef X
  return total;
}

// Point every array of m into m->buffer (sizes must already be set).
static void sn_model_setptr(mjModel* m) {
  char* ptr = (char*)m->buffer;
#define X(type, name, nr, nc)                                          \
  m->name = (type*)ptr;                                                \
  ptr += sn_align(sizeof(type) * (size_t)(nr) * (size_t)(nc));
  SN_MODEL_ARRAYS(X)
#undef X
}

uint64_t sn_model_signature(const mjModel* m) {
  // FNV-1a over the size fields: models with the same structure share a
  // signature, so mjData made for one can be used with a copy of the other
  const int sizes[] = {m->nq, m->nv, m->nu, m->na, m->nbody, m->njnt, m->ngeom, m->nsite,
                       m->ncam, m->nlight, m->nflex, m->nmesh, m->nskin, m->nhfield, m->ntex,
                       m->nmat, m->npair, m->nexclude, m->neq, m->ntendon, m->nwrap,
                       m->nsensor, m->nnumeric, m->ntext, m->ntuple, m->nkey, m->nmocap,
                       m->nplugin, m->nuserdata, m->nsensordata, m->nM, m->nC, m->nD, m->nB};
  uint64_t h = 1469598103934665603ULL;
  const unsigned char* p = (const unsigned char*)sizes;
  for (size_t i = 0; i < sizeof(sizes); i++) {
    h ^= p[i];
    h *= 1099511628211ULL;
  }
  return h;
}

mjModel* sn_model_alloc(const mjModel* sizes) {
  // through the user's allocation hooks like every other Sinew allocation, but
  // without mju_error: the compiler reports a failure as a load error
  mjModel* m = (mjModel*)sn_malloc_try(sizeof(mjModel));
  if (!m) {
    return NULL;
  }
  *m = *sizes;
  m->nbuffer = (mjtSize)sn_model_buffersize(m);
  m->buffer = sn_malloc_try((size_t)m->nbuffer);
  if (!m->buffer) {
    mju_free(m);
    return NULL;
  }
  memset(m->buffer, 0, (size_t)m->nbuffer);
  sn_model_setptr(m);
  m->signature = sn_model_signature(m);
  return m;
}

mjModel* mj_copyModel(mjModel* dest, const mjModel* src) {
  if (!src) {
    return NULL;
  }
  if (!dest) {
    mjModel* m = sn_model_alloc(src);
    if (!m) {
      mju_error("mj_copyModel: could not allocate model");
      return NULL;
    }
    memcpy(m->buffer, src->buffer, (size_t)src->nbuffer);
    return m;
  }
  if (dest->nbuffer != src->nbuffer || dest->signature != src->signature) {
    mju_error("mj_copyModel: destination model has a different structure");
    return NULL;
  }
  void* buffer = dest->buffer;
  *dest = *src;
  dest->buffer = buffer;
  memcpy(dest->buffer, src->buffer, (size_t)src->nbuffer);
  sn_model_setptr(dest);
  return dest;
}

void mj_deleteModel(mjModel* m) {
  if (!m) {
    return;
  }
  mju_free(m->buffer);
  mju_free(m);
}

mjtSize mj_sizeModel(const mjModel* m) {
  // header of size fields plus every array: what an MJB file of m will hold
  return (mjtSize)(sizeof(mjModel) + (size_t)m->nbuffer);
}

mjtNum mj_getTotalmass(const mjModel* m) {
  mjtNum total = 0;
  for (int i = 1; i < m->nbody; i++) {
    total += m->body_mass[i];
  }
  return total;
}

void mj_setTotalmass(mjModel* m, mjtNum newmass) {
  mjtNum total = mj_getTotalmass(m);
  if (total < mjMINVAL) {
    return;
  }
  mjtNum scale = newmass / total;
  for (int i = 1; i < m->nbody; i++) {
    m->body_mass[i] *= scale;
    for (int k = 0; k < 3; k++) {
      m->body_inertia[3 * i + k] *= scale;
    }
  }
  // subtree masses are derived; keep them consistent with the new body masses
  for (int i = 0; i < m->nbody; i++) {
    m->body_subtreemass[i] *= scale;
  }
}
