// Actuator length ranges computed by simulation (<compiler><lengthrange>, mj_setLengthRange).
//
// The actuator's transmission is pushed towards its shortest, then its longest length by
// a force whose induced joint-space acceleration has norm opt->accel, while the joint
// velocity decays with time constant opt->timeconst; the extreme length seen over the last
// opt->interval seconds of each run becomes the range. Behaviour pinned down against
// MuJoCo 3.3.8 (see tests/models/lengthrange_*.xml):
// - the model is simulated as given: its own timestep, integrator (through mj_step1/2, so
//   RK4 integrates with Euler) and flags. The compiler (lengthrange_all.c) is the one that
//   disables contacts, gravity, springs, dampers, friction loss and actuation and swaps in
//   opt->timestep;
// - each run starts from mj_resetData; the velocity is scaled by exp(-dt/timeconst) before
//   every step (time constant at least 0.01 s), the force is recomputed at every step from
//   the current moment and inertia, and a step's length (computed by mj_step1, before the
//   integration) is sampled when the time after the step exceeds inttotal-interval;
// - uselimit reads the transmission id at actuator_trnid[index] (not 2*index) and copies
//   the joint/tendon range without the gear: 3.3.8 does exactly this, so it is matched.
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include <mujoco/mujoco.h>

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int lr_fail(char* error, int error_sz, const char* fmt, ...) {
  if (error && error_sz > 0) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(error, (size_t)error_sz, fmt, args);
    va_end(args);
  }
  return 0;
}

// Whether mode selects the actuator (muscle: gain or bias is muscle; muscleuser: or user).
static int lr_selected(const mjModel* m, int index, int mode) {
  int gain = m->actuator_gaintype[index], bias = m->actuator_biastype[index];
  int muscle = gain == mjGAIN_MUSCLE || bias == mjBIAS_MUSCLE;
  int user = gain == mjGAIN_USER || bias == mjBIAS_USER;
  switch (mode) {
    case mjLRMODE_MUSCLE:
      return muscle;
    case mjLRMODE_MUSCLEUSER:
      return muscle || user;
    case mjLRMODE_ALL:
      return 1;
    default:
      return 0;
  }
}

// uselimit: copy the range of a limited joint or tendon transmission; 1 if copied.
static int lr_from_limit(mjModel* m, int index) {
  int type = m->actuator_trntype[index];
  int id = m->actuator_trnid[index];  // sic: 3.3.8 indexes trnid by the actuator id
  const mjtNum* src = NULL;
  if ((type == mjTRN_JOINT || type == mjTRN_JOINTINPARENT) && id >= 0 && id < m->njnt &&
      m->jnt_limited[id]) {
    src = m->jnt_range + 2 * id;
  } else if (type == mjTRN_TENDON && id >= 0 && id < m->ntendon && m->tendon_limited[id]) {
    src = m->tendon_range + 2 * id;
  }
  if (!src) {
    return 0;
  }
  m->actuator_lengthrange[2 * index] = src[0];
  m->actuator_lengthrange[2 * index + 1] = src[1];
  return 1;
}

// qfrc_applied = sign * F * moment, with F such that |inv(M) * F * moment| = accel and
// the force vector's norm capped at maxforce (when positive). Needs mj_step1's M and moment.
static void lr_apply_force(const mjModel* m, mjData* d, int index, mjtNum sign,
                           const mjLROpt* opt) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* moment = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mjtNum* acc = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mju_zero(moment, nv);
  int adr = d->moment_rowadr[index];
  for (int k = 0; k < d->moment_rownnz[index]; k++) {
    moment[d->moment_colind[adr + k]] = d->actuator_moment[adr + k];
  }
  mj_solveM(m, d, acc, moment, 1);
  mjtNum force = opt->accel / mju_max(mjMINVAL, mju_norm(acc, nv));
  mju_scl(d->qfrc_applied, moment, sign * force, nv);
  mjtNum norm = mju_norm(d->qfrc_applied, nv);
  if (opt->maxforce > 0 && norm > opt->maxforce) {
    mju_scl(d->qfrc_applied, d->qfrc_applied, opt->maxforce / norm, nv);
  }
  mj_freeStack(d);
}

