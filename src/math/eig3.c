// Eigen-decomposition of a symmetric 3x3 matrix by Jacobi rotations accumulated in a
// quaternion, so the eigenvector matrix is always a proper rotation.
#include <mujoco/mujoco.h>

#include "math/eig3.h"
#include "math/inline.h"

#define EIG_EPS 1e-12      // off-diagonal magnitude and 1-cos(angle) regarded as converged
#define EIG_MAXITER 500

// 90-degree turns about z and x that swap two eigenvector columns (one negated). The
// truncated constant is what MuJoCo uses, so sorted quaternions agree bit for bit.
static const mjtNum kSwap01[4] = {0.707106781186548, 0, 0, 0.707106781186548};
static const mjtNum kSwap12[4] = {0.707106781186548, 0.707106781186548, 0, 0};

static void swapPair(mjtNum eigval[3], mjtNum quat[4], int i, const mjtNum rot[4],
                     int normalize) {
  mjtNum tmp = eigval[i];
  eigval[i] = eigval[i + 1];
  eigval[i + 1] = tmp;
  sn_mulQuat(quat, quat, rot);
  if (normalize) {
    mju_normalize4(quat);
  }
}

static int eig3(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9],
                int normalize_swaps) {
  quat[0] = 1;
  quat[1] = 0;
  quat[2] = 0;
  quat[3] = 0;

  int iter;
  for (iter = 0; iter < EIG_MAXITER; iter++) {
    // D = V' * mat * V with V the current rotation
    mjtNum tmp[9], D[9];
    sn_quat2Mat(eigvec, quat);
    mju_mulMatTMat(tmp, eigvec, mat, 3, 3, 3);
    mju_mulMatMat(D, tmp, eigvec, 3, 3, 3);
    eigval[0] = D[0];
    eigval[1] = D[4];
    eigval[2] = D[8];

    // largest off-diagonal entry (r, c) and the remaining axis k
    mjtNum a01 = fabs(D[1]), a02 = fabs(D[2]), a12 = fabs(D[5]);
    int r, c, k;
    if (a01 > a02 && a01 > a12) {
      r = 0; c = 1; k = 2;
    } else if (a02 > a12) {
      r = 0; c = 2; k = 1;
    } else {
      r = 1; c = 2; k = 0;
    }
    mjtNum off = D[3 * r + c];
    if (fabs(off) < EIG_EPS) {
      break;
    }

    // symmetric 2x2 Schur rotation (Golub & Van Loan): the smaller root t = tan(angle)
    mjtNum tau = (D[4 * c] - D[4 * r]) / (2 * off);
    mjtNum t;
    if (tau >= 0) {
      t = 1 / (tau + sqrt(1 + tau * tau));
    } else {
      t = -1 / (-tau + sqrt(1 + tau * tau));
    }
    mjtNum cs = 1 / sqrt(1 + t * t);
    if (cs > 1 - EIG_EPS) {
      break;
    }

    // the rotation as a quaternion about axis k: half-angle sine from the cosine, then the
    // half-angle cosine from the sine (this order reproduces MuJoCo bit for bit); the plane
    // rotation turns column r away from column c, which is a negative turn about k for the
    // cyclic pairs (0,1)/z and (1,2)/x and a positive one for (0,2)/y
    mjtNum sh = sqrt(0.5 * (1 - cs));
    mjtNum rot[4] = {sqrt(1 - sh * sh), 0, 0, 0};
    if (t < 0) {
      sh = -sh;
    }
    rot[k + 1] = (k == 1) ? sh : -sh;
    sn_mulQuat(quat, quat, rot);
    mju_normalize4(quat);
  }

  // sort eigenvalues in decreasing order by adjacent swaps, carrying the quaternion along;
  // values within EIG_EPS of each other are left in place
  if (eigval[0] + EIG_EPS < eigval[1]) {
    swapPair(eigval, quat, 0, kSwap01, normalize_swaps);
  }
  if (eigval[1] + EIG_EPS < eigval[2]) {
    swapPair(eigval, quat, 1, kSwap12, normalize_swaps);
  }
  if (eigval[0] + EIG_EPS < eigval[1]) {
    swapPair(eigval, quat, 0, kSwap01, normalize_swaps);
  }
  sn_quat2Mat(eigvec, quat);
  return iter;
}

int mju_eig3(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9]) {
  return eig3(eigval, eigvec, quat, mat, 1);
}

int sn_eig3_mesh(mjtNum eigval[3], mjtNum eigvec[9], mjtNum quat[4], const mjtNum mat[9]) {
  return eig3(eigval, eigvec, quat, mat, 0);
}
