/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_SAMPLE_SAMPLE_PRIVATE_H
#define BENCH_SRC_SAMPLE_SAMPLE_PRIVATE_H

/*
 * What the three parts of sample mode share:
 *   ticker.c  the ticker thread: counting ticks, noting frames, parking, forks;
 *   take.c    taking a sample on the PHP thread: the interrupt hook, the
 *             execute_internal wrapper (< 8.4), after a frameless call (8.4+);
 *   sample.c  MINIT wiring, the request's start and end, allocation samples.
 * Each item says which thread touches it. The ticker is a bare thread
 * (src/lib/thread.h): what it runs makes system calls through
 * bench_thread_syscall() only, and calls neither glibc functions that touch
 * thread state (errno) nor PHP's allocator.
 */

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "php.h"
#include "php_bench.h"
#include "src/lib/thread.h"
#include "src/tree/tree.h"
#include "sample.h"
#include "stacks.h"

/*
 * Hidden, as the statics of one sample.c were: the ticker and the hooks
 * reach these directly (PC-relative), not through the GOT, which
 * -fvisibility=hidden alone does not promise for declarations.
 */
#pragma GCC visibility push(hidden)

/* ---- the ticker and the PHP threads ------------------------------------------ */

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
typedef struct {
	/** the noted frames, innermost first */
	zend_execute_data *frame[BENCH_SAMPLE_TICK_FRAMES];
	/** the function each was running when noted */
	zend_function *func[BENCH_SAMPLE_TICK_FRAMES];
	/** the opline of the last noted frame where it is a user function's: its call, saved before it */
	const zend_op *opline;
	/** how many frames are noted: 0 for none */
	uint32_t frames;
	/** the wrapped frameless call posted as running (src/sample/frameless.c), 0 for none */
	uint32_t frameless;
} bench_sample_tick_note;

/*
 * What one PHP thread shares with the ticker. A process has one ticker for
 * all its PHP threads, not one each: the threads of a thread-safe server
 * (FrankenPHP) then wake once an interval together, as the workers of a
 * php-fpm pool do on their shared grid (below), and a thread that runs no
 * request costs nothing. The non-thread-safe build has one slot, at a fixed
 * address (the hooks inside the VM read it without a lookup); a thread-safe
 * one claims a slot at its first sampled request and gives it back with its
 * globals (bench_sample_gshutdown()).
 */
typedef struct bench_sample_slot {
	/*
	 * The PHP thread takes the count with a swap and samples; the ticker
	 * adds to it (relaxed atomics) and raises the VM interrupt. The count is
	 * the low half; the high half names the request it is for (started), so
	 * that ticks the ticker counted for a request that ended meanwhile (the
	 * ticker preempted between counting and adding) are dropped, not charged
	 * to the next one.
	 */
	uint64_t interrupts;
	/** sampled requests this thread started; PHP thread writes */
	uint32_t started;
	/** whether a sampled request runs (the ticker raises nothing otherwise); PHP thread writes, ticker reads */
	bool running;
	/** set in a forked child, whose ticker did not survive the fork; PHP thread only */
	bool forked;
	/*
	 * When the request began (CLOCK_MONOTONIC): a ticker scheduled late (a
	 * busy machine) counts its ticks from then, so that none of the request's
	 * time goes unsampled. PHP thread writes, ticker reads.
	 */
	int64_t wanted_ns;
	/** the thread's CPU time when its request began (bench.sample_clock=cpu); PHP thread writes, ticker reads */
	int64_t cpu_start_ns;
	/** the frames running at the last tick: the ticker (or the timer signal's handler) writes, the PHP thread reads */
	bench_sample_tick_note tick;
	/*
	 * Whether this request's time samples are stacks that the ticker reads
	 * itself, raising no VM interrupt (src/sample/stacks.h): under opcache's
	 * JIT, where it can copy frames. PHP thread writes, ticker reads.
	 */
	bool stack_mode;
	/** what the ticker keeps of the stacks it reads: made at the thread's first request read so, freed with the slot */
	bench_stacks_state *stacks;
	/** the request the stack reader recorded when this thread forked: it records on in the parent; PHP thread only */
	uint32_t recording_at_fork;
	/* The thread's, set before its first request runs: the ticker reads them while one runs. */
	zend_atomic_bool *vm_interrupt;
	zend_execute_data **current_frame;
	clockid_t cpu_clock;
	/** the ticker's own: the thread's CPU time at its last sample, -1 for none yet */
	int64_t last_cpu_ns;
	/** whether a thread holds the slot (thread-safe builds) */
	uint32_t claimed;
	/*
	 * The thread's, and its timer signal handler's (bench.sample_signal), which
	 * must not note frames while bench samples on the thread: set while a CPU
	 * sample is taken, and while an allocation sample is (it allocates from
	 * libc, never Zend MM; a guard all the same).
	 */
	bool taking;
	bool in_alloc_sample;
#ifdef ZTS
	/** the thread's own copies of the internal functions (each thread of a thread-safe build copies them); NULL where
	 *  none are listed. Set when claimed, read by both. */
	HashTable *internal_functions;
#endif
} bench_sample_slot;

