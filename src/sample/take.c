/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * Taking a sample, on the PHP thread: the interrupt hook, the execute_internal
 * wrapper (before 8.4) and the call after a wrapped frameless call (8.4+) take
 * the ticks the ticker raised, and charge them to the stack of the tick: the
 * frames the ticker noted where they are still live, else the stack of now.
 * These run inside the VM: the hot ones stay small, and what they share with
 * the other files is inlined from sample_private.h.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_execute.h"
#if PHP_VERSION_ID >= 80400
# include "zend_frameless_function.h"
#endif
#include "php_bench.h"
#include "src/lib/clock.h"
#include "sample_private.h"
#include "signal.h"
#include "frameless.h"
#include "src/dump/dump.h"
#include "src/tree/tree.h"

void (*bench_sample_prev_interrupt)(zend_execute_data *execute_data);
#if PHP_VERSION_ID < 80400
void (*bench_sample_prev_execute_internal)(zend_execute_data *execute_data, zval *return_value);
#endif

/*
 * The line a frame is running: its current opline's, which the VM saves
 * before it calls out or handles the interrupt (for a caller, the line of
 * its call). An allocation sampled in the middle of an opcode may find the
 * line of one saved before. 0 for an internal function's frame.
 */
static zend_always_inline uint32_t bench_sample_line(const zend_execute_data *ex)
{
	return ZEND_USER_CODE(ex->func->type) && ex->opline ? ex->opline->lineno : 0;
}

/*
 * The node of the stack from its outermost frame to top: every frame is kept
 * in sample mode, up to bench_sample_max_frames() less the leaves the caller adds.
 * Each frame is at its current line; top at top_line where that is not 0.
 */
uint32_t bench_sample_path(bench_profile_state *p, zend_execute_data *top, uint32_t leaves, uint32_t top_line)
{
	uint32_t max = bench_sample_max_frames(), n = 0, node = 0;
	bool truncated = false;

	if (bench_sample.frames_size < max) {
		zend_execute_data **frames = realloc(bench_sample.frames, sizeof(*frames) * max);
		if (!frames) {
			return 0;
		}
		bench_sample.frames = frames;
		bench_sample.frames_size = max;
	}
	/* The innermost frames are kept: a deeper stack loses its outer part. */
	for (zend_execute_data *ex = top; ex; ex = ex->prev_execute_data) {
		if (!ex->func) {
			continue;
		}
		if (n + leaves >= max && n > 0) {
			truncated = true;
			break;
		}
		bench_sample.frames[n++] = ex;
	}
	if (truncated) {
		bench_sample.truncated++;
		node = bench_profile_named_node(p, node, "{truncated}");
	}
	while (n-- > 0) {
		zend_execute_data *ex = bench_sample.frames[n];
		uint32_t line = ex == top && top_line ? top_line : bench_sample_line(ex);
		node = bench_profile_frame_node(p, node, ex->func, ex->prev_execute_data == NULL, line);
	}
#if PHP_VERSION_ID >= 80400 && PHP_VERSION_ID < 80500
	/*
	 * Where the handlers could not be wrapped: a frameless call pushes no
	 * frame, and 8.4 checks the interrupt right after one, with the caller's
	 * opline still on it: that function is the leaf (as it is, wrongly, where a
	 * loop jumps back to a frameless call).
	 */
	if (bench_sample_frameless_failure && top && top->func && ZEND_USER_CODE(top->func->type) && top->opline
			&& ZEND_OP_IS_FRAMELESS_ICALL(top->opline->opcode)) {
		node = bench_profile_frame_node(p, node, ZEND_FLF_FUNC(top->opline), false, 0);
	}
#endif
	return node;
}

/*
 * The line of the call that the live user frame ex made to internal
 * functions that have returned since the tick: the opline noted then, saved
 * by the VM before the call (its current one has moved on). Used only where
 * it lies in ex's code (it was read racing the PHP thread); 0 otherwise.
 */
static uint32_t bench_sample_noted_line(const bench_sample_tick_note *note, const zend_execute_data *ex)
{
	const zend_op *opline = __atomic_load_n(&note->opline, __ATOMIC_RELAXED);
	const zend_op_array *op_array = &ex->func->op_array;

	if (!ZEND_USER_CODE(ex->func->type) || opline < op_array->opcodes || opline >= op_array->opcodes + op_array->last) {
		return 0;
	}
	return opline->lineno;
}

