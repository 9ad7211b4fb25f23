/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_TREE_TREE_H
#define BENCH_SRC_TREE_TREE_H

/*
 * A profile's data, which profile mode, sample mode, live tracking and the
 * dump all use and none owns: the call tree (nodes and the functions they
 * stand for, found again through hash tables), what the profile says of its
 * request, and the state the hooks keep beside them. Functions of one
 * request thread build it; the writer thread reads a finished copy.
 */

#include <stdint.h>
#include <sys/types.h>
#include "php.h"
#include "src/cost/cost.h"
#include "src/lib/visibility.h"
#include "src/ops/ops.h"

#define BENCH_PROFILE_NONE UINT32_MAX

/** A function that owned cost in this request; names are kept because closures die before the dump. */
typedef struct {
	/** "Class::method", "function", "{closure}@file:line", "{main}" or "include:file" (malloc'd) */
	char *name;
	/** the file it is defined in, NULL for an internal function (malloc'd) */
	char *file;
	uint32_t line;
	/** a native frame (sample mode): its return address, named when the profile is written */
	uintptr_t native_ip;
	bool symbolized;
	/** profile mode, bench.count_ops=1: opcodes per line of its code (malloc'd on its first call; NULL before) */
	bench_ops_lines ops;
} bench_profile_func;

/** A node of the call tree: one (parent node, function, line) triple. */
typedef struct {
	/** index in funcs, BENCH_PROFILE_NONE for the root */
	uint32_t func;
	/** index of the parent node, BENCH_PROFILE_NONE for the root */
	uint32_t parent;
	uint64_t calls;
	/** the child entered last, and its key (function and line): most calls repeat the previous one */
	const void *last_key;
	uint32_t last_child;
	/**
	 * Profile mode: the line of the parent's function where this call was made.
	 * Sample mode: the line this frame was running (a caller's is the line of
	 * its call). 0 where there is none: internal functions, pseudo-frames.
	 */
	uint32_t line;
	/** own cost: what happened while this node was the innermost owner (wall in ticks until the dump) */
	int64_t own[BENCH_COUNTER_COUNT];
} bench_profile_node;

/** One slot of the child table, (parent node, key of function and line) -> node, or of the function table, identity -> funcs index. */
typedef struct {
	const void *identity;
	uint32_t parent;
	uint32_t node;
} bench_profile_slot;

/** bench_label(): at most this many labels a request, keys and values at most this long (bytes, not counting the NUL). */
#define BENCH_LABELS_MAX 16
#define BENCH_LABEL_KEY_MAX 63
#define BENCH_LABEL_VALUE_MAX 255

/** One call on the timeline (bench.output_format=trace): a node's run, in ticks. */
typedef struct {
	/** when the call began, and how long it ran (bench_cost_ticks() units) */
	uint64_t start, duration;
	/** what it and its callees allocated: Zend MM calls and bytes requested */
	uint64_t allocs, alloc_bytes;
	uint32_t node;
	/** the timeline it ran on: 0 for the request's own stack, then one per fiber */
	uint32_t track;
} bench_trace_span;

/** Sample mode: a time sample on the request's timeline. */
typedef struct {
	/** when it was taken, ns from the request's start (CLOCK_MONOTONIC) */
	int64_t at_ns;
	/** what it weighed: the sampled clock's ns, as its node's own cost has it */
	int64_t weight;
	uint32_t node;
} bench_sample_moment;

/** Time samples a request keeps on its timeline at most (24 bytes each): past them, samples count in moments_dropped. */
#define BENCH_SAMPLE_MOMENTS_MAX 65536

/** A call still running, traced: where its span starts. */
typedef struct {
	uint64_t start, allocs, alloc_bytes;
} bench_trace_open;

/** The labels the application put on a request's profile (bench_label()), in the order first set. */
typedef struct {
	uint32_t count;
	/** whether one was left out or cut (a single warning a request) */
	bool warned;
	char key[BENCH_LABELS_MAX][BENCH_LABEL_KEY_MAX + 1];
	char value[BENCH_LABELS_MAX][BENCH_LABEL_VALUE_MAX + 1];
} bench_profile_labels;

