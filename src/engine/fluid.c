// Fluid forces, from the computation chapter ("Fluid forces"), in two models.
//
// Inertia-box model (bodies none of whose geoms has fluidshape="ellipsoid"): the
// body is its equivalent inertia box, half-sizes r from the principal inertia,
// in the inertial frame (xipos, ximat). With v, w the local linear and angular
// velocity (wind subtracted from v), rho the density and beta the viscosity:
//   f_i = -2 rho r_j r_k |v_i| v_i - 6 pi beta r_eq v_i
//   g_i = -rho/2 r_i (r_j^4 + r_k^4) |w_i| w_i - 8 pi beta r_eq^3 w_i,  r_eq = mean(r).
//
// Ellipsoid model (each geom with fluidshape="ellipsoid", in the geom frame):
// semi-axes r of the geom, coefficients C = (blunt, slender, angular, Kutta,
// Magnus) and the virtual mass/inertia per unit density (geom_fluid, see
// sn_compile_geom_fluid), V the volume, r_D = mean(r):
//   added mass  f_A = (mA o v) x w,  g_A = (mA o v) x v + (IA o w) x w
//   drag        f_D = -rho (C_b A + C_s (Amax - A)) |v| v
//               g_D = -rho |c o w| w,  c_i = C_a I_i + C_s (max(I) - I_i),
//               I_i = 8 pi/15 r_i max(r_j, r_k)^4
//   Magnus      f_M = C_M rho V w x v
//   Kutta       f_K = C_K rho A cos(alpha) (n x v) x v
//   viscous     f_V = -6 pi beta r_D v,  g_V = -8 pi beta r_D^3 w
// where A is the area of the ellipsoid projected along v (lemma of the chapter),
// n the unit normal of the cross-section that projects to it and cos(alpha) = v.n/|v|.
// The maximal projected area Amax is pi r_max r_mid (as MuJoCo 3.3.8 computes it).
// Acceleration (added-mass) terms of the chapter are left out: the model is stateless.
//
// Forces and torques are computed in the local frame, rotated to the world and
// applied at the frame origin with mj_applyFT. For the implicit integrators the
// velocity derivative B = dW/du of the local wrench W = (g, f) with respect to the
// local velocity u = (w, v) is mapped to joint space as J' B J, J the local
// 6 x nv Jacobian of the frame.
#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/derivative.h"
#include "engine/fluid.h"

//---------------------------------- small vector helpers --------------------------------------------

static void cross3(mjtNum res[3], const mjtNum a[3], const mjtNum b[3]) {
  mjtNum t[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                 a[0] * b[1] - a[1] * b[0]};
  res[0] = t[0];
  res[1] = t[1];
  res[2] = t[2];
}

static mjtNum dot3(const mjtNum a[3], const mjtNum b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// M (3x3, row-major) = [a]x, the matrix of b -> a x b
static void skew(mjtNum M[9], const mjtNum a[3]) {
  M[0] = 0;
  M[1] = -a[2];
  M[2] = a[1];
  M[3] = a[2];
  M[4] = 0;
  M[5] = -a[0];
  M[6] = -a[1];
  M[7] = a[0];
  M[8] = 0;
}

// B (6x6, row-major) block (rb, cb) += scl * M (3x3)
static void add_block(mjtNum B[36], int rb, int cb, const mjtNum M[9], mjtNum scl) {
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      B[6 * (3 * rb + i) + 3 * cb + j] += scl * M[3 * i + j];
    }
  }
}

// B (6x6) block (rb, cb) -= [a]x * diag(d): the derivative of (d o x) x a with respect to x
static void sub_skew_diag(mjtNum B[36], int rb, int cb, const mjtNum a[3], const mjtNum d[3]) {
  mjtNum M[9];
  skew(M, a);
  for (int i = 0; i < 9; i++) {
    M[i] *= d[i % 3];
  }
  add_block(B, rb, cb, M, -1);
}

//---------------------------------- shared ----------------------------------------------------------

