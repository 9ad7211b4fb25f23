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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "php.h"
#include "main/php_open_temporary_file.h"
#include "php_bench.h"
#include "src/lib/pid.h"
#include "src/lib/thread.h"
#include "formats.h"
#include "ledger.h"
#include "usage.h"
#include "views.h"
#include "writer.h"
#include "src/lib/warning.h"

/* ---- counts and failures (both threads) ------------------------------------- */

/** Profiles written, dropped, and not written for want of samples by this process (relaxed atomics). */
static zend_long bench_dump_written, bench_dump_dropped, bench_dump_empty;

typedef enum {
	BENCH_FAILURE_UNWRITABLE,
	BENCH_FAILURE_BUDGET,
	BENCH_FAILURE_QUEUE,
	BENCH_FAILURE_START,
	BENCH_FAILURE_KINDS,
} bench_failure_kind;

/* What a client may be told of each kind, where warnings are displayed to it (src/lib/warning.h): no path. */
static const char *const bench_failure_briefs[BENCH_FAILURE_KINDS] = {
	[BENCH_FAILURE_UNWRITABLE] = "a profile could not be written",
	[BENCH_FAILURE_BUDGET] = "a profile was dropped for bench.output_max_mb",
	[BENCH_FAILURE_QUEUE] = "a profile was dropped by the writer",
	[BENCH_FAILURE_START] = "a profile was dropped",
};

