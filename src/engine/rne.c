// Recursive Newton-Euler in the com-based frame. Gravity enters as an upward
// acceleration of the world, so every body feels it through its inertia.
// mj_rnePostConstraint's external forces (cfrc_ext), as MuJoCo 3.3.8 forms them:
// xfrc_applied at the body com, contact forces (mj_contactForce turned into the world
// frame; geom2's body gets it, geom1's body the reaction) at the contact point, and
// connect/weld forces on both bodies at their anchors (a weld's rotational row forces
// taken as the torque itself, see sn_equality_wrench). The world's stays zero; tendon
// constraint forces are not included (documented 3.3.8 limitation, issue 832).
#include <mujoco/mujoco.h>

#include "engine/com.h"
#include "engine/constraint/constraint.h"

// acceleration of the world: -gravity unless disabled or not wanted
static void world_acc(const mjModel* m, mjtNum acc[6], int gravity) {
  acc[0] = acc[1] = acc[2] = 0;
  if (!gravity || (m->opt.disableflags & mjDSBL_GRAVITY)) {
    acc[3] = acc[4] = acc[5] = 0;
  } else {
    acc[3] = -m->opt.gravity[0];
    acc[4] = -m->opt.gravity[1];
    acc[5] = -m->opt.gravity[2];
  }
}

void sn_bodyAcc(const mjModel* m, const mjData* d, mjtNum* cacc, const mjtNum* qacc,
                int gravity) {
  world_acc(m, cacc, gravity);
  for (int b = 1; b < m->nbody; b++) {
    mjtNum* acc = cacc + 6 * b;
    const mjtNum* pacc = cacc + 6 * m->body_parentid[b];
    for (int k = 0; k < 6; k++) {
      acc[k] = pacc[k];
    }
    int adr = m->body_dofadr[b], num = m->body_dofnum[b];
    for (int i = adr; i < adr + num; i++) {
      const mjtNum* cdd = d->cdof_dot + 6 * i;
      mjtNum v = d->qvel[i];
      if (qacc) {
        const mjtNum* cd = d->cdof + 6 * i;
        mjtNum a = qacc[i];
        for (int k = 0; k < 6; k++) {
          acc[k] += cdd[k] * v + cd[k] * a;
        }
      } else {
        for (int k = 0; k < 6; k++) {
          acc[k] += cdd[k] * v;
        }
      }
    }
  }
}

// force needed to move body b: cinert*cacc + cvel x* (cinert*cvel)
static inline void body_force(const mjData* d, int b, const mjtNum acc[6], mjtNum frc[6]) {
  const mjtNum* inert = d->cinert + 10 * b;
  const mjtNum* vel = d->cvel + 6 * b;
  mjtNum mom[6], gyro[6];
  sn_mulInertVec(frc, inert, acc);
  sn_mulInertVec(mom, inert, vel);
  sn_crossForce(gyro, vel, mom);
  for (int k = 0; k < 6; k++) {
    frc[k] += gyro[k];
  }
}

void mj_rne(const mjModel* m, mjData* d, int flg_acc, mjtNum* result) {
  int nbody = m->nbody, nv = m->nv;
  mj_markStack(d);
  mjtNum* cacc = mj_stackAllocNum(d, 6 * (size_t)nbody);
  mjtNum* cfrc = mj_stackAllocNum(d, 6 * (size_t)nbody);

  sn_bodyAcc(m, d, cacc, flg_acc ? d->qacc : NULL, 1);
  for (int k = 0; k < 6; k++) {
    cfrc[k] = 0;
  }
  for (int b = 1; b < nbody; b++) {
    body_force(d, b, cacc + 6 * b, cfrc + 6 * b);
  }
  for (int b = nbody - 1; b > 0; b--) {
    mjtNum* dst = cfrc + 6 * m->body_parentid[b];
    const mjtNum* src = cfrc + 6 * b;
    for (int k = 0; k < 6; k++) {
      dst[k] += src[k];
    }
  }
  for (int i = 0; i < nv; i++) {
    result[i] = sn_dot6(d->cdof + 6 * i, cfrc + 6 * m->dof_bodyid[i]);
  }
  mj_freeStack(d);
}

