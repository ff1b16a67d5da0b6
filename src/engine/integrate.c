// Time integration: mj_step and its halves, the semi-implicit Euler, RK4 and
// implicit-in-velocity integrators, and the qpos/qvel manifold operations.
#include <mujoco/mujoco.h>

#include "engine/actuator.h"
#include "engine/derivative.h"
#include "engine/forward.h"
#include "engine/rowops.h"

#define SN_DISABLED(m, flag) ((m)->opt.disableflags & (flag))
#define SN_ENABLED(m, flag) ((m)->opt.enableflags & (flag))

//---------------------------------- qpos manifold ---------------------------------------------------

void mj_integratePos(const mjModel* m, mjtNum* qpos, const mjtNum* qvel, mjtNum dt) {
  for (int j = 0; j < m->njnt; j++) {
    int qa = m->jnt_qposadr[j], va = m->jnt_dofadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        mju_addToScl3(qpos + qa, qvel + va, dt);
        mju_quatIntegrate(qpos + qa + 3, qvel + va + 3, dt);
        break;
      case mjJNT_BALL:
        mju_quatIntegrate(qpos + qa, qvel + va, dt);
        break;
      default:
        qpos[qa] += dt * qvel[va];
        break;
    }
  }
}

// qvel = rotation vector taking quaternion q1 to q2, divided by dt.
static void quat_difference(mjtNum qvel[3], mjtNum dt, const mjtNum q1[4], const mjtNum q2[4]) {
  mjtNum a[4], b[4];
  mju_copy4(a, q1);
  mju_normalize4(a);
  mju_copy4(b, q2);
  mju_normalize4(b);
  mju_subQuat(qvel, b, a);
  mju_scl3(qvel, qvel, 1 / dt);
}

void mj_differentiatePos(const mjModel* m, mjtNum* qvel, mjtNum dt, const mjtNum* qpos1,
                         const mjtNum* qpos2) {
  for (int j = 0; j < m->njnt; j++) {
    int qa = m->jnt_qposadr[j], va = m->jnt_dofadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int k = 0; k < 3; k++) {
          qvel[va + k] = (qpos2[qa + k] - qpos1[qa + k]) / dt;
        }
        quat_difference(qvel + va + 3, dt, qpos1 + qa + 3, qpos2 + qa + 3);
        break;
      case mjJNT_BALL:
        quat_difference(qvel + va, dt, qpos1 + qa, qpos2 + qa);
        break;
      default:
        qvel[va] = (qpos2[qa] - qpos1[qa]) / dt;
        break;
    }
  }
}

void mj_normalizeQuat(const mjModel* m, mjtNum* qpos) {
  for (int j = 0; j < m->njnt; j++) {
    int qa = m->jnt_qposadr[j];
    if (m->jnt_type[j] == mjJNT_FREE) {
      mju_normalize4(qpos + qa + 3);
    } else if (m->jnt_type[j] == mjJNT_BALL) {
      mju_normalize4(qpos + qa);
    }
  }
}

//---------------------------------- sparse factorizations -------------------------------------------

// In-place L'*D*L factorization of a symmetric matrix in the row-sparse lower
// pattern of M (rows: ancestors ascending, diagonal last). Eliminating the dofs
// leaves first causes no fill-in because every row is an ancestor chain.
// Off-diagonals become L, diagonals D; diaginv = 1/D.
static void factor_ldl(const mjModel* m, mjtNum* H, mjtNum* diaginv) {
  for (int k = m->nv - 1; k >= 0; k--) {
    int rk = m->M_rowadr[k], nk = m->M_rownnz[k];
    mjtNum inv = 1 / H[rk + nk - 1];
    for (int a = nk - 2; a >= 0; a--) {
      int ri = m->M_rowadr[m->M_colind[rk + a]];
      mjtNum tmp = H[rk + a] * inv;
      // the row of ancestor i is the prefix of row k up to i (a different row)
      sn_rowSubScaled(H + ri, H + rk, tmp, a + 1);
    }
    for (int a = 0; a < nk - 1; a++) {
      H[rk + a] *= inv;
    }
    diaginv[k] = inv;
  }
}