/* The first failure of each kind, kept for the request thread to say (once per process). */
static struct {
	pthread_mutex_t lock;
	char message[BENCH_FAILURE_KINDS][MAXPATHLEN + 256];
	bool pending[BENCH_FAILURE_KINDS], said[BENCH_FAILURE_KINDS];
	/** whether any kind is pending, read without the lock at every request's start (relaxed) */
	bool any_pending;
} bench_failures = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void bench_dump_failed(bench_failure_kind kind, const char *format, ...)
{
	va_list args;

	__atomic_fetch_add(&bench_dump_dropped, 1, __ATOMIC_RELAXED);
	pthread_mutex_lock(&bench_failures.lock);
	if (!bench_failures.said[kind] && !bench_failures.pending[kind]) {
		va_start(args, format);
		vsnprintf(bench_failures.message[kind], sizeof(bench_failures.message[kind]), format, args);
		va_end(args);
		bench_failures.pending[kind] = true;
		__atomic_store_n(&bench_failures.any_pending, true, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&bench_failures.lock);
}

void bench_writer_say_failures(void)
{
	if (!__atomic_load_n(&bench_failures.any_pending, __ATOMIC_RELAXED)) {
		return;
	}
	__atomic_store_n(&bench_failures.any_pending, false, __ATOMIC_RELAXED);
	for (int kind = 0; kind < BENCH_FAILURE_KINDS; kind++) {
		char message[sizeof(bench_failures.message[0])];
		bool say = false;

		pthread_mutex_lock(&bench_failures.lock);
		if (bench_failures.pending[kind]) {
			bench_failures.pending[kind] = false;
			bench_failures.said[kind] = true;
			memcpy(message, bench_failures.message[kind], sizeof(message));
			say = true;
		}
		pthread_mutex_unlock(&bench_failures.lock);
		if (say) {
			/* At a request's end (RSHUTDOWN) past the script's error handler, which could make it a fatal error. */
			bench_warning_private(bench_failure_briefs[kind], "%s; later ones in this process are counted in bench_info(), not repeated",
				message);
		}
	}
}

void bench_dump_count_dropped(const char *why)
{
	if (!why) {
		__atomic_fetch_add(&bench_dump_dropped, 1, __ATOMIC_RELAXED);
		return;
	}
	bench_dump_failed(BENCH_FAILURE_START, "profile dropped: %s", why);
	bench_writer_say_failures();
}

void bench_dump_count_empty(void)
{
	__atomic_fetch_add(&bench_dump_empty, 1, __ATOMIC_RELAXED);
}

void bench_dump_stats(zend_long *written, zend_long *dropped, zend_long *empty, zend_long *lost)
{
	*lost = bench_ledger_lost();
	*written = __atomic_load_n(&bench_dump_written, __ATOMIC_RELAXED);
	*dropped = __atomic_load_n(&bench_dump_dropped, __ATOMIC_RELAXED);
	*empty = __atomic_load_n(&bench_dump_empty, __ATOMIC_RELAXED);
}

/* ---- writing one profile --------------------------------------------------------- */

const char *bench_dump_dir(void)
{
	/* Read on the request thread: by bench_dump_owe() and bench_dump_take_settings(). */
	return BENCH_INI(output_dir) && *BENCH_INI(output_dir) ? BENCH_INI(output_dir) : php_get_temporary_directory();
}

bench_compress bench_dump_compression(bench_format format, bench_compress compress)
{
	if (compress != BENCH_COMPRESS_AUTO) {
		return compress;
	}
#ifndef HAVE_BENCH_ZLIB
	if (bench_dump_formats[format].compress == BENCH_COMPRESS_GZIP) {
		return BENCH_COMPRESS_NONE;
	}
#endif
	return bench_dump_formats[format].compress;
}

void bench_dump_take_request(bench_dump_settings *s)
{
	/* On the request thread, as bench_dump_take_settings(). A request's profile is no merge. */
	s->merge = NULL;
	s->sample_interval_us = BENCH_INI(sample_interval_us);
	s->sample_cpu = BENCH_INI(sample_clock) == BENCH_SAMPLE_CPU;
	for (int c = 0; c < BENCH_COUNTER_COUNT; c++) {
		s->available[c] = bench_cost_available((bench_counter) c, NULL);
	}
}

void bench_dump_take_settings(bench_dump_settings *s)
{
	const char *dir = bench_dump_dir();

	/* The hand-off, on the request thread: the only reads of settings a profile's writing makes. */
	bench_dump_take_request(s);
	s->format = (bench_format) BENCH_INI(output_format);
	s->compress = bench_dump_compression(s->format, (bench_compress) BENCH_INI(compress));
	s->folded_lines = BENCH_INI(folded_lines);
	s->max_bytes = BENCH_INI(output_max_mb) > 0 ? (uint64_t) BENCH_INI(output_max_mb) * 1024 * 1024 : 0;
	s->max_invalid = BENCH_INI(output_max_mb) == BENCH_OUTPUT_MAX_MB_INVALID;
	/* A directory too long to be copied whole is refused (bench_sink_dir_fits()), never written to cut short. */
	s->dir_too_long = !bench_sink_dir_fits(dir);
	if (!s->dir_too_long) {
		memcpy(s->dir, dir, strlen(dir) + 1);
	} else {
		s->dir[0] = '\0';
	}
}

/* A file name's last parts: the format's extension, after the counter's name where the format has no header to say it. */
static void bench_dump_extension(char *out, size_t size, const bench_dump_settings *s, const bench_profile_state *p)
{
	const bench_dump_format *f = &bench_dump_formats[s->format];

	if (f->extension_names_counter) {
		snprintf(out, size, "%s.%s", bench_counter_info[bench_dump_sort_counter(p, s)].name, f->extension);
	} else {
		snprintf(out, size, "%s", f->extension);
	}
}

static void bench_dump_over_budget(const bench_dump_settings *s)
{
	bench_dump_failed(BENCH_FAILURE_BUDGET, "profile dropped: the bench files in %s would pass bench.output_max_mb=%" PRIu64,
		s->dir, s->max_bytes / (1024 * 1024));
}

bool bench_dump_write(bench_profile_state *p, const bench_dump_settings *s, bench_sink *sink)
{
	const bench_dump_format *format = &bench_dump_formats[s->format];
	uint64_t allowed = 0;
	/* Kept by the sink while it is open. */
	char extension[32];

	memset(sink, 0, sizeof(*sink));
	if (p->sampled) {
		bench_tree_symbolize(p);
	}
	if (s->dir_too_long) {
		bench_dump_failed(BENCH_FAILURE_UNWRITABLE, "profile dropped: bench.output_dir is longer than a profile's path may be "
			"(%d bytes with the file's name)", MAXPATHLEN - 1);
		return false;
	}
	if (s->max_invalid) {
		bench_dump_failed(BENCH_FAILURE_BUDGET, "profile dropped: bench.output_max_mb is invalid");
		return false;
	}
	if (s->max_bytes) {
		uint64_t used = bench_usage_bytes(s->dir);
		if (used >= s->max_bytes) {
			bench_dump_over_budget(s);
			return false;
		}
		allowed = s->max_bytes - used;
	}
	bench_dump_extension(extension, sizeof(extension), s, p);
	if (!bench_sink_open(sink, s->dir, extension, s->compress, allowed)) {
		bench_dump_failed(BENCH_FAILURE_UNWRITABLE, "cannot write the profile %s: %s", sink->path, sink->error);
		return false;
	}
	if (format->write) {
		format->write(&sink->buf, p, s);
	} else {
		bench_dump_views v;
		if (bench_dump_build_views(&v, p, s)) {
			format->write_views(&sink->buf, &v);
		} else {
			sink->buf.failed = true;
		}
		bench_dump_free_views(&v);
	}
	if (!bench_sink_close(sink)) {
		if (sink->over_budget) {
			bench_dump_over_budget(s);
		} else {
			bench_dump_failed(BENCH_FAILURE_UNWRITABLE, "cannot write the profile %s: %s", sink->path, sink->error);
		}
		return false;
	}
	if (s->max_bytes) {
		bench_usage_wrote(s->dir, sink->disk_bytes);
	}
	__atomic_fetch_add(&bench_dump_written, 1, __ATOMIC_RELAXED);
	return true;
}

/* ---- the writer thread --------------------------------------------------------------- */

/** A profile handed to the writer: its call tree (moved out of the request's state) and settings. */
typedef struct {
	bench_profile_state profile;
	bench_dump_settings settings;
	/** the line of the ledger that counts it until it is written */
	bench_ledger_slot *ledger;
} bench_writer_job;

#define BENCH_WRITER_QUEUE 16

static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	bench_writer_job *jobs[BENCH_WRITER_QUEUE];
	unsigned head, count;
	bool stopping;
	/** the process whose writer runs: 0 for none */
	pid_t pid;
	bench_thread thread;
	bool atfork_set;
} bench_writer = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static void bench_writer_free_job(bench_writer_job *job)
{
	for (uint32_t i = 0; i < job->profile.funcs_used; i++) {
		free(job->profile.funcs[i].name);
		free(job->profile.funcs[i].file);
		free(job->profile.funcs[i].ops.counts);
	}
	free(job->profile.funcs);
	free(job->profile.nodes);
	free(job->profile.spans);
	free(job->profile.moments);
	free(job->profile.request.labels);
	free(job);
}

