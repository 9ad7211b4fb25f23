/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_INSTR_INSTR_H
#define BENCH_SRC_INSTR_INSTR_H

#include "php.h"

/*
 * bench.mode=instr, for `bench instr` (report/instr.php): under valgrind's
 * callgrind, each node of the request's call tree runs through a C function
 * of its own (a trampoline, bench_instr_tXXXX), so that callgrind's
 * inclusive instructions of that function are the node's; bench's own work
 * is not collected (CALLGRIND_TOGGLE_COLLECT), and the request's tree goes
 * to a side file (bench.instr.PID.N.tsv in bench.output_dir) that names the
 * trampolines. Outside valgrind it refuses, with a warning.
 */

/** Whether instr mode can run here (valgrind and its headers); otherwise a warning, and bench stays off. */
bool bench_instr_minit(void);

/** A request starts: its tree begins and callgrind collects from here. */
void bench_instr_rinit(void);

/** The request ends: callgrind stops collecting and the side file is written. */
void bench_instr_rshutdown(void);

#endif /* BENCH_SRC_INSTR_INSTR_H */
