// Deterministic mutation fuzzer for the model loader, fast enough for ctest.
//
// Seeds: the documents embedded in mutate_seeds.c, every *.xml of the --models directories (default
// $SINEW_TEST_MODELS and its bad/ folder) and the regression reproducers of --corpus
// (tests/fuzz/corpus/*.xml, each also loaded unmodified first). Each case picks a seed
// and applies 1-4 seeded mutations: bit flips, special bytes, truncation, deleted or
// duplicated lines, numbers replaced by extreme values, hostile counts and sizes
// (2147483647 for <size>, user arrays, textures, <replicate>, <numeric>), deleted closing
// tags, misspelled attribute and element names, duplicate attributes, bad characters in
// values, deep nesting, very long attribute strings and lines spliced from other seeds.
//
// Each case is loaded with mj_loadXML through a VFS (see loader_harness.c) and must:
// not crash, hang or leak (ASan/UBSan/LSan when built with SINEW_SANITIZE, plus tracking
// allocation hooks always); fail with a non-empty message when it fails; name a line
// in that message when the mutation is known to cause an XML syntax or schema error; and
// when it loads, survive mj_makeData and 5 mj_steps (errors raised there are caught).
//
// Case k depends only on the seed list, --seed and k, so one failure is replayed with
//   fuzz_mutate_loader --case K --dump case.xml      (writes the mutated document)
// A failing input is also written to --artifacts (default /tmp/sinew-fuzz) as
// mutate-fail-K.xml / mutate-crash-K.xml. Files given as arguments are loaded as they are.
//
// This file is the driver; the seed material is in mutate_seeds.c and the mutations in
// mutate_ops.c (shared declarations: mutate_loader.h).
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mutate_loader.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SNF_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(SNF_ASAN)
#define SNF_ASAN 1
#endif

const char* __asan_default_options(void);
const char* __asan_default_options(void) {
  // a huge plain malloc returns NULL, as it would from the system allocator
  return "allocator_may_return_null=1:max_allocation_size_mb=2048";
}

// optional sanitizer hooks (present only in sanitized builds)
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
extern int __lsan_do_recoverable_leak_check(void) __attribute__((weak));

//---------------------------------- crash reporting -----------------------------------------------

static const char* volatile g_cur_data;
static volatile size_t g_cur_size;
static char g_crash_path[4096];
static char g_crash_note[9000];

static void dump_current(void) {
  if (!g_cur_data || !g_crash_path[0]) {
    return;
  }
  int fd = open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    size_t off = 0;
    while (off < g_cur_size) {
      ssize_t w = write(fd, g_cur_data + off, g_cur_size - off);
      if (w <= 0) {
        break;
      }
      off += (size_t)w;
    }
    close(fd);
  }
  ssize_t ignored = write(2, g_crash_note, strlen(g_crash_note));
  (void)ignored;
}

static void on_death(void) {
  dump_current();
}

