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
#include "views.h"

int bench_dump_counters(const bench_profile_state *p, const bench_dump_settings *s, int *out)
{
	int n = 0;

	if (s->merge) {
		for (; n < s->merge->ncounters; n++) {
			out[n] = n;
		}
		return n;
	}
	if (p->sampled) {
		out[n++] = bench_dump_sort_counter(p, s);
		if (p->alloc_counters) {
			out[n++] = BENCH_COUNTER_ALLOCS;
			out[n++] = BENCH_COUNTER_ALLOC_BYTES;
			/* The sampled allocations still held when the request ended (src/alloc/live.h). */
			out[n++] = BENCH_COUNTER_LIVE_ALLOCS;
			out[n++] = BENCH_COUNTER_LIVE_BYTES;
		}
		return n;
	}
	for (int c = 0; c < BENCH_COUNTER_VECTOR_COUNT; c++) {
		if (bench_cost_attributed((bench_counter) c) && s->available[c]) {
			out[n++] = c;
		}
	}
	/* Read from the profile, not the settings: the writer thread may write it. */
	for (int c = BENCH_COUNTER_VECTOR_COUNT; c < BENCH_COUNTER_COUNT && p->live; c++) {
		out[n++] = c;
	}
	return n;
}

/*
 * Adds each node's inclusive cost (in place) to its function's, but not a
 * node's under another of the same function: a recursion counts once.
 * Depth first, keeping per function how many of its nodes are on the path,
 * in one pass (a walk up from each node would be quadratic in a deep tree).
 */
static bool bench_dump_add_inclusive(bench_dump_views *v, uint32_t nfuncs)
{
	const bench_profile_state *p = v->p;
	uint32_t *first_child = malloc(((size_t) p->nodes_used + 1) * sizeof(*first_child));
	uint32_t *next_sibling = malloc(((size_t) p->nodes_used + 1) * sizeof(*next_sibling));
	uint32_t *on_path = calloc(nfuncs, sizeof(*on_path));
	uint32_t roots = BENCH_PROFILE_NONE;

	if (!first_child || !next_sibling || !on_path) {
		free(first_child);
		free(next_sibling);
		free(on_path);
		return false;
	}
	memset(first_child, 0xff, ((size_t) p->nodes_used + 1) * sizeof(*first_child));
	for (uint32_t n = p->nodes_used; n-- > 0;) {
		uint32_t *head = p->nodes[n].parent == BENCH_PROFILE_NONE ? &roots : &first_child[p->nodes[n].parent];

		next_sibling[n] = *head;
		*head = n;
	}
	for (uint32_t n = roots; n != BENCH_PROFILE_NONE;) {
		if (on_path[bench_dump_func_of(p, n)]++ == 0) {
			int64_t *inclusive = v->flat[bench_dump_func_of(p, n)].inclusive;

			for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
				inclusive[c] += p->nodes[n].own[c];
			}
		}
		if (first_child[n] != BENCH_PROFILE_NONE) {
			n = first_child[n];
			continue;
		}
		/* Leaves n, and each parent whose last child it was, up to the next sibling. */
		while (n != BENCH_PROFILE_NONE) {
			on_path[bench_dump_func_of(p, n)]--;
			if (next_sibling[n] != BENCH_PROFILE_NONE) {
				n = next_sibling[n];
				break;
			}
			n = p->nodes[n].parent;
		}
	}
	free(first_child);
	free(next_sibling);
	free(on_path);
	return true;
}

/*
 * qsort() has no context argument everywhere: the views being sorted, per
 * thread (__thread, not ZEND_TLS, which is a plain static without ZTS, where
 * the writer thread and the PHP thread may sort at once).
 */
static __thread const bench_dump_views *bench_dump_sort_views;

static int bench_dump_by_own(const void *a, const void *b)
{
	const bench_dump_views *v = bench_dump_sort_views;
	const bench_dump_flat *x = &v->flat[*(const uint32_t *) a], *y = &v->flat[*(const uint32_t *) b];

	/* A merge by calls (-1). */
	if (v->sort_counter < 0) {
		return x->calls < y->calls ? 1 : (x->calls > y->calls ? -1 : 0);
	}
	return x->own[v->sort_counter] < y->own[v->sort_counter] ? 1 : (x->own[v->sort_counter] > y->own[v->sort_counter] ? -1 : 0);
}

/*
 * Adds each node's own cost into its parent, from the last node (children
 * come after their parents). A request's tree has one root, node 0; a
 * merge's may have several.
 */
static void bench_dump_own_to_inclusive(bench_profile_state *p)
{
	for (uint32_t n = p->nodes_used; n-- > 0;) {
		if (p->nodes[n].parent == BENCH_PROFILE_NONE) {
			continue;
		}
		int64_t *parent = p->nodes[p->nodes[n].parent].own;

		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			parent[c] += p->nodes[n].own[c];
		}
	}
}

