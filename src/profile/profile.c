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
#include <time.h>
#include <unistd.h>
#include "php.h"
#include "SAPI.h"
#include "php_variables.h"
#include "zend_extensions.h"
#include "zend_fibers.h"
#include "php_bench.h"
#include "src/lib/pid.h"
#include "profile.h"
#include "owners.h"
#include "trace.h"
#include "src/tree/tree.h"
#include "src/alloc/alloc.h"
#include "src/alloc/live.h"
#include "src/dump/dump.h"
#include "src/ops/ops.h"

/* ---- functions ------------------------------------------------------------ */

/*
 * What bench keeps in every user function's run-time cache: its identity
 * once computed, so that each call reads it rather than hashing again, and
 * where its last call went in the call tree, so that a call from the same
 * parent node and line as the last one finds its node at once (a parent
 * calls many functions in turn, a function is mostly called from one place).
 * The engine zeroes the cache when it makes one, gives a function copied for
 * another scope (a trait's method, a rebound closure) a cache of its own, and
 * frees it with the op array: a cache never holds another function's
 * identity. A node is only taken from the tree it was found in (tree).
 */
typedef struct {
	const void *identity;
	/** the tree (bench_profile_state.tree) of the last call, 0 for none */
	uint64_t tree;
	uint32_t parent, line;
	uint32_t node;
} bench_profile_fn_cache;

/** The first of the run-time cache's slots taken by bench_profile_fn_cache; -1 until bench_profile_minit_identities(). */
static int bench_profile_cache_slot = -1;

void bench_profile_minit_identities(void)
{
	bench_profile_cache_slot = zend_get_op_array_extension_handles("bench",
		(int) ((sizeof(bench_profile_fn_cache) + sizeof(void *) - 1) / sizeof(void *)));
}

/* bench's part of a user frame's run-time cache: the engine has made the cache before observing the frame. */
static zend_always_inline bench_profile_fn_cache *bench_profile_frame_cache(const zend_execute_data *execute_data)
{
	return (bench_profile_fn_cache *) ((void **) execute_data->run_time_cache + bench_profile_cache_slot);
}

/* The identity of the function a frame runs. */
static zend_always_inline const void *bench_profile_frame_identity(const zend_execute_data *execute_data)
{
	const zend_function *fn = execute_data->func;

	if (EXPECTED(ZEND_USER_CODE(fn->type))) {
		bench_profile_fn_cache *cache = bench_profile_frame_cache(execute_data);

		if (UNEXPECTED(!cache->identity)) {
			cache->identity = bench_tree_identity(fn);
		}
		return cache->identity;
	}
	return bench_tree_identity(fn);
}

/* The innermost frame above execute_data that owns cost: the parent node's. */
static zend_never_inline const zend_execute_data *bench_profile_owner_above(const zend_execute_data *execute_data)
{
	const zend_execute_data *caller = execute_data->prev_execute_data;

	while (caller && (!caller->func || !bench_profile_is_owner(caller->func))) {
		caller = caller->prev_execute_data;
	}
	return caller;
}

/*
 * The line of the call that made the frame execute_data, in the owner that
 * made it: that frame's current opline, saved by the VM (and the JIT) before
 * every call. A call made from C (array_map's callback, a generator resumed
 * by a method call) is put where that owner called into C. 0 where the
 * owner is an internal function, and for the script's body.
 */
static zend_always_inline uint32_t bench_profile_call_line(const zend_execute_data *execute_data)
{
	const zend_execute_data *caller = execute_data->prev_execute_data;

	if (UNEXPECTED(!bench_owners_user_only)) {
		caller = bench_profile_owner_above(execute_data);
		return caller && ZEND_USER_CODE(caller->func->type) && caller->opline ? caller->opline->lineno : 0;
	}
	for (; caller; caller = caller->prev_execute_data) {
		if (EXPECTED(caller->func && ZEND_USER_CODE(caller->func->type))) {
			return caller->opline ? caller->opline->lineno : 0;
		}
	}
	return 0;
}

static zend_always_inline uint32_t bench_profile_child(bench_profile_state *p, uint32_t parent, const zend_execute_data *execute_data)
{
	const zend_function *fn = execute_data->func;
	/* {request} has no lines: its calls are made by the engine, or by frames that ran before the profile started. */
	uint32_t line = parent ? bench_profile_call_line(execute_data) : 0;

	if (UNEXPECTED(!ZEND_USER_CODE(fn->type))) {
		return bench_tree_child_of(p, parent, bench_tree_identity(fn), line, fn,
			execute_data->prev_execute_data == NULL, NULL);
	}
	bench_profile_fn_cache *cache = bench_profile_frame_cache(execute_data);
	if (EXPECTED(cache->tree == p->tree && cache->parent == parent && cache->line == line)) {
		return cache->node;
	}
	uint32_t node = bench_tree_child_of(p, parent, bench_profile_frame_identity(execute_data), line, fn,
		execute_data->prev_execute_data == NULL, NULL);
	/* Not the parent itself, which stands for a child past bench.max_nodes: each such call is counted. */
	if (EXPECTED(node != parent)) {
		cache->tree = p->tree;
		cache->parent = parent;
		cache->line = line;
		cache->node = node;
	}
	return node;
}

