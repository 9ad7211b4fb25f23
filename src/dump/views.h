/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_VIEWS_H
#define BENCH_SRC_DUMP_VIEWS_H

#include "php_bench.h"
#include "src/tree/tree.h"
#include "writer.h"

/** Per function: calls, own cost, and inclusive cost counted once per recursion. */
typedef struct {
	uint64_t calls;
	int64_t own[BENCH_COUNTER_COUNT];
	int64_t inclusive[BENCH_COUNTER_COUNT];
} bench_dump_flat;

/**
 * Per call site, a (caller, callee, line) triple: its nodes are first_node
 * and those linked from it in next_node.
 */
typedef struct {
	uint32_t caller, callee;
	/** the line of the caller where the calls are made, 0 where none is known */
	uint32_t line;
	uint32_t first_node;
	uint64_t calls;
	/** sample mode: the samples taken under this call (its nodes' and their descendants' calls) */
	uint64_t samples;
	/** a merge: the inclusive costs of the call edges of profiles without paths, added to its nodes' (NULL: none) */
	const int64_t *graph_inclusive;
} bench_dump_edge;

/** A call edge of merged profiles without call paths (callgrind): calls and inclusive costs per caller and callee. */
typedef struct {
	uint32_t caller, callee;
	uint64_t calls;
	int64_t inclusive[BENCH_COUNTER_COUNT];
} bench_dump_graph_edge;

/** A label of merged profiles (pprof): a string, or a number where str is NULL. */
typedef struct {
	const char *key, *str;
	int64_t num;
} bench_dump_label;

/**
 * Profiles that bin/bench merged, written by the same writers as a request's
 * (src/dump/merge.c): their tree is the profile's (several roots, {request}
 * where a profile had it), their counters are slots 0 to ncounters - 1 of
 * own[] under the names given, and what profiles without call paths gave
 * (callgrind: per function costs and call edges) adds to the views.
 */
struct bench_dump_merge {
	const char *counter_name[BENCH_COUNTER_COUNT];
	/** "ns", "bytes" or "count" */
	const char *counter_unit[BENCH_COUNTER_COUNT];
	int ncounters;
	/** the counter that orders functions and weighs folded stacks; -1: calls */
	int by;
	/** what was merged, a line (callgrind's cmd, JSON's command, a pprof comment) */
	const char *description;
	/** "profile", "sample" or "mixed" */
	const char *mode;
	uint64_t profiles;
	/** whether some profiles had call edges only: the views hold them, the JSON has no tree */
	bool graph;
	/** per function ({request} last): calls, own and inclusive costs of the profiles without paths */
	const bench_dump_flat *graph_flat;
	const bench_dump_graph_edge *graph_edges;
	uint32_t ngraph_edges;
	/** pprof: per root node, the label set its profiles had (BENCH_PROFILE_NONE: none); a set is labels[sets[i], sets[i + 1]) */
	const uint32_t *root_label_set;
	const bench_dump_label *labels;
	const uint32_t *label_sets;
	uint32_t nlabel_sets;
};

/** A function's own cost at one of its lines, and the calls that ended there (in sample mode, the samples). */
typedef struct {
	uint32_t func, line;
	uint64_t calls;
	int64_t own[BENCH_COUNTER_COUNT];
} bench_dump_line;

/**
 * The flat and edge views of a finished profile. While they exist, the nodes'
 * own[] hold their inclusive cost (computed in place: a dump must touch little
 * new memory, as fresh pages are what it spends most of its time on);
 * bench_dump_free_views() puts the own costs back.
 */
typedef struct {
	bench_profile_state *p;
	/** what the profile's request was (the views are built on whichever thread writes it) */
	const bench_dump_settings *settings;
	/** the counters written, in order */
	int counters[BENCH_COUNTER_COUNT];
	int ncounters;
	/** per counter, whether it is one of counters[] (functions, edges and call paths have a value for it) */
	bool attributed[BENCH_COUNTER_COUNT];
	/** per function, and one more for the request root ("{request}") */
	bench_dump_flat *flat;
	bench_dump_edge *edges;
	uint32_t nedges;
	/** per node, the next node of the same edge */
	uint32_t *next_node;
	/** edge indexes grouped by caller */
	uint32_t *by_caller;
	/** functions by own cost of the sort counter, descending */
	uint32_t *order;
	/** own costs per function and line, by function then line; a function's are [func_lines[f], func_lines[f + 1]) */
	bench_dump_line *lines;
	uint32_t nlines;
	uint32_t *func_lines;
	/** whether lines hold each function's opcodes on the lines that ran them (bench.count_ops=1, profile mode) */
	bool line_ops;
	int sort_counter;
	bool inclusive_in_place;
} bench_dump_views;

