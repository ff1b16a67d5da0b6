// Tendon wrapping geometry (see wrap.h).
#include "engine/wrap.h"

mjtNum sn_wrap_geom(int type, mjtNum r, const mjtNum pos[3], const mjtNum mat[9],
                    const mjtNum p0[3], const mjtNum p1[3], const mjtNum* side, mjtNum t[6]) {
  (void)type;
  (void)r;
  (void)pos;
  (void)mat;
  (void)p0;
  (void)p1;
  (void)side;
  (void)t;
  return -1;
}
