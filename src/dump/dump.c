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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "php.h"
#include "SAPI.h"
#include "php_bench.h"
#include "dump.h"
#include "formats.h"
#include "ledger.h"
#include "sink.h"
#include "usage.h"
#include "views.h"
#include "writer.h"

/* Every counter's key, as bench_measure() has them: null where the profile has no value (as in its JSON). */
static void bench_dump_array_costs(zval *out, const int64_t *costs, const bool *measured)
{
	array_init_size(out, BENCH_COUNTER_COUNT);
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		if (BENCH_COUNTER_IS_LIVE(c) && !measured[c]) {
			continue;
		}
		if (measured[c]) {
			add_assoc_long(out, bench_counter_info[c].name, (zend_long) costs[c]);
		} else {
			add_assoc_null(out, bench_counter_info[c].name);
		}
	}
}

void bench_dump_array(bench_profile_state *p, zval *out)
{
	bench_dump_settings settings;
	bench_dump_views v;
	zval costs, functions, edges;
	bool measured[BENCH_COUNTER_COUNT];

	array_init(out);
	bench_dump_take_request(&settings);
	if (!bench_dump_build_views(&v, p, &settings)) {
		bench_dump_free_views(&v);
		zend_throw_error(NULL, "bench_stop(): out of memory");
		return;
	}
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		measured[c] = bench_dump_total_measured(&v, c);
	}
	bench_dump_array_costs(&costs, p->total.value, measured);
	add_assoc_zval(out, "totals", &costs);
	bench_dump_array_costs(&costs, p->overhead, v.attributed);
	add_assoc_zval(out, "overhead", &costs);
	if (p->live) {
		add_assoc_long(out, "gc_runs", (zend_long) p->gc_runs);
		add_assoc_long(out, "gc_ns", (zend_long) p->gc_ns);
	}

	array_init_size(&functions, p->funcs_used + 1);
	for (uint32_t i = 0; i <= p->funcs_used; i++) {
		uint32_t f = v.order[i];
		zval entry;

		array_init(&entry);
		add_assoc_string(&entry, "file", (char *) bench_dump_func_file(p, f));
		add_assoc_long(&entry, "line", bench_dump_func_line(p, f));
		add_assoc_long(&entry, "calls", (zend_long) v.flat[f].calls);
		bench_dump_array_costs(&costs, v.flat[f].own, v.attributed);
		add_assoc_zval(&entry, "own", &costs);
		bench_dump_array_costs(&costs, v.flat[f].inclusive, v.attributed);
		add_assoc_zval(&entry, "inclusive", &costs);
		/* Two bodies run at the top are both {main} (the script, and an auto_prepend_file's): the later keyed with its file. */
		const char *name = bench_dump_func_name(p, f);
		if (zend_symtable_str_exists(Z_ARRVAL(functions), name, strlen(name))) {
			zend_string *key = zend_strpprintf(0, "%s (%s)", name, bench_dump_func_file(p, f));
			zend_symtable_update(Z_ARRVAL(functions), key, &entry);
			zend_string_release(key);
		} else {
			add_assoc_zval(&functions, name, &entry);
		}
	}
	add_assoc_zval(out, "functions", &functions);

	array_init_size(&edges, v.nedges);
	for (uint32_t i = 0; i < v.nedges; i++) {
		const bench_dump_edge *edge = &v.edges[v.by_caller[i]];
		int64_t inclusive[BENCH_COUNTER_COUNT];
		zval entry;

		array_init(&entry);
		add_assoc_string(&entry, "caller", (char *) bench_dump_func_name(p, edge->caller));
		add_assoc_string(&entry, "callee", (char *) bench_dump_func_name(p, edge->callee));
		add_assoc_long(&entry, "call_line", (zend_long) edge->line);
		add_assoc_long(&entry, "calls", (zend_long) edge->calls);
		bench_dump_edge_inclusive(&v, edge, inclusive);
		bench_dump_array_costs(&costs, inclusive, v.attributed);
		add_assoc_zval(&entry, "inclusive", &costs);
		add_next_index_zval(&edges, &entry);
	}
	add_assoc_zval(out, "edges", &edges);
	bench_dump_free_views(&v);
}

/* ---- report ----------------------------------------------------------------------- */