/** What a profile says of its request, taken when it ends (a background writer cannot ask the SAPI). */
typedef struct {
	/** the script (CLI) or the URI as requested (REQUEST_URI), its query string reduced to bench.uri_query's parameters */
	char command[1024];
	/** the script's path (the SAPI's path_translated), "-" where there is none */
	char script[1024];
	/**
	 * The application's root, the first root_len bytes of script (its final
	 * '/' included): the script's directory, or its parent where that is a
	 * web directory (public/, web/...); 0 where the script's path is not
	 * absolute. Names of closures, files and anonymous classes give their
	 * file relative to it, so that two deploys of one application
	 * (/srv/releases/41, /srv/releases/42) name their functions alike.
	 * Files elsewhere keep their full path.
	 */
	size_t root_len;
	/** the SAPI's name: "cli", "fpm-fcgi", "cgi-fcgi"... */
	char sapi[32];
	char method[16];
	/** the HTTP status, 0 when there is none (CLI) */
	int status;
	int64_t duration_ns;
	size_t peak_memory;
	pid_t pid;
	/** when it started, in Unix time */
	int64_t time_ns;
	/**
	 * the application's labels (bench_label()), malloc'd on the first: NULL
	 * for most requests, whose profile the writer thread copies (its size is
	 * copied, and zeroed, for every request)
	 */
	bench_profile_labels *labels;
} bench_profile_request;

typedef struct {
	bool active;

	bench_profile_node *nodes;
	uint32_t nodes_used, nodes_size;

	bench_profile_func *funcs;
	uint32_t funcs_used, funcs_size;

	/** open addressing, size a power of two */
	bench_profile_slot *slots;
	uint32_t slots_size;
	/** whether either table has an entry since it was last cleared */
	bool slots_filled;
	/** function identity -> funcs index, same scheme (parent unused) */
	bench_profile_slot *func_slots;
	uint32_t func_slots_size;

	/** counts the trees begun in this thread: functions' run-time caches name the tree their node is in */
	uint64_t tree;

	/** the shadow stack of node indexes; [0] is the root */
	uint32_t *stack;
	uint32_t depth, stack_size;
	/** below this depth a call takes the hooks' fast path: the stack has room, bench.max_depth is far, no hardware counter is open */
	uint32_t fast_depth;
	/** the same for a traced call (fast_depth is then 0): its own fast path, without hardware counters */
	uint32_t traced_depth;

	/**
	 * The counters at the start of the current interval: every one with
	 * reread_all, else wall time (in ticks) and opcodes only: allocations are
	 * charged by the allocation handlers as they happen (top_own).
	 */
	bench_cost last;
	/** whether the hooks must read every counter again on exit (hardware counters move in them) */
	bool reread_all;
	/** whether a return takes bench_profile_leave()'s slow path: reread_all, or the calls are traced */
	bool leave_slow;
	/** whether opcodes are counted (bench.count_ops=1), so charged by the hooks */
	bool ops_counted;
	/** the own costs of the innermost owner (the node atop the stack), which the hooks charge */
	int64_t *top_own;
	/** hooks run in this profile, and the estimate of one hook's ticks after its clock read */
	uint64_t hooks;
	int64_t hook_ticks;
	/** whether the current interval began at a hook's only read, so holds the rest of that hook */
	bool last_estimated;
	/** ticks and ns when the request started and ended, to convert ticks to ns */
	uint64_t start_ticks, end_ticks;
	int64_t start_ns, end_ns;
	/** what the hooks cost: charged to no function */
	int64_t overhead[BENCH_COUNTER_COUNT];
	/** the counters where the profile started (the request's start, or bench_start()) */
	bench_cost start;
	/** the totals, start to end */
	bench_cost total;

	/** frames past bench.max_depth and paths past bench.max_nodes, folded into their parent */
	uint64_t folded_depth, folded_nodes;

	/**
	 * bench.output_format=trace: each call that ran at least trace_min_ticks
	 * is a span, at most trace_max of them, the longest: a full buffer drops
	 * its shortest quarter and raises trace_keep_ticks (trace_min_ticks at
	 * first) to the shortest it keeps. Shorter calls are folded into their
	 * caller, longer ones that are not kept dropped, both counted. trace_open
	 * holds, per level of the shadow stack, where the running call's span starts.
	 */
	bool trace;
	uint64_t trace_min_ticks, trace_keep_ticks;
	bench_trace_span *spans;
	uint32_t spans_used, spans_size, trace_max;
	bench_trace_open *trace_open;
	uint32_t trace_open_size;
	/** the running timeline (bench_trace_span.track), and how many fibers got one */
	uint32_t trace_track, trace_tracks;
	/** bench.trace_min_us as it was (the writer cannot read settings) */
	zend_long trace_min_us;
	/** calls folded, spans dropped, and calls still running when the profile ended (their span ends there) */
	uint64_t trace_folded, trace_dropped, trace_unfinished;

	/** whether opcodes are counted per line: bench.count_ops=1, every user function an owner */
	bool line_ops;

	/** the fiber stacks kept in this request (freed with it: {main}'s context has no destroy event) */
	void **fiber_stacks;
	uint32_t fiber_stacks_used, fiber_stacks_size;

	bench_profile_request request;

	/** sample mode: nodes own sampled time (calls count samples), and how many samples were taken */
	bool sampled;
	/** sample mode: whether this request's allocations are sampled too (bench.alloc_sample_requests) */
	bool allocs_sampled;
	/**
	 * sample mode: whether the configuration samples some requests' allocations:
	 * then every profile it writes has their counters (0 where this request's
	 * were not sampled), so that any set of a pool's files reads as one profile
	 */
	bool alloc_counters;
	/** the mean gap of those samples, kept here: the writer thread must not read a per-directory setting */
	zend_long alloc_sample_bytes;
	/**
	 * sample mode: how time was sampled where not by VM interrupts, for
	 * opcache's JIT (src/sample/jit.h): "read by the ticker under
	 * opcache.jit=tracing", "off under ..."; "" by interrupts
	 */
	char time_samples_how[128];
	/** whether this request takes no time samples at all (time_samples_how then says why) */
	bool time_samples_off;
	uint64_t samples, alloc_samples;
	/**
	 * sample mode: the time samples taken by the PHP thread in order (not
	 * those the ticker reads under opcache's JIT), at most
	 * BENCH_SAMPLE_MOMENTS_MAX, and those past it
	 */
	bench_sample_moment *moments;
	uint32_t moments_used, moments_size;
	uint64_t moments_dropped;
	/**
	 * sample mode, wall clock: the request's time that no sample weighed (a
	 * ticker kept off its CPU until the request had ended), in whole
	 * intervals, charged to "{unsampled}" so that sampled time adds up to
	 * the request's duration within one interval
	 */
	int64_t unsampled_ns;

	/** profile mode, bench.track_live=1: the live counters are set at the end (src/alloc/live.h) */
	bool live;
	/** with live: some blocks went untracked (out of memory), said once the profile is complete */
	bool live_incomplete;
	/** with live: the cycle collector's runs while the profile ran, and their wall time in ns */
	uint64_t gc_runs;
	int64_t gc_ns;
} bench_profile_state;

