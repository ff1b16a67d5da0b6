// Centre-of-mass quantities: subtree centres of mass, body inertias and dof motion
// axes in the com-based frame (world orientation, origin at the subtree com of the
// body's root), body velocities and the time derivatives of the motion axes, and
// subtree linear velocities and angular momenta.
#include <mujoco/mujoco.h>

#include "engine/com.h"
#include "math/inline.h"

//---------------------------------- positions -----------------------------------------------------

// subtree_com: mass-weighted mean of the inertial frame origins of each subtree
static void subtree_com(const mjModel* m, mjData* d) {
  int nbody = m->nbody;
  for (int b = 0; b < nbody; b++) {
    sn_scl3(d->subtree_com + 3 * b, d->xipos + 3 * b, m->body_mass[b]);
  }
  for (int b = nbody - 1; b > 0; b--) {
    sn_addTo3(d->subtree_com + 3 * m->body_parentid[b], d->subtree_com + 3 * b);
  }
  for (int b = 0; b < nbody; b++) {
    mjtNum mass = m->body_subtreemass[b];
    if (mass < mjMINVAL) {
      sn_copy3(d->subtree_com + 3 * b, d->xipos + 3 * b);
    } else {
      sn_scl3(d->subtree_com + 3 * b, d->subtree_com + 3 * b, 1 / mass);
    }
  }
}

// cinert of body b: its inertia about the subtree com of its root, world axes
static void body_cinert(const mjModel* m, mjData* d, int b) {
  const mjtNum* R = d->ximat + 9 * b;
  const mjtNum* I = m->body_inertia + 3 * b;
  mjtNum mass = m->body_mass[b];
  mjtNum off[3];
  sn_sub3(off, d->xipos + 3 * b, d->subtree_com + 3 * m->body_rootid[b]);

  // R*diag(I)*R' plus the parallel-axis term mass*(|off|^2*eye - off*off')
  mjtNum* c = d->cinert + 10 * b;
  mjtNum oo = sn_dot3(off, off);
  static const int row[6] = {0, 1, 2, 0, 0, 1};
  static const int col[6] = {0, 1, 2, 1, 2, 2};
  for (int k = 0; k < 6; k++) {
    int r = row[k], s = col[k];
    mjtNum v = R[3 * r] * I[0] * R[3 * s] + R[3 * r + 1] * I[1] * R[3 * s + 1] +
               R[3 * r + 2] * I[2] * R[3 * s + 2];
    v -= mass * off[r] * off[s];
    if (r == s) {
      v += mass * oo;
    }
    c[k] = v;
  }
  sn_scl3(c + 6, off, mass);
  c[9] = mass;
}

// motion axes of the dofs of body b
static void body_cdof(const mjModel* m, mjData* d, int b) {
  const mjtNum* com = d->subtree_com + 3 * m->body_rootid[b];
  const mjtNum* xmat = d->xmat + 9 * b;
  int jadr = m->body_jntadr[b], jnum = m->body_jntnum[b];
  for (int j = jadr; j < jadr + jnum; j++) {
    mjtNum* cdof = d->cdof + 6 * m->jnt_dofadr[j];
    const mjtNum* axis = d->xaxis + 3 * j;
    mjtNum off[3];
    sn_sub3(off, com, d->xanchor + 3 * j);

    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int k = 0; k < 3; k++) {
          mjtNum* c = cdof + 6 * k;
          c[0] = c[1] = c[2] = 0;
          c[3] = c[4] = c[5] = 0;
          c[3 + k] = 1;
        }
        cdof += 18;
        // the rotation of a free joint is a ball about the body origin
        // fall through
      case mjJNT_BALL:
        for (int k = 0; k < 3; k++) {
          mjtNum* c = cdof + 6 * k;
          mjtNum a[3] = {xmat[k], xmat[3 + k], xmat[6 + k]};
          sn_copy3(c, a);
          sn_cross(c + 3, a, off);
        }
        break;
      case mjJNT_SLIDE:
        sn_zero3(cdof);
        sn_copy3(cdof + 3, axis);
        break;
      default:  // hinge
        sn_copy3(cdof, axis);
        sn_cross(cdof + 3, axis, off);
        break;
    }
  }
}

void mj_comPos(const mjModel* m, mjData* d) {
  subtree_com(m, d);
  for (int k = 0; k < 10; k++) {
    d->cinert[k] = 0;
  }
  for (int b = 1; b < m->nbody; b++) {
    body_cinert(m, d, b);
    if (m->body_jntnum[b]) {
      body_cdof(m, d, b);
    }
  }
}

//---------------------------------- velocities ----------------------------------------------------

// cvel += cdof[0..n) * qvel[0..n)
static inline void add_dof_vel(mjtNum cvel[6], const mjtNum* cdof, const mjtNum* qvel, int n) {
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 6; k++) {
      cvel[k] += cdof[6 * i + k] * qvel[i];
    }
  }
}

