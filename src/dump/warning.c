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
#include "warning.h"

/* Whether a warning raised now would be displayed to a web client. */
static bool bench_dump_warning_reaches_client(void)
{
	static const char *const consoles[] = {"cli", "phpdbg", "embed"};

	if (!PG(display_errors)) {
		return false;
	}
	for (size_t i = 0; i < sizeof(consoles) / sizeof(consoles[0]); i++) {
		if (strcmp(sapi_module.name, consoles[i]) == 0) {
			return false;
		}
	}
	return true;
}

void bench_dump_warn(const char *brief, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	zend_string *text = zend_vstrpprintf(0, format, args);
	va_end(args);
	if (bench_dump_warning_reaches_client()) {
		/* To the error log whatever log_errors says: this is where the details are. */
		zend_string *logged = zend_strpprintf(0, "PHP Warning:  bench: %s", ZSTR_VAL(text));
		php_log_err_with_severity(ZSTR_VAL(logged), LOG_WARNING);
		zend_string_release(logged);
		php_error_docref(NULL, E_WARNING, "bench: %s, see the error log", brief);
	} else {
		php_error_docref(NULL, E_WARNING, "bench: %s", ZSTR_VAL(text));
	}
	zend_string_release(text);
}