extern bench_sample_slot bench_sample_slots[BENCH_SAMPLE_SLOTS];

/* A slot's number: its thread's timer signal's (src/sample/signal.h). */
static zend_always_inline uint32_t bench_sample_slot_number(const bench_sample_slot *slot)
{
	return (uint32_t) (slot - bench_sample_slots);
}

/* This PHP thread's slot: NULL before its first sampled request (thread-safe builds). */
static zend_always_inline bench_sample_slot *bench_sample_own(void)
{
#ifdef ZTS
	return BENCH_G(sample).slot;
#else
	return &bench_sample_slots[0];
#endif
}

#define BENCH_SAMPLE_TICKS(word) ((uint32_t) (word))
/*
 * bench.sample_interval_us in ns, and whether samples weigh CPU time: set as
 * the ticker or the timer signal starts in a process (a php-fpm pool sets
 * them per pool), read by all after. (ticker.c)
 */
extern uint64_t bench_sample_interval_ns;
extern bool bench_sample_on_cpu;

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
 * once the heap is not the one of startup, and in ZTS builds (a heap per thread).
 * PHP thread writes (MINIT, RINIT), ticker reads. (ticker.c)
 */
extern uintptr_t bench_sample_main_chunk;
/** the internal functions (kept for the process): a noted function is used only when it is one of them.
 *  Filled by the PHP thread at post-startup, only read after, by both threads. (sample.c) */
extern HashTable bench_sample_internal_functions;
/** whether the ticker notes frames (else, before 8.4, the wrapper samples); set in MINIT, read by both (ticker.c) */
extern bool bench_sample_notes_ticks;
/** whether it may copy those outside the first chunk (a seccomp filter may forbid process_vm_readv); set in MINIT,
 *  read by both (ticker.c) */
extern bool bench_sample_copies_frames;

/** This thread's sampled request. */
#define bench_sample BENCH_G(sample)

#if PHP_VERSION_ID >= 80400
/** why the frameless handlers are not wrapped; NULL once they are (post-startup does not run for a module loaded
 *  later). PHP thread only. (sample.c) */
extern const char *bench_sample_frameless_failure;
#endif

/** The most native frames a sample keeps. */
#define BENCH_SAMPLE_NATIVE_MAX 16

/*
 * The frames a sample keeps: bench.max_depth, and never more than
 * BENCH_SAMPLE_FRAMES_MAX. A sample's work grows with the frames it walks
 * (about 100 instructions each); past the bound a deep stack (a 30,000-deep
 * recursion) keeps its innermost frames under {truncated}, so that no stack
 * makes one sample cost more than a few microseconds. PHP thread.
 */
static zend_always_inline uint32_t bench_sample_max_frames(void)
{
	return (uint32_t) MIN(BENCH_INI(max_depth), BENCH_SAMPLE_FRAMES_MAX);
}

/* Whether func is one of the process's internal functions: the set is filled at startup and only read after, by both threads. */
static zend_always_inline bool bench_sample_is_startup_internal(const zend_function *func)
{
	return zend_hash_index_exists(&bench_sample_internal_functions, (zend_ulong) (uintptr_t) func);
}

