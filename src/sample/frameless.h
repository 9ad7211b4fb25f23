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

#if PHP_VERSION_ID >= 80500
/**
 * Called right after a wrapped frameless function returns when ticks are due;
 * func is that function, or NULL where it is no longer in the function table.
 */
typedef void (*bench_frameless_due_fn)(zend_function *func);

/**
 * PHP 8.5 checks no VM interrupt after a frameless call, so a sample due
 * there would name its caller: each of zend_flf_handlers is wrapped by one
 * that calls it, then checks the low 32 bits of *due_word (relaxed) and calls
 * due() when they are not zero. At post-startup, before anything is compiled
 * (opcache's JIT and preload come after). Returns NULL, or why nothing was
 * wrapped (then nothing changed).
 */
const char *bench_frameless_wrap(const uint64_t *due_word, bench_frameless_due_fn due);

/** How many handlers are wrapped (0 when none). */
uint32_t bench_frameless_wrapped(void);

/** Puts the original handlers back (MSHUTDOWN: the wrappers go with bench.so). */
void bench_frameless_unwrap(void);
#endif

#endif /* BENCH_SRC_SAMPLE_FRAMELESS_H */
