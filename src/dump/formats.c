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
#include <unistd.h>
#include "php.h"
#include "php_bench.h"
#include "formats.h"

static void bench_dump_json_costs(bench_buf *b, const bench_dump_views *v, const int64_t *costs)
{
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_puts(b, i ? ",\"" : "{\"");
		bench_buf_puts(b, bench_counter_names[v->counters[i]]);
		bench_buf_puts(b, "\":");
		bench_buf_int(b, costs[v->counters[i]]);
	}
	bench_buf_puts(b, v->ncounters ? "}" : "{}");
}

void bench_dump_json(bench_buf *b, const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;

	const bench_profile_request *r = &p->request;

	bench_buf_printf(b, "{\"bench\":\"%s\",\"php\":\"%s\",\"pid\":%ld,\"mode\":\"%s\",\"command\":\"",
		PHP_BENCH_VERSION, PHP_VERSION, (long) r->pid, p->sampled ? "sample" : "profile");
	bench_buf_json_escape(b, r->command);
	bench_buf_puts(b, "\",\"request\":{\"method\":\"");
	bench_buf_json_escape(b, r->method);
	bench_buf_printf(b, "\",\"status\":%d,\"time_ns\":%" PRId64 ",\"duration_ns\":%" PRId64 ",\"peak_memory\":%zu}",
		r->status, r->time_ns, r->duration_ns, r->peak_memory);
	if (p->sampled) {
		bench_buf_printf(b, ",\"samples\":%" PRIu64 ",\"interval_us\":" ZEND_LONG_FMT ",\"clock\":\"%s\"",
			p->samples, BENCH_INI(sample_interval_us), BENCH_INI(sample_clock) ? "cpu" : "wall");
		if (p->time_samples_how[0]) {
			bench_buf_puts(b, ",\"time_samples\":\"");
			bench_buf_json_escape(b, p->time_samples_how);
			bench_buf_puts(b, "\"");
		}
		if (p->allocs_sampled) {
			bench_buf_printf(b, ",\"alloc_samples\":%" PRIu64 ",\"alloc_sample_bytes\":" ZEND_LONG_FMT,
				p->alloc_samples, p->alloc_sample_bytes);
		}
	}
	bench_buf_puts(b, ",\"counters\":[");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, "%s\"%s\"", i ? "," : "", bench_counter_names[v->counters[i]]);
	}
	bench_buf_puts(b, "],\"totals\":");
	bench_dump_json_costs(b, v, p->total.value);
	/* The request's CPU time; not read by sampling on the wall clock (a system call per request). */
	if (!p->sampled || BENCH_INI(sample_clock)) {
		bench_buf_printf(b, ",\"cpu_ns\":%" PRId64, p->total.value[BENCH_COUNTER_CPU_NS]);
	}
	bench_buf_puts(b, ",\"overhead\":");
	bench_dump_json_costs(b, v, p->overhead);
	bench_buf_printf(b, ",\"nodes\":%u,\"folded_depth\":%" PRIu64 ",\"folded_nodes\":%" PRIu64 ",\"functions\":[",
		p->nodes_used, p->folded_depth, p->folded_nodes);
	for (uint32_t i = 0; i <= p->funcs_used; i++) {
		uint32_t f = v->order[i];
		bench_buf_puts(b, i ? ",{\"name\":\"" : "{\"name\":\"");
		bench_buf_json_escape(b, bench_dump_func_name(p, f));
		bench_buf_puts(b, "\",\"file\":\"");
		bench_buf_json_escape(b, bench_dump_func_file(p, f));
		bench_buf_puts(b, "\",\"line\":");
		bench_buf_uint(b, bench_dump_func_line(p, f));
		bench_buf_puts(b, ",\"calls\":");
		bench_buf_uint(b, v->flat[f].calls);
		bench_buf_puts(b, ",\"own\":");
		bench_dump_json_costs(b, v, v->flat[f].own);
		bench_buf_puts(b, ",\"inclusive\":");
		bench_dump_json_costs(b, v, v->flat[f].inclusive);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "],\"edges\":[");
	for (uint32_t i = 0; i < v->nedges; i++) {
		const bench_dump_edge *edge = &v->edges[v->by_caller[i]];
		int64_t inclusive[BENCH_COUNTER_COUNT];

		bench_buf_puts(b, i ? ",{\"caller\":\"" : "{\"caller\":\"");
		bench_buf_json_escape(b, bench_dump_func_name(p, edge->caller));
		bench_buf_puts(b, "\",\"callee\":\"");
		bench_buf_json_escape(b, bench_dump_func_name(p, edge->callee));
		bench_buf_puts(b, "\",\"calls\":");
		bench_buf_uint(b, edge->calls);
		bench_buf_puts(b, ",\"inclusive\":");
		bench_dump_edge_inclusive(v, edge, inclusive);
		bench_dump_json_costs(b, v, inclusive);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "]}\n");
}

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
 * Folded stacks (flame graph input): "a;b;c value", one line per call path,
 * own cost of the sort counter. A path is walked up from its node into
 * frames (not recursively: bench.max_depth may allow paths deeper than the C
 * stack), and writing stops once the output failed (bench.output_max_mb): a
 * deep recursion's lines grow with the square of its depth.
 */
