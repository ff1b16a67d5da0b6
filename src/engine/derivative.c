// Analytical derivative of the smooth forces with respect to qvel, used by the
// implicit integrators: qDeriv = d(qfrc_passive + qfrc_actuator - qfrc_bias)/d(qvel),
// stored in the row-sparse symmetric tree pattern D (D_rownnz/D_rowadr/D_colind).
// Entries outside the pattern (couplings between different branches of the tree)
// are dropped, as the computation chapter prescribes.
#include <mujoco/mujoco.h>

#include "engine/actuator.h"
#include "engine/derivative.h"
#include "engine/fluid.h"

#define SN_DISABLED(m, flag) ((m)->opt.disableflags & (flag))

int sn_Dindex(const mjModel* m, int row, int col) {
  int lo = m->D_rowadr[row], hi = lo + m->D_rownnz[row] - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int c = m->D_colind[mid];
    if (c == col) {
      return mid;
    }
    if (c < col) {
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return -1;
}

// qDeriv += scl * v*v' over the pattern, v given sparse (n entries at ind).
static void add_outer(const mjModel* m, mjData* d, const mjtNum* v, const int* ind, int n,
                      mjtNum scl) {
  for (int a = 0; a < n; a++) {
    mjtNum va = scl * v[a];
    for (int b = 0; b < n; b++) {
      int adr = sn_Dindex(m, ind[a], ind[b]);
      if (adr >= 0) {
        d->qDeriv[adr] += va * v[b];
      }
    }
  }
}

//---------------------------------- actuators -------------------------------------------------------

// Velocity slope of the muscle gain -F0*FL(L)*FV(V), V = vel/(L0*vmax). The
// factor -F0*FL(L) is the gain at zero velocity (FV(0) = 1); FV is quadratic
// from (-1, 0) to (0, 1) and from there up to (fvmax-1, fvmax), flat outside.
static mjtNum muscle_gain_vel(const mjModel* m, const mjData* d, int i) {
  const mjtNum* prm = m->actuator_gainprm + i * mjNGAIN;
  const mjtNum* range = m->actuator_lengthrange + 2 * i;
  mjtNum L0 = (range[1] - range[0]) / mju_max(mjMINVAL, prm[1] - prm[0]);
  mjtNum vscale = mju_max(mjMINVAL, L0 * prm[6]);
  mjtNum V = d->actuator_velocity[i] / vscale;
  mjtNum c = prm[8] - 1, dFV = 0;
  if (V > -1 && V <= 0) {
    dFV = 2 * (V + 1);
  } else if (V > 0 && V <= c) {
    dFV = 2 * (c - V) / mju_max(mjMINVAL, c);
  }
  if (dFV == 0) {
    return 0;
  }
  mjtNum gain0 = mju_muscleGain(d->actuator_length[i], 0, range, m->actuator_acc0[i], prm);
  return gain0 * dFV / vscale;
}

// Affine and muscle gains and affine biases depend on the actuator velocity; their slope maps
// back through the moment arms. Force clamping is ignored, and the gain slope
// multiplies the raw control or the current activation.
static void actuator_vel(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nu; i++) {
    if (sn_actuatorDisabled(m, i)) {
      continue;
    }
    mjtNum slope = 0;
    int gaintype = m->actuator_gaintype[i];
    if (gaintype == mjGAIN_AFFINE || gaintype == mjGAIN_MUSCLE) {
      mjtNum g = gaintype == mjGAIN_AFFINE ? m->actuator_gainprm[i * mjNGAIN + 2]
                                           : muscle_gain_vel(m, d, i);
      int first = m->actuator_actadr[i];
      if (first < 0) {
        slope += g * d->ctrl[i];
      } else {
        slope += g * d->act[first + m->actuator_actnum[i] - 1];
      }
    }
    if (m->actuator_biastype[i] == mjBIAS_AFFINE) {
      slope += m->actuator_biasprm[i * mjNBIAS + 2];
    }
    if (slope == 0) {
      continue;
    }
    int adr = d->moment_rowadr[i];
    add_outer(m, d, d->actuator_moment + adr, d->moment_colind + adr, d->moment_rownnz[i], slope);
  }
}

//---------------------------------- passive ---------------------------------------------------------

static void passive_vel(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nv; i++) {
    d->qDeriv[m->D_rowadr[i] + m->D_diag[i]] -= m->dof_damping[i];
  }

  // tendon damping: -b * J'J
  if (!m->ntendon) {
    return;
  }
  mj_markStack(d);
  mjtNum* val = mj_stackAllocNum(d, m->nv);
  int* ind = mj_stackAllocInt(d, m->nv);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum b = m->tendon_damping[t];
    if (b == 0) {
      continue;
    }
    int n = 0;
    if (mj_isSparse(m)) {
      int adr = d->ten_J_rowadr[t];
      for (int k = 0; k < d->ten_J_rownnz[t]; k++) {
        val[n] = d->ten_J[adr + k];
        ind[n++] = d->ten_J_colind[adr + k];
      }
    } else {
      const mjtNum* J = d->ten_J + (size_t)t * m->nv;
      for (int k = 0; k < m->nv; k++) {
        if (J[k] != 0) {
          val[n] = J[k];
          ind[n++] = k;
        }
      }
    }
    add_outer(m, d, val, ind, n, -b);
  }
  mj_freeStack(d);
}

