// Shared by the loader fuzzers: see loader_harness.h.
#include "loader_harness.h"

#include <ctype.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

//---------------------------------- allocation tracking -------------------------------------------

// Open-addressing hash set of the blocks handed out by the mju_user_malloc hook.
typedef struct {
  void* ptr;                  // NULL: empty slot
  size_t size;
  uint64_t seq;               // allocation order, to free what a failed phase left behind
} snf_block;

static snf_block* snf_table;
static size_t snf_cap;        // power of two
static size_t snf_count;
static size_t snf_bytes;
static uint64_t snf_seq;
static size_t snf_max_block = (size_t)1 << 30;
static size_t snf_max_total = (size_t)3 << 30;
static long snf_foreign;
static long snf_refused;

static size_t snf_hash(const void* p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (size_t)x;
}

static void snf_table_insert(void* ptr, size_t size, uint64_t seq);

static void snf_table_grow(void) {
  snf_block* old = snf_table;
  size_t oldcap = snf_cap;
  snf_cap = oldcap ? 2 * oldcap : 4096;
  snf_table = (snf_block*)calloc(snf_cap, sizeof(snf_block));
  if (!snf_table) {
    fprintf(stderr, "fuzz harness: out of memory for the allocation table\n");
    abort();
  }
  snf_count = 0;
  for (size_t i = 0; i < oldcap; i++) {
    if (old[i].ptr) {
      snf_table_insert(old[i].ptr, old[i].size, old[i].seq);
    }
  }
  free(old);
}

static void snf_table_insert(void* ptr, size_t size, uint64_t seq) {
  if (2 * (snf_count + 1) > snf_cap) {
    snf_table_grow();
  }
  size_t i = snf_hash(ptr) & (snf_cap - 1);
  while (snf_table[i].ptr) {
    i = (i + 1) & (snf_cap - 1);
  }
  snf_table[i].ptr = ptr;
  snf_table[i].size = size;
  snf_table[i].seq = seq;
  snf_count++;
}

// Remove ptr; returns its size, or (size_t)-1 when it is not in the table.
static size_t snf_table_remove(void* ptr) {
  if (!snf_cap) {
    return (size_t)-1;
  }
  size_t mask = snf_cap - 1;
  size_t i = snf_hash(ptr) & mask;
  while (snf_table[i].ptr && snf_table[i].ptr != ptr) {
    i = (i + 1) & mask;
  }
  if (!snf_table[i].ptr) {
    return (size_t)-1;
  }
  size_t size = snf_table[i].size;
  snf_table[i].ptr = NULL;
  snf_count--;
  // backward-shift deletion keeps every probe chain unbroken
  size_t j = i;
  for (;;) {
    j = (j + 1) & mask;
    if (!snf_table[j].ptr) {
      break;
    }
    size_t home = snf_hash(snf_table[j].ptr) & mask;
    // move j into the hole at i unless its home lies cyclically in (i, j]
    int inrange = (i <= j) ? (home > i && home <= j) : (home > i || home <= j);
    if (!inrange) {
      snf_table[i] = snf_table[j];
      snf_table[j].ptr = NULL;
      i = j;
    }
  }
  return size;
}

static void* snf_malloc(size_t size) {
  if (size > snf_max_block || snf_bytes + size > snf_max_total) {
    snf_refused++;
    return NULL;
  }
  size_t rounded = (size + 63) / 64 * 64;
  void* p = aligned_alloc(64, rounded ? rounded : 64);
  if (!p) {
    return NULL;
  }
  snf_table_insert(p, size, ++snf_seq);
  snf_bytes += size;
  return p;
}

static void snf_free(void* p) {
  size_t size = snf_table_remove(p);
  if (size == (size_t)-1) {
    // not ours: count it, and free it as the default mju_free would
    snf_foreign++;
    free(p);
    return;
  }
  snf_bytes -= size;
  free(p);
}

