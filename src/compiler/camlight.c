// Cameras and lights, including their reference poses at qpos0.
#include <math.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

// Global body frames and subtree centres of mass at qpos0. At qpos0 every joint is at
// its reference, so each body sits at its model pose relative to its parent.
void sn_qpos0_frames(const mjModel* m, double* xpos, double* xquat, double* xipos,
                     double* subtree_com) {
  for (int b = 0; b < m->nbody; b++) {
    if (b == 0) {
      mju_zero3(xpos);
      xquat[0] = 1;
      xquat[1] = xquat[2] = xquat[3] = 0;
    } else {
      int p = m->body_parentid[b];
      double v[3];
      mju_rotVecQuat(v, m->body_pos + 3 * b, xquat + 4 * p);
      mju_add3(xpos + 3 * b, xpos + 3 * p, v);
      mju_mulQuat(xquat + 4 * b, xquat + 4 * p, m->body_quat + 4 * b);
      mju_normalize4(xquat + 4 * b);
    }
    double v[3];
    mju_rotVecQuat(v, m->body_ipos + 3 * b, xquat + 4 * b);
    mju_add3(xipos + 3 * b, xpos + 3 * b, v);
  }
  if (!subtree_com) {
    return;
  }
  for (int b = 0; b < m->nbody; b++) {
    mju_scl3(subtree_com + 3 * b, xipos + 3 * b, m->body_mass[b]);
  }
  for (int b = m->nbody - 1; b > 0; b--) {
    mju_addTo3(subtree_com + 3 * m->body_parentid[b], subtree_com + 3 * b);
  }
  for (int b = 0; b < m->nbody; b++) {
    if (m->body_subtreemass[b] < mjMINVAL) {
      mju_copy3(subtree_com + 3 * b, xipos + 3 * b);
    } else {
      mju_scl3(subtree_com + 3 * b, subtree_com + 3 * b, 1 / m->body_subtreemass[b]);
    }
  }
}

typedef struct {
  double* xpos;
  double* xquat;
  double* xipos;
  double* com;
} sn_frames0;

static void sn_frames0_make(const mjModel* m, sn_frames0* f) {
  size_t n = (size_t)m->nbody;
  f->xpos = (double*)mju_malloc(sizeof(double) * 3 * n);
  f->xquat = (double*)mju_malloc(sizeof(double) * 4 * n);
  f->xipos = (double*)mju_malloc(sizeof(double) * 3 * n);
  f->com = (double*)mju_malloc(sizeof(double) * 3 * n);
  sn_qpos0_frames(m, f->xpos, f->xquat, f->xipos, f->com);
}

static void sn_frames0_free(sn_frames0* f) {
  mju_free(f->xpos);
  mju_free(f->xquat);
  mju_free(f->xipos);
  mju_free(f->com);
}

// Reference position of an object at qpos0 relative to its body and to the subtree
// centre of mass of its body.
static void sn_ref_pos(const sn_frames0* f, int body, const double* lpos, double* xpos,
                       double* pos0, double* poscom0) {
  double v[3];
  mju_rotVecQuat(v, lpos, f->xquat + 4 * body);
  mju_add3(xpos, f->xpos + 3 * body, v);
  mju_sub3(pos0, xpos, f->xpos + 3 * body);
  mju_sub3(poscom0, xpos, f->com + 3 * body);
}

static int sn_target_body(sn_ctx* c, int mode, const char* target, const sn_srcloc* loc,
                          int* id) {
  *id = -1;
  if (mode == mjCAMLIGHT_TARGETBODY || mode == mjCAMLIGHT_TARGETBODYCOM) {
    *id = sn_find_name(c, mjOBJ_BODY, target);
    if (*id < 0) {
      return sn_cerr(c, loc, "unknown target body '%s'", target ? target : "");
    }
  }
  return 1;
}

