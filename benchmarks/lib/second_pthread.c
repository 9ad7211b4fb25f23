/*
 * Preloaded by benchmarks/fpm_throughput ("off, a second pthread"): the first
 * accept() of each php-fpm worker starts a pthread that only waits, as
 * bench's writer thread is started by a worker's first profile. It shows what
 * a process pays once glibc knows of a second thread, with nothing else
 * of bench running.
 *
 * "First in this process" is a flag that a fork handler clears, not a
 * getpid() on every accept(): that system call alone cost a worker about 1%
 * of its throughput (a system call takes about 1 us on the VM this was
 * written on), and an earlier version of this file mistook it for the
 * thread's cost.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <unistd.h>

static bool started;

static void second_pthread_forked(void)
{
	started = false;
}

__attribute__((constructor)) static void second_pthread_init(void)
{
	pthread_atfork(NULL, NULL, second_pthread_forked);
}

static void *second_pthread_wait(void *arg)
{
	(void) arg;
	for (;;) {
		pause();
	}
	return NULL;
}

int accept(int fd, struct sockaddr *addr, socklen_t *len)
{
	static int (*next_accept)(int, struct sockaddr *, socklen_t *);

	if (!next_accept) {
		next_accept = (int (*)(int, struct sockaddr *, socklen_t *)) dlsym(RTLD_NEXT, "accept");
	}
	if (!started) {
		pthread_t thread;

		started = true;
		pthread_create(&thread, NULL, second_pthread_wait, NULL);
	}
	return next_accept(fd, addr, len);
}