// One run towards the shorter (sign -1) or longer (sign +1) length: the smallest and largest
// length sampled over the final interval (both 0 when nothing was sampled). Returns 0 when
// the simulation keeps resetting itself (divergence), which would otherwise never end.
static int lr_run(const mjModel* m, mjData* d, int index, mjtNum sign, const mjLROpt* opt,
                  mjtNum range[2]) {
  mjtNum dt = m->opt.timestep;
  mjtNum decay = mju_exp(-dt / mju_max(0.01, opt->timeconst));  // 3.3.8: at least 0.01 s
  // a bad acceleration resets the data (time back to 0): bound the number of steps
  double budget = 4 * (opt->inttotal / dt) + 100;
  int sampled = 0;
  range[0] = range[1] = 0;
  mj_resetData(m, d);
  for (double steps = 0; d->time < opt->inttotal; steps++) {
    if (steps > budget) {
      return 0;
    }
    mju_scl(d->qvel, d->qvel, decay, m->nv);
    mj_step1(m, d);
    lr_apply_force(m, d, index, sign, opt);
    mj_step2(m, d);
    if (d->time > opt->inttotal - opt->interval) {
      mjtNum len = d->actuator_length[index];
      if (!sampled || len < range[0]) {
        range[0] = len;
      }
      if (!sampled || len > range[1]) {
        range[1] = len;
      }
      sampled = 1;
    }
  }
  return 1;
}

void mj_defaultLROpt(mjLROpt* opt) {
  opt->mode = mjLRMODE_MUSCLE;
  opt->useexisting = 1;
  opt->uselimit = 0;
  opt->accel = 20;
  opt->maxforce = 0;
  opt->timeconst = 1;
  opt->timestep = 0.01;
  opt->inttotal = 10;
  opt->interval = 2;
  opt->tolrange = 0.05;
}

int mj_setLengthRange(mjModel* m, mjData* d, int index, const mjLROpt* opt, char* error,
                      int error_sz) {
  if (error && error_sz > 0) {
    error[0] = 0;
  }
  if (!m || !d || !opt || index < 0 || index >= m->nu) {
    return lr_fail(error, error_sz, "Invalid actuator index %d", index);
  }
  if (!lr_selected(m, index, opt->mode)) {
    return 1;
  }
  mjtNum* range = m->actuator_lengthrange + 2 * index;
  if (opt->useexisting && range[0] < range[1]) {
    return 1;
  }
  if (opt->uselimit && lr_from_limit(m, index)) {
    return 1;
  }
  if (!(m->opt.timestep > 0) || mju_isBad(opt->inttotal)) {
    return lr_fail(error, error_sz, "Lengthrange computation needs a positive timestep and "
                   "a finite inttotal (actuator %d)", index);
  }

  mjtNum side[2][2];
  for (int s = 0; s < 2; s++) {
    if (!lr_run(m, d, index, s ? 1 : -1, opt, side[s])) {
      return lr_fail(error, error_sz, "Lengthrange computation diverged in actuator %d",
                     index);
    }
  }
  range[0] = side[0][0];
  range[1] = side[1][1];

  if (!(range[0] < range[1])) {
    return lr_fail(error, error_sz, "Invalid lengthrange (%g, %g) in actuator %d", range[0],
                   range[1], index);
  }
  // 3.3.8's two messages differ by one space before "range"; kept
  mjtNum span = range[1] - range[0];
  if (side[0][1] - side[0][0] > opt->tolrange * span) {
    return lr_fail(error, error_sz, "Lengthrange computation did not converge in actuator "
                   "%d:\n  eval (%g, %g)\n  range (%g, %g)", index, side[0][0], side[0][1],
                   range[0], range[1]);
  }
  if (side[1][1] - side[1][0] > opt->tolrange * span) {
    return lr_fail(error, error_sz, "Lengthrange computation did not converge in actuator "
                   "%d:\n  eval (%g, %g)\n range (%g, %g)", index, side[1][0], side[1][1],
                   range[0], range[1]);
  }
  return 1;
}