// Solve (L'*D*L)*x = x in place with a factor from factor_ldl.
static void solve_ldl(const mjModel* m, const mjtNum* H, const mjtNum* diaginv, mjtNum* x) {
  int nv = m->nv;
  for (int k = nv - 1; k >= 0; k--) {
    int rk = m->M_rowadr[k], nk = m->M_rownnz[k];
    mjtNum xk = x[k];
    for (int a = 0; a < nk - 1; a++) {
      x[m->M_colind[rk + a]] -= H[rk + a] * xk;
    }
  }
  for (int k = 0; k < nv; k++) {
    x[k] *= diaginv[k];
  }
  for (int k = 0; k < nv; k++) {
    int rk = m->M_rowadr[k], nk = m->M_rownnz[k];
    mjtNum s = 0;
    for (int a = 0; a < nk - 1; a++) {
      s += H[rk + a] * x[m->M_colind[rk + a]];
    }
    x[k] -= s;
  }
}

// In-place LU factorization in the symmetric tree pattern D, eliminating leaves
// first (no fill-in). Multipliers replace the entries above the pivots in the
// rows of the ancestors; rows keep their ancestor part as the U factor.
static void factor_lu(const mjModel* m, mjtNum* A) {
  for (int k = m->nv - 1; k >= 0; k--) {
    int rk = m->D_rowadr[k], nk = m->D_diag[k];
    mjtNum piv = A[rk + nk];
    for (int a = 0; a < nk; a++) {
      int i = m->D_colind[rk + a];
      int ri = m->D_rowadr[i];
      int ik = sn_Dindex(m, i, k);
      mjtNum l = A[ik] / piv;
      A[ik] = l;
      for (int p = 0; p < nk; p++) {
        // columns up to i are the prefix of row i; deeper ones lie on the path to k
        int adr = p <= a ? ri + p : sn_Dindex(m, i, m->D_colind[rk + p]);
        A[adr] -= l * A[rk + p];
      }
    }
  }
}

// Solve A*x = x in place with a factor from factor_lu.
static void solve_lu(const mjModel* m, const mjtNum* A, mjtNum* x) {
  int nv = m->nv;
  for (int k = nv - 1; k >= 0; k--) {
    int rk = m->D_rowadr[k], nk = m->D_diag[k];
    mjtNum xk = x[k];
    for (int a = 0; a < nk; a++) {
      int i = m->D_colind[rk + a];
      x[i] -= A[sn_Dindex(m, i, k)] * xk;
    }
  }
  for (int k = 0; k < nv; k++) {
    int rk = m->D_rowadr[k], nk = m->D_diag[k];
    mjtNum s = x[k];
    for (int a = 0; a < nk; a++) {
      s -= A[rk + a] * x[m->D_colind[rk + a]];
    }
    x[k] = s / A[rk + nk];
  }
}

//---------------------------------- state update ----------------------------------------------------

// Advance act (with act_dot), qvel (with qacc), qpos (with qvel_pos, or the new
// qvel when NULL: semi-implicit) and time by one step; remember qacc for warmstart.
static void advance(const mjModel* m, mjData* d, const mjtNum* act_dot, const mjtNum* qacc,
                    const mjtNum* qvel_pos) {
  mjtNum h = m->opt.timestep;
  if (m->na && !SN_DISABLED(m, mjDSBL_ACTUATION)) {
    for (int i = 0; i < m->nu; i++) {
      // activations of actuators in disabled groups are frozen
      int first = sn_actuatorDisabled(m, i) ? -1 : m->actuator_actadr[i];
      for (int j = first; first >= 0 && j < first + m->actuator_actnum[i]; j++) {
        d->act[j] = sn_nextActivation(m, d, i, j, act_dot[j]);
      }
    }
  }
  mju_addToScl(d->qvel, qacc, h, m->nv);
  mj_integratePos(m, d->qpos, qvel_pos ? qvel_pos : d->qvel, h);
  d->time += h;
  mju_copy(d->qacc_warmstart, d->qacc, m->nv);
}

//---------------------------------- integrators -----------------------------------------------------

