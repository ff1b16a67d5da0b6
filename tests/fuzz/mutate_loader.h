// Declarations shared by the parts of the mutation fuzzer fuzz_mutate_loader:
// mutate_loader.c (driver), mutate_seeds.c (seed material) and mutate_ops.c (mutations).
#ifndef SINEW_TESTS_FUZZ_MUTATE_LOADER_H_
#define SINEW_TESTS_FUZZ_MUTATE_LOADER_H_

#include <stddef.h>
#include <stdint.h>

#include "loader_harness.h"

//---------------------------------- buffers and random numbers (mutate_ops.c) ---------------------

typedef struct {
  char* p;
  size_t n;
  size_t cap;
} sbuf;

void sb_set(sbuf* b, const char* s, size_t n);
void sb_insert(sbuf* b, size_t pos, const char* s, size_t slen);
uint64_t rng_next(uint64_t* s);
// Uniform in [0, n) (n > 0).
size_t rnd(uint64_t* s, size_t n);

//---------------------------------- tag scanner and mutations (mutate_ops.c) ----------------------

typedef struct {
  size_t name_off, name_len;
  size_t val_off, val_len;     // inside the quotes
} xattr;

typedef struct {
  size_t start, end;           // '<' .. one past '>'
  size_t name_off, name_len;
  int close;                   // </x>
  int selfclose;               // <x/>
  int attr0, nattr;            // into xscan.attrs
  int match;                   // for start tags: index of the matching end tag, or -1
} xtag;

typedef struct {
  xtag* tags;
  int ntag, captag;
  xattr* attrs;
  int nattr, capattr;
} xscan;

enum { CLS_NONE = 0, CLS_SYNTAX, CLS_SCHEMA };

typedef struct {
  sbuf doc;
  xscan scan;
  char log[1024];              // what was done, for the report
  int cls;                     // class of the last mutation
  int nmut;
} mutant;

// Re-scan the tags of mu->doc.
void rescan(mutant* mu);
// Apply one weighted random mutation to mu.
void mutate(mutant* mu, uint64_t* r);

//---------------------------------- seed material (mutate_seeds.c) --------------------------------

extern const char* const kSeeds[];
extern const int kNumEmbedded;
extern const char* const kTopSnippets[];       // inserted right after the root's start tag
extern const int kNumTopSnippets;
extern const char* const kWorldSnippets[];     // inserted as the first children of <worldbody>
extern const int kNumWorldSnippets;
extern const char* const kActuatorSnippets[];  // inserted before the root's end tag
extern const int kNumActuatorSnippets;
extern const char* const kExtremes[];          // replacement numbers
extern const int kNumExtremes;

typedef struct {
  char** names;
  int n, cap;
} nameset;

extern nameset g_attr_names;
extern nameset g_elem_names;
int nameset_has(const nameset* s, const char* name, size_t len);
void nameset_free(nameset* s);
void load_grammar_names(void);

typedef struct {
  char* name;
  char* data;
  size_t size;
  int extra_dir;               // index into g_extra_dirs, -1 none
  int regression;              // a reproducer from the corpus
  int baseline_ok;             // loads unmodified
  int crashes;                 // a reproducer that still fails: not used as a seed
} seed;

typedef struct {
  snf_file* files;
  int nfile;
} extra_set;

extern seed* g_seeds;
extern int g_nseed;
extern extra_set g_extra[16];
extern char* g_extra_path[16];
extern int g_nextra;

char* read_file(const char* path, size_t* size);
void add_seed(const char* name, const char* data, size_t size, int extra, int regression);
// The files of dir/include as VFS entries "include/NAME"; returns the set's index or -1.
int load_extra_dir(const char* dir);
void add_seed_dir(const char* dir, int regression);

#endif  // SINEW_TESTS_FUZZ_MUTATE_LOADER_H_
