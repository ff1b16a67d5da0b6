// Passive forces: joint and tendon spring-dampers, gravity compensation and
// fluid forces (engine/fluid.c). Each kind has its own mjData vector; qfrc_passive is
// their sum, except that gravity compensation of joints flagged actgravcomp is
// routed to qfrc_actuator by the actuation stage instead.
#include <mujoco/mujoco.h>

#include "engine/fluid.h"
#include "engine/passive.h"
#include "math/sparse.h"

#define SN_DISABLED(m, flag) ((m)->opt.disableflags & (flag))

// Add scl*J[row] to res, where J is the tendon Jacobian (sparse or dense).
static void add_tendon_row(const mjModel* m, const mjData* d, int i, mjtNum scl,
                           mjtNum* res) {
  sn_addRowScl(res, d->ten_J, i, m->nv, mj_isSparse(m) ? d->ten_J_rownnz : NULL,
               d->ten_J_rowadr, d->ten_J_colind, scl);
}

// Joint springs: scalar joints pull towards qpos_spring; ball joints and the
// rotational part of free joints use the rotation vector between the current
// and the spring orientation; free joints also have a translational spring.
static void joint_springs(const mjModel* m, mjData* d) {
  for (int j = 0; j < m->njnt; j++) {
    mjtNum k = m->jnt_stiffness[j];
    if (k == 0) {
      continue;
    }
    int qa = m->jnt_qposadr[j], va = m->jnt_dofadr[j];
    const mjtNum* q = d->qpos + qa;
    const mjtNum* q0 = m->qpos_spring + qa;
    mjtNum quat[4], dif[3];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int i = 0; i < 3; i++) {
          d->qfrc_spring[va + i] = -k * (q[i] - q0[i]);
        }
        q += 3;
        q0 += 3;
        va += 3;
        // the rotational spring of a free joint is that of a ball joint
        // fall through
      case mjJNT_BALL:
        // quaternions in qpos may have drifted from unit length
        mju_copy4(quat, q);
        mju_normalize4(quat);
        mju_subQuat(dif, quat, q0);
        for (int i = 0; i < 3; i++) {
          d->qfrc_spring[va + i] = -k * dif[i];
        }
        break;
      default:  // hinge, slide
        d->qfrc_spring[va] = -k * (q[0] - q0[0]);
        break;
    }
  }
}

// Tendon springs act only outside the dead band [lengthspring[0], lengthspring[1]].
static void tendon_springs(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->ntendon; i++) {
    mjtNum k = m->tendon_stiffness[i];
    if (k == 0) {
      continue;
    }
    mjtNum len = d->ten_length[i];
    const mjtNum* rest = m->tendon_lengthspring + 2 * i;
    mjtNum frc = 0;
    if (len < rest[0]) {
      frc = k * (rest[0] - len);
    } else if (len > rest[1]) {
      frc = k * (rest[1] - len);
    }
    if (frc != 0) {
      add_tendon_row(m, d, i, frc, d->qfrc_spring);
    }
  }
}

static void dampers(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nv; i++) {
    d->qfrc_damper[i] = -m->dof_damping[i] * d->qvel[i];
  }
  for (int i = 0; i < m->ntendon; i++) {
    mjtNum b = m->tendon_damping[i];
    if (b != 0) {
      add_tendon_row(m, d, i, -b * d->ten_velocity[i], d->qfrc_damper);
    }
  }
}

// Gravity compensation: an upward force body_gravcomp*mass*|g| at each body's
// centre of mass, mapped to joint space through the body Jacobian.
static void gravcomp(const mjModel* m, mjData* d) {
  if (!m->ngravcomp || SN_DISABLED(m, mjDSBL_GRAVITY) || mju_norm3(m->opt.gravity) == 0) {
    return;
  }
  mjtNum torque[3] = {0, 0, 0};
  for (int b = 1; b < m->nbody; b++) {
    mjtNum gc = m->body_gravcomp[b];
    if (gc == 0) {
      continue;
    }
    mjtNum force[3];
    mju_scl3(force, m->opt.gravity, -m->body_mass[b] * gc);
    mj_applyFT(m, d, force, torque, d->xipos + 3 * b, b, d->qfrc_gravcomp);
  }
}

void mj_passive(const mjModel* m, mjData* d) {
  int nv = m->nv;
  int has_spring = !SN_DISABLED(m, mjDSBL_SPRING);
  int has_damper = !SN_DISABLED(m, mjDSBL_DAMPER);

  mju_zero(d->qfrc_spring, nv);
  if (!has_damper) {
    mju_zero(d->qfrc_damper, nv);  // otherwise dampers() writes every entry
  }
  mju_zero(d->qfrc_gravcomp, nv);
  mju_zero(d->qfrc_fluid, nv);
  if (!has_spring && !has_damper) {
    mju_zero(d->qfrc_passive, nv);  // otherwise the sum below writes every entry
  }

  // both disabled switches off every passive force, callback included (3.3.6+)
  if (!has_spring && !has_damper) {
    return;
  }

  if (has_spring) {
    joint_springs(m, d);
    tendon_springs(m, d);
  }
  if (has_damper) {
    dampers(m, d);
  }
  gravcomp(m, d);
  sn_fluid(m, d);

  for (int i = 0; i < nv; i++) {
    mjtNum f = d->qfrc_spring[i] + d->qfrc_damper[i] + d->qfrc_fluid[i];
    if (!m->jnt_actgravcomp[m->dof_jntid[i]]) {
      f += d->qfrc_gravcomp[i];
    }
    d->qfrc_passive[i] = f;
  }

  if (mjcb_passive) {
    mjcb_passive(m, d);
  }
}

void sn_passive_actgravcomp(const mjModel* m, mjData* d, mjtNum* qfrc) {
  if (!m->ngravcomp || SN_DISABLED(m, mjDSBL_GRAVITY)) {
    return;
  }
  for (int i = 0; i < m->nv; i++) {
    if (m->jnt_actgravcomp[m->dof_jntid[i]]) {
      qfrc[i] += d->qfrc_gravcomp[i];
    }
  }
}