/*
 * The innermost owner changed (a call, a return, a fiber switch, a new
 * profile): the hooks charge it from now, and so do the allocation handlers,
 * unless the hooks read every counter (reread_all), allocations included.
 */
static zend_always_inline void bench_profile_set_top(bench_profile_state *p)
{
	p->top_own = p->nodes[p->stack[p->depth - 1]].own;
	if (EXPECTED(!p->reread_all)) {
		BENCH_G(alloc).owner = p->top_own;
	}
}

/* The profile stops (its end, or out of memory): the allocation handlers charge no one. */
static void bench_profile_deactivate(bench_profile_state *p)
{
	p->active = false;
	BENCH_G(alloc).owner = BENCH_G(alloc).unowned;
}

/* With hardware counters open, a hook's first read: every counter, charged to the innermost owner. */
static zend_never_inline void bench_profile_charge_all(bench_profile_state *p, bench_cost *now)
{
	bench_cost_read_fast(now);
	for (int i = 0; i < BENCH_COUNTER_COUNT; i++) {
		p->top_own[i] += now->value[i] - p->last.value[i];
	}
}

/* With hardware counters open, a hook's last read: what the hook cost since its first, to no one. */
static zend_never_inline void bench_profile_restart_all(bench_profile_state *p, const bench_cost *from)
{
	bench_cost_read_fast(&p->last);
	for (int i = 0; i < BENCH_COUNTER_COUNT; i++) {
		p->overhead[i] += p->last.value[i] - from->value[i];
	}
}

/*
 * Charges the interval since the last hook to the innermost owner, and
 * returns the clock's read that ends it. Without hardware counters a hook
 * reads the clock once (a second read would cost as much as the call it
 * measures): the interval then also holds the previous hook's work after its
 * read, which goes to overhead, as estimated by bench_profile_restart(). Own
 * costs plus overhead still add up exactly. Allocations need no read: the
 * handlers charged them already.
 */
static zend_always_inline uint64_t bench_profile_charge_clock(bench_profile_state *p)
{
	uint64_t now = bench_cost_ticks();
	int64_t wall = (int64_t) now - p->last.value[BENCH_COUNTER_WALL_NS];
	int64_t hook = EXPECTED(p->last_estimated) ? MIN(wall, p->hook_ticks) : 0;
	p->top_own[BENCH_COUNTER_WALL_NS] += wall - hook;
	p->overhead[BENCH_COUNTER_WALL_NS] += hook;
	if (UNEXPECTED(p->ops_counted)) {
		int64_t ops = (int64_t) bench_ops_read();
		p->top_own[BENCH_COUNTER_OPS] += ops - p->last.value[BENCH_COUNTER_OPS];
		p->last.value[BENCH_COUNTER_OPS] = ops;
	}
	return now;
}

/* The same, whether or not hardware counters are open (then all holds the read, and 0 is returned). */
static zend_always_inline uint64_t bench_profile_charge(bench_profile_state *p, bench_cost *all)
{
	if (UNEXPECTED(p->reread_all)) {
		bench_profile_charge_all(p, all);
		return 0;
	}
	return bench_profile_charge_clock(p);
}

/* One hook in this many reads the clock again at its end, to measure what a hook costs. */
#define BENCH_PROFILE_MEASURE_EVERY 64

/*
 * Starts the next interval at the end of a hook (now: its clock read). The
 * hooks allocate nothing from Zend MM and run no opcode: only the clock (and
 * the hardware counters, when open) moved since the hook's first read. With
 * hardware counters every hook reads them again here and its cost is charged
 * to no one, exactly. Otherwise every 64th hook reads the clock again,
 * charges itself to overhead exactly, and updates the estimate that the next
 * intervals give to overhead.
 */
static zend_always_inline void bench_profile_restart_clock(bench_profile_state *p, uint64_t now)
{
	if (EXPECTED(++p->hooks % BENCH_PROFILE_MEASURE_EVERY != 0)) {
		p->last.value[BENCH_COUNTER_WALL_NS] = (int64_t) now;
		p->last_estimated = true;
		return;
	}
	int64_t end = (int64_t) bench_cost_ticks();
	int64_t spent = end - (int64_t) now;
	p->last.value[BENCH_COUNTER_WALL_NS] = end;
	p->last_estimated = false;
	p->overhead[BENCH_COUNTER_WALL_NS] += spent;
	/* A moving average that one preempted hook does not throw off. */
	spent = MIN(spent, 2 * p->hook_ticks + 256);
	p->hook_ticks += (spent - p->hook_ticks) / 8;
}

