// solver_replay: runs one constraint problem written by tools/solver_dump.mjs (MuJoCo 3.3.8's
// own rows, inertia and options at a chosen state) through Sinew's solvers alone, and
// compares qacc, efc_force, qfrc_constraint, efc_state and the iteration count with the
// oracle's. Isolates the solvers from assembly and collision differences.
//
// build: cc -O2 -o solver_replay tools/solver_replay.c -Iinclude -Isrc BUILD/libsinew.a
//        (plus the libraries libsinew needs: expat, png, z, qhull_r, ccd, m, pthread)
// run:   node tools/solver_dump.mjs MODEL.xml [--seed N] [--steps K] [--opt name=value]... > p.txt
//        solver_replay p.txt [SOLVER] [v]    (SOLVER: 0 PGS, 1 CG, 2 Newton; v: per-row detail)
// The data object only lends its stack; any small model does (a one-hinge model is built).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <mujoco/mujoco.h>
#include "engine/solver/solver.h"

static FILE* fp;
static double rd(void) { double x; if (fscanf(fp, "%lf", &x) != 1) { fprintf(stderr, "read error\n"); exit(2); } return x; }
static void rdv(double* v, int n) { for (int i = 0; i < n; i++) v[i] = rd(); }
static void rdi(int* v, int n) { for (int i = 0; i < n; i++) v[i] = (int)rd(); }

static double maxrel(const double* a, const double* b, int n, int* at) {
  double sc = 0, e = 0; *at = -1;
  for (int i = 0; i < n; i++) sc = fmax(sc, fabs(b[i]));
  for (int i = 0; i < n; i++) { double x = fabs(a[i] - b[i]) / fmax(sc, 1e-10); if (x > e) { e = x; *at = i; } }
  return e;
}

