/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_H
#define BENCH_SRC_SAMPLE_H

#include "php.h"

/** The most frames one sample keeps, whatever bench.max_depth says (a sample's cost grows with them). */
#define BENCH_SAMPLE_FRAMES_MAX 128

/** The most PHP threads of one process sampled at once (a thread-safe build); the requests of more are counted as dropped. */
#ifdef ZTS
# define BENCH_SAMPLE_SLOTS 1024
#else
# define BENCH_SAMPLE_SLOTS 1
#endif

/** What bench.sample_internal_calls selects: how a sample finds an internal function before PHP 8.4. */
typedef enum {
	/** the ticker copies the frames running at the tick */
	BENCH_SAMPLE_INTERNAL_TICKER = 0,
	/** an execute_internal wrapper samples after each internal call */
	BENCH_SAMPLE_INTERNAL_WRAPPER,
} bench_sample_internal;

/**
 * Installs the interrupt hook and, before PHP 8.4, the execute_internal
 * wrapper when it is chosen or the ticker cannot copy frames (MINIT: both
 * are read when scripts are compiled). Starts no thread: php-fpm forks after
 * MINIT.
 */
void bench_sample_minit(void);

/** Starts sampling this request when it is sampled (bench.sample_requests, bench.start); the ticker on first use. */
void bench_sample_rinit(void);

/** Stops sampling and writes the request's profile. */
void bench_sample_rshutdown(void);

/** Stops the ticker thread (MSHUTDOWN). */
void bench_sample_mshutdown(void);

/** Worker mode (bench_request_begin()): writes the running profile, and samples the handled request as bench.sample_requests draws; false when it is not sampled. */
bool bench_sample_handle_begin(const char *uri, const char *method);

/** Worker mode (bench_request_end()): ends sampling the handled request with its status, writing its profile; false when none ran. */
bool bench_sample_handle_end(int status);

/** For bench_info(): whether the ticker runs, how internal and frameless calls are attributed. */
void bench_sample_info(zval *out);

#endif /* BENCH_SRC_SAMPLE_H */
