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
 * A cost: every counter's key, as bench_measure() and bench_counters() have
 * them, null where the profile has no value (unavailable here, or not
 * attributed to functions: the CPU clock, retained bytes; in sample mode all
 * but the sampled ones). A merge has its profiles' counters only.
 */
static void bench_dump_json_costs(bench_buf *b, const bench_dump_settings *s, const int64_t *costs, const bool *measured)
{
	/* A merge's: its counters only, each with a value. */
	if (s->merge) {
		for (int c = 0; c < s->merge->ncounters; c++) {
			bench_buf_puts(b, c ? ",\"" : "{\"");
			bench_buf_json_escape(b, s->merge->counter_name[c]);
			bench_buf_puts(b, "\":");
			bench_buf_int(b, costs[c]);
		}
		bench_buf_puts(b, s->merge->ncounters ? "}" : "{}");
		return;
	}
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
	const bench_dump_merge *merge = v->settings->merge;

	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_puts(b, i ? ",\"" : "{\"");
		/* A merge's counters are named by its files. */
		if (merge) {
			bench_buf_json_escape(b, merge->counter_name[v->counters[i]]);
		} else {
			bench_buf_puts(b, bench_counter_info[v->counters[i]].name);
		}
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

/* A merge's header: what was merged, its mode and how many profiles. */
static void bench_dump_json_merge(bench_buf *b, const bench_dump_merge *m)
{
	bench_buf_printf(b, "{\"format_version\":%d,\"bench\":\"%s\",\"command\":\"", BENCH_DUMP_JSON_VERSION, PHP_BENCH_VERSION);
	bench_buf_json_escape(b, m->description);
	bench_buf_puts(b, "\",\"mode\":\"");
	bench_buf_json_escape(b, m->mode);
	bench_buf_printf(b, "\",\"profiles\":%" PRIu64, m->profiles);
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

/* Sample mode: the time samples in the order taken, [ns from the request's start, node of "tree", weight]. */
static void bench_dump_json_timeline(bench_buf *b, const bench_profile_state *p)
{
	bench_buf_printf(b, ",\"timeline_dropped\":%" PRIu64 ",\"timeline\":[", p->moments_dropped);
	for (uint32_t i = 0; i < p->moments_used && !b->failed; i++) {
		const bench_sample_moment *m = &p->moments[i];
		bench_buf_puts(b, i ? ",[" : "[");
		bench_buf_int(b, m->at_ns);
		bench_buf_puts(b, ",");
		bench_buf_uint(b, m->node);
		bench_buf_puts(b, ",");
		bench_buf_int(b, m->weight);
		bench_buf_puts(b, "]");
	}
	bench_buf_puts(b, "]");
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

	const bench_dump_merge *m = v->settings->merge;

	if (m) {
		bench_dump_json_merge(b, m);
	} else {
		bench_dump_json_request(b, p, v->settings);
	}
	bench_buf_puts(b, ",\"counters\":[");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_puts(b, i ? ",\"" : "\"");
		bench_buf_json_escape(b, bench_dump_counter_name(v->settings, v->counters[i]));
		bench_buf_puts(b, "\"");
	}
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		measured[c] = bench_dump_total_measured(v, c);
	}
	bench_buf_puts(b, "],\"totals\":");
	bench_dump_json_costs(b, v->settings, p->total.value, measured);
	if (m) {
		bench_buf_printf(b, ",\"nodes\":%u,\"functions\":[", p->nodes_used);
	} else {
		bench_buf_puts(b, ",\"overhead\":");
		bench_dump_json_costs(b, v->settings, p->overhead, v->attributed);
		bench_buf_printf(b, ",\"nodes\":%u,\"folded_depth\":%" PRIu64 ",\"folded_nodes\":%" PRIu64 ",\"functions\":[",
			p->nodes_used, p->folded_depth, p->folded_nodes);
	}
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
		bench_dump_json_costs(b, v->settings, v->flat[f].own, v->attributed);
		bench_buf_puts(b, ",\"inclusive\":");
		bench_dump_json_costs(b, v->settings, v->flat[f].inclusive, v->attributed);
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
		bench_dump_json_costs(b, v->settings, inclusive, v->attributed);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "]");
	/* A merge with profiles that had call edges only has no tree that holds all it says. */
	if (!m || !m->graph) {
		bench_dump_json_tree(b, v);
	}
	if (!m && p->sampled) {
		bench_dump_json_timeline(b, p);
	}
	bench_buf_puts(b, "}\n");
}
