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

#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "php.h"
#include "src/lib/pid.h"
#include "native.h"
#include "signal.h"

/*
 * SIGURG: PHP leaves it alone (it takes SIGPROF for max_execution_time, and
 * SIGRTMIN for it in thread-safe builds), and its default action is to
 * ignore it. A script that resets every signal to SIG_DFL (pcntl_signal())
 * while the timer runs then only stops the samples; with a real-time signal,
 * whose default action is to terminate, the next expiry killed the process.
 * The kernel raises SIGURG otherwise only for a socket's out-of-band data,
 * to a process that asked for it: si_code tells that apart.
 */
#define BENCH_SIGNAL SIGURG
/* The kernel headers name the field; glibc 2.36 and 2.41 do not. */
#ifndef sigev_notify_thread_id
# define sigev_notify_thread_id _sigev_un._tid
#endif
#define BENCH_SIGNAL_FRAMES 16
/* Frames of the handler side on the stack: the unwinder, the handler, the kernel's return trampoline. */
#define BENCH_SIGNAL_SKIP 3

/*
 * One PHP thread's timer, by the number the sample mode gives the thread (its
 * slot): the timer carries it as its signal's value, so the handler finds
 * the thread's own state without thread-local storage. Static, never freed:
 * a signal queued before its timer was deleted still finds it.
 */
typedef struct {
	/** the process whose timer exists: 0 for none */
	pid_t timer_pid;
	timer_t timer;
	bool armed;
	struct itimerspec spec;
	/* Handler to PHP thread: the handler fills ips only while count is 0 and nobody reads them. */
	uintptr_t ips[BENCH_SIGNAL_FRAMES];
	volatile sig_atomic_t count;
	volatile sig_atomic_t reading;
} bench_signal_timer;

static bench_signal_timer bench_signal_timers[BENCH_SAMPLE_SLOTS];

/* The process's: the handler, and what the timers' expiries call. */
static struct {
	bool handler_set;
	bool (*tick)(uint32_t thread);
	const char *failure;
} bench_signal;

int bench_sample_signal_number(void)
{
	return BENCH_SIGNAL;
}

/* Runs on the PHP thread, anywhere: only async-signal-safe work (the unwinder, atomics, raw system calls). */
static void bench_signal_handler(int signo, siginfo_t *info, void *context)
{
	int saved_errno = errno;
	uint32_t thread = (uint32_t) info->si_value.sival_int;

	(void) signo;
	(void) context;
	/* A signal sent by someone else (kill, sigqueue) is not a sample. */
	if (info->si_code == SI_TIMER && thread < BENCH_SAMPLE_SLOTS && bench_signal_timers[thread].armed && bench_signal.tick) {
		bench_signal_timer *t = &bench_signal_timers[thread];
		/* tick() says whether the frames are the program's (not bench sampling an allocation). */
		if (bench_signal.tick(thread) && !t->reading && t->count == 0) {
			int n = bench_native_backtrace(t->ips, BENCH_SIGNAL_FRAMES, BENCH_SIGNAL_SKIP);
			atomic_signal_fence(memory_order_seq_cst);
			t->count = n;
		}
	}
	errno = saved_errno;
}

static bool bench_signal_fail(const char *why)
{
	bench_signal.failure = why;
	return false;
}

/* Checked at every arming (a system call): a handler set over ours (pcntl_signal()) would get the samples. */
static bool bench_signal_set_handler(void)
{
	int signo = bench_sample_signal_number();
	struct sigaction old, sa;

	if (sigaction(signo, NULL, &old) != 0) {
		return bench_signal_fail(strerror(errno));
	}
	if ((old.sa_flags & SA_SIGINFO) && old.sa_sigaction == bench_signal_handler) {
		return true;
	}
	/* Someone else's handler (pcntl_signal(), another extension): theirs stays. */
	if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL) {
		return bench_signal_fail(bench_signal.handler_set ? "another handler replaced bench's" : "the signal already has a handler");
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = bench_signal_handler;
	/* SA_RESTART: read(), write() and the like go on; sleep() and select() still return early (see the README). */
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(signo, &sa, NULL) != 0) {
		return bench_signal_fail(strerror(errno));
	}
	bench_signal.handler_set = true;
	return true;
}