int main(int argc, char** argv) {
  fp = fopen(argv[1], "r");
  int override_solver = argc > 2 ? atoi(argv[2]) : -1;
  int verbose = argc > 3;
  int nv = rd(), nefc = rd(), ne = rd(), nf = rd(), ncon = rd(), cone = rd();
  double meaninertia = rd();
  int solver = rd(), iterations = rd(); double tol = rd(); int lsit = rd(); double lstol = rd();
  int warm = rd(), nsit = rd(); double nstol = rd();
  double* Md = calloc(nv * nv, 8); rdv(Md, nv * nv);
  double* qacc_smooth = calloc(nv, 8), *qfrc_smooth = calloc(nv, 8), *qacc_warm = calloc(nv, 8);
  rdv(qacc_smooth, nv); rdv(qfrc_smooth, nv); rdv(qacc_warm, nv);
  int* type = calloc(nefc + 1, 4), *id = calloc(nefc + 1, 4), *ostate = calloc(nefc + 1, 4), *state = calloc(nefc + 1, 4);
  double* D = calloc(nefc + 1, 8), *R = calloc(nefc + 1, 8), *fl = calloc(nefc + 1, 8), *aref = calloc(nefc + 1, 8), *J = calloc(nefc * nv + 1, 8);
  if (nefc) { rdi(type, nefc); rdi(id, nefc); rdv(D, nefc); rdv(R, nefc); rdv(fl, nefc); rdv(aref, nefc); rdv(J, nefc * nv); }
  mjContact* con = calloc(ncon + 1, sizeof(mjContact));
  for (int c = 0; c < ncon; c++) { con[c].dim = rd(); con[c].mu = rd(); rdv(con[c].friction, 5); con[c].efc_address = rd(); }
  double* oqacc = calloc(nv, 8), *oforce = calloc(nefc + 1, 8), *oqfrc = calloc(nv, 8);
  rdv(oqacc, nv); if (nefc) { rdv(oforce, nefc); rdi(ostate, nefc); }
  int oniter = rd(); int onisland = rd(); (void)onisland;
  // skip per-island niters
  for (int k = 0; k < (onisland > 1 ? onisland : 1); k++) rd();
  rdv(oqfrc, nv);
  fclose(fp);

  // full lower CSR of M and its L'DL factor
  int nC = nv * (nv + 1) / 2;
  int* rownnz = calloc(nv, 4), *rowadr = calloc(nv, 4), *colind = calloc(nC, 4);
  double* Ms = calloc(nC, 8), *LD = calloc(nC, 8), *LDi = calloc(nv, 8);
  for (int i = 0, a = 0; i < nv; i++) { rownnz[i] = i + 1; rowadr[i] = a; for (int j = 0; j <= i; j++, a++) { colind[a] = j; Ms[a] = Md[i * nv + j]; } }
  memcpy(LD, Ms, nC * 8);
  for (int k = nv - 1; k >= 0; k--) {
    double* row = LD + rowadr[k]; int n = rownnz[k] - 1; double inv = 1 / row[n];
    for (int p = n - 1; p >= 0; p--) { double s = row[p] * inv; double* anc = LD + rowadr[colind[rowadr[k] + p]]; for (int q = 0; q <= p; q++) anc[q] -= s * row[q]; row[p] = s; }
    LDi[k] = inv;
  }
  char err[100];
  static const char* xml = "<mujoco><worldbody><body><joint/><geom size='.1'/></body></worldbody></mujoco>";
  char path[] = "/tmp/solver_replay_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0 || write(fd, xml, strlen(xml)) < 0) { fprintf(stderr, "temp file\n"); return 2; }
  close(fd);
  mjModel* mm = mj_loadXML(path, NULL, err, 100);
  unlink(path);
  if (!mm) { fprintf(stderr, "load: %s\n", err); return 2; }
  mjData* d = mj_makeData(mm);

  double* qacc = calloc(nv, 8), *force = calloc(nefc + 1, 8), *qfrc = calloc(nv, 8), *b = calloc(nefc + 1, 8);
  mjSolverStat stat[mjNSOLVER]; int niter = 0, nnz = 0;
  snCProblem p = {.nv = nv, .M = Ms, .LD = LD, .LDiagInv = LDi, .M_rownnz = rownnz, .M_rowadr = rowadr, .M_colind = colind,
    .qfrc_smooth = qfrc_smooth, .qacc_smooth = qacc_smooth, .nefc = nefc, .ne = ne, .nf = nf, .type = type, .id = id,
    .sparse = 0, .J = J, .D = D, .R = R, .frictionloss = fl, .aref = aref, .contact = con, .elliptic = cone == 1,
    .solver = override_solver >= 0 ? override_solver : solver, .warmstart = warm, .qacc_warmstart = qacc_warm,
    .noslip_iterations = nsit, .noslip_tolerance = nstol, .iterations = iterations, .tolerance = tol,
    .ls_iterations = lsit, .ls_tolerance = lstol, .scale = 1 / (meaninertia * (nv > 1 ? nv : 1)),
    .qacc = qacc, .force = force, .state = state, .qfrc_constraint = qfrc, .b = b, .stat = stat, .niter = &niter, .nnz = &nnz};
  if (nefc == 0) { memcpy(qacc, qacc_smooth, nv * 8); }
  else sn_cpSolve(d, &p);
  if (getenv("WSTATE") && nefc) {
    double* jar = calloc(nefc, 8); int* st2 = calloc(nefc, 4); double* f2 = calloc(nefc, 8); double* q2 = calloc(nv, 8);
    snCProblem p2 = p; p2.state = st2; p2.force = f2; p2.qfrc_constraint = q2;
    sn_cpMulJ(&p2, jar, getenv("WSTATE")[0] == 's' ? qacc_smooth : qacc_warm); for (int i = 0; i < nefc; i++) jar[i] -= aref[i];
    sn_cpUpdate(&p2, jar, NULL, 0);
    int nd = 0; for (int i = 0; i < nefc; i++) nd += st2[i] != ostate[i];
    printf("warm-state diff %d\n", nd);
  }
  int at1, at2, at3;
  double e1 = maxrel(qacc, oqacc, nv, &at1), e2 = nefc ? maxrel(force, oforce, nefc, &at2) : 0, e3 = maxrel(qfrc, oqfrc, nv, &at3);
  int nsd = 0; for (int i = 0; i < nefc; i++) nsd += state[i] != ostate[i];
  printf("nv %d nefc %d solver %d cone %d | qacc %.2e force %.2e qfrc %.2e | statediff %d | niter %d oracle %d\n", nv, nefc, p.solver, cone, e1, e2, e3, nsd, niter, oniter);
  if (verbose) {
    for (int i = 0; i < nefc; i++) printf("  row %d type %d f %.10g  of %.10g  st %d ost %d\n", i, type[i], force[i], oforce[i], state[i], ostate[i]);
    for (int k = 0; k < niter && k < mjNSOLVER; k++) printf("  it %d impr %.3e grad %.3e neval %d nact %d nch %d nupd %d\n", k, stat[k].improvement, stat[k].gradient, stat[k].neval, stat[k].nactive, stat[k].nchange, stat[k].nupdate);
  }
  mj_deleteData(d); mj_deleteModel(mm);
  return 0;
}
