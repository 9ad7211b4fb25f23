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

/*
 * A cost: every counter's key, as bench_measure() and bench_counters() have
 * them, null where the profile has no value (unavailable here, or not
 * attributed to functions: the CPU clock, retained bytes; in sample mode all
 * but the sampled ones).
 */
static void bench_dump_json_costs(bench_buf *b, const int64_t *costs, const bool *measured)
{
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		/* Live counters only in a profile that tracked them: other profiles stay as they were. */
		if (BENCH_COUNTER_IS_LIVE(c) && !measured[c]) {
			continue;
		}
		bench_buf_puts(b, c ? ",\"" : "{\"");
		bench_buf_puts(b, bench_counter_info[c].name);
		bench_buf_puts(b, "\":");
		if (measured[c]) {
			bench_buf_int(b, costs[c]);
		} else {
			bench_buf_puts(b, "null");
		}
	}
	bench_buf_puts(b, "}");
}

/* A call path's own cost: the attributed counters only, as a profile has up to bench.max_nodes paths. */
static void bench_dump_json_path_costs(bench_buf *b, const bench_dump_views *v, const int64_t *costs)
{
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_puts(b, i ? ",\"" : "{\"");
		bench_buf_puts(b, bench_counter_info[v->counters[i]].name);
		bench_buf_puts(b, "\":");
		bench_buf_int(b, costs[v->counters[i]]);
	}
	bench_buf_puts(b, v->ncounters ? "}" : "{}");
}

