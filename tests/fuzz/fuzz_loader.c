// libFuzzer entry point for the model loader: the input bytes are an MJCF document,
// given to mj_loadXML through a VFS as "model.xml". A model that compiles gets an
// mjData and a few mj_steps; errors raised there (a diverging or oversized model) are
// caught with a longjmp and are not findings. Findings, reported by abort() so libFuzzer
// saves the input: an mju_error escaping mj_loadXML, a NULL model with an empty
// message, an mju_malloc block leaked, mju_free of a foreign pointer; ASan, UBSan and
// LeakSanitizer report the rest.
//
// Build (clang only): cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang
//                     cmake --build build-fuzz --target fuzz_loader
// Run:   build-fuzz/tests/fuzz/fuzz_loader -max_len=65536 -timeout=10 CORPUS_DIR SEED_DIR
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "loader_harness.h"

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
const char* __asan_default_options(void);

// Huge allocations come back NULL (as from malloc under memory pressure) instead of
// ending the run: the library must turn them into an error.
const char* __asan_default_options(void) {
  return "allocator_may_return_null=1:max_allocation_size_mb=2048";
}

int LLVMFuzzerInitialize(int* argc, char*** argv) {
  (void)argc;
  (void)argv;
  // mju_malloc blocks above 256 MiB are refused: below libFuzzer's malloc limit, so a
  // refused block tests the library's handling of a failed allocation
  snf_init((size_t)256 << 20, (size_t)1536 << 20);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > (1 << 20)) {
    return 0;
  }
  snf_result r;
  // vary the error buffer size with the input so short buffers get exercised too
  int error_sz = 1000;
  if (size > 0) {
    switch (data[size - 1] % 16) {
      case 0: error_sz = 0; break;
      case 1: error_sz = 1; break;
      case 2: error_sz = 17; break;
      default: break;
    }
  }
  if (snf_run((const char*)data, size, NULL, 0, 5, error_sz, &r)) {
    fprintf(stderr, "fuzz_loader: %s\n", snf_problem());
    abort();
  }
  return 0;
}
