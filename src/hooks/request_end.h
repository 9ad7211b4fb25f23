/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_HOOKS_REQUEST_END_H
#define BENCH_SRC_HOOKS_REQUEST_END_H

#include "php.h"

/**
 * Makes end() run after every other module's RSHUTDOWN, before the engine
 * tears the request down (MINIT of a persistent module only). User code that
 * other modules run at their RSHUTDOWN (a session save handler's write and
 * close) then still belongs to the request: profiled, sampled and counted.
 *
 * @return whether end() will run there; false: bench's own RSHUTDOWN must call it
 */
bool bench_request_end_minit(void (*end)(void));

/** Takes the hook off again (MSHUTDOWN: bench.so may be unloaded next). */
void bench_request_end_mshutdown(void);

#endif /* BENCH_SRC_HOOKS_REQUEST_END_H */
