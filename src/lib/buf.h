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
#include <stdint.h>
#include <string.h>

typedef struct bench_buf bench_buf;

/**
 * A growable byte buffer on malloc: bench's output is never counted as the
 * request's memory. With a drain, it does not grow: when full, its contents
 * are handed to drain (which writes them out) and it starts again empty.
 */
struct bench_buf {
	char *data;
	size_t len, cap;
	/** set when an allocation or the drain failed: the output is incomplete */
	bool failed;
	bool (*drain)(bench_buf *b, void *ctx);
	void *ctx;
};

/** Appends len bytes past the capacity (or after a failure). */
void bench_buf_append_grow(bench_buf *b, const char *s, size_t len);

/** Appends len bytes, keeping the buffer NUL-terminated; inline, as dumps append millions of short pieces. */
static inline void bench_buf_append(bench_buf *b, const char *s, size_t len)
{
	if (b->len + len < b->cap) {
		memcpy(b->data + b->len, s, len);
		b->len += len;
		b->data[b->len] = '\0';
	} else {
		bench_buf_append_grow(b, s, len);
	}
}

static inline void bench_buf_puts(bench_buf *b, const char *s)
{
	bench_buf_append(b, s, strlen(s));
}

void bench_buf_printf(bench_buf *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
/** Appends a decimal integer (printf() costs more than the rest of a dump). */
void bench_buf_int(bench_buf *b, int64_t value);
void bench_buf_uint(bench_buf *b, uint64_t value);
/** Appends s as the contents of a JSON string (without the quotes); bytes that are not UTF-8 become U+FFFD. */
void bench_buf_json_escape(bench_buf *b, const char *s);
void bench_buf_text(bench_buf *b, const char *s, size_t len, char avoid, char instead);
void bench_buf_free(bench_buf *b);

#endif /* BENCH_SRC_LIB_BUF_H */