static void on_signal(int sig) {
  dump_current();
  if (sig == SIGALRM) {
    static const char msg[] = "mutate_loader: TIMEOUT: the case above did not finish\n";
    ssize_t ignored = write(2, msg, sizeof(msg) - 1);
    (void)ignored;
    _exit(3);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

static void install_crash_handlers(void) {
  if (__sanitizer_set_death_callback) {
    __sanitizer_set_death_callback(on_death);
  }
  signal(SIGABRT, on_signal);
  signal(SIGALRM, on_signal);
#ifndef SNF_ASAN
  signal(SIGSEGV, on_signal);
  signal(SIGBUS, on_signal);
  signal(SIGFPE, on_signal);
  signal(SIGILL, on_signal);
#endif
}

//---------------------------------- running cases -------------------------------------------------

typedef struct {
  long cases;
  uint64_t seed;
  long only_case;             // -1: all
  double max_seconds;
  unsigned timeout;
  const char* dump;
  const char* artifacts;
  int verbose;
  int fork_each;              // run every case in a child process (keeps going after crashes)
} options;

static options g_opt;
static int g_failed;
static int g_passed;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void write_artifact(const char* path, const char* data, size_t size) {
  FILE* fp = fopen(path, "wb");
  if (fp) {
    fwrite(data, 1, size, fp);
    fclose(fp);
  }
}

// Load one document and check the outcome. label names the case in reports; cls is
// the mutation class (CLS_SYNTAX/SCHEMA: the message must name a line).
static int check_one(const char* label, const char* tag, const char* data, size_t size,
                     int extra, int cls, int error_sz, const char* log) {
  snprintf(g_crash_path, sizeof(g_crash_path), "%s/mutate-crash-%s.xml", g_opt.artifacts, tag);
  snprintf(g_crash_note, sizeof(g_crash_note),
           "mutate_loader: CRASH in %s; input written to %s\n", label, g_crash_path);
  g_cur_data = data;
  g_cur_size = size;
  if (g_opt.verbose) {
    fprintf(stderr, "%s: %s\n", label, log ? log : "");
  }
  alarm(g_opt.timeout);
  snf_result res;
  const snf_file* files = extra >= 0 ? g_extra[extra].files : NULL;
  int nfile = extra >= 0 ? g_extra[extra].nfile : 0;
  int bad = snf_run(data, size, files, nfile, 5, error_sz, &res);
  alarm(0);
  g_cur_data = NULL;

  char problem[4200];
  snprintf(problem, sizeof(problem), "%s", bad ? snf_problem() : "");
  if (!bad && cls != CLS_NONE && !res.loaded && error_sz >= 256) {
    int line = snf_message_line(res.error);
    if (line <= 0) {
      snprintf(problem, sizeof(problem), "%s error without a line number: \"%s\"",
               cls == CLS_SYNTAX ? "XML syntax" : "schema", res.error);
      bad = 1;
    }
  }
  if (!bad && cls != CLS_NONE && res.loaded) {
    snprintf(problem, sizeof(problem), "a %s error was expected but the model loaded",
             cls == CLS_SYNTAX ? "XML syntax" : "schema");
    bad = 1;
  }
  if (g_opt.verbose) {
    fprintf(stderr, "  -> %s%s%s\n", res.loaded ? "loaded" : "failed: ",
            res.loaded ? "" : res.error, res.sim_error ? " (simulation error caught)" : "");
  }
  if (bad) {
    char path[4096];
    snprintf(path, sizeof(path), "%s/mutate-fail-%s.xml", g_opt.artifacts, tag);
    write_artifact(path, data, size);
    if (g_failed < 50) {
      fprintf(stderr, "FAIL %s%s%s\n  problem: %s\n  input: %s\n", label,
              log ? "\n  mutations: " : "", log ? log : "", problem, path);
    }
    g_failed++;
    return 1;
  }
  g_passed++;
  return 0;
}

// check_one in a child process, so a crash is reported and the run goes on. Counts the
// case in g_passed/g_failed. Returns 0 passed, 1 failed (reported by the child), 2
// crashed (wait status in *status; the caller reports it), -1 if fork failed.
static int check_forked(const char* label, const char* tag, const char* data, size_t size,
                        int extra, int cls, int error_sz, const char* log, int* status) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int bad = check_one(label, tag, data, size, extra, cls, error_sz, log);
    if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check()) {
      fprintf(stderr, "FAIL %s: LeakSanitizer found a leak\n", label);
      bad = 1;
    }
    fflush(NULL);
    _exit(bad ? 1 : 0);
  }
  *status = 0;
  if (pid < 0 || waitpid(pid, status, 0) < 0) {
    fprintf(stderr, "mutate_loader: fork failed\n");
    return -1;
  }
  if (WIFEXITED(*status) && WEXITSTATUS(*status) == 0) {
    g_passed++;
    return 0;
  }
  g_failed++;
  return WIFEXITED(*status) && WEXITSTATUS(*status) == 1 ? 1 : 2;
}

// The crash kind of a wait status, for reports.
static const char* crash_kind(int status, int* code) {
  *code = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
  return WIFSIGNALED(status) ? "signal" : "exit code";
}

