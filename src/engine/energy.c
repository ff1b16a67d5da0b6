// Potential and kinetic energy.
#include <mujoco/mujoco.h>

#include "math/inline.h"

// squared rotation angle between two (possibly unnormalised) quaternions
static mjtNum quat_dist2(const mjtNum qa[4], const mjtNum qb[4]) {
  mjtNum a[4] = {qa[0], qa[1], qa[2], qa[3]};
  mjtNum b[4] = {qb[0], qb[1], qb[2], qb[3]};
  mjtNum dif[3];
  mju_normalize4(a);
  mju_normalize4(b);
  mju_subQuat(dif, a, b);
  return sn_dot3(dif, dif);
}

// 0.5*k*(distance outside the dead band [lo, hi])^2
static mjtNum deadband_energy(mjtNum k, mjtNum x, mjtNum lo, mjtNum hi) {
  mjtNum dx = x < lo ? x - lo : (x > hi ? x - hi : 0);
  return 0.5 * k * dx * dx;
}

static mjtNum spring_energy(const mjModel* m, const mjData* d) {
  mjtNum e = 0;
  for (int j = 0; j < m->njnt; j++) {
    mjtNum k = m->jnt_stiffness[j];
    if (k == 0) {
      continue;
    }
    int adr = m->jnt_qposadr[j];
    const mjtNum* q = d->qpos + adr;
    const mjtNum* q0 = m->qpos_spring + adr;
    switch (m->jnt_type[j]) {
      case mjJNT_FREE: {
        mjtNum dif[3];
        sn_sub3(dif, q, q0);
        e += 0.5 * k * sn_dot3(dif, dif);
        e += 0.5 * k * quat_dist2(q + 3, q0 + 3);
        break;
      }
      case mjJNT_BALL:
        e += 0.5 * k * quat_dist2(q, q0);
        break;
      default:
        e += 0.5 * k * (q[0] - q0[0]) * (q[0] - q0[0]);
        break;
    }
  }
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum k = m->tendon_stiffness[t];
    if (k != 0) {
      const mjtNum* range = m->tendon_lengthspring + 2 * t;
      e += deadband_energy(k, d->ten_length[t], range[0], range[1]);
    }
  }
  return e;
}

void mj_energyPos(const mjModel* m, mjData* d) {
  mjtNum e = 0;
  if (!(m->opt.disableflags & mjDSBL_GRAVITY)) {
    const mjtNum* g = m->opt.gravity;
    for (int b = 1; b < m->nbody; b++) {
      e -= m->body_mass[b] * sn_dot3(g, d->xipos + 3 * b);
    }
  }
  if (!(m->opt.disableflags & mjDSBL_SPRING)) {
    e += spring_energy(m, d);
  }
  d->energy[0] = e;
}

void mj_energyVel(const mjModel* m, mjData* d) {
  mj_markStack(d);
  mjtNum* Mv = mj_stackAllocNum(d, (size_t)m->nv);
  mj_mulM(m, d, Mv, d->qvel);
  d->energy[1] = 0.5 * mju_dot(Mv, d->qvel, m->nv);
  mj_freeStack(d);
}
