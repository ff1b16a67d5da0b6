// Materials: texture references by role and surface parameters.
#include <string.h>

#include <mujoco/mujoco.h>

#include "compiler/compile.h"

int sn_compile_materials(sn_ctx* c) {
  mjModel* m = c->m;
  for (int id = 0; id < m->nmat; id++) {
    const sn_material* s = &SN_AT(c->spec, materials, sn_material, id);
    for (int r = 0; r < mjNTEXROLE; r++) {
      int t = -1;
      if (s->textures[r] && s->textures[r][0]) {
        t = sn_find_name(c, mjOBJ_TEXTURE, s->textures[r]);
        if (t < 0) {
          return sn_cerr_attr(c, &s->loc, "texture", "unknown texture '%s' in material",
                              s->textures[r]);
        }
      }
      m->mat_texid[mjNTEXROLE * id + r] = t;
    }
    m->mat_texuniform[id] = (mjtByte)(s->texuniform != 0);
    m->mat_texrepeat[2 * id] = s->texrepeat[0];
    m->mat_texrepeat[2 * id + 1] = s->texrepeat[1];
    m->mat_emission[id] = s->emission;
    m->mat_specular[id] = s->specular;
    m->mat_shininess[id] = s->shininess;
    m->mat_reflectance[id] = s->reflectance;
    m->mat_metallic[id] = s->metallic;
    m->mat_roughness[id] = s->roughness;
    for (int k = 0; k < 4; k++) {
      m->mat_rgba[4 * id + k] = s->rgba[k];
    }
  }
  return 1;
}
