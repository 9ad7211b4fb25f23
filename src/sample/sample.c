/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * Sample mode: its MINIT wiring and post-startup, each sampled request's
 * start and end, allocation samples, and bench_info()'s part. The ticker
 * thread is in ticker.c, taking a sample in take.c; what they share is in
 * sample_private.h.
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "php.h"
#include "SAPI.h"
#include "zend_execute.h"
#include "php_bench.h"
#include "src/lib/clock.h"
#include "src/lib/pid.h"
#include "src/lib/race.h"
#include "src/lib/warning.h"
#include "sample_private.h"
#include "native.h"
#include "signal.h"
#include "frameless.h"
#include "jit.h"
#include "stacks.h"
#include "src/alloc/live.h"
#include "src/dump/dump.h"
#include "src/profile/profile.h"
#include "src/tree/tree.h"

/** the heap whose first chunk is bench_sample_main_chunk; PHP thread only */
static zend_mm_heap *bench_sample_startup_heap;
/* Shared with the ticker: described in sample_private.h. */
HashTable bench_sample_internal_functions;
/** whether the internal functions are listed (post-startup): where the ticker notes frames or can read stacks */
static bool bench_sample_lists_internals;
/** why the ticker cannot copy frames; NULL when it can or was not asked to */
static const char *bench_sample_ticker_unavailable;
static zend_result (*bench_sample_prev_post_startup)(void);
#if PHP_VERSION_ID >= 80400
/** why the frameless handlers are not wrapped; NULL once they are (post-startup does not run for a module loaded later) */
const char *bench_sample_frameless_failure = "bench was not loaded at startup";
#endif

/** requests of this process sampled without time samples, for the JIT (src/sample/jit.h) */
static uint64_t bench_sample_jit_refused;
static bool bench_sample_jit_warned;

/* Said once a process: a php-fpm master's warning stands for all its workers. */
static void bench_sample_warn_jit(const char *hazard)
{
	if (!__atomic_exchange_n(&bench_sample_jit_warned, true, __ATOMIC_RELAXED)) {
		bench_warning("bench: no time samples with %s on PHP %s: its JIT code loses loop variables "
			"kept in registers at a VM interrupt, and the ticker cannot read stacks itself instead (process_vm_readv: %s). "
			"Allocation samples go on; bench.sample_with_jit=1 samples time anyway", hazard, PHP_VERSION,
			bench_sample_ticker_unavailable ? bench_sample_ticker_unavailable : "not tried");
	}
}

/*
 * Why samples may not raise VM interrupts now: opcache's JIT would lose
 * variables at one (src/sample/jit.h); NULL where they may, or with
 * bench.sample_with_jit. The ticker then reads the stacks itself where it
 * can copy frames; where it cannot, there are no time samples, which is said
 * once a process, and again by bench_info() and each profile.
 */
static const char *bench_sample_time_refused(void)
{
	const char *hazard = BENCH_INI(sample_with_jit) ? NULL : bench_sample_jit_hazard();

	if (hazard && !bench_sample_copies_frames) {
		bench_sample_warn_jit(hazard);
	}
	return hazard;
}

static void bench_sample_jit_set(const char *hazard);

/*
 * From 8.4, wraps the frameless handlers; watches opcache.jit; then, where
 * the ticker notes frames, the set of functions a noted frame may name:
 * internal ones, which live as long as the process.
 */
