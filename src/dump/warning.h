/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_WARNING_H
#define BENCH_SRC_DUMP_WARNING_H

#include "php.h"

/**
 * Warns of what happened to profiles (the request thread only). The text
 * names paths and pids, which are the operator's business, not a client's:
 * where the warning would be displayed to a client (display_errors in a web
 * SAPI), the client gets brief ("bench: " brief ", see the error log") and the
 * error log gets the whole text. Elsewhere (the CLI, or a web SAPI that
 * displays nothing) the warning is the whole text.
 *
 * @param brief what happened, without paths or pids
 * @param format the whole text, printf-style
 */
void bench_dump_warn(const char *brief, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

#endif /* BENCH_SRC_DUMP_WARNING_H */
