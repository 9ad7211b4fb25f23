/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_PID_H
#define BENCH_SRC_LIB_PID_H

#include <sys/types.h>

/**
 * This process's id without a system call (glibc no longer caches getpid(),
 * and bench needs it on every request): kept from MINIT, and renewed in a
 * forked child by an atfork handler.
 */
pid_t bench_pid(void);

/** Takes the id and sets the atfork handler (MINIT, once). */
void bench_pid_minit(void);

#endif
