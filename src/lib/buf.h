/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_BUF_H
#define BENCH_SRC_LIB_BUF_H

#include <stddef.h>
#include <stdbool.h>

/** A growable byte buffer on malloc: bench's output is never counted as the request's memory. */
typedef struct {
	char *data;
	size_t len, cap;
	/** set when an allocation failed: the buffer is incomplete */
	bool failed;
} bench_buf;

void bench_buf_append(bench_buf *b, const char *s, size_t len);
void bench_buf_puts(bench_buf *b, const char *s);
void bench_buf_printf(bench_buf *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
/** Appends s as the contents of a JSON string (without the quotes). */
void bench_buf_json_escape(bench_buf *b, const char *s);
void bench_buf_free(bench_buf *b);

#endif /* BENCH_SRC_LIB_BUF_H */