// Free every tracked block allocated after sequence number seq; returns how many.
static long snf_free_since(uint64_t seq, size_t* bytes) {
  long n = 0;
  size_t b = 0;
  for (size_t i = 0; i < snf_cap;) {
    if (snf_table[i].ptr && snf_table[i].seq > seq) {
      n++;
      b += snf_table[i].size;
      snf_free(snf_table[i].ptr);  // shifts a later entry into slot i: look at it again
      continue;
    }
    i++;
  }
  if (bytes) {
    *bytes = b;
  }
  return n;
}

//---------------------------------- errors and warnings -------------------------------------------

// present in sanitized builds: prints the current stack
extern void __sanitizer_print_stack_trace(void) __attribute__((weak));

static jmp_buf snf_jmp;
static int snf_armed;
static int snf_in_load;       // an error now escapes mj_loadXML: show where it came from
static char snf_errmsg[1000];
static int snf_nwarn;

static void snf_error(const char* msg) {
  snprintf(snf_errmsg, sizeof(snf_errmsg), "%s", msg ? msg : "(null)");
  if (snf_in_load && __sanitizer_print_stack_trace) {
    fprintf(stderr, "mju_error inside mj_loadXML: %s\n", snf_errmsg);
    __sanitizer_print_stack_trace();
  }
  if (snf_armed) {
    snf_armed = 0;
    longjmp(snf_jmp, 1);
  }
  fprintf(stderr, "fuzz harness: mju_error outside a guarded call: %s\n", snf_errmsg);
  abort();
}

static void snf_warning(const char* msg) {
  (void)msg;
  snf_nwarn++;
}

void snf_init(size_t max_block, size_t max_total) {
  const char* env = getenv("SINEW_FUZZ_MAX_BLOCK_MB");
  if (env && atol(env) > 0) {
    max_block = (size_t)atol(env) << 20;
  }
  env = getenv("SINEW_FUZZ_MAX_TOTAL_MB");
  if (env && atol(env) > 0) {
    max_total = (size_t)atol(env) << 20;
  }
  if (max_block) {
    snf_max_block = max_block;
  }
  if (max_total) {
    snf_max_total = max_total;
  }
  mju_user_malloc = snf_malloc;
  mju_user_free = snf_free;
  mju_user_error = snf_error;
  mju_user_warning = snf_warning;
}

//---------------------------------- built-in files ------------------------------------------------

// Images every document can refer to (file="tex.png" ...), so the PNG paths get fuzzed.
// tex.png: a valid 4x4 RGB image
static const unsigned char snf_tex_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x04, 0x08, 0x02, 0x00, 0x00, 0x00, 0x26,
    0x93, 0x09, 0x29, 0x00, 0x00, 0x00, 0x2e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60,
    0x60, 0x60, 0xb0, 0xb1, 0xb1, 0xa9, 0xa8, 0xa8, 0xd8, 0xb2, 0x65, 0x0b, 0x83, 0x9c, 0x9c,
    0x5c, 0x54, 0x54, 0xd4, 0xb4, 0x69, 0xd3, 0x2e, 0x5d, 0xba, 0x84, 0x10, 0xfe, 0xf0, 0xe1,
    0x03, 0x03, 0x5c, 0x98, 0x8f, 0x8f, 0x0f, 0x00, 0x06, 0xda, 0x16, 0x51, 0x1d, 0xe4, 0xb4,
    0x4f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};
// bomb.png: header claims 30000x30000 RGB (2.7 GB decoded), data is tiny
static const unsigned char snf_bomb_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x75, 0x30, 0x00, 0x00, 0x75, 0x30, 0x08, 0x02, 0x00, 0x00, 0x00, 0xe9,
    0x45, 0x6f, 0xed, 0x00, 0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60,
    0x18, 0x05, 0xa3, 0x60, 0x14, 0x0c, 0x77, 0x00, 0x00, 0x03, 0xe8, 0x00, 0x01, 0xb3, 0xa6,
    0xd3, 0x46, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};
