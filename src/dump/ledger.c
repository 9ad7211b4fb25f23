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
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/param.h>
#include <sys/stat.h>
#include <unistd.h>
#include "php.h"
#include "php_bench.h"
#include "src/lib/pid.h"
#include "src/lib/shm.h"
#include "ledger.h"
#include "src/lib/warning.h"

/*
 * A process that dies before it writes a profile cannot count it: a php-fpm
 * worker killed by request_terminate_timeout (SIGTERM: no shutdown runs) in
 * the middle of a sampled request, or with profiles still queued for its
 * writer thread. So the processes writing to a directory keep a ledger beside
 * its usage count in /dev/shm: a line each, with the requests that owe a
 * profile now and the profiles waiting for the writer. A process taking a
 * line (at its first profiled or sampled request for that directory, as the
 * worker that php-fpm starts in a killed one's place does) looks for lines of
 * processes that are gone, and counts and says what they owed.
 */
#define BENCH_LEDGER_LINES 1024
/* Directories one process keeps a line in (bench.output_dir is per directory); past them, it is not counted. */
#define BENCH_LEDGER_DIRS 4

struct bench_ledger_slot {
	/** the owner; 0: free; negative: being taken */
	int32_t pid;
	/** the owner's requests that owe a profile now */
	int32_t in_flight;
	/** profiles the owner handed to its writer, not yet written or counted as dropped */
	int32_t queued;
	/** the owner's start time (clock ticks after boot, /proc/PID/stat): a reused pid is another process */
	uint64_t started;
} __attribute__((aligned(64))); /* a cache line each: workers do not share theirs */

/* In a file named for its layout: another layout is another file. */
typedef struct {
	bench_shm_stamp stamp;
	bench_ledger_slot lines[BENCH_LEDGER_LINES];
} bench_ledger_file;

static struct {
	pthread_mutex_t lock;
	struct {
		char dir[MAXPATHLEN];
		bench_ledger_file *file;
		int fd;
		/** this process's line; NULL when none could be taken */
		bench_ledger_slot *own;
		/** whether this process swept the ledger and tried to take a line (once: a full ledger is not swept per request) */
		bool tried;
	} dirs[BENCH_LEDGER_DIRS];
	int dirs_used;
	/** this process's start time; 0 when unknown (no /proc): then only kill() tells whether a line's owner is gone */
	uint64_t started;
	bool atfork_set;
	zend_long lost;
} bench_ledger = {.lock = PTHREAD_MUTEX_INITIALIZER};

/*
 * The start time of a process (field 22 of /proc/PID/stat, after the name,
 * which may hold spaces and parentheses); 0 when it cannot be read. *ended
 * tells a zombie, which kill() still finds.
 */
static uint64_t bench_ledger_start_time(pid_t pid, bool *ended)
{
	char path[64], text[1024];
	ssize_t len;
	int fd;

	*ended = false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int) pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		return 0;
	}
	len = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (len <= 0) {
		return 0;
	}
	text[len] = '\0';
	char *at = strrchr(text, ')');
	if (!at || at[1] != ' ') {
		return 0;
	}
	/* The name ends field 2; the state is field 3. */
	*ended = at[2] == 'Z' || at[2] == 'X';
	for (int field = 2; at && field < 22; field++) {
		at = strchr(at + 1, ' ');
	}
	return at ? strtoull(at + 1, NULL, 10) : 0;
}

/*
 * Whether the line's owner has ended: no such process, or, where the line
 * owes profiles or has this process's pid, another process with its pid. A
 * reused pid's line that owes nothing stays taken until that process ends too.
 */
static bool bench_ledger_gone(const bench_ledger_slot *line, pid_t pid)
{
	bool ended;

	if (pid == bench_pid()) {
		return __atomic_load_n(&line->started, __ATOMIC_RELAXED) != bench_ledger.started;
	}
	if (kill(pid, 0) != 0 && errno == ESRCH) {
		return true;
	}
	if (__atomic_load_n(&line->in_flight, __ATOMIC_RELAXED) <= 0 && __atomic_load_n(&line->queued, __ATOMIC_RELAXED) <= 0) {
		return false;
	}
	uint64_t now = bench_ledger_start_time(pid, &ended), started = __atomic_load_n(&line->started, __ATOMIC_RELAXED);
	return ended || (now != 0 && started != 0 && now != started);
}