int sn_compile_cameras(sn_ctx* c) {
  mjModel* m = c->m;
  sn_frames0 f;
  sn_frames0_make(m, &f);
  for (int id = 0; id < m->ncam; id++) {
    const sn_camera* s = &SN_AT(c->spec, cameras, sn_camera, c->cam_order[id]);
    sn_pose pose;
    if (!sn_element_pose(c, s->frame, s->pos, &s->orient, &s->loc, &pose) ||
        !sn_target_body(c, s->mode, s->target, &s->loc, &m->cam_targetbodyid[id])) {
      sn_frames0_free(&f);
      return 0;
    }
    sn_align_apply(c, s->body, &pose);
    m->cam_mode[id] = s->mode;
    m->cam_bodyid[id] = s->body;
    mju_copy3(m->cam_pos + 3 * id, pose.pos);
    mju_copy4(m->cam_quat + 4 * id, pose.quat);
    m->cam_orthographic[id] = s->orthographic;
    m->cam_ipd[id] = s->ipd;
    m->cam_resolution[2 * id] = s->resolution[0];
    m->cam_resolution[2 * id + 1] = s->resolution[1];
    m->cam_sensorsize[2 * id] = s->sensorsize[0];
    m->cam_sensorsize[2 * id + 1] = s->sensorsize[1];

    // intrinsics in length units: pixel values scale by sensor size over resolution
    float* in = m->cam_intrinsic + 4 * id;
    float px[2] = {s->resolution[0] > 0 ? s->sensorsize[0] / (float)s->resolution[0] : 0,
                   s->resolution[1] > 0 ? s->sensorsize[1] / (float)s->resolution[1] : 0};
    for (int k = 0; k < 2; k++) {
      if (s->focal[k] > 0) {
        in[k] = s->focal[k];
      } else if (s->focalpixel[k] > 0) {
        in[k] = s->focalpixel[k] * px[k];
      } else {
        in[k] = c->spec->visual.map.znear;  // 3.3.8's default focal length (oracle)
      }
      if (s->principal[k] != 0) {
        in[2 + k] = s->principal[k];
      } else {
        in[2 + k] = s->principalpixel[k] * px[k];
      }
    }
    m->cam_fovy[id] = s->fovy;
    if (s->sensorsize[1] > 0 && (s->focal[1] > 0 || s->focalpixel[1] > 0)) {
      // the half-angle in single precision, as 3.3.8 computes it (oracle, to the last bit)
      float half = atanf(0.5f * s->sensorsize[1] / in[1]);
      m->cam_fovy[id] = 2 * (double)half * 180 / mjPI;
    }
    for (int k = 0; k < m->nuser_cam; k++) {
      m->cam_user[m->nuser_cam * id + k] = k < s->user.n ? s->user.data[k] : 0;
    }

    double xpos[3], xquat[4];
    sn_ref_pos(&f, s->body, pose.pos, xpos, m->cam_pos0 + 3 * id, m->cam_poscom0 + 3 * id);
    mju_mulQuat(xquat, f.xquat + 4 * s->body, pose.quat);
    mju_normalize4(xquat);
    mju_quat2Mat(m->cam_mat0 + 9 * id, xquat);
  }
  sn_frames0_free(&f);
  return 1;
}

int sn_compile_lights(sn_ctx* c) {
  mjModel* m = c->m;
  sn_frames0 f;
  sn_frames0_make(m, &f);
  for (int id = 0; id < m->nlight; id++) {
    const sn_light* s = &SN_AT(c->spec, lights, sn_light, c->light_order[id]);
    if (!sn_target_body(c, s->mode, s->target, &s->loc, &m->light_targetbodyid[id])) {
      sn_frames0_free(&f);
      return 0;
    }
    sn_pose fr;
    sn_frame_chain(c, s->frame, &fr);
    double pos[3], dir[3] = {s->dir[0], s->dir[1], s->dir[2]};
    if (mju_normalize3(dir) < mjMINVAL) {
      sn_frames0_free(&f);
      return sn_cerr_attr(c, &s->loc, "dir", "light direction is too small");
    }
    mju_rotVecQuat(pos, s->pos, fr.quat);
    mju_addTo3(pos, fr.pos);
    double ldir[3];
    mju_rotVecQuat(ldir, dir, fr.quat);
    {
      sn_pose lp;
      mju_copy3(lp.pos, pos);
      lp.quat[0] = 1;
      lp.quat[1] = lp.quat[2] = lp.quat[3] = 0;
      sn_align_apply(c, s->body, &lp);
      mju_copy3(pos, lp.pos);
      double q[4];
      mju_negQuat(q, c->align[s->body].quat);
      double tmp[3];
      mju_rotVecQuat(tmp, ldir, q);
      mju_copy3(ldir, tmp);
    }
    m->light_mode[id] = s->mode;
    m->light_bodyid[id] = s->body;
    m->light_type[id] = s->type;
    m->light_texid[id] = -1;
    if (s->texture && s->texture[0]) {
      m->light_texid[id] = sn_find_name(c, mjOBJ_TEXTURE, s->texture);
      if (m->light_texid[id] < 0) {
        sn_frames0_free(&f);
        return sn_cerr_attr(c, &s->loc, "texture", "unknown texture '%s' in light", s->texture);
      }
    }
    m->light_castshadow[id] = (mjtByte)(s->castshadow != 0);
    m->light_bulbradius[id] = s->bulbradius;
    m->light_intensity[id] = s->intensity;
    m->light_range[id] = s->range;
    m->light_active[id] = (mjtByte)(s->active != 0);
    mju_copy3(m->light_pos + 3 * id, pos);
    mju_copy3(m->light_dir + 3 * id, ldir);
    for (int k = 0; k < 3; k++) {
      m->light_attenuation[3 * id + k] = s->attenuation[k];
      m->light_ambient[3 * id + k] = s->ambient[k];
      m->light_diffuse[3 * id + k] = s->diffuse[k];
      m->light_specular[3 * id + k] = s->specular[k];
    }
    m->light_cutoff[id] = s->cutoff;
    m->light_exponent[id] = s->exponent;

    double xpos[3];
    sn_ref_pos(&f, s->body, pos, xpos, m->light_pos0 + 3 * id, m->light_poscom0 + 3 * id);
    mju_rotVecQuat(m->light_dir0 + 3 * id, ldir, f.xquat + 4 * s->body);
  }
  sn_frames0_free(&f);
  return 1;
}
