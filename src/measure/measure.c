/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_bench.h"
#include "src/cost/cost.h"
#include "src/alloc/alloc.h"

#ifdef HAVE_VALGRIND_CALLGRIND_H
# include <valgrind/callgrind.h>
/*
 * Under callgrind with bench.callgrind_phases=1, each phase's instructions
 * land in a dump of their own: counts are zeroed before the cold call, and a
 * dump (which also zeroes them) closes each phase. Client requests are a few
 * no-op instructions outside valgrind.
 */
# define BENCH_CALLGRIND(request) do { \
		if (BENCH_INI(callgrind_phases) && RUNNING_ON_VALGRIND) { \
			request; \
		} \
	} while (0)
#else
# define BENCH_CALLGRIND(request)
#endif

/*
 * One call of the subject, its return value destroyed inside the measured
 * interval (freeing what it returned is part of its cost). fcc is NULL for a
 * trampoline (__call, __callStatic): the VM frees those after each call, so
 * the callable is resolved again every time.
 */
static zend_always_inline bool bench_measure_call(zend_fcall_info *fci, zend_fcall_info_cache *fcc)
{
	zval retval;

	fci->retval = &retval;
	zend_call_function(fci, fcc);
	zval_ptr_dtor(&retval);
	return EG(exception) == NULL;
}

/* Calls the subject k times; false when it threw (the exception is left in place). */
static bool bench_measure_repeat(zend_fcall_info *fci, zend_fcall_info_cache *fcc, zend_long k)
{
	for (zend_long i = 0; i < k; i++) {
		if (!bench_measure_call(fci, fcc)) {
			return false;
		}
	}
	return true;
}

/* {{{ bench_measure(callable $subject, int $k = 100, array $args = []): array */
PHP_FUNCTION(bench_measure)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc, *call_cache = &fcc;
	zend_long k = 100;
	HashTable *args = NULL;
	bench_cost start, end, cold, warm;
	zval metrics;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_FUNC(fci, fcc)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(k)
		Z_PARAM_ARRAY_HT(args)
	ZEND_PARSE_PARAMETERS_END();

	/* zpp may already have released a trampoline and left function_handler NULL (8.2+). */
	if (!fcc.function_handler || (fcc.function_handler->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE)) {
		zend_release_fcall_info_cache(&fcc);
		call_cache = NULL;
	}
	if (k < 1) {
		zend_argument_value_error(2, "must be greater than or equal to 1");
		RETURN_THROWS();
	}
	/* Positional and named arguments, as call_user_func_array() takes them. */
	fci.named_params = args;

	int peak_handle = bench_alloc_peak_begin();
	if (peak_handle < 0) {
		zend_throw_error(NULL, "bench_measure(): 64 measurements are running already (nested or in suspended fibers)");
		RETURN_THROWS();
	}
	bench_alloc_acquire();
	size_t usage_before = zend_memory_usage(false);

	BENCH_CALLGRIND(CALLGRIND_ZERO_STATS);
	bench_cost_begin(&start);
	bool ok = bench_measure_call(&fci, call_cache);
	bench_cost_end(&end);
	BENCH_CALLGRIND(CALLGRIND_DUMP_STATS_AT("bench_measure cold"));
	bench_cost_sub(&cold, &end, &start);

	if (ok) {
		bench_cost_begin(&start);
		ok = bench_measure_repeat(&fci, call_cache, k);
		bench_cost_end(&end);
		BENCH_CALLGRIND(CALLGRIND_DUMP_STATS_AT("bench_measure warm"));
		bench_cost_sub(&warm, &end, &start);
	}

	size_t peak = bench_alloc_peak_end(peak_handle);
	bench_alloc_release();

	if (!ok) {
		RETURN_THROWS();
	}

	array_init_size(return_value, 4);
	add_assoc_long(return_value, "k", k);
	bench_cost_to_array(&metrics, &cold, 1);
	add_assoc_zval(return_value, "cold", &metrics);
	bench_cost_to_array(&metrics, &warm, k);
	add_assoc_zval(return_value, "warm", &metrics);
	/* The highest Zend MM usage of all k + 1 calls above the usage before them. */
	if (bench_cost_available(BENCH_COUNTER_RETAINED_BYTES, NULL)) {
		add_assoc_long(return_value, "peak_bytes", (zend_long) (peak > usage_before ? peak - usage_before : 0));
	} else {
		add_assoc_null(return_value, "peak_bytes");
	}
}
/* }}} */
