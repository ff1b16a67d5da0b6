// Tendon wrapping around spheres and (infinite) cylinders: the shortest path between two
// points that goes around the geom, found in closed form in the plane of the wrap.
#ifndef SINEW_ENGINE_WRAP_H_
#define SINEW_ENGINE_WRAP_H_

#include <mujoco/mujoco.h>

// Wrap the segment p0-p1 around a geom of mjtWrap type (SPHERE or CYLINDER) of geom_size
// size (the radius is size[0]), world pose pos/mat; side: world position of the side site or NULL. Returns the length
// of the path on the surface and the two tangent points (world, t[0..2] nearer p0), or
// -1 when the segment does not wrap.
mjtNum sn_wrap_geom(int type, const mjtNum size[3], const mjtNum pos[3], const mjtNum mat[9],
                    const mjtNum p0[3], const mjtNum p1[3], const mjtNum* side, mjtNum t[6]);

#endif  // SINEW_ENGINE_WRAP_H_
