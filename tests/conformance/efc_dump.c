// efc_dump: Sinew's constraint rows after mj_forward as one JSON object, for
// efc_compare.mjs, which runs MuJoCo 3.3.8 on the same model and state.
//
//   efc_dump MODEL.xml [--state FILE] [--contacts FILE] [--opt NAME VALUE]...
//
// The state file holds whitespace-separated numbers: nq qpos values, then nv qvel
// values. --contacts replaces collision detection by the given contacts (one per line:
// geom1 geom2 dim dist pos[3] frame[9] includemargin friction[5] solref[2]
// solreffriction[2] solimp[5]), so the rows can be compared on the oracle's own contacts.
// --opt sets cone, jacobian, impratio, disableflags or enableflags. The
// Jacobian is printed dense (row by row) whatever the storage, plus the sparse
// description when the rows are sparse.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

static void num(double v) {
  if (v != v) {
    printf("null");
  } else {
    printf("%.17g", v);
  }
}

static void nums(const char* name, const mjtNum* v, int n) {
  printf(", \"%s\": [", name);
  for (int i = 0; i < n; i++) {
    if (i) {
      printf(",");
    }
    num(v[i]);
  }
  printf("]");
}

static void ints(const char* name, const int* v, int n) {
  printf(", \"%s\": [", name);
  for (int i = 0; i < n; i++) {
    printf(i ? ",%d" : "%d", v[i]);
  }
  printf("]");
}

static int set_opt(mjModel* m, const char* name, double v) {
  if (!strcmp(name, "cone")) {
    m->opt.cone = (int)v;
  } else if (!strcmp(name, "jacobian")) {
    m->opt.jacobian = (int)v;
  } else if (!strcmp(name, "impratio")) {
    m->opt.impratio = v;
  } else if (!strcmp(name, "disableflags")) {
    m->opt.disableflags = (int)v;
  } else if (!strcmp(name, "enableflags")) {
    m->opt.enableflags = (int)v;
  } else {
    return 0;
  }
  return 1;
}

static int read_state(const char* file, const mjModel* m, mjData* d) {
  FILE* f = fopen(file, "r");
  if (!f) {
    fprintf(stderr, "efc_dump: cannot open state file '%s'\n", file);
    return 0;
  }
  int ok = 1;
  for (int i = 0; ok && i < m->nq + m->nv; i++) {
    double v;
    ok = fscanf(f, "%lf", &v) == 1;
    if (ok) {
      *(i < m->nq ? d->qpos + i : d->qvel + (i - m->nq)) = v;
    }
  }
  fclose(f);
  if (!ok) {
    fprintf(stderr, "efc_dump: state file '%s' is short (need %d numbers)\n", file,
            m->nq + m->nv);
  }
  return ok;
}

// Position stage with the given contacts in place of collision detection.
static int forward_with_contacts(const mjModel* m, mjData* d, const char* file) {
  FILE* f = fopen(file, "r");
  if (!f) {
    fprintf(stderr, "efc_dump: cannot open contact file '%s'\n", file);
    return 0;
  }
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_makeM(m, d);
  mj_factorM(m, d);
  d->ncon = 0;
  d->parena = 0;
  mjContact c;
  int ok = 1;
  while (ok) {
    memset(&c, 0, sizeof(c));
    if (fscanf(f, "%d %d %d", &c.geom1, &c.geom2, &c.dim) != 3) {
      break;
    }
    double v[28];
    for (int k = 0; k < 28 && ok; k++) {
      ok = fscanf(f, "%lf", v + k) == 1;
    }
    if (!ok) {
      fprintf(stderr, "efc_dump: contact file '%s' is short\n", file);
      break;
    }
    c.dist = v[0];
    memcpy(c.pos, v + 1, sizeof(c.pos));
    memcpy(c.frame, v + 4, sizeof(c.frame));
    c.includemargin = v[13];
    memcpy(c.friction, v + 14, sizeof(c.friction));
    memcpy(c.solref, v + 19, sizeof(c.solref));
    memcpy(c.solreffriction, v + 21, sizeof(c.solreffriction));
    memcpy(c.solimp, v + 23, sizeof(c.solimp));
    c.geom[0] = c.geom1;
    c.geom[1] = c.geom2;
    c.flex[0] = c.flex[1] = c.elem[0] = c.elem[1] = c.vert[0] = c.vert[1] = -1;
    c.efc_address = -1;
    mj_addContact(m, d, &c);
  }
  fclose(f);
  if (ok) {
    mj_makeConstraint(m, d);
    mj_fwdVelocity(m, d);
  }
  return ok;
}

