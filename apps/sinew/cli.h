// Shared declarations of the sinew command-line program: one subcommand per file
// (run.c, speed.c, check.c), dispatched from main.c. Public API only.
#ifndef SINEW_APPS_CLI_H_
#define SINEW_APPS_CLI_H_

#include <mujoco/mujoco.h>

// Exit statuses of every subcommand.
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

// Subcommands: argv[0] is the subcommand name; the result is the exit status.
int cli_run(int argc, char** argv);
int cli_speed(int argc, char** argv);
int cli_check(int argc, char** argv);

// Load an MJCF model; on failure print "sinew: cannot load FILE: MESSAGE" and return NULL.
mjModel* cli_load(const char* file);

// Seconds on a monotonic clock.
double cli_now(void);

// Parse a positive integer option value; prints an error and returns 0 on failure.
int cli_positive_int(const char* option, const char* text, int* value);

#endif  // SINEW_APPS_CLI_H_
