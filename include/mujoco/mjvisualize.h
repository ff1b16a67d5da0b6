// Abstract visualisation types. The renderer arrives in a later issue; the
// constants the model already needs are here.
#ifndef MUJOCO_MJVISUALIZE_H_
#define MUJOCO_MJVISUALIZE_H_

#define mjNGROUP        6          // geom, site, joint, tendon, actuator groups shown separately
#define mjMAXLIGHT      100        // most lights in a scene
#define mjMAXOVERLAY    500        // most characters in an overlay text
#define mjMAXLINE       100        // most lines per figure
#define mjMAXLINEPNT    1001       // most points per line
#define mjMAXPLANEGRID  200        // most grid divisions of a plane

#endif  // MUJOCO_MJVISUALIZE_H_
