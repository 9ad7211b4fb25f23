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

#include <stdlib.h>
#include <string.h>
#include "php.h"
#include "zend_exceptions.h"
#include "php_bench.h"
#include "profile.h"
#include "src/tree/tree.h"

/* The labels bench writes itself: an application's label may not take their names. */
static const char *const bench_labels_own[] = {"uri", "method", "status", "script", "sapi", "pid", "alloc_sampled"};

/* Whether a key is a label name a query language takes as it is (pprof's -tagfocus=key=value): letters, digits, _ . - */
static bool bench_labels_key_valid(const zend_string *key)
{
	if (ZSTR_LEN(key) == 0 || ZSTR_LEN(key) > BENCH_LABEL_KEY_MAX) {
		return false;
	}
	for (size_t i = 0; i < ZSTR_LEN(key); i++) {
		unsigned char c = (unsigned char) ZSTR_VAL(key)[i];

		if (!(isalnum(c) || c == '_' || c == '.' || c == '-')) {
			return false;
		}
	}
	return true;
}

/* One warning a request for what bench_label() left out or cut: an application calls it on every request. */
static void bench_labels_warn(bench_profile_labels *l, const char *what, const zend_string *key)
{
	if (!l->warned) {
		l->warned = true;
		php_error_docref(NULL, E_WARNING, "%s (label \"%s\"); later ones in this request are not warned of", what, ZSTR_VAL(key));
	}
}

/* {{{ bench_label(string $key, string $value): bool */
PHP_FUNCTION(bench_label)
{
	zend_string *key, *value;
	bench_profile_state *p = bench_profile_get();

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(key)
		Z_PARAM_STR(value)
	ZEND_PARSE_PARAMETERS_END();

	if (!bench_labels_key_valid(key)) {
		zend_argument_value_error(1, "must be 1 to %d letters, digits, '_', '.' or '-'", BENCH_LABEL_KEY_MAX);
		RETURN_THROWS();
	}
	for (size_t i = 0; i < sizeof(bench_labels_own) / sizeof(bench_labels_own[0]); i++) {
		if (zend_string_equals_cstr(key, bench_labels_own[i], strlen(bench_labels_own[i]))) {
			zend_argument_value_error(1, "cannot be \"%s\", a label bench writes itself", bench_labels_own[i]);
			RETURN_THROWS();
		}
	}
	/* Nothing is being profiled (bench off, a request not sampled, no bench_start()): nothing to label. */
	if (!p->active || BENCH_G(request_ended)) {
		RETURN_FALSE;
	}

	/* The first label of the request: most requests have none, and carry no room for them. */
	if (!p->request.labels && !(p->request.labels = calloc(1, sizeof(*p->request.labels)))) {
		RETURN_FALSE;
	}
	bench_profile_labels *l = p->request.labels;
	uint32_t at = 0;

	while (at < l->count && strcmp(l->key[at], ZSTR_VAL(key)) != 0) {
		at++;
	}
	if (at == BENCH_LABELS_MAX) {
		bench_labels_warn(l, "a request has at most " ZEND_TOSTR(BENCH_LABELS_MAX) " labels: this one is left out", key);
		RETURN_FALSE;
	}
	size_t len = ZSTR_LEN(value);
	if (len > BENCH_LABEL_VALUE_MAX) {
		/* Cut on a character's boundary (UTF-8), so that JSON and pprof's strings stay text. */
		len = BENCH_LABEL_VALUE_MAX;
		while (len > 0 && ((unsigned char) ZSTR_VAL(value)[len] & 0xc0) == 0x80) {
			len--;
		}
		bench_labels_warn(l, "a value is cut to " ZEND_TOSTR(BENCH_LABEL_VALUE_MAX) " bytes", key);
	}
	memcpy(l->key[at], ZSTR_VAL(key), ZSTR_LEN(key) + 1);
	memcpy(l->value[at], ZSTR_VAL(value), len);
	l->value[at][len] = '\0';
	if (at == l->count) {
		l->count++;
	}
	RETURN_TRUE;
}
/* }}} */