static zend_result bench_sample_post_startup(void)
{
	zend_function *func;
	zend_class_entry *ce;

#if PHP_VERSION_ID >= 80400
#ifdef ZTS
	/* The wrappers post the running call in one word for the ticker, and check one thread's ticks. */
	bench_sample_frameless_failure = "not on a thread-safe (ZTS) build";
#else
	/* Before anything is compiled: opcache's post-startup, which starts the JIT, runs its predecessor's first. */
	bench_sample_frameless_failure = bench_frameless_wrap(&bench_sample_slots[0].interrupts, bench_sample_after_frameless);
#endif
#endif
	if (bench_sample_prev_post_startup && bench_sample_prev_post_startup() != SUCCESS) {
		return FAILURE;
	}
	/* Said once at startup (php-fpm's master, for all its workers) where the settings of every request already refuse. */
	bench_sample_time_refused();
	bench_sample_jit_watch(bench_sample_jit_set);
	if (!bench_sample_lists_internals) {
		return SUCCESS;
	}
	ZEND_HASH_FOREACH_PTR(CG(function_table), func) {
		if (func->type == ZEND_INTERNAL_FUNCTION) {
			zend_hash_index_add_empty_element(&bench_sample_internal_functions, (zend_ulong) (uintptr_t) func);
		}
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_PTR(CG(class_table), ce) {
		if (ce->type != ZEND_INTERNAL_CLASS) {
			continue;
		}
		ZEND_HASH_FOREACH_PTR(&ce->function_table, func) {
			if (func->type == ZEND_INTERNAL_FUNCTION) {
				zend_hash_index_add_empty_element(&bench_sample_internal_functions, (zend_ulong) (uintptr_t) func);
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

#ifdef ZTS
HashTable *bench_sample_thread_internals(void)
{
	zend_function *func;

	if (!bench_sample_lists_internals) {
		return NULL;
	}
	HashTable *set = pemalloc(sizeof(*set), 1);
	zend_hash_init(set, zend_hash_num_elements(CG(function_table)), NULL, NULL, 1);
	ZEND_HASH_FOREACH_PTR(CG(function_table), func) {
		if (func->type == ZEND_INTERNAL_FUNCTION) {
			zend_hash_index_add_empty_element(set, (zend_ulong) (uintptr_t) func);
		}
	} ZEND_HASH_FOREACH_END();
	return set;
}
#endif

/* The stack reader's test of a function (src/sample/stacks.h): thread is the slot of the thread read. */
static bool bench_sample_thread_has_internal(const void *thread, const zend_function *func)
{
	return bench_sample_is_internal(thread, func);
}

/* The ticker reads this thread's stacks for request from now on (under the JIT); false without memory. */
static bool bench_sample_stacks_begin(bench_sample_slot *slot, uint32_t request)
{
	if (!slot->stacks) {
#if PHP_VERSION_ID >= 80400 && !defined(ZTS)
		const uint32_t *frameless = &bench_frameless_running;
#else
		const uint32_t *frameless = NULL;
#endif
		slot->stacks = bench_stacks_new(&EG(current_execute_data), frameless, slot);
	}
	return slot->stacks && bench_stacks_begin(slot->stacks, request, bench_sample_max_frames());
}

/* Whether the ticker can copy this process's frames: a seccomp filter may forbid process_vm_readv. */
static bool bench_sample_can_copy_frames(void)
{
	uint64_t probe = 1, copy = 0;
	struct iovec local = {&copy, sizeof(copy)}, remote = {&probe, sizeof(probe)};

	if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t) sizeof(copy) && copy == probe) {
		return true;
	}
	bench_sample_ticker_unavailable = strerror(errno);
	return false;
}
/* The first chunk of the heap Zend MM started, where the ticker reads frames directly (bench_sample_main_chunk). */
static void bench_sample_find_main_chunk(void)
{
#ifndef ZTS
	/*
	 * Before any handler of bench's: a heap flagged custom now is another's,
	 * or libc's. Zend MM puts the heap it starts in its first chunk's first page.
	 */
	zend_mm_heap *heap = zend_mm_get_heap();
	if (!zend_mm_is_custom_heap(heap) && ((uintptr_t) heap & (ZEND_MM_CHUNK_SIZE - 1)) < ZEND_MM_PAGE_SIZE) {
		bench_sample_startup_heap = heap;
		bench_sample_main_chunk = (uintptr_t) heap & ~(uintptr_t) (ZEND_MM_CHUNK_SIZE - 1);
	}
#endif
}

void bench_sample_minit(void)
{
	/*
	 * At startup, not with the first ticker: a child forked from a process
	 * sampled by the timer signal needs it too. Without the handlers a forked
	 * worker would take its parent's ticker for its own: no sampling then.
	 */
	if (pthread_atfork(bench_sample_atfork_prepare, bench_sample_atfork_parent, bench_sample_atfork_child) != 0) {
		bench_warning("bench: pthread_atfork() failed; bench.mode=sample stays off");
		BENCH_INI(mode) = BENCH_MODE_OFF;
		return;
	}
	bench_sample_prev_interrupt = zend_interrupt_function;
	zend_interrupt_function = bench_sample_interrupt;
#if PHP_VERSION_ID < 80400
	bool ticker = BENCH_INI(sample_internal_calls) == BENCH_SAMPLE_INTERNAL_TICKER;
#else
	/* The wrapper would turn frameless calls off: the ticker alone, where it can. */
	bool ticker = true;
#endif
	/* Also where the wrapper is chosen: the ticker reads whole stacks under the JIT (src/sample/stacks.h). */
	bench_sample_copies_frames = bench_sample_can_copy_frames();
	bench_sample_find_main_chunk();
	if (ticker) {
#if PHP_VERSION_ID < 80400
		/* Frames read in the first chunk alone would miss deep stacks, fibers and generators: the wrapper misses none. */
		bench_sample_notes_ticks = bench_sample_copies_frames;
#else
		/* Nothing else finds them from 8.4: the frames in the first chunk (the VM stack's first page) at least. */
		bench_sample_notes_ticks = bench_sample_copies_frames || bench_sample_main_chunk;
#endif
	}
	bench_sample_lists_internals = bench_sample_notes_ticks || bench_sample_copies_frames;
	if (!bench_sample_lists_internals) {
		bench_sample_main_chunk = 0;
		bench_sample_startup_heap = NULL;
	}
	if (bench_sample_lists_internals) {
		zend_hash_init(&bench_sample_internal_functions, 4096, NULL, NULL, 1);
	}
	bench_stacks_init(&bench_sample_main_chunk, bench_sample_read_frame, bench_sample_thread_has_internal);
	/* Post-startup watches opcache.jit in every configuration; from 8.4 it also wraps the frameless handlers. */
	bench_sample_prev_post_startup = zend_post_startup_cb;
	zend_post_startup_cb = bench_sample_post_startup;
#if PHP_VERSION_ID < 80400
	if (!bench_sample_notes_ticks) {
		bench_sample_prev_execute_internal = zend_execute_internal;
		zend_execute_internal = bench_sample_execute_internal;
	}
#endif
}

void bench_sample_mshutdown(void)
{
	bench_sample_ticker_stop();
	bench_sample_signal_mshutdown();
	bench_sample_jit_unwatch();
#if PHP_VERSION_ID >= 80400
	bench_frameless_unwrap();
#endif
	if (bench_sample_lists_internals) {
		zend_hash_destroy(&bench_sample_internal_functions);
		bench_sample_lists_internals = false;
	}
	bench_sample_notes_ticks = false;
	bench_sample_main_chunk = 0;
	bench_sample_startup_heap = NULL;
}

/* ---- requests ------------------------------------------------------------------ */

/* A uniform draw in [0, 1) that leaves PHP's own random state alone (xorshift64*). */
static double bench_sample_uniform(void)
{
	if (bench_sample.rng == 0) {
		/* The globals' address tells the threads of one process apart. */
		bench_sample.rng = ((uint64_t) bench_pid() << 32) ^ (uint64_t) bench_clock_ns(CLOCK_REALTIME) ^ 0x9E3779B97F4A7C15ULL
			^ (uint64_t) (uintptr_t) &bench_sample;
	}
	bench_sample.rng ^= bench_sample.rng >> 12;
	bench_sample.rng ^= bench_sample.rng << 25;
	bench_sample.rng ^= bench_sample.rng >> 27;
	return (double) ((bench_sample.rng * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

static bool bench_sample_drawn(double fraction)
{
	return fraction >= 1.0 || (fraction > 0.0 && bench_sample_uniform() < fraction);
}

/* ---- allocation samples -------------------------------------------------------- */

/* Bytes to the next sampled allocation: exponential, so that sampling is a Poisson process over bytes. */
static int64_t bench_sample_alloc_gap(void)
{
	return (int64_t) (-log(1.0 - bench_sample_uniform()) * (double) BENCH_INI(alloc_sample_bytes)) + 1;
}

/* Frames of bench itself on the native stack of a sampled allocation: capture, this, the allocation hook. */
#define BENCH_SAMPLE_NATIVE_SKIP 3

/*
 * An allocation ended a gap: it stands for the allocations and bytes of
 * bench_alloc_sample_weights(), and is followed until it is freed (inuse).
 */
static void bench_sample_alloc(void *ptr, size_t size)
{
	bench_profile_state *p = bench_profile_get();
	uintptr_t ips[BENCH_SAMPLE_NATIVE_MAX];
	int native = 0;
	int64_t objects, bytes;

	BENCH_G(alloc).sample_left = bench_sample_alloc_gap();
	bench_sample_slot *slot = bench_sample_own();
	if (!p->active || !slot || slot->in_alloc_sample) {
		return;
	}
	slot->in_alloc_sample = true;
	if (BENCH_INI(native_stacks)) {
		native = bench_native_capture(ips, BENCH_SAMPLE_NATIVE_MAX, BENCH_SAMPLE_NATIVE_SKIP);
	}
	uint32_t node = bench_sample_path(p, EG(current_execute_data), 0, 0);
	while (native-- > 0) {
		node = bench_profile_native_node(p, node, ips[native]);
	}
	bench_alloc_sample_weights(size, p->alloc_sample_bytes, &objects, &bytes);
	p->nodes[node].own[BENCH_COUNTER_ALLOCS] += objects;
	p->nodes[node].own[BENCH_COUNTER_ALLOC_BYTES] += bytes;
	if (ptr) {
		bench_live_sampled_add(ptr, size, node);
	}
	bench_sample.alloc_samples++;
	slot->in_alloc_sample = false;
}

/* Whether CPU samples come from a timer signal: only asked for with the CPU clock and native stacks. */
static bool bench_sample_wants_signal(void)
{
	return BENCH_INI(sample_signal) && BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU && BENCH_INI(native_stacks)
		&& bench_native_available();
}

/* The profile of a sampled request, begun: its counters at 0, allocation samples drawn. */
static void bench_sample_begin_profile(bench_profile_state *p, bench_sample_slot *slot)
{
	/* A heap swapped in since startup (by another extension): the first chunk of startup's is no longer known to stay. */
	if (UNEXPECTED(bench_sample_startup_heap && zend_mm_get_heap() != bench_sample_startup_heap)) {
		__atomic_store_n(&bench_sample_main_chunk, 0, __ATOMIC_RELAXED);
		bench_sample_startup_heap = NULL;
	}
	p->sampled = true;
	p->active = true;
	p->start_ns = bench_clock_ns(CLOCK_MONOTONIC);
	bench_sample.samples = 0;
	bench_sample.alloc_samples = 0;
	bench_sample.truncated = 0;
	/*
	 * The hook on every allocation costs more than production sampling may
	 * (7% on real code): by default only some sampled requests pay it. Their
	 * profiles estimate their own allocations, and say so in their counters.
	 */
	p->alloc_counters = BENCH_INI(alloc_sample_bytes) > 0 && BENCH_INI(alloc_sample_requests) > 0.0;
	p->allocs_sampled = p->alloc_counters && bench_sample_drawn(BENCH_INI(alloc_sample_requests));
	p->alloc_sample_bytes = BENCH_INI(alloc_sample_bytes);
	p->live_incomplete = false;
	if (p->allocs_sampled) {
		bench_alloc_sample_until_rshutdown(bench_sample_alloc, bench_sample_alloc_gap());
	}
	if (BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU) {
		/* A system call: only when samples are weighed by CPU time. */
		bench_sample.last_cpu_ns = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
		__atomic_store_n(&slot->cpu_start_ns, bench_sample.last_cpu_ns, __ATOMIC_RELAXED);
	}
}

/*
 * No timer signal could be armed for CPU samples: the ticker takes them,
 * without native frames. False (the request dropped) when it cannot start.
 */
static bool bench_sample_signal_refused(bench_profile_state *p)
{
	static bool warned;
	if (!warned) {
		warned = true;
		bench_warning("bench: no timer signal for CPU samples (%s): the ticker takes them, without native frames",
			bench_sample_signal_failure());
	}
	bench_sample.by_signal = false;
	if (!bench_sample_start_ticker()) {
		p->active = false;
		bench_dump_count_dropped(NULL);
		return false;
	}
	return true;
}

/* Begins sampling a request (the SAPI's, or one a worker handles): its profile, and the ticker or timer signal running. */
static void bench_sample_begin_request(bench_profile_state *p)
{
	const char *refused = bench_sample_time_refused();
	/* Under the JIT, the ticker reads the stacks itself where it can copy frames: no interrupt is raised. */
	bool stacks = refused && bench_sample_copies_frames;
	bool time_samples = !refused || stacks;
	bench_sample_slot *slot = bench_sample_claim();
	if (!slot) {
		bench_dump_count_dropped(NULL);
		return;
	}
	bench_sample.by_signal = !refused && bench_sample_wants_signal();
	if (time_samples && !bench_sample.by_signal && !bench_sample_start_ticker()) {
		bench_dump_count_dropped(NULL);
		return;
	}
	if (!bench_profile_begin_tree(p)) {
		bench_dump_count_dropped("out of memory");
		return;
	}
	bench_sample_begin_profile(p, slot);
	/* A new request: ticks the ticker counted for an earlier one find another name on the count, and are dropped. */
	uint32_t request = slot->started + 1;
	__atomic_store_n(&slot->interrupts, (uint64_t) request << 32, __ATOMIC_RELAXED);
	__atomic_store_n(&slot->started, request, __ATOMIC_RELAXED);
	/* Before running is set, which the ticker reads first. */
	if (stacks && !bench_sample_stacks_begin(slot, request)) {
		stacks = time_samples = false;
	}
	__atomic_store_n(&slot->stack_mode, stacks, __ATOMIC_RELAXED);
	p->time_samples_off = !time_samples;
	if (!time_samples) {
		__atomic_fetch_add(&bench_sample_jit_refused, 1, __ATOMIC_RELAXED);
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "off under %s", refused);
		return;
	}
	if (stacks) {
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "read by the ticker under %s", refused);
	} else {
		p->time_samples_how[0] = '\0';
	}
	if (bench_sample.by_signal) {
		bench_sample_take_settings();
		if (bench_sample_signal_arm(bench_sample_slot_number(slot), bench_sample_interval_ns, bench_sample_signal_tick)) {
			return;
		}
		if (!bench_sample_signal_refused(p)) {
			return;
		}
	}
	__atomic_store_n(&slot->wanted_ns, p->start_ns, __ATOMIC_RELAXED);
	BENCH_RACE_BEFORE(slot);
	__atomic_store_n(&slot->running, true, __ATOMIC_SEQ_CST);
	bench_sample_unpark();
}

void bench_sample_rinit(void)
{
#if PHP_VERSION_ID >= 80400
	/* A fatal error in a frameless call left it posted. */
	__atomic_store_n(&bench_frameless_running, 0, __ATOMIC_RELAXED);
#endif

	if (bench_sample_drawn(BENCH_INI(sample_requests)) && bench_profile_starts_with_request()) {
		bench_sample_begin_request(bench_profile_get());
	}
}

/*
 * ini_set() turned on a JIT mid-request (src/sample/jit.h): the request stops
 * raising interrupts before any of it is compiled. A new request number
 * makes the ticker drop a tick it is counting; then it reads the stacks
 * itself where it can copy frames. The profile keeps the samples taken so
 * far, and says how time was sampled from then on.
 */
static void bench_sample_jit_set(const char *hazard)
{
	bench_profile_state *p = bench_profile_get();

	bench_sample_slot *slot = bench_sample_own();

	if (BENCH_INI(sample_with_jit) || !p->active || !p->sampled || p->time_samples_how[0] || !slot) {
		return;
	}
	if (bench_sample.by_signal) {
		bench_sample_signal_disarm(bench_sample_slot_number(slot));
		bench_sample.by_signal = false;
	}
	uint32_t request = slot->started + 1;
	bool stacks = bench_sample_copies_frames && bench_sample_start_ticker() && bench_sample_stacks_begin(slot, request);
	/* Set before the new number: a tick that reads the number reads this too, and raises no interrupt. */
	__atomic_store_n(&slot->stack_mode, stacks, __ATOMIC_SEQ_CST);
	__atomic_store_n(&slot->running, stacks, __ATOMIC_SEQ_CST);
	__atomic_store_n(&slot->interrupts, (uint64_t) request << 32, __ATOMIC_SEQ_CST);
	__atomic_store_n(&slot->started, request, __ATOMIC_SEQ_CST);
	if (stacks) {
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "read by the ticker under %s (set mid-request)", hazard);
		bench_sample_unpark();
		return;
	}
	snprintf(p->time_samples_how, sizeof(p->time_samples_how), "off under %s (set mid-request)", hazard);
	p->time_samples_off = true;
	__atomic_fetch_add(&bench_sample_jit_refused, 1, __ATOMIC_RELAXED);
	bench_sample_warn_jit(hazard);
}

/*
 * Wall time that no sample weighed: a ticker kept off its CPU past the
 * request's end (a machine busy with other work) counts ticks it finds late,
 * but not those of a request that ended meanwhile. The duration less the
 * sampled time, in whole intervals (samples fall on a grid: up to one
 * interval apart from the duration either way), goes to "{unsampled}" under
 * the root, and is said in the profile. Nothing on the CPU clock, whose
 * samples weigh the CPU time the thread used.
 */
static void bench_sample_charge_unsampled(bench_profile_state *p)
{
	int64_t sampled = 0, interval = (int64_t) bench_sample_interval_ns;

	p->unsampled_ns = 0;
	if (bench_sample_on_cpu || p->time_samples_off || interval <= 0) {
		return;
	}
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		sampled += p->nodes[n].own[BENCH_COUNTER_WALL_NS];
	}
	int64_t missing = (p->end_ns - p->start_ns - sampled) / interval * interval;
	if (missing <= 0) {
		return;
	}
	uint32_t node = bench_profile_named_node(p, 0, "{unsampled}");
	if (node == BENCH_PROFILE_NONE) {
		return;
	}
	p->nodes[node].own[BENCH_COUNTER_WALL_NS] += missing;
	p->unsampled_ns = missing;
}

/* Ends sampling a request: the ticker parked, its profile written (or counted empty). */
static void bench_sample_end_request(bench_profile_state *p)
{
	if (!p->active) {
		bench_live_sampled_discard();
		return;
	}
	/* Active: begun with a slot. */
	bench_sample_slot *slot = bench_sample_own();
	if (bench_sample.by_signal && !bench_sample_signal_disarm(bench_sample_slot_number(slot))) {
		static bool warned;
		if (!warned) {
			warned = true;
			bench_warning("bench: the handler of bench's timer signal (%d) was replaced during the request "
				"(pcntl_signal()?): its CPU samples stopped there", bench_sample_signal_number());
		}
	}
	/* Cleared before the ticker's pass is waited out (sequentially consistent). */
	__atomic_store_n(&slot->running, false, __ATOMIC_SEQ_CST);
	bench_sample_quiesce();
	uint64_t read_samples = 0, read_truncated = 0;
	if (__atomic_load_n(&slot->stack_mode, __ATOMIC_RELAXED)) {
		bench_stacks_stop(slot->stacks);
		read_samples = bench_stacks_merge(slot->stacks, p, bench_sample_on_cpu ? BENCH_COUNTER_CPU_NS : BENCH_COUNTER_WALL_NS,
			&read_truncated);
	}
	bench_sample_take_rest();
	p->active = false;
	p->end_ns = bench_clock_ns(CLOCK_MONOTONIC);
	bench_sample_charge_unsampled(p);
	/* Now, after every module's RSHUTDOWN and before the executor's teardown: what the request still holds. */
	if (p->allocs_sampled) {
		bench_live_sampled_finish(p, (size_t) p->alloc_sample_bytes);
	}
	memset(&p->total, 0, sizeof(p->total));
	memset(p->overhead, 0, sizeof(p->overhead));
	/* Every counter a sample fills: time, and the estimated allocations of allocation samples. */
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
			p->total.value[c] += p->nodes[n].own[c];
		}
	}
	p->samples = bench_sample.samples + read_samples;
	p->folded_depth = bench_sample.truncated + read_truncated;
	p->alloc_samples = bench_sample.alloc_samples;
	/*
	 * A request shorter than the interval mostly has no sample: an empty file
	 * would tell nothing. Folded stacks carry time alone, not allocation samples.
	 */
	if (p->samples == 0 && (p->alloc_samples == 0 || BENCH_INI(output_format) == BENCH_FORMAT_FOLDED)) {
		bench_dump_count_empty();
		return;
	}
	bench_profile_note_request(p);
	bench_dump_profile(p);
	bench_live_say_incomplete(p);
}

