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
#include <dirent.h>
#include <sys/stat.h>
#include "php.h"
#include "main/php_open_temporary_file.h"
#include "php_bench.h"
#include "dump.h"
#include "formats.h"
#include "sink.h"
#include "views.h"

static void bench_dump_array_costs(zval *out, const bench_dump_views *v, const int64_t *costs)
{
	array_init_size(out, v->ncounters);
	for (int i = 0; i < v->ncounters; i++) {
		add_assoc_long(out, bench_counter_names[v->counters[i]], (zend_long) costs[v->counters[i]]);
	}
}

void bench_dump_array(bench_profile_state *p, zval *out)
{
	bench_dump_views v;
	zval costs, functions, edges;

	array_init(out);
	if (!bench_dump_build_views(&v, p)) {
		bench_dump_free_views(&v);
		zend_throw_error(NULL, "bench_stop(): out of memory");
		return;
	}
	bench_dump_array_costs(&costs, &v, p->total.value);
	add_assoc_zval(out, "totals", &costs);
	bench_dump_array_costs(&costs, &v, p->overhead);
	add_assoc_zval(out, "overhead", &costs);

	array_init_size(&functions, p->funcs_used + 1);
	for (uint32_t i = 0; i <= p->funcs_used; i++) {
		uint32_t f = v.order[i];
		zval entry;

		array_init(&entry);
		add_assoc_string(&entry, "file", (char *) bench_dump_func_file(p, f));
		add_assoc_long(&entry, "line", bench_dump_func_line(p, f));
		add_assoc_long(&entry, "calls", (zend_long) v.flat[f].calls);
		bench_dump_array_costs(&costs, &v, v.flat[f].own);
		add_assoc_zval(&entry, "own", &costs);
		bench_dump_array_costs(&costs, &v, v.flat[f].inclusive);
		add_assoc_zval(&entry, "inclusive", &costs);
		add_assoc_zval(&functions, bench_dump_func_name(p, f), &entry);
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
		add_assoc_long(&entry, "calls", (zend_long) edge->calls);
		bench_dump_edge_inclusive(&v, edge, inclusive);
		bench_dump_array_costs(&costs, &v, inclusive);
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
	bool ops = bench_cost_available(BENCH_COUNTER_OPS, NULL);

	if (p->sampled) {
		fprintf(stderr, "\nbench: %s, %.3f ms, %" PRIu64 " samples every " ZEND_LONG_FMT " us, %u call paths; top functions by sampled %s\n",
			p->request.command, (double) p->request.duration_ns / 1e6, p->samples, BENCH_INI(sample_interval_us),
			p->nodes_used, bench_counter_names[v->sort_counter]);
		ops = false;
	} else {
		fprintf(stderr, "\nbench: %s, %s %.3f ms, %" PRId64 " allocations, %u call paths; top owners by own %s\n",
			p->request.command, "wall", (double) p->total.value[BENCH_COUNTER_WALL_NS] / 1e6,
			p->total.value[BENCH_COUNTER_ALLOCS], p->nodes_used, bench_counter_names[v->sort_counter]);
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
			total ? 100.0 * (double) p->overhead[v->sort_counter] / (double) total : 0.0, bench_counter_names[v->sort_counter]);
	}
	if (p->folded_depth || p->folded_nodes) {
		fprintf(stderr, "folded: %" PRIu64 " calls deeper than bench.max_depth into the frame at the cap, "
			"%" PRIu64 " calls on paths past bench.max_nodes into their parent\n", p->folded_depth, p->folded_nodes);
	}
}

/* ---- files ---------------------------------------------------------------------------- */

static const char *bench_dump_extension(bench_format format)
{
	switch (format) {
		case BENCH_FORMAT_FOLDED:
			return "folded";
		case BENCH_FORMAT_JSON:
			return "json";
		case BENCH_FORMAT_PPROF:
			return "pb";
		default:
			return "callgrind";
	}
}

static void bench_dump_failed(bench_profile_state *p, const char *path, const char *why)
{
	p->dropped++;
	if (!p->warned_unwritable) {
		p->warned_unwritable = true;
		php_error_docref(NULL, E_WARNING, "bench: cannot write the profile %s: %s; "
			"later failures in this process are counted in bench_info(), not repeated", path, why);
	}
}

