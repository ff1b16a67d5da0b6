// Shared by the loader fuzzers: load one MJCF document from memory through a VFS,
// simulate a few steps if it compiles, free everything, and report what happened.
//
// Every Sinew allocation goes through tracking mju_user_malloc/mju_user_free hooks, so a
// leak of an mju_malloc block, a foreign pointer given to mju_free, or an allocation
// larger than a cap (answered with NULL, as a real allocator would when memory runs
// out) is seen without a sanitizer. Errors raised through mju_error are caught with a
// longjmp: inside mj_makeData/mj_step they are legitimate (a model may diverge or
// exhaust its arena), inside mj_loadXML they are a defect (the loader must return
// NULL with a message; with the default handler the process would exit).
#ifndef SINEW_TESTS_FUZZ_LOADER_HARNESS_H_
#define SINEW_TESTS_FUZZ_LOADER_HARNESS_H_

#include <stddef.h>

// An extra file for the VFS (e.g. a file the document includes).
typedef struct {
  const char* name;
  const char* data;
  size_t size;
} snf_file;

typedef struct {
  int loaded;                 // mj_loadXML returned a model
  char error[1024];           // the loader's message when it returned NULL
  int error_sz;               // size of the error buffer handed to mj_loadXML (0: NULL)
  int error_unterminated;     // the loader left the error buffer without a NUL

  int escaped;                // mju_error was raised inside mj_loadXML (a defect)
  char escaped_msg[1000];

  int data_failed;            // mj_makeData returned NULL or raised an error
  int sim_error;              // mju_error raised inside mj_step / reset (tolerated)
  char sim_msg[1000];
  int steps;                  // steps that completed
  int nwarning;               // warnings delivered to mju_user_warning

  long leaked_blocks;         // mju_malloc blocks still held after everything was freed
  size_t leaked_bytes;
  long foreign_frees;         // mju_free of a pointer mju_malloc never returned
  long refused_allocs;        // allocations refused for exceeding the caps
} snf_result;

// Install the allocation, error and warning hooks. max_block caps one allocation,
// max_total the bytes held at once (0: defaults, 1 GiB and 3 GiB; the environment
// variables SINEW_FUZZ_MAX_BLOCK_MB / SINEW_FUZZ_MAX_TOTAL_MB override them).
void snf_init(size_t max_block, size_t max_total);

// Load data[0..size) as "model.xml" (plus extra VFS files and the built-in images
// tex.png (valid 4x4), bomb.png (claims 30000x30000), bad.png (corrupt data) and
// trunc.png (cut in the header)), then mj_makeData, an
// mj_resetDataKeyframe when the model has keyframes, and nstep mj_steps. error_sz is
// the size of the error buffer given to mj_loadXML (a heap buffer of exactly that size,
// so an overflow is caught by ASan; 0 passes NULL). Fills r; returns 0 when nothing
// went wrong (a load failure with a message is fine), else 1 with the problem in
// snf_problem().
int snf_run(const char* data, size_t size, const snf_file* extra, int nextra, int nstep,
            int error_sz, snf_result* r);

// Description of the problems found by the last snf_run (empty when none).
const char* snf_problem(void);

// Whether a loader message names a line: "file:LINE:", "line LINE", "line: LINE".
// Returns the first line number found, or 0.
int snf_message_line(const char* msg);

#endif  // SINEW_TESTS_FUZZ_LOADER_HARNESS_H_
