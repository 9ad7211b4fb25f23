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
#include <linux/futex.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "php.h"
#include "SAPI.h"
#include "zend_execute.h"
#if PHP_VERSION_ID >= 80400
# include "zend_frameless_function.h"
#endif
#include "php_bench.h"
#include "src/lib/clock.h"
#include "src/lib/pid.h"
#include "src/lib/thread.h"
#include "src/lib/warning.h"
#include "sample.h"
#include "native.h"
#include "signal.h"
#include "frameless.h"
#include "jit.h"
#include "stacks.h"
#include "src/alloc/live.h"
#include "src/dump/dump.h"
#include "src/profile/profile.h"
#include "src/tree/tree.h"

/*
 * Shared with the ticker thread, so kept for the process, not the request:
 * the ticker adds to interrupts (relaxed atomics) and raises the VM
 * interrupt; the PHP thread takes the count with a swap and samples. The
 * count is the low half; the high half names the request it is for (its
 * bench_sample_started), so that ticks the ticker counted for a request that
 * ended meanwhile (the ticker preempted between counting and adding) are
 * dropped, not charged to the next one.
 */
static uint64_t bench_sample_interrupts;
#define BENCH_SAMPLE_TICKS(word) ((uint32_t) (word))
/** whether a sampled request runs (the ticker raises nothing otherwise) */
static bool bench_sample_running;
static bool bench_sample_stopping;
/** set in a forked child, whose ticker did not survive the fork */
static bool bench_sample_forked;
/*
 * When the PHP thread last asked for ticks (CLOCK_MONOTONIC): the ticker's
 * start, or the start of a request. A ticker scheduled late (a busy machine)
 * counts its ticks from then, so that none of the request's time goes unsampled.
 */
static int64_t bench_sample_wanted_ns;

static zend_atomic_bool *bench_sample_vm_interrupt;
static bench_thread bench_sample_thread;
/** the process whose ticker runs: 0 for none */
static pid_t bench_sample_thread_pid;
static clockid_t bench_sample_php_cpu_clock;
static uint64_t bench_sample_interval_ns;

/*
 * The frames a sample keeps: bench.max_depth, and never more than
 * BENCH_SAMPLE_FRAMES_MAX. A sample's work grows with the frames it walks
 * (about 100 instructions each); past the bound a deep stack (a 30,000-deep
 * recursion) keeps its innermost frames under {truncated}, so that no stack
 * makes one sample cost more than a few microseconds.
 */
static uint32_t bench_sample_max_frames(void)
{
	return (uint32_t) MIN(BENCH_INI(max_depth), BENCH_SAMPLE_FRAMES_MAX);
}

static void (*bench_sample_prev_interrupt)(zend_execute_data *execute_data);

/** The most native frames a sample keeps. */
#define BENCH_SAMPLE_NATIVE_MAX 16

/*
 * The VM checks the interrupt at loop back-edges, on entering a user function,
 * and from 8.4 after an internal call the VM made: an internal function
 * running at the tick (before 8.4, or one called from C, like array_map's
 * callback) has returned by then, and its time would go to its caller. So the
 * ticker notes the innermost frames running at the tick, read where their
 * memory cannot be unmapped (below) and otherwise copied with process_vm_readv
 * (which fails cleanly where a frame is gone, where a plain read could fault),
 * and the PHP thread rebuilds the stack of the tick from them.
 */
#define BENCH_SAMPLE_TICK_FRAMES 3
static struct {
	zend_execute_data *frame[BENCH_SAMPLE_TICK_FRAMES];
	zend_function *func[BENCH_SAMPLE_TICK_FRAMES];
	/** the opline of the last noted frame where it is a user function's: its call, saved before it */
	const zend_op *opline;
	uint32_t frames;
	/** the wrapped frameless call posted as running (src/sample/frameless.c), 0 for none */
	uint32_t frameless;
} bench_sample_tick;
/** &EG(current_execute_data), which the ticker reads */
static zend_execute_data **bench_sample_current_frame;
/*
 * Zend MM's first chunk holds its heap and stays mapped until the memory
 * manager's full shutdown, which comes after every MSHUTDOWN (where bench
 * joins the ticker); the VM stack's first page lies in it, as the first large
 * block of every request does. A frame there is read directly: process_vm_readv,
 * as cold as a tick finds it, took 10 to 20 us of the ticker's 25 to 50 us a
 * tick on a KVM guest (schedstat). Frames elsewhere (a deep stack's later
 * pages, some fibers' and generators') may be unmapped under the ticker, and
 * are copied. 0, every frame copied, where the heap is not one that Zend MM
 * started (USE_ZEND_ALLOC=0, another extension's handlers or heap at startup),
 * once the heap is not the one of startup, and in ZTS builds.
 */
