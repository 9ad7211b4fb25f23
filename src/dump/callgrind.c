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

/* A cost line: the line, each counter, then in sample mode the samples. */
static void bench_dump_callgrind_costs(bench_buf *b, const bench_dump_views *v, uint32_t line, uint64_t samples, const int64_t *costs)
{
	bench_buf_uint(b, line);
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_puts(b, " ");
		bench_buf_int(b, costs[v->counters[i]]);
	}
	if (v->p->sampled) {
		bench_buf_puts(b, " ");
		bench_buf_uint(b, samples);
	}
	bench_buf_puts(b, "\n");
}

/*
 * A function's own cost, a cost line per line of it that has some. The
 * first is always on the function's first line, zeros where it has none
 * there: viewers (and bench's report) place a function at its first cost line.
 */
static void bench_dump_callgrind_own(bench_buf *b, const bench_dump_views *v, uint32_t func)
{
	static const int64_t none[BENCH_COUNTER_COUNT];
	uint32_t first = bench_dump_func_line(v->p, func), l = v->func_lines[func], end = v->func_lines[func + 1];

	/* Sorted by line: the first line's costs, where it has any, come first. */
	if (l < end && v->lines[l].line == first) {
		bench_dump_callgrind_costs(b, v, first, v->lines[l].calls, v->lines[l].own);
		l++;
	} else {
		bench_dump_callgrind_costs(b, v, first, 0, none);
	}
	for (; l < end; l++) {
		bool any = v->p->sampled && v->lines[l].calls;
		for (int i = 0; i < v->ncounters && !any; i++) {
			any = v->lines[l].own[v->counters[i]] != 0;
		}
		if (any) {
			bench_dump_callgrind_costs(b, v, v->lines[l].line, v->lines[l].calls, v->lines[l].own);
		}
	}
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

/* A request's header: its command, request, duration, sampling and labels. */
static void bench_dump_callgrind_header(bench_buf *b, const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
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
			p->samples, v->settings->sample_interval_us, v->settings->sample_cpu ? "CPU" : "wall");
		if (p->unsampled_ns) {
			bench_buf_printf(b, "desc: Unsampled: %" PRId64 " ns of the request's wall time no sample weighed ({unsampled})\n",
				p->unsampled_ns);
		}
		if (p->time_samples_how[0]) {
			bench_buf_puts(b, "desc: Time samples: ");
			bench_buf_text(b, p->time_samples_how, strlen(p->time_samples_how), '\0', '\0');
			bench_buf_puts(b, "\n");
		}
	}
	if (p->live) {
		bench_buf_printf(b, "desc: Cycle collector: %" PRIu64 " runs, %" PRId64 " ns\n", p->gc_runs, p->gc_ns);
	}
	/* The application's labels (bench_label()): a value is the application's text, one line whatever it holds. */
	for (uint32_t i = 0; r->labels && i < r->labels->count; i++) {
		bench_buf_printf(b, "desc: Label: %s=", r->labels->key[i]);
		bench_buf_text(b, r->labels->value[i], strlen(r->labels->value[i]), '\0', '\0');
		bench_buf_puts(b, "\n");
	}
}

/* A merge's header: what was merged and, where every profile was sampled, their samples. */
static void bench_dump_callgrind_merge_header(bench_buf *b, const bench_dump_views *v, uint64_t samples)
{
	const char *what = v->settings->merge->description;

	bench_buf_puts(b, "# callgrind format\nversion: 1\ncreator: bench merge\ncmd: ");
	bench_buf_text(b, what, strlen(what), '\0', '\0');
	bench_buf_puts(b, "\n");
	if (v->p->sampled) {
		bench_buf_printf(b, "desc: Sampled: %" PRIu64 " samples every " ZEND_LONG_FMT " us of %s time\n",
			samples, v->settings->sample_interval_us, v->settings->sample_cpu ? "CPU" : "wall");
	}
}