//---------------------------------- RNE -------------------------------------------------------------

// res = v x u for motion vectors (rotation first).
static void cross_motion(mjtNum res[6], const mjtNum v[6], const mjtNum u[6]) {
  res[0] = v[1] * u[2] - v[2] * u[1];
  res[1] = v[2] * u[0] - v[0] * u[2];
  res[2] = v[0] * u[1] - v[1] * u[0];
  res[3] = v[1] * u[5] - v[2] * u[4] + v[4] * u[2] - v[5] * u[1];
  res[4] = v[2] * u[3] - v[0] * u[5] + v[5] * u[0] - v[3] * u[2];
  res[5] = v[0] * u[4] - v[1] * u[3] + v[3] * u[1] - v[4] * u[0];
}

// res = v x* f for a force vector f (torque first).
static void cross_force(mjtNum res[6], const mjtNum v[6], const mjtNum f[6]) {
  res[0] = v[1] * f[2] - v[2] * f[1] + v[4] * f[5] - v[5] * f[4];
  res[1] = v[2] * f[0] - v[0] * f[2] + v[5] * f[3] - v[3] * f[5];
  res[2] = v[0] * f[1] - v[1] * f[0] + v[3] * f[4] - v[4] * f[3];
  res[3] = v[1] * f[5] - v[2] * f[4];
  res[4] = v[2] * f[3] - v[0] * f[5];
  res[5] = v[0] * f[4] - v[1] * f[3];
}

// res = cinert * v: cinert holds (Ixx Iyy Izz Ixy Ixz Iyz, m*c, m) about the com frame origin.
static void mul_inert(mjtNum res[6], const mjtNum in[10], const mjtNum v[6]) {
  res[0] = in[0] * v[0] + in[3] * v[1] + in[4] * v[2] - in[8] * v[4] + in[7] * v[5];
  res[1] = in[3] * v[0] + in[1] * v[1] + in[5] * v[2] + in[8] * v[3] - in[6] * v[5];
  res[2] = in[4] * v[0] + in[5] * v[1] + in[2] * v[2] - in[7] * v[3] + in[6] * v[4];
  res[3] = in[8] * v[1] - in[7] * v[2] + in[9] * v[3];
  res[4] = in[6] * v[2] - in[8] * v[0] + in[9] * v[4];
  res[5] = in[7] * v[0] - in[6] * v[1] + in[9] * v[5];
}

// Per-body derivative columns: Dv (body velocity) and Da (bias acceleration)
// over the body's chain of ancestor dofs, 6 rows by nchain columns, column-major.
typedef struct {
  int* nchain;    // (nbody) dofs of the body and its ancestors
  int* chainadr;  // (nbody) offset of the body's chain in chain[] (and 6x in Dv, Da)
  int* chain;     // ancestor dofs, ascending
  mjtNum* Dv;
  mjtNum* Da;
} snRneDeriv;

static void rne_alloc(const mjModel* m, mjData* d, snRneDeriv* r) {
  int nbody = m->nbody;
  r->nchain = mj_stackAllocInt(d, nbody);
  r->chainadr = mj_stackAllocInt(d, nbody);
  int total = 0;
  r->nchain[0] = 0;
  r->chainadr[0] = 0;
  for (int b = 1; b < nbody; b++) {
    r->nchain[b] = r->nchain[m->body_parentid[b]] + m->body_dofnum[b];
    r->chainadr[b] = total;
    total += r->nchain[b];
  }
  r->chain = mj_stackAllocInt(d, total > 0 ? total : 1);
  r->Dv = mj_stackAllocNum(d, 6 * (size_t)(total > 0 ? total : 1));
  r->Da = mj_stackAllocNum(d, 6 * (size_t)(total > 0 ? total : 1));
  for (int b = 1; b < nbody; b++) {
    int p = m->body_parentid[b], np = r->nchain[p];
    int* ch = r->chain + r->chainadr[b];
    for (int k = 0; k < np; k++) {
      ch[k] = r->chain[r->chainadr[p] + k];
    }
    for (int k = 0; k < m->body_dofnum[b]; k++) {
      ch[np + k] = m->body_dofadr[b] + k;
    }
  }
}

// Da[:, c] += qvel_j * d(cdof_dot_j)/d(qvel_c) for every column c, where
// cdof_dot_j = v x cdof_j and Dv is the derivative of v (the velocity the
// joint's cdof_dot was computed with), over the first n columns.
static void add_cdofdot_deriv(const mjData* d, mjtNum* Da, const mjtNum* Dv, int n, int j) {
  mjtNum tmp[6];
  for (int c = 0; c < n; c++) {
    cross_motion(tmp, Dv + 6 * c, d->cdof + 6 * j);
    for (int k = 0; k < 6; k++) {
      Da[6 * c + k] += d->qvel[j] * tmp[k];
    }
  }
}

