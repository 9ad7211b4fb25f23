/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_NATIVE_H
#define BENCH_SRC_SAMPLE_NATIVE_H

#include <stddef.h>
#include <stdint.h>

/** Whether native stacks can be taken (built with libunwind). */
bool bench_native_available(void);

/**
 * The return addresses of the calling thread's stack, innermost first,
 * skipping `skip` frames and stopping at the executor (the PHP frames go on
 * from there); how many.
 */
int bench_native_capture(uintptr_t *ips, int max, int skip);

/** The first part of bench_native_capture(), safe in a signal handler: the return addresses, not stopped at the executor. */
int bench_native_backtrace(uintptr_t *ips, int max, int skip);

/** The second part: how many of n addresses come before the executor. */
int bench_native_trim(const uintptr_t *ips, int n);

/** Where the function holding ip starts (from the unwind tables); ip itself when unknown. */
uintptr_t bench_native_function_start(uintptr_t ip);

#endif /* BENCH_SRC_SAMPLE_NATIVE_H */