// bad.png: 8x8 header, IDAT not deflate
static const unsigned char snf_bad_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x4b,
    0x6d, 0x29, 0xdc, 0x00, 0x00, 0x00, 0x1e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x20, 0x67,
    0x61, 0x72, 0x62, 0x61, 0x67, 0x65, 0x20, 0x74, 0x68, 0x61, 0x74, 0x20, 0x69, 0x73, 0x20,
    0x6e, 0x6f, 0x74, 0x20, 0x64, 0x65, 0x66, 0x6c, 0x61, 0x74, 0x65, 0x82, 0x80, 0xf6, 0xb5,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};
// trunc.png: cut inside IHDR
static const unsigned char snf_trunc_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00,
};

static const snf_file snf_builtin_files[] = {
  {"tex.png", (const char*)snf_tex_png, sizeof(snf_tex_png)},
  {"bomb.png", (const char*)snf_bomb_png, sizeof(snf_bomb_png)},
  {"bad.png", (const char*)snf_bad_png, sizeof(snf_bad_png)},
  {"trunc.png", (const char*)snf_trunc_png, sizeof(snf_trunc_png)},
};

//---------------------------------- one document --------------------------------------------------

static char snf_problems[4096];

static void snf_add_problem(const char* fmt, const char* detail) {
  size_t len = strlen(snf_problems);
  if (len + 2 >= sizeof(snf_problems)) {
    return;
  }
  snprintf(snf_problems + len, sizeof(snf_problems) - len, "%s%s%s", len ? "; " : "", fmt,
           detail ? detail : "");
}

const char* snf_problem(void) {
  return snf_problems;
}