/**
 * A request that a long-running worker handles (bench_request_begin(), worker
 * mode): its URI and method, and at its end its status, stand in for the
 * SAPI's in its profile. Kept by the PHP thread until its SAPI request ends.
 */
typedef struct {
	bool set;
	char uri[1024];
	char method[16];
	int status;
} bench_handled_request;

/* The request this thread's worker handles, while one runs (src/tree/request.c). */
extern ZEND_EXT_TLS bench_handled_request bench_handled BENCH_HIDDEN;

/** Notes the request a worker handles from now on: its URI (a query string as bench.uri_query keeps it) and method. */
void bench_request_handle(const char *uri, const char *method);

/** The SAPI's request ends: a handled request's URI no longer stands for it. */
void bench_request_forget_handled(void);

/* The profile of this thread (src/tree/tree.c). Everything in it is malloc'd: the profiler's memory is never counted as the request's. */
extern ZEND_EXT_TLS bench_profile_state bench_profile BENCH_HIDDEN;

static zend_always_inline bench_profile_state *bench_profile_get(void)
{
	return &bench_profile;
}

/** Grows an array to hold needed items (doubling, 256 at first); false when memory ran out. */
bool bench_tree_grow(void **items, uint32_t *size, size_t item_size, uint32_t needed);

/** A node of func (BENCH_PROFILE_NONE for the root) under parent; BENCH_PROFILE_NONE when memory ran out. */
uint32_t bench_tree_new_node(bench_profile_state *p, uint32_t func, uint32_t parent, uint32_t line);

/** Frees the functions' names and empties the tree and its tables, keeping their memory. */
void bench_tree_clear(bench_profile_state *p);

/** The child of parent for the function fn at line (main: fn is the script's body), created on first use. */
uint32_t bench_profile_frame_node(bench_profile_state *p, uint32_t parent, const zend_function *fn, bool main, uint32_t line);

/** The child of parent for a native frame (a return address), named later by bench_tree_symbolize(). */
uint32_t bench_profile_native_node(bench_profile_state *p, uint32_t parent, uintptr_t ip);

/** The child of parent for a pseudo-function such as "{truncated}"; name must be a string constant. */
uint32_t bench_profile_named_node(bench_profile_state *p, uint32_t parent, const char *name);

/**
 * Names the native frames of a profile ("symbol (library)", or "library+0xOFFSET"), from
 * each library's ELF symbol table: done when the profile is written, not
 * when the frame is taken (src/tree/symbols.c).
 */
void bench_tree_symbolize(bench_profile_state *p);

/** Notes what the profile will say of its request (at its end, in the request): src/tree/request.c. */
void bench_profile_note_request(bench_profile_state *p);

/** Notes the script and the application's root it lies in (at the profile's start: php-cgi frees the path before its end). */
void bench_tree_note_script(bench_profile_request *r);