// Velocity and bias-acceleration derivatives of body b from those of its parent.
static void rne_body_forward(const mjModel* m, const mjData* d, snRneDeriv* r, int b) {
  int p = m->body_parentid[b], np = r->nchain[p], n = r->nchain[b];
  mjtNum* Dv = r->Dv + 6 * r->chainadr[b];
  mjtNum* Da = r->Da + 6 * r->chainadr[b];
  mju_zero(Dv, 6 * n);
  mju_zero(Da, 6 * n);
  if (p > 0) {
    mju_copy(Dv, r->Dv + 6 * r->chainadr[p], 6 * np);
    mju_copy(Da, r->Da + 6 * r->chainadr[p], 6 * np);
  }

  // walk the joints in order; col is the chain column of the next dof
  int col = np;
  for (int jj = 0; jj < m->body_jntnum[b]; jj++) {
    int jnt = m->body_jntadr[b] + jj;
    int j = m->jnt_dofadr[jnt];
    int nrot = 0;
    switch (m->jnt_type[jnt]) {
      case mjJNT_FREE:
        // translational cdof_dot is zero; translation then rotation update v
        for (int k = 0; k < 3; k++) {
          mju_copy(Dv + 6 * (col + k), d->cdof + 6 * (j + k), 6);
        }
        col += 3;
        j += 3;
        nrot = 3;
        break;
      case mjJNT_BALL:
        nrot = 3;
        break;
      default:
        nrot = 1;
        break;
    }
    // all dofs of this joint use the velocity before the joint's own dofs
    for (int k = 0; k < nrot; k++) {
      add_cdofdot_deriv(d, Da, Dv, col, j + k);
      // d(cdof_dot_j * qvel_j)/d(qvel_j) = cdof_dot_j
      mju_addTo(Da + 6 * (col + k), d->cdof_dot + 6 * (j + k), 6);
    }
    for (int k = 0; k < nrot; k++) {
      mju_copy(Dv + 6 * (col + k), d->cdof + 6 * (j + k), 6);
    }
    col += nrot;
  }
}

// qDeriv -= d(qfrc_bias)/d(qvel): each body's force f = I*a + v x* (I*v)
// contributes cdof_i . df to every pair of its chain dofs.
static void rne_vel(const mjModel* m, mjData* d) {
  mj_markStack(d);
  snRneDeriv r;
  rne_alloc(m, d, &r);
  int maxn = 1;
  for (int b = 1; b < m->nbody; b++) {
    maxn = r.nchain[b] > maxn ? r.nchain[b] : maxn;
  }
  mjtNum* Df = mj_stackAllocNum(d, 6 * (size_t)maxn);

  for (int b = 1; b < m->nbody; b++) {
    rne_body_forward(m, d, &r, b);
    int n = r.nchain[b];
    if (!n) {
      continue;
    }
    const mjtNum* inert = d->cinert + 10 * b;
    const mjtNum* v = d->cvel + 6 * b;
    const mjtNum* Dv = r.Dv + 6 * r.chainadr[b];
    const mjtNum* Da = r.Da + 6 * r.chainadr[b];
    const int* chain = r.chain + r.chainadr[b];
    mjtNum Iv[6], tmp[6], tmp2[6];
    mul_inert(Iv, inert, v);
    for (int c = 0; c < n; c++) {
      mjtNum* df = Df + 6 * c;
      mul_inert(df, inert, Da + 6 * c);
      cross_force(tmp, Dv + 6 * c, Iv);
      mul_inert(tmp2, inert, Dv + 6 * c);
      mju_addTo(df, tmp, 6);
      cross_force(tmp, v, tmp2);
      mju_addTo(df, tmp, 6);
    }

    // rows: every chain dof; columns: every chain dof (all within the D pattern)
    for (int a = 0; a < n; a++) {
      int i = chain[a];
      const mjtNum* cdof = d->cdof + 6 * i;
      int adr = m->D_rowadr[i], end = adr + m->D_rownnz[i];
      for (int c = 0; c < n; c++) {
        while (adr < end && m->D_colind[adr] < chain[c]) {
          adr++;
        }
        if (adr < end && m->D_colind[adr] == chain[c]) {
          d->qDeriv[adr] -= mju_dot(cdof, Df + 6 * c, 6);
        }
      }
    }
  }
  mj_freeStack(d);
}

//---------------------------------- top level -------------------------------------------------------

void sn_smoothVelDeriv(const mjModel* m, mjData* d, int flg_bias) {
  mju_zero(d->qDeriv, m->nD);
  if (!SN_DISABLED(m, mjDSBL_ACTUATION)) {
    actuator_vel(m, d);
  }
  if (!SN_DISABLED(m, mjDSBL_DAMPER)) {
    passive_vel(m, d);
  }
  // fluid forces are not dampers: like the forces themselves (mj_passive), their
  // slope is off only when springs and dampers are both disabled
  if (!SN_DISABLED(m, mjDSBL_SPRING) || !SN_DISABLED(m, mjDSBL_DAMPER)) {
    sn_fluid_vel(m, d, !flg_bias);
  }
  if (flg_bias) {
    rne_vel(m, d);
  }
}
