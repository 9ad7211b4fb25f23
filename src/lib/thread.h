/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_THREAD_H
#define BENCH_SRC_LIB_THREAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * bench's threads, started with every signal blocked (they must take no
 * signal meant for PHP: timeouts, pcntl).
 *
 * A bare thread is one that glibc does not know of, for the ticker. Once a
 * process has a second pthread, glibc drops its single-thread fast paths for
 * good: every pthread_mutex_lock (SQLite takes one per sqlite3_malloc), malloc
 * arena lock and stdio lock becomes an atomic instruction. A thread made with clone()
 * directly leaves glibc's count alone. It shares the PHP thread's TLS, so it
 * must never touch errno or glibc's thread state: it runs only system calls
 * made with bench_thread_syscall(), vDSO clock reads that cannot fail
 * (CLOCK_MONOTONIC) and atomics. tests/sample/ticker_calls.phpt checks this
 * from the call graph GCC writes of the sources.
 * glibc's setuid() and friends change the credentials of the threads glibc
 * knows: a bare thread keeps those it started with (the ticker only reads its
 * own process's memory and clocks with them).
 * Where no raw system call is written for the architecture, or clone() is
 * refused, it is a pthread.
 */
typedef struct {
	/** the thread's id, cleared by the kernel (and woken as a futex) when it exits */
	pid_t tid;
	bool bare;
	void *(*fn)(void *arg);
	void *arg;
	void *stack;
	size_t stack_size;
	pthread_t pthread;
} bench_thread;

/** Starts fn(arg), on a bare thread if bare and this build can; 0, or an errno value. */
int bench_thread_start(bench_thread *t, void *(*fn)(void *arg), void *arg, bool bare);
/** Waits until the thread has exited, and frees a bare thread's stack. */
void bench_thread_join(bench_thread *t);
/** In a forked child, where the thread does not exist: frees its stack. */
void bench_thread_forget(bench_thread *t);
/** "clone" or "pthread": what t is, once started. */
const char *bench_thread_kind(const bench_thread *t);

/** A system call that leaves errno alone: the result, or -errno. Safe on a bare thread. */
long bench_thread_syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6);

#endif
