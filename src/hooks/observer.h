/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_HOOKS_OBSERVER_H
#define BENCH_SRC_HOOKS_OBSERVER_H

/**
 * Registers bench's function-call observer (MINIT only: the engine fixes the
 * observers at startup). Owners under bench.owners get begin and end
 * handlers; every other function gets none and costs nothing extra.
 */
void bench_observer_minit(void);

#endif /* BENCH_SRC_HOOKS_OBSERVER_H */
