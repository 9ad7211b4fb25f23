/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_WARNING_H
#define BENCH_SRC_LIB_WARNING_H

#include "php.h"

/**
 * Raises an E_WARNING of bench's (the request thread only). Within PHP code
 * it is an ordinary warning, located at the calling line and seen by the
 * script's error handler. Outside any (module or request startup, a
 * request's end) PHP would write "PHP Request Shutdown: ... in Unknown on
 * line 0"; there bench says it itself, as "Warning: TEXT", wherever PHP's
 * settings send a warning (error_reporting, display_errors,
 * display_startup_errors, log_errors, html_errors) and past any error
 * handler.
 *
 * @param format the text, printf-style: it starts with "bench: " or names a bench setting
 */
void bench_warning(const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

/**
 * Warns of what happened to profiles. The text names paths and pids, which
 * are the operator's business, not a client's: where the warning would be
 * displayed to a client (display_errors in a web SAPI), the client gets
 * "bench: " brief ", see the error log" and the error log gets the whole
 * text. Elsewhere (the CLI, or a web SAPI that displays nothing) it is the
 * whole text, as bench_warning() says it.
 *
 * @param brief what happened, without paths or pids
 * @param format the whole text, printf-style, without the "bench: " that is put before it
 */
void bench_warning_private(const char *brief, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

#endif /* BENCH_SRC_LIB_WARNING_H */