static void bench_dump_report(const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
	int64_t total = p->total.value[v->sort_counter];
	bool ops = v->settings->available[BENCH_COUNTER_OPS];

	if (p->sampled && p->time_samples_off) {
		fprintf(stderr, "\nbench: %s, %.3f ms, %" PRIu64 " samples (time samples %s), %u call paths; top functions by sampled %s\n",
			p->request.command, (double) p->request.duration_ns / 1e6, p->samples, p->time_samples_how, p->nodes_used,
			bench_counter_info[v->sort_counter].name);
		ops = false;
	} else if (p->sampled) {
		fprintf(stderr, "\nbench: %s, %.3f ms, %" PRIu64 " samples every " ZEND_LONG_FMT " us%s%s%s, %u call paths; top functions by sampled %s\n",
			p->request.command, (double) p->request.duration_ns / 1e6, p->samples, v->settings->sample_interval_us,
			p->time_samples_how[0] ? " (" : "", p->time_samples_how, p->time_samples_how[0] ? ")" : "",
			p->nodes_used, bench_counter_info[v->sort_counter].name);
		ops = false;
	} else {
		fprintf(stderr, "\nbench: %s, %s %.3f ms, %" PRId64 " allocations, %u call paths; top owners by own %s\n",
			p->request.command, "wall", (double) p->total.value[BENCH_COUNTER_WALL_NS] / 1e6,
			p->total.value[BENCH_COUNTER_ALLOCS], p->nodes_used, bench_counter_info[v->sort_counter].name);
	}
	fprintf(stderr, "%10s %7s %7s %10s %12s  %s\n", p->sampled ? "samples" : "calls", "own%", "incl%", "allocs", ops ? "ops" : "", "function");
	for (uint32_t i = 0; i <= p->funcs_used && i < 20; i++) {
		const bench_dump_flat *f = &v->flat[v->order[i]];
		char ops_text[32] = "";

		if (ops) {
			snprintf(ops_text, sizeof(ops_text), "%" PRId64, f->own[BENCH_COUNTER_OPS]);
		}
		fprintf(stderr, "%10" PRIu64 " %6.2f%% %6.2f%% %10" PRId64 " %12s  %s\n", f->calls,
			total ? 100.0 * (double) f->own[v->sort_counter] / (double) total : 0.0,
			total ? 100.0 * (double) f->inclusive[v->sort_counter] / (double) total : 0.0,
			f->own[BENCH_COUNTER_ALLOCS], ops_text, bench_dump_func_name(p, v->order[i]));
	}
	if (!p->sampled) {
		fprintf(stderr, "overhead (charged to no function): %.2f%% of %s\n",
			total ? 100.0 * (double) p->overhead[v->sort_counter] / (double) total : 0.0, bench_counter_info[v->sort_counter].name);
	}
	if (p->trace) {
		fprintf(stderr, "trace: %u calls; %" PRIu64 " shorter than bench.trace_min_us=" ZEND_LONG_FMT " folded into their caller, "
			"%" PRIu64 " dropped past bench.trace_max_events=%u (the shortest), %" PRIu64 " unfinished\n", p->spans_used,
			p->trace_folded, p->trace_min_us, p->trace_dropped, p->trace_max, p->trace_unfinished);
	}
	if (p->folded_depth || p->folded_nodes) {
		fprintf(stderr, "folded: %" PRIu64 " calls deeper than bench.max_depth into the frame at the cap, "
			"%" PRIu64 " calls on paths past bench.max_nodes into their parent\n", p->folded_depth, p->folded_nodes);
	}
}

/* ---- files ---------------------------------------------------------------------------- */

/* The report's last line: how to open the file as it was written (bench_dump_format.open). */
static void bench_dump_say_open(const bench_dump_settings *s, const bench_profile_state *p, const char *path)
{
	const char *count_unit = bench_dump_sort_counter(p, s) == BENCH_COUNTER_INSTRUCTIONS ? "instructions" : "ns";

	fputs("open it: ", stderr);
	fprintf(stderr, bench_dump_formats[s->format].open[s->compress], path, count_unit);
	fputs("\n", stderr);
}

void bench_dump_profile(bench_profile_state *p)
{
	bench_dump_settings settings;

	bench_writer_say_failures();
	bench_dump_take_settings(&settings);
	/*
	 * php-fpm answers after RSHUTDOWN: there the disk waits for no request.
	 * The CLI has nobody waiting, writes here and can warn in its request;
	 * so does the report, which says where the profile went and what writing it cost.
	 * A thread-safe PHP writes here too, as before its profiles' formatting
	 * read settings only from bench_dump_settings: the writer thread has not
	 * been tried there. bench.report is read here, on the request thread.
	 */
#ifndef ZTS
	if (!BENCH_INI(report) && strcmp(sapi_module.name, "cli") != 0) {
		bench_writer_enqueue(p, &settings);
		return;
	}
#endif

	bench_dump_views v;
	bench_sink sink;
	struct timespec started, ended;

	clock_gettime(CLOCK_MONOTONIC, &started);
	bool written = bench_dump_write(p, &settings, &sink);
	clock_gettime(CLOCK_MONOTONIC, &ended);
	bench_writer_say_failures();
	/* On the request thread, as above. */
	if (!BENCH_INI(report)) {
		return;
	}
	if (bench_dump_build_views(&v, p, &settings)) {
		bench_dump_report(&v);
	}
	bench_dump_free_views(&v);
	if (written) {
		fprintf(stderr, "profile: %s (%" PRIu64 " bytes, written in %.2f ms)\n", sink.path, sink.written,
			(double) (ended.tv_sec - started.tv_sec) * 1e3 + (double) (ended.tv_nsec - started.tv_nsec) / 1e6);
		bench_dump_say_open(&settings, p, sink.path);
	}
}

void bench_dump_owe(void)
{
	const char *dir = bench_dump_dir();

	/* A directory that cannot take the file is said when the profile is dropped: nothing to owe it. */
	if (bench_sink_dir_fits(dir)) {
		bench_ledger_begin(dir);
	}
}

void bench_dump_settle(void)
{
	bench_ledger_end();
}

void bench_dump_thread_free(void)
{
	bench_sink_mshutdown();
}

void bench_dump_mshutdown(void)
{
	bench_writer_mshutdown();
	bench_ledger_mshutdown();
	/* What the writer met writing its last profiles, which no request will say. */
	bench_writer_say_failures();
	bench_sink_mshutdown();
	bench_usage_mshutdown();
}
