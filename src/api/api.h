/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_API_H
#define BENCH_SRC_API_H

#include "php.h"

/** The name of a bench.mode value, as bench_info() and phpinfo() show it. */
const char *bench_api_mode_name(zend_long mode);

/** The bench section of phpinfo(). */
void bench_api_minfo(void);

#endif /* BENCH_SRC_API_H */