/* The reverse, from the first node: a node still holds its inclusive cost when it is taken off its parent. */
static void bench_dump_inclusive_to_own(bench_profile_state *p)
{
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		if (p->nodes[n].parent == BENCH_PROFILE_NONE) {
			continue;
		}
		int64_t *parent = p->nodes[p->nodes[n].parent].own;

		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			parent[c] -= p->nodes[n].own[c];
		}
	}
}

static int bench_dump_by_func_line(const void *a, const void *b)
{
	const bench_dump_line *x = a, *y = b;

	if (x->func != y->func) {
		return x->func < y->func ? -1 : 1;
	}
	return x->line < y->line ? -1 : (x->line > y->line ? 1 : 0);
}

/*
 * Whether the profile counted opcodes per line of each function: not where
 * frames were folded into a node of another function, which then counted
 * their lines as its own. (pprof.c asks too.)
 */
bool bench_dump_has_line_ops(const bench_profile_state *p)
{
	return !p->sampled && p->line_ops && !p->folded_depth && !p->folded_nodes;
}

/* The entry of (func, line) in a table of size slots (a power of two), made on first use. */
static bench_dump_line *bench_dump_line_of(bench_dump_views *v, uint32_t *table, uint32_t size, uint32_t func, uint32_t line)
{
	uint32_t slot = (func * 0x9E3779B1u ^ line * 0x85EBCA77u) & (size - 1), l;

	while ((l = table[slot]) != BENCH_PROFILE_NONE && (v->lines[l].func != func || v->lines[l].line != line)) {
		slot = (slot + 1) & (size - 1);
	}
	if (l == BENCH_PROFILE_NONE) {
		l = table[slot] = v->nlines++;
		v->lines[l].func = func;
		v->lines[l].line = line;
		v->lines[l].calls = 0;
		memset(v->lines[l].own, 0, sizeof(v->lines[l].own));
		v->func_lines[func + 1]++;
	}
	return &v->lines[l];
}

/* The lines of func with opcodes counted on them, added to the table; at most how many. */
static uint32_t bench_dump_count_op_lines(const bench_profile_state *p)
{
	uint32_t lines = 0;

	for (uint32_t f = 0; f < p->funcs_used; f++) {
		for (uint32_t i = 0; i < p->funcs[f].ops.size; i++) {
			lines += p->funcs[f].ops.counts[i] != 0;
		}
	}
	return lines;
}

/*
 * A function's opcodes on the lines that ran them; what no line of it
 * counted ({request}'s, a line outside its code) on its first line. The
 * sum stays its own opcodes.
 */
static void bench_dump_add_line_ops(bench_dump_views *v, uint32_t *table, uint32_t size, uint32_t func)
{
	const bench_profile_state *p = v->p;
	const bench_ops_lines *ops = func < p->funcs_used ? &p->funcs[func].ops : NULL;
	int64_t rest = v->flat[func].own[BENCH_COUNTER_OPS];

	for (uint32_t i = 0; ops && i < ops->size; i++) {
		if (ops->counts[i]) {
			bench_dump_line_of(v, table, size, func, ops->base + i)->own[BENCH_COUNTER_OPS] += (int64_t) ops->counts[i];
			rest -= (int64_t) ops->counts[i];
		}
	}
	bench_dump_line_of(v, table, size, func, bench_dump_func_line(p, func))->own[BENCH_COUNTER_OPS] += rest;
}

/*
 * Own costs per function and line (bench_dump_own_line(); opcodes on the
 * lines that ran them, where the profile counted them so), while the nodes
 * hold their own cost: summed in a (func, line) table at most half full,
 * then sorted by function and line.
 */