static void build_case(long k, mutant* mu, int* seed_index, int* error_sz) {
  uint64_t r = g_opt.seed * 0x9e3779b97f4a7c15ULL ^ (uint64_t)(k + 1) * 0xd1b54a32d192ed03ULL;
  rng_next(&r);
  *seed_index = (int)rnd(&r, (size_t)g_nseed);
  for (int i = 0; i < g_nseed && g_seeds[*seed_index].crashes; i++) {
    *seed_index = (*seed_index + 1) % g_nseed;
  }
  const seed* s = &g_seeds[*seed_index];
  sb_set(&mu->doc, s->data, s->size);
  mu->log[0] = 0;
  mu->cls = CLS_NONE;
  mu->nmut = 0;
  rescan(mu);
  int nmut = rnd(&r, 10) < 6 ? 1 : 2 + (int)rnd(&r, 3);
  int last_cls = CLS_NONE;
  for (int i = 0; i < nmut; i++) {
    mutate(mu, &r);
    if (mu->cls != CLS_NONE) {
      last_cls = mu->cls;
    }
  }
  // a class is only trusted for one mutation of a seed that loads
  mu->cls = (mu->nmut == 1 && s->baseline_ok) ? last_cls : CLS_NONE;
  static const int kSizes[] = {0, 1, 2, 16, 100};
  *error_sz = rnd(&r, 10) < 8 ? 1000 : kSizes[rnd(&r, 5)];
}

static void usage(void) {
  fprintf(stderr,
          "usage: fuzz_mutate_loader [--cases N] [--seed S] [--case K [--dump FILE]]\n"
          "         [--max-seconds T] [--timeout T] [--models DIR]... [--corpus DIR]\n"
          "         [--artifacts DIR] [--write-seeds DIR] [--fork] [-v] [FILE.xml ...]\n");
}

int main(int argc, char** argv) {
  g_opt.cases = 2000;
  g_opt.seed = 1;
  g_opt.only_case = -1;
  g_opt.max_seconds = 60;
  g_opt.timeout = 20;
  g_opt.artifacts = "/tmp/sinew-fuzz";
  const char* models[8];
  int nmodels = 0;
  const char* corpus = NULL;
  const char* write_seeds = NULL;
  const char* files[64];
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--cases") && v) {
      g_opt.cases = atol(v), i++;
    } else if (!strcmp(a, "--seed") && v) {
      g_opt.seed = strtoull(v, NULL, 0), i++;
    } else if (!strcmp(a, "--case") && v) {
      g_opt.only_case = atol(v), i++;
    } else if (!strcmp(a, "--dump") && v) {
      g_opt.dump = v, i++;
    } else if (!strcmp(a, "--max-seconds") && v) {
      g_opt.max_seconds = atof(v), i++;
    } else if (!strcmp(a, "--timeout") && v) {
      g_opt.timeout = (unsigned)atoi(v), i++;
    } else if (!strcmp(a, "--models") && v) {
      if (nmodels < 8) {
        models[nmodels++] = v;
      }
      i++;
    } else if (!strcmp(a, "--corpus") && v) {
      corpus = v, i++;
    } else if (!strcmp(a, "--artifacts") && v) {
      g_opt.artifacts = v, i++;
    } else if (!strcmp(a, "--write-seeds") && v) {
      write_seeds = v, i++;
    } else if (!strcmp(a, "--fork")) {
      g_opt.fork_each = 1;
    } else if (!strcmp(a, "-v")) {
      g_opt.verbose = 1;
    } else if (a[0] == '-') {
      usage();
      return 2;
    } else if (nfiles < 64) {
      files[nfiles++] = a;
    }
  }
#ifndef SNF_ASAN
  // without ASan's allocator, bound the address space so a runaway allocation fails
  struct rlimit rl = {(rlim_t)8 << 30, (rlim_t)8 << 30};
  setrlimit(RLIMIT_AS, &rl);
