/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * Worker mode: a long-running script that handles one request per
 * iteration of its loop (RoadRunner, Swoole, FrankenPHP's workers) is one
 * SAPI request to PHP. bench_request_begin() and bench_request_end() mark
 * each handled request, so that it gets a profile of its own, with its URI,
 * method, status and labels, written as a request's would be.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_bench.h"
#include "src/profile/profile.h"
#include "src/sample/sample.h"

/* Past the SAPI request's end (a destructor as the engine tears down): no profile could be written. */
static bool bench_worker_request_over(void)
{
	if (BENCH_G(request_ended)) {
		php_error_docref(NULL, E_WARNING, "The request has ended: nothing that runs after it is profiled");
		return true;
	}
	return false;
}

/* {{{ bench_request_begin(string $uri = "", string $method = ""): bool */
PHP_FUNCTION(bench_request_begin)
{
	zend_string *uri = ZSTR_EMPTY_ALLOC(), *method = ZSTR_EMPTY_ALLOC();

	ZEND_PARSE_PARAMETERS_START(0, 2)
		Z_PARAM_OPTIONAL
		Z_PARAM_PATH_STR(uri)
		Z_PARAM_PATH_STR(method)
	ZEND_PARSE_PARAMETERS_END();

	if (bench_worker_request_over()) {
		RETURN_FALSE;
	}
	switch (BENCH_INI(mode)) {
		case BENCH_MODE_PROFILE:
			RETURN_BOOL(bench_profile_handle_begin(ZSTR_VAL(uri), ZSTR_VAL(method)));
		case BENCH_MODE_SAMPLE:
			RETURN_BOOL(bench_sample_handle_begin(ZSTR_VAL(uri), ZSTR_VAL(method)));
		default:
			RETURN_FALSE;
	}
}
/* }}} */

/* {{{ bench_request_end(int $status = 0): bool */
PHP_FUNCTION(bench_request_end)
{
	zend_long status = 0;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(status)
	ZEND_PARSE_PARAMETERS_END();

	if (status < 0 || status > 999) {
		zend_argument_value_error(1, "must be an HTTP status (0 for none, up to 999)");
		RETURN_THROWS();
	}
	if (bench_worker_request_over()) {
		RETURN_FALSE;
	}
	switch (BENCH_INI(mode)) {
		case BENCH_MODE_PROFILE:
			RETURN_BOOL(bench_profile_handle_end((int) status));
		case BENCH_MODE_SAMPLE:
			RETURN_BOOL(bench_sample_handle_end((int) status));
		default:
			RETURN_FALSE;
	}
}
/* }}} */