/*
 * The writer wakes once for a batch, not for every profile: a wakeup takes a
 * CPU from a busy pool's requests. After the first profile of a batch it
 * waits up to BENCH_WRITER_BATCH_MS for more, or for half a queue.
 */
#define BENCH_WRITER_BATCH (BENCH_WRITER_QUEUE / 2)
#define BENCH_WRITER_BATCH_MS 100

static void *bench_writer_run(void *arg)
{
	(void) arg;
	/* Named for top -H and perf, as the ticker is. */
	prctl(PR_SET_NAME, "bench writer", 0, 0, 0);
	pthread_mutex_lock(&bench_writer.lock);
	for (;;) {
		while (bench_writer.count == 0 && !bench_writer.stopping) {
			pthread_cond_wait(&bench_writer.wake, &bench_writer.lock);
		}
		if (bench_writer.count == 0) {
			break;
		}
		if (bench_writer.count < BENCH_WRITER_BATCH && !bench_writer.stopping) {
			struct timespec until;
			clock_gettime(CLOCK_MONOTONIC, &until);
			until.tv_nsec += BENCH_WRITER_BATCH_MS * 1000000L;
			if (until.tv_nsec >= 1000000000L) {
				until.tv_sec++;
				until.tv_nsec -= 1000000000L;
			}
			pthread_cond_timedwait(&bench_writer.wake, &bench_writer.lock, &until);
		}
		while (bench_writer.count > 0) {
			bench_writer_job *job = bench_writer.jobs[bench_writer.head];
			bench_writer.head = (bench_writer.head + 1) % BENCH_WRITER_QUEUE;
			bench_writer.count--;
			pthread_mutex_unlock(&bench_writer.lock);

			bench_sink sink;
			bench_dump_write(&job->profile, &job->settings, &sink);
			bench_ledger_written(job->ledger);
			bench_writer_free_job(job);

			pthread_mutex_lock(&bench_writer.lock);
		}
	}
	pthread_mutex_unlock(&bench_writer.lock);
	bench_sink_mshutdown();
	return NULL;
}

static void bench_writer_atfork_prepare(void)
{
	pthread_mutex_lock(&bench_failures.lock);
	bench_usage_fork_prepare();
	pthread_mutex_lock(&bench_writer.lock);
}

