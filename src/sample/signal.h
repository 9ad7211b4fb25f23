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
#include "sample.h"

/*
 * bench.sample_signal: CPU samples raised by a timer on the PHP thread's CPU
 * clock, whose signal handler runs on that thread and can so capture its
 * native frames (the ticker, another thread, cannot). The handler only
 * calls tick() and unwinds; the sample is taken at the next VM interrupt.
 */

/*
 * Each PHP thread has a timer of its own, named by its sample-mode slot
 * (thread, below BENCH_SAMPLE_SLOTS): the signal carries that number to the
 * handler, which keeps the frames of that thread's last expiry.
 */

/**
 * Arms the calling thread's CPU-clock timer (created at first use in a
 * process) for a request; false when it cannot (why:
 * bench_sample_signal_failure()). The handler calls tick(thread), and takes
 * the native frames when it returns true.
 */
bool bench_sample_signal_arm(uint32_t thread, uint64_t interval_ns, bool (*tick)(uint32_t thread));

/**
 * Stops the thread's timer at the end of a request.
 *
 * @return false when the signal's handler is no longer bench's (a script's
 * pcntl_signal() replaced it while the timer ran): the samples stopped there
 */
bool bench_sample_signal_disarm(uint32_t thread);

/** The native frames of the thread's last expiry, innermost first, cut at the executor; 0 when none is waiting. Takes them. */
int bench_sample_signal_native(uint32_t thread, uintptr_t *ips, int max);

/** In a forked child (the forking thread): timers are not inherited, so an armed one is made again. */
void bench_sample_signal_forked(uint32_t thread);

/** Disarms and deletes the thread's timer: the thread ends. */
void bench_sample_signal_release(uint32_t thread);

/** Why a timer could not be armed; NULL when it could, or was not tried. */
const char *bench_sample_signal_failure(void);

/** The signal the timers raise. */
int bench_sample_signal_number(void);

/** Deletes every timer, and ignores the signal from now on (MSHUTDOWN, before bench.so is unloaded). */
void bench_sample_signal_mshutdown(void);

#endif /* BENCH_SRC_SAMPLE_SIGNAL_H */
