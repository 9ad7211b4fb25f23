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

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/stat.h>
#include "php.h"
#include "main/php_open_temporary_file.h"
#include "php_bench.h"
#include "dump.h"
#include "src/lib/buf.h"

#ifdef HAVE_BENCH_ZSTD
# include <zstd.h>
#endif

/* ---- views of the call tree ----------------------------------------------- */

/** Per function: calls, own cost, and inclusive cost counted once per recursion. */
typedef struct {
	uint64_t calls;
	int64_t own[BENCH_COUNTER_COUNT];
	int64_t inclusive[BENCH_COUNTER_COUNT];
} bench_dump_flat;

/** Per caller -> callee pair. */
typedef struct {
	uint32_t caller, callee;
	uint64_t calls;
	int64_t inclusive[BENCH_COUNTER_COUNT];
} bench_dump_edge;

typedef struct {
	const bench_profile_state *p;
	/** the counters written, in order */
	int counters[BENCH_COUNTER_COUNT];
	int ncounters;
	/** per node */
	int64_t (*inclusive)[BENCH_COUNTER_COUNT];
	/** per function, and one more for the request root ("{request}") */
	bench_dump_flat *flat;
	bench_dump_edge *edges;
	uint32_t nedges;
	/** functions by own cost of the sort counter, descending */
	uint32_t *order;
	int sort_counter;
} bench_dump_views;

#define BENCH_DUMP_ROOT_NAME "{request}"

/* The root node stands for "{request}": it is function index funcs_used. */
static zend_always_inline uint32_t bench_dump_func_of(const bench_profile_state *p, uint32_t node)
{
	uint32_t func = p->nodes[node].func;
	return func == BENCH_PROFILE_NONE ? p->funcs_used : func;
}

static const char *bench_dump_func_name(const bench_profile_state *p, uint32_t func)
{
	return func == p->funcs_used ? BENCH_DUMP_ROOT_NAME : p->funcs[func].name;
}

static const char *bench_dump_func_file(const bench_profile_state *p, uint32_t func)
{
	return func == p->funcs_used || !p->funcs[func].file ? "php:internal" : p->funcs[func].file;
}

/* Whether an ancestor of node runs the same function: its inclusive cost is already counted there. */
static bool bench_dump_recursive(const bench_profile_state *p, uint32_t node)
{
	uint32_t func = p->nodes[node].func;

	for (uint32_t up = p->nodes[node].parent; up != BENCH_PROFILE_NONE; up = p->nodes[up].parent) {
		if (p->nodes[up].func == func) {
			return true;
		}
	}
	return false;
}

/* qsort() has no context argument everywhere: the views being sorted, per thread. */
ZEND_TLS const bench_dump_views *bench_dump_sort_views;

static int bench_dump_by_own(const void *a, const void *b)
{
	const bench_dump_views *v = bench_dump_sort_views;
	int64_t x = v->flat[*(const uint32_t *) a].own[v->sort_counter];
	int64_t y = v->flat[*(const uint32_t *) b].own[v->sort_counter];

	return x < y ? 1 : (x > y ? -1 : 0);
}

static int bench_dump_by_caller(const void *a, const void *b)
{
	uint32_t x = ((const bench_dump_edge *) a)->caller, y = ((const bench_dump_edge *) b)->caller;

	return x < y ? -1 : (x > y ? 1 : 0);
}