/*
 * The stack of the last tick: from the innermost noted frame still live (the
 * same frame running the same function), with the noted internal functions
 * that have returned since above it. The stack of now when none is.
 */
static uint32_t bench_sample_tick_path(bench_profile_state *p, const bench_sample_slot *slot, zend_execute_data *top)
{
	const bench_sample_tick_note *note = &slot->tick;
	uint32_t frames = __atomic_load_n(&note->frames, __ATOMIC_RELAXED);
	uint32_t max = bench_sample_max_frames();
	zend_function *returned[BENCH_SAMPLE_TICK_FRAMES];

	for (uint32_t i = 0; i < frames && i < BENCH_SAMPLE_TICK_FRAMES; i++) {
		zend_execute_data *frame = __atomic_load_n(&note->frame[i], __ATOMIC_RELAXED);
		zend_function *func = __atomic_load_n(&note->func[i], __ATOMIC_RELAXED);
		zend_execute_data *ex = top;

		/* Bounded: a noted frame is near the top, and a 100,000-deep stack must not be walked whole per sample. */
		for (uint32_t depth = 0; ex && ex != frame; depth++) {
			ex = depth < max ? ex->prev_execute_data : NULL;
		}
		if (ex && ex->func == func) {
			uint32_t node = bench_sample_path(p, ex, i, i ? bench_sample_noted_line(note, ex) : 0);
			while (i-- > 0) {
				node = bench_profile_frame_node(p, node, returned[i], false, 0);
			}
			return node;
		}
		/* A returned frame is named only when its function outlives it: an internal one. */
		if (!func || !bench_sample_is_internal(slot, func)) {
			break;
		}
		returned[i] = func;
	}
	return bench_sample_path(p, top, 0, 0);
}

/* A time sample on the request's timeline; past BENCH_SAMPLE_MOMENTS_MAX, or out of memory, counted only. */
static void bench_sample_note_moment(bench_profile_state *p, uint32_t node, int64_t weight)
{
	if (p->moments_used >= BENCH_SAMPLE_MOMENTS_MAX
			|| !bench_tree_grow((void **) &p->moments, &p->moments_size, sizeof(*p->moments), p->moments_used + 1)) {
		p->moments_dropped++;
		return;
	}
	p->moments[p->moments_used++] = (bench_sample_moment) {bench_clock_ns(CLOCK_MONOTONIC) - p->start_ns, weight, node};
}

/* A sample of the stack at top, with leaf (a function that pushed no frame) above it when not NULL. */
static void bench_sample_take(bench_sample_slot *slot, zend_execute_data *top, zend_function *leaf, uint32_t ticks)
{
	bench_profile_state *p = bench_profile_get();
	int64_t weight;
	int counter;

	if (UNEXPECTED(__atomic_load_n(&slot->forked, __ATOMIC_RELAXED))) {
		__atomic_store_n(&slot->forked, false, __ATOMIC_RELAXED);
		if (p->active && !bench_sample_start_ticker()) {
			/* No more samples in this child: its profile, the parent's up to the fork, is dropped. */
			p->active = false;
			bench_dump_count_dropped(NULL);
		}
		/* The sample raised by the fork itself weighs nothing. */
		ticks = 0;
	}
	if (!p->active || ticks == 0) {
		return;
	}
	slot->taking = true;
	if (bench_sample_on_cpu) {
		int64_t now = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
		weight = now - bench_sample.last_cpu_ns;
		bench_sample.last_cpu_ns = now;
		counter = BENCH_COUNTER_CPU_NS;
	} else {
		weight = (int64_t) ticks * (int64_t) bench_sample_interval_ns;
		counter = BENCH_COUNTER_WALL_NS;
	}
	uint32_t node;
	if (leaf) {
		node = bench_profile_frame_node(p, bench_sample_path(p, top, 1, 0), leaf, false, 0);
	} else {
		node = bench_sample_notes_ticks ? bench_sample_tick_path(p, slot, top) : bench_sample_path(p, top, 0, 0);
	}
	if (bench_sample_notes_ticks && bench_sample.by_signal) {
		/*
		 * Taken: a signal that comes while bench samples notes nothing, and the
		 * next sample must not name its stack from this note while its frame lives.
		 * (The ticker notes every tick anew.) Same thread as the handler: no race.
		 */
		__atomic_store_n(&slot->tick.frames, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&slot->tick.frameless, 0, __ATOMIC_RELAXED);
	}
	if (bench_sample.by_signal) {
		uintptr_t ips[BENCH_SAMPLE_NATIVE_MAX];
		int native = bench_sample_signal_native(bench_sample_slot_number(slot), ips, BENCH_SAMPLE_NATIVE_MAX);
		while (native-- > 0) {
			node = bench_profile_native_node(p, node, ips[native]);
		}
	}
	p->nodes[node].own[counter] += weight;
	p->nodes[node].calls++;
	bench_sample_note_moment(p, node, weight);
	bench_sample.samples++;
	slot->taking = false;
}

