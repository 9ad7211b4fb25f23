/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_JIT_H
#define BENCH_SRC_SAMPLE_JIT_H

#include "php.h"

/**
 * Whether opcache's JIT may run code that a VM interrupt corrupts, going by
 * the settings in effect now: NULL when it may not, else the setting that
 * allows it ("opcache.jit=function"), in static storage.
 *
 * JIT code checks EG(vm_interrupt) at loop headers and, when it is set,
 * jumps to the VM's interrupt handler. A loop variable the JIT keeps in a
 * register is not always stored to its slot first, so the VM goes on with
 * the slot's stale value: the loop counts wrong, runs again, or finds the
 * variable undefined. Shown without bench, with pcntl async signals every
 * 100 us, under both JITs of PHP 8.2, 8.4 and 8.5 (8.2's tracing JIT in a
 * nested loop only). Sample mode raises an interrupt at every time sample.
 */
const char *bench_sample_jit_hazard(void);

/**
 * Wraps opcache.jit's handler (post-startup) so that changed() learns of an
 * ini_set() that makes a hazard mid-request (from "off"), with the setting
 * that makes it. bench_sample_jit_unwatch() puts the handler back (MSHUTDOWN:
 * opcache's entry outlives bench.so).
 */
void bench_sample_jit_watch(void (*changed)(const char *hazard));
void bench_sample_jit_unwatch(void);

#endif /* BENCH_SRC_SAMPLE_JIT_H */
