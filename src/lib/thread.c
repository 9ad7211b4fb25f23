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
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "race.h"
#include "thread.h"

#if defined(__x86_64__) || defined(__aarch64__)
# define BENCH_THREAD_BARE 1
#endif

long bench_thread_syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6)
{
#if defined(__x86_64__)
	register long r10 __asm__("r10") = a4;
	register long r8 __asm__("r8") = a5;
	register long r9 __asm__("r9") = a6;
	long ret;

	__asm__ volatile ("syscall"
		: "=a" (ret)
		: "a" (number), "D" (a1), "S" (a2), "d" (a3), "r" (r10), "r" (r8), "r" (r9)
		: "rcx", "r11", "memory");
	return ret;
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = number;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;
	register long x4 __asm__("x4") = a5;
	register long x5 __asm__("x5") = a6;

	__asm__ volatile ("svc 0"
		: "+r" (x0)
		: "r" (x8), "r" (x1), "r" (x2), "r" (x3), "r" (x4), "r" (x5)
		: "memory");
	return x0;
#else
	/* Only pthreads run this: their errno is their own. */
	long ret = syscall(number, a1, a2, a3, a4, a5, a6);
	return ret == -1 ? -errno : ret;
#endif
}

const char *bench_thread_kind(const bench_thread *t)
{
	return t->bare ? "clone" : "pthread";
}

#ifdef BENCH_THREAD_BARE
/* Small: the ticker's frames are a few hundred bytes; only touched pages cost memory. */
# define BENCH_THREAD_STACK (256 * 1024)

static int bench_thread_bare_main(void *p)
{
	bench_thread *t = p;

	BENCH_RACE_AFTER(t);
	t->fn(t->arg);
	BENCH_RACE_BEFORE(&t->tid);
	/* glibc's clone() ends the thread with the exit system call. */
	return 0;
}

/* Inherits the caller's signal mask (all blocked). */
static int bench_thread_start_bare(bench_thread *t, void *(*fn)(void *arg), void *arg)
{
	long page = sysconf(_SC_PAGESIZE);

	t->stack_size = BENCH_THREAD_STACK;
	t->stack = mmap(NULL, t->stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (t->stack == MAP_FAILED) {
		t->stack = NULL;
		return errno;
	}
	/* A guard page below the stack: an overflow faults instead of writing over other memory. Without one, a pthread. */
	if (mprotect(t->stack, page, PROT_NONE) != 0) {
		int err = errno;
		munmap(t->stack, t->stack_size);
		t->stack = NULL;
		return err;
	}
	t->fn = fn;
	t->arg = arg;
	t->bare = true;
	BENCH_RACE_BEFORE(t);
	if (clone(bench_thread_bare_main, (char *) t->stack + t->stack_size,
			CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM
			| CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID, t, &t->tid, NULL, &t->tid) == -1) {
		int err = errno;
		munmap(t->stack, t->stack_size);
		t->stack = NULL;
		t->bare = false;
		return err;
	}
	return 0;
}
#endif

int bench_thread_start(bench_thread *t, void *(*fn)(void *arg), void *arg, bool bare)
{
	sigset_t all, old;
	int err = -1;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	t->bare = false;
#ifdef BENCH_THREAD_BARE
	if (bare) {
		err = bench_thread_start_bare(t, fn, arg);
	}
#endif
	/* Where clone() is refused (a seccomp filter that allows only pthread_create's flags), a pthread does. */
	if (err != 0) {
		t->bare = false;
		err = pthread_create(&t->pthread, NULL, fn, arg);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return err;
}

void bench_thread_join(bench_thread *t)
{
	if (!t->bare) {
		pthread_join(t->pthread, NULL);
		return;
	}
	/* The kernel clears tid when the thread is gone and wakes this futex (a shared one). */
	pid_t tid;
	while ((tid = __atomic_load_n(&t->tid, __ATOMIC_ACQUIRE)) != 0) {
		bench_thread_syscall(SYS_futex, (long) &t->tid, FUTEX_WAIT, tid, 0, 0, 0);
	}
	BENCH_RACE_AFTER(&t->tid);
	bench_thread_forget(t);
}

void bench_thread_forget(bench_thread *t)
{
	if (t->bare && t->stack) {
		munmap(t->stack, t->stack_size);
	}
	t->stack = NULL;
	t->tid = 0;
}
