/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_FRAMELESS_H
#define BENCH_SRC_SAMPLE_FRAMELESS_H

#include "php.h"

#if PHP_VERSION_ID >= 80400
/**
 * Called right after a wrapped frameless call returns when ticks are due;
 * code names the call (bench_frameless_function_of()).
 */
typedef void (*bench_frameless_due_fn)(uint32_t code);

/**
 * The wrapped frameless call running on the PHP thread, posted for the
 * ticker (relaxed): its code, 0 for none.
 */
extern uint32_t bench_frameless_running;

/**
 * A frameless call pushes no frame: the VM of 8.5 checks no interrupt after
 * one, and 8.4's checks with the caller's opline on it, as it does where a
 * loop jumps back to one. So each of zend_flf_handlers is
 * wrapped by one that posts its code while it runs, calls it, then checks the
 * low 32 bits of *due_word (relaxed) and calls due() when they are not zero.
 * At post-startup, before anything is compiled (opcache's JIT and preload
 * come after). Returns NULL, or why nothing was wrapped (then nothing changed).
 */
const char *bench_frameless_wrap(const uint64_t *due_word, bench_frameless_due_fn due);

/** The function a code names, or NULL where it is no longer in the function table. */
zend_function *bench_frameless_function_of(uint32_t code);

/** How many handlers are wrapped (0 when none). */
uint32_t bench_frameless_wrapped(void);

/** Puts the original handlers back (MSHUTDOWN: the wrappers go with bench.so). */
void bench_frameless_unwrap(void);
#endif

#endif /* BENCH_SRC_SAMPLE_FRAMELESS_H */
