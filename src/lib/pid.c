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

#include <pthread.h>
#include <stdbool.h>
#include <unistd.h>
#include "pid.h"

static pid_t bench_pid_cached;

/** whether a child handler keeps the cache right; without one (pthread_atfork() failed) every call asks */
static bool bench_pid_atfork_set;

static void bench_pid_atfork_child(void)
{
	bench_pid_cached = getpid();
}

pid_t bench_pid(void)
{
	return bench_pid_atfork_set ? bench_pid_cached : getpid();
}

void bench_pid_minit(void)
{
	bench_pid_cached = getpid();
	/* MINIT runs again after a reload within the same process: one handler is enough. */
	if (!bench_pid_atfork_set) {
		bench_pid_atfork_set = pthread_atfork(NULL, NULL, bench_pid_atfork_child) == 0;
	}
}