static bool bench_dump_build_views(bench_dump_views *v, const bench_profile_state *p)
{
	uint32_t nfuncs = p->funcs_used + 1;

	memset(v, 0, sizeof(*v));
	v->p = p;
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		if (bench_cost_attributed((bench_counter) c) && bench_cost_available((bench_counter) c, NULL)) {
			v->counters[v->ncounters++] = c;
		}
	}
	v->sort_counter = bench_cost_available(BENCH_COUNTER_INSTRUCTIONS, NULL) ? BENCH_COUNTER_INSTRUCTIONS : BENCH_COUNTER_WALL_NS;
	v->inclusive = calloc(p->nodes_used, sizeof(*v->inclusive));
	v->flat = calloc(nfuncs, sizeof(*v->flat));
	v->edges = calloc(p->nodes_used, sizeof(*v->edges));
	v->order = calloc(nfuncs, sizeof(*v->order));
	if (!v->inclusive || !v->flat || !v->edges || !v->order) {
		return false;
	}
	bench_profile_inclusive(p, v->inclusive);

	/* (caller, callee) -> edge, open addressing at most half full. */
	uint32_t edge_size = 16;
	while (edge_size < p->nodes_used * 2) {
		edge_size *= 2;
	}
	uint32_t edge_mask = edge_size - 1;
	uint32_t *edge_table = malloc(edge_size * sizeof(*edge_table));
	if (!edge_table) {
		return false;
	}
	memset(edge_table, 0xff, edge_size * sizeof(*edge_table));

	for (uint32_t n = 0; n < p->nodes_used; n++) {
		const bench_profile_node *node = &p->nodes[n];
		bench_dump_flat *f = &v->flat[bench_dump_func_of(p, n)];
		bool recursive = bench_dump_recursive(p, n);

		f->calls += node->calls;
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			f->own[c] += node->own[c];
			if (!recursive) {
				f->inclusive[c] += v->inclusive[n][c];
			}
		}
		if (node->parent == BENCH_PROFILE_NONE) {
			continue;
		}
		uint32_t caller = bench_dump_func_of(p, node->parent), callee = bench_dump_func_of(p, n);
		uint32_t slot = (caller * 0x9E3779B1u ^ callee * 0x85EBCA77u) & edge_mask, e;
		while ((e = edge_table[slot]) != BENCH_PROFILE_NONE
				&& (v->edges[e].caller != caller || v->edges[e].callee != callee)) {
			slot = (slot + 1) & edge_mask;
		}
		if (e == BENCH_PROFILE_NONE) {
			e = edge_table[slot] = v->nedges++;
			v->edges[e].caller = caller;
			v->edges[e].callee = callee;
		}
		v->edges[e].calls += node->calls;
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			v->edges[e].inclusive[c] += v->inclusive[n][c];
		}
	}
	free(edge_table);
	for (uint32_t i = 0; i < nfuncs; i++) {
		v->order[i] = i;
	}
	bench_dump_sort_views = v;
	qsort(v->order, nfuncs, sizeof(*v->order), bench_dump_by_own);
	qsort(v->edges, v->nedges, sizeof(*v->edges), bench_dump_by_caller);
	return true;
}

static void bench_dump_free_views(bench_dump_views *v)
{
	free(v->inclusive);
	free(v->flat);
	free(v->edges);
	free(v->order);
}

/* ---- formats ------------------------------------------------------------------ */

static void bench_dump_json_costs(bench_buf *b, const bench_dump_views *v, const int64_t *costs)
{
	bench_buf_puts(b, "{");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, "%s\"%s\":%" PRId64, i ? "," : "", bench_counter_names[v->counters[i]], costs[v->counters[i]]);
	}
	bench_buf_puts(b, "}");
}

static void bench_dump_json(bench_buf *b, const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;

	bench_buf_printf(b, "{\"bench\":\"%s\",\"php\":\"%s\",\"pid\":%ld,\"command\":\"", PHP_BENCH_VERSION, PHP_VERSION, (long) getpid());
	bench_buf_json_escape(b, bench_profile_command());
	bench_buf_puts(b, "\",\"counters\":[");
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, "%s\"%s\"", i ? "," : "", bench_counter_names[v->counters[i]]);
	}
	bench_buf_puts(b, "],\"totals\":");
	bench_dump_json_costs(b, v, p->total.value);
	bench_buf_printf(b, ",\"cpu_ns\":%" PRId64 ",\"overhead\":", p->total.value[BENCH_COUNTER_CPU_NS]);
	bench_dump_json_costs(b, v, p->overhead);
	bench_buf_printf(b, ",\"nodes\":%u,\"folded_depth\":%" PRIu64 ",\"folded_nodes\":%" PRIu64 ",\"functions\":[",
		p->nodes_used, p->folded_depth, p->folded_nodes);
	for (uint32_t i = 0; i <= p->funcs_used; i++) {
		uint32_t f = v->order[i];
		bench_buf_puts(b, i ? ",{\"name\":\"" : "{\"name\":\"");
		bench_buf_json_escape(b, bench_dump_func_name(p, f));
		bench_buf_puts(b, "\",\"file\":\"");
		bench_buf_json_escape(b, bench_dump_func_file(p, f));
		bench_buf_printf(b, "\",\"line\":%u,\"calls\":%" PRIu64 ",\"own\":", f == p->funcs_used ? 0 : p->funcs[f].line, v->flat[f].calls);
		bench_dump_json_costs(b, v, v->flat[f].own);
		bench_buf_puts(b, ",\"inclusive\":");
		bench_dump_json_costs(b, v, v->flat[f].inclusive);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "],\"edges\":[");
	for (uint32_t e = 0; e < v->nedges; e++) {
		bench_buf_puts(b, e ? ",{\"caller\":\"" : "{\"caller\":\"");
		bench_buf_json_escape(b, bench_dump_func_name(p, v->edges[e].caller));
		bench_buf_puts(b, "\",\"callee\":\"");
		bench_buf_json_escape(b, bench_dump_func_name(p, v->edges[e].callee));
		bench_buf_printf(b, "\",\"calls\":%" PRIu64 ",\"inclusive\":", v->edges[e].calls);
		bench_dump_json_costs(b, v, v->edges[e].inclusive);
		bench_buf_puts(b, "}");
	}
	bench_buf_puts(b, "]}\n");
}

