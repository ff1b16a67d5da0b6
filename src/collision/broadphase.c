// Broad phase: one axis-aligned box per body around its collidable geoms (each geom's
// compiled local box rotated into the world and inflated by its margin), then
// sweep-and-prune along the axis where the body centres spread most. Bodies holding a
// plane are unbounded and meet every other body. The result is sorted by body-pair
// signature, the order in which MuJoCo 3.3.8 visits body pairs.
#include <math.h>

#include "base/sort.h"
#include "collision/driver.h"

int sn_body_collides(const mjModel* m, int b) {
  int adr = m->body_geomadr[b], num = m->body_geomnum[b];
  for (int g = adr; g < adr + num; g++) {
    if (m->geom_contype[g] || m->geom_conaffinity[g]) {
      return 1;
    }
  }
  return 0;
}

int sn_bodypair_allowed(const mjModel* m, int b1, int b2) {
  int w1 = m->body_weldid[b1], w2 = m->body_weldid[b2];
  // a user contact filter replaces the weld and parent rules (mjcb_contactfilter)
  if (!mjcb_contactfilter) {
    if (w1 == w2) {
      return 0;
    }
    if (!(m->opt.disableflags & mjDSBL_FILTERPARENT)) {
      int p1 = m->body_weldid[m->body_parentid[w1]];
      int p2 = m->body_weldid[m->body_parentid[w2]];
      if ((w1 != 0 && p2 == w1) || (w2 != 0 && p1 == w2)) {
        return 0;
      }
    }
  }
  // the compiler sorts exclude_signature
  int sig = sn_body_signature(b1, b2), lo = 0, hi = m->nexclude - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2, s = m->exclude_signature[mid];
    if (s == sig) {
      return 0;
    }
    if (s < sig) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return 1;
}

// World box of body b (lo, hi); returns 0 when the body holds a plane (unbounded).
static int sn_body_box(const mjModel* m, const mjData* d, int b, mjtNum* lo, mjtNum* hi) {
  int adr = m->body_geomadr[b], num = m->body_geomnum[b];
  int override = m->opt.enableflags & mjENBL_OVERRIDE;
  for (int k = 0; k < 3; k++) {
    lo[k] = INFINITY;
    hi[k] = -INFINITY;
  }
  for (int g = adr; g < adr + num; g++) {
    if (!m->geom_contype[g] && !m->geom_conaffinity[g]) {
      continue;
    }
    if (m->geom_type[g] == mjGEOM_PLANE) {
      return 0;
    }
    const mjtNum* R = d->geom_xmat + 9 * g;
    const mjtNum* box = m->geom_aabb + 6 * g;
    mjtNum margin = override ? m->opt.o_margin : m->geom_margin[g];
    for (int i = 0; i < 3; i++) {
      mjtNum c = d->geom_xpos[3 * g + i], h = margin;
      for (int j = 0; j < 3; j++) {
        c += R[3 * i + j] * box[j];
        h += fabs(R[3 * i + j]) * box[3 + j];
      }
      lo[i] = fmin(lo[i], c - h);
      hi[i] = fmax(hi[i], c + h);
    }
  }
  return 1;
}

typedef struct {
  mjtNum key;
  int body;
} sn_sapitem;

// the order of qsort with a (key, body) comparator; both orders are total, so any
// sorting algorithm gives the same sequence
static inline int sn_sap_less(const sn_sapitem* x, const sn_sapitem* y) {
  return x->key != y->key ? x->key < y->key : x->body < y->body;
}

#define SN_INT_LESS(x, y) (*(x) < *(y))
SN_DEFINE_SORT(sn_sort_sap, sn_sapitem, sn_sap_less)
SN_DEFINE_SORT(sn_sort_int, int, SN_INT_LESS)

// the axis along which the finite box centres have the largest variance
static int sn_sweep_axis(const int* finite, int nfin, const mjtNum* lo, const mjtNum* hi) {
  mjtNum mean[3] = {0, 0, 0}, var[3] = {0, 0, 0};
  for (int i = 0; i < nfin; i++) {
    for (int k = 0; k < 3; k++) {
      mean[k] += 0.5 * (lo[3 * finite[i] + k] + hi[3 * finite[i] + k]);
    }
  }
  for (int k = 0; k < 3; k++) {
    mean[k] /= nfin > 0 ? nfin : 1;
  }
  for (int i = 0; i < nfin; i++) {
    for (int k = 0; k < 3; k++) {
      mjtNum c = 0.5 * (lo[3 * finite[i] + k] + hi[3 * finite[i] + k]) - mean[k];
      var[k] += c * c;
    }
  }
  return var[0] >= var[1] ? (var[0] >= var[2] ? 0 : 2) : (var[1] >= var[2] ? 1 : 2);
}

