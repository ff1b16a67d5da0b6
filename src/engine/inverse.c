// Inverse dynamics: sequencing of the inverse pipeline, the analytic inverse of the
// soft constraint model, the discrete-to-continuous conversion of qacc (invdiscrete)
// and the forward/inverse comparison (fwdinv).
//
// Given (qpos, qvel, qacc) the applied force is
//   qfrc_inverse = M*qacc + c - qfrc_passive - J'*f(J*qacc - aref)
// where f is the constraint force of the soft model, which depends on qacc only through
// jar = J*qacc - aref and has a closed form (mj_constraintUpdate). It equals the sum of
// qfrc_applied, the joint-space image of xfrc_applied and qfrc_actuator whenever qacc
// is the exact forward solution.
#include <mujoco/mujoco.h>

#include "engine/derivative.h"
#include "engine/forward.h"

#define SN_DISABLED(m, flag) ((m)->opt.disableflags & (flag))
#define SN_ENABLED(m, flag) ((m)->opt.enableflags & (flag))

//---------------------------------- stages ----------------------------------------------------------

// The position stages of mj_fwdPosition except islands and the dual-problem matrix,
// which only the forward solvers need.
void mj_invPosition(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  sn_positionCommon(m, d);

  mjtNum tm1 = sn_timerStart();
  mj_makeConstraint(m, d);
  // 3.3.8 leaves nidof and the island arrays' sizes alone here, but reports no islands
  d->nisland = 0;
  sn_timerEnd(d, mjTIMER_POS_MAKE, tm1);

  mj_transmission(m, d);

  sn_timerEnd(d, mjTIMER_POSITION, tm);
}

// The velocity stages are those of forward dynamics (velocities, passive and bias
// forces, reference acceleration).
void mj_invVelocity(const mjModel* m, mjData* d) {
  mj_fwdVelocity(m, d);
}

void mj_invConstraint(const mjModel* m, mjData* d) {
  int nefc = d->nefc;
  if (!nefc) {
    mju_zero(d->qfrc_constraint, m->nv);
    return;
  }
  mj_markStack(d);
  mjtNum* jar = mj_stackAllocNum(d, (size_t)nefc);
  mj_mulJacVec(m, d, jar, d->qacc);
  mju_subFrom(jar, d->efc_aref, nefc);
  mj_constraintUpdate(m, d, jar, NULL, 0);
  mj_freeStack(d);
}

//---------------------------------- discrete time ---------------------------------------------------

// Whether the Euler conversion includes joint damping. 3.3.8 decides on the eulerdamp
// flag alone here: unlike mj_Euler, it ignores the damper disable flag.
static int euler_damped(const mjModel* m) {
  if (SN_DISABLED(m, mjDSBL_EULERDAMP)) {
    return 0;
  }
  for (int i = 0; i < m->nv; i++) {
    if (m->dof_damping[i] > 0) {
      return 1;
    }
  }
  return 0;
}

// The one-step integrators advance qvel by h*inv(M - h*D)*f while the continuous-time
// acceleration is inv(M)*f. A finite-differenced qacc is therefore turned into the
// continuous one by qacc <- inv(M)*(M - h*D)*qacc, with the integrator's own D.
static void discrete_to_continuous(const mjModel* m, mjData* d, mjtNum* qacc) {
  int nv = m->nv;
  mjtNum h = m->opt.timestep;
  if (m->opt.integrator == mjINT_RK4) {
    mju_error("mj_inverse: discrete-time inverse dynamics (invdiscrete) is not available "
              "with the RK4 integrator");
    return;
  }
  if (!nv || (m->opt.integrator == mjINT_EULER && !euler_damped(m))) {
    return;  // semi-implicit Euler without damping: already the continuous qacc
  }

  mj_markStack(d);
  mjtNum* frc = mj_stackAllocNum(d, (size_t)nv);
  if (m->opt.integrator == mjINT_EULER) {
    mj_mulM(m, d, frc, qacc);
    for (int i = 0; i < nv; i++) {
      frc[i] += h * m->dof_damping[i] * qacc[i];
    }
  } else if (m->opt.integrator == mjINT_IMPLICITFAST) {
    // the integrator's symmetric M - h*D built from the lower triangle of D (without the
    // RNE derivative); D itself need not be symmetric (fluid forces)
    sn_smoothVelDeriv(m, d, 0);
    mju_zero(frc, nv);
    for (int i = 0; i < nv; i++) {
      int adr = m->M_rowadr[i];
      for (int k = adr; k < adr + m->M_rownnz[i]; k++) {
        int j = m->M_colind[k];
        mjtNum a = d->M[k] - h * d->qDeriv[m->mapD2M[k]];
        frc[i] += a * qacc[j];
        if (j != i) {
          frc[j] += a * qacc[i];
        }
      }
    }
  } else {
    // implicit: the full nonsymmetric M - h*D with the RNE derivative
    sn_smoothVelDeriv(m, d, 1);
    for (int i = 0; i < nv; i++) {
      mjtNum s = 0;
      int adr = m->D_rowadr[i];
      for (int k = adr; k < adr + m->D_rownnz[i]; k++) {
        int madr = m->mapM2D[k];
        mjtNum a = (madr >= 0 ? d->M[madr] : 0) - h * d->qDeriv[k];
        s += a * qacc[m->D_colind[k]];
      }
      frc[i] = s;
    }
  }
  mj_solveM(m, d, qacc, frc, 1);
  mj_freeStack(d);
}

