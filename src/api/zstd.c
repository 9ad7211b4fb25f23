/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * bench_zstd_decompress(): PHP has no zstd, and bench writes profiles in zstd
 * frames by default. The report command (bin/bench) reads them through this.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"

#ifdef HAVE_BENCH_ZSTD
# include <zstd.h>

/* What the output starts with when a frame does not say its size: input times this. */
# define BENCH_ZSTD_FIRST_RATIO 4

/*
 * The first size of the output: the frame's content size when its header
 * gives one, else a multiple of the input, never above the caller's limit
 * (a corrupt header may claim any size: the output grows as it fills).
 */
static size_t bench_zstd_first_size(const zend_string *data, size_t limit)
{
	unsigned long long said = ZSTD_getFrameContentSize(ZSTR_VAL(data), ZSTR_LEN(data));
	size_t size = ZSTR_LEN(data) * BENCH_ZSTD_FIRST_RATIO;

	if (said != ZSTD_CONTENTSIZE_UNKNOWN && said != ZSTD_CONTENTSIZE_ERROR && said < size) {
		size = (size_t) said;
	}
	if (limit && size > limit) {
		size = limit;
	}
	return size < 256 ? 256 : size;
}
#endif

/* {{{ bench_zstd_decompress(string $data, int $max_length = 0): string */
PHP_FUNCTION(bench_zstd_decompress)
{
	zend_string *data;
	zend_long max_length = 0;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(data)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(max_length)
	ZEND_PARSE_PARAMETERS_END();

	if (max_length < 0) {
		zend_argument_value_error(2, "must be greater than or equal to 0");
		RETURN_THROWS();
	}
#ifndef HAVE_BENCH_ZSTD
	zend_throw_error(NULL, "bench_zstd_decompress(): bench was built without libzstd (--with-bench-zstd)");
	RETURN_THROWS();
#else
	size_t limit = (size_t) max_length;
	ZSTD_DCtx *dctx = ZSTD_createDCtx();

	if (!dctx) {
		zend_throw_error(NULL, "bench_zstd_decompress(): libzstd could not make a context");
		RETURN_THROWS();
	}
	zend_string *out = zend_string_alloc(bench_zstd_first_size(data, limit), 0);
	ZSTD_inBuffer in = {ZSTR_VAL(data), ZSTR_LEN(data), 0};
	ZSTD_outBuffer o = {ZSTR_VAL(out), ZSTR_LEN(out), 0};
	const char *error = NULL;
	char message[96];
	size_t left = 0;

	if (ZSTR_LEN(data) < 4 || memcmp(ZSTR_VAL(data), "\x28\xb5\x2f\xfd", 4) != 0) {
		error = "not zstd (no zstd frame at its start)";
	}
	/*
	 * Until all input is read: frames follow one another, and a frame that
	 * ends with the input is complete when the last call returned 0. The
	 * output doubles when full, up to the limit.
	 */
	while (!error && (in.pos < in.size || left != 0)) {
		if (o.pos == o.size) {
			if (limit && o.size >= limit) {
				snprintf(message, sizeof(message), "more than %zu bytes once decompressed", limit);
				error = message;
				break;
			}
			size_t grown = o.size * 2;
			if (limit && grown > limit) {
				grown = limit;
			}
			out = zend_string_realloc(out, grown, 0);
			o.dst = ZSTR_VAL(out);
			o.size = grown;
		}
		size_t before_in = in.pos, before_out = o.pos;
		left = ZSTD_decompressStream(dctx, &o, &in);
		if (ZSTD_isError(left)) {
			snprintf(message, sizeof(message), "corrupt (%s)", ZSTD_getErrorName(left));
			error = message;
		} else if (left != 0 && in.pos == in.size && o.pos < o.size && in.pos == before_in && o.pos == before_out) {
			/* No input left, room for output, and nothing moved: the frame ends past the data. */
			error = "truncated (its last frame ends past the data)";
		}
	}
	ZSTD_freeDCtx(dctx);
	if (error) {
		zend_string_efree(out);
		zend_value_error("bench_zstd_decompress(): $data is %s", error);
		RETURN_THROWS();
	}
	ZSTR_LEN(out) = o.pos;
	ZSTR_VAL(out)[o.pos] = '\0';
	RETURN_NEW_STR(out);
#endif
}
/* }}} */