/* Whether func is an internal function of the slot's thread: the process's, or its own copy of one. */
static zend_always_inline bool bench_sample_is_internal(const bench_sample_slot *slot, const zend_function *func)
{
#ifdef ZTS
	if (slot->internal_functions && zend_hash_index_exists(slot->internal_functions, (zend_ulong) (uintptr_t) func)) {
		return true;
	}
#endif
	return bench_sample_is_startup_internal(func);
}

/* The PHP thread takes the ticks raised for its request, leaving the count at 0 for it. */
static zend_always_inline uint32_t bench_sample_take_ticks(bench_sample_slot *slot, int order)
{
	uint64_t empty = (uint64_t) __atomic_load_n(&slot->started, __ATOMIC_RELAXED) << 32;

	return BENCH_SAMPLE_TICKS(__atomic_exchange_n(&slot->interrupts, empty, order));
}

/* ---- ticker.c ---------------------------------------------------------------- */

/** Reads a frame's function and caller for the stack reader (src/sample/stacks.h); ticker thread. */
bool bench_sample_read_frame(pid_t pid, zend_execute_data *ex, zend_function **func, zend_execute_data **prev);
/** Wakes a parked ticker, after setting running or stopping; PHP thread. */
void bench_sample_unpark(void);
/** pthread_atfork() handlers, registered in MINIT; PHP thread (the forking one). */
void bench_sample_atfork_prepare(void);
void bench_sample_atfork_parent(void);
void bench_sample_atfork_child(void);
/** This thread's slot, claimed on first use and set up for the ticker; NULL when every slot is taken. PHP thread. */
bench_sample_slot *bench_sample_claim(void);
/** After running was cleared: returns once the ticker no longer reads this thread's slot (thread-safe builds). */
void bench_sample_quiesce(void);
/** Gives a slot back, and frees what the ticker kept of its thread: the thread ends (its globals go). */
void bench_sample_release(bench_sample_slot *slot);
#ifdef ZTS
/** The set of this thread's own copies of the internal functions; NULL where none are listed. (sample.c) */
HashTable *bench_sample_thread_internals(void);
#endif
/** The timer signal's handler (bench.sample_signal), on the PHP thread whose slot is numbered thread: what the ticker does at a tick. */
bool bench_sample_signal_tick(uint32_t thread);
/** Reads the settings that the ticker and the timer signal's handler follow (bench_sample_interval_ns); PHP thread. */
void bench_sample_take_settings(void);
/** Starts this process's ticker unless it runs; false (with a warning) when it cannot. PHP thread. */
bool bench_sample_start_ticker(void);
/** Stops and joins this process's ticker where it runs (MSHUTDOWN); PHP thread. */
void bench_sample_ticker_stop(void);
/** Whether this process's ticker runs, and what kind of thread it is (bench_info()); PHP thread. */
const char *bench_sample_ticker_kind(void);

/* ---- take.c ------------------------------------------------------------------ */

/** The previous zend_interrupt_function, chained; set in MINIT. */
extern void (*bench_sample_prev_interrupt)(zend_execute_data *execute_data);
/** zend_interrupt_function: takes the ticks raised for bench; PHP thread. */
void bench_sample_interrupt(zend_execute_data *execute_data);
#if PHP_VERSION_ID < 80400
/** The previous zend_execute_internal, chained; set in MINIT. */
extern void (*bench_sample_prev_execute_internal)(zend_execute_data *execute_data, zval *return_value);
/** zend_execute_internal (bench.sample_internal_calls=wrapper): samples right after an internal call; PHP thread. */
void bench_sample_execute_internal(zend_execute_data *execute_data, zval *return_value);
#else
/** Called right after a wrapped frameless call (src/sample/frameless.h); PHP thread. */
void bench_sample_after_frameless(uint32_t code);
#endif
/** The node of the stack at top (PHP thread): leaves above it are the caller's, top at top_line where not 0. */
uint32_t bench_sample_path(bench_profile_state *p, zend_execute_data *top, uint32_t leaves, uint32_t top_line);
/** At the request's end, the ticks raised since the VM last checked: charged to the root; PHP thread. */
void bench_sample_take_rest(void);

#pragma GCC visibility pop

#endif /* BENCH_SRC_SAMPLE_SAMPLE_PRIVATE_H */
