// Error and warning reporting: formatted messages routed to user hooks or stderr.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

#include "base/errtrap.h"

void (*mju_user_error)(const char*) = NULL;
void (*mju_user_warning)(const char*) = NULL;

// Messages are formatted into thread-local storage so concurrent simulations in
// different threads do not garble each other's text.
static _Thread_local char sn_msg[1000];

// Innermost active error trap of this thread (see errtrap.h).
static _Thread_local sn_errtrap* sn_trap_top = NULL;

void sn_errtrap_push(sn_errtrap* trap) {
  trap->message[0] = 0;
  trap->prev = sn_trap_top;
  sn_trap_top = trap;
}

void sn_errtrap_pop(sn_errtrap* trap) {
  if (sn_trap_top == trap) {
    sn_trap_top = trap->prev;
  }
}

static void sn_deliver_error(void) {
  if (sn_trap_top) {
    sn_errtrap* trap = sn_trap_top;
    snprintf(trap->message, sizeof(trap->message), "%s", sn_msg);
    longjmp(trap->jump, 1);
  }
  if (mju_user_error) {
    mju_user_error(sn_msg);
    return;
  }
  fprintf(stderr, "ERROR: %s\n\nPress Enter to exit ...", sn_msg);
  mju_writeLog("ERROR", sn_msg);
  exit(EXIT_FAILURE);
}

static void sn_deliver_warning(void) {
  if (mju_user_warning) {
    mju_user_warning(sn_msg);
    return;
  }
  fprintf(stderr, "WARNING: %s\n", sn_msg);
  mju_writeLog("WARNING", sn_msg);
}

void mju_error(const char* msg, ...) {
  va_list args;
  va_start(args, msg);
  vsnprintf(sn_msg, sizeof(sn_msg), msg, args);
  va_end(args);
  sn_deliver_error();
}

void mju_error_i(const char* msg, int i) {
  snprintf(sn_msg, sizeof(sn_msg), "%s: %d", msg, i);
  sn_deliver_error();
}

void mju_error_s(const char* msg, const char* text) {
  snprintf(sn_msg, sizeof(sn_msg), "%s: %s", msg, text ? text : "(null)");
  sn_deliver_error();
}

void mju_warning(const char* msg, ...) {
  va_list args;
  va_start(args, msg);
  vsnprintf(sn_msg, sizeof(sn_msg), msg, args);
  va_end(args);
  sn_deliver_warning();
}

void mju_warning_i(const char* msg, int i) {
  snprintf(sn_msg, sizeof(sn_msg), "%s: %d", msg, i);
  sn_deliver_warning();
}

void mju_warning_s(const char* msg, const char* text) {
  snprintf(sn_msg, sizeof(sn_msg), "%s: %s", msg, text ? text : "(null)");
  sn_deliver_warning();
}

void mju_clearHandlers(void) {
  mju_user_error = NULL;
  mju_user_warning = NULL;
  mju_user_malloc = NULL;
  mju_user_free = NULL;
}

void mju_writeLog(const char* type, const char* msg) {
  // logging is best effort: a read-only working directory must not turn a
  // warning into a failure
  FILE* fp = fopen("MUJOCO_LOG.TXT", "a");
  if (!fp) {
    return;
  }
  time_t now = time(NULL);
  char stamp[64] = "";
  struct tm tmv;
  if (localtime_r(&now, &tmv)) {
    strftime(stamp, sizeof(stamp), "%a %b %d %H:%M:%S %Y", &tmv);
  }
  fprintf(fp, "%s\n%s: %s\n\n", stamp, type, msg);
  fclose(fp);
}

const char* mju_warningText(int warning, size_t info) {
  static _Thread_local char text[300];
  switch (warning) {
    case mjWARN_INERTIA:
      snprintf(text, sizeof(text),
               "Inertia matrix is too close to singular at DOF %zu. Check model.", info);
      break;
    case mjWARN_CONTACTFULL:
      snprintf(text, sizeof(text),
               "Too many contacts, arena memory is full (ncon = %zu). Increase <size memory>.",
               info);
      break;
    case mjWARN_CNSTRFULL:
      snprintf(text, sizeof(text),
               "Too many constraints, arena memory is full (nefc = %zu). Increase <size memory>.",
               info);
      break;
    case mjWARN_VGEOMFULL:
      snprintf(text, sizeof(text), "Too many visual geoms (ngeom = %zu). Increase maxgeom.", info);
      break;
    case mjWARN_BADQPOS:
      snprintf(text, sizeof(text),
               "Nan, Inf or huge value in QPOS at DOF %zu. The simulation is unstable.", info);
      break;
    case mjWARN_BADQVEL:
      snprintf(text, sizeof(text),
               "Nan, Inf or huge value in QVEL at DOF %zu. The simulation is unstable.", info);
      break;
    case mjWARN_BADQACC:
      snprintf(text, sizeof(text),
               "Nan, Inf or huge value in QACC at DOF %zu. The simulation is unstable.", info);
      break;
    case mjWARN_BADCTRL:
      snprintf(text, sizeof(text),
               "Nan, Inf or huge value in CTRL at ACTUATOR %zu. The simulation is unstable.",
               info);
      break;
    default:
      snprintf(text, sizeof(text), "Unknown warning type %d.", warning);
  }
  return text;
}

void mj_warning(mjData* d, int warning, int info) {
  if (warning < 0 || warning >= mjNWARNING) {
    mju_error("mj_warning: invalid warning type %d", warning);
    return;
  }
  // print only the first occurrence: a diverging simulation would otherwise
  // flood the terminal every step
  if (d->warning[warning].number == 0) {
    mju_warning("%s Time = %.4f.", mju_warningText(warning, (size_t)info), d->time);
  }
  d->warning[warning].lastinfo = info;
  d->warning[warning].number++;
}
