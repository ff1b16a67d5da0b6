// Default option, visual and solver-parameter values (MuJoCo 3.3.8's defaults).
#include <string.h>

#include <mujoco/mujoco.h>

void mj_defaultSolRefImp(mjtNum* solref, mjtNum* solimp) {
  if (solref) {
    solref[0] = 0.02;  // time constant
    solref[1] = 1;     // damping ratio
  }
  if (solimp) {
    solimp[0] = 0.9;    // dmin
    solimp[1] = 0.95;   // dmax
    solimp[2] = 0.001;  // width
    solimp[3] = 0.5;    // midpoint
    solimp[4] = 2;      // power
  }
}

void mj_defaultOption(mjOption* opt) {
  memset(opt, 0, sizeof(mjOption));
  opt->timestep = 0.002;
  opt->impratio = 1;
  opt->tolerance = 1e-8;
  opt->ls_tolerance = 0.01;
  opt->noslip_tolerance = 1e-6;
  opt->ccd_tolerance = 1e-6;
  opt->gravity[2] = -9.81;
  opt->magnetic[1] = -0.5;
  mj_defaultSolRefImp(opt->o_solref, opt->o_solimp);
  opt->o_friction[0] = 1;
  opt->o_friction[1] = 1;
  opt->o_friction[2] = 0.005;
  opt->o_friction[3] = 0.0001;
  opt->o_friction[4] = 0.0001;
  opt->integrator = mjINT_EULER;
  opt->cone = mjCONE_PYRAMIDAL;
  opt->jacobian = mjJAC_AUTO;
  opt->solver = mjSOL_NEWTON;
  opt->iterations = 100;
  opt->ls_iterations = 50;
  opt->noslip_iterations = 0;
  opt->ccd_iterations = 35;
  opt->sdf_initpoints = 40;
  opt->sdf_iterations = 10;
}

static void sn_set4(float* dst, float a, float b, float c, float d) {
  dst[0] = a;
  dst[1] = b;
  dst[2] = c;
  dst[3] = d;
}

static void sn_set3(float* dst, float a, float b, float c) {
  dst[0] = a;
  dst[1] = b;
  dst[2] = c;
}

void mj_defaultVisual(mjVisual* vis) {
  memset(vis, 0, sizeof(mjVisual));
  vis->global.cameraid = -1;
  vis->global.orthographic = 0;
  vis->global.fovy = 45;
  vis->global.ipd = 0.068f;
  vis->global.azimuth = 90;
  vis->global.elevation = -45;
  vis->global.linewidth = 1;
  vis->global.glow = 0.3f;
  vis->global.realtime = 1;
  vis->global.offwidth = 640;
  vis->global.offheight = 480;
  vis->global.ellipsoidinertia = 0;
  vis->global.bvactive = 1;

  vis->quality.shadowsize = 4096;
  vis->quality.offsamples = 4;
  vis->quality.numslices = 28;
  vis->quality.numstacks = 16;
  vis->quality.numquads = 4;

  sn_set3(vis->headlight.ambient, 0.1f, 0.1f, 0.1f);
  sn_set3(vis->headlight.diffuse, 0.4f, 0.4f, 0.4f);
  sn_set3(vis->headlight.specular, 0.5f, 0.5f, 0.5f);
  vis->headlight.active = 1;

  vis->map.stiffness = 100;
  vis->map.stiffnessrot = 500;
  vis->map.force = 0.005f;
  vis->map.torque = 0.1f;
  vis->map.alpha = 0.3f;
  vis->map.fogstart = 3;
  vis->map.fogend = 10;
  vis->map.znear = 0.01f;
  vis->map.zfar = 50;
  vis->map.haze = 0.3f;
  vis->map.shadowclip = 1;
  vis->map.shadowscale = 0.6f;
  vis->map.actuatortendon = 2;

  vis->scale.forcewidth = 0.1f;
  vis->scale.contactwidth = 0.3f;
  vis->scale.contactheight = 0.1f;
  vis->scale.connect = 0.2f;
  vis->scale.com = 0.4f;
  vis->scale.camera = 0.3f;
  vis->scale.light = 0.3f;
  vis->scale.selectpoint = 0.2f;
  vis->scale.jointlength = 1;
  vis->scale.jointwidth = 0.1f;
  vis->scale.actuatorlength = 0.7f;
  vis->scale.actuatorwidth = 0.2f;
  vis->scale.framelength = 1;
  vis->scale.framewidth = 0.1f;
  vis->scale.constraint = 0.1f;
  vis->scale.slidercrank = 0.2f;
  vis->scale.frustum = 10;

  sn_set4(vis->rgba.fog, 0, 0, 0, 1);
  sn_set4(vis->rgba.haze, 1, 1, 1, 1);
  sn_set4(vis->rgba.force, 1, 0.5f, 0.5f, 1);
  sn_set4(vis->rgba.inertia, 0.8f, 0.2f, 0.2f, 0.6f);
  sn_set4(vis->rgba.joint, 0.2f, 0.6f, 0.8f, 1);
  sn_set4(vis->rgba.actuator, 0.2f, 0.25f, 0.2f, 1);
  sn_set4(vis->rgba.actuatornegative, 0.2f, 0.6f, 0.9f, 1);
  sn_set4(vis->rgba.actuatorpositive, 0.9f, 0.4f, 0.2f, 1);
  sn_set4(vis->rgba.com, 0.9f, 0.9f, 0.9f, 1);
  sn_set4(vis->rgba.camera, 0.6f, 0.9f, 0.6f, 1);
  sn_set4(vis->rgba.light, 0.6f, 0.6f, 0.9f, 1);
  sn_set4(vis->rgba.selectpoint, 0.9f, 0.9f, 0.1f, 1);
  sn_set4(vis->rgba.connect, 0.2f, 0.2f, 0.8f, 1);
  sn_set4(vis->rgba.contactpoint, 0.9f, 0.6f, 0.2f, 1);
  sn_set4(vis->rgba.contactforce, 0.7f, 0.9f, 0.9f, 1);
  sn_set4(vis->rgba.contactfriction, 0.9f, 0.8f, 0.4f, 1);
  sn_set4(vis->rgba.contacttorque, 0.9f, 0.7f, 0.9f, 1);
  sn_set4(vis->rgba.contactgap, 0.5f, 0.8f, 0.9f, 1);
  sn_set4(vis->rgba.rangefinder, 1, 1, 0.1f, 1);
  sn_set4(vis->rgba.constraint, 0.9f, 0, 0, 1);
  sn_set4(vis->rgba.slidercrank, 0.5f, 0.3f, 0.8f, 1);
  sn_set4(vis->rgba.crankbroken, 0.9f, 0, 0, 1);
  sn_set4(vis->rgba.frustum, 1, 1, 0, 0.2f);
  sn_set4(vis->rgba.bv, 0, 1, 0, 0.5f);
  sn_set4(vis->rgba.bvactive, 1, 0, 0, 0.5f);
}
