// The soft-constraint parameters of one row (computation chapter, "Parameters";
// modeling chapter, "Solver parameters"): the impedance d(r) from solimp, the
// stiffness and damping of the reference acceleration from solref, and the
// regularizer R that makes the constraint soft.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/constraint/constraint.h"

static mjtNum clamp_imp(mjtNum x) {
  return x < mjMINIMP ? mjMINIMP : (x > mjMAXIMP ? mjMAXIMP : x);
}

void sn_impedance(const mjtNum solimp[mjNIMP], mjtNum r, mjtNum* imp, mjtNum* impP) {
  mjtNum d0 = clamp_imp(solimp[0]), dwidth = clamp_imp(solimp[1]);
  mjtNum width = solimp[2], mid = solimp[3], power = solimp[4];

  // a zero-width transition has no inside: the oracle reports the mean of the ends
  if (width <= mjMINVAL) {
    *imp = 0.5 * (d0 + dwidth);
    *impP = 0;
    return;
  }
  mjtNum x = fabs(r) / width;
  if (x >= 1) {
    *imp = dwidth;
    *impP = 0;
    return;
  }

  // the sigmoid: two power-law pieces meeting at the midpoint with equal slope
  mjtNum y, dy;
  if (power == 1) {
    y = x;
    dy = 1;
  } else {
    // u^(power-1) is u itself for the default power 2 (pow is exact when the power is
    // representable, so skipping it changes nothing)
    mjtNum u = x <= mid ? x : 1 - x, c = x <= mid ? mid : 1 - mid;
    mjtNum a = 1 / (power == 2 ? c : pow(c, power - 1));
    mjtNum upow = a * pow(u, power);
    mjtNum du = a * power * (power == 2 ? u : pow(u, power - 1));
    y = x <= mid ? upow : 1 - upow;
    dy = du;
  }
  *imp = d0 + y * (dwidth - d0);

  // d depends on |r|: its slope with respect to r carries the sign of r
  mjtNum sign = r > 0 ? 1 : (r < 0 ? -1 : 0);
  *impP = sign * dy * (dwidth - d0) / width;
}

void sn_stiffness_damping(const mjModel* m, const mjtNum solref[mjNREF],
                          const mjtNum solimp[mjNIMP], int friction, mjtNum* K, mjtNum* B) {
  mjtNum dmax = clamp_imp(solimp[1]);
  mjtNum tc = solref[0], dr = solref[1];
  // a positive number selects (timeconst, dampratio), which needs both positive; a
  // mixed pair is invalid and the oracle falls back to the default (0.02, 1)
  if ((tc > 0) != (dr > 0)) {
    tc = 0.02;
    dr = 1;
  }
  if (tc > 0) {
    // refsafe keeps the time constant resolvable by the step
    if (!(m->opt.disableflags & mjDSBL_REFSAFE) && tc < 2 * m->opt.timestep) {
      tc = 2 * m->opt.timestep;
    }
    *K = 1 / (dmax * dmax * tc * tc * dr * dr);
    *B = 2 / (dmax * tc);
  } else {
    // (-stiffness, -damping)
    *K = -tc / (dmax * dmax);
    *B = -dr / dmax;
  }
  // zero residual: first-order dynamics, only the damping acts
  if (friction) {
    *K = 0;
  }
}

mjtNum sn_regularizer(mjtNum imp, mjtNum diag) {
  mjtNum R = (1 - imp) / imp * diag;
  return R < mjMINVAL ? mjMINVAL : R;
}
