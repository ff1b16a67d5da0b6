// Miscellaneous utilities: muscle model, friction pyramids, spring-dampers, scalar helpers,
// object-type names, conversions, sorting and quasi-random numbers.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

//------------------------------ muscles -----------------------------------------------------------

// Piecewise-quadratic bump through (lmin,0), (1,1), (lmax,0) with inflections at the
// midpoints a and b: active force as a function of normalised length.
static mjtNum muscleFL(mjtNum L, mjtNum lmin, mjtNum lmax) {
  const mjtNum a = 0.5 * (lmin + 1);
  const mjtNum b = 0.5 * (1 + lmax);
  if (L <= lmin || L >= lmax) {
    return 0;
  } else if (L < a) {
    mjtNum x = (L - lmin) / (a - lmin);
    return 0.5 * x * x;
  } else if (L <= 1) {
    mjtNum x = (1 - L) / (1 - a);
    return 1 - 0.5 * x * x;
  } else if (L <= b) {
    mjtNum x = (L - 1) / (b - 1);
    return 1 - 0.5 * x * x;
  }
  mjtNum x = (lmax - L) / (lmax - b);
  return 0.5 * x * x;
}

// Active force as a function of normalised velocity: zero below -1, quadratic up to 1 at
// V=0, then quadratic saturation at fvmax.
static mjtNum muscleFV(mjtNum V, mjtNum fvmax) {
  const mjtNum c = fvmax - 1;
  if (V <= -1) {
    return 0;
  } else if (V <= 0) {
    return (V + 1) * (V + 1);
  } else if (V <= c) {
    return fvmax - (c - V) * (c - V) / mjMAX(mjMINVAL, c);
  }
  return fvmax;
}

// Passive force: zero up to L=1, quadratic up to b = (1+lmax)/2 reaching fpmax/2, then
// linear with matching slope.
static mjtNum muscleFP(mjtNum L, mjtNum lmax, mjtNum fpmax) {
  const mjtNum b = 0.5 * (1 + lmax);
  if (L <= 1) {
    return 0;
  } else if (L <= b) {
    mjtNum x = (L - 1) / (b - 1);
    return 0.5 * fpmax * x * x;
  }
  mjtNum x = (L - b) / (b - 1);
  return 0.5 * fpmax * (1 + 2 * x);
}

// Optimal length L0 and peak force F0 from the length range and the muscle parameters
// prm = (range[2], force, scale, lmin, lmax, vmax, fpmax, fvmax).
static void muscleScale(mjtNum* L0, mjtNum* F0, const mjtNum lengthrange[2], mjtNum acc0,
                        const mjtNum prm[9]) {
  *L0 = (lengthrange[1] - lengthrange[0]) / mjMAX(mjMINVAL, prm[1] - prm[0]);
  *F0 = prm[2] < 0 ? prm[3] / mjMAX(mjMINVAL, acc0) : prm[2];
}

mjtNum mju_muscleGain(mjtNum len, mjtNum vel, const mjtNum lengthrange[2], mjtNum acc0,
                      const mjtNum prm[9]) {
  mjtNum L0, F0;
  muscleScale(&L0, &F0, lengthrange, acc0, prm);
  mjtNum L = prm[0] + (len - lengthrange[0]) / mjMAX(mjMINVAL, L0);
  mjtNum V = vel / mjMAX(mjMINVAL, L0 * prm[6]);
  return -F0 * muscleFL(L, prm[4], prm[5]) * muscleFV(V, prm[8]);
}

mjtNum mju_muscleBias(mjtNum len, const mjtNum lengthrange[2], mjtNum acc0,
                      const mjtNum prm[9]) {
  mjtNum L0, F0;
  muscleScale(&L0, &F0, lengthrange, acc0, prm);
  mjtNum L = prm[0] + (len - lengthrange[0]) / mjMAX(mjMINVAL, L0);
  return -F0 * muscleFP(L, prm[5], prm[7]);
}

// d act/dt = (ctrl - act)/tau with tau = tau_act*(0.5+1.5 act) when activating and
// tau_deact/(0.5+1.5 act) when deactivating (Millard et al. 2013); a positive smoothing
// width blends the two with mju_sigmoid over dctrl in [-width/2, width/2].
mjtNum mju_muscleDynamics(mjtNum ctrl, mjtNum act, const mjtNum prm[3]) {
  mjtNum c = mju_clip(ctrl, 0, 1);
  mjtNum a = mju_clip(act, 0, 1);
  mjtNum tau_act = prm[0] * (0.5 + 1.5 * a);
  mjtNum tau_deact = prm[1] / (0.5 + 1.5 * a);
  mjtNum width = prm[2];
  mjtNum dctrl = c - act;
  mjtNum tau;
  if (width < mjMINVAL) {
    tau = dctrl > 0 ? tau_act : tau_deact;
  } else {
    tau = tau_deact + (tau_act - tau_deact) * mju_sigmoid(dctrl / width + 0.5);
  }
  return dctrl / mjMAX(mjMINVAL, tau);
}

