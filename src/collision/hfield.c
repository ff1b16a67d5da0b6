// Height field against a convex geom. The height field is a union of triangular prisms:
// grid cell (r, c) with corners v(r, c) .. v(r + 1, c + 1) gives the prisms over the
// triangles A = v(r+1,c) v(r,c) v(r+1,c+1) and B = v(r,c) v(r+1,c+1) v(r,c+1), from the
// base (z = -base) up to the elevation. Each prism near the geom is collided with it by
// the general convex solver; cells are visited row by row, A before B, up to
// mjMAXCONPAIR contacts.
//
// The corner order matters where a support direction is exactly normal to a prism edge
// (a GJK or EPA face holding both ends of that edge against the same point of the
// other geom): the first corner listed wins the tie. Over a flat field, faces along an
// edge parallel to x or y give exactly zero components, and 3.3.8 then takes the corner
// at +y of a y-edge in 8 of 8 such ties that decide its result and the corner listed
// first above of an x-edge in 6 of 7 (1,200 random box poses over a flat field; the
// other exact ties, along the diagonal, go either way with round-off in 3.3.8's
// directions; tests/models/hfield_collision_box_ties.xml).
// The order above is what a strip walk that adds v(r+1,c), v(r,c), v(r+1,c+1),
// v(r,c+1) and keeps the last three produces.
//
// Which prisms, and how the margin enters, was identified against MuJoCo 3.3.8 (see
// tests/unit/collision/test_hfield.c and tests/models/hfield_collision_*.xml):
//  - the cells are those overlapping the geom's exact bounding box in the height-field
//    frame (support points along the frame's axes; the margin does not widen it);
//  - a prism is skipped when the geom's lowest point is above its highest top vertex
//    plus the margin;
//  - with a margin m the prism's top vertices are raised by m and the geom is inflated
//    by m/2; a contact is reported only where these overlap, with dist the (negative)
//    overlap depth, not corrected by the margin.
// What still differs from 3.3.8 on random poses is no rule of prism choice, order or
// margin (the contact counts agree on every pose): moving the pose by 1e-15 (relative, on
// qpos) changes 3.3.8's own answer on all 27 differing box poses (6 of 200 and 0 of 125
// over a flat field, 6 of 1000 tilted, 8 of 125 bumpy, 7 of 125 fine) and on 2 of the 6
// differing cylinder poses over a flat field (of 400). 3.3.8 is steady on the other 4,
// where Sinew's EPA stops on a repeated cylinder support point: 3.3.8 applies that stop
// to a box but not to a cylinder (epa.c; without it 3 of the 4 agree).
#include <math.h>
#include <string.h>

#include "collision/ccd.h"
#include "collision/collision.h"
#include "collision/convex.h"
#include "math/inline.h"

// Extent of a geom along each axis of the height-field frame (origin hpos, axes the
// columns of hmat): lo[k] .. hi[k].
static void hf_geom_box(sn_convex* obj, const mjtNum hpos[3], const mjtNum hmat[9],
                        mjtNum lo[3], mjtNum hi[3]) {
  for (int k = 0; k < 3; k++) {
    mjtNum axis[3] = {hmat[k], hmat[3 + k], hmat[6 + k]}, neg[3], p[3], rel[3];
    sn_scl3(neg, axis, -1);
    sn_convex_support(p, obj, axis);
    sn_sub3(rel, p, hpos);
    hi[k] = sn_dot3(rel, axis);
    sn_convex_support(p, obj, neg);
    sn_sub3(rel, p, hpos);
    lo[k] = sn_dot3(rel, axis);
  }
}

// Range of cells [*first, *last] along one grid axis (n vertices spanning
// [-half, half]) that overlap [lo, hi]; returns 0 if none.
static int hf_cell_range(mjtNum lo, mjtNum hi, mjtNum half, int n, int* first, int* last) {
  if (n < 2 || !(lo <= hi) || hi < -half || lo > half) {  // !(lo <= hi): also NaN
    return 0;
  }
  mjtNum step = 2 * half / (n - 1);
  mjtNum a = floor((lo + half) / step), b = floor((hi + half) / step);
  *first = a < 0 ? 0 : a > n - 2 ? n - 2 : (int)a;
  *last = b < 0 ? 0 : b > n - 2 ? n - 2 : (int)b;
  return 1;
}