static bench_ledger_slot *bench_ledger_take_line(bench_ledger_file *file)
{
	int32_t self = (int32_t) bench_pid();

	for (int i = 0; i < BENCH_LEDGER_LINES; i++) {
		bench_ledger_slot *line = &file->lines[i];
		int32_t free_line = 0;

		/* Taken in two steps: another process finds it neither free nor an ended one's while it is filled in. */
		if (__atomic_load_n(&line->pid, __ATOMIC_RELAXED) == 0
				&& __atomic_compare_exchange_n(&line->pid, &free_line, -self, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
			__atomic_store_n(&line->in_flight, 0, __ATOMIC_RELAXED);
			__atomic_store_n(&line->queued, 0, __ATOMIC_RELAXED);
			__atomic_store_n(&line->started, bench_ledger.started, __ATOMIC_RELAXED);
			__atomic_store_n(&line->pid, self, __ATOMIC_RELEASE);
			return line;
		}
	}
	return NULL;
}

/** What a sweep found that ended processes owed. */
typedef struct {
	zend_long in_flight, queued, processes;
	int32_t first;
} bench_ledger_found;

/*
 * The most a line can owe: a process runs a request or two at once, and its
 * writer queues 16 profiles. Linux pids go up to 2^22 (PID_MAX_LIMIT).
 */
#define BENCH_LEDGER_OWED_MAX 64
#define BENCH_LEDGER_PID_MAX (1 << 22)

/* Whether a line holds what no process of bench writes (the file was damaged): freed, and counted as nothing. */
static bool bench_ledger_damaged(const bench_ledger_slot *line, int32_t pid)
{
	int32_t in_flight = __atomic_load_n(&line->in_flight, __ATOMIC_RELAXED);
	int32_t queued = __atomic_load_n(&line->queued, __ATOMIC_RELAXED);

	return pid > BENCH_LEDGER_PID_MAX || pid < -BENCH_LEDGER_PID_MAX || in_flight < 0 || in_flight > BENCH_LEDGER_OWED_MAX
		|| queued < 0 || queued > BENCH_LEDGER_OWED_MAX;
}

/*
 * Frees the lines of ended processes, and counts what they owed (into found;
 * NULL: of a ledger stale, whose losses were for another directory).
 */
static void bench_ledger_sweep(bench_ledger_file *file, bench_ledger_found *found)
{
	for (int i = 0; i < BENCH_LEDGER_LINES; i++) {
		bench_ledger_slot *line = &file->lines[i];
		int32_t pid = __atomic_load_n(&line->pid, __ATOMIC_ACQUIRE);

		if (pid != 0 && bench_ledger_damaged(line, pid)) {
			__atomic_compare_exchange_n(&line->pid, &pid, 0, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
			continue;
		}
		/* A process that died taking a line left it half taken: it owed nothing yet. */
		if (pid < 0 && kill(-pid, 0) != 0 && errno == ESRCH) {
			__atomic_compare_exchange_n(&line->pid, &pid, 0, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
			continue;
		}
		if (pid <= 0 || !bench_ledger_gone(line, pid)) {
			continue;
		}
		/* An ended owner changes nothing more: what it owed is read before the line is freed for others. */
		int32_t owed_now = __atomic_load_n(&line->in_flight, __ATOMIC_RELAXED);
		int32_t owed_queued = __atomic_load_n(&line->queued, __ATOMIC_RELAXED);
		if (!__atomic_compare_exchange_n(&line->pid, &pid, 0, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
			continue;
		}
		if (found && (owed_now > 0 || owed_queued > 0)) {
			found->in_flight += MAX(owed_now, 0);
			found->queued += MAX(owed_queued, 0);
			found->processes++;
			found->first = found->first ? found->first : pid;
		}
	}
	if (found) {
		__atomic_fetch_add(&bench_ledger.lost, found->in_flight + found->queued, __ATOMIC_RELAXED);
	}
}

static void bench_ledger_atfork_prepare(void)
{
	pthread_mutex_lock(&bench_ledger.lock);
}

static void bench_ledger_atfork_parent(void)
{
	pthread_mutex_unlock(&bench_ledger.lock);
}

/*
 * The parent's lines are the parent's, and so are the profiles it queued
 * (the child's writer starts empty). The child takes lines of its own at its
 * next request: most children exec another program at once (proc_open()),
 * and a line taken here would read as lost once that program ended. So a
 * request that goes on in a child (pcntl_fork()) owes its profile uncounted.
 */
static void bench_ledger_atfork_child(void)
{
	pthread_mutex_init(&bench_ledger.lock, NULL);
	bench_ledger.started = 0;
	/* The forking thread is a request's: its module globals are its own. */
	BENCH_G(ledger_line) = NULL;
	for (int i = 0; i < bench_ledger.dirs_used; i++) {
		bench_ledger.dirs[i].own = NULL;
		bench_ledger.dirs[i].tried = false;
	}
}

/* The line for dir, taken (and the ledger swept) on its first use (under the lock). */
static bench_ledger_slot *bench_ledger_line_for(const char *dir, bench_ledger_found *found)
{
	int i;

	for (i = 0; i < bench_ledger.dirs_used && strcmp(bench_ledger.dirs[i].dir, dir) != 0; i++) {
	}
	if (i == BENCH_LEDGER_DIRS) {
		return NULL;
	}
	if (i == bench_ledger.dirs_used) {
		char kind[64];
		struct stat ns;

		/*
		 * Named by the pid namespace too: there a pid is another process or
		 * none (containers of one pod share /dev/shm, not their pids). A
		 * directory whose ledger cannot be had is not tried at every request.
		 */
		snprintf(kind, sizeof(kind), "ledger-v1.%ju", stat("/proc/self/ns/pid", &ns) == 0 ? (uintmax_t) ns.st_ino : 0);
		bench_ledger.dirs[i].file = bench_shm_map(kind, dir, sizeof(bench_ledger_file), &bench_ledger.dirs[i].fd);
		snprintf(bench_ledger.dirs[i].dir, sizeof(bench_ledger.dirs[i].dir), "%s", dir);
		bench_ledger.dirs[i].own = NULL;
		bench_ledger.dirs[i].tried = false;
		bench_ledger.dirs_used++;
	}
	bench_ledger_file *file = bench_ledger.dirs[i].file;
	if (!bench_ledger.dirs[i].tried && file) {
		bool ended;

		bench_ledger.dirs[i].tried = true;
		if (!bench_ledger.atfork_set) {
			bench_ledger.atfork_set = pthread_atfork(bench_ledger_atfork_prepare, bench_ledger_atfork_parent,
				bench_ledger_atfork_child) == 0;
		}
		/* A child would keep its parent's line and lock: no ledger without the handlers. */
		if (!bench_ledger.atfork_set) {
			return NULL;
		}
		if (!bench_ledger.started) {
			bench_ledger.started = bench_ledger_start_time(bench_pid(), &ended);
		}
		/*
		 * A stale ledger (of an earlier directory with the same inode, or of
		 * another boot) is swept quietly, once, under the file's lock: what
		 * ended processes owed there was not for this directory. Lines of live
		 * processes stay theirs.
		 */
		int locked;
		while ((locked = flock(bench_ledger.dirs[i].fd, LOCK_EX)) != 0 && errno == EINTR) {
		}
		/* Unlocked (ENOLCK), another process's sweep may run at once: the next process to get the lock sweeps. */
		if (locked == 0) {
			bool stale = bench_shm_restamp(&file->stamp, dir);
			bench_ledger_sweep(file, stale ? NULL : found);
			flock(bench_ledger.dirs[i].fd, LOCK_UN);
		}
		bench_ledger.dirs[i].own = bench_ledger_take_line(file);
	}
	return bench_ledger.dirs[i].own;
}

/*
 * The request's line is a module global: bench_ledger_begin(), _end() and
 * _hand_over() run on the request thread; the writer thread gets the line
 * with its job, for bench_ledger_written().
 */
void bench_ledger_begin(const char *dir)
{
	if (BENCH_G(ledger_line)) {
		return;
	}
	bench_ledger_found found = {0};
	pthread_mutex_lock(&bench_ledger.lock);
	bench_ledger_slot *line = bench_ledger_line_for(dir, &found);
	pthread_mutex_unlock(&bench_ledger.lock);
	if (line) {
		__atomic_fetch_add(&line->in_flight, 1, __ATOMIC_RELAXED);
		BENCH_G(ledger_line) = line;
	}
	/* Said out of the lock: a script's error handler may call into bench. */
	if (found.processes) {
		bench_warning_private("profiles were lost by a process that ended before writing them",
			ZEND_LONG_FMT " profile(s) for %s lost: process %d%s ended (killed?) "
			"before writing them (" ZEND_LONG_FMT " of requests then running, " ZEND_LONG_FMT " queued for the disk)",
			found.in_flight + found.queued, dir, (int) found.first, found.processes > 1 ? " and others" : "",
			found.in_flight, found.queued);
	}
}

/* On the request thread (see bench_ledger_begin()). */
void bench_ledger_end(void)
{
	bench_ledger_slot *line = BENCH_G(ledger_line);

	if (line) {
		BENCH_G(ledger_line) = NULL;
		__atomic_fetch_sub(&line->in_flight, 1, __ATOMIC_RELAXED);
	}
}

/* On the request thread (see bench_ledger_begin()). */
bench_ledger_slot *bench_ledger_hand_over(void)
{
	bench_ledger_slot *line = BENCH_G(ledger_line);

	if (line) {
		BENCH_G(ledger_line) = NULL;
		__atomic_fetch_add(&line->queued, 1, __ATOMIC_RELAXED);
		__atomic_fetch_sub(&line->in_flight, 1, __ATOMIC_RELAXED);
	}
	return line;
}

void bench_ledger_written(bench_ledger_slot *slot)
{
	if (slot) {
		__atomic_fetch_sub(&slot->queued, 1, __ATOMIC_RELAXED);
	}
}

zend_long bench_ledger_lost(void)
{
	return __atomic_load_n(&bench_ledger.lost, __ATOMIC_RELAXED);
}

void bench_ledger_mshutdown(void)
{
	pthread_mutex_lock(&bench_ledger.lock);
	for (int i = 0; i < bench_ledger.dirs_used; i++) {
		bench_ledger_slot *line = bench_ledger.dirs[i].own;
		if (line) {
			__atomic_store_n(&line->pid, 0, __ATOMIC_RELEASE);
		}
		if (bench_ledger.dirs[i].file) {
			bench_shm_unmap(bench_ledger.dirs[i].file, sizeof(*bench_ledger.dirs[i].file), bench_ledger.dirs[i].fd);
		}
	}
	bench_ledger.dirs_used = 0;
	pthread_mutex_unlock(&bench_ledger.lock);
	/* MSHUTDOWN, after the writer thread has stopped. */
	BENCH_G(ledger_line) = NULL;
}
