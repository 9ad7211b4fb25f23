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

static struct {
	/** the process whose timer exists: 0 for none */
	pid_t timer_pid;
	timer_t timer;
	bool handler_set;
	bool armed;
	struct itimerspec spec;
	bool (*tick)(void);
	const char *failure;
	bool atfork_set;
} bench_signal;

/* Handler to PHP thread: the handler fills ips only while count is 0 and nobody reads them. */
static uintptr_t bench_signal_ips[BENCH_SIGNAL_FRAMES];
static volatile sig_atomic_t bench_signal_count;
static volatile sig_atomic_t bench_signal_reading;

int bench_sample_signal_number(void)
{
	return BENCH_SIGNAL;
}

/* Runs on the PHP thread, anywhere: only async-signal-safe work (the unwinder, atomics, raw system calls). */
static void bench_signal_handler(int signo, siginfo_t *info, void *context)
{
	int saved_errno = errno;

	(void) signo;
	(void) context;
	/* A signal sent by someone else (kill, sigqueue) is not a sample. */
	if (info->si_code == SI_TIMER && bench_signal.armed && bench_signal.tick) {
		/* tick() says whether the frames are the program's (not bench sampling an allocation). */
		if (bench_signal.tick() && !bench_signal_reading && bench_signal_count == 0) {
			int n = bench_native_backtrace(bench_signal_ips, BENCH_SIGNAL_FRAMES, BENCH_SIGNAL_SKIP);
			atomic_signal_fence(memory_order_seq_cst);
			bench_signal_count = n;
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

/* The timer counts this thread's CPU time and signals this thread only. */
static bool bench_signal_create_timer(void)
{
	struct sigevent sev;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = bench_sample_signal_number();
	sev.sigev_notify_thread_id = gettid();
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &sev, &bench_signal.timer) != 0) {
		return bench_signal_fail(strerror(errno));
	}
	bench_signal.timer_pid = bench_pid();
	return true;
}

/* Timers do not survive a fork: a child inside a sampled request gets its own. */
static void bench_signal_atfork_child(void)
{
	bench_signal.timer_pid = 0;
	bench_signal_count = 0;
	if (bench_signal.armed) {
		bench_signal.armed = bench_signal_create_timer()
			&& timer_settime(bench_signal.timer, 0, &bench_signal.spec, NULL) == 0;
	}
}

bool bench_sample_signal_arm(uint64_t interval_ns, bool (*tick)(void))
{
#ifdef ZTS
	/* One timer, one handler's buffer of frames: each PHP thread would need its own. */
	(void) interval_ns;
	(void) tick;
	return bench_signal_fail("not on a thread-safe (ZTS) build");
#endif
	if (!bench_signal.atfork_set) {
		/* A forked child needs a timer of its own (timers are not inherited). */
		if (pthread_atfork(NULL, NULL, bench_signal_atfork_child) != 0) {
			return bench_signal_fail("pthread_atfork() failed");
		}
		bench_signal.atfork_set = true;
	}
	if (!bench_signal_set_handler()) {
		return false;
	}
	if (bench_signal.timer_pid != bench_pid() && !bench_signal_create_timer()) {
		return false;
	}
	bench_signal.tick = tick;
	bench_signal.spec.it_interval.tv_sec = (time_t) (interval_ns / 1000000000);
	bench_signal.spec.it_interval.tv_nsec = (long) (interval_ns % 1000000000);
	bench_signal.spec.it_value = bench_signal.spec.it_interval;
	bench_signal_count = 0;
	bench_signal.armed = true;
	if (timer_settime(bench_signal.timer, 0, &bench_signal.spec, NULL) != 0) {
		bench_signal.armed = false;
		return bench_signal_fail(strerror(errno));
	}
	bench_signal.failure = NULL;
	return true;
}

bool bench_sample_signal_disarm(void)
{
	struct itimerspec off;
	struct sigaction now;

	if (!bench_signal.armed) {
		return true;
	}
	memset(&off, 0, sizeof(off));
	if (bench_signal.timer_pid == bench_pid()) {
		timer_settime(bench_signal.timer, 0, &off, NULL);
	}
	bench_signal.armed = false;
	/* Replaced while armed: the samples stopped there. */
	if (sigaction(bench_sample_signal_number(), NULL, &now) == 0
			&& (!(now.sa_flags & SA_SIGINFO) || now.sa_sigaction != bench_signal_handler)) {
		bench_signal.handler_set = false;
		return false;
	}
	return true;
}

int bench_sample_signal_native(uintptr_t *ips, int max)
{
	int n;

	bench_signal_reading = 1;
	atomic_signal_fence(memory_order_seq_cst);
	n = bench_signal_count < max ? bench_signal_count : max;
	memcpy(ips, bench_signal_ips, sizeof(*ips) * (size_t) n);
	bench_signal_count = 0;
	atomic_signal_fence(memory_order_seq_cst);
	bench_signal_reading = 0;
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

void bench_sample_signal_mshutdown(void)
{
	bench_sample_signal_disarm();
	if (bench_signal.timer_pid == bench_pid()) {
		timer_delete(bench_signal.timer);
		bench_signal.timer_pid = 0;
	}
	/* A signal still queued must not reach a handler that is about to be unloaded with bench.so. */
	if (bench_signal.handler_set) {
		signal(bench_sample_signal_number(), SIG_IGN);
		bench_signal.handler_set = false;
	}
}