static void dump(const mjModel* m, mjData* d) {
  int nefc = d->nefc, nv = m->nv, sparse = mj_isSparse(m);
  printf("{\"ncon\": %d, \"nefc\": %d, \"ne\": %d, \"nf\": %d, \"nl\": %d, \"nJ\": %d", d->ncon,
         nefc, d->ne, d->nf, d->nl, d->nJ);
  ints("efc_type", d->efc_type, nefc);
  ints("efc_id", d->efc_id, nefc);
  mjtNum* J = calloc((size_t)nefc * nv + 1, sizeof(mjtNum));
  for (int i = 0; i < nefc; i++) {
    if (sparse) {
      for (int k = 0; k < d->efc_J_rownnz[i]; k++) {
        int a = d->efc_J_rowadr[i] + k;
        J[(size_t)i * nv + d->efc_J_colind[a]] = d->efc_J[a];
      }
    } else {
      memcpy(J + (size_t)i * nv, d->efc_J + (size_t)i * nv, sizeof(mjtNum) * nv);
    }
  }
  nums("efc_J", J, nefc * nv);
  free(J);
  if (sparse) {
    ints("efc_J_rownnz", d->efc_J_rownnz, nefc);
    ints("efc_J_rowadr", d->efc_J_rowadr, nefc);
    ints("efc_J_colind", d->efc_J_colind, d->nJ);
  }
  nums("efc_pos", d->efc_pos, nefc);
  nums("efc_margin", d->efc_margin, nefc);
  nums("efc_frictionloss", d->efc_frictionloss, nefc);
  nums("efc_diagApprox", d->efc_diagApprox, nefc);
  nums("efc_R", d->efc_R, nefc);
  nums("efc_D", d->efc_D, nefc);
  nums("efc_KBIP", d->efc_KBIP, 4 * nefc);
  nums("efc_vel", d->efc_vel, nefc);
  nums("efc_aref", d->efc_aref, nefc);
  printf(", \"contact\": [");
  for (int i = 0; i < d->ncon; i++) {
    const mjContact* c = d->contact + i;
    printf("%s{\"geom\": [%d,%d], \"dim\": %d, \"exclude\": %d, \"efc_address\": %d, \"mu\": ",
           i ? "," : "", c->geom1, c->geom2, c->dim, c->exclude, c->efc_address);
    num(c->mu);
    printf("}");
  }
  printf("]}\n");
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: efc_dump MODEL.xml [--state FILE] [--opt NAME VALUE]...\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) {
    printf("{\"error\": \"load failed\"}\n");
    fprintf(stderr, "efc_dump: %s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  int ok = 1;
  const char* contacts = NULL;
  for (int i = 2; ok && i < argc; i++) {
    if (!strcmp(argv[i], "--state") && i + 1 < argc) {
      ok = read_state(argv[++i], m, d);
    } else if (!strcmp(argv[i], "--contacts") && i + 1 < argc) {
      contacts = argv[++i];
    } else if (!strcmp(argv[i], "--opt") && i + 2 < argc) {
      ok = set_opt(m, argv[i + 1], atof(argv[i + 2]));
      if (!ok) {
        fprintf(stderr, "efc_dump: unknown option '%s'\n", argv[i + 1]);
      }
      i += 2;
    } else {
      fprintf(stderr, "efc_dump: unknown argument '%s'\n", argv[i]);
      ok = 0;
    }
  }
  if (ok && contacts) {
    ok = forward_with_contacts(m, d, contacts);
  } else if (ok) {
    mj_forward(m, d);
  }
  if (ok) {
    dump(m, d);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return ok ? 0 : 2;
}