/* What the bench files in dir weigh now: every worker writes there, so it is read, not remembered. */
static uint64_t bench_dump_dir_bytes(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *entry;
	uint64_t total = 0;

	if (!d) {
		return 0;
	}
	while ((entry = readdir(d)) != NULL) {
		struct stat st;

		if (strncmp(entry->d_name, "bench.", 6) == 0 && fstatat(dirfd(d), entry->d_name, &st, 0) == 0
				&& S_ISREG(st.st_mode)) {
			total += (uint64_t) st.st_size;
		}
	}
	closedir(d);
	return total;
}

static void bench_dump_over_budget(bench_profile_state *p, const char *dir)
{
	p->dropped++;
	if (!p->warned_budget) {
		p->warned_budget = true;
		php_error_docref(NULL, E_WARNING, "bench: profile dropped: the bench files in %s would pass "
			"bench.output_max_mb=" ZEND_LONG_FMT "; later drops in this process are counted in bench_info(), not repeated",
			dir, BENCH_INI(output_max_mb));
	}
}

/* Writes the profile in bench.output_format (v: NULL for folded stacks and pprof); true once it is on disk. */
static bool bench_dump_write(bench_profile_state *p, const bench_dump_views *v, bench_sink *sink)
{
	const char *dir = BENCH_INI(output_dir) && *BENCH_INI(output_dir) ? BENCH_INI(output_dir) : php_get_temporary_directory();
	bench_format format = (bench_format) BENCH_INI(output_format);
	uint64_t allowed = 0;

	/* Every worker writes to the directory: what is there is read, not remembered. */
	if (BENCH_INI(output_max_mb) > 0) {
		uint64_t max = (uint64_t) BENCH_INI(output_max_mb) * 1024 * 1024, used = bench_dump_dir_bytes(dir);
		if (used >= max) {
			bench_dump_over_budget(p, dir);
			return false;
		}
		allowed = max - used;
	}
	if (!bench_sink_open(sink, dir, bench_dump_extension(format), ++p->seq,
			BENCH_INI(compress) == BENCH_COMPRESS_ZSTD, allowed)) {
		bench_dump_failed(p, sink->path, sink->error);
		return false;
	}
	switch (format) {
		case BENCH_FORMAT_FOLDED:
			bench_dump_folded(&sink->buf, p, bench_dump_sort_counter(p));
			break;
		case BENCH_FORMAT_PPROF: {
			int counters[BENCH_COUNTER_COUNT];
			int ncounters = bench_dump_counters(p, counters);
			bench_dump_pprof(&sink->buf, p, counters, ncounters, bench_dump_sort_counter(p));
			break;
		}
		case BENCH_FORMAT_JSON:
			bench_dump_json(&sink->buf, v);
			break;
		default:
			bench_dump_callgrind(&sink->buf, v);
			break;
	}
	if (!bench_sink_close(sink)) {
		if (sink->over_budget) {
			bench_dump_over_budget(p, dir);
		} else {
			bench_dump_failed(p, sink->path, sink->error);
		}
		return false;
	}
	p->written++;
	return true;
}

void bench_dump_profile(bench_profile_state *p)
{
	bench_dump_views v;
	bench_sink sink;
	bench_format format = (bench_format) BENCH_INI(output_format);
	/* Folded stacks and pprof are written from the nodes' own costs, before the views make them inclusive. */
	bool folded = format == BENCH_FORMAT_FOLDED || format == BENCH_FORMAT_PPROF, written = false;
	struct timespec started, ended;

	clock_gettime(CLOCK_MONOTONIC, &started);
	if (folded) {
		written = bench_dump_write(p, NULL, &sink);
		clock_gettime(CLOCK_MONOTONIC, &ended);
		if (!BENCH_INI(report)) {
			return;
		}
	}
	if (!bench_dump_build_views(&v, p)) {
		bench_dump_free_views(&v);
		if (!folded) {
			bench_dump_failed(p, "(not built)", "out of memory");
		}
		return;
	}
	if (!folded) {
		written = bench_dump_write(p, &v, &sink);
		clock_gettime(CLOCK_MONOTONIC, &ended);
	}
	if (BENCH_INI(report)) {
		bench_dump_report(&v);
		if (written) {
			fprintf(stderr, "profile: %s (%" PRIu64 " bytes, written in %.2f ms)\n", sink.path, sink.written,
				(double) (ended.tv_sec - started.tv_sec) * 1e3 + (double) (ended.tv_nsec - started.tv_nsec) / 1e6);
		}
	}
	bench_dump_free_views(&v);
}

void bench_dump_mshutdown(void)
{
	bench_sink_mshutdown();
}