void mj_Euler(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  int nv = m->nv;
  mjtNum h = m->opt.timestep;

  int damped = 0;
  if (!SN_DISABLED(m, mjDSBL_EULERDAMP) && !SN_DISABLED(m, mjDSBL_DAMPER)) {
    for (int i = 0; i < nv; i++) {
      if (m->dof_damping[i] > 0) {
        damped = 1;
        break;
      }
    }
  }

  mj_markStack(d);
  mjtNum* qacc = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  if (!damped) {
    mju_copy(qacc, d->qacc, nv);
  } else {
    // damping integrated implicitly: (M + h*B) qacc = qfrc_smooth + qfrc_constraint
    mju_copy(d->qH, d->M, m->nC);
    for (int i = 0; i < nv; i++) {
      d->qH[m->M_rowadr[i] + m->M_rownnz[i] - 1] += h * m->dof_damping[i];
    }
    factor_ldl(m, d->qH, d->qHDiagInv);
    mju_add(qacc, d->qfrc_smooth, d->qfrc_constraint, nv);
    solve_ldl(m, d->qH, d->qHDiagInv, qacc);
  }
  advance(m, d, d->act_dot, qacc, NULL);
  mj_freeStack(d);

  sn_timerEnd(d, mjTIMER_ADVANCE, tm);
}

void mj_implicit(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();
  int nv = m->nv;
  mjtNum h = m->opt.timestep;

  mj_markStack(d);
  mjtNum* qacc = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mju_add(qacc, d->qfrc_smooth, d->qfrc_constraint, nv);

  if (nv && m->opt.integrator == mjINT_IMPLICIT) {
    // (M - h*D) qacc = qfrc, D nonsymmetric (includes the RNE derivative)
    sn_smoothVelDeriv(m, d, 1);
    for (int k = 0; k < m->nD; k++) {
      int adr = m->mapM2D[k];
      d->qLU[k] = (adr >= 0 ? d->M[adr] : 0) - h * d->qDeriv[k];
    }
    factor_lu(m, d->qLU);
    solve_lu(m, d->qLU, qacc);
  } else if (nv && m->opt.integrator == mjINT_IMPLICITFAST) {
    // symmetric D without the RNE term, restricted to the pattern of M
    sn_smoothVelDeriv(m, d, 0);
    for (int k = 0; k < m->nC; k++) {
      d->qH[k] = d->M[k] - h * d->qDeriv[m->mapD2M[k]];
    }
    factor_ldl(m, d->qH, d->qHDiagInv);
    solve_ldl(m, d->qH, d->qHDiagInv, qacc);
  } else if (nv) {
    mju_error("mj_implicit: integrator %d is not implicit", m->opt.integrator);
  }

  advance(m, d, d->act_dot, qacc, NULL);
  mj_freeStack(d);

  sn_timerEnd(d, mjTIMER_ADVANCE, tm);
}