//------------------------------ friction pyramids -------------------------------------------------

// Edge pair i of the pyramid carries force[0]/(dim-1) split so that their difference gives
// the tangential component: f_n = sum(p), f_{i+1} = mu_i (p_{2i} - p_{2i+1}).
// A frictionless contact (dim 1) has no pyramid edges: nothing is written (as in MuJoCo).
void mju_encodePyramid(mjtNum* pyramid, const mjtNum* force, const mjtNum* mu, int dim) {
  if (dim < 2) {
    return;
  }
  mjtNum a = force[0] / (dim - 1);
  for (int i = 0; i < dim - 1; i++) {
    mjtNum b = mju_min(a, force[i + 1] / mu[i]);
    pyramid[2 * i] = 0.5 * (a + b);
    pyramid[2 * i + 1] = 0.5 * (a - b);
  }
}

void mju_decodePyramid(mjtNum* force, const mjtNum* pyramid, const mjtNum* mu, int dim) {
  if (dim == 1) {
    force[0] = pyramid[0];
    return;
  }
  force[0] = 0;
  for (int i = 0; i < 2 * (dim - 1); i++) {
    force[0] += pyramid[i];
  }
  for (int i = 0; i < dim - 1; i++) {
    force[i + 1] = (pyramid[2 * i] - pyramid[2 * i + 1]) * mu[i];
  }
}

//------------------------------ spring-damper -----------------------------------------------------

// Closed-form solution of x'' + Kv x' + Kp x = 0 from (pos0, vel0), evaluated at dt.
mjtNum mju_springDamper(mjtNum pos0, mjtNum vel0, mjtNum Kp, mjtNum Kv, mjtNum dt) {
  mjtNum half = 0.5 * Kv;
  mjtNum disc = half * half - Kp;
  mjtNum decay = exp(-half * dt);
  // the branches split on the exact sign of the discriminant, as MuJoCo does
  if (disc < 0) {
    // underdamped: oscillation at w
    mjtNum w = sqrt(-disc);
    mjtNum c1 = pos0;
    mjtNum c2 = (vel0 + half * pos0) / w;
    return decay * (c1 * cos(w * dt) + c2 * sin(w * dt));
  } else if (disc > 0) {
    // overdamped: two real roots r1, r2
    mjtNum w = sqrt(disc);
    mjtNum r1 = -half + w, r2 = -half - w;
    mjtNum c1 = (vel0 - r2 * pos0) / (r1 - r2);
    mjtNum c2 = (r1 * pos0 - vel0) / (r1 - r2);
    return c1 * exp(r1 * dt) + c2 * exp(r2 * dt);
  }
  // critically damped
  return decay * (pos0 + (vel0 + half * pos0) * dt);
}

//------------------------------ scalars -----------------------------------------------------------

mjtNum mju_min(mjtNum a, mjtNum b) {
  return a <= b ? a : b;
}

mjtNum mju_max(mjtNum a, mjtNum b) {
  return a >= b ? a : b;
}

mjtNum mju_clip(mjtNum x, mjtNum min, mjtNum max) {
  if (x < min) {
    return min;
  } else if (x > max) {
    return max;
  }
  return x;
}

mjtNum mju_sign(mjtNum x) {
  if (x < 0) {
    return -1;
  } else if (x > 0) {
    return 1;
  }
  return 0;
}

// Nearest integer, halves rounded up (-2.5 -> -2, 2.5 -> 3), without the x+0.5 rounding
// error (0.49999999999999994 -> 0); saturates outside the int range.
int mju_round(mjtNum x) {
  if (x != x) {
    return 0;  // NaN, as MuJoCo's saturating conversion gives
  }
  mjtNum lower = floor(x);
  mjtNum r = (x - lower < 0.5) ? lower : lower + 1;
  if (r >= (mjtNum)INT_MAX) {
    return INT_MAX;
  }
  if (r <= (mjtNum)INT_MIN) {
    return INT_MIN;
  }
  return (int)r;
}

int mju_isBad(mjtNum x) {
  return x != x || x > mjMAXVAL || x < -mjMAXVAL;
}

int mju_isZero(const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    if (vec[i] != 0) {
      return 0;
    }
  }
  return 1;
}