static bool bench_dump_build_lines(bench_dump_views *v, uint32_t nfuncs)
{
	const bench_profile_state *p = v->p;
	const bench_dump_flat *graph = v->settings->merge ? v->settings->merge->graph_flat : NULL;
	bool line_ops = v->line_ops = bench_dump_has_line_ops(p);
	uint32_t most = p->nodes_used + (line_ops ? bench_dump_count_op_lines(p) : 0) + (graph ? nfuncs : 0), size = 16;
	while (size < most * 2) {
		size *= 2;
	}
	uint32_t *table = malloc(size * sizeof(*table));

	v->lines = malloc(((size_t) most + 1) * sizeof(*v->lines));
	v->func_lines = calloc(nfuncs + 1, sizeof(*v->func_lines));
	if (!table || !v->lines || !v->func_lines) {
		free(table);
		return false;
	}
	memset(table, 0xff, size * sizeof(*table));
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		bench_dump_line *entry = bench_dump_line_of(v, table, size, bench_dump_func_of(p, n), bench_dump_own_line(p, n));

		entry->calls += p->nodes[n].calls;
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			if (c != BENCH_COUNTER_OPS || !line_ops) {
				entry->own[c] += p->nodes[n].own[c];
			}
		}
	}
	for (uint32_t f = 0; line_ops && f < nfuncs; f++) {
		bench_dump_add_line_ops(v, table, size, f);
	}
	/* A merge's profiles without paths: a function's own cost on its first line. */
	for (uint32_t f = 0; graph && f < nfuncs; f++) {
		bench_dump_line *entry = bench_dump_line_of(v, table, size, f, bench_dump_func_line(p, f));

		entry->calls += graph[f].calls;
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			entry->own[c] += graph[f].own[c];
		}
	}
	free(table);
	qsort(v->lines, v->nlines, sizeof(*v->lines), bench_dump_by_func_line);
	for (uint32_t f = 0; f < nfuncs; f++) {
		v->func_lines[f + 1] += v->func_lines[f];
	}
	return true;
}

/* Groups the edges by caller (a counting sort of their indexes). */
static bool bench_dump_group_edges(bench_dump_views *v, uint32_t nfuncs)
{
	uint32_t *first = calloc(nfuncs + 1, sizeof(*first));

	v->by_caller = malloc(((size_t) v->nedges + 1) * sizeof(*v->by_caller));
	if (!first || !v->by_caller) {
		free(first);
		return false;
	}
	for (uint32_t e = 0; e < v->nedges; e++) {
		first[v->edges[e].caller + 1]++;
	}
	for (uint32_t f = 0; f < nfuncs; f++) {
		first[f + 1] += first[f];
	}
	for (uint32_t e = 0; e < v->nedges; e++) {
		v->by_caller[first[v->edges[e].caller]++] = e;
	}
	free(first);
	return true;
}

/*
 * Sample mode: the samples under each call, where a node's calls are the
 * samples that ended in it. Summed over an edge's nodes, as its inclusive
 * costs are: a recursive call's nested nodes count again.
 */
static bool bench_dump_edge_samples(bench_dump_views *v)
{
	const bench_profile_state *p = v->p;
	uint64_t *under = malloc(((size_t) p->nodes_used + 1) * sizeof(*under));

	if (!under) {
		return false;
	}
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		under[n] = p->nodes[n].calls;
	}
	/* A node comes after its parent. */
	for (uint32_t n = p->nodes_used; n-- > 0;) {
		if (p->nodes[n].parent != BENCH_PROFILE_NONE) {
			under[p->nodes[n].parent] += under[n];
		}
	}
	for (uint32_t e = 0; e < v->nedges; e++) {
		for (uint32_t n = v->edges[e].first_node; n != BENCH_PROFILE_NONE; n = v->next_node[n]) {
			v->edges[e].samples += under[n];
		}
	}
	free(under);
	return true;
}

/* The edge of (caller, callee, line) in a table of edge_mask + 1 slots, made on first use. */
static zend_always_inline uint32_t bench_dump_edge_of(bench_dump_views *v, uint32_t *table, uint32_t mask, uint32_t caller, uint32_t callee, uint32_t line)
{
	uint32_t slot = (caller * 0x9E3779B1u ^ callee * 0x85EBCA77u ^ line * 0xC2B2AE3Du) & mask, e;

	while ((e = table[slot]) != BENCH_PROFILE_NONE
			&& (v->edges[e].caller != caller || v->edges[e].callee != callee || v->edges[e].line != line)) {
		slot = (slot + 1) & mask;
	}
	if (e == BENCH_PROFILE_NONE) {
		e = table[slot] = v->nedges++;
		memset(&v->edges[e], 0, sizeof(v->edges[e]));
		v->edges[e].caller = caller;
		v->edges[e].callee = callee;
		v->edges[e].line = line;
		v->edges[e].first_node = BENCH_PROFILE_NONE;
	}
	return e;
}

/* A merge: what its profiles without call paths gave, per function and per call edge. */
static void bench_dump_add_graph(bench_dump_views *v, const bench_dump_merge *m, uint32_t nfuncs, uint32_t *table, uint32_t mask)
{
	for (uint32_t f = 0; m->graph_flat && f < nfuncs; f++) {
		v->flat[f].calls += m->graph_flat[f].calls;
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			v->flat[f].own[c] += m->graph_flat[f].own[c];
			v->flat[f].inclusive[c] += m->graph_flat[f].inclusive[c];
		}
	}
	for (uint32_t g = 0; g < m->ngraph_edges; g++) {
		const bench_dump_graph_edge *ge = &m->graph_edges[g];
		bench_dump_edge *edge = &v->edges[bench_dump_edge_of(v, table, mask, ge->caller, ge->callee, 0)];

		edge->calls += ge->calls;
		edge->samples += ge->calls;
		edge->graph_inclusive = ge->inclusive;
	}
}