void sn_fluid_semiaxes(int type, const mjtNum size[3], mjtNum semi[3]) {
  switch (type) {
    case mjGEOM_SPHERE:
      semi[0] = semi[1] = semi[2] = size[0];
      break;
    case mjGEOM_CAPSULE:
      semi[0] = semi[1] = size[0];
      semi[2] = size[1] + size[0];
      break;
    case mjGEOM_CYLINDER:
      semi[0] = semi[1] = size[0];
      semi[2] = size[1];
      break;
    default:  // ellipsoid, box, mesh: the size itself
      semi[0] = size[0];
      semi[1] = size[1];
      semi[2] = size[2];
      break;
  }
}

int sn_fluid_active(const mjModel* m) {
  return m->opt.density > 0 || m->opt.viscosity > 0;
}

// Whether body b uses the ellipsoid model (any of its geoms has one).
static int body_ellipsoid(const mjModel* m, int b) {
  int adr = m->body_geomadr[b];
  for (int k = 0; k < m->body_geomnum[b]; k++) {
    if (m->geom_fluid[mjNFLUID * (adr + k)] > 0) {
      return 1;
    }
  }
  return 0;
}

// Local velocity u = (w, v) of a frame (pos, mat) moving with body b; the wind
// is subtracted from the linear part.
static void local_velocity(const mjModel* m, const mjData* d, int b, const mjtNum pos[3],
                           const mjtNum mat[9], mjtNum u[6]) {
  const mjtNum* cvel = d->cvel + 6 * b;
  const mjtNum* com = d->subtree_com + 3 * m->body_rootid[b];
  mjtNum off[3] = {pos[0] - com[0], pos[1] - com[1], pos[2] - com[2]};
  mjtNum lin[3];
  cross3(lin, cvel, off);  // w x off
  for (int k = 0; k < 3; k++) {
    lin[k] += cvel[3 + k] - m->opt.wind[k];
  }
  mju_mulMatTVec3(u, mat, cvel);
  mju_mulMatTVec3(u + 3, mat, lin);
}

// Apply the local wrench W = (torque, force) at the frame (pos, mat) of body b.
static void apply_local(const mjModel* m, mjData* d, int b, const mjtNum pos[3],
                        const mjtNum mat[9], const mjtNum W[6]) {
  mjtNum torque[3], force[3];
  mju_mulMatVec3(torque, mat, W);
  mju_mulMatVec3(force, mat, W + 3);
  mj_applyFT(m, d, force, torque, pos, b, d->qfrc_fluid);
}

//---------------------------------- inertia-box model -----------------------------------------------

// Half-sizes of the equivalent inertia box of body b.
static void box_size(const mjModel* m, int b, mjtNum r[3]) {
  const mjtNum* I = m->body_inertia + 3 * b;
  mjtNum mass = m->body_mass[b];
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    r[i] = sqrt(mju_max(mjMINVAL, (I[j] + I[k] - I[i])) / mass * 1.5);
  }
}

static void box_wrench(const mjModel* m, const mjtNum r[3], const mjtNum u[6], mjtNum W[6]) {
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  mjtNum req = (r[0] + r[1] + r[2]) / 3;
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    mjtNum w = u[i], v = u[3 + i];
    mjtNum rj4 = r[j] * r[j] * r[j] * r[j], rk4 = r[k] * r[k] * r[k] * r[k];
    W[i] = -0.5 * rho * r[i] * (rj4 + rk4) * fabs(w) * w - 8 * mjPI * beta * req * req * req * w;
    W[3 + i] = -2 * rho * r[j] * r[k] * fabs(v) * v - 6 * mjPI * beta * req * v;
  }
}

// dW/du of the inertia-box model: diagonal.
static void box_deriv(const mjModel* m, const mjtNum r[3], const mjtNum u[6], mjtNum B[36]) {
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  mjtNum req = (r[0] + r[1] + r[2]) / 3;
  mju_zero(B, 36);
  for (int i = 0; i < 3; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    mjtNum rj4 = r[j] * r[j] * r[j] * r[j], rk4 = r[k] * r[k] * r[k] * r[k];
    B[7 * i] = -rho * r[i] * (rj4 + rk4) * fabs(u[i]) - 8 * mjPI * beta * req * req * req;
    B[7 * (3 + i)] = -4 * rho * r[j] * r[k] * fabs(u[3 + i]) - 6 * mjPI * beta * req;
  }
}