/* The same, whether or not hardware counters are open (all: the hook's first read). */
static zend_always_inline void bench_profile_restart(bench_profile_state *p, uint64_t now, const bench_cost *all)
{
	if (UNEXPECTED(p->reread_all)) {
		bench_profile_restart_all(p, all);
		return;
	}
	bench_profile_restart_clock(p, now);
}

/* The opcodes that run from now are the innermost owner's, on its lines (src/ops/ops.h). */
static zend_always_inline void bench_profile_count_lines(const bench_profile_state *p)
{
	if (UNEXPECTED(p->line_ops)) {
		uint32_t func = p->nodes[p->stack[p->depth - 1]].func;
		static const bench_ops_lines none = {0};
		bench_ops_at = func == BENCH_PROFILE_NONE ? none : p->funcs[func].ops;
	}
}

/*
 * The depth below which bench_profile_enter() takes its fast path: the stack
 * has room and bench.max_depth is not reached. 0 with hardware counters open,
 * which the fast path does not read (and where the allocation handlers must
 * not charge owners: the hooks' reads count allocations already), and when
 * calls are traced: the fast paths stay as they are without the trace.
 */
static void bench_profile_set_fast_depth(bench_profile_state *p)
{
	uint32_t room = MIN(p->stack_size, (uint32_t) BENCH_INI(max_depth));

	p->fast_depth = p->leave_slow ? 0 : room;
	/* The traced calls' own fast path (trace_open is as long as the stack). */
	p->traced_depth = p->trace && !p->reread_all ? room : 0;
}

/* Room for needed levels of the shadow stack, and of the trace's span starts when traced; false when memory ran out. */
static bool bench_profile_grow_stack(bench_profile_state *p, uint32_t needed)
{
	return bench_tree_grow((void **) &p->stack, &p->stack_size, sizeof(*p->stack), needed)
		&& (!p->trace || bench_trace_grow(p, needed));
}

/*
 * A call past bench.max_depth, onto a full shadow stack, with hardware
 * counters open or traced: bench_profile_enter()'s general case, kept out of
 * its line.
 */
static zend_never_inline void bench_profile_enter_slow(bench_profile_state *p, zend_execute_data *execute_data)
{
	bench_cost all;
	uint64_t now = bench_profile_charge(p, &all);
	uint32_t top = p->stack[p->depth - 1];
	uint32_t node;

	if (p->depth >= (uint32_t) BENCH_INI(max_depth)) {
		/* Deeper frames fold into the capped node: its cost and calls, one level. */
		p->folded_depth++;
		node = top;
	} else {
		node = bench_profile_child(p, top, execute_data);
	}
	if (!bench_profile_grow_stack(p, p->depth + 1)) {
		/* Out of memory: stop profiling this request rather than lose track of the stack. */
		bench_profile_deactivate(p);
		return;
	}
	bench_profile_set_fast_depth(p);
	p->nodes[node].calls++;
	p->stack[p->depth++] = node;
	if (p->trace) {
		bench_trace_enter(p, p->reread_all ? (uint64_t) all.value[BENCH_COUNTER_WALL_NS] : now);
	}
	bench_profile_set_top(p);
	bench_profile_count_lines(p);
	bench_profile_restart(p, now, &all);
}

/*
 * A call below the fast depth, without hardware counters: traced (the
 * trace's own path, a constant) notes where its span starts.
 */
static zend_always_inline void bench_profile_enter_fast(bench_profile_state *p, zend_execute_data *execute_data, bool traced)
{
	ZEND_ASSERT(!p->reread_all);
	uint64_t now = bench_profile_charge_clock(p);
	/* Read before the child, which leaves the stack alone: the compiler cannot tell, across its file (src/tree/). */
	uint32_t *stack = p->stack, depth = p->depth;
	uint32_t node = bench_profile_child(p, stack[depth - 1], execute_data);
	/* Taken after the child: a new one may have moved the nodes. */
	bench_profile_node *entered = &p->nodes[node];

	entered->calls++;
	stack[depth] = node;
	p->depth = depth + 1;
	if (traced) {
		bench_trace_enter(p, now);
	}
	p->top_own = entered->own;
	BENCH_G(alloc).owner = entered->own;
	bench_profile_count_lines(p);
	bench_profile_restart_clock(p, now);
}

/* A traced call that bench_profile_enter_fast() can take. */
static zend_never_inline void bench_profile_enter_traced(bench_profile_state *p, zend_execute_data *execute_data)
{
	bench_profile_enter_fast(p, execute_data, true);
}