mjtNum mju_sigmoid(mjtNum x) {
  if (x <= 0) {
    return 0;
  } else if (x >= 1) {
    return 1;
  }
  // 6x^5 - 15x^4 + 10x^3
  return x * x * x * (3 * x * (2 * x - 5) + 10);
}

//------------------------------ object types ------------------------------------------------------

// names of mjtObj values 1..mjOBJ_PLUGIN, in enum order
static const char* const kObjNames[] = {
  NULL,      "body",    "xbody",   "joint",    "dof",      "geom",     "site",
  "camera",  "light",   "flex",    "mesh",     "skin",     "hfield",   "texture",
  "material", "pair",   "exclude", "equality", "tendon",   "actuator", "sensor",
  "numeric", "text",    "tuple",   "key",      "plugin",
};
#define NOBJNAMES ((int)(sizeof(kObjNames) / sizeof(kObjNames[0])))

const char* mju_type2Str(int type) {
  if (type > 0 && type < NOBJNAMES) {
    return kObjNames[type];
  }
  if (type == mjOBJ_FRAME) {
    return "frame";
  }
  return NULL;
}

int mju_str2Type(const char* str) {
  if (!str) {
    return mjOBJ_UNKNOWN;
  }
  for (int i = 1; i < NOBJNAMES; i++) {
    if (!strcmp(str, kObjNames[i])) {
      return i;
    }
  }
  return mjOBJ_UNKNOWN;
}

//------------------------------ text --------------------------------------------------------------

// The largest binary unit that divides nbytes exactly, so the text parses back to the same
// number (as in the MJCF memory attribute): 1536 -> "1536", 2048 -> "2K", 3<<20 -> "3M".
const char* mju_writeNumBytes(size_t nbytes) {
  static _Thread_local char buf[32];
  static const char suffix[] = "KMGTPE";
  int unit = 0;
  while (unit < 6 && nbytes != 0 && nbytes % ((size_t)1 << (10 * (unit + 1))) == 0) {
    unit++;
  }
  if (unit == 0) {
    snprintf(buf, sizeof(buf), "%zu", nbytes);
  } else {
    snprintf(buf, sizeof(buf), "%zu%c", nbytes >> (10 * unit), suffix[unit - 1]);
  }
  return buf;
}

char* mju_strncpy(char* dst, const char* src, int n) {
  if (!dst || !src || n <= 0) {
    return dst;
  }
  int i = 0;
  for (; i < n - 1 && src[i]; i++) {
    dst[i] = src[i];
  }
  // pad like strncpy, always terminate
  for (; i < n; i++) {
    dst[i] = 0;
  }
  return dst;
}

//------------------------------ conversions -------------------------------------------------------

void mju_f2n(mjtNum* res, const float* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = (mjtNum)vec[i];
  }
}

void mju_n2f(float* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = (float)vec[i];
  }
}

void mju_d2n(mjtNum* res, const double* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = (mjtNum)vec[i];
  }
}

void mju_n2d(double* res, const mjtNum* vec, int n) {
  for (int i = 0; i < n; i++) {
    res[i] = (double)vec[i];
  }
}

//------------------------------ sorting -----------------------------------------------------------

void mju_insertionSort(mjtNum* list, int n) {
  for (int i = 1; i < n; i++) {
    mjtNum x = list[i];
    int j = i - 1;
    while (j >= 0 && list[j] > x) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = x;
  }
}

void mju_insertionSortInt(int* list, int n) {
  for (int i = 1; i < n; i++) {
    int x = list[i];
    int j = i - 1;
    while (j >= 0 && list[j] > x) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = x;
  }
}

//------------------------------ random ------------------------------------------------------------

// Marsaglia's polar method on rand(): two independent standard normals per accepted pair.
mjtNum mju_standardNormal(mjtNum* num2) {
  mjtNum x1, x2, w;
  do {
    x1 = 2 * ((mjtNum)rand() / RAND_MAX) - 1;
    x2 = 2 * ((mjtNum)rand() / RAND_MAX) - 1;
    w = x1 * x1 + x2 * x2;
  } while (w >= 1 || w == 0);
  w = sqrt(-2 * log(w) / w);
  if (num2) {
    *num2 = x2 * w;
  }
  return x1 * w;
}

// Radical inverse of index in the given base (van der Corput; Halton per dimension).
mjtNum mju_Halton(int index, int base) {
  mjtNum f = 1.0 / base, r = 0;
  while (index > 0) {
    r += f * (index % base);
    index /= base;
    f /= base;
  }
  return r;
}
