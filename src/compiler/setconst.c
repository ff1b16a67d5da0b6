// Compiler-time constants evaluated at qpos0: inverse weights of bodies and
// dofs, actuator reference accelerations and lengths, the inertia diagonal,
// camera and light reference poses, and the damping of position actuators
// given as a damping ratio.
#include <mujoco/mujoco.h>

// Run the position stages at qpos0 with every camera and light fixed to its
// body, so the reference poses do not depend on tracking modes.
static void position_at_qpos0(mjModel* m, mjData* d) {
  mj_markStack(d);
  int* cammode = mj_stackAllocInt(d, m->ncam > 0 ? m->ncam : 1);
  int* lightmode = mj_stackAllocInt(d, m->nlight > 0 ? m->nlight : 1);
  for (int i = 0; i < m->ncam; i++) {
    cammode[i] = m->cam_mode[i];
    m->cam_mode[i] = mjCAMLIGHT_FIXED;
  }
  for (int i = 0; i < m->nlight; i++) {
    lightmode[i] = m->light_mode[i];
    m->light_mode[i] = mjCAMLIGHT_FIXED;
  }

  mju_copy(d->qpos, m->qpos0, m->nq);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_camlight(m, d);
  // the flex stage (mj_flex) goes here once it exists
  mj_tendon(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  mj_transmission(m, d);

  for (int i = 0; i < m->ncam; i++) {
    m->cam_mode[i] = cammode[i];
  }
  for (int i = 0; i < m->nlight; i++) {
    m->light_mode[i] = lightmode[i];
  }
  mj_freeStack(d);
}

// Bodies moved only by coordinate-axis slides straight from the world (body_simple
// 2) have a diagonal mass block; MuJoCo 3.3.8 gives them and their dofs the weight
// 1/mass, without armature.
static int slide_only(const mjModel* m, int b) {
  return m->body_simple[b] == 2 && m->body_dofnum[b] > 0;
}

// dof_M0 (without tendon armature), stat.meaninertia (mean diagonal of M; 1 without
// dofs) and
// dof_invweight0: the diagonal of inv(M), averaged over the three translational
// or rotational dofs of free and ball joints.
static void set_dof_constants(mjModel* m, mjData* d) {
  int nv = m->nv;
  mjtNum sum = 0;
  for (int i = 0; i < nv; i++) {
    sum += d->qM[m->dof_Madr[i]];
  }
  m->stat.meaninertia = nv ? sum / nv : 1;
  // MuJoCo 3.3.8's dof_M0 is the composite-rigid-body diagonal, without the tendon
  // armature that meaninertia (and the weights below) include; qM is restored after
  if (m->ntendon) {
    mj_crb(m, d);
  }
  for (int i = 0; i < nv; i++) {
    m->dof_M0[i] = d->qM[m->dof_Madr[i]];
  }
  if (m->ntendon) {
    mj_makeM(m, d);
  }
  if (!nv) {
    return;
  }

  mj_markStack(d);
  mjtNum* e = mj_stackAllocNum(d, nv);
  mjtNum* col = mj_stackAllocNum(d, nv);
  mjtNum* diag = mj_stackAllocNum(d, nv);
  mju_zero(e, nv);
  for (int i = 0; i < nv; i++) {
    e[i] = 1;
    mj_solveM(m, d, col, e, 1);
    diag[i] = col[i];
    e[i] = 0;
  }
  for (int j = 0; j < m->njnt; j++) {
    int v = m->jnt_dofadr[j];
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int g = 0; g < 2; g++) {
          mjtNum* s = diag + v + 3 * g;
          mjtNum mean = (s[0] + s[1] + s[2]) / 3;
          for (int k = 0; k < 3; k++) {
            m->dof_invweight0[v + 3 * g + k] = mean;
          }
        }
        break;
      case mjJNT_BALL: {
        mjtNum mean = (diag[v] + diag[v + 1] + diag[v + 2]) / 3;
        for (int k = 0; k < 3; k++) {
          m->dof_invweight0[v + k] = mean;
        }
        break;
      }
      default:
        m->dof_invweight0[v] = diag[v];
        break;
    }
  }
  for (int i = 0; i < nv; i++) {
    int b = m->dof_bodyid[i];
    if (slide_only(m, b)) {
      m->dof_invweight0[i] = 1 / mju_max(mjMINVAL, m->body_mass[b]);
    }
  }
  mj_freeStack(d);
}

// body_invweight0: mean diagonal of the translational and rotational blocks of
// J*inv(M)*J' for the Jacobian of the body's centre of mass; 0 for the world.
static void set_body_invweight(mjModel* m, mjData* d) {
  int nv = m->nv;
  m->body_invweight0[0] = m->body_invweight0[1] = 0;
  if (!nv) {
    for (int b = 1; b < m->nbody; b++) {
      m->body_invweight0[2 * b] = m->body_invweight0[2 * b + 1] = 0;
    }
    return;
  }
  mj_markStack(d);
  mjtNum* jac = mj_stackAllocNum(d, 6 * (size_t)nv);
  mjtNum* minvj = mj_stackAllocNum(d, nv);
  for (int b = 1; b < m->nbody; b++) {
    mj_jacBodyCom(m, d, jac, jac + 3 * nv, b);
    mjtNum block[2] = {0, 0};
    for (int r = 0; r < 6; r++) {
      mj_solveM(m, d, minvj, jac + r * nv, 1);
      block[r / 3] += mju_dot(jac + r * nv, minvj, nv);
    }
    m->body_invweight0[2 * b] = block[0] / 3;
    m->body_invweight0[2 * b + 1] = block[1] / 3;
    if (slide_only(m, b)) {
      m->body_invweight0[2 * b] = 1 / mju_max(mjMINVAL, m->body_mass[b]);
      m->body_invweight0[2 * b + 1] = 0;
    }
  }
  mj_freeStack(d);
}