void bench_sample_rshutdown(void)
{
	bench_sample_end_request(bench_profile_get());
}

void bench_sample_gshutdown(bench_sample_request *request)
{
	free(request->frames);
	request->frames = NULL;
	request->frames_size = 0;
	if (request->slot) {
		bench_sample_release(request->slot);
		request->slot = NULL;
	}
}

bool bench_sample_handle_begin(const char *uri, const char *method)
{
	bench_profile_state *p = bench_profile_get();

	bench_sample_handle_end(0);
	bench_request_handle(uri, method);
	if (bench_sample_drawn(BENCH_INI(sample_requests))) {
		bench_sample_begin_request(p);
		if (p->active) {
			bench_dump_owe();
		}
	}
	return p->active;
}

bool bench_sample_handle_end(int status)
{
	bench_profile_state *p = bench_profile_get();
	bool active = p->active;

	bench_handled.status = status;
	bench_sample_end_request(p);
	bench_dump_settle();
	return active;
}

/* bench_info()'s time_samples: on, read by the ticker, or off under opcache's JIT. */
static void bench_sample_info_time_samples(zval *out)
{
	const char *hazard = bench_sample_jit_hazard();
	if (!hazard) {
		add_assoc_string(out, "time_samples", "on");
	} else if (BENCH_INI(sample_with_jit)) {
		add_assoc_str(out, "time_samples", zend_strpprintf(0, "on, with %s (bench.sample_with_jit=1): a VM interrupt "
			"can make its JIT code lose loop variables", hazard));
	} else if (bench_sample_copies_frames) {
		add_assoc_str(out, "time_samples", zend_strpprintf(0, "stacks read by the ticker: with %s, a VM interrupt can make "
			"the JIT code lose loop variables (bench.sample_with_jit=0)", hazard));
	} else {
		add_assoc_str(out, "time_samples", zend_strpprintf(0, "off: with %s, a VM interrupt can make the JIT code "
			"lose loop variables, and the ticker cannot read stacks (process_vm_readv: %s)", hazard,
			bench_sample_ticker_unavailable ? bench_sample_ticker_unavailable : "not tried"));
	}
}