static void bench_dump_json_request(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s)
{
	const bench_profile_request *r = &p->request;

	bench_buf_printf(b, "{\"format_version\":%d,\"bench\":\"%s\",\"php\":\"%s\",\"pid\":%ld,\"mode\":\"%s\",\"command\":\"",
		BENCH_DUMP_JSON_VERSION, PHP_BENCH_VERSION, PHP_VERSION, (long) r->pid, p->sampled ? "sample" : "profile");
	bench_buf_json_escape(b, r->command);
	bench_buf_puts(b, "\",\"request\":{\"method\":\"");
	bench_buf_json_escape(b, r->method);
	bench_buf_printf(b, "\",\"status\":%d,\"time_ns\":%" PRId64 ",\"duration_ns\":%" PRId64 ",\"peak_memory\":%zu,\"script\":\"",
		r->status, r->time_ns, r->duration_ns, r->peak_memory);
	bench_buf_json_escape(b, r->script);
	bench_buf_puts(b, "\",\"sapi\":\"");
	bench_buf_json_escape(b, r->sapi);
	bench_buf_puts(b, "\"}");
	if (r->labels && r->labels->count) {
		for (uint32_t i = 0; i < r->labels->count; i++) {
			bench_buf_puts(b, i ? ",\"" : ",\"labels\":{\"");
			bench_buf_json_escape(b, r->labels->key[i]);
			bench_buf_puts(b, "\":\"");
			bench_buf_json_escape(b, r->labels->value[i]);
			bench_buf_puts(b, "\"");
		}
		bench_buf_puts(b, "}");
	}
	if (p->live) {
		bench_buf_printf(b, ",\"gc_runs\":%" PRIu64 ",\"gc_ns\":%" PRId64, p->gc_runs, p->gc_ns);
	}
	if (p->sampled) {
		bench_buf_printf(b, ",\"samples\":%" PRIu64 ",\"interval_us\":" ZEND_LONG_FMT ",\"clock\":\"%s\",\"unsampled_ns\":%" PRId64,
			p->samples, s->sample_interval_us, s->sample_cpu ? "cpu" : "wall", p->unsampled_ns);
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
}

/*
 * The call tree, from the views once they have given the nodes back their
 * own costs: node 0 is {request}, each node's parent comes before it, and
 * "function" indexes the "functions" array (which is ordered by own cost).
 */
static void bench_dump_json_tree(bench_buf *b, bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
	uint32_t *position = malloc(((size_t) p->funcs_used + 1) * sizeof(*position));

	if (!position) {
		b->failed = true;
		return;
	}
	for (uint32_t i = 0; i <= p->funcs_used; i++) {
		position[v->order[i]] = i;
	}
	bench_dump_views_restore_own(v);
	bench_buf_puts(b, ",\"tree\":[");
	for (uint32_t n = 0; n < p->nodes_used && !b->failed; n++) {
		const bench_profile_node *node = &p->nodes[n];

		bench_buf_puts(b, n ? ",{\"parent\":" : "{\"parent\":");
		if (node->parent == BENCH_PROFILE_NONE) {
			bench_buf_puts(b, "-1");
		} else {
			bench_buf_uint(b, node->parent);
		}
		bench_buf_puts(b, ",\"function\":");
		bench_buf_uint(b, position[bench_dump_func_of(p, n)]);
		bench_buf_puts(b, ",\"call_line\":");
		bench_buf_uint(b, bench_dump_call_line(p, n));
		if (p->sampled) {
			bench_buf_puts(b, ",\"line\":");
			bench_buf_uint(b, p->nodes[n].line);
		}
		bench_buf_puts(b, ",\"calls\":");
		bench_buf_uint(b, node->calls);
		bench_buf_puts(b, ",\"own\":");
		bench_dump_json_path_costs(b, v, node->own);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "]");
	free(position);
}

/* A function's opcodes per line, [line, ops] in line order: they add up to its own ops. */
static void bench_dump_json_line_ops(bench_buf *b, const bench_dump_views *v, uint32_t f)
{
	bool first = true;

	bench_buf_puts(b, ",\"line_ops\":[");
	for (uint32_t l = v->func_lines[f]; l < v->func_lines[f + 1]; l++) {
		if (v->lines[l].own[BENCH_COUNTER_OPS]) {
			bench_buf_puts(b, first ? "[" : ",[");
			bench_buf_uint(b, v->lines[l].line);
			bench_buf_printf(b, ",%" PRId64 "]", v->lines[l].own[BENCH_COUNTER_OPS]);
			first = false;
		}
	}
	bench_buf_puts(b, "]");
}

void bench_dump_json(bench_buf *b, bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
	bool measured[BENCH_COUNTER_COUNT];

	bench_dump_json_request(b, p, v->settings);
	bench_buf_puts(b, ",\"counters\":[");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, "%s\"%s\"", i ? "," : "", bench_counter_info[v->counters[i]].name);
	}
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		measured[c] = bench_dump_total_measured(v, c);
	}
	bench_buf_puts(b, "],\"totals\":");
	bench_dump_json_costs(b, p->total.value, measured);
	bench_buf_puts(b, ",\"overhead\":");
	bench_dump_json_costs(b, p->overhead, v->attributed);
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
		bench_dump_json_costs(b, v->flat[f].own, v->attributed);
		bench_buf_puts(b, ",\"inclusive\":");
		bench_dump_json_costs(b, v->flat[f].inclusive, v->attributed);
		if (v->line_ops) {
			bench_dump_json_line_ops(b, v, f);
		}
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
		bench_buf_puts(b, "\",\"call_line\":");
		bench_buf_uint(b, edge->line);
		bench_buf_puts(b, ",\"calls\":");
		bench_buf_uint(b, edge->calls);
		bench_buf_puts(b, ",\"inclusive\":");
		bench_dump_edge_inclusive(v, edge, inclusive);
		bench_dump_json_costs(b, inclusive, v->attributed);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "]");
	bench_dump_json_tree(b, v);
	bench_buf_puts(b, "}\n");
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
void bench_dump_folded(bench_buf *b, const bench_profile_state *p, int counter, bool lines)
{
	uint32_t *frames = NULL;
	uint32_t frames_size = 0;
	uint32_t *path = lines ? NULL : bench_dump_function_paths(p);
	int64_t *values = calloc((size_t) p->nodes_used + 1, sizeof(*values));

	if ((!lines && !path) || !values) {
		b->failed = true;
		goto out;
	}
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		values[path ? path[n] : n] += p->nodes[n].own[counter];
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
	/*
	 * Sample mode: the samples are an event, exact per line and call, where
	 * calls= cannot say them (it is at least 1, and counts each call's
	 * samples again in its callers).
	 */
	uint64_t samples = 0;
	for (uint32_t f = 0; f < nfuncs; f++) {
		samples += v->flat[f].calls;
	}
	bench_buf_puts(b, "positions: line\nevents:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %s", bench_counter_info[v->counters[i]].name);
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
	bench_buf_puts(b, "\n# overhead:");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %" PRId64, p->overhead[v->counters[i]]);
	}
	bench_buf_puts(b, p->sampled ? " 0" : "");
	bench_buf_printf(b, "\n# folded: %" PRIu64 " calls past bench.max_depth, %" PRIu64 " past bench.max_nodes\n\n",
		p->folded_depth, p->folded_nodes);

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
