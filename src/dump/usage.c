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

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/param.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "usage.h"
#include "src/lib/clock.h"
#include "src/lib/shm.h"

/*
 * What the bench files in a directory weigh is read (every worker writes
 * there), at one stat per file: too much for every profile of a busy pool,
 * whose directory holds a hundred thousand profiles after a minute (a read
 * then takes 0.2 s). The processes that write to a directory (a pool's
 * workers) share their count, in a file in /dev/shm named by the user and the
 * directory: each adds what it writes, and one of them reads the directory
 * again after 10 s, or after a hundred times what the last read took if
 * longer (1% of one core for the pool, not for each worker), to see files
 * that others added or removed. Where the count cannot be shared (no
 * /dev/shm), a process counts alone, as it then must read the directory itself.
 */
#define BENCH_USAGE_READ_MIN_NS 10000000000ULL
#define BENCH_USAGE_READ_MAX_NS 3600000000000ULL

/* In a file named for its layout: another layout is another file. */
typedef struct {
	/** a count of another boot, or of an earlier directory with the same inode, is read anew */
	bench_shm_stamp stamp;
	/** the bench files' bytes: the last read's, plus what was written since */
	uint64_t bytes;
	/** when the directory is read next (CLOCK_MONOTONIC) */
	uint64_t next_read_ns;
} bench_usage_count;

static struct {
	pthread_mutex_t lock;
	char dir[MAXPATHLEN];
	/** the directory's shared count, or own when it has none */
	bench_usage_count *count;
	bench_usage_count own;
	/** the shared count's file, locked by the process reading the directory (-1 with own) */
	int fd;
} bench_usage = {.lock = PTHREAD_MUTEX_INITIALIZER, .fd = -1};

/*
 * Adds what the bench files in dir take on disk to *total; false when dir
 * cannot be read. Only what bench could have written counts: regular files
 * (a symlink named bench.* to a large file is not followed), owned by this
 * user (the directory may be the world-writable temporary one), by the blocks
 * they use (a sparse file made with truncate takes none). Anyone else's file
 * then cannot use up the budget and stop profiling.
 */
static bool bench_usage_read_dir(const char *dir, uint64_t *total)
{
	DIR *d = opendir(dir);
	struct dirent *entry;
	uid_t uid = geteuid();

	if (!d) {
		return false;
	}
	while ((entry = readdir(d)) != NULL) {
		struct stat st;

		if (strncmp(entry->d_name, "bench.", 6) == 0 && fstatat(dirfd(d), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0
				&& S_ISREG(st.st_mode) && st.st_uid == uid) {
			*total += bench_usage_disk_bytes(&st);
		}
	}
	closedir(d);
	return true;
}

/* Maps dir's shared count. */
static bool bench_usage_map(const char *dir)
{
	int fd;
	bench_usage_count *count = bench_shm_map("usage-v2", dir, sizeof(*count), &fd);

	if (!count) {
		return false;
	}
	/* A new file (zeros) or a stale one: read at once. A step of the wall clock costs a read too. */
	if (bench_shm_restamp(&count->stamp, dir)) {
		__atomic_store_n(&count->next_read_ns, 0, __ATOMIC_RELAXED);
	}
	bench_usage.count = count;
	bench_usage.fd = fd;
	return true;
}

static void bench_usage_unmap(void)
{
	if (bench_usage.fd >= 0) {
		bench_shm_unmap(bench_usage.count, sizeof(*bench_usage.count), bench_usage.fd);
	}
	bench_usage.fd = -1;
	bench_usage.count = NULL;
	bench_usage.dir[0] = '\0';
}

/* The count for dir (under the lock). */
static bench_usage_count *bench_usage_for(const char *dir)
{
	if (!bench_usage.count || strcmp(dir, bench_usage.dir) != 0) {
		bench_usage_unmap();
		memset(&bench_usage.own, 0, sizeof(bench_usage.own));
		if (!bench_usage_map(dir)) {
			bench_usage.count = &bench_usage.own;
		}
		snprintf(bench_usage.dir, sizeof(bench_usage.dir), "%s", dir);
	}
	return bench_usage.count;
}

/* Whether the directory must be read: its time came, or lies further than any read sets it (a damaged file). */
static bool bench_usage_due(bench_usage_count *count, uint64_t now)
{
	uint64_t next = __atomic_load_n(&count->next_read_ns, __ATOMIC_RELAXED);

	return now >= next || next - now > BENCH_USAGE_READ_MAX_NS;
}

uint64_t bench_usage_bytes(const char *dir)
{
	uint64_t now = (uint64_t) bench_clock_ns(CLOCK_MONOTONIC), bytes;

	pthread_mutex_lock(&bench_usage.lock);
	bench_usage_count *count = bench_usage_for(dir);
	/*
	 * The process that takes the file's lock reads the directory when due; the
	 * others go on with the count meanwhile. The lock goes with a process that
	 * dies reading.
	 */
	bool locked = bench_usage_due(count, now) && (bench_usage.fd < 0 || flock(bench_usage.fd, LOCK_EX | LOCK_NB) == 0);
	if (locked && bench_usage_due(count, now)) {
		uint64_t before = __atomic_load_n(&count->bytes, __ATOMIC_RELAXED), read = 0;
		if (bench_usage_read_dir(dir, &read)) {
			/*
			 * What others wrote meanwhile stays counted (maybe twice, until the next
			 * read). Never below the read, should another process have taken the
			 * count for new (another boot, another directory) while this read ran.
			 */
			uint64_t was = __atomic_load_n(&count->bytes, __ATOMIC_RELAXED);
			while (!__atomic_compare_exchange_n(&count->bytes, &was, read + (was > before ? was - before : 0), false,
					__ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
			}
		}
		uint64_t took = (uint64_t) bench_clock_ns(CLOCK_MONOTONIC) - now;
		__atomic_store_n(&count->next_read_ns, now + MIN(MAX(BENCH_USAGE_READ_MIN_NS, 100 * took), BENCH_USAGE_READ_MAX_NS),
			__ATOMIC_RELAXED);
	}
	if (locked && bench_usage.fd >= 0) {
		flock(bench_usage.fd, LOCK_UN);
	}
	bytes = __atomic_load_n(&count->bytes, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&bench_usage.lock);
	return bytes;
}

void bench_usage_wrote(const char *dir, uint64_t bytes)
{
	pthread_mutex_lock(&bench_usage.lock);
	if (bench_usage.count && strcmp(dir, bench_usage.dir) == 0) {
		__atomic_fetch_add(&bench_usage.count->bytes, bytes, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&bench_usage.lock);
}

void bench_usage_fork_prepare(void)
{
	pthread_mutex_lock(&bench_usage.lock);
}

void bench_usage_fork_parent(void)
{
	pthread_mutex_unlock(&bench_usage.lock);
}

/* The child maps the count anew: a lock on the file it shares with the parent would be the parent's too. */
void bench_usage_fork_child(void)
{
	pthread_mutex_init(&bench_usage.lock, NULL);
	bench_usage_unmap();
}

void bench_usage_mshutdown(void)
{
	pthread_mutex_lock(&bench_usage.lock);
	bench_usage_unmap();
	pthread_mutex_unlock(&bench_usage.lock);
}