void bench_profile_enter(zend_execute_data *execute_data)
{
	bench_profile_state *p = &bench_profile;

	if (UNEXPECTED(!p->active)) {
		return;
	}
	/* fast_depth is 0 with hardware counters open, or traced. */
	if (UNEXPECTED(p->depth >= p->fast_depth)) {
		if (EXPECTED(p->depth < p->traced_depth)) {
			bench_profile_enter_traced(p, execute_data);
		} else {
			bench_profile_enter_slow(p, execute_data);
		}
		return;
	}
	bench_profile_enter_fast(p, execute_data, false);
}

/* bench_profile_leave() traced, without hardware counters. */
static zend_never_inline void bench_profile_leave_traced(bench_profile_state *p)
{
	uint64_t now = bench_profile_charge_clock(p);

	if (EXPECTED(p->depth > 1)) {
		uint32_t depth = p->depth - 1;

		bench_trace_close(p, &p->trace_open[depth], p->stack[depth], p->trace_track, now);
		p->depth = depth;
		int64_t *own = p->nodes[p->stack[depth - 1]].own;
		p->top_own = own;
		BENCH_G(alloc).owner = own;
		bench_profile_count_lines(p);
	}
	bench_profile_restart_clock(p, now);
}

/* bench_profile_leave() with hardware counters open (and traced or not). */
static zend_never_inline void bench_profile_leave_all(bench_profile_state *p)
{
	bench_cost all;
	uint64_t now = bench_profile_charge(p, &all);

	if (p->depth > 1) {
		if (p->trace) {
			bench_trace_close(p, &p->trace_open[p->depth - 1], p->stack[p->depth - 1], p->trace_track,
				p->reread_all ? (uint64_t) all.value[BENCH_COUNTER_WALL_NS] : now);
		}
		p->depth--;
		bench_profile_set_top(p);
		bench_profile_count_lines(p);
	}
	bench_profile_restart(p, now, &all);
}

void bench_profile_leave(void)
{
	bench_profile_state *p = &bench_profile;

	/* The root stays: an end without its begin (profiling started mid-stack) charges the root. */
	if (UNEXPECTED(!p->active)) {
		return;
	}
	if (UNEXPECTED(p->leave_slow)) {
		if (EXPECTED(!p->reread_all)) {
			bench_profile_leave_traced(p);
		} else {
			bench_profile_leave_all(p);
		}
		return;
	}
	uint64_t now = bench_profile_charge_clock(p);
	if (EXPECTED(p->depth > 1)) {
		int64_t *own = p->nodes[p->stack[--p->depth - 1]].own;

		p->top_own = own;
		BENCH_G(alloc).owner = own;
		bench_profile_count_lines(p);
	}
	bench_profile_restart_clock(p, now);
}

static void bench_profile_fiber_forget_all(bench_profile_state *p);
static void bench_profile_fiber_free_all(bench_profile_state *p);

static void bench_profile_reset(bench_profile_state *p)
{
	bench_profile_fiber_forget_all(p);
	memset(&bench_ops_at, 0, sizeof(bench_ops_at));
	bench_tree_clear(p);
	p->depth = 0;
}

/*
 * Converts wall time from ticks to ns, calibrated on the request itself
 * (ticks and CLOCK_MONOTONIC at its start and end). Each part is the
 * difference of rounded running sums, so the parts still add up exactly to
 * the total.
 */
static void bench_profile_ticks_to_ns(bench_profile_state *p)
{
	uint64_t ticks = p->end_ticks - p->start_ticks;
	double ns_per_tick = ticks ? (double) (p->end_ns - p->start_ns) / (double) ticks : 1.0;
	int64_t sum_ticks = 0, sum_ns = 0;

	for (uint32_t i = 0; i <= p->nodes_used; i++) {
		int64_t *value = i < p->nodes_used ? &p->nodes[i].own[BENCH_COUNTER_WALL_NS] : &p->overhead[BENCH_COUNTER_WALL_NS];
		sum_ticks += *value;
		int64_t ns = (int64_t) ((double) sum_ticks * ns_per_tick + 0.5);
		*value = ns - sum_ns;
		sum_ns = ns;
	}
	p->total.value[BENCH_COUNTER_WALL_NS] = sum_ns;
}

bool bench_profile_begin_tree(bench_profile_state *p)
{
	bench_profile_reset(p);
	/* What functions' caches remember of the last tree is of no use in this one. */
	p->tree++;
	if (bench_tree_new_node(p, BENCH_PROFILE_NONE, BENCH_PROFILE_NONE, 0) == BENCH_PROFILE_NONE
			|| !bench_tree_grow((void **) &p->stack, &p->stack_size, sizeof(*p->stack), 1)) {
		p->active = false;
		return false;
	}
	p->stack[p->depth++] = 0;
	p->line_ops = false;
	/* Taken now: php-cgi frees path_translated before RSHUTDOWN. */
	bench_tree_note_script(&p->request);
	free(p->request.labels);
	p->request.labels = NULL;
	p->sampled = false;
	p->allocs_sampled = false;
	p->alloc_counters = false;
	p->samples = 0;
	p->alloc_samples = 0;
	p->moments_used = 0;
	p->moments_dropped = 0;
	return true;
}

