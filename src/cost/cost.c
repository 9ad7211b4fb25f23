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

#include <time.h>
#include "php.h"
#include "php_bench.h"
#include "cost.h"
#include "perf_event.h"
#include "src/ops/ops.h"

/*
 * One row per counter (SPX's metrics table is the model): name, unit, exact,
 * attributed, pprof type. The live counters come last (BENCH_COUNTER_IS_LIVE()).
 */
const bench_counter_info_t bench_counter_info[BENCH_COUNTER_COUNT] = {
	[BENCH_COUNTER_WALL_NS]        = {"wall_ns",        "ns",    false, true,  "wall"},
	[BENCH_COUNTER_CPU_NS]         = {"cpu_ns",         "ns",    false, false, "cpu"},
	[BENCH_COUNTER_INSTRUCTIONS]   = {"instructions",   "count", false, true,  "instructions"},
	[BENCH_COUNTER_CYCLES]         = {"cycles",         "count", false, true,  "cycles"},
	[BENCH_COUNTER_ALLOCS]         = {"allocs",         "count", true,  true,  "alloc_objects"},
	[BENCH_COUNTER_ALLOC_BYTES]    = {"alloc_bytes",    "bytes", true,  true,  "alloc_space"},
	[BENCH_COUNTER_FREES]          = {"frees",          "count", true,  true,  "free_objects"},
	[BENCH_COUNTER_FREED_BYTES]    = {"freed_bytes",    "bytes", true,  true,  "free_space"},
	[BENCH_COUNTER_OPS]            = {"ops",            "count", true,  true,  "ops"},
	[BENCH_COUNTER_RETAINED_BYTES] = {"retained_bytes", "bytes", true,  false, "retained_bytes"},
	/* Go's heap profiles call what is still held "inuse". */
	[BENCH_COUNTER_LIVE_ALLOCS]    = {"live_allocs",    "count", true,  true,  "inuse_objects"},
	[BENCH_COUNTER_LIVE_BYTES]     = {"live_bytes",     "bytes", true,  true,  "inuse_space"},
	[BENCH_COUNTER_CLEANUP_ALLOCS] = {"cleanup_allocs", "count", true,  true,  "cleanup_objects"},
	[BENCH_COUNTER_CLEANUP_BYTES]  = {"cleanup_bytes",  "bytes", true,  true,  "cleanup_space"},
	[BENCH_COUNTER_GC_ALLOCS]      = {"gc_allocs",      "count", true,  true,  "gc_objects"},
	[BENCH_COUNTER_GC_BYTES]       = {"gc_bytes",       "bytes", true,  true,  "gc_space"},
	[BENCH_COUNTER_PEAK_BYTES]     = {"peak_bytes",     "bytes", true,  true,  "peak_space"},
};

/* Array keys, interned once so that building a metrics array allocates no key. */
static zend_string *bench_counter_keys[BENCH_COUNTER_COUNT];

void bench_cost_minit(void)
{
	for (int i = 0; i < BENCH_COUNTER_COUNT; i++) {
		const char *name = bench_counter_info[i].name;
		bench_counter_keys[i] = zend_string_init_interned(name, strlen(name), 1);
	}
}

#ifdef PHP_WIN32
static int64_t bench_cost_wall_ns(void)
{
	static LARGE_INTEGER frequency;
	LARGE_INTEGER now;

	if (frequency.QuadPart == 0) {
		QueryPerformanceFrequency(&frequency);
	}
	QueryPerformanceCounter(&now);
	return (int64_t) ((double) now.QuadPart * 1e9 / (double) frequency.QuadPart);
}

static int64_t bench_cost_cpu_ns(void)
{
	FILETIME created, exited, kernel, user;

	if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) {
		return 0;
	}
	/* FILETIME counts 100 ns intervals. */
	return ((((int64_t) kernel.dwHighDateTime << 32) | kernel.dwLowDateTime)
		+ (((int64_t) user.dwHighDateTime << 32) | user.dwLowDateTime)) * 100;
}
#else
static zend_always_inline int64_t bench_cost_clock(clockid_t clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts) != 0) {
		return 0;
	}
	return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static zend_always_inline int64_t bench_cost_wall_ns(void)
{
	return bench_cost_clock(CLOCK_MONOTONIC);
}

/* A system call (about 0.3 us on a VM): read per interval, never per call. */
static zend_always_inline int64_t bench_cost_cpu_ns(void)
{
	return bench_cost_clock(CLOCK_THREAD_CPUTIME_ID);
}
#endif

void bench_cost_rinit(void)
{
	bench_perf_open();
}

void bench_cost_mshutdown(void)
{
	bench_perf_close();
}

static zend_always_inline void bench_cost_read_allocs(bench_cost *out)
{
	const bench_alloc_tally *tally = &BENCH_G(alloc).tally;

	out->value[BENCH_COUNTER_ALLOCS] = (int64_t) tally->allocs;
	out->value[BENCH_COUNTER_ALLOC_BYTES] = (int64_t) tally->alloc_bytes;
	out->value[BENCH_COUNTER_FREES] = (int64_t) tally->frees;
	out->value[BENCH_COUNTER_FREED_BYTES] = (int64_t) tally->freed_bytes;
}

static zend_always_inline void bench_cost_read_hardware(bench_cost *out)
{
	out->value[BENCH_COUNTER_INSTRUCTIONS] = (int64_t) bench_perf_read(BENCH_PERF_INSTRUCTIONS);
	out->value[BENCH_COUNTER_CYCLES] = (int64_t) bench_perf_read(BENCH_PERF_CYCLES);
}