// actuator_acc0 = |inv(M)*moment| and actuator_length0 = length at qpos0.
static void set_actuator_constants(mjModel* m, mjData* d) {
  int nv = m->nv;
  mj_markStack(d);
  mjtNum* moment = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mjtNum* acc = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  for (int i = 0; i < m->nu; i++) {
    mju_zero(moment, nv);
    int adr = d->moment_rowadr[i];
    for (int k = 0; k < d->moment_rownnz[i]; k++) {
      moment[d->moment_colind[adr + k]] = d->actuator_moment[adr + k];
    }
    mj_solveM(m, d, acc, moment, 1);
    m->actuator_acc0[i] = mju_norm(acc, nv);
    m->actuator_length0[i] = d->actuator_length[i];
  }
  mj_freeStack(d);
}

// Position-like actuators (gain kp = -biasprm[1]) whose biasprm[2] is positive
// hold a damping ratio; turn it into the damping -biasprm[2] = 2*ratio*sqrt(kp*m)
// with the inertia m reflected through the transmission, sum of M_jj/moment_j^2.
static void set_dampratio(mjModel* m, mjData* d) {
  for (int i = 0; i < m->nu; i++) {
    mjtNum* gainprm = m->actuator_gainprm + i * mjNGAIN;
    mjtNum* biasprm = m->actuator_biasprm + i * mjNBIAS;
    if (gainprm[0] != -biasprm[1] || biasprm[2] <= 0) {
      continue;
    }
    mjtNum mass = 0;
    int adr = d->moment_rowadr[i];
    for (int k = 0; k < d->moment_rownnz[i]; k++) {
      mjtNum arm = d->actuator_moment[adr + k];
      if (arm == 0) {
        continue;
      }
      int dof = d->moment_colind[adr + k];
      mass += d->qM[m->dof_Madr[dof]] / (arm * arm);
    }
    biasprm[2] = -biasprm[2] * 2 * mju_sqrt(gainprm[0] * mass);
  }
}

// Camera and light poses at qpos0, relative to their body and to the subtree
// centre of mass they track (the target body's when there is one).
static void set_camlight_constants(mjModel* m, mjData* d) {
  for (int i = 0; i < m->ncam; i++) {
    int b = m->cam_bodyid[i], t = m->cam_targetbodyid[i];
    mju_sub3(m->cam_pos0 + 3 * i, d->cam_xpos + 3 * i, d->xpos + 3 * b);
    mju_sub3(m->cam_poscom0 + 3 * i, d->cam_xpos + 3 * i, d->subtree_com + 3 * (t >= 0 ? t : b));
    mju_copy(m->cam_mat0 + 9 * i, d->cam_xmat + 9 * i, 9);
  }
  for (int i = 0; i < m->nlight; i++) {
    int b = m->light_bodyid[i], t = m->light_targetbodyid[i];
    mju_sub3(m->light_pos0 + 3 * i, d->light_xpos + 3 * i, d->xpos + 3 * b);
    mju_sub3(m->light_poscom0 + 3 * i, d->light_xpos + 3 * i,
             d->subtree_com + 3 * (t >= 0 ? t : b));
    mju_copy3(m->light_dir0 + 3 * i, d->light_xdir + 3 * i);
  }
}

// tendon_length0 and tendon_invweight0 = J*inv(M)*J'.
static void set_tendon_constants(mjModel* m, mjData* d) {
  int nv = m->nv;
  if (!m->ntendon) {
    return;
  }
  mj_markStack(d);
  mjtNum* J = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  mjtNum* MinvJ = mj_stackAllocNum(d, nv > 0 ? nv : 1);
  for (int t = 0; t < m->ntendon; t++) {
    m->tendon_length0[t] = d->ten_length[t];
    if (mj_isSparse(m)) {
      mju_zero(J, nv);
      int adr = d->ten_J_rowadr[t];
      for (int k = 0; k < d->ten_J_rownnz[t]; k++) {
        J[d->ten_J_colind[adr + k]] = d->ten_J[adr + k];
      }
    } else {
      mju_copy(J, d->ten_J + (size_t)t * nv, nv);
    }
    mj_solveM(m, d, MinvJ, J, 1);
    m->tendon_invweight0[t] = mju_dot(J, MinvJ, nv);
  }
  mj_freeStack(d);
}

// tendon_lengthspring given as -1 -1 (the default) becomes the tendon length at
// qpos_spring (checked against 3.3.8: not qpos0). Runs last: it moves the state.
static void set_tendon_lengthspring(mjModel* m, mjData* d) {
  int any = 0;
  for (int t = 0; t < m->ntendon; t++) {
    any |= m->tendon_lengthspring[2 * t] == -1 && m->tendon_lengthspring[2 * t + 1] == -1;
  }
  if (!any) {
    return;
  }
  mju_copy(d->qpos, m->qpos_spring, m->nq);
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_tendon(m, d);
  for (int t = 0; t < m->ntendon; t++) {
    mjtNum* ls = m->tendon_lengthspring + 2 * t;
    if (ls[0] == -1 && ls[1] == -1) {
      ls[0] = ls[1] = d->ten_length[t];
    }
  }
}

void mj_setConst(mjModel* m, mjData* d) {
  position_at_qpos0(m, d);
  set_dof_constants(m, d);
  set_body_invweight(m, d);
  set_actuator_constants(m, d);
  set_dampratio(m, d);
  set_camlight_constants(m, d);
  set_tendon_constants(m, d);
  set_tendon_lengthspring(m, d);
}