// An upper bound on the pairs sn_sweep finds: every unbounded pair and every pair the
// sweep axis alone lets through.
static int sn_sweep_bound(int ncand, int nunb, const sn_sapitem* order, int nfin, int axis,
                          const mjtNum* hi) {
  int n = nunb * ncand;
  for (int i = 0; i < nfin; i++) {
    mjtNum end = hi[3 * order[i].body + axis];
    for (int j = i + 1; j < nfin && order[j].key <= end; j++) {
      n++;
    }
  }
  return n;
}

// Enumerate the overlapping allowed pairs into out; out may be NULL (counting only).
static int sn_sweep(const mjModel* m, const int* cand, int ncand, const int* unbounded,
                    int nunb, const sn_sapitem* order, int nfin, int axis, const mjtNum* lo,
                    const mjtNum* hi, int* out) {
  int n = 0;
  // unbounded bodies against every other candidate (each unordered pair once)
  for (int i = 0; i < nunb; i++) {
    int b1 = unbounded[i];
    for (int j = 0; j < ncand; j++) {
      int b2 = cand[j];
      if (b2 == b1 || (lo[3 * b2] == -INFINITY && b2 < b1)) {
        continue;  // unbounded pairs are visited from their smaller body
      }
      if (sn_bodypair_allowed(m, b1, b2)) {
        if (out) {
          out[n] = sn_body_signature(b1, b2);
        }
        n++;
      }
    }
  }
  for (int i = 0; i < nfin; i++) {
    int b1 = order[i].body;
    mjtNum end = hi[3 * b1 + axis];
    for (int j = i + 1; j < nfin && order[j].key <= end; j++) {
      int b2 = order[j].body, overlap = 1;
      for (int k = 0; k < 3; k++) {
        if (lo[3 * b1 + k] > hi[3 * b2 + k] || lo[3 * b2 + k] > hi[3 * b1 + k]) {
          overlap = 0;
          break;
        }
      }
      if (overlap && sn_bodypair_allowed(m, b1, b2)) {
        if (out) {
          out[n] = sn_body_signature(b1, b2);
        }
        n++;
      }
    }
  }
  return n;
}

int sn_broadphase(const mjModel* m, mjData* d, int** pairs) {
  int nbody = m->nbody;
  mjtNum* lo = mj_stackAllocNum(d, 3 * (size_t)nbody);
  mjtNum* hi = mj_stackAllocNum(d, 3 * (size_t)nbody);
  int* cand = mj_stackAllocInt(d, (size_t)nbody);
  int* unbounded = mj_stackAllocInt(d, (size_t)nbody);
  int* finite = mj_stackAllocInt(d, (size_t)nbody);
  int ncand = 0, nunb = 0, nfin = 0;
  for (int b = 0; b < nbody; b++) {
    if (!m->body_geomnum[b] || !sn_body_collides(m, b)) {
      continue;
    }
    cand[ncand++] = b;
    if (sn_body_box(m, d, b, lo + 3 * b, hi + 3 * b)) {
      finite[nfin++] = b;
    } else {
      for (int k = 0; k < 3; k++) {
        lo[3 * b + k] = -INFINITY;
        hi[3 * b + k] = INFINITY;
      }
      unbounded[nunb++] = b;
    }
  }

  int axis = sn_sweep_axis(finite, nfin, lo, hi);
  sn_sapitem* order =
      (sn_sapitem*)mj_stackAllocByte(d, sizeof(sn_sapitem) * (size_t)(nfin ? nfin : 1),
                                     _Alignof(sn_sapitem));
  for (int i = 0; i < nfin; i++) {
    order[i].key = lo[3 * finite[i] + axis];
    order[i].body = finite[i];
  }
  sn_sapitem* tmp =
      (sn_sapitem*)mj_stackAllocByte(d, sizeof(sn_sapitem) * (size_t)(nfin ? nfin : 1),
                                     _Alignof(sn_sapitem));
  sn_sort_sap(order, tmp, nfin);

  // one pass into room for the bound when the stack has it (with room to spare), else
  // a counting pass first
  size_t bound = (size_t)sn_sweep_bound(ncand, nunb, order, nfin, axis, hi);
  size_t room = (size_t)d->narena - d->pstack - d->parena;
  if (2 * sizeof(int) * bound + 1024 > room) {
    bound = (size_t)sn_sweep(m, cand, ncand, unbounded, nunb, order, nfin, axis, lo, hi, NULL);
  }
  int* sig = mj_stackAllocInt(d, bound ? bound : 1);
  int n = sn_sweep(m, cand, ncand, unbounded, nunb, order, nfin, axis, lo, hi, sig);
  int* sigtmp = mj_stackAllocInt(d, (size_t)(n ? n : 1));
  sn_sort_int(sig, sigtmp, n);
  *pairs = sig;
  return n;
}
