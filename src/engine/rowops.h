// Row update shared by the L'*D*L factorisations of M (inertia.c) and of M + h*B
// (integrate.c). Their rows are short ancestor chains (a few to a dozen entries),
// where a vectorised loop spends more on its set-up than on the work.
#ifndef SINEW_ENGINE_ROWOPS_H_
#define SINEW_ENGINE_ROWOPS_H_

#include <mujoco/mujoco.h>

// dst[0..n) -= scale * src[0..n), two entries at a time (each entry is computed
// exactly as in the plain loop, so the results do not change).
static inline void sn_rowSubScaled(mjtNum* restrict dst, const mjtNum* restrict src,
                                   mjtNum scale, int n) {
  int q = 0;
  for (; q + 1 < n; q += 2) {
    mjtNum a = dst[q] - scale * src[q];
    mjtNum b = dst[q + 1] - scale * src[q + 1];
    dst[q] = a;
    dst[q + 1] = b;
  }
  if (q < n) {
    dst[q] -= scale * src[q];
  }
}

#endif  // SINEW_ENGINE_ROWOPS_H_