/* Starts a profile whose first interval begins at start (the request's start, or bench_start()'s). */
static void bench_profile_start(bench_profile_state *p, const bench_cost *start)
{
	if (!bench_profile_begin_tree(p)) {
		bench_dump_count_dropped("out of memory");
		return;
	}
	p->active = true;
	/*
	 * The first interval starts where the totals start: every instant up to
	 * the end then lies in exactly one interval (an owner's) or one hook
	 * (overhead), so own costs plus overhead equal the totals exactly.
	 */
	p->start = *start;
	p->last = *start;
	bench_cost_keep_attributed(&p->last);
	p->reread_all = bench_cost_available(BENCH_COUNTER_INSTRUCTIONS, NULL);
	bench_trace_begin(p);
	p->leave_slow = p->reread_all || p->trace;
	if (p->trace && !bench_trace_grow(p, p->stack_size)) {
		bench_profile_deactivate(p);
		bench_dump_count_dropped("out of memory");
		return;
	}
	/* The first hook measures itself; the estimate carries over from the last profile. */
	p->hooks = BENCH_PROFILE_MEASURE_EVERY - 1;
	p->last_estimated = false;
	p->start_ns = start->value[BENCH_COUNTER_WALL_NS];
	p->start_ticks = bench_cost_ticks();
	p->last.value[BENCH_COUNTER_WALL_NS] = (int64_t) p->start_ticks;
	/* Where some user functions are not owners, a line could be counted for a function it is not in. */
	p->line_ops = bench_ops_enabled() && bench_owners_user_only;
	p->ops_counted = bench_ops_enabled();
	bench_profile_set_fast_depth(p);
	p->last.value[BENCH_COUNTER_OPS] = (int64_t) bench_ops_read();
	if (!p->reread_all) {
		/* What was allocated since start is the root's; from here each allocation is charged as it is made. */
		const bench_alloc_tally *tally = &BENCH_G(alloc).tally;
		int64_t *root = p->nodes[0].own;

		root[BENCH_COUNTER_ALLOCS] += (int64_t) tally->allocs - start->value[BENCH_COUNTER_ALLOCS];
		root[BENCH_COUNTER_ALLOC_BYTES] += (int64_t) tally->alloc_bytes - start->value[BENCH_COUNTER_ALLOC_BYTES];
		root[BENCH_COUNTER_FREES] += (int64_t) tally->frees - start->value[BENCH_COUNTER_FREES];
		root[BENCH_COUNTER_FREED_BYTES] += (int64_t) tally->freed_bytes - start->value[BENCH_COUNTER_FREED_BYTES];
		root[BENCH_COUNTER_OPS] += p->last.value[BENCH_COUNTER_OPS] - start->value[BENCH_COUNTER_OPS];
	}
	bench_profile_set_top(p);
	bench_live_begin(p);
}

static void bench_profile_fiber_trace_unfinished(bench_profile_state *p, uint64_t ticks);

/*
 * Calls still running when a traced profile ends (a fatal error, exit()
 * deep in a call, bench_stop(), a suspended fiber's) end there: their spans
 * are counted unfinished.
 */
static void bench_profile_trace_unfinished(bench_profile_state *p, uint64_t ticks)
{
	for (uint32_t level = p->depth; level-- > 1;) {
		bench_trace_close(p, &p->trace_open[level], p->stack[level], p->trace_track, ticks);
		p->trace_unfinished++;
	}
	bench_profile_fiber_trace_unfinished(p, ticks);
}

/* Ends the profile: charges the last interval and fixes the totals, wall time in ns. */
static void bench_profile_finish(bench_profile_state *p)
{
	bench_cost now, full;

	uint64_t ticks = bench_profile_charge(p, &now);
	if (!p->reread_all) {
		/* The rest of the counters as of the last interval's end, the clock's read. */
		bench_cost_read_fast(&now);
		now.value[BENCH_COUNTER_WALL_NS] = (int64_t) ticks;
	}
	if (p->trace) {
		bench_profile_trace_unfinished(p, (uint64_t) now.value[BENCH_COUNTER_WALL_NS]);
	}
	bench_profile_deactivate(p);
	memset(&bench_ops_at, 0, sizeof(bench_ops_at));

	bench_cost_end(&full);
	p->end_ticks = (uint64_t) now.value[BENCH_COUNTER_WALL_NS];
	p->end_ns = full.value[BENCH_COUNTER_WALL_NS];
	bench_cost_sub(&p->total, &full, &p->start);
	for (int i = 0; i < BENCH_COUNTER_COUNT; i++) {
		if (bench_cost_attributed((bench_counter) i)) {
			p->total.value[i] = now.value[i] - p->start.value[i];
		}
	}
	bench_profile_ticks_to_ns(p);
	bench_live_finish(p);
	bench_profile_note_request(p);
}