//---------------------------------- ellipsoid model -------------------------------------------------

typedef struct {
  mjtNum r[3];       // semi-axes
  mjtNum coef[5];    // blunt, slender, angular, Kutta, Magnus
  mjtNum mA[3];      // rho * virtual mass
  mjtNum IA[3];      // rho * virtual inertia
  mjtNum vol;        // volume
  mjtNum rD;         // radius of the equivalent sphere
  mjtNum Amax;       // maximal projected area
  mjtNum cang[3];    // angular drag coefficients c_i (without rho)
} snEllipsoid;

static void ellipsoid_init(const mjModel* m, int g, snEllipsoid* e) {
  const mjtNum* fl = m->geom_fluid + mjNFLUID * g;
  mjtNum rho = m->opt.density;
  sn_fluid_semiaxes(m->geom_type[g], m->geom_size + 3 * g, e->r);
  const mjtNum* r = e->r;
  for (int k = 0; k < 5; k++) {
    e->coef[k] = fl[1 + k];
  }
  for (int k = 0; k < 3; k++) {
    e->mA[k] = rho * fl[6 + k];
    e->IA[k] = rho * fl[9 + k];
  }
  e->vol = 4.0 / 3.0 * mjPI * r[0] * r[1] * r[2];
  e->rD = (r[0] + r[1] + r[2]) / 3;
  mjtNum rmax = mju_max(r[0], mju_max(r[1], r[2]));
  mjtNum rmin = mju_min(r[0], mju_min(r[1], r[2]));
  mjtNum rmid = r[0] + r[1] + r[2] - rmax - rmin;
  e->Amax = mjPI * rmax * rmid;
  mjtNum I[3], Imax = 0;
  for (int i = 0; i < 3; i++) {
    mjtNum rjk = mju_max(r[(i + 1) % 3], r[(i + 2) % 3]);
    I[i] = 8.0 / 15.0 * mjPI * r[i] * rjk * rjk * rjk * rjk;
    Imax = mju_max(Imax, I[i]);
  }
  for (int i = 0; i < 3; i++) {
    e->cang[i] = e->coef[2] * I[i] + e->coef[1] * (Imax - I[i]);
  }
}

// Projection quantities for the local linear velocity v: with p_i = (r_j r_k)^2,
// N_i = p_i v_i (normal of the projecting cross-section, up to scale),
// s = v.N, q = |N|^2, A = pi sqrt(q/s) and cosa = cos(alpha)/|N| = s/(|v| q).
// The denominators are clamped at mjMINVAL as in MuJoCo 3.3.8 (which matters for
// geoms below a few mm: s ~ size^4 |v|^2, q ~ size^8 |v|^2).
typedef struct {
  mjtNum p[3], N[3], s, q, A, speed, cosa;
} snProj;

static void projection(const snEllipsoid* e, const mjtNum v[3], snProj* P) {
  const mjtNum* r = e->r;
  for (int i = 0; i < 3; i++) {
    mjtNum rjk = r[(i + 1) % 3] * r[(i + 2) % 3];
    P->p[i] = rjk * rjk;
    P->N[i] = P->p[i] * v[i];
  }
  P->s = dot3(v, P->N);
  P->q = dot3(P->N, P->N);
  P->speed = sqrt(dot3(v, v));
  P->A = mjPI * sqrt(P->q / mju_max(mjMINVAL, P->s));
  P->cosa = P->s / mju_max(mjMINVAL, P->speed * P->q);
}