// cfrc_ext[b] += the force/torque pair (f, t) acting at point p, as a spatial force
// about the com frame origin of b
static void add_ext_force(const mjModel* m, mjData* d, int b, const mjtNum f[3],
                          const mjtNum t[3], const mjtNum p[3]) {
  if (b <= 0) {
    return;  // the world's external force stays zero (3.3.8)
  }
  mjtNum* dst = d->cfrc_ext + 6 * b;
  mjtNum arm[3], mom[3];
  sn_sub3(arm, p, d->subtree_com + 3 * m->body_rootid[b]);
  sn_cross(mom, arm, f);
  dst[0] += t[0] + mom[0];
  dst[1] += t[1] + mom[1];
  dst[2] += t[2] + mom[2];
  dst[3] += f[0];
  dst[4] += f[1];
  dst[5] += f[2];
}

// Contact forces: the force that geom1 exerts on geom2 acts on geom2's body at the
// contact point, its reaction on geom1's body.
static void contact_forces(const mjModel* m, mjData* d) {
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    if (c->efc_address < 0) {
      continue;
    }
    mjtNum local[6], f[3], t[3], nf[3], nt[3];
    mj_contactForce(m, d, i, local);
    // the frame rows are the contact axes: world = frame' * local
    for (int k = 0; k < 3; k++) {
      f[k] = c->frame[k] * local[0] + c->frame[3 + k] * local[1] + c->frame[6 + k] * local[2];
      t[k] = c->frame[k] * local[3] + c->frame[3 + k] * local[4] + c->frame[6 + k] * local[5];
      nf[k] = -f[k];
      nt[k] = -t[k];
    }
    int b1 = c->geom[0] >= 0 ? m->geom_bodyid[c->geom[0]] : -1;
    int b2 = c->geom[1] >= 0 ? m->geom_bodyid[c->geom[1]] : -1;
    add_ext_force(m, d, b1, nf, nt, c->pos);
    add_ext_force(m, d, b2, f, t, c->pos);
  }
}

// Connect and weld forces act on both bodies at their anchor points.
static void equality_forces(const mjModel* m, mjData* d) {
  for (int r = 0; r < d->nefc; r++) {
    if (d->efc_type[r] != mjCNSTR_EQUALITY || (r > 0 && d->efc_type[r - 1] == mjCNSTR_EQUALITY &&
                                                d->efc_id[r - 1] == d->efc_id[r])) {
      continue;
    }
    int body[2];
    mjtNum point[6], f[3], t[3];
    if (!sn_equality_wrench(m, d, d->efc_id[r], d->efc_force + r, body, point, f, t)) {
      continue;
    }
    add_ext_force(m, d, body[0], f, t, point);
    mjtNum nf[3] = {-f[0], -f[1], -f[2]}, nt[3] = {-t[0], -t[1], -t[2]};
    add_ext_force(m, d, body[1], nf, nt, point + 3);
  }
}

void mj_rnePostConstraint(const mjModel* m, mjData* d) {
  int nbody = m->nbody;
  sn_bodyAcc(m, d, d->cacc, d->qacc, 1);

  // external forces: xfrc_applied acts at the body com
  for (int k = 0; k < 6 * nbody; k++) {
    d->cfrc_ext[k] = 0;
  }
  for (int b = 1; b < nbody; b++) {
    const mjtNum* xfrc = d->xfrc_applied + 6 * b;
    if (xfrc[0] || xfrc[1] || xfrc[2] || xfrc[3] || xfrc[4] || xfrc[5]) {
      add_ext_force(m, d, b, xfrc, xfrc + 3, d->xipos + 3 * b);
    }
  }
  contact_forces(m, d);
  equality_forces(m, d);

  // interaction forces: what the parent must supply beyond the external forces
  for (int k = 0; k < 6; k++) {
    d->cfrc_int[k] = 0;
  }
  for (int b = 1; b < nbody; b++) {
    mjtNum* frc = d->cfrc_int + 6 * b;
    body_force(d, b, d->cacc + 6 * b, frc);
    for (int k = 0; k < 6; k++) {
      frc[k] -= d->cfrc_ext[6 * b + k];
    }
  }
  for (int b = nbody - 1; b > 0; b--) {
    mjtNum* dst = d->cfrc_int + 6 * m->body_parentid[b];
    const mjtNum* src = d->cfrc_int + 6 * b;
    for (int k = 0; k < 6; k++) {
      dst[k] += src[k];
    }
  }
}
