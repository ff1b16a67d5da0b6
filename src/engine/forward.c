// Forward dynamics: sequencing of the pipeline stages only. Each stage lives in
// its own file; this one decides the order, the skips and the profiling timers.
#include <mujoco/mujoco.h>

#include "engine/forward.h"
#include "engine/tendon_bias.h"
#include "math/sparse.h"

#define SN_DISABLED(m, flag) ((m)->opt.disableflags & (flag))
#define SN_ENABLED(m, flag) ((m)->opt.enableflags & (flag))

//---------------------------------- position --------------------------------------------------------

void sn_positionCommon(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_camlight(m, d);
  // the flex stage (mj_flex) goes here once flexes exist
  mj_tendon(m, d);
  sn_timerEnd(d, mjTIMER_POS_KINEMATICS, tm);

  // mj_makeM runs CRB (crb, qM) and copies into the row-sparse M
  tm = sn_timerStart();
  mj_makeM(m, d);
  mj_factorM(m, d);
  sn_timerEnd(d, mjTIMER_POS_INERTIA, tm);

  tm = sn_timerStart();
  mj_collision(m, d);
  sn_timerEnd(d, mjTIMER_POS_COLLISION, tm);
}

void mj_fwdPosition(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  sn_positionCommon(m, d);

  mjtNum tm1 = sn_timerStart();
  mj_makeConstraint(m, d);
  if (!SN_DISABLED(m, mjDSBL_ISLAND)) {
    mj_island(m, d);
  } else {
    d->nisland = d->nidof = 0;
  }
  sn_timerEnd(d, mjTIMER_POS_MAKE, tm1);

  mj_transmission(m, d);

  tm1 = sn_timerStart();
  mj_projectConstraint(m, d);
  sn_timerEnd(d, mjTIMER_POS_PROJECT, tm1);

  sn_timerEnd(d, mjTIMER_POSITION, tm);
}

//---------------------------------- velocity --------------------------------------------------------

void mj_fwdVelocity(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();

  // flex edge velocities go here once flexes exist
  sn_mulRowsVec(d->ten_velocity, d->ten_J, m->ntendon, m->nv,
                mj_isSparse(m) ? d->ten_J_rownnz : NULL, d->ten_J_rowadr, d->ten_J_colind,
                d->qvel);
  // actuator velocities are reported as zero while actuation is disabled
  int actuation = !SN_DISABLED(m, mjDSBL_ACTUATION);
  for (int i = 0; i < m->nu; i++) {
    mjtNum v = 0;
    int adr = d->moment_rowadr[i];
    for (int k = 0; actuation && k < d->moment_rownnz[i]; k++) {
      v += d->actuator_moment[adr + k] * d->qvel[d->moment_colind[adr + k]];
    }
    d->actuator_velocity[i] = v;
  }

  mj_comVel(m, d);
  mj_passive(m, d);
  mj_referenceConstraint(m, d);
  mj_rne(m, d, 0, d->qfrc_bias);
  sn_tendon_bias(m, d, d->qfrc_bias);

  sn_timerEnd(d, mjTIMER_VELOCITY, tm);
}

//---------------------------------- acceleration ----------------------------------------------------

void sn_xfrcAccumulate(const mjModel* m, mjData* d, mjtNum* qfrc) {
  for (int b = 1; b < m->nbody; b++) {
    const mjtNum* xfrc = d->xfrc_applied + 6 * b;
    if (!mju_isZero(xfrc, 6)) {
      mj_applyFT(m, d, xfrc, xfrc + 3, d->xipos + 3 * b, b, qfrc);
    }
  }
}

void mj_fwdAcceleration(const mjModel* m, mjData* d) {
  int nv = m->nv;
  for (int i = 0; i < nv; i++) {
    d->qfrc_smooth[i] =
        d->qfrc_passive[i] - d->qfrc_bias[i] + d->qfrc_applied[i] + d->qfrc_actuator[i];
  }
  sn_xfrcAccumulate(m, d, d->qfrc_smooth);
  mj_solveM(m, d, d->qacc_smooth, d->qfrc_smooth, 1);
}

//---------------------------------- top level -------------------------------------------------------

void mj_forwardSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor) {
  mjtNum tm = sn_timerStart();

  if (skipstage < mjSTAGE_POS) {
    mj_fwdPosition(m, d);
    if (!skipsensor) {
      mj_sensorPos(m, d);
    }
    if (SN_ENABLED(m, mjENBL_ENERGY)) {
      mj_energyPos(m, d);
    }
  }

  if (skipstage < mjSTAGE_VEL) {
    mj_fwdVelocity(m, d);
    if (!skipsensor) {
      mj_sensorVel(m, d);
    }
    if (SN_ENABLED(m, mjENBL_ENERGY)) {
      mj_energyVel(m, d);
    }
  }

  if (mjcb_control) {
    mjcb_control(m, d);
  }
  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  mj_fwdConstraint(m, d);
  if (!skipsensor) {
    mj_sensorAcc(m, d);
  }

  sn_timerEnd(d, mjTIMER_FORWARD, tm);
}

void mj_forward(const mjModel* m, mjData* d) {
  mj_forwardSkip(m, d, mjSTAGE_NONE, 0);
}
