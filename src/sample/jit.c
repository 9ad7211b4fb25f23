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

/* The settings read, in this order; an entry stays for the process once opcache registered it. */
static const char *const bench_jit_names[] = {"opcache.enable", "opcache.enable_cli", "opcache.jit", "opcache.jit_buffer_size"};
#define BENCH_JIT_SETTINGS (sizeof(bench_jit_names) / sizeof(bench_jit_names[0]))
enum { BENCH_JIT_ENABLE, BENCH_JIT_ENABLE_CLI, BENCH_JIT_MODE, BENCH_JIT_BUFFER };
/*
 * Each thread of a thread-safe build has its own copies of the settings: the
 * entries, and what was last read of them, are the thread's (ZEND_TLS: static in a non-thread-safe build).
 */
ZEND_TLS zend_ini_entry *bench_jit_entries[BENCH_JIT_SETTINGS];

/* Finds the entries (NULL where opcache is not loaded), once for each table of settings. */
static void bench_jit_find_entries(void)
{
	/* The table looked in: a thread-safe build copies the settings for the main thread after startup too. */
	ZEND_TLS HashTable *looked_in;

	if (looked_in == EG(ini_directives)) {
		return;
	}
	for (size_t i = 0; i < BENCH_JIT_SETTINGS; i++) {
		bench_jit_entries[i] = zend_hash_str_find_ptr(EG(ini_directives), bench_jit_names[i], strlen(bench_jit_names[i]));
	}
	looked_in = EG(ini_directives);
}

/* Whether opcache runs for this SAPI: opcache.enable, and opcache.enable_cli for the CLI. */
static bool bench_jit_opcache_enabled(zend_string *const *values)
{
	if (!values[BENCH_JIT_ENABLE] || !zend_ini_parse_bool(values[BENCH_JIT_ENABLE])) {
		return false;
	}
	if (strcmp(sapi_module.name, "cli") != 0 && strcmp(sapi_module.name, "phpdbg") != 0) {
		return true;
	}
	return values[BENCH_JIT_ENABLE_CLI] && zend_ini_parse_bool(values[BENCH_JIT_ENABLE_CLI]);
}

/*
 * Whether opcache.jit asks for a JIT, read as opcache reads it (a value it
 * refused is not the INI's). "off" and "0" compile nothing until ini_set()
 * turns the JIT on: bench reads the setting again at each request.
 */
static bool bench_jit_asked(const zend_string *jit)
{
	if (ZSTR_LEN(jit) == 0 || zend_string_equals_literal_ci(jit, "disable") || zend_string_equals_literal_ci(jit, "0")
			|| zend_string_equals_literal_ci(jit, "off") || zend_string_equals_literal_ci(jit, "no")
			|| zend_string_equals_literal_ci(jit, "false")) {
		return false;
	}
	/* CRTO digits: O (the last) 0 compiles nothing. Words ("tracing", "function", "on") compile. */
	char *end;
	long crto = strtol(ZSTR_VAL(jit), &end, 10);
	return *end != '\0' || crto % 10 != 0;
}

/* The hazard that values make; setting, where there is one, names it. */
static bool bench_jit_hazard_of(zend_string *const *values, char *setting, size_t size)
{
	zend_string *jit = values[BENCH_JIT_MODE], *buffer = values[BENCH_JIT_BUFFER];

	if (!jit || !buffer || ZEND_STRTOL(ZSTR_VAL(buffer), NULL, 10) <= 0 || !bench_jit_opcache_enabled(values)
			|| !bench_jit_asked(jit)) {
		return false;
	}
	snprintf(setting, size, "opcache.jit=%.40s", ZSTR_VAL(jit));
	return true;
}

/*
 * Asked at every sampled request: the answer for the values of the last
 * call is kept with copies of them (an INI's value may change, per request
 * or in a php-fpm worker, and a freed string's address be reused).
 */
#define BENCH_JIT_VALUE_MAX 32
const char *bench_sample_jit_hazard(void)
{
	ZEND_TLS char last[BENCH_JIT_SETTINGS][BENCH_JIT_VALUE_MAX + 1];
	ZEND_TLS bool last_known, last_hazard;
	ZEND_TLS char setting[64];
	zend_string *values[BENCH_JIT_SETTINGS];
	bool same = last_known;

	bench_jit_find_entries();
	for (size_t i = 0; i < BENCH_JIT_SETTINGS; i++) {
		values[i] = bench_jit_entries[i] ? bench_jit_entries[i]->value : NULL;
		/* No value reads as "": both mean off. */
		if (same && strcmp(last[i], values[i] ? ZSTR_VAL(values[i]) : "") != 0) {
			same = false;
		}
	}
	if (same) {
		return last_hazard ? setting : NULL;
	}
	last_hazard = bench_jit_hazard_of(values, setting, sizeof(setting));
	last_known = true;
	for (size_t i = 0; i < BENCH_JIT_SETTINGS; i++) {
		size_t len = values[i] ? ZSTR_LEN(values[i]) : 0;
		if (len > BENCH_JIT_VALUE_MAX) {
			/* Never the same: asked again next time. */
			last_known = false;
			len = 0;
		}
		memcpy(last[i], values[i] ? ZSTR_VAL(values[i]) : "", len);
		last[i][len] = '\0';
	}
	return last_hazard ? setting : NULL;
}

/* ---- opcache.jit set at run time ------------------------------------------------ */

static ZEND_INI_MH((*bench_jit_prev_on_modify));
static void (*bench_jit_changed)(const char *hazard);

/* opcache.jit's handler, wrapped: after ini_set() changed it, whether the new value is a hazard. */
static ZEND_INI_MH(bench_jit_on_modify)
{
	int result = bench_jit_prev_on_modify(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
	ZEND_TLS char setting[64];
	zend_string *values[BENCH_JIT_SETTINGS];

	if (result != SUCCESS || stage != ZEND_INI_STAGE_RUNTIME) {
		return result;
	}
	/* The entry takes the new value only once this returns. */
	bench_jit_find_entries();
	for (size_t i = 0; i < BENCH_JIT_SETTINGS; i++) {
		values[i] = bench_jit_entries[i] ? bench_jit_entries[i]->value : NULL;
	}
	values[BENCH_JIT_MODE] = new_value;
	if (bench_jit_hazard_of(values, setting, sizeof(setting))) {
		bench_jit_changed(setting);
	}
	return result;
}

void bench_sample_jit_watch(void (*changed)(const char *hazard))
{
	bench_jit_find_entries();
	zend_ini_entry *jit = bench_jit_entries[BENCH_JIT_MODE];
	if (!jit || !jit->on_modify) {
		return;
	}
	bench_jit_changed = changed;
	bench_jit_prev_on_modify = jit->on_modify;
	jit->on_modify = bench_jit_on_modify;
}

void bench_sample_jit_unwatch(void)
{
	if (!bench_jit_prev_on_modify) {
		return;
	}
	/*
	 * Found again: opcache's module, registered after bench's where opcache.so
	 * is loaded as a Zend extension, shuts down first and frees its entries.
	 * Built in (8.5), it outlives bench.so, which must leave no handler there.
	 */
	zend_ini_entry *jit = zend_hash_str_find_ptr(EG(ini_directives), ZEND_STRL("opcache.jit"));
	if (jit && jit->on_modify == bench_jit_on_modify) {
		jit->on_modify = bench_jit_prev_on_modify;
	}
	bench_jit_prev_on_modify = NULL;
}