/* Same time whatever the prefix in common: a secret is not guessed byte by byte. */
static bool bench_profile_secret_matches(const char *given, size_t len, const char *secret)
{
	size_t secret_len = strlen(secret);
	unsigned char diff = len != secret_len;

	for (size_t i = 0; i < secret_len; i++) {
		diff |= (unsigned char) secret[i] ^ (unsigned char) (i < len ? given[i] : 0);
	}
	return diff == 0;
}

/* Requests in this process whose BENCH_TRIGGER did not match bench.trigger_secret. */
static zend_long bench_profile_refused;

zend_long bench_profile_refused_triggers(void)
{
	return __atomic_load_n(&bench_profile_refused, __ATOMIC_RELAXED);
}

/*
 * A refused trigger is counted, and the first of a process logged: an
 * operator sees a client's wrong secret (a stale link, a probe) as they see
 * dropped profiles. The log only: the client learns nothing of the trigger.
 */
static bool bench_profile_refuse_trigger(void)
{
	if (__atomic_fetch_add(&bench_profile_refused, 1, __ATOMIC_RELAXED) == 0) {
		php_log_err_with_severity("PHP Notice:  bench: a request's BENCH_TRIGGER is not bench.trigger_secret: not profiled; later "
			"ones in this process are counted in bench_info()['profiles']['refused_triggers'], not logged", LOG_NOTICE);
	}
	return false;
}

/* BENCH_TRIGGER in GET, POST, COOKIE or the environment, with the right secret (any value when it is empty). */
static bool bench_profile_triggered(void)
{
	static const int tracks[] = {TRACK_VARS_GET, TRACK_VARS_POST, TRACK_VARS_COOKIE};
	const char *secret = BENCH_INI(trigger_secret) ? BENCH_INI(trigger_secret) : "";

	for (size_t i = 0; i < sizeof(tracks) / sizeof(tracks[0]); i++) {
		zval *vars = &PG(http_globals)[tracks[i]], *value;

		if (Z_TYPE_P(vars) == IS_ARRAY && (value = zend_hash_str_find(Z_ARRVAL_P(vars), ZEND_STRL("BENCH_TRIGGER")))
				&& Z_TYPE_P(value) == IS_STRING) {
			return *secret == '\0' || bench_profile_secret_matches(Z_STRVAL_P(value), Z_STRLEN_P(value), secret)
				|| bench_profile_refuse_trigger();
		}
	}
	char *env = sapi_getenv("BENCH_TRIGGER", sizeof("BENCH_TRIGGER") - 1);
	const char *given = env ? env : getenv("BENCH_TRIGGER");
	bool matches = given && (*secret == '\0' || bench_profile_secret_matches(given, strlen(given), secret));
	if (given && !matches) {
		bench_profile_refuse_trigger();
	}
	if (env) {
		efree(env);
	}
	return matches;
}

bool bench_profile_starts_with_request(void)
{
	switch (BENCH_INI(start)) {
		case BENCH_START_REQUEST:
			return true;
		case BENCH_START_TRIGGER:
			return bench_profile_triggered();
		default:
			return false;
	}
}

void bench_profile_rinit(void)
{
	bench_profile_start(&bench_profile, &BENCH_G(request_start));
}

void bench_profile_rshutdown(void)
{
	bench_profile_state *p = &bench_profile;

	if (p->active) {
		bench_profile_finish(p);
		bench_dump_profile(p);
		bench_live_say_incomplete(p);
	}
	bench_profile_fiber_free_all(p);
}

/*
 * A worker's handled request begins (bench_request_begin()): the profile
 * running until now (the worker's start, or a handled request not ended) is
 * written as its own, and a new one starts here, as bench_start() does.
 */
bool bench_profile_handle_begin(const char *uri, const char *method)
{
	bench_profile_state *p = &bench_profile;
	bench_cost start;

	bench_profile_handle_end(0);
	bench_request_handle(uri, method);
	bench_alloc_count_until_rshutdown();
	bench_cost_begin(&start);
	bench_profile_start(p, &start);
	if (p->active) {
		bench_dump_owe();
	}
	return p->active;
}

/* A worker's handled request ends with status: its profile is written, nothing profiled until the next begins. */
bool bench_profile_handle_end(int status)
{
	bench_profile_state *p = &bench_profile;

	if (!p->active) {
		return false;
	}
	bench_handled.status = status;
	bench_profile_finish(p);
	bench_dump_profile(p);
	bench_dump_settle();
	bench_live_say_incomplete(p);
	return true;
}