#define BENCH_DUMP_ROOT_NAME "{request}"
/* The file of a function that has none: internal functions, {request}. */
#define BENCH_DUMP_INTERNAL_FILE "php:internal"

/* The root node stands for "{request}": it is function index funcs_used. */
static zend_always_inline uint32_t bench_dump_func_of(const bench_profile_state *p, uint32_t node)
{
	uint32_t func = p->nodes[node].func;
	return func == BENCH_PROFILE_NONE ? p->funcs_used : func;
}

static zend_always_inline const char *bench_dump_func_name(const bench_profile_state *p, uint32_t func)
{
	return func == p->funcs_used ? BENCH_DUMP_ROOT_NAME : p->funcs[func].name;
}

static zend_always_inline const char *bench_dump_func_file(const bench_profile_state *p, uint32_t func)
{
	return func == p->funcs_used || !p->funcs[func].file ? BENCH_DUMP_INTERNAL_FILE : p->funcs[func].file;
}

static zend_always_inline uint32_t bench_dump_func_line(const bench_profile_state *p, uint32_t func)
{
	return func == p->funcs_used ? 0 : p->funcs[func].line;
}

/**
 * The line of its caller where node's call was made, 0 where none is known:
 * profile mode keeps it in the node, sample mode in the parent (the line the
 * caller was running).
 */
static zend_always_inline uint32_t bench_dump_call_line(const bench_profile_state *p, uint32_t node)
{
	if (!p->sampled) {
		return p->nodes[node].line;
	}
	uint32_t parent = p->nodes[node].parent;
	return parent == BENCH_PROFILE_NONE ? 0 : p->nodes[parent].line;
}

/**
 * The line where node's own cost lies: in sample mode the line it was
 * running, else (and where none is known) its function's first line.
 */
static zend_always_inline uint32_t bench_dump_own_line(const bench_profile_state *p, uint32_t node)
{
	uint32_t line = p->sampled ? p->nodes[node].line : 0;
	return line ? line : bench_dump_func_line(p, bench_dump_func_of(p, node));
}

/**
 * The counter that orders functions and weighs folded stacks: instructions
 * where available, else wall time; in sample mode the sampled clock; in a
 * merge the one asked for (-1: calls).
 */
static zend_always_inline int bench_dump_sort_counter(const bench_profile_state *p, const bench_dump_settings *s)
{
	if (s->merge) {
		return s->merge->by;
	}
	if (p->sampled) {
		return s->sample_cpu ? BENCH_COUNTER_CPU_NS : BENCH_COUNTER_WALL_NS;
	}
	return s->available[BENCH_COUNTER_INSTRUCTIONS] ? BENCH_COUNTER_INSTRUCTIONS : BENCH_COUNTER_WALL_NS;
}

/** A counter's name in the profile: bench's own, or in a merge the one its profiles gave. */
static zend_always_inline const char *bench_dump_counter_name(const bench_dump_settings *s, int c)
{
	return s->merge ? s->merge->counter_name[c] : bench_counter_info[c].name;
}

/** The counters a profile writes, in order (at most BENCH_COUNTER_COUNT): returns how many. */
int bench_dump_counters(const bench_profile_state *p, const bench_dump_settings *s, int *out);

/** Whether the profile counted opcodes per line of each function (profile mode, bench.count_ops=1, no folded frames). */
bool bench_dump_has_line_ops(const bench_profile_state *p);

/** Builds the views; false when memory ran out (free them all the same). */
bool bench_dump_build_views(bench_dump_views *v, bench_profile_state *p, const bench_dump_settings *s);
void bench_dump_free_views(bench_dump_views *v);

/** The inclusive cost of an edge: the sum over its nodes. */
void bench_dump_edge_inclusive(const bench_dump_views *v, const bench_dump_edge *edge, int64_t *out);

/** Puts the nodes' own costs back before the views are freed: edges' inclusive costs are then unknown. */
void bench_dump_views_restore_own(bench_dump_views *v);

/**
 * Whether the profile's totals have a value for counter c: in profile mode
 * every counter available in its request (the CPU clock too, read at the
 * start and the end), in sample mode the sampled ones.
 */
bool bench_dump_total_measured(const bench_dump_views *v, int c);

#endif /* BENCH_SRC_DUMP_VIEWS_H */
