/*
 * Built and run by benchmarks/vm_costs: what the machine charges for the two
 * things sample mode does per tick and per profile, measured apart from PHP.
 *
 *   wakeup PAGES   a loop touching PAGES pages (one line each, shuffled)
 *                  runs 250 ms phases, alternately with a second thread of
 *                  the process parked and waking every 1 ms on an absolute
 *                  grid, as bench's ticker does; prints "parked N" or
 *                  "ticking N" per phase (N: loop passes)
 *   tickers PROCS US
 *                  PROCS processes, each a loop and a ticker waking every
 *                  US microseconds, run 400 ms phases in turn with the
 *                  tickers parked, each on its own grid (a phase of its
 *                  own, as a ticker started at its first request had), and
 *                  all on one grid (multiples of US, as bench's ticker now
 *                  does); prints "parked N", "own N" or "shared N" per phase
 *                  (N: passes of all the loops)
 *   file DIR [keep]
 *                  creates 2,000 files of 520 bytes in DIR per phase, with
 *                  a temporary name (open O_EXCL, write, close, rename),
 *                  without (O_TMPFILE, write, linkat through /proc/self/fd,
 *                  close), and without, linking the descriptor itself
 *                  (linkat AT_EMPTY_PATH), in turn; prints "rename US",
 *                  "tmpfile US" or "tmpfile_fd US" per phase (us per file),
 *                  or "tmpfile_fd_refused 1" once where the kernel refuses
 *                  the last. The files are removed after each phase, or with
 *                  "keep" kept: the directory fills up, as a profile
 *                  directory does (42,000 files by the last phase; 28,000
 *                  where the kernel refuses the third way).
 *
 * Run it pinned to one CPU: the second thread must share the loop's CPU.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PHASES 40
#define PHASE_NS 250000000ULL
#define FILES 2000
#define FILE_PHASES 21

static atomic_bool ticking;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000ULL + (uint64_t) ts.tv_nsec;
}

static void *ticker(void *arg)
{
	uint64_t next = now_ns();

	(void) arg;
	for (;;) {
		if (!atomic_load(&ticking)) {
			usleep(100000);
			next = now_ns();
			continue;
		}
		next += 1000000;
		struct timespec until = {.tv_sec = next / 1000000000ULL, .tv_nsec = next % 1000000000ULL};
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL);
	}
	return NULL;
}

static int wakeup(size_t pages)
{
	char *mem = aligned_alloc(4096, pages * 4096);
	uint32_t *order = malloc(pages * sizeof(*order));
	pthread_t thread;
	volatile uint64_t sum = 0;

	if (!mem || !order) {
		return 1;
	}
	for (size_t i = 0; i < pages; i++) {
		mem[i * 4096] = 1;
		order[i] = (uint32_t) i;
	}
	for (size_t i = pages - 1; i > 0; i--) {
		size_t j = (size_t) rand() % (i + 1);
		uint32_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	if (pthread_create(&thread, NULL, ticker, NULL) != 0) {
		return 1;
	}
	for (int phase = 0; phase < PHASES; phase++) {
		atomic_store(&ticking, phase % 2 == 1);
		usleep(1000);
		uint64_t end = now_ns() + PHASE_NS, passes = 0;
		while (now_ns() < end) {
			for (size_t i = 0; i < pages; i++) {
				sum += (uint64_t) mem[(size_t) order[i] * 4096 + (i & 63) * 64];
			}
			passes++;
		}
		printf("%s %llu\n", phase % 2 ? "ticking" : "parked", (unsigned long long) passes);
	}
	return 0;
}

/* What the processes of "tickers" share. */
enum tickers_mode { TICKERS_PARKED, TICKERS_OWN, TICKERS_SHARED };
#define TICKERS_MAX 16
static struct {
	atomic_int mode;
	atomic_bool stop;
	atomic_ulong passes[TICKERS_MAX];
} *tickers_shared;
static unsigned tickers_me;
static uint64_t tickers_interval;

static void *tickers_ticker(void *arg)
{
	/* A phase that no two processes share, as tickers started at different times have. */
	uint64_t own = tickers_interval * tickers_me / TICKERS_MAX + 7919ULL * tickers_me, next = 0;
	int mode = TICKERS_PARKED;

	(void) arg;
	for (;;) {
		int now_mode = atomic_load(&tickers_shared->mode);
		if (now_mode == TICKERS_PARKED) {
			mode = now_mode;
			usleep(20000);
			continue;
		}
		if (now_mode != mode) {
			uint64_t now = now_ns();
			mode = now_mode;
			next = now - now % tickers_interval + (mode == TICKERS_OWN ? own : 0);
		}
		next += tickers_interval;
		struct timespec until = {.tv_sec = next / 1000000000ULL, .tv_nsec = next % 1000000000ULL};
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL);
	}
	return NULL;
}

