// Error traps: let library code that must never exit (model loading) turn
// mju_error into a recoverable failure with the message preserved.
#ifndef SINEW_BASE_ERRTRAP_H_
#define SINEW_BASE_ERRTRAP_H_

#include <setjmp.h>

typedef struct sn_errtrap {
  jmp_buf jump;
  char message[1000];
  struct sn_errtrap* prev;
} sn_errtrap;

// Make trap the innermost active trap of this thread; mju_error will longjmp to it.
void sn_errtrap_push(sn_errtrap* trap);

// Remove trap (must be the innermost one).
void sn_errtrap_pop(sn_errtrap* trap);

// Usage: sn_errtrap t; if (SN_ERRTRAP(&t)) { ...work...; sn_errtrap_pop(&t); }
//        else { sn_errtrap_pop(&t); handle t.message; }
#define SN_ERRTRAP(trap) (sn_errtrap_push(trap), setjmp((trap)->jump) == 0)

#endif  // SINEW_BASE_ERRTRAP_H_