void bench_dump_folded(bench_buf *b, const bench_profile_state *p, int counter)
{
	uint32_t *frames = NULL;
	uint32_t frames_size = 0;

	for (uint32_t n = 0; n < p->nodes_used && !b->failed; n++) {
		int64_t value = p->nodes[n].own[counter];
		uint32_t depth = 0;

		if (value <= 0) {
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
			bench_buf_puts(b, depth > 0 ? ";" : " ");
		}
		bench_buf_int(b, value);
		bench_buf_puts(b, "\n");
	}
	free(frames);
}

static void bench_dump_callgrind_costs(bench_buf *b, const bench_dump_views *v, uint32_t line, const int64_t *costs)
{
	bench_buf_uint(b, line);
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_puts(b, " ");
		bench_buf_int(b, costs[v->counters[i]]);
	}
	bench_buf_puts(b, "\n");
}

/* "key=(id) name" the first time, "key=(id)" after: the callgrind format's name compression. */
static void bench_dump_callgrind_name(bench_buf *b, const char *key, uint32_t id, bool *named, const char *name)
{
	bench_buf_puts(b, key);
	bench_buf_puts(b, "=(");
	bench_buf_uint(b, id + 1);
	bench_buf_puts(b, ")");
	if (!named[id]) {
		named[id] = true;
		bench_buf_puts(b, " ");
		bench_buf_text(b, name, strlen(name), '\0', '\0');
	}
	bench_buf_puts(b, "\n");
}

/* Per function, the id of its file: the index of the first function in the same file. */
static uint32_t *bench_dump_file_ids(const bench_profile_state *p)
{
	uint32_t nfuncs = p->funcs_used + 1, size = 16;
	while (size < nfuncs * 2) {
		size *= 2;
	}
	uint32_t *ids = malloc(nfuncs * sizeof(*ids)), *table = malloc(size * sizeof(*table));

	if (!ids || !table) {
		free(ids);
		free(table);
		return NULL;
	}
	memset(table, 0xff, size * sizeof(*table));
	for (uint32_t f = 0; f < nfuncs; f++) {
		const char *file = bench_dump_func_file(p, f);
		uint32_t slot = (uint32_t) zend_inline_hash_func(file, strlen(file)) & (size - 1);

		while (table[slot] != BENCH_PROFILE_NONE && strcmp(bench_dump_func_file(p, table[slot]), file) != 0) {
			slot = (slot + 1) & (size - 1);
		}
		if (table[slot] == BENCH_PROFILE_NONE) {
			table[slot] = f;
		}
		ids[f] = table[slot];
	}
	free(table);
	return ids;
}

