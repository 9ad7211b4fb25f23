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
#include "ext/standard/info.h"
#include "php_bench.h"
#include "src/sample/sample.h"
#include "api.h"
#include "src/cost/cost.h"
#include "src/cost/perf_event.h"
#include "src/alloc/alloc.h"
#include "src/profile/profile.h"
#include "src/dump/dump.h"

#ifdef HAVE_BENCH_ZSTD
# include <zstd.h>
#endif
#ifdef HAVE_BENCH_ZLIB
# include <zlib.h>
#endif
#ifdef HAVE_BENCH_LIBUNWIND
# include <libunwind.h>
#endif

const char *bench_api_mode_name(zend_long mode)
{
	switch (mode) {
		case BENCH_MODE_PROFILE:
			return "profile";
		case BENCH_MODE_SAMPLE:
			return "sample";
		case BENCH_MODE_INSTR:
			return "instr";
		default:
			return "off";
	}
}

/* {{{ bench_counters(): array */
PHP_FUNCTION(bench_counters)
{
	bench_cost now, total;

	ZEND_PARSE_PARAMETERS_NONE();

	/* Allocations are counted from here on when bench.count_allocs did not start them. */
	bench_alloc_count_until_rshutdown();

	bench_cost_end(&now);
	if (!BENCH_G(request_start_cpu)) {
		BENCH_G(request_start).value[BENCH_COUNTER_CPU_NS] = now.value[BENCH_COUNTER_CPU_NS];
		BENCH_G(request_start_cpu) = true;
	}
	bench_cost_sub(&total, &now, &BENCH_G(request_start));
	bench_cost_to_array(return_value, &total, 1);
}
/* }}} */

static void bench_api_add_feature(zval *features, const char *name, const char *version, const char *missing)
{
	zval feature;

	array_init(&feature);
	add_assoc_bool(&feature, "available", version != NULL);
	if (version) {
		add_assoc_string(&feature, "version", version);
	} else {
		add_assoc_string(&feature, "reason", missing);
	}
	add_assoc_zval(features, name, &feature);
}

static void bench_api_features(zval *features)
{
	array_init(features);
#ifdef HAVE_BENCH_ZSTD
	bench_api_add_feature(features, "zstd", ZSTD_versionString(), NULL);
#else
	bench_api_add_feature(features, "zstd", NULL, "built without libzstd (--with-bench-zstd)");
#endif
#ifdef HAVE_BENCH_ZLIB
	bench_api_add_feature(features, "zlib", zlibVersion(), NULL);
#else
	bench_api_add_feature(features, "zlib", NULL, "built without zlib (--with-bench-zlib)");
#endif
#ifdef HAVE_BENCH_LIBUNWIND
	bench_api_add_feature(features, "libunwind",
		ZEND_TOSTR(UNW_VERSION_MAJOR) "." ZEND_TOSTR(UNW_VERSION_MINOR), NULL);
#else
	bench_api_add_feature(features, "libunwind", NULL, "built without libunwind (--with-bench-libunwind)");
#endif
	bench_api_add_feature(features, "perf_event", bench_perf_compiled() ? "linux" : NULL,
		"this build has no perf_event support (Linux only)");
#ifdef HAVE_VALGRIND_CALLGRIND_H
	bench_api_add_feature(features, "callgrind", "client requests", NULL);
#else
	bench_api_add_feature(features, "callgrind", NULL, "built without valgrind/callgrind.h");
#endif
}

/*
 * What this process has loaded that changes the exact counts of the same code.
 * Xdebug in develop or trace mode allocates in internal function calls (one
 * block per argument, measured with Xdebug 3.2): those allocations are the
 * subject's to Zend MM, and bench cannot tell them apart. Its statement
 * markers and its observer change no opcode count (src/ops/ops.c).
 */
static void bench_api_disturbances(zval *out)
{
	zval function, argument, modes, *mode;

	array_init(out);
	if (!zend_hash_str_exists(CG(function_table), ZEND_STRL("xdebug_info"))) {
		return;
	}
	ZVAL_STRINGL(&function, "xdebug_info", sizeof("xdebug_info") - 1);
	ZVAL_STRINGL(&argument, "mode", sizeof("mode") - 1);
	/* The modes in effect, from xdebug.mode or the XDEBUG_MODE environment variable. */
	if (call_user_function(NULL, NULL, &function, &modes, 1, &argument) == SUCCESS && Z_TYPE(modes) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL(modes), mode) {
			if (Z_TYPE_P(mode) == IS_STRING
					&& (zend_string_equals_literal(Z_STR_P(mode), "develop") || zend_string_equals_literal(Z_STR_P(mode), "trace"))) {
				add_next_index_str(out, zend_strpprintf(0, "Xdebug's %s mode allocates in internal function calls "
					"(set xdebug.mode, or XDEBUG_MODE, to off or coverage)", Z_STRVAL_P(mode)));
			}
		} ZEND_HASH_FOREACH_END();
	}
	zval_ptr_dtor(&modes);
	zval_ptr_dtor(&function);
	zval_ptr_dtor(&argument);
}

