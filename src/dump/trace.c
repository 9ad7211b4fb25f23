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

#include <stdlib.h>
#include <string.h>
#include "php.h"
#include "php_bench.h"
#include "formats.h"

/* Timeline by timeline, by start; a caller before the callee that started at the same tick (the longer first). */
static int bench_dump_trace_order(const void *left, const void *right)
{
	const bench_trace_span *a = left, *b = right;

	if (a->track != b->track) {
		return a->track < b->track ? -1 : 1;
	}
	if (a->start != b->start) {
		return a->start < b->start ? -1 : 1;
	}
	return a->duration > b->duration ? -1 : a->duration < b->duration;
}

/* Microseconds with three decimals: a time in ns, as the format counts in us (no printf: thousands of events). */
static void bench_dump_trace_us(bench_buf *b, uint64_t ns)
{
	unsigned frac = (unsigned) (ns % 1000);
	char digits[4] = {'.', (char) ('0' + frac / 100), (char) ('0' + frac / 10 % 10), (char) ('0' + frac % 10)};

	bench_buf_uint(b, ns / 1000);
	bench_buf_append(b, digits, sizeof(digits));
}

/*
 * A complete ("X") event, ts and end in ns from the profile's start. Both ends
 * are converted, not the duration: a conversion that keeps the order keeps
 * callees inside their callers.
 */
static void bench_dump_trace_event(bench_buf *b, const char *name, uint64_t ts, uint64_t end, const char *pid, uint32_t tid,
	uint64_t allocs, uint64_t bytes)
{
	bench_buf_puts(b, ",\n{\"name\":\"");
	bench_buf_json_escape(b, name);
	bench_buf_puts(b, "\",\"ph\":\"X\",\"ts\":");
	bench_dump_trace_us(b, ts);
	bench_buf_puts(b, ",\"dur\":");
	bench_dump_trace_us(b, end - ts);
	bench_buf_puts(b, ",\"pid\":");
	bench_buf_puts(b, pid);
	bench_buf_puts(b, ",\"tid\":");
	bench_buf_uint(b, tid);
	bench_buf_puts(b, ",\"args\":{\"allocations\":");
	bench_buf_uint(b, allocs);
	bench_buf_puts(b, ",\"bytes\":");
	bench_buf_uint(b, bytes);
	bench_buf_puts(b, "}}");
}

static void bench_dump_trace_string(bench_buf *b, const char *key, const char *value)
{
	bench_buf_printf(b, ",\"%s\":\"", key);
	bench_buf_json_escape(b, value);
	bench_buf_puts(b, "\"");
}

/*
 * The Chrome Trace Event Format's JSON object: the request as one process,
 * its stack and each fiber's a thread (tid 1, then 2...), each kept call a
 * complete event, and in otherData what the timeline leaves out.
 */
void bench_dump_trace(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s)
{
	const bench_profile_request *r = &p->request;
	uint64_t ticks = p->end_ticks - p->start_ticks;
	double ns_per_tick = ticks ? (double) (p->end_ns - p->start_ns) / (double) ticks : 1.0;
	long pid = (long) r->pid;
	char pid_text[24];
	bench_trace_span *spans = malloc(((size_t) p->spans_used + 1) * sizeof(*spans));
	(void) s;
	snprintf(pid_text, sizeof(pid_text), "%ld", pid);

	if (!spans) {
		b->failed = true;
		return;
	}
	memcpy(spans, p->spans, (size_t) p->spans_used * sizeof(*spans));
	qsort(spans, p->spans_used, sizeof(*spans), bench_dump_trace_order);

	bench_buf_printf(b, "{\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%ld,\"tid\":1,\"args\":{\"name\":\"", pid);
	bench_buf_json_escape(b, r->command);
	bench_buf_printf(b, "\"}}");
	for (uint32_t track = 0; track <= p->trace_tracks; track++) {
		bench_buf_printf(b, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%ld,\"tid\":%u,\"args\":{\"name\":\"", pid, track + 1);
		if (track) {
			bench_buf_printf(b, "fiber %u\"}}", track);
		} else {
			bench_buf_puts(b, "request\"}}");
		}
	}
	/* The whole profile, under every call: what the request allocated and its duration. */
	bench_dump_trace_event(b, BENCH_DUMP_ROOT_NAME, 0, (uint64_t) p->total.value[BENCH_COUNTER_WALL_NS], pid_text, 1,
		(uint64_t) p->total.value[BENCH_COUNTER_ALLOCS], (uint64_t) p->total.value[BENCH_COUNTER_ALLOC_BYTES]);
	for (uint32_t i = 0; i < p->spans_used && !b->failed; i++) {
		const bench_trace_span *span = &spans[i];
		uint64_t from = (uint64_t) ((double) (span->start - p->start_ticks) * ns_per_tick + 0.5);
		uint64_t to = (uint64_t) ((double) (span->start + span->duration - p->start_ticks) * ns_per_tick + 0.5);

		bench_dump_trace_event(b, bench_dump_func_name(p, bench_dump_func_of(p, span->node)), from, to, pid_text, span->track + 1,
			span->allocs, span->alloc_bytes);
	}
	free(spans);

	bench_buf_printf(b, "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"bench\":\"%s\",\"php\":\"%s\",\"mode\":\"profile\"",
		PHP_BENCH_VERSION, PHP_VERSION);
	bench_dump_trace_string(b, "command", r->command);
	bench_dump_trace_string(b, "script", r->script);
	bench_dump_trace_string(b, "sapi", r->sapi);
	bench_dump_trace_string(b, "method", r->method);
	bench_buf_printf(b, ",\"status\":%d,\"time_ns\":%" PRId64 ",\"duration_ns\":%" PRId64 ",\"trace_min_us\":" ZEND_LONG_FMT
		",\"trace_max_events\":%u,\"events\":%u,\"folded\":%" PRIu64 ",\"dropped\":%" PRIu64 ",\"unfinished\":%" PRIu64 "}}\n",
		r->status, r->time_ns, r->duration_ns, p->trace_min_us, p->trace_max, p->spans_used, p->trace_folded,
		p->trace_dropped, p->trace_unfinished);
}
