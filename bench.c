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
#include "zend_smart_str.h"
#include "SAPI.h"
#include "php_bench.h"
#include "bench_arginfo.h"
#include "src/api/api.h"
#include "src/alloc/alloc.h"
#include "src/alloc/live.h"
#include "src/cost/cost.h"
#include "src/ops/ops.h"
#include "src/dump/dump.h"
#include "src/dump/writer.h"
#include "src/hooks/observer.h"
#include "src/hooks/request_end.h"
#include "src/lib/pid.h"
#include "src/lib/warning.h"
#include "src/instr/instr.h"
#include "src/profile/profile.h"
#include "src/sample/sample.h"
#include "src/tree/tree.h"

ZEND_DECLARE_MODULE_GLOBALS(bench)

/* Whether MINIT has read the settings that choose bench's hooks. */
static bool bench_hooks_chosen;

/*
 * bench.mode, count_ops, track_live and sample_internal_calls choose the
 * hooks MINIT installs. A php-fpm pool's php_value or php_admin_value (and a
 * [PATH=] section of php.ini) comes later, in each worker: taken, it would
 * run a mode whose hooks are missing (sample mode took one sample a request).
 * Refused instead, with a warning in the pool's log.
 */
static bool bench_ini_after_hooks(const zend_ini_entry *entry, const zend_string *value, int stage)
{
	/* One warning a setting and process: a pool's values (mod_php's, FastCGI's PHP_VALUE) come again with every request. */
	static const zend_ini_entry *said[4];

	if (!bench_hooks_chosen || stage == ZEND_INI_STAGE_DEACTIVATE || stage == ZEND_INI_STAGE_SHUTDOWN
			|| (entry->value && zend_string_equals_ci(entry->value, value))) {
		return false;
	}
	for (size_t i = 0; i < sizeof(said) / sizeof(said[0]); i++) {
		if (said[i] == entry) {
			return true;
		}
		if (!said[i]) {
			said[i] = entry;
			break;
		}
	}
	bench_warning("%s=%s comes after PHP started (a php-fpm pool's php_value or php_admin_value, a [PATH=] section): "
		"it chooses the hooks bench installs at startup, so set it in php.ini or with -d; ignored, as later ones in this process",
		ZSTR_VAL(entry->name), ZSTR_VAL(value));
	return true;
}

static ZEND_INI_MH(OnUpdateBenchMode)
{
	zend_long *mode = (zend_long *) ZEND_INI_GET_ADDR();

	if (bench_ini_after_hooks(entry, new_value, stage)) {
		return FAILURE;
	}

	if (zend_string_equals_literal_ci(new_value, "off") || ZSTR_LEN(new_value) == 0) {
		*mode = BENCH_MODE_OFF;
		return SUCCESS;
	}
	if (zend_string_equals_literal_ci(new_value, "profile")) {
		*mode = BENCH_MODE_PROFILE;
		return SUCCESS;
	}
	if (zend_string_equals_literal_ci(new_value, "sample")) {
		*mode = BENCH_MODE_SAMPLE;
		return SUCCESS;
	}
	if (zend_string_equals_literal_ci(new_value, "instr")) {
		*mode = BENCH_MODE_INSTR;
		return SUCCESS;
	}
	bench_warning("Invalid bench.mode \"%s\" (expected off, profile, sample or instr); bench stays off", ZSTR_VAL(new_value));
	/* The engine then applies the default, "off". */
	return FAILURE;
}

/* An enumerated setting: a warning and the default for anything else. */
static zend_result bench_ini_choice(zend_long *out, zend_string *value, const char *setting,
		const char *const *names, int count, const char *expected)
{
	for (int i = 0; i < count; i++) {
		if (zend_string_equals_cstr(value, names[i], strlen(names[i]))) {
			*out = i;
			return SUCCESS;
		}
	}
	bench_warning("Invalid %s \"%s\" (expected %s); using the default", setting, ZSTR_VAL(value), expected);
	return FAILURE;
}

/*
 * A setting whose default is the more permissive choice (who may start a
 * profile, how many requests are sampled, how much disk profiles may take)
 * fails closed: an invalid value takes the value that does least, not the
 * default, and says so. The value as given stays what ini_get() shows.
 */
