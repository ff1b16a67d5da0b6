// Internal interface of the collision driver (collision.c): the broad phase
// (broadphase.c), the midphase over body BVHs (midphase.c) and the mixing of contact
// parameters (contact_param.c). Nothing here allocates from the heap: scratch comes
// from the mjData stack, contacts from the bottom of the arena.
#ifndef SINEW_COLLISION_DRIVER_H_
#define SINEW_COLLISION_DRIVER_H_

#include <mujoco/mujoco.h>

// Parameters of the contacts of one geom pair (the mjContact fields the driver fills).
typedef struct {
  int dim;
  mjtNum margin;              // detection distance (narrow phase and bounding tests)
  mjtNum gap;
  mjtNum friction[5];
  mjtNum solref[mjNREF];
  mjtNum solreffriction[mjNREF];
  mjtNum solimp[mjNIMP];
} sn_conparam;

// Body-pair signature of MuJoCo's broad phase and compiled pairs/excludes:
// (smaller body id << 16) + larger body id.
static inline int sn_body_signature(int b1, int b2) {
  return b1 < b2 ? (b1 << 16) + b2 : (b2 << 16) + b1;
}

//---------------------------------- contact_param.c -----------------------------------------------

// Detection margin of a geom pair (ipair < 0) or of the explicit <pair> ipair: the
// override's o_margin when mjENBL_OVERRIDE is set, else the pair's own or the larger of
// the geoms' margins. Known before the narrow phase; the other parameters only after.
mjtNum sn_contact_margin(const mjModel* m, int g1, int g2, int ipair);

// Mix the parameters of a dynamically found geom pair (modeling chapter, "Contact
// parameters"): condim and friction by priority else max, margin/gap max, solref/solimp
// by priority else the solmix-weighted average (element-wise min for direct solref).
void sn_mix_geom_params(const mjModel* m, int g1, int g2, sn_conparam* p);

// Parameters of the explicit <pair> ipair.
void sn_pair_params(const mjModel* m, int ipair, sn_conparam* p);

// Replace margin, solref, solreffriction, solimp and friction by the mjOption override
// values when mjENBL_OVERRIDE is set (the gap and condim stay).
void sn_override_params(const mjModel* m, sn_conparam* p);

//---------------------------------- broadphase.c --------------------------------------------------

// Candidate body pairs whose bounding boxes (inflated by the geom margins) overlap,
// found by sweep-and-prune, already filtered by weld/parent/exclude rules, sorted by
// signature. The array lives on d's stack (the caller holds a stack frame); returns
// the count and sets *sigs to the sorted signatures (sn_body_signature).
int sn_broadphase(const mjModel* m, mjData* d, int** sigs);

// 1 if geoms of bodies b1 and b2 may collide in the broad phase: not the same weld body,
// not parent and child (unless filterparent is disabled or the parent is the world),
// not excluded.
int sn_bodypair_allowed(const mjModel* m, int b1, int b2);

// 1 if body b has a geom that can collide at all (contype or conaffinity nonzero).
int sn_body_collides(const mjModel* m, int b);

//---------------------------------- midphase.c ----------------------------------------------------

// Visitor called for each candidate geom pair of a body pair.
typedef void (*sn_geompair_fn)(const mjModel* m, mjData* d, int g1, int g2, void* ctx);

// Call fn for every geom pair of bodies b1 < b2, the geom of smaller type first, in
// the oracle's order (sorted by the two geom ids).
void sn_midphase(const mjModel* m, mjData* d, int b1, int b2, sn_geompair_fn fn, void* ctx);

#endif  // SINEW_COLLISION_DRIVER_H_
