/*
 * Preloaded by benchmarks/fpm_throughput ("off, a second pthread"): the first
 * accept() of each php-fpm worker starts a pthread that only waits, as
 * bench's writer thread is started by a worker's first profile. It shows what
 * a process pays once glibc knows of a second thread, with nothing else
 * of bench running.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static pid_t started_in;

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
	if (started_in != getpid()) {
		pthread_t thread;

		started_in = getpid();
		pthread_create(&thread, NULL, second_pthread_wait, NULL);
	}
	return next_accept(fd, addr, len);
}