static uintptr_t bench_sample_main_chunk;
/** the heap whose first chunk that is */
static zend_mm_heap *bench_sample_startup_heap;
/** the internal functions (kept for the process): a noted function is used only when it is one of them */
static HashTable bench_sample_internal_functions;
/** whether the ticker notes frames (else, before 8.4, the wrapper below samples) */
static bool bench_sample_notes_ticks;
/** whether it may copy those outside the first chunk (a seccomp filter may forbid process_vm_readv) */
static bool bench_sample_copies_frames;
/** whether the internal functions are listed (post-startup): where the ticker notes frames or can read stacks */
static bool bench_sample_lists_internals;
/*
 * Whether this request's time samples are stacks that the ticker reads
 * itself, raising no VM interrupt (src/sample/stacks.h): under opcache's JIT,
 * where it can copy frames.
 */
static bool bench_sample_stack_mode;
/** the PHP thread's CPU time when its request began: read stacks weigh CPU time from there (bench.sample_clock=cpu) */
static int64_t bench_sample_cpu_start_ns;
/** why the ticker cannot copy frames; NULL when it can or was not asked to */
static const char *bench_sample_ticker_unavailable;
static zend_result (*bench_sample_prev_post_startup)(void);
#if PHP_VERSION_ID >= 80400
/** why the frameless handlers are not wrapped; NULL once they are (post-startup does not run for a module loaded later) */
static const char *bench_sample_frameless_failure = "bench was not loaded at startup";
static void bench_sample_after_frameless(uint32_t code);
#endif
#if PHP_VERSION_ID < 80400
static void (*bench_sample_prev_execute_internal)(zend_execute_data *execute_data, zval *return_value);
#endif

/** requests of this process sampled without time samples, for the JIT (src/sample/jit.h) */
static uint64_t bench_sample_jit_refused;
static bool bench_sample_jit_warned;

/** The request being sampled (the PHP thread's own). */
static struct {
	uint64_t samples;
	/** this thread's CPU time at the last sample (bench.sample_clock=cpu) */
	int64_t last_cpu_ns;
	/** frames of the stack being recorded, innermost first */
	zend_execute_data **frames;
	uint32_t frames_size;
	uint64_t truncated;
	uint64_t rng;
	uint64_t alloc_samples;
	/** set while an allocation sample is taken (it allocates from libc, never Zend MM; a guard all the same) */
	bool in_alloc_sample;
	/** whether this request's CPU samples come from the timer signal (bench.sample_signal) */
	bool by_signal;
	/** set while a CPU sample is taken: the timer signal must not note frames under it */
	bool taking;
} bench_sample;

/* ---- the ticker thread ------------------------------------------------------- */

/* Whether func is an internal function: the set is filled at startup and only read after, by both threads. */
static bool bench_sample_is_internal(const zend_function *func)
{
	return zend_hash_index_exists(&bench_sample_internal_functions, (zend_ulong) (uintptr_t) func);
}

/* Reads a frame's function, caller and opline (where opline is not NULL) from the ticker (see above); false where it cannot. */
static bool bench_sample_read_frame_at(pid_t pid, zend_execute_data *ex, zend_function **func, zend_execute_data **prev,
	const zend_op **opline)
{
	uintptr_t chunk = __atomic_load_n(&bench_sample_main_chunk, __ATOMIC_RELAXED);

	if (bench_stacks_in_chunk(chunk, ex, sizeof(*ex)) && ((uintptr_t) ex & 7) == 0) {
		/*
		 * Written by the PHP thread meanwhile: what is read may be stale or
		 * garbage, and is only compared or looked up, as a copy is.
		 */
		*func = __atomic_load_n(&ex->func, __ATOMIC_RELAXED);
		*prev = __atomic_load_n(&ex->prev_execute_data, __ATOMIC_RELAXED);
		if (opline) {
			*opline = __atomic_load_n(&ex->opline, __ATOMIC_RELAXED);
		}
		return true;
	}
	zend_execute_data copy;
	struct iovec local = {&copy, sizeof(copy)}, remote = {ex, sizeof(copy)};

	if (!bench_sample_copies_frames
			|| bench_thread_syscall(SYS_process_vm_readv, pid, (long) &local, 1, (long) &remote, 1, 0) != (long) sizeof(copy)) {
		return false;
	}
	*func = copy.func;
	*prev = copy.prev_execute_data;
	if (opline) {
		*opline = copy.opline;
	}
	return true;
}

static bool bench_sample_read_frame(pid_t pid, zend_execute_data *ex, zend_function **func, zend_execute_data **prev)
{
	return bench_sample_read_frame_at(pid, ex, func, prev, NULL);
}

