// efc_dump: Sinew's constraint rows after mj_forward as one JSON object, for
// efc_compare.mjs, which runs MuJoCo 3.3.8 on the same model and state.
//
//   efc_dump MODEL.xml [--state FILE] [--opt NAME VALUE]...
//
// The state file holds whitespace-separated numbers: nq qpos values, then nv qvel
// values. --opt sets cone, jacobian, impratio, disableflags or enableflags. The
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
  for (int i = 2; ok && i < argc; i++) {
    if (!strcmp(argv[i], "--state") && i + 1 < argc) {
      ok = read_state(argv[++i], m, d);
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
  if (ok) {
    mj_forward(m, d);
    dump(m, d);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return ok ? 0 : 2;
}
