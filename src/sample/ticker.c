/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

/*
 * Sample mode's ticker thread: it counts ticks on a grid of the interval and
 * raises the VM interrupt, notes the frames running at a tick, parks while no
 * sampled request runs, and is forgotten in a forked child. It runs on a bare
 * thread (src/lib/thread.h): system calls through bench_thread_syscall() only,
 * no glibc function that touches thread state, never PHP's allocator
 * (tests/sample/ticker_calls.phpt checks it).
 */

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <linux/futex.h>
#include <sched.h>
#include <pthread.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include "php.h"
#include "zend_execute.h"
#include "php_bench.h"
#include "src/lib/clock.h"
#include "src/lib/pid.h"
#include "src/lib/race.h"
#include "src/lib/thread.h"
#include "src/lib/warning.h"
#include "sample_private.h"
#include "native.h"
#include "frameless.h"
#include "stacks.h"
#include "signal.h"
#include "src/tree/tree.h"

/* Shared with the PHP threads: described in sample_private.h. */
bench_sample_slot bench_sample_slots[BENCH_SAMPLE_SLOTS];
uint64_t bench_sample_interval_ns;
bool bench_sample_on_cpu;
uintptr_t bench_sample_main_chunk;
bool bench_sample_notes_ticks;
bool bench_sample_copies_frames;

/* The ticker's own: a PHP thread sets them as it starts the ticker, stops it, or forgets it in a forked child. */
static bool bench_sample_stopping;
static bench_thread bench_sample_thread;
/** the process whose ticker runs: 0 for none */
static pid_t bench_sample_thread_pid;
/** how many slots the ticker looks at: one past the highest ever claimed (thread-safe builds) */
static uint32_t bench_sample_slots_seen;
/*
 * Odd while the ticker looks at the slots, even between its passes: a
 * thread-safe build's thread waits for an even value (or a new one) before
 * its EG() may go, since the ticker may be reading it (bench_sample_quiesce()).
 */
static uint32_t bench_sample_pass;
#ifdef ZTS
/* Two PHP threads' first sampled requests must not start two tickers. */
static pthread_mutex_t bench_sample_start_lock = PTHREAD_MUTEX_INITIALIZER;
#endif

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

/* Reads a frame's function, caller and opline (where opline is not NULL) from the ticker (see bench_sample_main_chunk); false where it cannot. */
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

bool bench_sample_read_frame(pid_t pid, zend_execute_data *ex, zend_function **func, zend_execute_data **prev)
{
	return bench_sample_read_frame_at(pid, ex, func, prev, NULL);
}

/* Notes the innermost frames a thread runs now (the ticker's side of the note above). */
static void bench_sample_note_tick(bench_sample_slot *slot, pid_t pid)
{
	zend_execute_data *top = __atomic_load_n(slot->current_frame, __ATOMIC_RELAXED), *ex = top;
	bench_sample_tick_note *note = &slot->tick;
	/* Read under the same check of the top frame as the frames. */
#if PHP_VERSION_ID >= 80400 && !defined(ZTS)
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
		__atomic_store_n(&note->frame[n], ex, __ATOMIC_RELAXED);
		__atomic_store_n(&note->func[n], func, __ATOMIC_RELAXED);
		/* The caller of a user function is never needed: a user frame is named only while it is live. */
		if (!bench_sample_is_internal(slot, func)) {
			n++;
			break;
		}
		ex = prev;
	}
	__atomic_store_n(&note->opline, opline, __ATOMIC_RELAXED);
	/*
	 * The PHP thread runs on while the frames are read: if its top frame
	 * changed meanwhile, a frame read later may already hold another call
	 * (the VM reuses its stack), and the note would name a caller that never
	 * was. Then nothing is noted, and the sample takes the stack of its own time.
	 */
	if (__atomic_load_n(slot->current_frame, __ATOMIC_RELAXED) != top) {
		n = 0;
		frameless = 0;
	}
	/*
	 * A frameless call is noted even where no frame could be read (a frame a
	 * seccomp filter keeps from being copied). A take of several ticks, or one
	 * racing the next note, goes by the latest note: a tick's worth at most.
	 */
	__atomic_store_n(&note->frameless, frameless, __ATOMIC_RELAXED);
	__atomic_store_n(&note->frames, n, __ATOMIC_RELAXED);
}

