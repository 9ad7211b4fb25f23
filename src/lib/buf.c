/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "buf.h"

static bool bench_buf_reserve(bench_buf *b, size_t extra)
{
	if (b->failed) {
		return false;
	}
	if (b->len + extra + 1 <= b->cap) {
		return true;
	}
	size_t cap = b->cap ? b->cap : 4096;
	while (cap < b->len + extra + 1) {
		cap *= 2;
	}
	char *grown = realloc(b->data, cap);
	if (!grown) {
		b->failed = true;
		return false;
	}
	b->data = grown;
	b->cap = cap;
	return true;
}

void bench_buf_append_grow(bench_buf *b, const char *s, size_t len)
{
	if (b->drain && !b->failed) {
		if (b->len && !b->drain(b, b->ctx)) {
			b->failed = true;
			return;
		}
		b->len = 0;
		if (len >= b->cap) {
			/* Too big for the buffer: drained as it is. */
			bench_buf whole = {.data = (char *) s, .len = len};
			b->failed = !b->drain(&whole, b->ctx);
			return;
		}
	}
	if (bench_buf_reserve(b, len)) {
		memcpy(b->data + b->len, s, len);
		b->len += len;
		b->data[b->len] = '\0';
	}
}

void bench_buf_printf(bench_buf *b, const char *format, ...)
{
	va_list args;
	char small[256];

	va_start(args, format);
	int n = vsnprintf(small, sizeof(small), format, args);
	va_end(args);
	if (n < 0) {
		b->failed = true;
		return;
	}
	if ((size_t) n < sizeof(small)) {
		bench_buf_append(b, small, (size_t) n);
		return;
	}
	if (bench_buf_reserve(b, (size_t) n)) {
		va_start(args, format);
		vsnprintf(b->data + b->len, (size_t) n + 1, format, args);
		va_end(args);
		b->len += (size_t) n;
	}
}

void bench_buf_uint(bench_buf *b, uint64_t value)
{
	char digits[20], *end = digits + sizeof(digits), *d = end;

	do {
		*--d = (char) ('0' + value % 10);
		value /= 10;
	} while (value);
	bench_buf_append(b, d, (size_t) (end - d));
}

void bench_buf_int(bench_buf *b, int64_t value)
{
	if (value < 0) {
		bench_buf_append(b, "-", 1);
		bench_buf_uint(b, -(uint64_t) value);
	} else {
		bench_buf_uint(b, (uint64_t) value);
	}
}

/*
 * The length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
 * form, surrogate or code point past U+10FFFF), of at most left bytes; 0 if none.
 */
static size_t bench_buf_utf8_length(const unsigned char *s, size_t left)
{
	size_t len;
	unsigned char min = 0x80, max = 0xbf;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		min = s[0] == 0xe0 ? 0xa0 : 0x80;
		max = s[0] == 0xed ? 0x9f : 0xbf;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		min = s[0] == 0xf0 ? 0x90 : 0x80;
		max = s[0] == 0xf4 ? 0x8f : 0xbf;
	} else {
		return 0;
	}
	/* Within left, or up to the NUL that ends the string, which is no continuation byte. */
	if (left < len) {
		return 0;
	}
	if (s[1] < min || s[1] > max) {
		return 0;
	}
	for (size_t i = 2; i < len; i++) {
		if (s[i] < 0x80 || s[i] > 0xbf) {
			return 0;
		}
	}
	return len;
}

/* A JSON string's contents: a byte that is not UTF-8 (a Latin-1 file name or identifier) becomes U+FFFD. */
void bench_buf_json_escape(bench_buf *b, const char *s)
{
	const char *run = s;

	for (; *s; s++) {
		unsigned char c = (unsigned char) *s;
		size_t len;

		if (c >= 0x80 && (len = bench_buf_utf8_length((const unsigned char *) s, SIZE_MAX)) > 0) {
			s += len - 1;
			continue;
		}
		if (c != '"' && c != '\\' && c >= 0x20 && c < 0x80) {
			continue;
		}
		bench_buf_append(b, run, (size_t) (s - run));
		run = s + 1;
		if (c >= 0x80) {
			bench_buf_append(b, "\\ufffd", 6);
		} else if (c < 0x20) {
			bench_buf_printf(b, "\\u%04x", c);
		} else {
			char esc[2] = {'\\', (char) c};
			bench_buf_append(b, esc, 2);
		}
	}
	bench_buf_append(b, run, (size_t) (s - run));
}

/*
 * Text in a line-based format (callgrind, folded stacks; pprof's strings must
 * be UTF-8 too): a byte that is not UTF-8 becomes U+FFFD, as in JSON (flame
 * graph tools stop at it), a control character '?' (a newline in a file name
 * or a URI would end the line, or start a header of its own), and `avoid`
 * (a format's separator) `instead`.
 */
void bench_buf_text(bench_buf *b, const char *s, size_t len, char avoid, char instead)
{
	const char *run = s, *end = s + len;

	for (; s < end; s++) {
		unsigned char c = (unsigned char) *s;
		size_t n;

		if (c >= 0x80 && (n = bench_buf_utf8_length((const unsigned char *) s, (size_t) (end - s))) > 0) {
			s += n - 1;
			continue;
		}
		if (c >= 0x20 && c < 0x7f && (c != (unsigned char) avoid || !avoid)) {
			continue;
		}
		bench_buf_append(b, run, (size_t) (s - run));
		run = s + 1;
		if (c >= 0x80) {
			bench_buf_append(b, "\xef\xbf\xbd", 3);
		} else {
			bench_buf_append(b, c == (unsigned char) avoid && avoid ? &instead : "?", 1);
		}
	}
	bench_buf_append(b, run, (size_t) (s - run));
}

void bench_buf_free(bench_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}