static zend_result bench_ini_closed(const zend_ini_entry *entry, const zend_string *value, const char *expected,
	const char *instead)
{
	bench_warning("Invalid %s \"%s\" (expected %s); %s", ZSTR_VAL(entry->name), ZSTR_VAL(value),
		expected, instead);
	return SUCCESS;
}

/*
 * A directory's .user.ini (or .htaccess) may make bench do less, never more:
 * anyone who can write a directory of the site can place one, and the cost
 * of every request there is the operator's to decide. Whether a value from
 * there would cost more than the one in force; if so, says so (once a
 * process: the file is read again for every request) and keeps it.
 */
static bool bench_ini_perdir_costlier(const zend_ini_entry *entry, const zend_string *value, int stage, bool costlier)
{
	static bool said;

	if (stage != ZEND_INI_STAGE_HTACCESS || !costlier) {
		return false;
	}
	if (!said) {
		said = true;
		bench_warning("%s=%s in a directory's .user.ini or .htaccess would make bench cost more: a directory "
			"may lower bench's cost, not raise it (php.ini or the pool decide); ignored, as later ones in this process",
			ZSTR_VAL(entry->name), ZSTR_VAL(value));
	}
	return true;
}

/*
 * auto (the default): callgrind in profile mode, whose edges and inclusive
 * costs are exact; pprof in sample mode, whose samples are stacks that
 * callgrind's edges would lose (a recursive function's inclusive share was
 * estimated past 100%). bench.mode comes first in the table, so is set.
 */
static ZEND_INI_MH(OnUpdateBenchFormat)
{
	zend_long *format = (zend_long *) ZEND_INI_GET_ADDR();
	smart_str expected = {0};

	if (zend_string_equals_literal_ci(new_value, "auto")) {
		*format = BENCH_INI(mode) == BENCH_MODE_SAMPLE ? BENCH_FORMAT_PPROF : BENCH_FORMAT_CALLGRIND;
		return SUCCESS;
	}
	for (int i = 0; i < BENCH_FORMAT_COUNT; i++) {
		const char *name = bench_dump_format_name((bench_format) i);
		if (!zend_string_equals_cstr(new_value, name, strlen(name))) {
			continue;
		}
		/* The timeline is made by profile mode's hooks: sample mode has no call's start or end. */
		if (i == BENCH_FORMAT_TRACE && BENCH_INI(mode) == BENCH_MODE_SAMPLE) {
			bench_warning("bench.output_format=trace needs bench.mode=profile (sample mode knows no call's start or end); "
				"using the default");
			return FAILURE;
		}
		/* Tracing costs each call more (docs/profile-mode.md): a directory may not turn it on. */
		if (bench_ini_perdir_costlier(entry, new_value, stage, i == BENCH_FORMAT_TRACE && *format != BENCH_FORMAT_TRACE)) {
			return FAILURE;
		}
		*format = i;
		return SUCCESS;
	}
	/* "auto, callgrind, folded, json or pprof" */
	smart_str_appends(&expected, "auto");
	for (int i = 0; i < BENCH_FORMAT_COUNT; i++) {
		smart_str_appends(&expected, i == BENCH_FORMAT_COUNT - 1 ? " or " : ", ");
		smart_str_appends(&expected, bench_dump_format_name((bench_format) i));
	}
	smart_str_0(&expected);
	bench_warning("Invalid bench.output_format \"%s\" (expected %s); using the default", ZSTR_VAL(new_value), ZSTR_VAL(expected.s));
	smart_str_free(&expected);
	return FAILURE;
}

static ZEND_INI_MH(OnUpdateBenchCompress)
{
	/* In the order of bench_compress. */
	static const char *const names[] = {"none", "zstd", "gzip", "auto"};
	zend_long *compress = (zend_long *) ZEND_INI_GET_ADDR();

	/* The INI parser reads a bare none (or off) as an empty string. */
	if (ZSTR_LEN(new_value) == 0) {
		*compress = BENCH_COMPRESS_NONE;
		return SUCCESS;
	}
	if (bench_ini_choice(compress, new_value, "bench.compress", names, 4, "auto, gzip, zstd or none") == FAILURE) {
		return FAILURE;
	}
#ifndef HAVE_BENCH_ZSTD
	if (*compress == BENCH_COMPRESS_ZSTD) {
		bench_warning("bench.compress=zstd: bench was built without libzstd; profiles are written plain");
		*compress = BENCH_COMPRESS_NONE;
	}
#endif
#ifndef HAVE_BENCH_ZLIB
	if (*compress == BENCH_COMPRESS_GZIP) {
		bench_warning("bench.compress=gzip: bench was built without zlib; profiles are written plain");
		*compress = BENCH_COMPRESS_NONE;
	}
#endif
	return SUCCESS;
}