/* How many slots may be in use: the one slot of a non-thread-safe build. */
static zend_always_inline uint32_t bench_sample_slots_in_use(void)
{
	return BENCH_SAMPLE_SLOTS == 1 ? 1 : __atomic_load_n(&bench_sample_slots_seen, __ATOMIC_ACQUIRE);
}

/* Whether a slot's request runs; relaxed, or ordered with what the thread stored before setting it. */
static bool bench_sample_any_running(int order)
{
	uint32_t seen = bench_sample_slots_in_use();

	for (uint32_t i = 0; i < seen; i++) {
		if (__atomic_load_n(&bench_sample_slots[i].running, order)) {
			return true;
		}
	}
	return false;
}

/* The sampled requests that the threads started, all together: it moves when one starts. */
static uint32_t bench_sample_started_sum(void)
{
	uint32_t seen = bench_sample_slots_in_use(), sum = 0;

	for (uint32_t i = 0; i < seen; i++) {
		sum += __atomic_load_n(&bench_sample_slots[i].started, __ATOMIC_RELAXED);
	}
	return sum;
}

static void bench_sample_park(void)
{
	for (;;) {
		uint32_t seq = __atomic_load_n(&bench_sample_park_seq, __ATOMIC_SEQ_CST);

		/* Said before running is read again, so that a request starting now sees it and wakes the ticker. */
		__atomic_store_n(&bench_sample_parked, true, __ATOMIC_SEQ_CST);
		if (bench_sample_any_running(__ATOMIC_SEQ_CST) || __atomic_load_n(&bench_sample_stopping, __ATOMIC_SEQ_CST)) {
			break;
		}
		/* Returns at once if seq moved since it was read: no wakeup is lost. */
		bench_thread_syscall(SYS_futex, (long) &bench_sample_park_seq, FUTEX_WAIT_PRIVATE, seq, 0, 0, 0);
	}
	__atomic_store_n(&bench_sample_parked, false, __ATOMIC_RELAXED);
}