bool bench_dump_build_views(bench_dump_views *v, bench_profile_state *p, const bench_dump_settings *s)
{
	uint32_t nfuncs = p->funcs_used + 1;
	uint32_t ngraph = s->merge ? s->merge->ngraph_edges : 0;

	memset(v, 0, sizeof(*v));
	v->p = p;
	v->settings = s;
	/* Without time samples, the sampled allocations rank the functions, not a time that is zero everywhere. */
	v->sort_counter = p->sampled && p->time_samples_off && p->allocs_sampled ? BENCH_COUNTER_ALLOC_BYTES : bench_dump_sort_counter(p, s);
	v->ncounters = bench_dump_counters(p, s, v->counters);
	for (int i = 0; i < v->ncounters; i++) {
		v->attributed[v->counters[i]] = true;
	}
	v->flat = calloc(nfuncs, sizeof(*v->flat));
	v->edges = malloc(((size_t) p->nodes_used + ngraph + 1) * sizeof(*v->edges));
	v->next_node = malloc(((size_t) p->nodes_used + 1) * sizeof(*v->next_node));
	v->order = malloc(nfuncs * sizeof(*v->order));

	/* (caller, callee, line) -> edge, open addressing at most half full. */
	uint32_t edge_size = 16;
	while (edge_size < (p->nodes_used + ngraph) * 2) {
		edge_size *= 2;
	}
	uint32_t edge_mask = edge_size - 1;
	uint32_t *edge_table = malloc(edge_size * sizeof(*edge_table));
	if (!v->flat || !v->edges || !v->next_node || !v->order || !edge_table) {
		free(edge_table);
		return false;
	}
	memset(edge_table, 0xff, edge_size * sizeof(*edge_table));

	/* Own costs and calls per function, then edges, while the nodes hold their own cost. */
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		const bench_profile_node *node = &p->nodes[n];
		bench_dump_flat *f = &v->flat[bench_dump_func_of(p, n)];

		f->calls += node->calls;
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			f->own[c] += node->own[c];
		}
		if (node->parent == BENCH_PROFILE_NONE) {
			continue;
		}
		uint32_t e = bench_dump_edge_of(v, edge_table, edge_mask, bench_dump_func_of(p, node->parent), bench_dump_func_of(p, n),
			bench_dump_call_line(p, n));

		v->edges[e].calls += node->calls;
		v->next_node[n] = v->edges[e].first_node;
		v->edges[e].first_node = n;
	}
	if (s->merge) {
		bench_dump_add_graph(v, s->merge, nfuncs, edge_table, edge_mask);
	}
	free(edge_table);
	if (!bench_dump_build_lines(v, nfuncs) || (p->sampled && !bench_dump_edge_samples(v))) {
		return false;
	}

	bench_dump_own_to_inclusive(p);
	v->inclusive_in_place = true;
	if (!bench_dump_add_inclusive(v, nfuncs)) {
		return false;
	}

	for (uint32_t i = 0; i < nfuncs; i++) {
		v->order[i] = i;
	}
	bench_dump_sort_views = v;
	qsort(v->order, nfuncs, sizeof(*v->order), bench_dump_by_own);
	return bench_dump_group_edges(v, nfuncs);
}

void bench_dump_edge_inclusive(const bench_dump_views *v, const bench_dump_edge *edge, int64_t *out)
{
	if (edge->graph_inclusive) {
		memcpy(out, edge->graph_inclusive, sizeof(*out) * BENCH_COUNTER_COUNT);
	} else {
		memset(out, 0, sizeof(*out) * BENCH_COUNTER_COUNT);
	}
	for (uint32_t n = edge->first_node; n != BENCH_PROFILE_NONE; n = v->next_node[n]) {
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			out[c] += v->p->nodes[n].own[c];
		}
	}
}

void bench_dump_views_restore_own(bench_dump_views *v)
{
	if (v->inclusive_in_place) {
		bench_dump_inclusive_to_own(v->p);
		v->inclusive_in_place = false;
	}
}

bool bench_dump_total_measured(const bench_dump_views *v, int c)
{
	if (v->p->sampled || v->settings->merge || BENCH_COUNTER_IS_LIVE(c)) {
		return v->attributed[c];
	}
	return v->settings->available[c];
}

void bench_dump_free_views(bench_dump_views *v)
{
	bench_dump_views_restore_own(v);
	free(v->flat);
	free(v->edges);
	free(v->next_node);
	free(v->by_caller);
	free(v->order);
	free(v->lines);
	free(v->func_lines);
	memset(v, 0, sizeof(*v));
}