/* The timer counts this thread's CPU time and signals this thread only, with its number. */
static bool bench_signal_create_timer(uint32_t thread)
{
	bench_signal_timer *t = &bench_signal_timers[thread];
	struct sigevent sev;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = bench_sample_signal_number();
	sev.sigev_notify_thread_id = gettid();
	sev.sigev_value.sival_int = (int) thread;
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &t->timer) != 0) {
		return bench_signal_fail(strerror(errno));
	}
	t->timer_pid = bench_pid();
	return true;
}

void bench_sample_signal_forked(uint32_t thread)
{
	bench_signal_timer *t = &bench_signal_timers[thread];

	t->timer_pid = 0;
	t->count = 0;
	if (t->armed) {
		t->armed = bench_signal_create_timer(thread) && timer_settime(t->timer, 0, &t->spec, NULL) == 0;
	}
}

bool bench_sample_signal_arm(uint32_t thread, uint64_t interval_ns, bool (*tick)(uint32_t thread))
{
	bench_signal_timer *t = &bench_signal_timers[thread];

	if (!bench_signal_set_handler()) {
		return false;
	}
	if (t->timer_pid != bench_pid() && !bench_signal_create_timer(thread)) {
		return false;
	}
	bench_signal.tick = tick;
	t->spec.it_interval.tv_sec = (time_t) (interval_ns / 1000000000);
	t->spec.it_interval.tv_nsec = (long) (interval_ns % 1000000000);
	t->spec.it_value = t->spec.it_interval;
	t->count = 0;
	t->armed = true;
	if (timer_settime(t->timer, 0, &t->spec, NULL) != 0) {
		t->armed = false;
		return bench_signal_fail(strerror(errno));
	}
	bench_signal.failure = NULL;
	return true;
}

bool bench_sample_signal_disarm(uint32_t thread)
{
	bench_signal_timer *t = &bench_signal_timers[thread];
	struct itimerspec off;
	struct sigaction now;

	if (!t->armed) {
		return true;
	}
	memset(&off, 0, sizeof(off));
	if (t->timer_pid == bench_pid()) {
		timer_settime(t->timer, 0, &off, NULL);
	}
	t->armed = false;
	/* Replaced while armed: the samples stopped there. */
	if (sigaction(bench_sample_signal_number(), NULL, &now) == 0
			&& (!(now.sa_flags & SA_SIGINFO) || now.sa_sigaction != bench_signal_handler)) {
		bench_signal.handler_set = false;
		return false;
	}
	return true;
}

int bench_sample_signal_native(uint32_t thread, uintptr_t *ips, int max)
{
	bench_signal_timer *t = &bench_signal_timers[thread];
	int n;

	t->reading = 1;
	atomic_signal_fence(memory_order_seq_cst);
	n = t->count < max ? t->count : max;
	memcpy(ips, t->ips, sizeof(*ips) * (size_t) n);
	t->count = 0;
	atomic_signal_fence(memory_order_seq_cst);
	t->reading = 0;
	n = bench_native_trim(ips, n);
	/*
	 * The innermost is the interrupted instruction, not a return address: one
	 * per sample. It goes by its function's start instead, so that samples in
	 * one function share a node; + 1, as a return address lies inside its caller.
	 */
	if (n > 0) {
		ips[0] = bench_native_function_start(ips[0]) + 1;
	}
	return n;
}

const char *bench_sample_signal_failure(void)
{
	return bench_signal.failure;
}

void bench_sample_signal_release(uint32_t thread)
{
	bench_signal_timer *t = &bench_signal_timers[thread];

	bench_sample_signal_disarm(thread);
	if (t->timer_pid == bench_pid()) {
		timer_delete(t->timer);
		t->timer_pid = 0;
	}
}

void bench_sample_signal_mshutdown(void)
{
	for (uint32_t thread = 0; thread < BENCH_SAMPLE_SLOTS; thread++) {
		bench_sample_signal_release(thread);
	}
	/* A signal still queued must not reach a handler that is about to be unloaded with bench.so. */
	if (bench_signal.handler_set) {
		signal(bench_sample_signal_number(), SIG_IGN);
		bench_signal.handler_set = false;
	}
}
