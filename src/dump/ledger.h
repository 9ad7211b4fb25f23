/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_DUMP_LEDGER_H
#define BENCH_DUMP_LEDGER_H

#include "php.h"

/** This process's line in a directory's ledger. */
typedef struct bench_ledger_slot bench_ledger_slot;

/**
 * The request now owes a profile to dir (on the PHP thread). The first time
 * for dir, the process takes a line in its ledger, and says what processes
 * that ended before writing theirs owed.
 */
void bench_ledger_begin(const char *dir);

/** The request owes no profile any more: it was written, dropped, found empty, or returned by bench_stop(). */
void bench_ledger_end(void);

/** The request's profile goes to the writer (under its lock): the line that the writer settles once it is written. */
bench_ledger_slot *bench_ledger_hand_over(void);

/** A profile handed over is written or dropped (the writer's thread). */
void bench_ledger_written(bench_ledger_slot *slot);

/** The profiles of ended processes that this one found lost. */
zend_long bench_ledger_lost(void);

/** After the writer's last profile: the process's lines are free. */
void bench_ledger_mshutdown(void);

#endif