/* After setting running or stopping: a system call only when the ticker is parked. */
void bench_sample_unpark(void)
{
	if (__atomic_load_n(&bench_sample_parked, __ATOMIC_SEQ_CST)) {
		__atomic_fetch_add(&bench_sample_park_seq, 1, __ATOMIC_SEQ_CST);
		bench_thread_syscall(SYS_futex, (long) &bench_sample_park_seq, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
	}
}

/* A PHP thread's CPU time, read from the ticker (a CPU clock has no vDSO path: a system call either way). */
static int64_t bench_sample_thread_cpu_ns(clockid_t clock)
{
	struct timespec ts;

	if (bench_thread_syscall(SYS_clock_gettime, clock, (long) &ts, 0, 0, 0, 0) != 0) {
		return 0;
	}
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * After parking: back on the grid (when a request starts must not decide
 * whether it gets a sample), from the earliest request that began since it
 * parked (stored before running, which ended the parking); from now when
 * they all began before. The next grid point to wait for.
 */
static int64_t bench_sample_ticker_unparked(int64_t interval, int64_t parked_at, int64_t now)
{
	uint32_t seen = bench_sample_slots_in_use();
	int64_t next = now;

	for (uint32_t i = 0; i < seen; i++) {
		bench_sample_slot *slot = &bench_sample_slots[i];
		/* Forgets the CPU time of samples before the parking: the next sample weighs from its request's start. */
		slot->last_cpu_ns = -1;
		if (__atomic_load_n(&slot->running, __ATOMIC_ACQUIRE)) {
			int64_t wanted = __atomic_load_n(&slot->wanted_ns, __ATOMIC_RELAXED);
			if (wanted >= parked_at && wanted < next) {
				next = wanted;
			}
		}
	}
	return next - next % interval;
}

/* Sleeps until next, in slices of at most 50 ms, so that a process that ends is not kept waiting for a long interval; now. */
static int64_t bench_sample_ticker_sleep(int64_t next)
{
	int64_t now;

	while ((now = bench_clock_ns(CLOCK_MONOTONIC)) < next
			&& !__atomic_load_n(&bench_sample_stopping, __ATOMIC_RELAXED)) {
		int64_t wake = MIN(next, now + 50000000);
		struct timespec until = {.tv_sec = wake / 1000000000, .tv_nsec = wake % 1000000000};
		bench_thread_syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, (long) &until, 0, 0, 0);
	}
	return now;
}

/*
 * The ticks from first to now, for a thread's running request: read its
 * stack (under the JIT), or note its frames, count them, and raise its VM
 * interrupt. On the CPU clock, a sample is due once the thread has run an
 * interval since its last one.
 */
static void bench_sample_ticker_tick(bench_sample_slot *slot, pid_t pid, int64_t interval, int64_t first, int64_t now)
{
	/* Acquire: a request number stored after stack_mode comes with it (bench_sample_jit_set()). */
	uint32_t request = __atomic_load_n(&slot->started, __ATOMIC_ACQUIRE);
	int64_t began = __atomic_load_n(&slot->wanted_ns, __ATOMIC_RELAXED);
	if (first < began) {
		first = began + (interval - began % interval) % interval;
	}
	if (first > now) {
		return;
	}
	uint32_t ticks = 1 + (uint32_t) ((now - first) / interval);
	int64_t weight = (int64_t) ticks * interval;
	if (bench_sample_on_cpu) {
		int64_t used = bench_sample_thread_cpu_ns(slot->cpu_clock);
		if (slot->last_cpu_ns >= 0 && used - slot->last_cpu_ns < interval) {
			return;
		}
		/* A stack read here weighs the CPU time since the last sample, or since the request began. */
		weight = MAX(0, used - MAX(slot->last_cpu_ns, __atomic_load_n(&slot->cpu_start_ns, __ATOMIC_RELAXED)));
		slot->last_cpu_ns = used;
	}
	if (__atomic_load_n(&slot->stack_mode, __ATOMIC_RELAXED)) {
		bench_stacks_tick(slot->stacks, pid, request, weight);
		return;
	}
	if (bench_sample_notes_ticks) {
		bench_sample_note_tick(slot, pid);
	}
	/* For the request whose start these ticks were counted from: dropped if it ended meanwhile. */
	uint64_t word = __atomic_load_n(&slot->interrupts, __ATOMIC_RELAXED);
	do {
		if ((uint32_t) (word >> 32) != request) {
			break;
		}
	} while (!__atomic_compare_exchange_n(&slot->interrupts, &word, word + ticks, false, __ATOMIC_RELEASE,
		__ATOMIC_RELAXED));
	if ((uint32_t) (word >> 32) == request) {
		zend_atomic_bool_store_ex(slot->vm_interrupt, true);
	}
}

/* One tick for every thread whose request runs, inside a pass that bench_sample_quiesce() can wait out. */
static void bench_sample_ticker_pass(pid_t pid, int64_t interval, int64_t first, int64_t now)
{
	uint32_t seen = bench_sample_slots_in_use();

	__atomic_fetch_add(&bench_sample_pass, 1, __ATOMIC_SEQ_CST);
	for (uint32_t i = 0; i < seen; i++) {
		bench_sample_slot *slot = &bench_sample_slots[i];
		if (__atomic_load_n(&slot->running, __ATOMIC_SEQ_CST)) {
			BENCH_RACE_AFTER(slot);
			bench_sample_ticker_tick(slot, pid, interval, first, now);
		}
	}
	__atomic_fetch_add(&bench_sample_pass, 1, __ATOMIC_RELEASE);
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
	int64_t now = bench_clock_ns(CLOCK_MONOTONIC), busy_at = now;
	int64_t next = now - now % interval;
	uint32_t started = bench_sample_started_sum();
	pid_t pid = (pid_t) (intptr_t) arg;

	bench_thread_syscall(SYS_prctl, PR_SET_NAME, (long) "bench ticker", 0, 0, 0, 0);
	while (!__atomic_load_n(&bench_sample_stopping, __ATOMIC_RELAXED)) {
		now = bench_clock_ns(CLOCK_MONOTONIC);
		uint32_t started_now = bench_sample_started_sum();

		if (started_now != started || bench_sample_any_running(__ATOMIC_RELAXED)) {
			started = started_now;
			busy_at = now;
		} else if (now - busy_at >= BENCH_SAMPLE_PARK_NS) {
			int64_t parked_at = now;

			bench_sample_park();
			now = bench_clock_ns(CLOCK_MONOTONIC);
			next = bench_sample_ticker_unparked(interval, parked_at, now);
			started = bench_sample_started_sum();
			busy_at = now;
		}
		next += interval;
		now = bench_sample_ticker_sleep(next);
		/*
		 * Woken late (a busy machine): the missed ticks count, but only those
		 * since the request began, whose time they weigh; the schedule goes on
		 * from the last grid point passed.
		 */
		int64_t first = next;
		if (now - next >= interval) {
			next = now - now % interval;
		}
		bench_sample_ticker_pass(pid, interval, first, now);
	}
	return NULL;
}

/* The forking thread's slot: NULL where it has none, or is not one of PHP's threads (it has no globals then). */
static bench_sample_slot *bench_sample_forking_slot(void)
{
#ifdef ZTS
	if (!tsrm_get_ls_cache()) {
		return NULL;
	}
#endif
	return bench_sample_own();
}

/* Under the JIT, the child keeps the stacks read before the fork: the ticker must not be writing them as it forks. */
void bench_sample_atfork_prepare(void)
{
	bench_sample_slot *own = bench_sample_forking_slot();

	if (own && own->stacks) {
		own->recording_at_fork = bench_stacks_pause(own->stacks);
	}
}

/* The parent's stacks are recorded on. */
void bench_sample_atfork_parent(void)
{
	bench_sample_slot *own = bench_sample_forking_slot();

	if (own && own->stacks) {
		bench_stacks_resume(own->stacks, own->recording_at_fork);
	}
}

void bench_sample_atfork_child(void)
{
	bench_sample_slot *own = bench_sample_forking_slot();
	/* Only the forking thread survives: other threads' requests run no more here. The new ticker weighs from scratch. */
	for (uint32_t i = 0, seen = bench_sample_slots_in_use(); i < seen; i++) {
		if (&bench_sample_slots[i] != own) {
			__atomic_store_n(&bench_sample_slots[i].running, false, __ATOMIC_RELAXED);
		}
		bench_sample_slots[i].last_cpu_ns = -1;
	}
	/* Nor does the ticker: the next sample (raised here) starts one for this process. */
	if (bench_sample_thread_pid != 0) {
		bench_thread_forget(&bench_sample_thread);
	}
	bench_sample_thread_pid = 0;
	bench_sample_parked = false;
	if (!own) {
		return;
	}
	/* Draws of its own: workers forked from one master must not pick the same requests. */
	bench_sample.rng = 0;
	/* This thread is new, and its CPU clock starts again: a sample must not weigh the parent's time against it. */
	if (pthread_getcpuclockid(pthread_self(), &own->cpu_clock) != 0) {
		own->cpu_clock = CLOCK_THREAD_CPUTIME_ID;
	}
	if (bench_sample_on_cpu) {
		bench_sample.last_cpu_ns = bench_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	}
	/* Its timer is not inherited: made again where it was armed. */
	bench_sample_signal_forked(bench_sample_slot_number(own));
	if (__atomic_load_n(&own->running, __ATOMIC_RELAXED) && __atomic_load_n(&own->stack_mode, __ATOMIC_RELAXED)) {
		/* No interrupt may start a ticker here under the JIT: this child's time after the fork goes unsampled, and its profile says so. */
		bench_stacks_forget(own->stacks);
		__atomic_store_n(&own->running, false, __ATOMIC_RELAXED);
		bench_profile_state *p = bench_profile_get();
		snprintf(p->time_samples_how, sizeof(p->time_samples_how), "read by the ticker up to the fork, off in this child");
	} else if (__atomic_load_n(&own->running, __ATOMIC_RELAXED)) {
		__atomic_store_n(&own->forked, true, __ATOMIC_RELAXED);
		__atomic_store_n(&own->interrupts, (uint64_t) own->started << 32 | 1, __ATOMIC_RELAXED);
		zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
	}
}

bench_sample_slot *bench_sample_claim(void)
{
	bench_sample_slot *slot = bench_sample_own();

#ifdef ZTS
	if (slot) {
		return slot;
	}
	for (uint32_t i = 0; i < BENCH_SAMPLE_SLOTS && !slot; i++) {
		uint32_t free = 0;
		if (__atomic_compare_exchange_n(&bench_sample_slots[i].claimed, &free, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
			slot = &bench_sample_slots[i];
		}
	}
	if (!slot) {
		static bool warned;
		if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED)) {
			bench_warning("bench: more than %d PHP threads sample at once; the requests of the others are not sampled "
				"(counted as dropped profiles)", BENCH_SAMPLE_SLOTS);
		}
		return NULL;
	}
	/* Seen by the ticker from now on: the highest slot claimed so far. */
	uint32_t want = (uint32_t) (slot - bench_sample_slots) + 1, seen = __atomic_load_n(&bench_sample_slots_seen, __ATOMIC_RELAXED);
	while (seen < want && !__atomic_compare_exchange_n(&bench_sample_slots_seen, &seen, want, false, __ATOMIC_RELEASE,
		__ATOMIC_RELAXED)) {
	}
#else
	if (bench_sample.slot) {
		return slot;
	}
#endif
	bench_sample.slot = slot;
	/* The ticker reads these, the slot and this thread's two words, with atomics only (src/lib/race.h), as the
	 * threads read whether the ticker runs. */
	BENCH_RACE_ATOMIC(slot, sizeof(*slot));
	BENCH_RACE_ATOMIC(&bench_sample_thread_pid, sizeof(bench_sample_thread_pid));
	BENCH_RACE_ATOMIC(&EG(vm_interrupt), sizeof(EG(vm_interrupt)));
	BENCH_RACE_ATOMIC(&EG(current_execute_data), sizeof(EG(current_execute_data)));
	/* What the ticker reads of this thread while its request runs: stored before running is first set. */
	slot->vm_interrupt = &EG(vm_interrupt);
	slot->current_frame = &EG(current_execute_data);
	if (pthread_getcpuclockid(pthread_self(), &slot->cpu_clock) != 0) {
		slot->cpu_clock = CLOCK_THREAD_CPUTIME_ID;
	}
	slot->last_cpu_ns = -1;
	__atomic_store_n(&slot->tick.frames, 0, __ATOMIC_RELAXED);
#ifdef ZTS
	slot->internal_functions = bench_sample_thread_internals();
#endif
	return slot;
}