static void ellipsoid_wrench(const mjModel* m, const snEllipsoid* e, const mjtNum u[6],
                             mjtNum W[6]) {
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  const mjtNum *w = u, *v = u + 3;
  const mjtNum* C = e->coef;
  mjtNum* g = W;
  mjtNum* f = W + 3;
  snProj P;
  projection(e, v, &P);

  // added mass
  mjtNum mv[3], Iw[3], tmp[3];
  for (int k = 0; k < 3; k++) {
    mv[k] = e->mA[k] * v[k];
    Iw[k] = e->IA[k] * w[k];
  }
  cross3(f, mv, w);
  cross3(g, mv, v);
  cross3(tmp, Iw, w);
  for (int k = 0; k < 3; k++) {
    g[k] += tmp[k];
  }

  // quadratic drag
  mjtNum drag = -rho * (C[0] * P.A + C[1] * (e->Amax - P.A)) * P.speed;
  mjtNum cw[3] = {e->cang[0] * w[0], e->cang[1] * w[1], e->cang[2] * w[2]};
  mjtNum adrag = -rho * sqrt(dot3(cw, cw));

  // Magnus lift
  mjtNum wxv[3];
  cross3(wxv, w, v);
  mjtNum magnus = C[4] * rho * e->vol;

  // Kutta lift with n = N/|N|: cos(alpha) (n x v) x v = P.cosa (N x v) x v, where
  // (N x v) x v = (N.v) v - |v|^2 N
  mjtNum kutta = C[3] * rho * P.A * P.cosa;
  mjtNum vv = P.speed * P.speed;

  // viscous resistance
  mjtNum vf = -6 * mjPI * beta * e->rD;
  mjtNum vt = -8 * mjPI * beta * e->rD * e->rD * e->rD;

  for (int k = 0; k < 3; k++) {
    f[k] += drag * v[k] + magnus * wxv[k] + kutta * (P.s * v[k] - vv * P.N[k]) +
            vf * v[k];
    g[k] += adrag * w[k] + vt * w[k];
  }
}

// dW/du of the ellipsoid model (6x6, row-major, rows (g, f), columns (w, v)).
static void ellipsoid_deriv(const mjModel* m, const snEllipsoid* e, const mjtNum u[6],
                            mjtNum B[36]) {
  mjtNum rho = m->opt.density, beta = m->opt.viscosity;
  const mjtNum *w = u, *v = u + 3;
  const mjtNum* C = e->coef;
  mjtNum M[9];
  mju_zero(B, 36);

  // added mass: f = (mA o v) x w, g = (mA o v) x v + (IA o w) x w
  mjtNum mv[3], Iw[3];
  for (int k = 0; k < 3; k++) {
    mv[k] = e->mA[k] * v[k];
    Iw[k] = e->IA[k] * w[k];
  }
  // df/dw = [mv]x ; df/dv = -[w]x diag(mA)
  skew(M, mv);
  add_block(B, 1, 0, M, 1);
  sub_skew_diag(B, 1, 1, w, e->mA);
  // dg/dv = [mv]x - [v]x diag(mA)
  skew(M, mv);
  add_block(B, 0, 1, M, 1);
  sub_skew_diag(B, 0, 1, v, e->mA);
  // dg/dw = [Iw]x - [w]x diag(IA)
  skew(M, Iw);
  add_block(B, 0, 0, M, 1);
  sub_skew_diag(B, 0, 0, w, e->IA);

  // viscous resistance
  mjtNum vf = -6 * mjPI * beta * e->rD;
  mjtNum vt = -8 * mjPI * beta * e->rD * e->rD * e->rD;
  for (int i = 0; i < 3; i++) {
    B[7 * i] += vt;
    B[7 * (3 + i)] += vf;
  }

  // angular drag g = -rho |c o w| w:
  // dg/dw = -rho (|cw|^2 I + w (c o c o w)') / |cw|, the denominator clamped as in MuJoCo
  mjtNum cw[3] = {e->cang[0] * w[0], e->cang[1] * w[1], e->cang[2] * w[2]};
  mjtNum cw2 = dot3(cw, cw);
  mjtNum inv = rho / mju_max(mjMINVAL, sqrt(cw2));
  for (int i = 0; i < 3; i++) {
    B[7 * i] -= inv * cw2;
    for (int j = 0; j < 3; j++) {
      B[6 * i + j] -= inv * w[i] * e->cang[j] * cw[j];
    }
  }

  // Magnus f = k w x v: df/dw = -k [v]x, df/dv = k [w]x
  mjtNum magnus = C[4] * rho * e->vol;
  skew(M, v);
  add_block(B, 1, 0, M, -magnus);
  skew(M, w);
  add_block(B, 1, 1, M, magnus);

  snProj P;
  projection(e, v, &P);
  if (P.speed == 0) {
    return;  // the quadratic terms have zero slope at rest
  }
  mjtNum speed = P.speed, s = P.s, q = P.q, A = P.A;
  // gradients with respect to v: ds = 2N, d|v| = v/|v|
  mjtNum ds[3], dsp[3], dA[3];
  for (int k = 0; k < 3; k++) {
    ds[k] = 2 * P.N[k];
    dsp[k] = v[k] / speed;
    // dA = A (p o N / q - N / s) = pi (s p o N - q N) / (s sqrt(s q)), the
    // denominator clamped as in MuJoCo 3.3.8 (which scales the slope down for
    // small geoms)
    dA[k] = mjPI * (s * P.p[k] * P.N[k] - q * P.N[k]) / mju_max(mjMINVAL, s * sqrt(s * q));
  }

  // drag f = -rho (c0 A + c1 (Amax - A)) |v| v = -rho a(v) |v| v
  mjtNum a = C[0] * A + C[1] * (e->Amax - A);
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      mjtNum dij = -rho * ((C[0] - C[1]) * dA[j] * speed * v[i] + a * dsp[j] * v[i] +
                           (i == j ? a * speed : 0));
      B[6 * (3 + i) + 3 + j] += dij;
    }
  }

  // Kutta f = kc phi G with phi = A cosa = pi sqrt(s/q) / |v| and G = s v - |v|^2 N.
  // MuJoCo 3.3.8's slope, reproduced here, differs from the exact one where its
  // clamps act (small geoms, low speeds): phi is evaluated as pi s / |v| sqrt(q s)
  // with that denominator clamped (not with the clamps of the force), and
  // dphi = phi (ds/2s - d|v|/|v| - dq/2q) with q clamped in the last term.
  mjtNum kc = C[3] * rho;
  if (kc != 0) {
    mjtNum phi = mjPI * s / mju_max(mjMINVAL, speed * sqrt(q * s));
    mjtNum G[3], dphi[3];
    for (int k = 0; k < 3; k++) {
      G[k] = s * v[k] - speed * speed * P.N[k];
      dphi[k] = phi * (P.N[k] / s - v[k] / (speed * speed) - P.p[k] * P.N[k] / mju_max(mjMINVAL, q));
    }
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        // dG_i/dv_j = v_i ds_j + s delta_ij - 2 N_i v_j - |v|^2 p_i delta_ij
        mjtNum dG = v[i] * ds[j] - 2 * P.N[i] * v[j];
        if (i == j) {
          dG += s - speed * speed * P.p[i];
        }
        B[6 * (3 + i) + 3 + j] += kc * (G[i] * dphi[j] + phi * dG);
      }
    }
  }
}