/* {{{ bench_start(): bool */
PHP_FUNCTION(bench_start)
{
	bench_profile_state *p = &bench_profile;
	bench_cost start;

	ZEND_PARSE_PARAMETERS_NONE();

	if (BENCH_INI(mode) != BENCH_MODE_PROFILE) {
		zend_throw_error(NULL, "bench_start() needs bench.mode=profile (set at startup)");
		RETURN_THROWS();
	}
	if (p->active) {
		RETURN_FALSE;
	}
	/* Past the request's end (a stream closed as the engine tears down): no profile could be written. */
	if (BENCH_G(request_ended)) {
		php_error_docref(NULL, E_WARNING, "The request has ended: nothing that runs after it is profiled");
		RETURN_FALSE;
	}
	/* Allocations are attributed from here: counting runs until the request ends. */
	bench_alloc_count_until_rshutdown();
	bench_cost_begin(&start);
	bench_profile_start(p, &start);
	if (p->active) {
		bench_dump_owe();
	}
	RETURN_BOOL(p->active);
}
/* }}} */

/* {{{ bench_stop(): array */
PHP_FUNCTION(bench_stop)
{
	bench_profile_state *p = &bench_profile;

	ZEND_PARSE_PARAMETERS_NONE();

	if (BENCH_INI(mode) != BENCH_MODE_PROFILE) {
		zend_throw_error(NULL, "bench_stop() needs bench.mode=profile (set at startup)");
		RETURN_THROWS();
	}
	if (!p->active) {
		zend_throw_error(NULL, "bench_stop(): no profile is running");
		RETURN_THROWS();
	}
	bench_profile_finish(p);
	bench_dump_settle();
	bench_dump_array(p, return_value);
	bench_live_say_incomplete(p);
}
/* }}} */

void bench_profile_mshutdown(void)
{
	bench_profile_thread_free();
	bench_profile_free_owners();
}

void bench_profile_thread_free(void)
{
	bench_profile_state *p = &bench_profile;

	bench_profile_reset(p);
	bench_profile_fiber_free_all(p);
	free(p->nodes);
	free(p->funcs);
	free(p->request.labels);
	free(p->slots);
	free(p->func_slots);
	free(p->stack);
	free(p->trace_open);
	free(p->spans);
	free(p->moments);
	free(p->fiber_stacks);
	memset(p, 0, sizeof(*p));
}

/* ---- fibers ------------------------------------------------------------------ */

/**
 * The shadow stack of a fiber that is not running, kept in its context's
 * reserved slot. Contexts live within one request (the engine allocates them
 * zeroed per request), and so do these, in the profile's list (at index).
 */
typedef struct {
	uint32_t *stack;
	uint32_t depth;
	uint32_t index;
	/** when traced: where its calls' spans start, its timeline, and the allocation tallies when it was left */
	bench_trace_open *trace_open;
	uint32_t track;
	uint64_t left_allocs, left_alloc_bytes;
} bench_profile_fiber_stack;

static int bench_profile_fiber_handle = -1;
/** whether the list holds this request's stacks: from the first one kept to the request's end */
ZEND_TLS bool bench_profile_fibers_kept;

void bench_profile_minit_fibers(void)
{
	bench_profile_fiber_handle = zend_get_resource_handle("bench");
}

static bench_profile_fiber_stack **bench_profile_fiber_slot(zend_fiber_context *context)
{
	if (bench_profile_fiber_handle < 0) {
		return NULL;
	}
	return (bench_profile_fiber_stack **) &context->reserved[bench_profile_fiber_handle];
}

void bench_profile_fiber_init(zend_fiber_context *context)
{
	bench_profile_fiber_stack **slot = bench_profile_fiber_slot(context);

	if (slot) {
		*slot = NULL;
	}
}

/*
 * A fiber's stack goes with it: a long-running script (a queue worker, an
 * event loop) makes fibers without end. After the request's end (objects are
 * freed after RSHUTDOWN) the list has freed them all already.
 */
void bench_profile_fiber_destroy(zend_fiber_context *context)
{
	bench_profile_fiber_stack **slot = bench_profile_fiber_slot(context);
	bench_profile_state *p = &bench_profile;

	if (!slot) {
		return;
	}
	bench_profile_fiber_stack *kept = *slot;
	*slot = NULL;
	if (kept && bench_profile_fibers_kept) {
		bench_profile_fiber_stack *last = p->fiber_stacks[--p->fiber_stacks_used];
		p->fiber_stacks[kept->index] = last;
		last->index = kept->index;
		free(kept->stack);
		free(kept->trace_open);
		free(kept);
	}
}