/* The callgrind format (valgrind's docs, "Callgrind Format Specification"): per function its own cost, and per callee the calls and their inclusive cost. */
void bench_dump_callgrind(bench_buf *b, bench_dump_views *v)
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
	/*
	 * Sample mode: the samples are an event, exact per line and call, where
	 * calls= cannot say them (it is at least 1, and counts each call's
	 * samples again in its callers).
	 */
	uint64_t samples = 0;
	for (uint32_t f = 0; f < nfuncs; f++) {
		samples += v->flat[f].calls;
	}
	if (v->settings->merge) {
		bench_dump_callgrind_merge_header(b, v, samples);
	} else {
		bench_dump_callgrind_header(b, v);
	}
	bench_buf_puts(b, "positions: line\nevents:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %s", bench_dump_counter_name(v->settings, v->counters[i]));
	}
	bench_buf_puts(b, p->sampled ? " samples" : "");
	/* summary is what the functions own; the hooks' own cost (overhead) is not in any function. */
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		summary[c] = p->total.value[c] - p->overhead[c];
	}
	bench_buf_puts(b, "\nsummary:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %" PRId64, summary[v->counters[i]]);
	}
	if (p->sampled) {
		bench_buf_printf(b, " %" PRIu64, samples);
	}
	if (!v->settings->merge) {
		bench_buf_puts(b, "\n# overhead:");
		for (int i = 0; i < v->ncounters; i++) {
			bench_buf_printf(b, " %" PRId64, p->overhead[v->counters[i]]);
		}
		bench_buf_puts(b, p->sampled ? " 0" : "");
		bench_buf_printf(b, "\n# folded: %" PRIu64 " calls past bench.max_depth, %" PRIu64 " past bench.max_nodes", p->folded_depth, p->folded_nodes);
	}
	bench_buf_puts(b, "\n\n");

	uint32_t i = 0;
	for (uint32_t f = 0; f < nfuncs; f++) {
		uint32_t line = bench_dump_func_line(p, f);

		bench_dump_callgrind_name(b, "fl", file_ids[f], file_named, bench_dump_func_file(p, f));
		bench_dump_callgrind_name(b, "fn", f, fn_named, bench_dump_func_name(p, f));
		bench_dump_callgrind_own(b, v, f);
		/* Edges are grouped by caller: this function's are next. */
		for (; i < v->nedges && v->edges[v->by_caller[i]].caller == f; i++) {
			const bench_dump_edge *edge = &v->edges[v->by_caller[i]];
			int64_t inclusive[BENCH_COUNTER_COUNT];

			bench_dump_callgrind_name(b, "cfl", file_ids[edge->callee], file_named, bench_dump_func_file(p, edge->callee));
			bench_dump_callgrind_name(b, "cfn", edge->callee, fn_named, bench_dump_func_name(p, edge->callee));
			/*
			 * At least 1: callgrind_annotate reads the cost line after "calls=0"
			 * as the caller's own. Edges with no counted call exist when profiling
			 * started mid-stack, and in sample mode (the samples under a call:
			 * none where only allocations were sampled).
			 */
			uint64_t calls = p->sampled ? edge->samples : edge->calls;
			bench_buf_puts(b, "calls=");
			bench_buf_uint(b, calls ? calls : 1);
			bench_buf_puts(b, " ");
			bench_buf_uint(b, bench_dump_func_line(p, edge->callee));
			bench_buf_puts(b, "\n");
			bench_dump_edge_inclusive(v, edge, inclusive);
			bench_dump_callgrind_costs(b, v, edge->line ? edge->line : line, edge->samples, inclusive);
		}
		bench_buf_puts(b, "\n");
	}
	/* As valgrind ends its files: a reader that finds summary: and no totals: knows the file was cut. */
	bench_buf_puts(b, "totals:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %" PRId64, summary[v->counters[i]]);
	}
	if (p->sampled) {
		bench_buf_printf(b, " %" PRIu64, samples);
	}
	bench_buf_puts(b, "\n");
out:
	free(file_ids);
	free(file_named);
	free(fn_named);
}
