/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_SIGNAL_H
#define BENCH_SRC_SAMPLE_SIGNAL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * bench.sample_signal: CPU samples raised by a timer on the PHP thread's CPU
 * clock, whose signal handler runs on that thread and can so capture its
 * native frames (the ticker, another thread, cannot). The handler only
 * calls tick() and unwinds; the sample is taken at the next VM interrupt.
 */

/**
 * Arms this thread's CPU-clock timer (created at first use in a process) for
 * a request; false when it cannot (why: bench_sample_signal_failure()). The
 * handler calls tick(), and takes the native frames when it returns true.
 */
bool bench_sample_signal_arm(uint64_t interval_ns, bool (*tick)(void));

/**
 * Stops the timer at the end of a request.
 *
 * @return false when the signal's handler is no longer bench's (a script's
 * pcntl_signal() replaced it while the timer ran): the samples stopped there
 */
bool bench_sample_signal_disarm(void);

/** The native frames of the last expiry, innermost first, cut at the executor; 0 when none is waiting. Takes them. */
int bench_sample_signal_native(uintptr_t *ips, int max);

/** Why the timer could not be armed; NULL when it could, or was not tried. */
const char *bench_sample_signal_failure(void);

/** The signal the timer raises. */
int bench_sample_signal_number(void);

/** Deletes the timer, and ignores the signal from now on (MSHUTDOWN, before bench.so is unloaded). */
void bench_sample_signal_mshutdown(void);

#endif /* BENCH_SRC_SAMPLE_SIGNAL_H */