#endif
  setvbuf(stdout, NULL, _IOLBF, 0);
  mkdir(g_opt.artifacts, 0755);  // may exist already
  snf_init(0, 0);
  install_crash_handlers();
  load_grammar_names();

  // files on the command line: load each as it is
  if (nfiles) {
    for (int i = 0; i < nfiles; i++) {
      size_t size = 0;
      char* data = read_file(files[i], &size);
      if (!data) {
        fprintf(stderr, "cannot read %s\n", files[i]);
        g_failed++;
        continue;
      }
      char tag[32], dir[4096];
      snprintf(tag, sizeof(tag), "file%d", i);
      snprintf(dir, sizeof(dir), "%s", files[i]);
      char* slash = strrchr(dir, '/');
      snprintf(slash ? slash : dir, sizeof(dir) - (size_t)(slash ? slash - dir : 0), "%s",
               slash ? "" : ".");
      // files it includes: DIR/include/*.xml, as for the seeds
      check_one(files[i], tag, data, size, load_extra_dir(dir), CLS_NONE, 1000, NULL);
      free(data);
    }
    printf("fuzz: %d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
  }

  for (int i = 0; i < kNumEmbedded; i++) {
    char name[32];
    snprintf(name, sizeof(name), "embedded-%d", i);
    add_seed(name, kSeeds[i], strlen(kSeeds[i]), -1, 0);
  }
  if (!nmodels) {
    const char* env = getenv("SINEW_TEST_MODELS");
    if (env && *env) {
      models[nmodels++] = env;
    }
  }
  for (int i = 0; i < nmodels; i++) {
    add_seed_dir(models[i], 0);
    char bad[4096];
    snprintf(bad, sizeof(bad), "%s/bad", models[i]);
    add_seed_dir(bad, 0);
  }
  int first_regression = g_nseed;
  if (corpus) {
    add_seed_dir(corpus, 1);
  }
  if (write_seeds) {
    mkdir(write_seeds, 0755);
    for (int i = 0; i < g_nseed; i++) {
      char path[8192];
      snprintf(path, sizeof(path), "%s/seed-%03d.xml", write_seeds, i);
      write_artifact(path, g_seeds[i].data, g_seeds[i].size);
    }
    printf("wrote %d seeds to %s\n", g_nseed, write_seeds);
    return 0;
  }

  double t0 = now_seconds();
  mutant mu;
  memset(&mu, 0, sizeof(mu));

  // baseline: every seed unmodified (regression reproducers included)
  if (g_opt.only_case < 0) {
    int nok = 0;
    for (int i = 0; i < g_nseed; i++) {
      seed* s = &g_seeds[i];
      char tag[32];
      snprintf(tag, sizeof(tag), "seed%d", i);
      char label[4200];
      snprintf(label, sizeof(label), "seed %s%s", s->name, s->regression ? " (regression)" : "");
      snf_result res;
      // check_one reports problems; a second quiet load tells whether it loads. A
      // reproducer runs in a child process so a crash is reported and the run goes on.
      if (s->regression) {
        int status, code;
        int rc = check_forked(label, tag, s->data, s->size, s->extra_dir, CLS_NONE, 1000, NULL,
                              &status);
        if (rc < 0) {
          return 2;
        }
        if (rc > 0) {
          if (rc == 2) {
            const char* kind = crash_kind(status, &code);
            fprintf(stderr, "FAIL %s: CRASH (%s %d)\n", label, kind, code);
          }
          s->baseline_ok = 0;
          s->crashes = 1;  // not mutated further: the same defect would stop the run
          continue;
        }
      } else {
        check_one(label, tag, s->data, s->size, s->extra_dir, CLS_NONE, 1000, NULL);
      }
      const snf_file* f = s->extra_dir >= 0 ? g_extra[s->extra_dir].files : NULL;
      int nf = s->extra_dir >= 0 ? g_extra[s->extra_dir].nfile : 0;
      snf_run(s->data, s->size, f, nf, 0, 1000, &res);
      s->baseline_ok = res.loaded;
      nok += res.loaded;
      if (g_opt.verbose && !res.loaded && i < first_regression) {
        fprintf(stderr, "  seed %s does not load: %s\n", s->name, res.error);
      }
    }
    printf("fuzz: %d seeds (%d load unmodified, %d regression reproducers)\n", g_nseed, nok,
           g_nseed - first_regression);
  } else {
    for (int i = 0; i < g_nseed; i++) {
      snf_result res;
      const snf_file* f = g_seeds[i].extra_dir >= 0 ? g_extra[g_seeds[i].extra_dir].files : NULL;
      int nf = g_seeds[i].extra_dir >= 0 ? g_extra[g_seeds[i].extra_dir].nfile : 0;
      snf_run(g_seeds[i].data, g_seeds[i].size, f, nf, 0, 1000, &res);
      g_seeds[i].baseline_ok = res.loaded;
    }
  }

  long first = g_opt.only_case >= 0 ? g_opt.only_case : 0;
  long last = g_opt.only_case >= 0 ? g_opt.only_case + 1 : g_opt.cases;
  long ran = 0;
  int leak_reported = 0;
  for (long k = first; k < last; k++) {
    int si = 0, error_sz = 1000;
    build_case(k, &mu, &si, &error_sz);
    if (g_opt.dump) {
      write_artifact(g_opt.dump, mu.doc.p, mu.doc.n);
      printf("case %ld: seed %s, %s -> %s\n", k, g_seeds[si].name, mu.log, g_opt.dump);
    }
    char label[4200], tag[32];
    snprintf(label, sizeof(label), "case %ld (seed %s, error_sz %d)", k, g_seeds[si].name,
             error_sz);
    snprintf(tag, sizeof(tag), "%ld", k);
    ran++;
    if (g_opt.fork_each) {
      int status, code;
      int rc = check_forked(label, tag, mu.doc.p, mu.doc.n, g_seeds[si].extra_dir, mu.cls,
                            error_sz, mu.log, &status);
      if (rc < 0) {
        return 2;
      }
      if (rc == 2) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/mutate-crash-%s.xml", g_opt.artifacts, tag);
        write_artifact(path, mu.doc.p, mu.doc.n);
        const char* kind = crash_kind(status, &code);
        fprintf(stderr, "FAIL %s: CRASH (%s %d)\n  mutations: %s\n  input: %s\n", label, kind,
                code, mu.log, path);
      }
    } else {
      check_one(label, tag, mu.doc.p, mu.doc.n, g_seeds[si].extra_dir, mu.cls, error_sz,
                mu.log);
    }
    if (!g_opt.fork_each && __lsan_do_recoverable_leak_check && (k % 250 == 249 || k + 1 == last) && !leak_reported) {
      if (__lsan_do_recoverable_leak_check()) {
        fprintf(stderr, "FAIL LeakSanitizer found leaks in cases up to %ld (replay single cases "
                        "with --case K to find the one)\n", k);
        g_failed++;
        leak_reported = 1;
      }
    }
    if (g_opt.max_seconds > 0 && now_seconds() - t0 > g_opt.max_seconds) {
      printf("fuzz: time budget of %.0f s reached after %ld cases\n", g_opt.max_seconds, ran);
      break;
    }
  }
  printf("fuzz: %ld mutated cases in %.1f s\n", ran, now_seconds() - t0);
  printf("fuzz: %d passed, %d failed\n", g_passed, g_failed);

  free(mu.doc.p);
  free(mu.scan.tags);
  free(mu.scan.attrs);
  for (int i = 0; i < g_nseed; i++) {
    free(g_seeds[i].name);
    free(g_seeds[i].data);
  }
  free(g_seeds);
  for (int i = 0; i < g_nextra; i++) {
    for (int j = 0; j < g_extra[i].nfile; j++) {
      free((char*)g_extra[i].files[j].name);
      free((char*)g_extra[i].files[j].data);
    }
    free(g_extra[i].files);
    free(g_extra_path[i]);
  }
  nameset_free(&g_attr_names);
  nameset_free(&g_elem_names);
  return g_failed ? 1 : 0;
}