/** A new child of parent (see bench_tree_child_of()); the parent itself past the limits. */
zend_never_inline uint32_t bench_tree_new_child(bench_profile_state *p, uint32_t parent, const void *key,
	const void *identity, uint32_t line, const zend_function *fn, bool main, const char *fixed_name);

/* ---- inlined: the observer's begin runs these on every call ---------------------- */

static zend_always_inline uint32_t bench_tree_hash(const void *identity, uint32_t parent)
{
	uint64_t h = (uint64_t) (uintptr_t) identity * 0x9E3779B97F4A7C15ULL ^ ((uint64_t) parent * 0xC2B2AE3D27D4EB4FULL);
	return (uint32_t) (h >> 32) ^ (uint32_t) h;
}

/** Finds (identity, parent) or the empty slot where it belongs. */
static zend_always_inline bench_profile_slot *bench_tree_find(bench_profile_slot *slots, uint32_t size,
		const void *identity, uint32_t parent)
{
	uint32_t mask = size - 1;
	uint32_t i = bench_tree_hash(identity, parent) & mask;

	while (slots[i].identity && (slots[i].identity != identity || slots[i].parent != parent)) {
		i = (i + 1) & mask;
	}
	return &slots[i];
}

/*
 * What identifies a function across calls. Not an address for user code:
 * without opcache, an included file's op array is freed once it has run and
 * its memory is reused by code compiled later, and a closure's opcodes go with
 * the last closure object. File, first line, scope and name do not move; their
 * hashes are cached in the strings. Internal handlers live as long as the process.
 */
static zend_always_inline const void *bench_tree_identity(const zend_function *fn)
{
	if (ZEND_USER_CODE(fn->type)) {
		uint64_t h = (uint64_t) zend_string_hash_val(fn->op_array.filename) * 0x9E3779B97F4A7C15ULL;

		h ^= (uint64_t) fn->op_array.line_start * 0xC2B2AE3D27D4EB4FULL;
		if (fn->common.function_name) {
			h ^= (uint64_t) zend_string_hash_val(fn->common.function_name) * 0x165667B19E3779F9ULL;
		}
		if (fn->common.scope) {
			h ^= (uint64_t) zend_string_hash_val(fn->common.scope->name) * 0x27D4EB2F165667C5ULL;
		}
		/* Odd, so never NULL (an empty slot) nor an internal function's identity. */
		return (const void *) (uintptr_t) (h | 1);
	}
	/* A frame of the engine's own (a fiber's bottom frame) has no handler: the function's address then. */
	if (!fn->internal_function.handler) {
		return fn;
	}
	/*
	 * Aliases share a handler (join and implode, Exception::getMessage and
	 * Error::getMessage): their names tell them apart. Bit 0 clear, so never a
	 * user function's identity; bit 1 set, so never NULL nor the aligned
	 * address of an engine frame's function.
	 */
	uint64_t h = (uint64_t) (uintptr_t) fn->internal_function.handler;
	if (fn->common.function_name) {
		h ^= (uint64_t) zend_string_hash_val(fn->common.function_name) * 0x165667B19E3779F9ULL;
	}
	if (fn->common.scope) {
		h ^= (uint64_t) zend_string_hash_val(fn->common.scope->name) * 0x27D4EB2F165667C5ULL;
	}
	return (const void *) (uintptr_t) ((h & ~(uint64_t) 1) | 2);
}

/*
 * What tells a child from its siblings: its function's identity with its
 * line mixed into bits 3 and up, which keeps the identity's tag bits (a key
 * is never NULL, nor a user function's an internal one's). Two (function,
 * line) pairs share a key by a 64-bit hash's chance, as two functions do.
 */
static zend_always_inline const void *bench_tree_key(const void *identity, uint32_t line)
{
	return (const void *) ((uintptr_t) identity ^ (uintptr_t) ((uint64_t) line * 0x9E3779B97F4A7C18ULL));
}

/*
 * The child of parent for a function (identity, fn; or a pseudo-function
 * named fixed_name when fn is NULL) at a line, created on first use; the
 * parent itself past the limits.
 */
static zend_always_inline uint32_t bench_tree_child_of(bench_profile_state *p, uint32_t parent, const void *identity,
		uint32_t line, const zend_function *fn, bool main, const char *fixed_name)
{
	const void *key = bench_tree_key(identity, line);

	if (p->nodes[parent].last_key == key) {
		return p->nodes[parent].last_child;
	}
	bench_profile_slot *slot = p->slots ? bench_tree_find(p->slots, p->slots_size, key, parent) : NULL;
	if (EXPECTED(slot && slot->identity != NULL)) {
		p->nodes[parent].last_key = key;
		p->nodes[parent].last_child = slot->node;
		return slot->node;
	}
	return bench_tree_new_child(p, parent, key, identity, line, fn, main, fixed_name);
}

#endif /* BENCH_SRC_TREE_TREE_H */
