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
#include "php_ini.h"
#include "php_bench.h"
#include "bench_arginfo.h"
#include "src/api/api.h"
#include "src/alloc/alloc.h"
#include "src/cost/cost.h"
#include "src/ops/ops.h"

ZEND_DECLARE_MODULE_GLOBALS(bench)

static ZEND_INI_MH(OnUpdateBenchMode)
{
	zend_long *mode = (zend_long *) ZEND_INI_GET_ADDR();

	if (zend_string_equals_literal_ci(new_value, "off") || ZSTR_LEN(new_value) == 0) {
		*mode = BENCH_MODE_OFF;
		return SUCCESS;
	}
	if (zend_string_equals_literal_ci(new_value, "profile") || zend_string_equals_literal_ci(new_value, "sample")) {
		/* Accepted so that configurations written for later releases keep loading. */
		php_error_docref(NULL, E_WARNING,
			"bench.mode=%s is not implemented in bench " PHP_BENCH_VERSION "; bench stays off",
			ZSTR_VAL(new_value));
		*mode = BENCH_MODE_OFF;
		return SUCCESS;
	}
	php_error_docref(NULL, E_WARNING,
		"Invalid bench.mode \"%s\" (expected off, profile or sample); bench stays off", ZSTR_VAL(new_value));
	/* The engine then applies the default, "off". */
	return FAILURE;
}

PHP_INI_BEGIN()
	STD_PHP_INI_ENTRY(  "bench.mode",         "off", PHP_INI_SYSTEM,                 OnUpdateBenchMode, settings.mode,         zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.count_ops",    "0",   PHP_INI_SYSTEM,                 OnUpdateBool,      settings.count_ops,    zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.count_allocs", "0",   PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBool,      settings.count_allocs, zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.callgrind_phases", "0", PHP_INI_ALL,                  OnUpdateBool,      settings.callgrind_phases, zend_bench_globals, bench_globals)
PHP_INI_END()

static PHP_GINIT_FUNCTION(bench)
{
#if defined(ZTS) && defined(COMPILE_DL_BENCH)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(bench_globals, 0, sizeof(*bench_globals));
}

static PHP_MINIT_FUNCTION(bench)
{
	REGISTER_INI_ENTRIES();
	bench_cost_minit();

	/* User opcode handlers must be set before any script is compiled: not from dl(). */
	if (BENCH_INI(count_ops) && type != MODULE_TEMPORARY) {
		bench_ops_minit();
	}
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(bench)
{
	bench_ops_mshutdown();
	bench_cost_mshutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(bench)
{
#if defined(ZTS) && defined(COMPILE_DL_BENCH)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	bench_cost_rinit();
	bench_alloc_rinit();
	bench_cost_begin(&BENCH_G(request_start));
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(bench)
{
	bench_alloc_rshutdown();
	return SUCCESS;
}

static ZEND_MODULE_POST_ZEND_DEACTIVATE_D(bench)
{
	bench_alloc_post_deactivate();
	return SUCCESS;
}

static PHP_MINFO_FUNCTION(bench)
{
	bench_api_minfo();
	DISPLAY_INI_ENTRIES();
}

zend_module_entry bench_module_entry = {
	STANDARD_MODULE_HEADER,
	"bench",
	ext_functions,
	PHP_MINIT(bench),
	PHP_MSHUTDOWN(bench),
	PHP_RINIT(bench),
	PHP_RSHUTDOWN(bench),
	PHP_MINFO(bench),
	PHP_BENCH_VERSION,
	PHP_MODULE_GLOBALS(bench),
	PHP_GINIT(bench),
	NULL,
	ZEND_MODULE_POST_ZEND_DEACTIVATE_N(bench),
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_BENCH
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(bench)
#endif