static int tickers(unsigned procs, uint64_t interval_us)
{
	static const char *names[] = {"parked", "own", "shared"};

	tickers_shared = mmap(NULL, sizeof(*tickers_shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (tickers_shared == MAP_FAILED || procs == 0 || procs > TICKERS_MAX || interval_us == 0) {
		return 1;
	}
	tickers_interval = interval_us * 1000;
	for (unsigned p = 0; p < procs; p++) {
		if (fork() == 0) {
			pthread_t thread;
			volatile uint64_t sum = 0;
			unsigned long passes = 0;

			tickers_me = p + 1;
			if (pthread_create(&thread, NULL, tickers_ticker, NULL) != 0) {
				_exit(1);
			}
			while (!atomic_load(&tickers_shared->stop)) {
				for (int i = 0; i < 1000; i++) {
					sum += (uint64_t) i;
				}
				if ((++passes & 255) == 0) {
					atomic_store(&tickers_shared->passes[p], passes);
				}
			}
			_exit(0);
		}
	}
	for (int phase = 0; phase < PHASES * 3 / 2; phase++) {
		/* Rotated every three phases, so that no mode always follows the same one. */
		int mode = (phase + phase / 3) % 3;
		unsigned long before = 0, after = 0;

		atomic_store(&tickers_shared->mode, mode);
		usleep(100000);
		for (unsigned p = 0; p < procs; p++) {
			before += atomic_load(&tickers_shared->passes[p]);
		}
		usleep(400000);
		for (unsigned p = 0; p < procs; p++) {
			after += atomic_load(&tickers_shared->passes[p]);
		}
		printf("%s %lu\n", names[mode], after - before);
		fflush(stdout);
	}
	atomic_store(&tickers_shared->stop, true);
	while (wait(NULL) > 0) {
	}
	return 0;
}

/* The three ways of "file", in the order their phases rotate. */
enum file_way { FILE_RENAME, FILE_PROC_LINK, FILE_FD_LINK };
static const char *const file_way_names[] = {"rename", "tmpfile", "tmpfile_fd"};

static int file_create(const char *dir, const char *path, enum file_way way, const char *data, size_t len)
{
	char tmp[4200], fd_path[64];
	int fd;

	if (way == FILE_RENAME) {
		snprintf(tmp, sizeof(tmp), "%s.tmp", path);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd < 0 || write(fd, data, len) != (ssize_t) len || close(fd) != 0 || rename(tmp, path) != 0) {
			perror(tmp);
			return -1;
		}
		return 0;
	}
	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data, len) != (ssize_t) len) {
		perror("O_TMPFILE");
		if (fd >= 0) {
			close(fd);
		}
		return -1;
	}
	snprintf(fd_path, sizeof(fd_path), "/proc/self/fd/%d", fd);
	int linked = way == FILE_PROC_LINK ? linkat(AT_FDCWD, fd_path, AT_FDCWD, path, AT_SYMLINK_FOLLOW)
		: linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH);
	int link_errno = errno;
	close(fd);
	errno = link_errno;
	return linked;
}

static int files(const char *dir, bool keep)
{
	char data[520], path[4096];
	unsigned seq = 0;
	/* Linking the descriptor itself needs CAP_DAC_READ_SEARCH before Linux 6.10. */
	bool fd_link = true;

	memset(data, 'x', sizeof(data));
	for (int phase = 0; phase < FILE_PHASES; phase++) {
		enum file_way way = (enum file_way) (phase % 3);
		uint64_t start = now_ns();

		if (way == FILE_FD_LINK && !fd_link) {
			continue;
		}
		for (int i = 0; i < FILES; i++, seq++) {
			snprintf(path, sizeof(path), "%s/vm_costs.%u", dir, seq);
			if (file_create(dir, path, way, data, sizeof(data)) == 0) {
				continue;
			}
			if (way == FILE_FD_LINK && i == 0 && errno == ENOENT) {
				fd_link = false;
				printf("tmpfile_fd_refused 1\n");
				break;
			}
			perror(path);
			return 1;
		}
		if (way == FILE_FD_LINK && !fd_link) {
			continue;
		}
		printf("%s %.2f\n", file_way_names[way], (double) (now_ns() - start) / FILES / 1000);
		/* Not timed: the next phase starts from an empty directory. */
		for (unsigned s = seq - FILES; !keep && s < seq; s++) {
			snprintf(path, sizeof(path), "%s/vm_costs.%u", dir, s);
			unlink(path);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "wakeup") == 0) {
		return wakeup((size_t) atol(argv[2]));
	}
	if (argc == 4 && strcmp(argv[1], "tickers") == 0) {
		return tickers((unsigned) atoi(argv[2]), (uint64_t) atoll(argv[3]));
	}
	if ((argc == 3 || (argc == 4 && strcmp(argv[3], "keep") == 0)) && strcmp(argv[1], "file") == 0) {
		return files(argv[2], argc == 4);
	}
	fprintf(stderr, "usage: vm_costs wakeup PAGES | vm_costs tickers PROCS US | vm_costs file DIR [keep]\n");
	return 2;
}