/* bench_info()'s cpu_native_frames: whether CPU samples carry native frames (the timer signal). */
static void bench_sample_info_cpu_native_frames(zval *out)
{
	if (!BENCH_INI(sample_signal)) {
		add_assoc_string(out, "cpu_native_frames", "off (bench.sample_signal=0)");
	} else if (!bench_sample_wants_signal()) {
		add_assoc_string(out, "cpu_native_frames",
			"off: bench.sample_signal needs bench.sample_clock=cpu and bench.native_stacks=1 with libunwind");
	} else if (bench_sample_signal_failure()) {
		add_assoc_str(out, "cpu_native_frames", zend_strpprintf(0, "unavailable: %s", bench_sample_signal_failure()));
	} else {
		add_assoc_str(out, "cpu_native_frames", zend_strpprintf(0, "timer signal %d on the PHP thread's CPU clock",
			bench_sample_signal_number()));
	}
}

/* bench_info()'s internal_calls and frameless_calls: how a sample finds a function that pushed no frame, or popped it. */
static void bench_sample_info_calls(zval *out)
{
#if PHP_VERSION_ID < 80400
	const char *fallback = "execute_internal wrapper";
#else
	const char *fallback = "VM interrupt after the internal calls it makes";
#endif
	if (bench_sample_notes_ticks && bench_sample_copies_frames) {
		add_assoc_string(out, "internal_calls", "frames noted by the ticker (read, or copied with process_vm_readv)");
	} else if (bench_sample_notes_ticks) {
		add_assoc_str(out, "internal_calls", zend_strpprintf(0, "frames noted by the ticker where it can read them, in Zend MM's "
			"first chunk (the VM stack's first page); it cannot copy others (process_vm_readv: %s)", bench_sample_ticker_unavailable));
	} else if (bench_sample_ticker_unavailable) {
		add_assoc_str(out, "internal_calls", zend_strpprintf(0,
			"%s: the ticker cannot copy frames (process_vm_readv: %s)", fallback, bench_sample_ticker_unavailable));
	} else {
		add_assoc_string(out, "internal_calls", fallback);
	}
#if PHP_VERSION_ID < 80400
	add_assoc_string(out, "frameless_calls", "none before PHP 8.4");
#else
	if (!bench_sample_frameless_failure) {
		add_assoc_str(out, "frameless_calls", zend_strpprintf(0, "leaf named by a wrapper around each of the %u handlers",
			bench_frameless_wrapped()));
	} else if (PHP_VERSION_ID < 80500) {
		add_assoc_str(out, "frameless_calls", zend_strpprintf(0, "leaf read from the caller's opline: bench could not wrap "
			"the handlers (%s)", bench_sample_frameless_failure));
	} else {
		add_assoc_str(out, "frameless_calls", zend_strpprintf(0, "charged to the caller: PHP 8.5 checks no interrupt after "
			"a frameless call, and bench could not wrap the handlers (%s)", bench_sample_frameless_failure));
	}
#endif
}