//---------------------------------- top level -------------------------------------------------------

void sn_fluid(const mjModel* m, mjData* d) {
  if (!sn_fluid_active(m)) {
    return;
  }
  for (int b = 1; b < m->nbody; b++) {
    if (m->body_mass[b] < mjMINVAL) {
      continue;
    }
    mjtNum u[6], W[6];
    if (!body_ellipsoid(m, b)) {
      const mjtNum* pos = d->xipos + 3 * b;
      const mjtNum* mat = d->ximat + 9 * b;
      mjtNum r[3];
      box_size(m, b, r);
      local_velocity(m, d, b, pos, mat, u);
      box_wrench(m, r, u, W);
      apply_local(m, d, b, pos, mat, W);
      continue;
    }
    int adr = m->body_geomadr[b];
    for (int g = adr; g < adr + m->body_geomnum[b]; g++) {
      if (m->geom_fluid[mjNFLUID * g] <= 0) {
        continue;
      }
      const mjtNum* pos = d->geom_xpos + 3 * g;
      const mjtNum* mat = d->geom_xmat + 9 * g;
      snEllipsoid e;
      ellipsoid_init(m, g, &e);
      local_velocity(m, d, b, pos, mat, u);
      ellipsoid_wrench(m, &e, u, W);
      apply_local(m, d, b, pos, mat, W);
    }
  }
}