/* {{{ bench_internal_counters(): array */
PHP_FUNCTION(bench_internal_counters)
{
	ZEND_PARSE_PARAMETERS_NONE();

	array_init_size(return_value, BENCH_COUNTER_COUNT);
	for (int i = 0; i < BENCH_COUNTER_COUNT; i++) {
		const bench_counter_info_t *info = &bench_counter_info[i];
		zval row;

		array_init_size(&row, 4);
		add_assoc_string(&row, "unit", (char *) info->unit);
		add_assoc_bool(&row, "exact", info->exact);
		add_assoc_bool(&row, "attributed", info->attributed);
		add_assoc_string(&row, "pprof", (char *) info->pprof_type);
		add_assoc_zval(return_value, info->name, &row);
	}
}
/* }}} */

/* {{{ bench_info(): array */
PHP_FUNCTION(bench_info)
{
	zval features, counters;

	ZEND_PARSE_PARAMETERS_NONE();

	array_init(return_value);
	add_assoc_string(return_value, "version", PHP_BENCH_VERSION);
	add_assoc_string(return_value, "php_version", PHP_VERSION);
	add_assoc_string(return_value, "mode", bench_api_mode_name(BENCH_INI(mode)));

	bench_api_features(&features);
	add_assoc_zval(return_value, "features", &features);

	array_init(&counters);
	for (int i = 0; i < BENCH_COUNTER_VECTOR_COUNT; i++) {
		const char *reason = NULL;
		zval counter;

		array_init(&counter);
		bool available = bench_cost_available((bench_counter) i, &reason);
		add_assoc_bool(&counter, "available", available);
		if (!available) {
			add_assoc_string(&counter, "reason", (char *) reason);
		}
		add_assoc_zval(&counters, bench_counter_info[i].name, &counter);
	}
	add_assoc_zval(return_value, "counters", &counters);
	zval disturbances;
	bench_api_disturbances(&disturbances);
	add_assoc_zval(return_value, "disturbances", &disturbances);
	add_assoc_bool(return_value, "alloc_handlers", BENCH_G(alloc).installed);

	zval profiles;
	zend_long written, dropped, empty, lost;
	bench_dump_stats(&written, &dropped, &empty, &lost);
	array_init(&profiles);
	add_assoc_long(&profiles, "written", written);
	add_assoc_long(&profiles, "dropped", dropped);
	add_assoc_long(&profiles, "empty", empty);
	add_assoc_long(&profiles, "lost", lost);
	add_assoc_long(&profiles, "refused_triggers", bench_profile_refused_triggers());
	add_assoc_zval(return_value, "profiles", &profiles);

	if (BENCH_INI(mode) == BENCH_MODE_SAMPLE) {
		zval sample;
		bench_sample_info(&sample);
		add_assoc_zval(return_value, "sample", &sample);
	}
}
/* }}} */

void bench_api_minfo(void)
{
	php_info_print_table_start();
	php_info_print_table_row(2, "bench support", "enabled");
	php_info_print_table_row(2, "Version", PHP_BENCH_VERSION);
	php_info_print_table_row(2, "Mode", bench_api_mode_name(BENCH_INI(mode)));
#ifdef HAVE_BENCH_ZSTD
	php_info_print_table_row(2, "zstd", ZSTD_versionString());
#else
	php_info_print_table_row(2, "zstd", "not built in");
#endif
#ifdef HAVE_BENCH_ZLIB
	php_info_print_table_row(2, "zlib", zlibVersion());
#else
	php_info_print_table_row(2, "zlib", "not built in");
#endif
#ifdef HAVE_BENCH_LIBUNWIND
	php_info_print_table_row(2, "libunwind", "built in");
#else
	php_info_print_table_row(2, "libunwind", "not built in");
#endif
	for (int i = 0; i < BENCH_COUNTER_VECTOR_COUNT; i++) {
		const char *reason = NULL;

		php_info_print_table_row(2, bench_counter_info[i].name,
			bench_cost_available((bench_counter) i, &reason) ? "available" : reason);
	}
	php_info_print_table_end();
}