void bench_sample_info(zval *out)
{
	array_init(out);
	const char *ticker = bench_sample_ticker_kind();

	add_assoc_bool(out, "ticker", ticker != NULL);
	if (ticker) {
		add_assoc_string(out, "ticker_thread", (char *) ticker);
	} else {
		add_assoc_null(out, "ticker_thread");
	}
	bench_sample_info_time_samples(out);
	add_assoc_long(out, "requests_without_time_samples", (zend_long) bench_sample_jit_refused);
	add_assoc_long(out, "stack_reads_dropped", (zend_long) bench_stacks_dropped());
	add_assoc_long(out, "interval_us", BENCH_INI(sample_interval_us));
	add_assoc_string(out, "clock", BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU ? "cpu" : "wall");
	add_assoc_long(out, "alloc_sample_bytes", BENCH_INI(alloc_sample_bytes));
	add_assoc_double(out, "alloc_sample_requests", BENCH_INI(alloc_sample_requests));
	if (BENCH_INI(native_stacks) && !bench_native_available()) {
		add_assoc_string(out, "native_stacks", "unavailable: built without libunwind (--with-bench-libunwind)");
	} else {
		add_assoc_bool(out, "native_stacks", BENCH_INI(native_stacks));
	}
	bench_sample_info_cpu_native_frames(out);
	bench_sample_info_calls(out);
}