/* The callgrind format (valgrind's docs, "Callgrind Format Specification"): per function its own cost, and per callee the calls and their inclusive cost. */
void bench_dump_callgrind(bench_buf *b, const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
	uint32_t nfuncs = p->funcs_used + 1;
	int64_t summary[BENCH_COUNTER_COUNT];
	uint32_t *file_ids = bench_dump_file_ids(p);
	bool *file_named = calloc(nfuncs, sizeof(*file_named)), *fn_named = calloc(nfuncs, sizeof(*fn_named));

	if (!file_ids || !file_named || !fn_named) {
		b->failed = true;
		goto out;
	}
	const bench_profile_request *r = &p->request;

	/* The command and method come from the client (a URI): one line each, whatever they hold. */
	bench_buf_printf(b, "# callgrind format\nversion: 1\ncreator: bench %s\npid: %ld\ncmd: ", PHP_BENCH_VERSION, (long) r->pid);
	bench_buf_text(b, r->command, strlen(r->command), '\0', '\0');
	if (r->status) {
		bench_buf_puts(b, "\ndesc: Request: ");
		bench_buf_text(b, r->method, strlen(r->method), '\0', '\0');
		bench_buf_puts(b, " ");
		bench_buf_text(b, r->command, strlen(r->command), '\0', '\0');
		bench_buf_printf(b, ", status %d", r->status);
	}
	bench_buf_puts(b, "\n");
	bench_buf_printf(b, "desc: Duration: %" PRId64 " ns, peak memory %zu bytes\n", r->duration_ns, r->peak_memory);
	if (p->sampled) {
		bench_buf_printf(b, "desc: Sampled: %" PRIu64 " samples every " ZEND_LONG_FMT " us of %s time\n",
			p->samples, BENCH_INI(sample_interval_us), BENCH_INI(sample_clock) ? "CPU" : "wall");
		if (p->time_samples_how[0]) {
			bench_buf_puts(b, "desc: Time samples: ");
			bench_buf_text(b, p->time_samples_how, strlen(p->time_samples_how), '\0', '\0');
			bench_buf_puts(b, "\n");
		}
	}
	bench_buf_puts(b, "positions: line\nevents:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %s", bench_counter_names[v->counters[i]]);
	}
	/* summary is what the functions own; the hooks' own cost (overhead) is not in any function. */
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		summary[c] = p->total.value[c] - p->overhead[c];
	}
	bench_buf_puts(b, "\nsummary:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %" PRId64, summary[v->counters[i]]);
	}
	bench_buf_puts(b, "\n# overhead:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %" PRId64, p->overhead[v->counters[i]]);
	}
	bench_buf_printf(b, "\n# folded: %" PRIu64 " calls past bench.max_depth, %" PRIu64 " past bench.max_nodes\n\n",
		p->folded_depth, p->folded_nodes);

	uint32_t i = 0;
	for (uint32_t f = 0; f < nfuncs; f++) {
		uint32_t line = bench_dump_func_line(p, f);

		bench_dump_callgrind_name(b, "fl", file_ids[f], file_named, bench_dump_func_file(p, f));
		bench_dump_callgrind_name(b, "fn", f, fn_named, bench_dump_func_name(p, f));
		bench_dump_callgrind_costs(b, v, line, v->flat[f].own);
		/* Edges are grouped by caller: this function's are next. */
		for (; i < v->nedges && v->edges[v->by_caller[i]].caller == f; i++) {
			const bench_dump_edge *edge = &v->edges[v->by_caller[i]];
			int64_t inclusive[BENCH_COUNTER_COUNT];

			bench_dump_callgrind_name(b, "cfl", file_ids[edge->callee], file_named, bench_dump_func_file(p, edge->callee));
			bench_dump_callgrind_name(b, "cfn", edge->callee, fn_named, bench_dump_func_name(p, edge->callee));
			/*
			 * At least 1: callgrind_annotate reads the cost line after "calls=0"
			 * as the caller's own. Edges with no counted call exist in sample mode
			 * (calls count the samples a function was the leaf of) and when
			 * profiling started mid-stack.
			 */
			bench_buf_puts(b, "calls=");
			bench_buf_uint(b, edge->calls ? edge->calls : 1);
			bench_buf_puts(b, " ");
			bench_buf_uint(b, bench_dump_func_line(p, edge->callee));
			bench_buf_puts(b, "\n");
			bench_dump_edge_inclusive(v, edge, inclusive);
			bench_dump_callgrind_costs(b, v, line, inclusive);
		}
		bench_buf_puts(b, "\n");
	}
out:
	free(file_ids);
	free(file_named);
	free(fn_named);
}