// World position of a point given in the height-field frame.
static void hf_world(mjtNum res[3], const mjtNum hpos[3], const mjtNum hmat[9],
                     const mjtNum local[3]) {
  sn_mulMatVec3(res, hmat, local);
  sn_addTo3(res, hpos);
}

int sn_collide_hfield(const mjModel* m, const mjData* d, mjContact* con, int g1, int g2,
                      mjtNum margin) {
  int hid = m->geom_dataid[g1];
  if (hid < 0) {
    return 0;
  }
  const mjtNum* size = m->hfield_size + 4 * hid;
  int nrow = m->hfield_nrow[hid], ncol = m->hfield_ncol[hid];
  const float* data = m->hfield_data + m->hfield_adr[hid];
  const mjtNum* hpos = d->geom_xpos + 3 * g1;
  const mjtNum* hmat = d->geom_xmat + 9 * g1;

  sn_convex geom;
  sn_convex_geom(&geom, m, d, g2, 0);
  mjtNum lo[3], hi[3];
  hf_geom_box(&geom, hpos, hmat, lo, hi);
  int r0, r1, c0, c1;
  if (!hf_cell_range(lo[0], hi[0], size[0], ncol, &c0, &c1) ||
      !hf_cell_range(lo[1], hi[1], size[1], nrow, &r0, &r1) || lo[2] > size[2] + margin ||
      hi[2] < -size[3]) {
    return 0;
  }
  geom.margin = margin;

  sn_convex prism;
  memset(&prism, 0, sizeof(prism));
  prism.m = m;
  prism.geom = -1;
  prism.type = SN_CONVEX_PRISM;
  prism.pos = hpos;
  prism.mat = hmat;
  prism.vertindex = -1;
  mjtNum dx = 2 * size[0] / (ncol - 1), dy = 2 * size[1] / (nrow - 1);
  int ncon = 0;
  for (int r = r0; r <= r1; r++) {
    for (int c = c0; c <= c1; c++) {
      // corners of the triangles as (row, column) offsets from (r, c), in 3.3.8's order
      static const int tri[2][3][2] = {{{1, 0}, {0, 0}, {1, 1}}, {{0, 0}, {1, 1}, {0, 1}}};
      for (int t = 0; t < 2; t++) {
        mjtNum top = -INFINITY;
        for (int k = 0; k < 3; k++) {
          int vr = r + tri[t][k][0], vc = c + tri[t][k][1];
          mjtNum z = data[vr * ncol + vc] * size[2];
          top = z > top ? z : top;
          mjtNum up[3] = {-size[0] + vc * dx, -size[1] + vr * dy, z + margin};
          mjtNum down[3] = {up[0], up[1], -size[3]};
          hf_world(prism.prism[k], hpos, hmat, up);
          hf_world(prism.prism[k + 3], hpos, hmat, down);
        }
        if (lo[2] > top + margin) {
          continue;
        }
        sn_ccd_result res;
        if (sn_convex_ccd(&res, m, &prism, &geom, 0)) {
          if (m->opt.disableflags & mjDSBL_NATIVECCD) {
            sn_mpr_normal(&res, &prism, &geom);
          } else {
            // 3.3.8 reports a smooth geom's surface normal near the contact point
            mjtNum p[3];
            for (int k = 0; k < 3; k++) {
              p[k] = 0.5 * (res.x1[k] + res.x2[k]);
            }
            sn_surface_normal(res.normal, &geom, p);
          }
          sn_ccd_contact(con + ncon, &res);
          if (++ncon == mjMAXCONPAIR) {
            return ncon;
          }
        }
      }
    }
  }
  return ncon;
}