static ZEND_INI_MH(OnUpdateBenchStart)
{
	static const char *const names[] = {"request", "trigger", "api"};
	zend_long *start = (zend_long *) ZEND_INI_GET_ADDR();

	for (int i = 0; i < 3; i++) {
		if (zend_string_equals_cstr(new_value, names[i], strlen(names[i]))) {
			*start = i;
			return SUCCESS;
		}
	}
	/* A typo of trigger must not profile every request: only bench_start() starts one. */
	*start = BENCH_START_API;
	return bench_ini_closed(entry, new_value, "request, trigger or api", "no request is profiled unless it calls bench_start()");
}

/* Whether new_value is a whole number from min to max, digits only ("1e6" or "100k" would otherwise read as 1 or 100). */
static bool bench_ini_parse_integer(zend_long *out, const zend_string *new_value, zend_long min, zend_long max)
{
	char *end;
	zend_long value = ZEND_STRTOL(ZSTR_VAL(new_value), &end, 10);

	if (end == ZSTR_VAL(new_value) || *end != '\0' || value < min || value > max) {
		return false;
	}
	*out = value;
	return true;
}

/* A whole number from min to max; the default, with a warning, for anything else. */
static zend_result bench_ini_integer(zend_long *out, const zend_ini_entry *entry, const zend_string *new_value,
	zend_long min, zend_long max, const char *expected)
{
	if (!bench_ini_parse_integer(out, new_value, min, max)) {
		bench_warning("Invalid %s \"%s\" (expected %s); using the default",
			ZSTR_VAL(entry->name), ZSTR_VAL(new_value), expected);
		return FAILURE;
	}
	return SUCCESS;
}

/* bench.trace_min_us: a directory may raise it (fewer spans), not lower it. */
static ZEND_INI_MH(OnUpdateBenchTraceMin)
{
	zend_long *current = (zend_long *) ZEND_INI_GET_ADDR(), value;

	if (bench_ini_integer(&value, entry, new_value, 0, 60000000, "a number of microseconds from 0 to 60000000") == FAILURE
			|| bench_ini_perdir_costlier(entry, new_value, stage, value < *current)) {
		return FAILURE;
	}
	*current = value;
	return SUCCESS;
}

/* bench.trace_max_events: at most ten million spans (400 MB a request); a directory may lower it. */
static ZEND_INI_MH(OnUpdateBenchTraceMax)
{
	zend_long *current = (zend_long *) ZEND_INI_GET_ADDR(), value;

	if (bench_ini_integer(&value, entry, new_value, 1, 10000000, "a number from 1 to 10000000") == FAILURE
			|| bench_ini_perdir_costlier(entry, new_value, stage, value > *current)) {
		return FAILURE;
	}
	*current = value;
	return SUCCESS;
}

/* A cap (bench.max_depth, bench.max_nodes): a directory may lower it, not raise it. */
static ZEND_INI_MH(OnUpdateBenchPositive)
{
	zend_long *current = (zend_long *) ZEND_INI_GET_ADDR(), value;

	if (bench_ini_integer(&value, entry, new_value, 1, UINT32_MAX / 2, "a positive number") == FAILURE
			|| bench_ini_perdir_costlier(entry, new_value, stage, value > *current)) {
		return FAILURE;
	}
	*current = value;
	return SUCCESS;
}

/*
 * Whether value reads as on or off: what zend_ini_parse_bool() takes as on
 * (on, yes, true, or a non-zero number), and as off only off, no, false,
 * none, 0 or nothing. It reads anything else as off, silently: "maybe".
 */
static bool bench_ini_parse_bool(bool *out, const zend_string *value)
{
	static const char *const off[] = {"off", "no", "false", "none"};
	char *end;

	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++) {
		if (zend_binary_strcasecmp(ZSTR_VAL(value), ZSTR_LEN(value), off[i], strlen(off[i])) == 0) {
			*out = false;
			return true;
		}
	}
	*out = zend_ini_parse_bool((zend_string *) value);
	if (*out || ZSTR_LEN(value) == 0) {
		return true;
	}
	/* Off from a number: 0 (or 00) is off; "maybe" is not a number. */
	ZEND_STRTOL(ZSTR_VAL(value), &end, 10);
	return end != ZSTR_VAL(value) && *end == '\0';
}

