/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * For bin/bench only: the profiles it merged, handed over as arrays
 * (report/model.php's model_array()), read into a profile once, here, for
 * two functions. bench_internal_write_profile() writes them with the writers
 * and views that write a request's profile, so that each format has one
 * implementation; bench_internal_profile_views() returns those views, which
 * every report command shows, so that they have one too. The arrays come
 * from a model built of files anyone may have written: every index is
 * checked, a sum past int64 is refused, and the formats that spell out every
 * call's stack stop at a byte budget.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>
#include <string.h>
#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "php_bench.h"
#include "formats.h"
#include "views.h"

/* The codes of the exceptions bin/bench tells apart (report/merge.php). */
#define BENCH_MERGE_OVER_BUDGET 1
#define BENCH_MERGE_OVERFLOW 2

/* What the arrays are read into; freed whatever happened. */
typedef struct {
	bench_profile_state p;
	bench_dump_settings s;
	bench_dump_merge m;
	bench_dump_flat *graph_flat;
	bench_dump_graph_edge *graph_edges;
	uint32_t *root_label_set, *label_sets, *func_map, *node_map;
	bench_dump_label *labels;
	/** the first problem met; the rest is not read */
	bool failed;
} bench_merge_input;

/* The output: drained from the writers' buffer into a PHP string, up to max bytes (0: no limit). */
typedef struct {
	smart_str out;
	size_t max;
	bool over;
} bench_merge_output;

static bool bench_merge_drain(bench_buf *b, void *ctx)
{
	bench_merge_output *o = ctx;
	size_t len = o->out.s ? ZSTR_LEN(o->out.s) : 0;

	if (o->max && b->len > o->max - len) {
		o->over = true;
		return false;
	}
	smart_str_appendl(&o->out, b->data, b->len);
	return true;
}

static void bench_merge_fail(bench_merge_input *in, zend_long code, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);

static void bench_merge_fail(bench_merge_input *in, zend_long code, const char *format, ...)
{
	va_list args;

	if (in->failed) {
		return;
	}
	in->failed = true;
	va_start(args, format);
	zend_string *message = zend_vstrpprintf(0, format, args);
	va_end(args);
	zend_throw_exception(zend_ce_exception, ZSTR_VAL(message), code);
	zend_string_release(message);
}

/* Arrays that bin/bench did not build so: the message names the function called. */
static void bench_merge_bad(bench_merge_input *in, const char *format, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);

static void bench_merge_bad(bench_merge_input *in, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	zend_string *what = zend_vstrpprintf(0, format, args);
	va_end(args);
	bench_merge_fail(in, 0, "%s(): %s", get_active_function_name(), ZSTR_VAL(what));
	zend_string_release(what);
}

static void bench_merge_overflow(bench_merge_input *in)
{
	bench_merge_fail(in, BENCH_MERGE_OVERFLOW, "a merged count or cost passes the largest 64-bit integer");
}

/* The array at key (an empty one where absent); NULL, failed, where it is something else. */
static HashTable *bench_merge_array(bench_merge_input *in, HashTable *h, const char *key)
{
	zval *z = h ? zend_hash_str_find_deref(h, key, strlen(key)) : NULL;

	if (!z) {
		return (HashTable *) &zend_empty_array;
	}
	if (Z_TYPE_P(z) != IS_ARRAY) {
		bench_merge_bad(in, "\"%s\" is not an array", key);
		return NULL;
	}
	return Z_ARRVAL_P(z);
}

/* An integer; a float is a sum that passed int64 (PHP made it one). */
static int64_t bench_merge_long(bench_merge_input *in, const zval *z)
{
	if (z && Z_TYPE_P(z) == IS_LONG) {
		return Z_LVAL_P(z);
	}
	if (z && Z_TYPE_P(z) == IS_DOUBLE) {
		bench_merge_overflow(in);
	} else if (z) {
		bench_merge_bad(in, "a count is not an integer");
	}
	return 0;
}

static int64_t bench_merge_key_long(bench_merge_input *in, HashTable *h, const char *key)
{
	return bench_merge_long(in, zend_hash_str_find_deref(h, key, strlen(key)));
}

/* A string of the arrays: it stays theirs, alive until the call returns. */
static const char *bench_merge_string(bench_merge_input *in, const zval *z)
{
	if (z && Z_TYPE_P(z) == IS_STRING) {
		return Z_STRVAL_P(z);
	}
	bench_merge_bad(in, "a name is not a string");
	return "";
}

/* An index below limit (a function's, a node's, a counter's). */
static uint32_t bench_merge_index(bench_merge_input *in, zend_ulong i, uint64_t limit)
{
	if (i >= limit) {
		bench_merge_bad(in, "an index is out of range");
		return 0;
	}
	return (uint32_t) i;
}

/* [name, unit] per counter: slots 0 to n - 1 of own[]. */
static void bench_merge_counters(bench_merge_input *in, HashTable *counters)
{
	zval *c;

	if (zend_hash_num_elements(counters) > BENCH_COUNTER_COUNT) {
		bench_merge_fail(in, 0, "more than %d counters, as many as one profile of bench has", BENCH_COUNTER_COUNT);
		return;
	}
	ZEND_HASH_FOREACH_VAL(counters, c) {
		ZVAL_DEREF(c);
		if (Z_TYPE_P(c) != IS_ARRAY) {
			bench_merge_bad(in, "a counter is not [name, unit]");
			return;
		}
		in->m.counter_name[in->m.ncounters] = bench_merge_string(in, zend_hash_index_find_deref(Z_ARRVAL_P(c), 0));
		in->m.counter_unit[in->m.ncounters] = bench_merge_string(in, zend_hash_index_find_deref(Z_ARRVAL_P(c), 1));
		in->m.ncounters++;
	} ZEND_HASH_FOREACH_END();
}

/*
 * [name, file, line] per function. A merge's "{request}" (every profile of
 * bench has it, at its root) is the tree's own: the function after the
 * others, as in a request's profile.
 */
static void bench_merge_functions(bench_merge_input *in, HashTable *functions)
{
	bench_profile_state *p = &in->p;
	uint32_t n = zend_hash_num_elements(functions), k = 0;
	zval *f;

	p->funcs = safe_emalloc((size_t) n + 1, sizeof(*p->funcs), 0);
	in->func_map = safe_emalloc((size_t) n + 1, sizeof(*in->func_map), 0);
	ZEND_HASH_FOREACH_VAL(functions, f) {
		ZVAL_DEREF(f);
		if (Z_TYPE_P(f) != IS_ARRAY) {
			bench_merge_bad(in, "a function is not [name, file, line]");
			return;
		}
		const char *name = bench_merge_string(in, zend_hash_index_find_deref(Z_ARRVAL_P(f), 0));
		const char *file = bench_merge_string(in, zend_hash_index_find_deref(Z_ARRVAL_P(f), 1));
		int64_t line = bench_merge_long(in, zend_hash_index_find_deref(Z_ARRVAL_P(f), 2));

		/* An internal function has no file: bench writes it "php:internal", and reads it back so. */
		bool internal = !file[0] || strcmp(file, BENCH_DUMP_INTERNAL_FILE) == 0;

		if (strcmp(name, BENCH_DUMP_ROOT_NAME) == 0 && internal) {
			in->func_map[k++] = BENCH_PROFILE_NONE;
			continue;
		}
		in->func_map[k++] = p->funcs_used;
		memset(&p->funcs[p->funcs_used], 0, sizeof(p->funcs[p->funcs_used]));
		p->funcs[p->funcs_used].name = (char *) name;
		p->funcs[p->funcs_used].file = internal ? NULL : (char *) file;
		p->funcs[p->funcs_used].line = line > 0 && line <= UINT32_MAX ? (uint32_t) line : 0;
		p->funcs_used++;
	} ZEND_HASH_FOREACH_END();
}

/* Adds values [index => int] to int64 fields base + index * stride (index below limit, through map where given). */
static void bench_merge_add(bench_merge_input *in, HashTable *values, uint32_t limit, const uint32_t *map, int64_t *base, size_t stride)
{
	zend_ulong i;
	zval *z;

	ZEND_HASH_FOREACH_NUM_KEY_VAL(values, i, z) {
		ZVAL_DEREF(z);
		uint32_t at = bench_merge_index(in, i, limit);
		int64_t value = bench_merge_long(in, z);

		if (in->failed) {
			return;
		}
		if (map) {
			if (map[at] == BENCH_PROFILE_NONE) {
				continue;
			}
			at = map[at];
		}
		int64_t *to = (int64_t *) ((char *) base + (size_t) at * stride);
		if (__builtin_add_overflow(*to, value, to)) {
			bench_merge_overflow(in);
			return;
		}
	} ZEND_HASH_FOREACH_END();
}

/* Costs [counter => [index => int]] into own-like arrays of records stride bytes apart. */
static void bench_merge_add_costs(bench_merge_input *in, HashTable *costs, uint32_t limit, const uint32_t *map, int64_t *base, size_t stride)
{
	zend_ulong c;
	zval *z;

	ZEND_HASH_FOREACH_NUM_KEY_VAL(costs, c, z) {
		uint32_t counter = bench_merge_index(in, c, (uint64_t) in->m.ncounters);

		ZVAL_DEREF(z);
		if (!in->failed && Z_TYPE_P(z) != IS_ARRAY) {
			bench_merge_bad(in, "costs are not [counter => [index => value]]");
		}
		if (in->failed) {
			return;
		}
		bench_merge_add(in, Z_ARRVAL_P(z), limit, map, base + counter, stride);
	} ZEND_HASH_FOREACH_END();
}

/*
 * The tree: per node its parent (-1: a root) and function, its calls and
 * own costs. A node whose function is negative stands for the label set
 * -1 - function of the profiles under it (pprof): it is left out, and its
 * children are roots that carry the set.
 */
static void bench_merge_tree(bench_merge_input *in, HashTable *h, uint32_t nfuncs)
{
	bench_profile_state *p = &in->p;
	HashTable *parents = bench_merge_array(in, h, "parent"), *funcs = bench_merge_array(in, h, "func");
	HashTable *calls = bench_merge_array(in, h, "calls"), *own = bench_merge_array(in, h, "own");

	if (in->failed) {
		return;
	}
	uint32_t n = zend_hash_num_elements(parents), nsets = in->m.nlabel_sets;
	if (zend_hash_num_elements(funcs) != n) {
		bench_merge_bad(in, "\"parent\" and \"func\" differ in length");
		return;
	}
	p->nodes = safe_emalloc((size_t) n + 1, sizeof(*p->nodes), 0);
	in->node_map = safe_emalloc((size_t) n + 1, sizeof(*in->node_map), 0);
	in->root_label_set = safe_emalloc((size_t) n + 1, sizeof(*in->root_label_set), 0);
	/* Per node of the arrays, the label set it stands for (BENCH_PROFILE_NONE: a node of a function). */
	uint32_t *set_of = safe_emalloc((size_t) n + 1, sizeof(*set_of), 0);
	for (uint32_t i = 0; i < n && !in->failed; i++) {
		int64_t parent = bench_merge_long(in, zend_hash_index_find_deref(parents, i));
		int64_t func = bench_merge_long(in, zend_hash_index_find_deref(funcs, i));

		/* A parent comes before its children. */
		if (parent < -1 || parent >= (int64_t) i || func < -(int64_t) nsets || func >= (int64_t) nfuncs) {
			bench_merge_bad(in, "node %u has a parent or function out of range", i);
			break;
		}
		if (func < 0) {
			in->node_map[i] = BENCH_PROFILE_NONE;
			set_of[i] = (uint32_t) (-1 - func);
			continue;
		}
		set_of[i] = BENCH_PROFILE_NONE;
		bench_profile_node *node = &p->nodes[p->nodes_used];

		memset(node, 0, sizeof(*node));
		node->func = in->func_map[func];
		node->parent = parent < 0 ? BENCH_PROFILE_NONE : in->node_map[parent];
		in->root_label_set[p->nodes_used] = parent >= 0 ? set_of[parent] : BENCH_PROFILE_NONE;
		in->node_map[i] = p->nodes_used++;
	}
	efree(set_of);
	if (!in->failed) {
		bench_merge_add(in, calls, n, in->node_map, (int64_t *) &p->nodes[0].calls, sizeof(*p->nodes));
	}
	if (!in->failed) {
		bench_merge_add_costs(in, own, n, in->node_map, p->nodes[0].own, sizeof(*p->nodes));
	}
	for (uint32_t i = 0; i < p->nodes_used && !in->failed; i++) {
		if ((int64_t) p->nodes[i].calls < 0) {
			bench_merge_fail(in, 0, "a merged count of calls is below 0");
		}
	}
}

/* Profiles with call edges only: per function calls, own and inclusive costs; per call edge [caller, callee, calls, costs]. */
static void bench_merge_graph(bench_merge_input *in, HashTable *g, uint32_t nfuncs)
{
	HashTable *edges = bench_merge_array(in, g, "edges"), *calls = bench_merge_array(in, g, "calls");
	HashTable *own = bench_merge_array(in, g, "own"), *inclusive = bench_merge_array(in, g, "inclusive");
	zval *e;

	if (in->failed) {
		return;
	}
	in->graph_flat = ecalloc((size_t) in->p.funcs_used + 1, sizeof(*in->graph_flat));
	/* The arrays' functions, mapped: {request} is the last. */
	uint32_t *map = safe_emalloc((size_t) nfuncs + 1, sizeof(*map), 0);
	for (uint32_t f = 0; f < nfuncs; f++) {
		map[f] = in->func_map[f] == BENCH_PROFILE_NONE ? in->p.funcs_used : in->func_map[f];
	}
	bench_merge_add(in, calls, nfuncs, map, (int64_t *) &in->graph_flat[0].calls, sizeof(*in->graph_flat));
	if (!in->failed) {
		bench_merge_add_costs(in, own, nfuncs, map, in->graph_flat[0].own, sizeof(*in->graph_flat));
	}
	if (!in->failed) {
		bench_merge_add_costs(in, inclusive, nfuncs, map, in->graph_flat[0].inclusive, sizeof(*in->graph_flat));
	}

	in->graph_edges = safe_emalloc((size_t) zend_hash_num_elements(edges) + 1, sizeof(*in->graph_edges), 0);
	ZEND_HASH_FOREACH_VAL(edges, e) {
		ZVAL_DEREF(e);
		HashTable *edge = Z_TYPE_P(e) == IS_ARRAY ? Z_ARRVAL_P(e) : NULL;
		zval *costs = edge ? zend_hash_index_find_deref(edge, 3) : NULL;
		zend_ulong c;
		zval *value;

		if (in->failed) {
			break;
		}
		if (!costs || Z_TYPE_P(costs) != IS_ARRAY) {
			bench_merge_bad(in, "an edge is not [caller, callee, calls, costs]");
			break;
		}
		bench_dump_graph_edge *to = &in->graph_edges[in->m.ngraph_edges++];
		int64_t caller = bench_merge_long(in, zend_hash_index_find_deref(edge, 0)), callee = bench_merge_long(in, zend_hash_index_find_deref(edge, 1));
		int64_t edge_calls = bench_merge_long(in, zend_hash_index_find_deref(edge, 2));

		memset(to, 0, sizeof(*to));
		to->caller = map[bench_merge_index(in, caller < 0 ? nfuncs : (zend_ulong) caller, nfuncs)];
		to->callee = map[bench_merge_index(in, callee < 0 ? nfuncs : (zend_ulong) callee, nfuncs)];
		if (edge_calls < 0) {
			bench_merge_fail(in, 0, "a merged count of calls is below 0");
		}
		to->calls = (uint64_t) edge_calls;
		ZEND_HASH_FOREACH_NUM_KEY_VAL(Z_ARRVAL_P(costs), c, value) {
			ZVAL_DEREF(value);
			uint32_t counter = bench_merge_index(in, c, (uint64_t) in->m.ncounters);
			to->inclusive[counter] = bench_merge_long(in, value);
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	efree(map);
	for (uint32_t f = 0; f <= in->p.funcs_used && !in->failed; f++) {
		if ((int64_t) in->graph_flat[f].calls < 0) {
			bench_merge_fail(in, 0, "a merged count of calls is below 0");
		}
	}
	in->m.graph = true;
	in->m.graph_flat = in->graph_flat;
	in->m.graph_edges = in->graph_edges;
}

/* The label sets, each a list of [key, string or int] (pprof). */
static void bench_merge_labels(bench_merge_input *in, HashTable *sets)
{
	uint32_t n = zend_hash_num_elements(sets), count = 0, i = 0;
	zval *set, *label;

	ZEND_HASH_FOREACH_VAL(sets, set) {
		ZVAL_DEREF(set);
		if (Z_TYPE_P(set) != IS_ARRAY) {
			bench_merge_bad(in, "a label set is not a list");
			return;
		}
		count += zend_hash_num_elements(Z_ARRVAL_P(set));
	} ZEND_HASH_FOREACH_END();
	in->label_sets = safe_emalloc((size_t) n + 1, sizeof(*in->label_sets), 0);
	in->labels = safe_emalloc((size_t) count + 1, sizeof(*in->labels), 0);
	count = 0;
	ZEND_HASH_FOREACH_VAL(sets, set) {
		ZVAL_DEREF(set);
		in->label_sets[i++] = count;
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(set), label) {
			ZVAL_DEREF(label);
			zval *value = Z_TYPE_P(label) == IS_ARRAY ? zend_hash_index_find_deref(Z_ARRVAL_P(label), 1) : NULL;
			bench_dump_label *to = &in->labels[count++];

			to->key = bench_merge_string(in, Z_TYPE_P(label) == IS_ARRAY ? zend_hash_index_find_deref(Z_ARRVAL_P(label), 0) : NULL);
			to->str = value && Z_TYPE_P(value) == IS_LONG ? NULL : bench_merge_string(in, value);
			to->num = value && Z_TYPE_P(value) == IS_LONG ? Z_LVAL_P(value) : 0;
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	in->label_sets[n] = count;
	in->m.labels = in->labels;
	in->m.label_sets = in->label_sets;
	in->m.nlabel_sets = n;
}

/* Adds |value| to *sum; false where it passes int64. */
static bool bench_merge_magnitude(uint64_t *sum, int64_t value)
{
	return value != INT64_MIN && !__builtin_add_overflow(*sum, (uint64_t) (value < 0 ? -value : value), sum) && *sum <= INT64_MAX;
}

/*
 * Per counter, the sum of every value's magnitude, and of the calls: the
 * views' sums (a function's, a node's inclusive cost, the totals) are sums
 * of some of them, so cannot pass int64 where these do not. The totals are
 * what the functions own.
 */
static void bench_merge_totals(bench_merge_input *in)
{
	bench_profile_state *p = &in->p;
	uint64_t sum[BENCH_COUNTER_COUNT + 1] = {0};
	const int calls = BENCH_COUNTER_COUNT;
	bool fit = true;

	for (uint32_t n = 0; n < p->nodes_used; n++) {
		fit = fit && bench_merge_magnitude(&sum[calls], (int64_t) p->nodes[n].calls);
		for (int c = 0; c < in->m.ncounters; c++) {
			fit = fit && bench_merge_magnitude(&sum[c], p->nodes[n].own[c]);
			p->total.value[c] += p->nodes[n].own[c];
		}
	}
	for (uint32_t f = 0; in->graph_flat && f <= p->funcs_used; f++) {
		fit = fit && bench_merge_magnitude(&sum[calls], (int64_t) in->graph_flat[f].calls);
		for (int c = 0; c < in->m.ncounters; c++) {
			fit = fit && bench_merge_magnitude(&sum[c], in->graph_flat[f].own[c])
				&& bench_merge_magnitude(&sum[c], in->graph_flat[f].inclusive[c]);
			p->total.value[c] += in->graph_flat[f].own[c];
		}
	}
	for (uint32_t e = 0; e < in->m.ngraph_edges; e++) {
		fit = fit && bench_merge_magnitude(&sum[calls], (int64_t) in->graph_edges[e].calls);
		for (int c = 0; c < in->m.ncounters; c++) {
			fit = fit && bench_merge_magnitude(&sum[c], in->graph_edges[e].inclusive[c]);
		}
	}
	if (!fit) {
		bench_merge_overflow(in);
	}
}

/* A call edge's inclusive cost sums its nodes', and a recursive call's nodes nest: the one sum the magnitudes do not bound. */
static bool bench_merge_edges_fit(const bench_dump_views *v, int ncounters)
{
	for (uint32_t e = 0; e < v->nedges; e++) {
		for (int c = 0; c < ncounters; c++) {
			int64_t sum = v->edges[e].graph_inclusive ? v->edges[e].graph_inclusive[c] : 0;

			for (uint32_t n = v->edges[e].first_node; n != BENCH_PROFILE_NONE; n = v->next_node[n]) {
				if (__builtin_add_overflow(sum, v->p->nodes[n].own[c], &sum)) {
					return false;
				}
			}
		}
	}
	return true;
}

/* How deep the tree is, and its deepest node (numbered from 1), for the stack budget's message. */
static void bench_merge_depth(const bench_profile_state *p, uint32_t *deepest, uint32_t *at)
{
	uint32_t *depth = safe_emalloc((size_t) p->nodes_used + 1, sizeof(*depth), 0);

	*deepest = *at = 0;
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		depth[n] = p->nodes[n].parent == BENCH_PROFILE_NONE ? 1 : depth[p->nodes[n].parent] + 1;
		if (depth[n] > *deepest) {
			*deepest = depth[n];
			*at = n + 1;
		}
	}
	efree(depth);
}

/*
 * What both functions read: the counters, the functions, the label sets
 * (the tree's pseudo nodes name them), the tree, and what profiles with
 * call edges only gave.
 */
static void bench_merge_read_model(bench_merge_input *in, HashTable *h)
{
	HashTable *counters = bench_merge_array(in, h, "counters"), *functions = bench_merge_array(in, h, "functions");
	HashTable *sets = bench_merge_array(in, h, "label_sets");
	zval *graph = zend_hash_str_find_deref(h, ZEND_STRL("graph"));

	if (in->failed) {
		return;
	}
	bench_merge_counters(in, counters);
	if (!in->failed) {
		bench_merge_functions(in, functions);
	}
	if (!in->failed) {
		bench_merge_labels(in, sets);
	}
	if (!in->failed) {
		bench_merge_tree(in, h, zend_hash_num_elements(functions));
		in->m.root_label_set = in->root_label_set;
	}
	if (!in->failed && graph) {
		if (Z_TYPE_P(graph) != IS_ARRAY) {
			bench_merge_bad(in, "\"graph\" is not an array");
			return;
		}
		bench_merge_graph(in, Z_ARRVAL_P(graph), zend_hash_num_elements(functions));
	}
}

/* The model, and what a written profile says besides: the counter that orders, what was merged, when. */
static void bench_merge_read(bench_merge_input *in, HashTable *h)
{
	bench_profile_state *p = &in->p;
	zval *sampled = zend_hash_str_find_deref(h, ZEND_STRL("sampled"));

	bench_merge_read_model(in, h);
	if (in->failed) {
		return;
	}
	in->m.by = (int) bench_merge_key_long(in, h, "by");
	if (in->m.by < -1 || in->m.by >= in->m.ncounters) {
		bench_merge_bad(in, "\"by\" names no counter");
		return;
	}
	in->m.description = bench_merge_string(in, zend_hash_str_find_deref(h, ZEND_STRL("description")));
	in->m.mode = bench_merge_string(in, zend_hash_str_find_deref(h, ZEND_STRL("mode")));
	in->m.profiles = (uint64_t) bench_merge_key_long(in, h, "profiles");
	/* pprof and folded stacks write each node's own values as they are: they need no sums. */
	if (!in->failed && !bench_dump_formats[in->s.format].write) {
		bench_merge_totals(in);
	}
	p->sampled = sampled && zend_is_true(sampled);
	p->request.time_ns = bench_merge_key_long(in, h, "time_ns");
	p->request.duration_ns = bench_merge_key_long(in, h, "duration_ns");
	in->s.sample_interval_us = (zend_long) (bench_merge_key_long(in, h, "interval_ns") / 1000);
	in->s.sample_cpu = in->m.by >= 0 && strcmp(in->m.counter_name[in->m.by], "cpu_ns") == 0;
	in->s.merge = &in->m;
}

static void bench_merge_free(bench_merge_input *in)
{
	void *arrays[] = {in->p.nodes, in->p.funcs, in->graph_flat, in->graph_edges, in->root_label_set, in->label_sets,
		in->func_map, in->node_map, in->labels};

	for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) {
		if (arrays[i]) {
			efree(arrays[i]);
		}
	}
}

/* Writes the profile read into in: true, or false with the exception thrown. */
static bool bench_merge_write(bench_merge_input *in, bench_merge_output *out)
{
	const bench_dump_format *format = &bench_dump_formats[in->s.format];
	/* Drained every 64 KiB, as a request's profile is. */
	bench_buf b = {.data = emalloc(64 << 10), .cap = 64 << 10, .drain = bench_merge_drain, .ctx = out};
	bench_dump_views v;

	b.data[0] = '\0';
	if (format->write) {
		format->write(&b, &in->p, &in->s);
	} else if (!bench_dump_build_views(&v, &in->p, &in->s)) {
		b.failed = true;
		bench_dump_free_views(&v);
	} else {
		if (bench_merge_edges_fit(&v, in->m.ncounters)) {
			format->write_views(&b, &v);
		} else {
			bench_merge_overflow(in);
		}
		bench_dump_free_views(&v);
	}
	if (!in->failed && !b.failed && b.len && !bench_merge_drain(&b, out)) {
		b.failed = true;
	}
	efree(b.data);
	if (!in->failed && out->over) {
		uint32_t deepest, at;

		bench_merge_depth(&in->p, &deepest, &at);
		bench_merge_fail(in, BENCH_MERGE_OVER_BUDGET, "%u calls deep at node %u", deepest, at);
	} else if (!in->failed && b.failed) {
		bench_merge_fail(in, 0, "out of memory writing the merged profile");
	}
	return !in->failed;
}

/* {{{ bench_internal_write_profile(string $format, array $profile, int $max_bytes): string */
PHP_FUNCTION(bench_internal_write_profile)
{
	zend_string *format_name;
	HashTable *profile;
	zend_long max_bytes;
	bench_merge_input in;
	bench_merge_output out = {0};
	int format = -1;

	ZEND_PARSE_PARAMETERS_START(3, 3)
		Z_PARAM_STR(format_name)
		Z_PARAM_ARRAY_HT(profile)
		Z_PARAM_LONG(max_bytes)
	ZEND_PARSE_PARAMETERS_END();

	for (int f = 0; f < BENCH_FORMAT_COUNT; f++) {
		if (zend_string_equals_cstr(format_name, bench_dump_formats[f].name, strlen(bench_dump_formats[f].name))) {
			format = f;
		}
	}
	if (format < 0) {
		zend_argument_value_error(1, "is not a format of bench");
		RETURN_THROWS();
	}
	memset(&in, 0, sizeof(in));
	in.s.format = (bench_format) format;
	out.max = max_bytes > 0 ? (size_t) max_bytes : 0;
	bench_merge_read(&in, profile);
	bool written = !in.failed && bench_merge_write(&in, &out);
	bench_merge_free(&in);
	if (!written) {
		smart_str_free(&out.out);
		RETURN_THROWS();
	}
	RETURN_STR(out.out.s ? smart_str_extract(&out.out) : ZSTR_EMPTY_ALLOC());
}
/* }}} */

/* [id => value]: a counter's non-zero values at stride bytes apart, of the count functions listed, under their ids. */
static void bench_merge_put_values(zval *to, const int64_t *base, size_t stride, const uint32_t *ids, uint32_t count, const bool *listed)
{
	array_init(to);
	for (uint32_t i = 0; i < count; i++) {
		int64_t value = *(const int64_t *) ((const char *) base + (size_t) i * stride);

		if (listed[i] && value) {
			add_index_long(to, ids[i], (zend_long) value);
		}
	}
}

/*
 * The views as report/views.php's Views holds them, keyed by the arrays'
 * function and counter ids: calls per function that has a node or a value;
 * own and inclusive costs per counter and function; per call edge [caller,
 * callee, calls, [counter => inclusive]]; per counter the total. A zero cost
 * is left out.
 */
static void bench_merge_put_views(bench_merge_input *in, const bench_dump_views *v, uint32_t nfuncs, zval *return_value)
{
	const bench_profile_state *p = &in->p;
	uint32_t count = p->funcs_used + 1;
	/* Per function of the views, the arrays' id ({request}, last, that of the function that stood for it). */
	uint32_t *ids = ecalloc(count, sizeof(*ids));
	bool *listed = ecalloc(count, sizeof(*listed));
	zval calls, own, incl, edges, total, costs;

	for (uint32_t f = 0; f < nfuncs; f++) {
		ids[in->func_map[f] == BENCH_PROFILE_NONE ? p->funcs_used : in->func_map[f]] = f;
	}
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		listed[bench_dump_func_of(p, n)] = true;
	}
	for (uint32_t f = 0; in->graph_flat && f < count; f++) {
		for (int c = 0; c < in->m.ncounters && !listed[f]; c++) {
			listed[f] = in->graph_flat[f].own[c] || in->graph_flat[f].inclusive[c];
		}
		listed[f] = listed[f] || in->graph_flat[f].calls;
	}

	array_init_size(&calls, count);
	for (uint32_t f = 0; f < count; f++) {
		if (listed[f]) {
			add_index_long(&calls, ids[f], (zend_long) v->flat[f].calls);
		}
	}
	array_init_size(&own, in->m.ncounters);
	array_init_size(&incl, in->m.ncounters);
	array_init_size(&total, in->m.ncounters);
	for (int c = 0; c < in->m.ncounters; c++) {
		zval values;

		bench_merge_put_values(&values, &v->flat[0].own[c], sizeof(*v->flat), ids, count, listed);
		add_index_zval(&own, c, &values);
		bench_merge_put_values(&values, &v->flat[0].inclusive[c], sizeof(*v->flat), ids, count, listed);
		add_index_zval(&incl, c, &values);
		add_index_long(&total, c, (zend_long) p->total.value[c]);
	}
	array_init_size(&edges, v->nedges);
	for (uint32_t e = 0; e < v->nedges; e++) {
		const bench_dump_edge *edge = &v->edges[e];
		int64_t inclusive[BENCH_COUNTER_COUNT];
		zval entry;

		bench_dump_edge_inclusive(v, edge, inclusive);
		array_init(&costs);
		for (int c = 0; c < in->m.ncounters; c++) {
			if (inclusive[c]) {
				add_index_long(&costs, c, (zend_long) inclusive[c]);
			}
		}
		array_init_size(&entry, 4);
		add_next_index_long(&entry, ids[edge->caller]);
		add_next_index_long(&entry, ids[edge->callee]);
		add_next_index_long(&entry, (zend_long) edge->calls);
		add_next_index_zval(&entry, &costs);
		add_next_index_zval(&edges, &entry);
	}
	efree(ids);
	efree(listed);

	array_init_size(return_value, 5);
	add_assoc_zval(return_value, "calls", &calls);
	add_assoc_zval(return_value, "own", &own);
	add_assoc_zval(return_value, "incl", &incl);
	add_assoc_zval(return_value, "edges", &edges);
	add_assoc_zval(return_value, "total", &total);
}

/* {{{ bench_internal_profile_views(array $profile): array */
PHP_FUNCTION(bench_internal_profile_views)
{
	HashTable *profile;
	bench_merge_input in;
	bench_dump_views v;
	bool built = false;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(profile)
	ZEND_PARSE_PARAMETERS_END();

	memset(&in, 0, sizeof(in));
	/* A merge's views: its counters are slots 0 to n - 1; by calls, as no output is ordered here. */
	in.m.by = -1;
	in.s.merge = &in.m;
	bench_merge_read_model(&in, profile);
	if (!in.failed) {
		bench_merge_totals(&in);
	}
	if (!in.failed) {
		built = bench_dump_build_views(&v, &in.p, &in.s);
		if (!built) {
			bench_dump_free_views(&v);
			bench_merge_fail(&in, 0, "out of memory building the views");
		} else if (!bench_merge_edges_fit(&v, in.m.ncounters)) {
			bench_merge_overflow(&in);
		} else {
			bench_merge_put_views(&in, &v, zend_hash_num_elements(bench_merge_array(&in, profile, "functions")), return_value);
		}
	}
	if (built) {
		bench_dump_free_views(&v);
	}
	bench_merge_free(&in);
	if (in.failed) {
		RETURN_THROWS();
	}
}
/* }}} */