//---------------------------------- inverse tail ----------------------------------------------------

// qfrc_inverse = M*qacc + qfrc_bias - qfrc_passive - qfrc_constraint. M*qacc through the
// inertia matrix rather than RNE so that dof and tendon armature are included.
static void combine(const mjModel* m, mjData* d) {
  int nv = m->nv;
  mj_mulM(m, d, d->qfrc_inverse, d->qacc);
  for (int i = 0; i < nv; i++) {
    d->qfrc_inverse[i] += d->qfrc_bias[i] - d->qfrc_passive[i] - d->qfrc_constraint[i];
  }
}

// The acceleration-dependent part shared by mj_inverseSkip and mj_compareFwdInv:
// constraint forces and qfrc_inverse from qacc (continuous-time, or discrete-time when
// invdiscrete is set, in which case d->qacc is restored afterwards). The acceleration
// sensors see the continuous-time qacc, as the forces they read were computed from it.
static void inverse_acc(const mjModel* m, mjData* d, int sensors) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* qacc_discrete = NULL;
  if (SN_ENABLED(m, mjENBL_INVDISCRETE)) {
    qacc_discrete = mj_stackAllocNum(d, nv > 0 ? (size_t)nv : 1);
    mju_copy(qacc_discrete, d->qacc, nv);
    discrete_to_continuous(m, d, d->qacc);
  }
  mj_invConstraint(m, d);
  combine(m, d);
  if (sensors) {
    mj_sensorAcc(m, d);
  }
  if (qacc_discrete) {
    mju_copy(d->qacc, qacc_discrete, nv);
  }
  mj_freeStack(d);
}

//---------------------------------- top level -------------------------------------------------------

void mj_inverseSkip(const mjModel* m, mjData* d, int skipstage, int skipsensor) {
  mjtNum tm = sn_timerStart();

  if (skipstage < mjSTAGE_POS) {
    mj_invPosition(m, d);
    if (!skipsensor) {
      mj_sensorPos(m, d);
    }
    if (SN_ENABLED(m, mjENBL_ENERGY)) {
      mj_energyPos(m, d);
    }
  }
  if (skipstage < mjSTAGE_VEL) {
    mj_invVelocity(m, d);
    if (!skipsensor) {
      mj_sensorVel(m, d);
    }
    if (SN_ENABLED(m, mjENBL_ENERGY)) {
      mj_energyVel(m, d);
    }
  }
  inverse_acc(m, d, !skipsensor);

  sn_timerEnd(d, mjTIMER_INVERSE, tm);
}

void mj_inverse(const mjModel* m, mjData* d) {
  mj_inverseSkip(m, d, mjSTAGE_NONE, 0);
}

// Runs the inverse on the forward result without disturbing it: the forward constraint
// forces (efc_force, qfrc_constraint) are kept, efc_state and qfrc_inverse are the
// inverse's. solver_fwdinv[0] = |qfrc_constraint(fwd) - qfrc_constraint(inv)|,
// solver_fwdinv[1] = |qfrc_inverse - (qfrc_applied + J'*xfrc_applied + qfrc_actuator)|.
void mj_compareFwdInv(const mjModel* m, mjData* d) {
  int nv = m->nv, nefc = d->nefc;
  // without constraint rows forward and inverse agree by construction: 3.3.8 reports
  // zeros and computes nothing (qfrc_inverse is left alone)
  if (!nefc) {
    d->solver_fwdinv[0] = d->solver_fwdinv[1] = 0;
    return;
  }
  mj_markStack(d);
  mjtNum* qfrc_fwd = mj_stackAllocNum(d, nv > 0 ? (size_t)nv : 1);
  mjtNum* efc_fwd = mj_stackAllocNum(d, nefc > 0 ? (size_t)nefc : 1);
  mjtNum* applied = mj_stackAllocNum(d, nv > 0 ? (size_t)nv : 1);
  mju_copy(qfrc_fwd, d->qfrc_constraint, nv);
  mju_copy(efc_fwd, d->efc_force, nefc);

  inverse_acc(m, d, 0);

  mju_add(applied, d->qfrc_applied, d->qfrc_actuator, nv);
  sn_xfrcAccumulate(m, d, applied);
  mjtNum dc = 0, da = 0;
  for (int i = 0; i < nv; i++) {
    mjtNum ec = d->qfrc_constraint[i] - qfrc_fwd[i];
    mjtNum ea = d->qfrc_inverse[i] - applied[i];
    dc += ec * ec;
    da += ea * ea;
  }
  d->solver_fwdinv[0] = mju_sqrt(dc);
  d->solver_fwdinv[1] = mju_sqrt(da);

  mju_copy(d->qfrc_constraint, qfrc_fwd, nv);
  mju_copy(d->efc_force, efc_fwd, nefc);
  mj_freeStack(d);
}