/* Notes the innermost frames running now (the ticker's side of the note above). */
static void bench_sample_note_tick(pid_t pid)
{
	zend_execute_data *top = __atomic_load_n(bench_sample_current_frame, __ATOMIC_RELAXED), *ex = top;
	/* Read under the same check of the top frame as the frames. */
#if PHP_VERSION_ID >= 80400
	uint32_t frameless = __atomic_load_n(&bench_frameless_running, __ATOMIC_RELAXED);
#else
	uint32_t frameless = 0;
#endif
	uint32_t n = 0;
	const zend_op *opline = NULL;

	for (; ex && n < BENCH_SAMPLE_TICK_FRAMES; n++) {
		zend_function *func;
		zend_execute_data *prev;

		if (!bench_sample_read_frame_at(pid, ex, &func, &prev, &opline)) {
			break;
		}
		__atomic_store_n(&bench_sample_tick.frame[n], ex, __ATOMIC_RELAXED);
		__atomic_store_n(&bench_sample_tick.func[n], func, __ATOMIC_RELAXED);
		/* The caller of a user function is never needed: a user frame is named only while it is live. */
		if (!bench_sample_is_internal(func)) {
			n++;
			break;
		}
		ex = prev;
	}
	__atomic_store_n(&bench_sample_tick.opline, opline, __ATOMIC_RELAXED);
	/*
	 * The PHP thread runs on while the frames are read: if its top frame
	 * changed meanwhile, a frame read later may already hold another call
	 * (the VM reuses its stack), and the note would name a caller that never
	 * was. Then nothing is noted, and the sample takes the stack of its own time.
	 */
	if (__atomic_load_n(bench_sample_current_frame, __ATOMIC_RELAXED) != top) {
		n = 0;
		frameless = 0;
	}
	/*
	 * A frameless call is noted even where no frame could be read (a frame a
	 * seccomp filter keeps from being copied). A take of several ticks, or one
	 * racing the next note, goes by the latest note: a tick's worth at most.
	 */
	__atomic_store_n(&bench_sample_tick.frameless, frameless, __ATOMIC_RELAXED);
	__atomic_store_n(&bench_sample_tick.frames, n, __ATOMIC_RELAXED);
}

