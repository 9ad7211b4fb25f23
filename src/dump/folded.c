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
#include "php_bench.h"
#include "formats.h"

/*
 * A frame of folded stacks: ';' separates frames, so one in a name (a file's)
 * is written ':'; and a name that ends in a number after a space (a file
 * "report 2") would end its line as "report 2 300", which flame graph tools
 * take for two values, a differential graph: that space is written '_'.
 */
static void bench_dump_folded_frame(bench_buf *b, const char *name)
{
	size_t len = strlen(name), digits = len, space;

	while (digits > 0 && ((name[digits - 1] >= '0' && name[digits - 1] <= '9') || name[digits - 1] == '.')) {
		digits--;
	}
	for (space = digits; space > 0 && (name[space - 1] == ' ' || name[space - 1] == '\t'); space--) {
	}
	if (digits == len || space == digits) {
		bench_buf_text(b, name, len, ';', ':');
		return;
	}
	bench_buf_text(b, name, space, ';', ':');
	for (size_t i = space; i < digits; i++) {
		bench_buf_puts(b, "_");
	}
	bench_buf_text(b, name + digits, len - digits, ';', ':');
}


/*
 * Per node, the first node of its path of functions, which stands for all
 * of them: the tree tells lines apart, a flame graph functions only. A
 * parent comes before its children, so its own is known first. NULL where
 * memory ran out.
 */
static uint32_t *bench_dump_function_paths(const bench_profile_state *p)
{
	uint32_t size = 16;
	while (size < p->nodes_used * 2) {
		size *= 2;
	}
	uint32_t *path = malloc(((size_t) p->nodes_used + 1) * sizeof(*path)), *table = malloc(size * sizeof(*table));

	if (!path || !table) {
		free(path);
		free(table);
		return NULL;
	}
	memset(table, 0xff, size * sizeof(*table));
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		const bench_profile_node *node = &p->nodes[n];
		uint32_t r;

		if (node->parent == BENCH_PROFILE_NONE) {
			path[n] = n;
			continue;
		}
		uint32_t parent = path[node->parent];
		uint32_t slot = (parent * 0x9E3779B1u ^ node->func * 0x85EBCA77u) & (size - 1);
		while ((r = table[slot]) != BENCH_PROFILE_NONE && (path[p->nodes[r].parent] != parent || p->nodes[r].func != node->func)) {
			slot = (slot + 1) & (size - 1);
		}
		if (r == BENCH_PROFILE_NONE) {
			r = table[slot] = n;
		}
		path[n] = r;
	}
	free(table);
	return path;
}

/*
 * The line a folded frame names (bench.folded_lines): the leaf's where its
 * own cost lies, a caller's where it made the call below it (as pprof's
 * locations); 0, no line, for {request} and internal functions.
 */
static uint32_t bench_dump_folded_line(const bench_profile_state *p, const uint32_t *frames, uint32_t depth)
{
	uint32_t func = bench_dump_func_of(p, frames[depth]);
	uint32_t line = depth ? bench_dump_call_line(p, frames[depth - 1]) : bench_dump_own_line(p, frames[depth]);

	return line ? line : bench_dump_func_line(p, func);
}

/*
 * Folded stacks (flame graph input): "a;b;c value", one line per path of
 * functions (with lines, "a:3;b:12;c:7 value", one per path of lines), own
 * cost of the sort counter. A path is walked up from its node into
 * frames (not recursively: bench.max_depth may allow paths deeper than the C
 * stack), and writing stops once the output failed (bench.output_max_mb): a
 * deep recursion's lines grow with the square of its depth.
 */
void bench_dump_folded(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s)
{
	int counter = bench_dump_sort_counter(p, s);
	bool lines = s->folded_lines;
	uint32_t *frames = NULL;
	uint32_t frames_size = 0;
	uint32_t *path = lines ? NULL : bench_dump_function_paths(p);
	int64_t *values = calloc((size_t) p->nodes_used + 1, sizeof(*values));

	if ((!lines && !path) || !values) {
		b->failed = true;
		goto out;
	}
	/* A merge may weigh stacks by calls (-1). */
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		values[path ? path[n] : n] += counter < 0 ? (int64_t) p->nodes[n].calls : p->nodes[n].own[counter];
	}

	for (uint32_t n = 0; n < p->nodes_used && !b->failed; n++) {
		int64_t value = values[n];
		uint32_t depth = 0;

		if ((path && path[n] != n) || value <= 0) {
			continue;
		}
		for (uint32_t up = n; up != BENCH_PROFILE_NONE; up = p->nodes[up].parent) {
			if (depth == frames_size) {
				uint32_t *grown = realloc(frames, sizeof(*frames) * (frames_size ? frames_size * 2 : 64));
				if (!grown) {
					b->failed = true;
					break;
				}
				frames = grown;
				frames_size = frames_size ? frames_size * 2 : 64;
			}
			frames[depth++] = up;
		}
		if (b->failed) {
			break;
		}
		while (depth-- > 0) {
			bench_dump_folded_frame(b, bench_dump_func_name(p, bench_dump_func_of(p, frames[depth])));
			uint32_t line = lines ? bench_dump_folded_line(p, frames, depth) : 0;
			if (line) {
				bench_buf_printf(b, ":%u", line);
			}
			bench_buf_puts(b, depth > 0 ? ";" : " ");
		}
		bench_buf_int(b, value);
		bench_buf_puts(b, "\n");
	}
out:
	free(frames);
	free(path);
	free(values);
}