static ZEND_INI_MH(OnUpdateBenchBool)
{
	bool *current = (bool *) ZEND_INI_GET_ADDR(), value;

	if (!bench_ini_parse_bool(&value, new_value)) {
		bench_warning("Invalid %s \"%s\" (expected on or off); using the default", ZSTR_VAL(entry->name),
			ZSTR_VAL(new_value));
		return FAILURE;
	}
	/* Each per-directory switch turns on work: a directory may turn it off. */
	if (bench_ini_perdir_costlier(entry, new_value, stage, value && !*current)) {
		return FAILURE;
	}
	*current = value;
	return SUCCESS;
}

/* A switch that chooses hooks at startup (bench.count_ops, bench.track_live). */
static ZEND_INI_MH(OnUpdateBenchHookBool)
{
	if (bench_ini_after_hooks(entry, new_value, stage)) {
		return FAILURE;
	}
	return OnUpdateBenchBool(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

/* auto (the default): on in the CLI, where stderr is the user's terminal; off elsewhere (php-fpm's log). */
static ZEND_INI_MH(OnUpdateBenchReport)
{
	bool *report = (bool *) ZEND_INI_GET_ADDR();

	if (zend_string_equals_literal_ci(new_value, "auto")) {
		*report = sapi_module.name && strcmp(sapi_module.name, "cli") == 0;
	} else {
		bool value;

		if (!bench_ini_parse_bool(&value, new_value)) {
			bench_warning("Invalid bench.report \"%s\" (expected auto, on or off); using the default",
				ZSTR_VAL(new_value));
			return FAILURE;
		}
		/* The report is written into the pool's log, in the request: a directory may turn it off. */
		if (bench_ini_perdir_costlier(entry, new_value, stage, value && !*report)) {
			return FAILURE;
		}
		*report = value;
	}
	return SUCCESS;
}

static ZEND_INI_MH(OnUpdateBenchSampleClock)
{
	static const char *const names[] = {"wall", "cpu"};

	return bench_ini_choice((zend_long *) ZEND_INI_GET_ADDR(), new_value, "bench.sample_clock", names, 2, "wall or cpu");
}

static ZEND_INI_MH(OnUpdateBenchSampleInternal)
{
	static const char *const names[] = {"ticker", "wrapper"};

	if (bench_ini_after_hooks(entry, new_value, stage)) {
		return FAILURE;
	}
	return bench_ini_choice((zend_long *) ZEND_INI_GET_ADDR(), new_value, "bench.sample_internal_calls", names, 2,
		"ticker or wrapper");
}

static ZEND_INI_MH(OnUpdateBenchSampleInterval)
{
	/* Under 100 us the interrupts would cost more than they tell. */
	return bench_ini_integer((zend_long *) ZEND_INI_GET_ADDR(), entry, new_value, 100, 10000000, "100 to 10000000");
}

/* A number of megabytes, 0 for no cap: up to 1 PiB, so that it counts in bytes without overflow. */
static ZEND_INI_MH(OnUpdateBenchMegabytes)
{
	zend_long *megabytes = (zend_long *) ZEND_INI_GET_ADDR();

	if (bench_ini_parse_integer(megabytes, new_value, 0, (zend_long) 1 << 30)) {
		return SUCCESS;
	}
	*megabytes = BENCH_OUTPUT_MAX_MB_INVALID;
	return bench_ini_closed(entry, new_value, "a number of megabytes, 0 for no cap", "no profile is written");
}

/* 1 TiB: a sampling gap is drawn as a double times the mean, and must fit in 64 bits (at most 37 means). */
#define BENCH_ALLOC_SAMPLE_BYTES_MAX ((zend_long) 1 << 40)

static ZEND_INI_MH(OnUpdateBenchBytes)
{
	zend_long *bytes = (zend_long *) ZEND_INI_GET_ADDR(), value;

	if (bench_ini_parse_integer(&value, new_value, 0, BENCH_ALLOC_SAMPLE_BYTES_MAX)) {
		/* A smaller gap samples more allocations; 0 samples none: a directory may sample less often, not more. */
		if (bench_ini_perdir_costlier(entry, new_value, stage, value != 0 && (*bytes == 0 || value < *bytes))) {
			return FAILURE;
		}
		*bytes = value;
		return SUCCESS;
	}
	*bytes = 0;
	return bench_ini_closed(entry, new_value, "a number of bytes up to 1 TiB, 0 for none", "no allocation is sampled");
}

/* A fraction of requests: none, with a warning, for anything but a number from 0 to 1. */
static zend_result bench_ini_fraction(double *out, const zend_ini_entry *entry, const zend_string *new_value,
	const char *expected, const char *instead)
{
	char *end;
	double value = zend_strtod(ZSTR_VAL(new_value), (const char **) &end);

	if (end == ZSTR_VAL(new_value) || *end != '\0' || !(value >= 0.0 && value <= 1.0)) {
		*out = 0.0;
		return bench_ini_closed(entry, new_value, expected, instead);
	}
	*out = value;
	return SUCCESS;
}

static ZEND_INI_MH(OnUpdateBenchFraction)
{
	return bench_ini_fraction((double *) ZEND_INI_GET_ADDR(), entry, new_value, "a number from 0 to 1", "no request is sampled");
}

/*
 * auto (the default): every request in the CLI, where a run is one request
 * and its user wants the allocations; one in 50 elsewhere, where the hooks'
 * cost (8.6% of an MVC request in benchmarks/request_cost) is paid by a production pool.
 */
static ZEND_INI_MH(OnUpdateBenchAllocRequests)
{
	/*
	 * The handlers cost every allocation of a picked request some 30
	 * instructions (docs/performance.md): one request in 50 outside the CLI,
	 * where a run is one request, none unless asked for.
	 */
	if (zend_string_equals_literal_ci(new_value, "auto")) {
		*(double *) ZEND_INI_GET_ADDR() = sapi_module.name && strcmp(sapi_module.name, "cli") == 0 ? 0.0 : 0.02;
		return SUCCESS;
	}
	return bench_ini_fraction((double *) ZEND_INI_GET_ADDR(), entry, new_value, "auto or a number from 0 to 1",
		"no request's allocations are sampled");
}

static ZEND_INI_MH(OnUpdateBenchOwners)
{
	/*
	 * The rules are one table for the process. A thread-safe PHP passes each
	 * new thread's settings through here again, unchanged: parsed again, the
	 * table would be freed under the threads that read it.
	 */
	if (bench_hooks_chosen && entry->value && zend_string_equals(entry->value, new_value)) {
		return OnUpdateString(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
	}
	if (!bench_profile_parse_owners(ZSTR_VAL(new_value))) {
		bench_warning("Invalid bench.owners \"%s\" (expected a comma list of user, internal, "
			"all, ext:NAME, prefix:NAME); using \"user\"", ZSTR_VAL(new_value));
		return FAILURE;
	}
	return OnUpdateString(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

PHP_INI_BEGIN()
	/* What bench does, and which hooks MINIT installs. */
	STD_PHP_INI_ENTRY(  "bench.mode",                  "off",       PHP_INI_SYSTEM,                  OnUpdateBenchMode,           settings.mode,                  zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.count_ops",             "0",         PHP_INI_SYSTEM,                  OnUpdateBenchHookBool,       settings.count_ops,             zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.count_allocs",          "0",         PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchBool,           settings.count_allocs,          zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.track_live",            "0",         PHP_INI_SYSTEM,                  OnUpdateBenchHookBool,       settings.track_live,            zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.callgrind_phases",      "0",         PHP_INI_ALL,                     OnUpdateBenchBool,           settings.callgrind_phases,      zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.owners",                "user",      PHP_INI_SYSTEM,                  OnUpdateBenchOwners,         settings.owners,                zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.max_depth",             "1024",      PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchPositive,       settings.max_depth,             zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.max_nodes",             "100000",    PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchPositive,       settings.max_nodes,             zend_bench_globals, bench_globals)

	/*
	 * Who is profiled, how many requests, where files go and how much disk they
	 * may take: php.ini or the pool's configuration only, never a .user.ini,
	 * which anyone who can write a directory of the site may place there.
	 */
	STD_PHP_INI_ENTRY(  "bench.start",                 "request",   PHP_INI_SYSTEM,                  OnUpdateBenchStart,          settings.start,                 zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.trigger_secret",        "",          PHP_INI_SYSTEM,                  OnUpdateString,              settings.trigger_secret,        zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.uri_query",             "",          PHP_INI_SYSTEM,                  OnUpdateString,              settings.uri_query,             zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.sample_requests",       "1",         PHP_INI_SYSTEM,                  OnUpdateBenchFraction,       settings.sample_requests,       zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.alloc_sample_requests", "auto",      PHP_INI_SYSTEM,                  OnUpdateBenchAllocRequests,  settings.alloc_sample_requests, zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.output_dir",            "",          PHP_INI_SYSTEM,                  OnUpdateString,              settings.output_dir,            zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.output_max_mb",         "1024",      PHP_INI_SYSTEM,                  OnUpdateBenchMegabytes,      settings.output_max_mb,         zend_bench_globals, bench_globals)

	/* How a profile is written and reported. */
	STD_PHP_INI_ENTRY(  "bench.output_format",         "auto",      PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchFormat,         settings.output_format,         zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.compress",              "auto",      PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchCompress,       settings.compress,              zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.report",                "auto",      PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchReport,         settings.report,                zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.folded_lines",          "0",         PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchBool,           settings.folded_lines,          zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.trace_min_us",          "100",       PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchTraceMin,       settings.trace_min_us,          zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.trace_max_events",      "5000",      PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchTraceMax,       settings.trace_max_events,      zend_bench_globals, bench_globals)

	/* Sampling. */
	STD_PHP_INI_ENTRY(  "bench.sample_interval_us",    "10000",     PHP_INI_SYSTEM,                  OnUpdateBenchSampleInterval, settings.sample_interval_us,    zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.sample_clock",          "wall",      PHP_INI_SYSTEM,                  OnUpdateBenchSampleClock,    settings.sample_clock,          zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.sample_internal_calls", "ticker",    PHP_INI_SYSTEM,                  OnUpdateBenchSampleInternal, settings.sample_internal_calls, zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.sample_signal",         "0",         PHP_INI_SYSTEM,                  OnUpdateBenchBool,           settings.sample_signal,         zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.sample_with_jit",       "0",         PHP_INI_SYSTEM,                  OnUpdateBenchBool,           settings.sample_with_jit,       zend_bench_globals, bench_globals)
	STD_PHP_INI_ENTRY(  "bench.alloc_sample_bytes",    "4194304",   PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchBytes,          settings.alloc_sample_bytes,    zend_bench_globals, bench_globals)
	STD_PHP_INI_BOOLEAN("bench.native_stacks",         "0",         PHP_INI_SYSTEM | PHP_INI_PERDIR, OnUpdateBenchBool,           settings.native_stacks,         zend_bench_globals, bench_globals)
PHP_INI_END()

static PHP_GINIT_FUNCTION(bench)
{
#if defined(ZTS) && defined(COMPILE_DL_BENCH)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(bench_globals, 0, sizeof(*bench_globals));
	bench_alloc_ginit(&bench_globals->globals.alloc);
}

/* A thread's globals go (thread-safe builds), or the process's after MSHUTDOWN. */
static PHP_GSHUTDOWN_FUNCTION(bench)
{
	bench_sample_gshutdown(&bench_globals->globals.sample);
#ifdef ZTS
	/*
	 * On the thread that ends (ts_free_thread() runs this there), what it kept
	 * in thread-local memory goes too. Not where another thread's globals go:
	 * tsrm_shutdown() frees the threads left at the process's end.
	 */
	if (bench_globals == ZEND_MODULE_GLOBALS_BULK(bench)) {
		bench_profile_thread_free();
		bench_live_thread_free();
		bench_dump_thread_free();
		bench_cost_mshutdown();
	}
#endif
}

/* The request's end: its profile is finished and written, and the allocation handlers come off. */
static void bench_request_end(void)
{
	/* First: a warning below may run a user error handler, whose bench_start() must not begin a profile now. */
	BENCH_G(request_ended) = true;
	if (BENCH_INI(mode) == BENCH_MODE_PROFILE) {
		bench_profile_rshutdown();
	} else if (BENCH_INI(mode) == BENCH_MODE_SAMPLE) {
		bench_sample_rshutdown();
	} else if (BENCH_INI(mode) == BENCH_MODE_INSTR) {
		bench_instr_rshutdown();
	}
	bench_dump_settle();
	bench_alloc_rshutdown();
	bench_request_forget_handled();
}

/* Whether bench_request_end() runs after every module's RSHUTDOWN (src/hooks/request_end.h). */
static bool bench_request_ends_last;

static PHP_MINIT_FUNCTION(bench)
{
	REGISTER_INI_ENTRIES();
	bench_pid_minit();
	bench_cost_minit();
	bench_cost_minit_ticks();

	/* User opcode handlers and observers must be set before any script is compiled: not from dl(). */
	if (type != MODULE_TEMPORARY) {
		/* Nor another module's RSHUTDOWN wrapped for a bench.so that dl() unloads with the request. */
		bench_request_ends_last = bench_request_end_minit(bench_request_end);
		if (BENCH_INI(count_ops)) {
			bench_ops_minit();
		}
		if (BENCH_INI(mode) == BENCH_MODE_PROFILE) {
			bench_observer_minit();
			if (BENCH_INI(track_live)) {
				bench_live_minit();
			}
		} else if (BENCH_INI(mode) == BENCH_MODE_SAMPLE) {
			bench_sample_minit();
		} else if (BENCH_INI(mode) == BENCH_MODE_INSTR && !bench_instr_minit()) {
			BENCH_INI(mode) = BENCH_MODE_OFF;
		}
	}
	if (BENCH_INI(track_live) && BENCH_INI(mode) != BENCH_MODE_PROFILE) {
		bench_warning("bench.track_live=1 needs bench.mode=profile: no allocation is tracked");
	}
	bench_hooks_chosen = true;
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(bench)
{
	bench_hooks_chosen = false;
	bench_request_end_mshutdown();
	bench_ops_mshutdown();
	bench_sample_mshutdown();
	bench_profile_mshutdown();
	bench_live_mshutdown();
	bench_dump_mshutdown();
	bench_cost_mshutdown();
	UNREGISTER_INI_ENTRIES();
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(bench)
{
#if defined(ZTS) && defined(COMPILE_DL_BENCH)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	/*
	 * opcache.preload runs its script as a request at startup, in php-fpm's
	 * master (or a child that exits): not profiled, and no thread there.
	 */
	bool startup = php_during_module_startup();
	bool profiled = !startup && BENCH_INI(mode) == BENCH_MODE_PROFILE && bench_profile_starts_with_request();

	BENCH_G(request_ended) = false;
	bench_cost_rinit();
	/* A profiled request's allocations are all attributed: counting starts first. */
	bench_alloc_rinit(BENCH_INI(count_allocs) || profiled);
	/*
	 * The CPU clock is a system call: only a profiled request or
	 * bench.count_allocs pays it at the start of every request. Otherwise
	 * bench_counters() counts CPU time from its first call, like allocations.
	 */
	BENCH_G(request_start_cpu) = BENCH_INI(count_allocs) || profiled;
	if (BENCH_G(request_start_cpu)) {
		bench_cost_begin(&BENCH_G(request_start));
	} else {
		bench_cost_begin_without_cpu(&BENCH_G(request_start));
	}
	if (BENCH_INI(mode) != BENCH_MODE_OFF) {
		/* A profile the last request still owed (its RSHUTDOWN did not run to its end) is not owed by this one. */
		bench_dump_settle();
		/* What the writer thread met since the last request, said in this one (a relaxed load when nothing is). */
		bench_writer_say_failures();
	}
	if (profiled) {
		bench_profile_rinit();
	} else if (!startup && BENCH_INI(mode) == BENCH_MODE_SAMPLE) {
		bench_sample_rinit();
	} else if (!startup && BENCH_INI(mode) == BENCH_MODE_INSTR) {
		bench_instr_rinit();
	}
	/* instr mode writes no profile (report/instr.php makes it): nothing owed, and nothing of bench's collected. */
	if (bench_profile_get()->active && BENCH_INI(mode) != BENCH_MODE_INSTR) {
		bench_dump_owe();
	}
	return SUCCESS;
}

static PHP_RSHUTDOWN_FUNCTION(bench)
{
	if (!bench_request_ends_last) {
		bench_request_end();
	}
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
	PHP_GSHUTDOWN(bench),
	ZEND_MODULE_POST_ZEND_DEACTIVATE_N(bench),
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_BENCH
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(bench)
#endif