/* Folded stacks (flame graph input): "a;b;c value", one line per call path, own cost of the sort counter. */
static void bench_dump_folded_path(bench_buf *b, const bench_profile_state *p, uint32_t node)
{
	if (p->nodes[node].parent != BENCH_PROFILE_NONE) {
		bench_dump_folded_path(b, p, p->nodes[node].parent);
		bench_buf_puts(b, ";");
	}
	for (const char *s = bench_dump_func_name(p, bench_dump_func_of(p, node)); *s; s++) {
		/* ';' separates frames; the last space separates the value. */
		char c = *s == ';' ? ':' : *s;
		bench_buf_append(b, &c, 1);
	}
}

static void bench_dump_folded(bench_buf *b, const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;

	for (uint32_t n = 0; n < p->nodes_used; n++) {
		int64_t value = p->nodes[n].own[v->sort_counter];
		if (value > 0) {
			bench_dump_folded_path(b, p, n);
			bench_buf_printf(b, " %" PRId64 "\n", value);
		}
	}
}

static void bench_dump_callgrind_costs(bench_buf *b, const bench_dump_views *v, uint32_t line, const int64_t *costs)
{
	bench_buf_printf(b, "%u", line);
	for (int i = 0; i < v->ncounters; i++) {
		bench_buf_printf(b, " %" PRId64, costs[v->counters[i]]);
	}
	bench_buf_puts(b, "\n");
}

/* The callgrind format (valgrind's docs, "Callgrind Format Specification"): per function its own cost, and per callee the calls and their inclusive cost. */
static void bench_dump_callgrind(bench_buf *b, const bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
	int64_t summary[BENCH_COUNTER_COUNT];

	bench_buf_printf(b, "# callgrind format\nversion: 1\ncreator: bench %s\npid: %ld\ncmd: %s\npositions: line\nevents:",
		PHP_BENCH_VERSION, (long) getpid(), bench_profile_command());
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

	uint32_t e = 0;
	for (uint32_t f = 0; f <= p->funcs_used; f++) {
		uint32_t line = f == p->funcs_used ? 0 : p->funcs[f].line;

		/* Names are written in full each time: simple, and callgrind_annotate reads them either way. */
		bench_buf_printf(b, "fl=%s\nfn=%s\n", bench_dump_func_file(p, f), bench_dump_func_name(p, f));
		bench_dump_callgrind_costs(b, v, line, v->flat[f].own);
		/* Edges are sorted by caller: this function's are next. */
		for (; e < v->nedges && v->edges[e].caller == f; e++) {
			uint32_t callee = v->edges[e].callee;
			bench_buf_printf(b, "cfl=%s\ncfn=%s\ncalls=%" PRIu64 " %u\n", bench_dump_func_file(p, callee),
				bench_dump_func_name(p, callee), v->edges[e].calls, callee == p->funcs_used ? 0 : p->funcs[callee].line);
			bench_dump_callgrind_costs(b, v, line, v->edges[e].inclusive);
		}
		bench_buf_puts(b, "\n");
	}
}

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
		add_assoc_long(&entry, "line", f == p->funcs_used ? 0 : p->funcs[f].line);
		add_assoc_long(&entry, "calls", (zend_long) v.flat[f].calls);
		bench_dump_array_costs(&costs, &v, v.flat[f].own);
		add_assoc_zval(&entry, "own", &costs);
		bench_dump_array_costs(&costs, &v, v.flat[f].inclusive);
		add_assoc_zval(&entry, "inclusive", &costs);
		add_assoc_zval(&functions, bench_dump_func_name(p, f), &entry);
	}
	add_assoc_zval(out, "functions", &functions);

	array_init_size(&edges, v.nedges);
	for (uint32_t e = 0; e < v.nedges; e++) {
		zval entry;

		array_init(&entry);
		add_assoc_string(&entry, "caller", (char *) bench_dump_func_name(p, v.edges[e].caller));
		add_assoc_string(&entry, "callee", (char *) bench_dump_func_name(p, v.edges[e].callee));
		add_assoc_long(&entry, "calls", (zend_long) v.edges[e].calls);
		bench_dump_array_costs(&costs, &v, v.edges[e].inclusive);
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

	fprintf(stderr, "\nbench: %s, %s %.3f ms, %" PRId64 " allocations, %u call paths; top owners by own %s\n",
		bench_profile_command(), "wall", (double) p->total.value[BENCH_COUNTER_WALL_NS] / 1e6,
		p->total.value[BENCH_COUNTER_ALLOCS], p->nodes_used, bench_counter_names[v->sort_counter]);
	fprintf(stderr, "%10s %7s %7s %10s %12s  %s\n", "calls", "own%", "incl%", "allocs", ops ? "ops" : "", "function");
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
	fprintf(stderr, "overhead (charged to no function): %.2f%% of %s\n",
		total ? 100.0 * (double) p->overhead[v->sort_counter] / (double) total : 0.0, bench_counter_names[v->sort_counter]);
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
		default:
			return "callgrind";
	}
}