void bench_sample_quiesce(void)
{
#ifdef ZTS
	/* Running was cleared (sequentially consistent): a pass begun after that skips the slot; one begun before is waited out. */
	uint32_t pass = __atomic_load_n(&bench_sample_pass, __ATOMIC_SEQ_CST);
	if (pass & 1) {
		while (__atomic_load_n(&bench_sample_pass, __ATOMIC_ACQUIRE) == pass) {
			sched_yield();
		}
	}
#endif
}

void bench_sample_release(bench_sample_slot *slot)
{
	__atomic_store_n(&slot->running, false, __ATOMIC_SEQ_CST);
	bench_sample_signal_release(bench_sample_slot_number(slot));
	__atomic_store_n(&slot->stack_mode, false, __ATOMIC_RELAXED);
	bench_stacks_free(slot->stacks);
	slot->stacks = NULL;
#ifdef ZTS
	if (slot->internal_functions) {
		zend_hash_destroy(slot->internal_functions);
		pefree(slot->internal_functions, 1);
		slot->internal_functions = NULL;
	}
#endif
	__atomic_store_n(&slot->claimed, 0, __ATOMIC_RELEASE);
}

/*
 * The timer signal's handler, on the PHP thread (bench.sample_signal): what
 * the ticker does at a tick. When the signal comes while bench itself takes
 * a sample (unwinding is slow), the stack is bench's: nothing is noted, and
 * the sample waits for the next VM interrupt.
 */