static bench_profile_fiber_stack *bench_profile_fiber_new(bench_profile_state *p)
{
	bench_profile_fiber_stack *kept;

	if (!bench_tree_grow((void **) &p->fiber_stacks, &p->fiber_stacks_size, sizeof(*p->fiber_stacks),
			p->fiber_stacks_used + 1) || !(kept = calloc(1, sizeof(*kept)))) {
		return NULL;
	}
	kept->index = p->fiber_stacks_used;
	p->fiber_stacks[p->fiber_stacks_used++] = kept;
	bench_profile_fibers_kept = true;
	return kept;
}

/*
 * A new tree (bench_start() after bench_stop()) makes the kept stacks point
 * nowhere, but fibers of this request still hold them: each is emptied, and a
 * fiber entered next starts under the frame that enters it, as a new one does.
 */
static void bench_profile_fiber_forget_all(bench_profile_state *p)
{
	for (uint32_t i = 0; i < p->fiber_stacks_used; i++) {
		((bench_profile_fiber_stack *) p->fiber_stacks[i])->depth = 0;
	}
}

/* At the request's end: its fibers switch no more (one destroyed later only clears its slot). */
static void bench_profile_fiber_free_all(bench_profile_state *p)
{
	bench_profile_fibers_kept = false;
	for (uint32_t i = 0; i < p->fiber_stacks_used; i++) {
		bench_profile_fiber_stack *kept = p->fiber_stacks[i];
		free(kept->stack);
		free(kept->trace_open);
		free(kept);
	}
	p->fiber_stacks_used = 0;
}

/* The calls of suspended fibers (not the running one's: its track is the profile's) when a traced profile ends. */
static void bench_profile_fiber_trace_unfinished(bench_profile_state *p, uint64_t ticks)
{
	for (uint32_t i = 0; i < p->fiber_stacks_used; i++) {
		bench_profile_fiber_stack *kept = p->fiber_stacks[i];

		if (kept->track == p->trace_track || !kept->trace_open) {
			continue;
		}
		for (uint32_t level = kept->depth; level-- > 1;) {
			bench_trace_close(p, &kept->trace_open[level], kept->stack[level], kept->track, ticks);
			p->trace_unfinished++;
		}
	}
}

void bench_profile_fiber_switch(zend_fiber_context *from, zend_fiber_context *to)
{
	bench_profile_state *p = &bench_profile;
	bench_profile_fiber_stack **from_slot = bench_profile_fiber_slot(from), **to_slot = bench_profile_fiber_slot(to);
	bench_cost all;

	if (!p->active || !from_slot || !to_slot) {
		return;
	}
	uint64_t now = bench_profile_charge(p, &all);

	/* Keep the stack of the context we leave. */
	bench_profile_fiber_stack *kept = *from_slot;
	if (!kept) {
		kept = *from_slot = bench_profile_fiber_new(p);
	}
	uint32_t *copy = kept ? realloc(kept->stack, sizeof(*copy) * p->depth) : NULL;
	if (!copy) {
		/* Out of memory: stop profiling rather than attribute to the wrong frames. */
		bench_profile_deactivate(p);
		return;
	}
	memcpy(copy, p->stack, sizeof(*copy) * p->depth);
	kept->stack = copy;
	kept->depth = p->depth;
	if (p->trace) {
		bench_trace_open *open = realloc(kept->trace_open, sizeof(*open) * p->depth);
		if (!open) {
			bench_profile_deactivate(p);
			return;
		}
		memcpy(open, p->trace_open, sizeof(*open) * p->depth);
		kept->trace_open = open;
		kept->track = p->trace_track;
		kept->left_allocs = BENCH_G(alloc).tally.allocs;
		kept->left_alloc_bytes = BENCH_G(alloc).tally.alloc_bytes;
	}

	/* Enter the other one: its own stack, or the frame that started it; traced, a fiber has a timeline of its own. */
	bench_profile_fiber_stack *entered = *to_slot;
	if (entered && entered->depth > 0 && (!p->trace || entered->trace_open)
			&& bench_profile_grow_stack(p, entered->depth)) {
		memcpy(p->stack, entered->stack, sizeof(*p->stack) * entered->depth);
		p->depth = entered->depth;
		if (p->trace) {
			/* A span counts the allocations of its own timeline: not what other fibers made while it was suspended. */
			uint64_t others = BENCH_G(alloc).tally.allocs - entered->left_allocs;
			uint64_t others_bytes = BENCH_G(alloc).tally.alloc_bytes - entered->left_alloc_bytes;

			for (uint32_t level = 0; level < entered->depth; level++) {
				p->trace_open[level] = entered->trace_open[level];
				p->trace_open[level].allocs += others;
				p->trace_open[level].alloc_bytes += others_bytes;
			}
			p->trace_track = entered->track;
		}
	} else {
		uint32_t top = p->stack[p->depth - 1];
		p->stack[0] = top;
		p->depth = 1;
		p->trace_track = ++p->trace_tracks;
	}
	bench_profile_set_top(p);
	bench_profile_count_lines(p);
	bench_profile_restart(p, now, &all);
}