void mj_comVel(const mjModel* m, mjData* d) {
  for (int k = 0; k < 6; k++) {
    d->cvel[k] = 0;
  }
  for (int b = 1; b < m->nbody; b++) {
    mjtNum* cvel = d->cvel + 6 * b;
    const mjtNum* pvel = d->cvel + 6 * m->body_parentid[b];
    for (int k = 0; k < 6; k++) {
      cvel[k] = pvel[k];
    }

    // MuJoCo's convention: the axes of a joint move with the frame before the joint
    // (the rotation of a free joint follows its translation)
    int jadr = m->body_jntadr[b], jnum = m->body_jntnum[b];
    for (int j = jadr; j < jadr + jnum; j++) {
      int i = m->jnt_dofadr[j];
      int n = 1;
      switch (m->jnt_type[j]) {
        case mjJNT_FREE: {
          // translational axes are the unit vectors (0, e_k): crossMotion and the
          // velocity update reduce to their non-zero terms
          mjtNum* cdd = d->cdof_dot + 6 * i;
          mjtNum w0 = cvel[0], w1 = cvel[1], w2 = cvel[2];
          cdd[0] = cdd[1] = cdd[2] = 0;
          cdd[3] = 0;
          cdd[4] = w2;
          cdd[5] = -w1;
          cdd[6] = cdd[7] = cdd[8] = 0;
          cdd[9] = -w2;
          cdd[10] = 0;
          cdd[11] = w0;
          cdd[12] = cdd[13] = cdd[14] = 0;
          cdd[15] = w1;
          cdd[16] = -w0;
          cdd[17] = 0;
          cvel[3] += d->qvel[i];
          cvel[4] += d->qvel[i + 1];
          cvel[5] += d->qvel[i + 2];
          i += 3;
        }
          n = 3;
          break;
        case mjJNT_BALL:
          n = 3;
          break;
        default:
          break;
      }
      for (int k = 0; k < n; k++) {
        sn_crossMotion(d->cdof_dot + 6 * (i + k), cvel, d->cdof + 6 * (i + k));
      }
      add_dof_vel(cvel, d->cdof + 6 * i, d->qvel + i, n);
    }
  }
}

//---------------------------------- subtree velocities --------------------------------------------

void mj_subtreeVel(const mjModel* m, mjData* d) {
  int nbody = m->nbody;
  mj_markStack(d);
  mjtNum* bodyvel = mj_stackAllocNum(d, 6 * (size_t)nbody);  // [angular; linear at com]

  // body velocities at their centres of mass, mass-weighted linear momentum
  for (int b = 0; b < nbody; b++) {
    const mjtNum* cvel = d->cvel + 6 * b;
    mjtNum* v = bodyvel + 6 * b;
    mjtNum off[3], wxo[3];
    sn_sub3(off, d->xipos + 3 * b, d->subtree_com + 3 * m->body_rootid[b]);
    sn_cross(wxo, cvel, off);
    sn_copy3(v, cvel);
    sn_add3(v + 3, cvel + 3, wxo);
    sn_scl3(d->subtree_linvel + 3 * b, v + 3, m->body_mass[b]);
  }
  for (int b = nbody - 1; b > 0; b--) {
    sn_addTo3(d->subtree_linvel + 3 * m->body_parentid[b], d->subtree_linvel + 3 * b);
  }
  for (int b = 0; b < nbody; b++) {
    // a massless subtree has zero momentum, hence zero velocity
    mjtNum mass = m->body_subtreemass[b];
    sn_scl3(d->subtree_linvel + 3 * b, d->subtree_linvel + 3 * b, 1 / mjMAX(mass, mjMINVAL));
  }

  // angular momentum of each body about its own subtree com
  for (int b = 0; b < nbody; b++) {
    const mjtNum* R = d->ximat + 9 * b;
    const mjtNum* I = m->body_inertia + 3 * b;
    const mjtNum* w = bodyvel + 6 * b;
    mjtNum loc[3], dx[3], dv[3], mom[3];
    sn_mulMatTVec3(loc, R, w);
    loc[0] *= I[0];
    loc[1] *= I[1];
    loc[2] *= I[2];
    sn_mulMatVec3(d->subtree_angmom + 3 * b, R, loc);
    sn_sub3(dx, d->xipos + 3 * b, d->subtree_com + 3 * b);
    sn_sub3(dv, w + 3, d->subtree_linvel + 3 * b);
    sn_cross(mom, dx, dv);
    sn_addToScl3(d->subtree_angmom + 3 * b, mom, m->body_mass[b]);
  }

  // add each child subtree, moved to the parent's subtree com
  for (int b = nbody - 1; b > 0; b--) {
    int p = m->body_parentid[b];
    mjtNum dx[3], dv[3], mom[3];
    sn_sub3(dx, d->subtree_com + 3 * b, d->subtree_com + 3 * p);
    sn_sub3(dv, d->subtree_linvel + 3 * b, d->subtree_linvel + 3 * p);
    sn_cross(mom, dx, dv);
    sn_addTo3(d->subtree_angmom + 3 * p, d->subtree_angmom + 3 * b);
    sn_addToScl3(d->subtree_angmom + 3 * p, mom, m->body_subtreemass[b]);
  }
  mj_freeStack(d);
}
