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
#include "SAPI.h"
#include "zend_ini.h"

#include "jit.h"

typedef enum {
	BENCH_JIT_OFF = 0,
	BENCH_JIT_TRACING,
	BENCH_JIT_FUNCTION,
} bench_jit_kind;

/* An INI value as it is now; NULL where opcache is not loaded. */
static zend_string *bench_jit_ini(const char *name)
{
	zend_ini_entry *entry = zend_hash_str_find_ptr(EG(ini_directives), name, strlen(name));

	return entry ? entry->value : NULL;
}

/* Whether opcache runs for this SAPI: opcache.enable, and opcache.enable_cli for the CLI. */
static bool bench_jit_opcache_enabled(void)
{
	zend_string *enable = bench_jit_ini("opcache.enable");

	if (!enable || !zend_ini_parse_bool(enable)) {
		return false;
	}
	if (strcmp(sapi_module.name, "cli") != 0 && strcmp(sapi_module.name, "phpdbg") != 0) {
		return true;
	}
	zend_string *enable_cli = bench_jit_ini("opcache.enable_cli");
	return enable_cli && zend_ini_parse_bool(enable_cli);
}

/*
 * The JIT that opcache.jit asks for, read as opcache reads it (a value it
 * refused is not the INI's). "off" and "0" compile nothing until ini_set()
 * turns the JIT on: bench reads the setting again at each request.
 */
static bench_jit_kind bench_jit_kind_of(const zend_string *jit)
{
	const char *value = ZSTR_VAL(jit);

	if (ZSTR_LEN(jit) == 0 || zend_string_equals_literal_ci(jit, "disable") || zend_string_equals_literal_ci(jit, "0")
			|| zend_string_equals_literal_ci(jit, "off") || zend_string_equals_literal_ci(jit, "no")
			|| zend_string_equals_literal_ci(jit, "false")) {
		return BENCH_JIT_OFF;
	}
	if (zend_string_equals_literal_ci(jit, "1") || zend_string_equals_literal_ci(jit, "on")
			|| zend_string_equals_literal_ci(jit, "yes") || zend_string_equals_literal_ci(jit, "true")
			|| zend_string_equals_literal_ci(jit, "tracing")) {
		return BENCH_JIT_TRACING;
	}
	if (zend_string_equals_literal_ci(jit, "function")) {
		return BENCH_JIT_FUNCTION;
	}
	/* CRTO digits: O (the last) 0 compiles nothing; T (the one before) 5 is the tracing JIT, others compile functions. */
	char *end;
	long crto = strtol(value, &end, 10);
	if (*end != '\0' || crto <= 0 || crto % 10 == 0) {
		return BENCH_JIT_OFF;
	}
	return (crto / 10) % 10 == 5 ? BENCH_JIT_TRACING : BENCH_JIT_FUNCTION;
}

const char *bench_sample_jit_hazard(void)
{
	static char setting[64];
	zend_string *jit = bench_jit_ini("opcache.jit");
	zend_string *buffer = bench_jit_ini("opcache.jit_buffer_size");

	if (!jit || !buffer || ZEND_STRTOL(ZSTR_VAL(buffer), NULL, 10) <= 0 || !bench_jit_opcache_enabled()) {
		return NULL;
	}
	bench_jit_kind kind = bench_jit_kind_of(jit);
	if (kind == BENCH_JIT_OFF || (PHP_VERSION_ID < 80400 && kind == BENCH_JIT_TRACING)) {
		return NULL;
	}
	snprintf(setting, sizeof(setting), "opcache.jit=%.40s", ZSTR_VAL(jit));
	return setting;
}