static void bench_writer_atfork_parent(void)
{
	pthread_mutex_unlock(&bench_writer.lock);
	bench_usage_fork_parent();
	pthread_mutex_unlock(&bench_failures.lock);
}

/* On the monotonic clock: a step of the wall clock must not stretch a batch's wait. */
static void bench_writer_init_wake(void)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&bench_writer.wake, &attr);
	pthread_condattr_destroy(&attr);
}

/* The child has no writer: the parent's queued profiles are the parent's to write. */
static void bench_writer_atfork_child(void)
{
	pthread_mutex_init(&bench_failures.lock, NULL);
	bench_usage_fork_child();
	pthread_mutex_init(&bench_writer.lock, NULL);
	bench_writer_init_wake();
	for (unsigned i = 0; i < bench_writer.count; i++) {
		bench_writer_free_job(bench_writer.jobs[(bench_writer.head + i) % BENCH_WRITER_QUEUE]);
	}
	bench_writer.head = bench_writer.count = 0;
	bench_writer.pid = 0;
}

/* Starts this process's writer unless it runs (under the lock); false when it cannot. */
static bool bench_writer_start(void)
{
	/* Runs in this process: a forked child has it zeroed (no system call on every request). */
	if (bench_writer.pid != 0) {
		return true;
	}
	if (!bench_writer.atfork_set) {
		/* No thread waits on it yet: the first start sets its clock. */
		bench_writer_init_wake();
		/* A child forked without the handlers would inherit the queue's lock held and a writer that is not there. */
		if (pthread_atfork(bench_writer_atfork_prepare, bench_writer_atfork_parent, bench_writer_atfork_child) != 0) {
			return false;
		}
		bench_writer.atfork_set = true;
	}
	bench_writer.stopping = false;
	/* A pthread: the writer compresses and formats with libc's malloc, which must know of it. */
	int err = bench_thread_start(&bench_writer.thread, bench_writer_run, NULL, false);
	if (err != 0) {
		return false;
	}
	bench_writer.pid = bench_pid();
	return true;
}

void bench_writer_enqueue(bench_profile_state *p, const bench_dump_settings *settings)
{
	bench_writer_job *job = calloc(1, sizeof(*job));

	if (!job) {
		bench_dump_failed(BENCH_FAILURE_QUEUE, "profile dropped: out of memory");
		bench_writer_say_failures();
		return;
	}
	/* The job takes the tree (nodes, functions and their names); the request keeps the rest and starts anew. */
	job->profile = *p;
	job->settings = *settings;
	p->nodes = NULL;
	p->nodes_used = p->nodes_size = 0;
	p->funcs = NULL;
	p->funcs_used = p->funcs_size = 0;
	p->spans = NULL;
	p->spans_used = p->spans_size = 0;
	p->moments = NULL;
	p->moments_used = p->moments_size = 0;
	p->request.labels = NULL;

	pthread_mutex_lock(&bench_writer.lock);
	bool queued = false, started = bench_writer_start();
	if (started && bench_writer.count < BENCH_WRITER_QUEUE) {
		job->ledger = bench_ledger_hand_over();
		bench_writer.jobs[(bench_writer.head + bench_writer.count) % BENCH_WRITER_QUEUE] = job;
		bench_writer.count++;
		queued = true;
		/* The first profile starts a batch; half a queue ends its wait early. */
		if (bench_writer.count == 1 || bench_writer.count == BENCH_WRITER_BATCH) {
			pthread_cond_signal(&bench_writer.wake);
		}
	}
	pthread_mutex_unlock(&bench_writer.lock);
	if (!queued) {
		bench_writer_free_job(job);
		if (started) {
			bench_dump_failed(BENCH_FAILURE_QUEUE, "profile dropped: the writer's queue is full (%d profiles waiting for the disk)",
				BENCH_WRITER_QUEUE);
		} else {
			bench_dump_failed(BENCH_FAILURE_QUEUE, "profile dropped: cannot start the writer thread");
		}
		bench_writer_say_failures();
	}
}

void bench_writer_mshutdown(void)
{
	pthread_mutex_lock(&bench_writer.lock);
	bool running = bench_writer.pid == bench_pid();
	bench_writer.stopping = true;
	pthread_cond_signal(&bench_writer.wake);
	pthread_mutex_unlock(&bench_writer.lock);
	if (running) {
		bench_thread_join(&bench_writer.thread);
		bench_writer.pid = 0;
	}
}
