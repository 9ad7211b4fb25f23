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

#include <syslog.h>
#include "php.h"
#include "SAPI.h"
#include "ext/standard/html.h"
#include "warning.h"

static bool bench_warning_sapi_is(const char *const *names, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(sapi_module.name, names[i]) == 0) {
			return true;
		}
	}
	return false;
}

/* Whether a warning raised now would be displayed to a web client. */
static bool bench_warning_reaches_client(void)
{
	static const char *const consoles[] = {"cli", "phpdbg", "embed"};

	return PG(display_errors) && !bench_warning_sapi_is(consoles, sizeof(consoles) / sizeof(consoles[0]));
}

/* Where php_error_cb() would send a warning outside PHP code, without its "in Unknown on line 0". */
static void bench_warning_outside_code(zend_string *text, const char *shown)
{
	static const char *const stderr_capable[] = {"cli", "cgi", "phpdbg"};
	bool startup = php_during_module_startup();

	if (!(EG(error_reporting) & E_WARNING)) {
		return;
	}
	if (PG(log_errors) || shown != ZSTR_VAL(text)) {
		zend_string *logged = zend_strpprintf(0, "PHP Warning:  %s", ZSTR_VAL(text));
		php_log_err_with_severity(ZSTR_VAL(logged), LOG_WARNING);
		zend_string_release(logged);
	}
	if (!PG(display_errors) || ((startup || PG(during_request_startup)) && !PG(display_startup_errors))) {
		return;
	}
	const char *prepend = INI_STR("error_prepend_string"), *append = INI_STR("error_append_string");
	if (PG(html_errors)) {
		zend_string *escaped = php_escape_html_entities((const unsigned char *) shown, strlen(shown), 0, ENT_COMPAT | ENT_HTML_SUBSTITUTE_ERRORS, NULL);
		php_printf("%s<br />\n<b>Warning</b>:  %s<br />\n%s", STR_PRINT(prepend), ZSTR_VAL(escaped), STR_PRINT(append));
		zend_string_release(escaped);
	} else if (PG(display_errors) == PHP_DISPLAY_ERRORS_STDERR
			&& bench_warning_sapi_is(stderr_capable, sizeof(stderr_capable) / sizeof(stderr_capable[0]))) {
		fprintf(stderr, "Warning: %s\n", shown);
		fflush(stderr);
	} else {
		php_printf("%s\nWarning: %s\n%s", STR_PRINT(prepend), shown, STR_PRINT(append));
	}
}

static void bench_warning_say(const char *brief, zend_string *text)
{
	if (zend_is_executing()) {
		if (brief && bench_warning_reaches_client()) {
			/* To the error log whatever log_errors says: this is where the details are. */
			zend_string *logged = zend_strpprintf(0, "PHP Warning:  %s", ZSTR_VAL(text));
			php_log_err_with_severity(ZSTR_VAL(logged), LOG_WARNING);
			zend_string_release(logged);
			php_error_docref(NULL, E_WARNING, "bench: %s, see the error log", brief);
		} else {
			php_error_docref(NULL, E_WARNING, "%s", ZSTR_VAL(text));
		}
		return;
	}
	if (brief && bench_warning_reaches_client()) {
		zend_string *shown = zend_strpprintf(0, "bench: %s, see the error log", brief);
		bench_warning_outside_code(text, ZSTR_VAL(shown));
		zend_string_release(shown);
	} else {
		bench_warning_outside_code(text, ZSTR_VAL(text));
	}
}

void bench_warning(const char *format, ...)
{
	va_list args;

	va_start(args, format);
	zend_string *text = zend_vstrpprintf(0, format, args);
	va_end(args);
	bench_warning_say(NULL, text);
	zend_string_release(text);
}

void bench_warning_private(const char *brief, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	zend_string *body = zend_vstrpprintf(0, format, args);
	va_end(args);
	zend_string *text = zend_strpprintf(0, "bench: %s", ZSTR_VAL(body));
	bench_warning_say(brief, text);
	zend_string_release(text);
	zend_string_release(body);
}