/* Said once a process: a php-fpm master's warning stands for all its workers. */
static void bench_sample_warn_jit(const char *hazard)
{
	if (!bench_sample_jit_warned) {
		bench_sample_jit_warned = true;
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
	/* Before anything is compiled: opcache's post-startup, which starts the JIT, runs its predecessor's first. */
	bench_sample_frameless_failure = bench_frameless_wrap(&bench_sample_interrupts, bench_sample_after_frameless);
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

/*
 * The ticker parks once no sampled request has run for BENCH_SAMPLE_PARK_NS
 * (an idle worker, or requests that bench.sample_requests leaves out), so that
 * it wakes nobody then: on a busy machine every wakeup takes a CPU from
 * someone. Not at the first tick that finds no request: a busy php-fpm worker
 * is between two requests at many ticks, and parking there cost a second
 * wakeup and a futex call per interval. It waits on a futex, not a condition
 * variable: it is a bare thread (see src/lib/thread.h).
 */
#define BENCH_SAMPLE_PARK_NS 100000000
static uint32_t bench_sample_park_seq;
static bool bench_sample_parked;
/* Sampled requests started in this process: the ticker's sign that the worker is busy. */
static uint32_t bench_sample_started;

/* The PHP thread takes the ticks raised for its request, leaving the count at 0 for it. */
static zend_always_inline uint32_t bench_sample_take_ticks(int order)
{
	uint64_t empty = (uint64_t) __atomic_load_n(&bench_sample_started, __ATOMIC_RELAXED) << 32;

	return BENCH_SAMPLE_TICKS(__atomic_exchange_n(&bench_sample_interrupts, empty, order));
}

static void bench_sample_park(void)
{
	for (;;) {
		uint32_t seq = __atomic_load_n(&bench_sample_park_seq, __ATOMIC_SEQ_CST);

		/* Said before running is read again, so that a request starting now sees it and wakes the ticker. */
		__atomic_store_n(&bench_sample_parked, true, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&bench_sample_running, __ATOMIC_SEQ_CST)
				|| __atomic_load_n(&bench_sample_stopping, __ATOMIC_SEQ_CST)) {
			break;
		}
		/* Returns at once if seq moved since it was read: no wakeup is lost. */
		bench_thread_syscall(SYS_futex, (long) &bench_sample_park_seq, FUTEX_WAIT_PRIVATE, seq, 0, 0, 0);
	}
	__atomic_store_n(&bench_sample_parked, false, __ATOMIC_RELAXED);
}

/* After setting running or stopping: a system call only when the ticker is parked. */
static void bench_sample_unpark(void)
{
	if (__atomic_load_n(&bench_sample_parked, __ATOMIC_SEQ_CST)) {
		__atomic_fetch_add(&bench_sample_park_seq, 1, __ATOMIC_SEQ_CST);
		bench_thread_syscall(SYS_futex, (long) &bench_sample_park_seq, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
	}
}

/* The PHP thread's CPU time, read from the ticker (a CPU clock has no vDSO path: a system call either way). */
static int64_t bench_sample_php_cpu_ns(void)
{
	struct timespec ts;

	if (bench_thread_syscall(SYS_clock_gettime, bench_sample_php_cpu_clock, (long) &ts, 0, 0, 0, 0) != 0) {
		return 0;
	}
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * The ticker runs on a bare thread: system calls through bench_thread_syscall() only (see src/lib/thread.h).
 *
 * It wakes on multiples of the interval on CLOCK_MONOTONIC, a grid that every
 * process shares: the tickers of a pool's workers then expire in one timer
 * interrupt instead of one each. Four processes ticking every 1 ms on one CPU
 * lost 13 to 23% of their speed on grids of their own, 6% on one grid
 * (benchmarks/vm_costs).
 */
static void *bench_sample_ticker(void *arg)
{
	int64_t interval = (int64_t) bench_sample_interval_ns;
	/* CLOCK_MONOTONIC is read in the vDSO, and never fails: errno is left alone. */
	int64_t now = bench_clock_ns(CLOCK_MONOTONIC), last_cpu = -1, busy_at = now;
	int64_t next = __atomic_load_n(&bench_sample_wanted_ns, __ATOMIC_RELAXED);
	uint32_t started = __atomic_load_n(&bench_sample_started, __ATOMIC_RELAXED);
	bool cpu = BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU;
	pid_t pid = (pid_t) (intptr_t) arg;

	next -= next % interval;
	bench_thread_syscall(SYS_prctl, PR_SET_NAME, (long) "bench ticker", 0, 0, 0, 0);
	while (!__atomic_load_n(&bench_sample_stopping, __ATOMIC_RELAXED)) {
		now = bench_clock_ns(CLOCK_MONOTONIC);
		uint32_t started_now = __atomic_load_n(&bench_sample_started, __ATOMIC_RELAXED);

		if (started_now != started || __atomic_load_n(&bench_sample_running, __ATOMIC_RELAXED)) {
			started = started_now;
			busy_at = now;
		} else if (now - busy_at >= BENCH_SAMPLE_PARK_NS) {
			int64_t parked_at = now, wanted;

			bench_sample_park();
			last_cpu = -1;
			now = bench_clock_ns(CLOCK_MONOTONIC);
			/*
			 * Back on the grid (when a request starts must not decide whether it
			 * gets a sample), from the request that woke it. Stored before
			 * running, which ended the parking; older than the parking when that
			 * request began before it: then from now.
			 */
			wanted = __atomic_load_n(&bench_sample_wanted_ns, __ATOMIC_RELAXED);
			next = wanted >= parked_at ? wanted : now;
			next -= next % interval;
			started = __atomic_load_n(&bench_sample_started, __ATOMIC_RELAXED);
			busy_at = now;
		}
		next += interval;
		/* In slices of at most 50 ms, so that a process that ends is not kept waiting for a long interval. */
		while ((now = bench_clock_ns(CLOCK_MONOTONIC)) < next
				&& !__atomic_load_n(&bench_sample_stopping, __ATOMIC_RELAXED)) {
			int64_t wake = MIN(next, now + 50000000);
			struct timespec until = {.tv_sec = wake / 1000000000, .tv_nsec = wake % 1000000000};
			bench_thread_syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, (long) &until, 0, 0, 0);
		}
		/*
		 * Woken late (a busy machine): the missed ticks count, but only those
		 * since the request began, whose time they weigh; the schedule goes on
		 * from the last grid point passed.
		 */
		int64_t first = next;
		if (now - next >= interval) {
			next = now - now % interval;
		}
		if (!__atomic_load_n(&bench_sample_running, __ATOMIC_ACQUIRE)) {
			continue;
		}
		/* Acquire: a request number stored after bench_sample_stack_mode comes with it (bench_sample_jit_set()). */
		uint32_t request = __atomic_load_n(&bench_sample_started, __ATOMIC_ACQUIRE);
		int64_t began = __atomic_load_n(&bench_sample_wanted_ns, __ATOMIC_RELAXED);
		if (first < began) {
			first = began + (interval - began % interval) % interval;
		}
		if (first > now) {
			continue;
		}
		uint32_t ticks = 1 + (uint32_t) ((now - first) / interval);
		int64_t weight = (int64_t) ticks * interval;
		if (cpu) {
			/* On the CPU clock, a sample is due once the PHP thread has run an interval since the last one. */
			int64_t used = bench_sample_php_cpu_ns();
			if (last_cpu >= 0 && used - last_cpu < interval) {
				continue;
			}
			/* A stack read here weighs the CPU time since the last sample, or since the request began. */
			weight = MAX(0, used - MAX(last_cpu, __atomic_load_n(&bench_sample_cpu_start_ns, __ATOMIC_RELAXED)));
			last_cpu = used;
		}
		if (__atomic_load_n(&bench_sample_stack_mode, __ATOMIC_RELAXED)) {
			bench_stacks_tick(pid, request, weight);
			continue;
		}
		if (bench_sample_notes_ticks) {
			bench_sample_note_tick(pid);
		}
		/* For the request whose start these ticks were counted from: dropped if it ended meanwhile. */
		uint64_t word = __atomic_load_n(&bench_sample_interrupts, __ATOMIC_RELAXED);
		do {
			if ((uint32_t) (word >> 32) != request) {
				break;
			}
		} while (!__atomic_compare_exchange_n(&bench_sample_interrupts, &word, word + ticks, false, __ATOMIC_RELEASE,
			__ATOMIC_RELAXED));
		if ((uint32_t) (word >> 32) == request) {
			zend_atomic_bool_store_ex(bench_sample_vm_interrupt, true);
		}
	}
	return NULL;
}

/* The request the stack reader recorded when a fork began: it records on in the parent. */
static uint32_t bench_sample_recording_at_fork;

/* Under the JIT, the child keeps the stacks read before the fork: the ticker must not be writing them as it forks. */
static void bench_sample_atfork_prepare(void)
{
	bench_sample_recording_at_fork = bench_stacks_pause();
}

static void bench_sample_atfork_parent(void)
{
	bench_stacks_resume(bench_sample_recording_at_fork);
}

static void bench_sample_atfork_child(void)
{
	/* This thread is new, and its CPU clock starts again: a sample must not weigh the parent's time against it. */
	if (BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU) {
		bench_sample.last_cpu_ns = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	}
	/* Draws of its own: workers forked from one master must not pick the same requests. */
	bench_sample.rng = 0;
	/* Only the forking thread survives: the next sample (raised here) starts a ticker for this process. */
	if (bench_sample_thread_pid != 0) {
		bench_thread_forget(&bench_sample_thread);
	}
	bench_sample_thread_pid = 0;
	bench_sample_parked = false;
	if (__atomic_load_n(&bench_sample_running, __ATOMIC_RELAXED) && __atomic_load_n(&bench_sample_stack_mode, __ATOMIC_RELAXED)) {
		/* No interrupt may start a ticker here under the JIT: this child's time after the fork goes unsampled, and its profile says so. */
		bench_stacks_forget();
		__atomic_store_n(&bench_sample_running, false, __ATOMIC_RELAXED);
		bench_profile_state *p = bench_profile_get();
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "read by the ticker up to the fork, off in this child");
	} else if (__atomic_load_n(&bench_sample_running, __ATOMIC_RELAXED)) {
		__atomic_store_n(&bench_sample_forked, true, __ATOMIC_RELAXED);
		__atomic_store_n(&bench_sample_interrupts, (uint64_t) bench_sample_started << 32 | 1, __ATOMIC_RELAXED);
		zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	}
}

/* What the ticker and the timer signal's handler read. */
static void bench_sample_setup(void)
{
	bench_sample_interval_ns = (uint64_t) BENCH_INI(sample_interval_us) * 1000;
	bench_sample_vm_interrupt = &EG(vm_interrupt);
	bench_sample_current_frame = &EG(current_execute_data);
}

/*
 * The timer signal's handler, on the PHP thread (bench.sample_signal): what
 * the ticker does at a tick. When the signal comes while bench itself takes
 * a sample (unwinding is slow), the stack is bench's: nothing is noted, and
 * the sample waits for the next VM interrupt.
 */
static bool bench_sample_signal_tick(void)
{
	bool ours = bench_sample.taking || bench_sample.in_alloc_sample;

	if (bench_sample_notes_ticks && !ours) {
		bench_sample_note_tick(bench_pid());
	}
	__atomic_fetch_add(&bench_sample_interrupts, 1, __ATOMIC_RELEASE);
	zend_atomic_bool_store_ex(bench_sample_vm_interrupt, true);
	return !ours;
}

/* Whether CPU samples come from a timer signal: only asked for with the CPU clock and native stacks. */
static bool bench_sample_wants_signal(void)
{
	return BENCH_INI(sample_signal) && BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU && BENCH_INI(native_stacks)
		&& bench_native_available();
}

/* Starts this process's ticker unless it runs; false (with a warning) when it cannot. */
static bool bench_sample_start_ticker(void)
{
	static bool warned;

	/* Runs in this process: a forked child has it zeroed (no system call on every request). */
	if (bench_sample_thread_pid != 0) {
		return true;
	}
	bench_sample_setup();
	if (pthread_getcpuclockid(pthread_self(), &bench_sample_php_cpu_clock) != 0) {
		bench_sample_php_cpu_clock = CLOCK_THREAD_CPUTIME_ID;
	}
	__atomic_store_n(&bench_sample_stopping, false, __ATOMIC_RELAXED);
	/* Seen by the new thread: creating it orders it. */
	__atomic_store_n(&bench_sample_wanted_ns, bench_clock_ns(CLOCK_MONOTONIC), __ATOMIC_RELAXED);

	int err = bench_thread_start(&bench_sample_thread, bench_sample_ticker, (void *) (intptr_t) bench_pid(), true);
	if (err != 0) {
		if (!warned) {
			warned = true;
			bench_warning("bench: cannot start the sampling thread: %s; requests are not sampled (counted as dropped profiles)", strerror(err));
		}
		return false;
	}
	bench_sample_thread_pid = bench_pid();
	return true;
}

void bench_sample_mshutdown(void)
{
	/* Joined here, before the memory manager's full shutdown unmaps the chunk that the ticker reads frames in. */
	if (bench_sample_thread_pid == bench_pid()) {
		__atomic_store_n(&bench_sample_stopping, true, __ATOMIC_SEQ_CST);
		bench_sample_unpark();
		bench_thread_join(&bench_sample_thread);
		bench_sample_thread_pid = 0;
	}
	bench_sample_signal_mshutdown();
	bench_stacks_free();
	bench_sample_jit_unwatch();
#if PHP_VERSION_ID >= 80400
	bench_frameless_unwrap();
#endif
	free(bench_sample.frames);
	bench_sample.frames = NULL;
	bench_sample.frames_size = 0;
	if (bench_sample_lists_internals) {
		zend_hash_destroy(&bench_sample_internal_functions);
		bench_sample_lists_internals = false;
	}
	bench_sample_notes_ticks = false;
	bench_sample_main_chunk = 0;
	bench_sample_startup_heap = NULL;
}

/* ---- taking a sample ----------------------------------------------------------- */

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
static uint32_t bench_sample_path(bench_profile_state *p, zend_execute_data *top, uint32_t leaves, uint32_t top_line)
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
static uint32_t bench_sample_noted_line(const zend_execute_data *ex)
{
	const zend_op *opline = __atomic_load_n(&bench_sample_tick.opline, __ATOMIC_RELAXED);
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
static uint32_t bench_sample_tick_path(bench_profile_state *p, zend_execute_data *top)
{
	uint32_t frames = __atomic_load_n(&bench_sample_tick.frames, __ATOMIC_RELAXED);
	uint32_t max = bench_sample_max_frames();
	zend_function *returned[BENCH_SAMPLE_TICK_FRAMES];

	for (uint32_t i = 0; i < frames && i < BENCH_SAMPLE_TICK_FRAMES; i++) {
		zend_execute_data *frame = __atomic_load_n(&bench_sample_tick.frame[i], __ATOMIC_RELAXED);
		zend_function *func = __atomic_load_n(&bench_sample_tick.func[i], __ATOMIC_RELAXED);
		zend_execute_data *ex = top;

		/* Bounded: a noted frame is near the top, and a 100,000-deep stack must not be walked whole per sample. */
		for (uint32_t depth = 0; ex && ex != frame; depth++) {
			ex = depth < max ? ex->prev_execute_data : NULL;
		}
		if (ex && ex->func == func) {
			uint32_t node = bench_sample_path(p, ex, i, i ? bench_sample_noted_line(ex) : 0);
			while (i-- > 0) {
				node = bench_profile_frame_node(p, node, returned[i], false, 0);
			}
			return node;
		}
		/* A returned frame is named only when its function outlives it: an internal one. */
		if (!func || !bench_sample_is_internal(func)) {
			break;
		}
		returned[i] = func;
	}
	return bench_sample_path(p, top, 0, 0);
}

/* A sample of the stack at top, with leaf (a function that pushed no frame) above it when not NULL. */
static void bench_sample_take(zend_execute_data *top, zend_function *leaf, uint32_t ticks)
{
	bench_profile_state *p = bench_profile_get();
	int64_t weight;
	int counter;

	if (UNEXPECTED(__atomic_load_n(&bench_sample_forked, __ATOMIC_RELAXED))) {
		__atomic_store_n(&bench_sample_forked, false, __ATOMIC_RELAXED);
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
	bench_sample.taking = true;
	if (BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU) {
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
		node = bench_sample_notes_ticks ? bench_sample_tick_path(p, top) : bench_sample_path(p, top, 0, 0);
	}
	if (bench_sample_notes_ticks && bench_sample.by_signal) {
		/*
		 * Taken: a signal that comes while bench samples notes nothing, and the
		 * next sample must not name its stack from this note while its frame lives.
		 * (The ticker notes every tick anew.) Same thread as the handler: no race.
		 */
		__atomic_store_n(&bench_sample_tick.frames, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&bench_sample_tick.frameless, 0, __ATOMIC_RELAXED);
	}
	if (bench_sample.by_signal) {
		uintptr_t ips[BENCH_SAMPLE_NATIVE_MAX];
		int native = bench_sample_signal_native(ips, BENCH_SAMPLE_NATIVE_MAX);
		while (native-- > 0) {
			node = bench_profile_native_node(p, node, ips[native]);
		}
	}
	p->nodes[node].own[counter] += weight;
	p->nodes[node].calls++;
	bench_sample.samples++;
	bench_sample.taking = false;
}

static void bench_sample_interrupt(zend_execute_data *execute_data)
{
	uint32_t ticks = bench_sample_take_ticks(__ATOMIC_ACQUIRE);

	/* Zero: the interrupt was raised by someone else (a timeout, another extension). */
	if (ticks) {
		bench_sample_take(EG(current_execute_data), NULL, ticks);
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
static void bench_sample_after_frameless(uint32_t code)
{
	uint32_t ticks = bench_sample_take_ticks(__ATOMIC_ACQUIRE);
	zend_function *leaf = NULL;

	if (!ticks) {
		return;
	}
	if (!bench_sample_notes_ticks || __atomic_load_n(&bench_sample_tick.frameless, __ATOMIC_RELAXED) == code) {
		/* NULL for a function disabled since startup: then the stack as noted. */
		leaf = bench_frameless_function_of(code);
	}
	bench_sample_take(EG(current_execute_data), leaf, ticks);
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
static void bench_sample_execute_internal(zend_execute_data *execute_data, zval *return_value)
{
	/* A trampoline (__call, __callStatic) is freed by the call: its frame cannot be read after it. */
	bool trampoline = execute_data->func->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE;

	if (UNEXPECTED(bench_sample_prev_execute_internal)) {
		bench_sample_prev_execute_internal(execute_data, return_value);
	} else {
		/* What execute_internal() does, one call fewer: this runs around every internal call. */
		execute_data->func->internal_function.handler(execute_data, return_value);
	}
	if (UNEXPECTED(BENCH_SAMPLE_TICKS(__atomic_load_n(&bench_sample_interrupts, __ATOMIC_RELAXED)) != 0)) {
		uint32_t ticks = bench_sample_take_ticks(__ATOMIC_RELAXED);
		if (ticks) {
			bench_sample_take(trampoline ? execute_data->prev_execute_data : execute_data, NULL, ticks);
		}
	}
}

#endif

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
#if PHP_VERSION_ID >= 80400
	bench_stacks_init(&EG(current_execute_data), &bench_frameless_running, &bench_sample_main_chunk, bench_sample_read_frame,
		bench_sample_is_internal);
#else
	bench_stacks_init(&EG(current_execute_data), NULL, &bench_sample_main_chunk, bench_sample_read_frame, bench_sample_is_internal);
#endif
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

/* ---- requests ------------------------------------------------------------------ */

/* A uniform draw in [0, 1) that leaves PHP's own random state alone (xorshift64*). */
static double bench_sample_uniform(void)
{
	if (bench_sample.rng == 0) {
		bench_sample.rng = ((uint64_t) bench_pid() << 32) ^ (uint64_t) bench_clock_ns(CLOCK_REALTIME) ^ 0x9E3779B97F4A7C15ULL;
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
	if (!p->active || bench_sample.in_alloc_sample) {
		return;
	}
	bench_sample.in_alloc_sample = true;
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
	bench_sample.in_alloc_sample = false;
}

void bench_sample_rinit(void)
{
	bench_profile_state *p = bench_profile_get();

#if PHP_VERSION_ID >= 80400
	/* A fatal error in a frameless call left it posted. */
	__atomic_store_n(&bench_frameless_running, 0, __ATOMIC_RELAXED);
#endif

	if (!bench_sample_drawn(BENCH_INI(sample_requests)) || !bench_profile_starts_with_request()) {
		return;
	}
	const char *refused = bench_sample_time_refused();
	/* Under the JIT, the ticker reads the stacks itself where it can copy frames: no interrupt is raised. */
	bool stacks = refused && bench_sample_copies_frames;
	bool time_samples = !refused || stacks;
	bench_sample.by_signal = !refused && bench_sample_wants_signal();
	if (time_samples && !bench_sample.by_signal && !bench_sample_start_ticker()) {
		bench_dump_count_dropped(NULL);
		return;
	}
	if (!bench_profile_begin_tree(p)) {
		bench_dump_count_dropped("out of memory");
		return;
	}
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
		__atomic_store_n(&bench_sample_cpu_start_ns, bench_sample.last_cpu_ns, __ATOMIC_RELAXED);
	}
	/* A new request: ticks the ticker counted for an earlier one find another name on the count, and are dropped. */
	uint32_t request = bench_sample_started + 1;
	__atomic_store_n(&bench_sample_interrupts, (uint64_t) request << 32, __ATOMIC_RELAXED);
	__atomic_store_n(&bench_sample_started, request, __ATOMIC_RELAXED);
	/* Before running is set, which the ticker reads first. */
	__atomic_store_n(&bench_sample_stack_mode, stacks, __ATOMIC_RELAXED);
	if (stacks && !bench_stacks_begin(request, bench_sample_max_frames())) {
		__atomic_store_n(&bench_sample_stack_mode, false, __ATOMIC_RELAXED);
		stacks = time_samples = false;
	}
	p->time_samples_off = !time_samples;
	if (!time_samples) {
		bench_sample_jit_refused++;
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "off under %s", refused);
		return;
	}
	if (stacks) {
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "read by the ticker under %s", refused);
	} else {
		p->time_samples_how[0] = '\0';
	}
	if (bench_sample.by_signal) {
		bench_sample_setup();
		if (bench_sample_signal_arm(bench_sample_interval_ns, bench_sample_signal_tick)) {
			return;
		}
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
			return;
		}
	}
	__atomic_store_n(&bench_sample_wanted_ns, p->start_ns, __ATOMIC_RELAXED);
	__atomic_store_n(&bench_sample_running, true, __ATOMIC_SEQ_CST);
	bench_sample_unpark();
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

	if (BENCH_INI(sample_with_jit) || !p->active || !p->sampled || p->time_samples_how[0]) {
		return;
	}
	if (bench_sample.by_signal) {
		bench_sample_signal_disarm();
		bench_sample.by_signal = false;
	}
	uint32_t request = bench_sample_started + 1;
	bool stacks = bench_sample_copies_frames && bench_sample_start_ticker() && bench_stacks_begin(request, bench_sample_max_frames());
	/* Set before the new number: a tick that reads the number reads this too, and raises no interrupt. */
	__atomic_store_n(&bench_sample_stack_mode, stacks, __ATOMIC_SEQ_CST);
	__atomic_store_n(&bench_sample_running, stacks, __ATOMIC_SEQ_CST);
	__atomic_store_n(&bench_sample_interrupts, (uint64_t) request << 32, __ATOMIC_SEQ_CST);
	__atomic_store_n(&bench_sample_started, request, __ATOMIC_SEQ_CST);
	if (stacks) {
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "read by the ticker under %s (set mid-request)", hazard);
		bench_sample_unpark();
		return;
	}
	snprintf(p->time_samples_how, sizeof(p->time_samples_how), "off under %s (set mid-request)", hazard);
	p->time_samples_off = true;
	bench_sample_jit_refused++;
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
	if (BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU || p->time_samples_off || interval <= 0) {
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

void bench_sample_rshutdown(void)
{
	bench_profile_state *p = bench_profile_get();

	if (!p->active) {
		bench_live_sampled_discard();
		return;
	}
	if (bench_sample.by_signal && !bench_sample_signal_disarm()) {
		static bool warned;
		if (!warned) {
			warned = true;
			bench_warning("bench: the handler of bench's timer signal (%d) was replaced during the request "
				"(pcntl_signal()?): its CPU samples stopped there", bench_sample_signal_number());
		}
	}
	__atomic_store_n(&bench_sample_running, false, __ATOMIC_RELAXED);
	uint64_t read_samples = 0, read_truncated = 0;
	if (__atomic_load_n(&bench_sample_stack_mode, __ATOMIC_RELAXED)) {
		bench_stacks_stop();
		read_samples = bench_stacks_merge(p, BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU ? BENCH_COUNTER_CPU_NS : BENCH_COUNTER_WALL_NS,
			&read_truncated);
	}
	/*
	 * Ticks raised after the VM last checked the interrupt (the script's end,
	 * shutdown functions' aftermath, other extensions' RSHUTDOWN) are the
	 * request's time outside any PHP frame: "{request}", the root.
	 */
	uint32_t ticks = bench_sample_take_ticks(__ATOMIC_ACQUIRE);
	if (ticks) {
		bench_sample_take(NULL, NULL, ticks);
	}
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

void bench_sample_info(zval *out)
{
	array_init(out);
	bool ticker = bench_sample_thread_pid == bench_pid();

	add_assoc_bool(out, "ticker", ticker);
	if (ticker) {
		add_assoc_string(out, "ticker_thread", (char *) bench_thread_kind(&bench_sample_thread));
	} else {
		add_assoc_null(out, "ticker_thread");
	}
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