int snf_run(const char* data, size_t size, const snf_file* extra, int nextra, int nstep,
            int error_sz, snf_result* r) {
  memset(r, 0, sizeof(*r));
  snf_problems[0] = 0;
  snf_nwarn = 0;
  long foreign0 = snf_foreign;
  long refused0 = snf_refused;
  uint64_t seq0 = snf_seq;
  size_t count0 = snf_count;

  mjVFS vfs;
  mj_defaultVFS(&vfs);
  if (mj_addBufferVFS(&vfs, "model.xml", data, (int)size) != 0) {
    snf_add_problem("mj_addBufferVFS failed", NULL);
  }
  for (int i = 0; i < nextra; i++) {
    mj_addBufferVFS(&vfs, extra[i].name, extra[i].data, (int)extra[i].size);
  }
  for (size_t i = 0; i < sizeof(snf_builtin_files) / sizeof(snf_builtin_files[0]); i++) {
    const snf_file* f = &snf_builtin_files[i];
    mj_addBufferVFS(&vfs, f->name, f->data, (int)f->size);
  }

  // the loader writes its message into a heap buffer of exactly error_sz bytes
  char* err = NULL;
  r->error_sz = error_sz > 0 ? error_sz : 0;
  if (r->error_sz) {
    err = (char*)malloc((size_t)r->error_sz);
    memset(err, 'X', (size_t)r->error_sz);
  }

  mjModel* volatile m = NULL;
  mjData* volatile d = NULL;
  volatile uint64_t mark = snf_seq;

  // load
  snf_armed = 1;
  snf_in_load = 1;
  if (!setjmp(snf_jmp)) {
    m = mj_loadXML("model.xml", &vfs, err, r->error_sz);
    snf_armed = 0;
    snf_in_load = 0;
  } else {
    snf_in_load = 0;
    r->escaped = 1;
    snprintf(r->escaped_msg, sizeof(r->escaped_msg), "%s", snf_errmsg);
    snf_add_problem("mju_error escaped mj_loadXML (the default handler would exit): ",
                    snf_errmsg);
    // release what the interrupted loader held so later cases start clean
    snf_free_since(mark, NULL);
    m = NULL;
  }

  if (err && !m && !r->escaped) {
    if (!memchr(err, 0, (size_t)r->error_sz)) {
      r->error_unterminated = 1;
      snf_add_problem("mj_loadXML left the error buffer without a terminating NUL", NULL);
    } else {
      snprintf(r->error, sizeof(r->error), "%s", err);
    }
  }

  if (m) {
    r->loaded = 1;
    mark = snf_seq;
    snf_armed = 1;
    if (!setjmp(snf_jmp)) {
      d = mj_makeData(m);
      snf_armed = 0;
    } else {
      r->data_failed = 1;
      snprintf(r->sim_msg, sizeof(r->sim_msg), "%s", snf_errmsg);
      snf_free_since(mark, NULL);  // the half-built mjData
      d = NULL;
    }
    if (!d) {
      r->data_failed = 1;
    } else {
      mark = snf_seq;
      snf_armed = 1;
      if (!setjmp(snf_jmp)) {
        if (m->nkey > 0) {
          mj_resetDataKeyframe(m, d, 0);
          mj_forward(m, d);
          mj_resetData(m, d);
        }
        for (int i = 0; i < nstep; i++) {
          mj_step(m, d);
          r->steps++;
        }
        snf_armed = 0;
      } else {
        r->sim_error = 1;
        snprintf(r->sim_msg, sizeof(r->sim_msg), "%s", snf_errmsg);
      }
      mj_deleteData(d);
      // an error in mj_step may leave temporary blocks behind; they are not leaks of
      // the library's normal paths, so release them quietly
      if (r->sim_error) {
        snf_free_since(mark, NULL);
      }
    }
    mj_deleteModel(m);
  } else if (!r->escaped && r->error_sz >= 16 && !r->error_unterminated && !r->error[0]) {
    snf_add_problem("mj_loadXML returned NULL with an empty error message", NULL);
  }
  mj_deleteVFS(&vfs);
  free(err);

  r->nwarning = snf_nwarn;
  r->foreign_frees = snf_foreign - foreign0;
  r->refused_allocs = snf_refused - refused0;
  if (r->foreign_frees) {
    snf_add_problem("mju_free was given a pointer that mju_malloc did not return", NULL);
  }
  if (snf_count > count0) {
    size_t bytes = 0;
    r->leaked_blocks = snf_free_since(seq0, &bytes);
    r->leaked_bytes = bytes;
    char detail[128];
    snprintf(detail, sizeof(detail), "%ld block(s), %zu bytes", r->leaked_blocks, bytes);
    snf_add_problem(r->escaped ? "mju_malloc blocks leaked (after the escaped error): "
                               : "mju_malloc blocks leaked: ",
                    detail);
  }
  return snf_problems[0] != 0;
}

//---------------------------------- messages ------------------------------------------------------

static int snf_read_int(const char* s) {
  long v = 0;
  int nd = 0;
  while (isdigit((unsigned char)*s) && nd < 9) {
    v = 10 * v + (*s++ - '0');
    nd++;
  }
  return nd ? (int)v : 0;
}

int snf_message_line(const char* msg) {
  if (!msg) {
    return 0;
  }
  for (const char* p = msg; *p; p++) {
    // "file.xml:12" (as in "model.xml:12:5: ...")
    if (*p == ':' && p > msg && isdigit((unsigned char)p[1])) {
      const char* q = p - 1;
      while (q > msg && !isspace((unsigned char)*q) && *q != '\'' && *q != '"') {
        q--;
      }
      if (strstr(q, ".xml") && strstr(q, ".xml") < p) {
        int line = snf_read_int(p + 1);
        if (line > 0) {
          return line;
        }
      }
    }
    // "line 12", "line: 12", "Line = 12", "row 12"
    if ((!strncmp(p, "line", 4) || !strncmp(p, "Line", 4) || !strncmp(p, "LINE", 4) ||
         !strncmp(p, "row", 3) || !strncmp(p, "Row", 3))) {
      const char* q = p + (p[0] == 'r' || p[0] == 'R' ? 3 : 4);
      while (*q == ' ' || *q == ':' || *q == '=') {
        q++;
      }
      int line = snf_read_int(q);
      if (line > 0) {
        return line;
      }
    }
  }
  return 0;
}
