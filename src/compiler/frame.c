// Orientations and frames: every MJCF orientation form becomes a unit quaternion,
// and <frame> chains are composed into poses relative to the owning body.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Comparisons of frames (the sameframe flags) use 3.3.8's absolute tolerance: a body
// inertial offset or a geom/site offset of up to 1e-6 (position components, quaternion
// components) still counts as the same frame (measured: 5e-7 same, 1e-6 not).
#define SN_FRAME_TOL 1e-6

int sn_vec_is_zero(const double* v, int n) {
  for (int i = 0; i < n; i++) {
    if (!(fabs(v[i]) < SN_FRAME_TOL)) {
      return 0;
    }
  }
  return 1;
}

int sn_vec_equal(const double* a, const double* b, int n) {
  for (int i = 0; i < n; i++) {
    if (!(fabs(a[i] - b[i]) < SN_FRAME_TOL)) {
      return 0;
    }
  }
  return 1;
}

int sn_quat_is_identity(const double q[4]) {
  return fabs(q[0] - 1) < SN_FRAME_TOL && sn_vec_is_zero(q + 1, 3);
}

void sn_pose_identity(sn_pose* p) {
  memset(p, 0, sizeof(sn_pose));
  p->quat[0] = 1;
}

void sn_pose_mul(sn_pose* res, const sn_pose* a, const sn_pose* b) {
  double pos[3], quat[4];
  mju_rotVecQuat(pos, b->pos, a->quat);
  for (int i = 0; i < 3; i++) {
    pos[i] += a->pos[i];
  }
  mju_mulQuat(quat, a->quat, b->quat);
  memcpy(res->pos, pos, sizeof(pos));
  memcpy(res->quat, quat, sizeof(quat));
}

void sn_quat_z2vec(double quat[4], const double vec[3]) {
  mju_quatZ2Vec(quat, vec);
}

void sn_quat_from_axes(double quat[4], const double x[3], const double y[3], const double z[3]) {
  double mat[9] = {x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]};
  mju_mat2Quat(quat, mat);
}

static double sn_angle(const sn_ctx* c, double a) {
  return c->spec->compiler.degree ? a * (mjPI / 180.0) : a;
}

int sn_normalize_div(double* v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    s += v[i] * v[i];
  }
  s = sqrt(s);
  if (s < mjMINVAL) {
    return 0;
  }
  for (int i = 0; i < n; i++) {
    v[i] /= s;
  }
  return 1;
}

int sn_orient_quat(sn_ctx* c, const sn_orient* o, double quat[4], const sn_srcloc* loc) {
  const double* v = o->v;
  switch (o->type) {
    case SN_ORIENT_NONE:
      quat[0] = 1;
      quat[1] = quat[2] = quat[3] = 0;
      return 1;

    case SN_ORIENT_QUAT: {
      memcpy(quat, v, 4 * sizeof(double));
      // 3.3.8 keeps a quaternion within 1e-14 of unit length as written (measured:
      // |q| - 1 = 9.99e-15 is kept bit for bit, 1.01e-14 is divided by |q|); rescaling
      // it would move the last bits of every frame built from it
      double n = sqrt(quat[0] * quat[0] + quat[1] * quat[1] + quat[2] * quat[2] +
                      quat[3] * quat[3]);
      if (fabs(n - 1) <= 1e-14) {
        return 1;
      }
      if (!sn_normalize_div(quat, 4)) {
        return sn_cerr(c, loc, "quaternion is too small");
      }
      return 1;
    }

    case SN_ORIENT_AXISANGLE: {
      double axis[3] = {v[0], v[1], v[2]};
      if (!sn_normalize_div(axis, 3)) {
        return sn_cerr(c, loc, "axisangle axis too small");
      }
      mju_axisAngle2Quat(quat, axis, sn_angle(c, v[3]));
      return 1;
    }

    case SN_ORIENT_XYAXES: {
      // Gram-Schmidt: y loses its component along x; z completes a right-handed frame
      double x[3] = {v[0], v[1], v[2]}, y[3] = {v[3], v[4], v[5]}, z[3];
      if (!sn_normalize_div(x, 3)) {
        return sn_cerr(c, loc, "xaxis of xyaxes is too small");
      }
      double d = x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
      for (int i = 0; i < 3; i++) {
        y[i] -= d * x[i];
      }
      if (!sn_normalize_div(y, 3)) {
        return sn_cerr(c, loc, "yaxis of xyaxes is too small");
      }
      mju_cross(z, x, y);
      if (!sn_normalize_div(z, 3)) {
        return sn_cerr(c, loc, "cross(xaxis, yaxis) too small in xyaxes");
      }
      sn_quat_from_axes(quat, x, y, z);
      return 1;
    }

    case SN_ORIENT_ZAXIS: {
      double z[3] = {v[0], v[1], v[2]};
      if (!sn_normalize_div(z, 3)) {
        return sn_cerr(c, loc, "zaxis too small");
      }
      sn_quat_z2vec(quat, z);
      return 1;
    }

    case SN_ORIENT_EULER: {
      double e[3] = {sn_angle(c, v[0]), sn_angle(c, v[1]), sn_angle(c, v[2])};
      const char* seq = c->spec->compiler.eulerseq;
      for (int i = 0; i < 3; i++) {
        if (!strchr("xyzXYZ", seq[i]) || !seq[i]) {
          return sn_cerr(c, loc, "euler sequence must contain 3 characters from xyzXYZ");
        }
      }
      mju_euler2Quat(quat, e, seq);
      return 1;
    }
  }
  return sn_cerr(c, loc, "unknown orientation type");
}

int sn_compile_frames(sn_ctx* c) {
  sn_spec* s = c->spec;
  int n = SN_COUNT(s, frames);
  for (int i = 0; i < n; i++) {
    const sn_frame* f = &SN_AT(s, frames, sn_frame, i);
    if (f->parent_frame >= i) {
      return sn_cerr(c, &f->loc, "frame parent must precede the frame");
    }
    sn_pose local;
    memcpy(local.pos, f->pos, sizeof(local.pos));
    if (!sn_orient_quat(c, &f->orient, local.quat, &f->loc)) {
      return 0;
    }
    if (f->parent_frame >= 0) {
      sn_pose_mul(&c->frame_pose[i], &c->frame_pose[f->parent_frame], &local);
    } else {
      c->frame_pose[i] = local;
    }
  }
  return 1;
}

void sn_frame_chain(sn_ctx* c, int frame, sn_pose* res) {
  if (frame < 0) {
    sn_pose_identity(res);
  } else {
    *res = c->frame_pose[frame];
  }
}

int sn_element_pose(sn_ctx* c, int frame, const double pos[3], const sn_orient* o,
                    const sn_srcloc* loc, sn_pose* res) {
  sn_pose local;
  memcpy(local.pos, pos, sizeof(local.pos));
  if (!sn_orient_quat(c, o, local.quat, loc)) {
    return 0;
  }
  if (frame < 0) {
    *res = local;
    return 1;
  }
  sn_pose_mul(res, &c->frame_pose[frame], &local);
  return 1;
}