bool bench_sample_signal_tick(uint32_t thread)
{
	bench_sample_slot *slot = &bench_sample_slots[thread];
	bool ours = slot->taking || slot->in_alloc_sample;

	if (bench_sample_notes_ticks && !ours) {
		bench_sample_note_tick(slot, bench_pid());
	}
	__atomic_fetch_add(&slot->interrupts, 1, __ATOMIC_RELEASE);
	zend_atomic_bool_store_ex(slot->vm_interrupt, true);
	return !ours;
}

void bench_sample_take_settings(void)
{
	bench_sample_interval_ns = (uint64_t) BENCH_INI(sample_interval_us) * 1000;
	bench_sample_on_cpu = BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU;
}

/* Starts this process's ticker unless it runs; false (with a warning) when it cannot. */
bool bench_sample_start_ticker(void)
{
	static bool warned;
	bool started = true;

	/* Runs in this process: a forked child has it zeroed (no system call on every request). */
	if (__atomic_load_n(&bench_sample_thread_pid, __ATOMIC_ACQUIRE) != 0) {
		return true;
	}
#ifdef ZTS
	pthread_mutex_lock(&bench_sample_start_lock);
	if (bench_sample_thread_pid != 0) {
		pthread_mutex_unlock(&bench_sample_start_lock);
		return true;
	}
#endif
	bench_sample_take_settings();
	__atomic_store_n(&bench_sample_stopping, false, __ATOMIC_RELAXED);
	int err = bench_thread_start(&bench_sample_thread, bench_sample_ticker, (void *) (intptr_t) bench_pid(), true);
	if (err != 0) {
		if (!warned) {
			warned = true;
			bench_warning("bench: cannot start the sampling thread: %s; requests are not sampled (counted as dropped profiles)", strerror(err));
		}
		started = false;
	} else {
		__atomic_store_n(&bench_sample_thread_pid, bench_pid(), __ATOMIC_RELEASE);
	}
#ifdef ZTS
	pthread_mutex_unlock(&bench_sample_start_lock);
#endif
	return started;
}

void bench_sample_ticker_stop(void)
{
	/* Joined here, before the memory manager's full shutdown unmaps the chunk that the ticker reads frames in. */
	if (bench_sample_thread_pid == bench_pid()) {
		__atomic_store_n(&bench_sample_stopping, true, __ATOMIC_SEQ_CST);
		bench_sample_unpark();
		bench_thread_join(&bench_sample_thread);
		bench_sample_thread_pid = 0;
	}
}

const char *bench_sample_ticker_kind(void)
{
	return bench_sample_thread_pid == bench_pid() ? bench_thread_kind(&bench_sample_thread) : NULL;
}
