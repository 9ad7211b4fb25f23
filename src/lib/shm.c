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

/* statx() */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "clock.h"
#include "shm.h"

/* A wall clock stepped by less than this is the same boot. */
#define BENCH_SHM_BOOT_SLACK_NS 10000000000LL

/*
 * In a directory of this user's alone in /dev/shm (everyone's: another user
 * could put links there), named by the output directory's device and inode
 * (a path names other directories in other containers). Space is allocated
 * before the mapping is touched: on a full /dev/shm the first write to a page
 * of a sparse file would raise SIGBUS.
 */
void *bench_shm_map(const char *kind, const char *dir, size_t size, int *fd)
{
	char path[64];
	void *map = NULL;
	struct stat st;
	int home;

	*fd = -1;
	if (stat(dir, &st) != 0) {
		return NULL;
	}
	snprintf(path, sizeof(path), "/dev/shm/bench-%lu", (unsigned long) geteuid());
	if (mkdir(path, 0700) != 0 && errno != EEXIST) {
		return NULL;
	}
	home = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (home < 0) {
		return NULL;
	}
	snprintf(path, sizeof(path), "%s.%ju.%ju", kind, (uintmax_t) st.st_dev, (uintmax_t) st.st_ino);
	*fd = fstat(home, &st) == 0 && st.st_uid == geteuid() && (st.st_mode & 077) == 0
		? openat(home, path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600) : -1;
	close(home);
	if (*fd < 0) {
		return NULL;
	}
	if (fstat(*fd, &st) == 0 && S_ISREG(st.st_mode) && posix_fallocate(*fd, 0, (off_t) size) == 0) {
		map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, *fd, 0);
	}
	if (!map || map == MAP_FAILED) {
		close(*fd);
		*fd = -1;
		return NULL;
	}
	return map;
}

void bench_shm_unmap(void *map, size_t size, int fd)
{
	munmap(map, size);
	close(fd);
}

static int64_t bench_shm_born_ns(const char *dir)
{
	struct statx stx;

	if (statx(AT_FDCWD, dir, 0, STATX_BTIME, &stx) != 0 || !(stx.stx_mask & STATX_BTIME)) {
		return 0;
	}
	return (int64_t) stx.stx_btime.tv_sec * 1000000000 + stx.stx_btime.tv_nsec;
}

bool bench_shm_restamp(bench_shm_stamp *stamp, const char *dir)
{
	int64_t booted = bench_clock_ns(CLOCK_REALTIME) - bench_clock_ns(CLOCK_MONOTONIC);
	int64_t stored = __atomic_load_n(&stamp->booted_ns, __ATOMIC_RELAXED), born = bench_shm_born_ns(dir);

	if (stored >= booted - BENCH_SHM_BOOT_SLACK_NS && stored <= booted + BENCH_SHM_BOOT_SLACK_NS
			&& __atomic_load_n(&stamp->born_ns, __ATOMIC_RELAXED) == born) {
		return false;
	}
	__atomic_store_n(&stamp->booted_ns, booted, __ATOMIC_RELAXED);
	__atomic_store_n(&stamp->born_ns, born, __ATOMIC_RELAXED);
	return true;
}