static bool bench_dump_write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			return false;
		}
		data += n;
		len -= (size_t) n;
	}
	return true;
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

static void bench_dump_write(bench_profile_state *p, const bench_buf *b)
{
	const char *dir = BENCH_INI(output_dir) && *BENCH_INI(output_dir) ? BENCH_INI(output_dir) : php_get_temporary_directory();
	const char *data = b->data;
	size_t len = b->len;
	bool zstd = false;
	char *compressed = NULL;
	char stamp[32], path[MAXPATHLEN], tmp[MAXPATHLEN + 8];
	time_t now = time(NULL);
	struct tm tm;

#ifdef HAVE_BENCH_ZSTD
	if (BENCH_INI(compress) == BENCH_COMPRESS_ZSTD) {
		size_t bound = ZSTD_compressBound(len);
		compressed = malloc(bound);
		if (compressed) {
			size_t n = ZSTD_compress(compressed, bound, data, len, 3);
			if (!ZSTD_isError(n)) {
				data = compressed;
				len = n;
				zstd = true;
			}
		}
	}
#endif
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	snprintf(path, sizeof(path), "%s/bench.%s.%ld.%u.%s%s", dir, stamp, (long) getpid(), ++p->seq,
		bench_dump_extension((bench_format) BENCH_INI(output_format)), zstd ? ".zst" : "");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);

	if (BENCH_INI(output_max_mb) > 0
			&& bench_dump_dir_bytes(dir) + len > (uint64_t) BENCH_INI(output_max_mb) * 1024 * 1024) {
		p->dropped++;
		if (!p->warned_budget) {
			p->warned_budget = true;
			php_error_docref(NULL, E_WARNING, "bench: profile dropped: the bench files in %s would pass "
				"bench.output_max_mb=" ZEND_LONG_FMT "; later drops in this process are counted in bench_info(), not repeated",
				dir, BENCH_INI(output_max_mb));
		}
		free(compressed);
		return;
	}

	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		bench_dump_failed(p, path, strerror(errno));
	} else if (!bench_dump_write_all(fd, data, len)) {
		int err = errno;
		close(fd);
		unlink(tmp);
		bench_dump_failed(p, path, strerror(err));
	} else if (close(fd) != 0 || rename(tmp, path) != 0) {
		int err = errno;
		unlink(tmp);
		bench_dump_failed(p, path, strerror(err));
	} else {
		p->written++;
	}
	free(compressed);
}

void bench_dump_profile(bench_profile_state *p)
{
	bench_dump_views v;
	bench_buf b = {0};

	if (!bench_dump_build_views(&v, p)) {
		bench_dump_free_views(&v);
		bench_dump_failed(p, "(not built)", "out of memory");
		return;
	}
	switch ((bench_format) BENCH_INI(output_format)) {
		case BENCH_FORMAT_FOLDED:
			bench_dump_folded(&b, &v);
			break;
		case BENCH_FORMAT_JSON:
			bench_dump_json(&b, &v);
			break;
		default:
			bench_dump_callgrind(&b, &v);
			break;
	}
	if (b.failed) {
		bench_dump_failed(p, "(not built)", "out of memory");
	} else {
		bench_dump_write(p, &b);
	}
	if (BENCH_INI(report)) {
		bench_dump_report(&v);
	}
	bench_buf_free(&b);
	bench_dump_free_views(&v);
}
