// The soft-constraint model's penalty s(jar): from jar = J*qacc - aref each row gets its
// state (quadratic, linear friction side, satisfied, cone), force and cost; the solvers
// and inverse dynamics share it.
//
// s is the value of the per-constraint dual  max_{f in Omega} -f'*jar - 0.5*f'*R*f, and
// the force is its maximiser (so force = -grad s). Rows with a scalar set have closed forms:
// a quadratic 0.5*D*jar^2 (D = 1/R), cut off where the force would leave [0, inf) or
// [-frictionloss, frictionloss]. An elliptic contact couples its rows: the compiler makes
// R_j*mu_j^2 = R_0*mu^2 (mu = contact.mu, mu_j = contact.friction[j-1]), so in the
// coordinates sqrt(R)*f the cone is circular and the maximiser is the projection of
// -jar/sqrt(R) onto it. With N = jar_0 and T = |(mu_j*jar_j)_j| the three zones are
//   N >= T            : the projection is the tip, no force (satisfied);
//   mu^2*N + T <= 0   : -jar/sqrt(R) is inside the cone, every row quadratic;
//   otherwise         : the projection lies on the cone surface and
//                       s = 0.5*D_0/(1+mu^2)*(N-T)^2 (cone).
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/solver/solver.h"

// State, force and cost of one scalar row.
static mjtNum update_scalar(const snCProblem* p, int i, mjtNum jar) {
  mjtNum D = p->D[i];
  int type = p->type[i];
  if (type >= mjCNSTR_LIMIT_JOINT) {
    // limits, frictionless and pyramidal contacts (the bulk of the rows): one-sided
    if (jar < 0) {
      p->state[i] = mjCNSTRSTATE_QUADRATIC;
      p->force[i] = -D * jar;
      return 0.5 * D * jar * jar;
    }
    p->state[i] = mjCNSTRSTATE_SATISFIED;
    p->force[i] = 0;
    return 0;
  }
  if (type == mjCNSTR_EQUALITY) {
    p->state[i] = mjCNSTRSTATE_QUADRATIC;
    p->force[i] = -D * jar;
    return 0.5 * D * jar * jar;
  }
  // friction loss
  mjtNum fl = p->frictionloss[i], R = p->R[i];
  if (jar <= -R * fl) {
    p->state[i] = mjCNSTRSTATE_LINEARNEG;
    p->force[i] = fl;
    return -fl * jar - 0.5 * R * fl * fl;
  }
  if (jar >= R * fl) {
    p->state[i] = mjCNSTRSTATE_LINEARPOS;
    p->force[i] = -fl;
    return fl * jar - 0.5 * R * fl * fl;
  }
  p->state[i] = mjCNSTRSTATE_QUADRATIC;
  p->force[i] = -D * jar;
  return 0.5 * D * jar * jar;
}

// Hessian of s in the cone zone: Dm*(g*g' - u*hess(T)) with u = N-T, g = grad(u).
static void cone_hessian(mjtNum* H, int dim, const mjtNum* jar, const mjtNum* fri, mjtNum T,
                         mjtNum u, mjtNum Dm) {
  mjtNum g[6];
  g[0] = 1;
  for (int j = 1; j < dim; j++) {
    g[j] = -fri[j - 1] * fri[j - 1] * jar[j] / T;
  }
  for (int a = 0; a < dim; a++) {
    for (int b = 0; b < dim; b++) {
      mjtNum h = g[a] * g[b];
      if (a > 0 && b > 0) {
        // hess(T)_ab = mu_a^2*delta_ab/T - (mu_a^2 jar_a)(mu_b^2 jar_b)/T^3 = (mu_a^2*delta_ab - g_a g_b T)/T
        mjtNum hT = -g[a] * g[b] / T;
        if (a == b) {
          hT += fri[a - 1] * fri[a - 1] / T;
        }
        h -= u * hT;
      }
      H[a * dim + b] = Dm * h;
    }
  }
}

// State, forces and cost of one elliptic contact occupying rows i .. i+dim-1.
static mjtNum update_elliptic(const snCProblem* p, int i, const mjtNum* jar, int flg_hess) {
  mjContact* con = p->contact + p->id[i];
  int dim = con->dim;
  mjtNum mu = con->mu;
  const mjtNum* fri = con->friction;
  mjtNum N = jar[0], T = 0;
  for (int j = 1; j < dim; j++) {
    T += fri[j - 1] * fri[j - 1] * jar[j] * jar[j];
  }
  T = sqrt(T);

  if (N >= T) {
    for (int j = 0; j < dim; j++) {
      p->state[i + j] = mjCNSTRSTATE_SATISFIED;
      p->force[i + j] = 0;
    }
    return 0;
  }
  if (mu * mu * N + T <= 0) {
    mjtNum cost = 0;
    for (int j = 0; j < dim; j++) {
      p->state[i + j] = mjCNSTRSTATE_QUADRATIC;
      p->force[i + j] = -p->D[i + j] * jar[j];
      cost += 0.5 * p->D[i + j] * jar[j] * jar[j];
    }
    return cost;
  }

  // cone surface: T > 0 here, since N < T and mu^2*N + T > 0 exclude T == 0
  mjtNum Dm = p->D[i] / (1 + mu * mu);
  mjtNum u = N - T;
  p->force[i] = -Dm * u;
  p->state[i] = mjCNSTRSTATE_CONE;
  for (int j = 1; j < dim; j++) {
    p->force[i + j] = Dm * u * fri[j - 1] * fri[j - 1] * jar[j] / T;
    p->state[i + j] = mjCNSTRSTATE_CONE;
  }
  if (flg_hess) {
    cone_hessian(con->H, dim, jar, fri, T, u, Dm);
  }
  return 0.5 * Dm * u * u;
}

// States, forces and the summed cost of every row.
static mjtNum update_rows(const snCProblem* p, const mjtNum* jar, int flg_coneHessian) {
  mjtNum s = 0;
  int nefc = p->nefc;
  for (int i = 0; i < nefc;) {
    if (p->type[i] == mjCNSTR_CONTACT_ELLIPTIC) {
      s += update_elliptic(p, i, jar + i, flg_coneHessian);
      i += p->contact[p->id[i]].dim;
    } else {
      s += update_scalar(p, i, jar[i]);
      i++;
    }
  }
  return s;
}

void sn_cpUpdate(const snCProblem* p, const mjtNum* jar, mjtNum* cost, int flg_coneHessian) {
  mjtNum s = update_rows(p, jar, flg_coneHessian);
  sn_cpMulJT(p, p->qfrc_constraint, p->force);
  if (cost) {
    cost[0] = s;
  }
}

mjtNum sn_cpCost(const snCProblem* p, const mjtNum* jar) {
  return update_rows(p, jar, 0);
}

void mj_constraintUpdate(const mjModel* m, mjData* d, const mjtNum* jar, mjtNum cost[1],
                         int flg_coneHessian) {
  snCProblem p;
  sn_problemFromData(m, d, &p);
  sn_cpUpdate(&p, jar, cost, flg_coneHessian);
}