// qDeriv += J' B J for the frame (pos, mat) of body b, J its local 6 x nv
// Jacobian (nonzero on the chain of dofs of b and its ancestors).
static void add_frame_deriv(const mjModel* m, mjData* d, int b, const mjtNum pos[3],
                            const mjtNum mat[9], const mjtNum B[36], int* chain,
                            mjtNum* J, mjtNum* BJ) {
  // dofs of the chain, from the last dof of the nearest body with dofs
  int n = 0;
  int bb = b;
  while (bb > 0 && m->body_dofnum[bb] == 0) {
    bb = m->body_parentid[bb];
  }
  if (bb <= 0) {
    return;
  }
  for (int i = m->body_dofadr[bb] + m->body_dofnum[bb] - 1; i >= 0; i = m->dof_parentid[i]) {
    chain[n++] = i;
  }
  // local Jacobian columns: rotation, then translation at pos
  const mjtNum* com = d->subtree_com + 3 * m->body_rootid[b];
  mjtNum off[3] = {pos[0] - com[0], pos[1] - com[1], pos[2] - com[2]};
  for (int c = 0; c < n; c++) {
    const mjtNum* cdof = d->cdof + 6 * chain[c];
    mjtNum lin[3];
    cross3(lin, cdof, off);
    for (int k = 0; k < 3; k++) {
      lin[k] += cdof[3 + k];
    }
    mju_mulMatTVec3(J + 6 * c, mat, cdof);
    mju_mulMatTVec3(J + 6 * c + 3, mat, lin);
  }
  // BJ = B * J (6 x n, column c at BJ + 6c)
  for (int c = 0; c < n; c++) {
    for (int i = 0; i < 6; i++) {
      mjtNum sum = 0;
      for (int k = 0; k < 6; k++) {
        sum += B[6 * i + k] * J[6 * c + k];
      }
      BJ[6 * c + i] = sum;
    }
  }
  // qDeriv[row, col] += J[:, row] . BJ[:, col]
  for (int a = 0; a < n; a++) {
    for (int c = 0; c < n; c++) {
      int adr = sn_Dindex(m, chain[a], chain[c]);
      if (adr >= 0) {
        d->qDeriv[adr] += mju_dot(J + 6 * a, BJ + 6 * c, 6);
      }
    }
  }
}

static void symmetrize6(mjtNum B[36]) {
  for (int i = 0; i < 6; i++) {
    for (int j = i + 1; j < 6; j++) {
      mjtNum s = 0.5 * (B[6 * i + j] + B[6 * j + i]);
      B[6 * i + j] = B[6 * j + i] = s;
    }
  }
}

void sn_fluid_vel(const mjModel* m, mjData* d, int flg_symmetric) {
  if (!sn_fluid_active(m) || !m->nv) {
    return;
  }
  mj_markStack(d);
  int* chain = mj_stackAllocInt(d, m->nv);
  mjtNum* J = mj_stackAllocNum(d, 6 * (size_t)m->nv);
  mjtNum* BJ = mj_stackAllocNum(d, 6 * (size_t)m->nv);
  for (int b = 1; b < m->nbody; b++) {
    if (m->body_mass[b] < mjMINVAL) {
      continue;
    }
    mjtNum u[6], B[36];
    if (!body_ellipsoid(m, b)) {
      const mjtNum* pos = d->xipos + 3 * b;
      const mjtNum* mat = d->ximat + 9 * b;
      mjtNum r[3];
      box_size(m, b, r);
      local_velocity(m, d, b, pos, mat, u);
      box_deriv(m, r, u, B);
      add_frame_deriv(m, d, b, pos, mat, B, chain, J, BJ);
      continue;
    }
    int adr = m->body_geomadr[b];
    for (int g = adr; g < adr + m->body_geomnum[b]; g++) {
      if (m->geom_fluid[mjNFLUID * g] <= 0) {
        continue;
      }
      const mjtNum* pos = d->geom_xpos + 3 * g;
      const mjtNum* mat = d->geom_xmat + 9 * g;
      snEllipsoid e;
      ellipsoid_init(m, g, &e);
      local_velocity(m, d, b, pos, mat, u);
      ellipsoid_deriv(m, &e, u, B);
      if (flg_symmetric) {
        symmetrize6(B);
      }
      add_frame_deriv(m, d, b, pos, mat, B, chain, J, BJ);
    }
  }
  mj_freeStack(d);
}
