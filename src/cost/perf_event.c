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

#include "php.h"
#include "perf_event.h"
#include "src/lib/pid.h"

#if defined(__linux__) && defined(HAVE_LINUX_PERF_EVENT_H)

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>

typedef struct {
	/** one descriptor per counter, -1 when closed */
	int fd[BENCH_PERF_COUNT];
	/** the kernel's page for each counter, for rdpmc; NULL when not mapped */
	struct perf_event_mmap_page *page[BENCH_PERF_COUNT];
	/** the process that opened them: a forked child must open its own */
	pid_t owner;
	bool available;
	char reason[160];
} bench_perf_state;

ZEND_TLS bench_perf_state bench_perf = {
	.fd = {-1, -1}, .page = {NULL, NULL}, .owner = 0, .available = false,
	.reason = "not opened yet",
};

static const struct {
	uint64_t config;
	const char *name;
} bench_perf_events[BENCH_PERF_COUNT] = {
	[BENCH_PERF_INSTRUCTIONS] = {PERF_COUNT_HW_INSTRUCTIONS, "instructions"},
	[BENCH_PERF_CYCLES]       = {PERF_COUNT_HW_CPU_CYCLES,   "cycles"},
};

static void bench_perf_release(void)
{
	for (int i = 0; i < BENCH_PERF_COUNT; i++) {
		if (bench_perf.page[i]) {
			munmap(bench_perf.page[i], sysconf(_SC_PAGESIZE));
			bench_perf.page[i] = NULL;
		}
		if (bench_perf.fd[i] >= 0) {
			close(bench_perf.fd[i]);
			bench_perf.fd[i] = -1;
		}
	}
	bench_perf.available = false;
}

void bench_perf_open(void)
{
	pid_t self = bench_pid();

	if (bench_perf.owner == self) {
		return;
	}
	/* Descriptors inherited over fork() count the parent's thread. */
	bench_perf_release();
	bench_perf.owner = self;

	for (int i = 0; i < BENCH_PERF_COUNT; i++) {
		struct perf_event_attr attr;

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = bench_perf_events[i].config;
		attr.exclude_kernel = 1;
		attr.exclude_hv = 1;

		int fd = (int) syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			snprintf(bench_perf.reason, sizeof(bench_perf.reason),
				"hardware counters are unavailable: perf_event_open(%s) failed: %s", bench_perf_events[i].name, strerror(errno));
			bench_perf_release();
			return;
		}
		bench_perf.fd[i] = fd;

		/* The page is only needed for rdpmc; without it read() still works. */
		void *page = mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, fd, 0);
		bench_perf.page[i] = page == MAP_FAILED ? NULL : page;
	}

	bench_perf.available = true;
	bench_perf.reason[0] = '\0';
}

void bench_perf_close(void)
{
	bench_perf_release();
	bench_perf.owner = 0;
	snprintf(bench_perf.reason, sizeof(bench_perf.reason), "not opened yet");
}

bool bench_perf_available(const char **reason)
{
	if (!bench_perf.available && reason) {
		*reason = bench_perf.reason;
	}
	return bench_perf.available;
}

bool bench_perf_compiled(void)
{
	return true;
}

#if defined(__x86_64__) || defined(__i386__)
static zend_always_inline uint64_t bench_perf_rdpmc(uint32_t counter)
{
	uint32_t low, high;

	__asm__ volatile("rdpmc" : "=a"(low), "=d"(high) : "c"(counter));
	return ((uint64_t) high << 32) | low;
}

/*
 * The kernel's seqlock protocol for user-space reads (perf_event_open(2),
 * "cap_user_rdpmc"): retry while the kernel updated the page under us.
 * Returns false when the counter is not on a hardware register right now.
 */
static bool bench_perf_read_mmap(struct perf_event_mmap_page *page, uint64_t *out)
{
	uint32_t seq, index;
	uint64_t count;

	do {
		seq = page->lock;
		__asm__ volatile("" ::: "memory");
		index = page->index;
		count = page->offset;
		if (!page->cap_user_rdpmc || index == 0) {
			return false;
		}
		uint16_t width = page->pmc_width;
		int64_t pmc = (int64_t) bench_perf_rdpmc(index - 1);
		/* The register is pmc_width bits wide: sign-extend it. */
		pmc <<= 64 - width;
		pmc >>= 64 - width;
		count += pmc;
		__asm__ volatile("" ::: "memory");
	} while (page->lock != seq);

	*out = count;
	return true;
}
#endif

uint64_t bench_perf_read(bench_perf_counter counter)
{
	uint64_t value = 0;

	if (!bench_perf.available) {
		return 0;
	}
#if defined(__x86_64__) || defined(__i386__)
	if (bench_perf.page[counter] && bench_perf_read_mmap(bench_perf.page[counter], &value)) {
		return value;
	}
#endif
	if (read(bench_perf.fd[counter], &value, sizeof(value)) != sizeof(value)) {
		return 0;
	}
	return value;
}

#else /* no perf_event */

void bench_perf_open(void)
{
}

void bench_perf_close(void)
{
}

bool bench_perf_available(const char **reason)
{
	if (reason) {
		*reason = "this build has no perf_event support (Linux only)";
	}
	return false;
}

bool bench_perf_compiled(void)
{
	return false;
}

uint64_t bench_perf_read(bench_perf_counter counter)
{
	(void) counter;
	return 0;
}

#endif