void bench_sample_interrupt(zend_execute_data *execute_data)
{
	bench_sample_slot *slot = bench_sample_own();
	/* Zero: the interrupt was raised by someone else (a timeout, another extension), or this thread samples nothing. */
	uint32_t ticks = slot ? bench_sample_take_ticks(slot, __ATOMIC_ACQUIRE) : 0;

	if (ticks) {
		bench_sample_take(slot, EG(current_execute_data), NULL, ticks);
	}
	if (bench_sample_prev_interrupt) {
		bench_sample_prev_interrupt(execute_data);
	}
}

#if PHP_VERSION_ID >= 80400
/*
 * Ticks found due right after a wrapped frameless call
 * (src/sample/frameless.c), before the VM's next check: the call is the leaf
 * when the ticker saw it running. Otherwise the tick fell in the caller's own
 * code since the VM last checked (a loop whose jump back checks nothing),
 * and the stack the ticker noted has it. Without notes, the call.
 */
void bench_sample_after_frameless(uint32_t code)
{
	bench_sample_slot *slot = bench_sample_own();
	uint32_t ticks = bench_sample_take_ticks(slot, __ATOMIC_ACQUIRE);
	zend_function *leaf = NULL;

	if (!ticks) {
		return;
	}
	if (!bench_sample_notes_ticks || __atomic_load_n(&slot->tick.frameless, __ATOMIC_RELAXED) == code) {
		/* NULL for a function disabled since startup: then the stack as noted. */
		leaf = bench_frameless_function_of(code);
	}
	bench_sample_take(slot, EG(current_execute_data), leaf, ticks);
}
#endif

#if PHP_VERSION_ID < 80400
/*
 * bench.sample_internal_calls=wrapper: a sample due is taken right after an
 * internal call, with its frame still on top. Exact for the internal call,
 * but every internal call pays for it (the compiler emits DO_FCALL instead
 * of DO_ICALL once execute_internal is set), and ticks that fell in the
 * caller's own code before the call are charged to the call too.
 */
void bench_sample_execute_internal(zend_execute_data *execute_data, zval *return_value)
{
	/* A trampoline (__call, __callStatic) is freed by the call: its frame cannot be read after it. */
	bool trampoline = execute_data->func->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE;

	if (UNEXPECTED(bench_sample_prev_execute_internal)) {
		bench_sample_prev_execute_internal(execute_data, return_value);
	} else {
		/* What execute_internal() does, one call fewer: this runs around every internal call. */
		execute_data->func->internal_function.handler(execute_data, return_value);
	}
	bench_sample_slot *slot = bench_sample_own();
	if (UNEXPECTED(slot && BENCH_SAMPLE_TICKS(__atomic_load_n(&slot->interrupts, __ATOMIC_RELAXED)) != 0)) {
		uint32_t ticks = bench_sample_take_ticks(slot, __ATOMIC_RELAXED);
		if (ticks) {
			bench_sample_take(slot, trampoline ? execute_data->prev_execute_data : execute_data, NULL, ticks);
		}
	}
}

#endif

/*
 * Ticks raised after the VM last checked the interrupt (the script's end,
 * shutdown functions' aftermath, other extensions' RSHUTDOWN) are the
 * request's time outside any PHP frame: "{request}", the root.
 */
void bench_sample_take_rest(void)
{
	bench_sample_slot *slot = bench_sample_own();
	uint32_t ticks = slot ? bench_sample_take_ticks(slot, __ATOMIC_ACQUIRE) : 0;

	if (ticks) {
		bench_sample_take(slot, NULL, NULL, ticks);
	}
}
