/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_OPS_H
#define BENCH_SRC_OPS_H

#include <stdint.h>
#include <stdbool.h>
#include "php.h"

/**
 * Installs a user opcode handler for every opcode (bench.count_ops=1). Must
 * run in MINIT: the VM picks handlers when a script is compiled, and opcache
 * turns its JIT off when it sees user opcode handlers.
 */
void bench_ops_minit(void);

/** Gives the opcodes back to the handlers that were there before us. */
void bench_ops_mshutdown(void);

/** Whether opcodes are being counted in this process. */
bool bench_ops_enabled(void);

/** VM opcodes executed by this thread since startup (read inline by the profile hooks). */
extern TSRM_TLS uint64_t bench_ops_executed;

/** Where the opcodes of each line are counted: counts[line - base], for the lines in [base, base + size). */
typedef struct {
	uint64_t *counts;
	uint32_t base, size;
} bench_ops_lines;

/** The innermost owner's lines (profile mode): set by its hooks at each change of owner, size 0 for none. */
extern TSRM_TLS bench_ops_lines bench_ops_at;

static inline uint64_t bench_ops_read(void)
{
	return bench_ops_executed;
}

#endif /* BENCH_SRC_OPS_H */