void bench_cost_begin(bench_cost *out)
{
	/* The CPU clock is a system call: read it before the wall clock starts. */
	out->value[BENCH_COUNTER_CPU_NS] = bench_cost_cpu_ns();
	bench_cost_begin_without_cpu(out);
}

/* The live counters are no reading: a profile's end sets them (src/alloc/live.h). */
static zend_always_inline void bench_cost_zero_live(bench_cost *out)
{
	memset(&out->value[BENCH_COUNTER_VECTOR_COUNT], 0,
		sizeof(out->value[0]) * (BENCH_COUNTER_COUNT - BENCH_COUNTER_VECTOR_COUNT));
}

void bench_cost_begin_without_cpu(bench_cost *out)
{
	bench_cost_zero_live(out);
	out->value[BENCH_COUNTER_RETAINED_BYTES] = (int64_t) zend_memory_usage(false);
	bench_cost_read_allocs(out);
	out->value[BENCH_COUNTER_OPS] = (int64_t) bench_ops_read();
	out->value[BENCH_COUNTER_WALL_NS] = bench_cost_wall_ns();
	bench_cost_read_hardware(out);
}

void bench_cost_end(bench_cost *out)
{
	bench_cost_zero_live(out);
	bench_cost_read_hardware(out);
	out->value[BENCH_COUNTER_WALL_NS] = bench_cost_wall_ns();
	out->value[BENCH_COUNTER_OPS] = (int64_t) bench_ops_read();
	bench_cost_read_allocs(out);
	out->value[BENCH_COUNTER_RETAINED_BYTES] = (int64_t) zend_memory_usage(false);
	out->value[BENCH_COUNTER_CPU_NS] = bench_cost_cpu_ns();
}

bool bench_cost_use_tsc;

int64_t bench_cost_monotonic_ns(void)
{
	return bench_cost_wall_ns();
}

void bench_cost_minit_ticks(void)
{
#if defined(__x86_64__) && defined(__linux__)
	FILE *cpuinfo = fopen("/proc/cpuinfo", "r");
	/* The flags line of a recent CPU runs to a few thousand characters. */
	char line[16384];
	bool constant = false, nonstop = false;

	if (!cpuinfo) {
		return;
	}
	while (fgets(line, sizeof(line), cpuinfo)) {
		if (strncmp(line, "flags", 5) == 0) {
			constant = strstr(line, " constant_tsc") != NULL;
			nonstop = strstr(line, " nonstop_tsc") != NULL;
			break;
		}
	}
	fclose(cpuinfo);
	bench_cost_use_tsc = constant && nonstop;
#endif
}

void bench_cost_read_fast(bench_cost *out)
{
	bench_cost_read_hardware(out);
	out->value[BENCH_COUNTER_WALL_NS] = (int64_t) bench_cost_ticks();
	out->value[BENCH_COUNTER_OPS] = (int64_t) bench_ops_read();
	bench_cost_read_allocs(out);
	/* The counters that bench_counter_info marks unattributed: one by one, not a loop over the table, as every hook reads. */
	out->value[BENCH_COUNTER_CPU_NS] = 0;
	out->value[BENCH_COUNTER_RETAINED_BYTES] = 0;
	bench_cost_zero_live(out);
}

void bench_cost_keep_attributed(bench_cost *cost)
{
	for (int i = 0; i < BENCH_COUNTER_VECTOR_COUNT; i++) {
		if (!bench_counter_info[i].attributed) {
			cost->value[i] = 0;
		}
	}
}

void bench_cost_sub(bench_cost *out, const bench_cost *end, const bench_cost *start)
{
	for (int i = 0; i < BENCH_COUNTER_COUNT; i++) {
		out->value[i] = end->value[i] - start->value[i];
	}
}

bool bench_cost_available(bench_counter c, const char **reason)
{
	const char *why = NULL;

	switch (c) {
		case BENCH_COUNTER_INSTRUCTIONS:
		case BENCH_COUNTER_CYCLES:
			if (!bench_perf_available(&why)) {
				break;
			}
			return true;
		case BENCH_COUNTER_OPS:
			if (!bench_ops_enabled()) {
				why = "bench.count_ops is off (it can only be set at startup)";
				break;
			}
			return true;
		case BENCH_COUNTER_FREED_BYTES:
			if (!BENCH_G(alloc).freed_size_known) {
				why = "the allocator under bench's handlers (USE_ZEND_ALLOC=0 or another "
					"extension's) does not report the size of a freed block";
				break;
			}
			return true;
		case BENCH_COUNTER_RETAINED_BYTES:
			if (!BENCH_G(alloc).heap_is_zend_mm) {
				why = "the heap is not Zend MM's (USE_ZEND_ALLOC=0 or another extension's "
					"allocator), so its usage is not accounted";
				break;
			}
			return true;
		default:
			return true;
	}
	if (reason) {
		*reason = why;
	}
	return false;
}

void bench_cost_to_array(zval *out, const bench_cost *cost, zend_long divisor)
{
	array_init_size(out, BENCH_COUNTER_VECTOR_COUNT);
	for (int i = 0; i < BENCH_COUNTER_VECTOR_COUNT; i++) {
		zval value;

		if (!bench_cost_available((bench_counter) i, NULL)) {
			ZVAL_NULL(&value);
		} else if (divisor == 1 || (bench_counter_info[i].exact && cost->value[i] % divisor == 0)) {
			/* A whole mean of an exact counter is exact too: 5, which a test asserts with ===, not 5.0. */
			ZVAL_LONG(&value, (zend_long) (cost->value[i] / divisor));
		} else {
			ZVAL_DOUBLE(&value, (double) cost->value[i] / (double) divisor);
		}
		zend_hash_add_new(Z_ARRVAL_P(out), bench_counter_keys[i], &value);
	}
}