// Butcher tableau of the classic 4th-order Runge-Kutta method.
static const mjtNum kRK4A[9] = {0.5, 0, 0, 0, 0.5, 0, 0, 0, 1};
static const mjtNum kRK4B[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
static const mjtNum kRK4C[3] = {0.5, 0.5, 1};

void mj_RungeKutta(const mjModel* m, mjData* d, int N) {
  if (N != 4) {
    mju_error("mj_RungeKutta: only N = 4 is supported (got %d)", N);
    return;
  }
  mjtNum tm = sn_timerStart();
  int nq = m->nq, nv = m->nv, na = m->na, nx = 2 * nv + na;
  mjtNum h = m->opt.timestep, time0 = d->time;

  mj_markStack(d);
  mjtNum* qpos0 = mj_stackAllocNum(d, nq > 0 ? nq : 1);
  mjtNum* qvel0 = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mjtNum* act0 = mj_stackAllocNum(d, na > 0 ? na : 1);
  mjtNum* F = mj_stackAllocNum(d, 4 * (size_t)(nx > 0 ? nx : 1));  // (qvel, qacc, act_dot) per stage
  mjtNum* dX = mj_stackAllocNum(d, nx > 0 ? nx : 1);
  mju_copy(qpos0, d->qpos, nq);
  mju_copy(qvel0, d->qvel, nv);
  mju_copy(act0, d->act, na);

  // stage 0 is the forward dynamics already computed at the current state
  mju_copy(F, d->qvel, nv);
  mju_copy(F + nv, d->qacc, nv);
  mju_copy(F + 2 * nv, d->act_dot, na);

  for (int i = 1; i < 4; i++) {
    mju_zero(dX, nx);
    for (int j = 0; j < i; j++) {
      mju_addToScl(dX, F + j * nx, kRK4A[(i - 1) * 3 + j], nx);
    }
    mju_copy(d->qpos, qpos0, nq);
    mj_integratePos(m, d->qpos, dX, h);
    mju_addScl(d->qvel, qvel0, dX + nv, h, nv);
    mju_addScl(d->act, act0, dX + 2 * nv, h, na);
    d->time = time0 + kRK4C[i - 1] * h;

    mj_forwardSkip(m, d, mjSTAGE_NONE, 1);

    mjtNum* Fi = F + i * nx;
    mju_copy(Fi, d->qvel, nv);
    mju_copy(Fi + nv, d->qacc, nv);
    mju_copy(Fi + 2 * nv, d->act_dot, na);
  }

  // combine the stages and take the step from the initial state
  mju_zero(dX, nx);
  for (int j = 0; j < 4; j++) {
    mju_addToScl(dX, F + j * nx, kRK4B[j], nx);
  }
  mju_copy(d->qpos, qpos0, nq);
  mju_copy(d->qvel, qvel0, nv);
  mju_copy(d->act, act0, na);
  d->time = time0;
  advance(m, d, dX + 2 * nv, dX + nv, dX);
  mj_freeStack(d);

  sn_timerEnd(d, mjTIMER_ADVANCE, tm);
}

//---------------------------------- stepping --------------------------------------------------------

// Integrate with the model's single-step integrator (RK4 cannot be split: Euler).
static void integrate_single(const mjModel* m, mjData* d) {
  if (m->opt.integrator == mjINT_IMPLICIT || m->opt.integrator == mjINT_IMPLICITFAST) {
    mj_implicit(m, d);
  } else {
    mj_Euler(m, d);
  }
}

void mj_step(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();

  mj_checkPos(m, d);
  mj_checkVel(m, d);
  mj_forward(m, d);
  mj_checkAcc(m, d);
  if (SN_ENABLED(m, mjENBL_FWDINV)) {
    mj_compareFwdInv(m, d);
  }

  switch (m->opt.integrator) {
    case mjINT_EULER:
      mj_Euler(m, d);
      break;
    case mjINT_RK4:
      mj_RungeKutta(m, d, 4);
      break;
    case mjINT_IMPLICIT:
    case mjINT_IMPLICITFAST:
      mj_implicit(m, d);
      break;
    default:
      mju_error("mj_step: invalid integrator %d", m->opt.integrator);
  }

  sn_timerEnd(d, mjTIMER_STEP, tm);
}

void mj_step1(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();

  mj_checkPos(m, d);
  mj_checkVel(m, d);
  mj_fwdPosition(m, d);
  mj_sensorPos(m, d);
  if (SN_ENABLED(m, mjENBL_ENERGY)) {
    mj_energyPos(m, d);
  }
  mj_fwdVelocity(m, d);
  mj_sensorVel(m, d);
  if (SN_ENABLED(m, mjENBL_ENERGY)) {
    mj_energyVel(m, d);
  }
  if (mjcb_control) {
    mjcb_control(m, d);
  }

  sn_timerEnd(d, mjTIMER_STEP, tm);
}

void mj_step2(const mjModel* m, mjData* d) {
  mjtNum tm = sn_timerStart();

  mj_fwdActuation(m, d);
  mj_fwdAcceleration(m, d);
  mj_fwdConstraint(m, d);
  mj_sensorAcc(m, d);
  mj_checkAcc(m, d);
  if (SN_ENABLED(m, mjENBL_FWDINV)) {
    mj_compareFwdInv(m, d);
  }
  integrate_single(m, d);

  sn_timerEnd(d, mjTIMER_STEP, tm);
}
