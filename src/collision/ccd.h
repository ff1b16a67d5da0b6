// Internals of the convex solver shared by gjk.c, epa.c, multiccd.c and convex.c: the
// Minkowski-difference simplex and the GJK/EPA entry points.
#ifndef SINEW_COLLISION_CCD_H_
#define SINEW_COLLISION_CCD_H_

#include <mujoco/mujoco.h>

#include "collision/convex.h"

// A point of the Minkowski difference a - b with the support points that made it.
typedef struct sn_ccd_vertex {
  mjtNum w[3];  // a - b
  mjtNum a[3];  // support point of shape a
  mjtNum b[3];  // support point of shape b
} sn_ccd_vertex;

// Outcome of GJK (and of EPA, which refines an intersecting GJK result).
typedef struct sn_ccd_result {
  int status;          // SN_CCD_FAR, SN_CCD_SEPARATED or SN_CCD_PENETRATING
  mjtNum dist;         // signed distance (only meaningful unless SN_CCD_FAR)
  mjtNum x1[3];        // witness point on shape a
  mjtNum x2[3];        // witness point on shape b
  mjtNum normal[3];    // unit normal from a to b
  sn_ccd_vertex simplex[4];
  int nsimplex;
} sn_ccd_result;

#define SN_CCD_FAR 0         // separated by more than the cutoff
#define SN_CCD_SEPARATED 1   // separated, distance and witness points found
#define SN_CCD_PENETRATING 2 // GJK: the shapes intersect (EPA fills dist/normal)
#define SN_CCD_BEYOND 3      // converged farther than the cutoff: dist, witness points
                             // and normal are filled (mj_geomDistance reports them)

// Support point of the difference a - b in direction dir.
void sn_ccd_support(sn_ccd_vertex* v, sn_convex* a, sn_convex* b, const mjtNum dir[3]);

// GJK distance between a and b; stops early (SN_CCD_FAR) once the distance is proven
// to exceed cutoff, or converges beyond it (SN_CCD_BEYOND). tol and maxiter are ccd_tolerance and ccd_iterations.
void sn_gjk(sn_ccd_result* res, sn_convex* a, sn_convex* b, mjtNum cutoff, mjtNum tol,
            int maxiter);

// Signed areas of GJK's triangle stage, shared by EPA's witness weights: triangle (sa, sb,
// sc) and point p0 projected onto the coordinate plane the normal nrm is most nearly
// perpendicular to; cc = areas of (sa, sb, p0), (sb, sc, p0), (sc, sa, p0), returns the
// full area.
mjtNum sn_ccd_plane_areas(mjtNum cc[3], const mjtNum sa[3], const mjtNum sb[3],
                          const mjtNum sc[3], const mjtNum nrm[3], const mjtNum p0[3]);

// EPA penetration depth, normal and witness points for shapes GJK found intersecting
// (res->simplex holds GJK's final simplex). Returns 0 if the polytope degenerated.
int sn_epa(sn_ccd_result* res, sn_convex* a, sn_convex* b, mjtNum tol, int maxiter);

// GJK, then EPA if the shapes intersect: returns 1 and fills r when they are closer than
// margin (ccd_tolerance and ccd_iterations from m->opt). Returns 0 otherwise, with
// r->status SN_CCD_BEYOND when r still holds the (farther) distance and witness points.
int sn_convex_ccd(sn_ccd_result* r, const mjModel* m, sn_convex* a, sn_convex* b,
                  mjtNum margin);

// mjDSBL_NATIVECCD: libccd's MPR penetration of a and b (ccd_tolerance, ccd_iterations
// from m->opt); returns 1 and fills r (dist = -depth, normal a to b, x1 = x2 = contact
// point) when they intersect. MPR gives no distance for separated shapes.
int sn_mpr(sn_ccd_result* r, const mjModel* m, sn_convex* a, sn_convex* b);

// Replace r's MPR direction by the (averaged) surface normals of the smooth geoms among
// a and b near the contact (ellipsoids and cylinders: sn_surface_normal, ellipsoids
// seeded with MPR's direction), as 3.3.8 does for the first MPR contact.
// Boxes, meshes, prisms and cylinders near a cap have no smooth normal; if neither geom
// has one, r is unchanged.
void sn_mpr_normal(sn_ccd_result* r, const sn_convex* a, const sn_convex* b);

// Replace the contact normal n (unit, pointing into s) by the inward surface normal of
// sphere, capsule, ellipsoid or cylinder s near the contact point p, as 3.3.8 reports it
// for height-field contacts and MPR's ellipsoids and cylinders (surface_normal.c);
// returns 0 and leaves n unchanged otherwise (other shapes, cylinders near a cap).
int sn_surface_normal(mjtNum n[3], const sn_convex* s, const mjtNum p[3]);

// Write r as a contact: dist, pos midway between the witness points, normal.
void sn_ccd_contact(mjContact* con, const sn_ccd_result* r);

// mjENBL_MULTICCD: given the single contact con[0] found from r, add contacts spanning a
// flat contact patch; returns the number of contacts in con (at least 1).
int sn_multiccd(const mjModel* m, mjContact* con, sn_convex* a, sn_convex* b,
                const sn_ccd_result* r, mjtNum margin);

#endif  // SINEW_COLLISION_CCD_H_
