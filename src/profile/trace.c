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
#include <string.h>
#include "php.h"
#include "php_bench.h"
#include "trace.h"
#include "src/cost/cost.h"
#include "src/dump/dump.h"

/*
 * Ticks per ns, measured at the first traced profile of a process: 0 before.
 * Under a lock, as a thread-safe PHP's threads may start their first traced
 * requests together (a lock, not pthread_once(), which helgrind cannot follow).
 */
static double bench_trace_ticks_per_ns;
static pthread_mutex_t bench_trace_rate_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Measured against CLOCK_MONOTONIC over 100 us: a time stamp counter's rate
 * is the same in every process of the machine; an error of 0.1% moves the
 * threshold by as much.
 */
static void bench_trace_measure_rate(void)
{
	int64_t from_ns = bench_cost_monotonic_ns(), to_ns;
	uint64_t from = bench_cost_ticks(), to;

	do {
		to_ns = bench_cost_monotonic_ns();
		to = bench_cost_ticks();
	} while (to_ns - from_ns < 100000);
	bench_trace_ticks_per_ns = (double) (to - from) / (double) (to_ns - from_ns);
}

/*
 * bench.trace_min_us in ticks. The hooks compare durations in ticks, whose
 * rate a request's profile only knows at its end: it is measured once per
 * process.
 */
static uint64_t bench_trace_min_ticks(zend_long min_us)
{
	if (!bench_cost_use_tsc) {
		/* Ticks are ns. */
		return (uint64_t) min_us * 1000;
	}
	pthread_mutex_lock(&bench_trace_rate_lock);
	if (bench_trace_ticks_per_ns == 0) {
		bench_trace_measure_rate();
	}
	double per_ns = bench_trace_ticks_per_ns;
	pthread_mutex_unlock(&bench_trace_rate_lock);
	return (uint64_t) ((double) min_us * 1000.0 * per_ns);
}

void bench_trace_begin(bench_profile_state *p)
{
	p->trace = BENCH_INI(output_format) == BENCH_FORMAT_TRACE;
	p->spans_used = 0;
	p->trace_folded = p->trace_dropped = p->trace_unfinished = 0;
	p->trace_track = p->trace_tracks = 0;
	if (p->trace) {
		p->trace_min_us = BENCH_INI(trace_min_us);
		p->trace_max = (uint32_t) BENCH_INI(trace_max_events);
		p->trace_min_ticks = bench_trace_min_ticks(p->trace_min_us);
		p->trace_keep_ticks = p->trace_min_ticks;
	}
}

bool bench_trace_grow(bench_profile_state *p, uint32_t needed)
{
	return bench_tree_grow((void **) &p->trace_open, &p->trace_open_size, sizeof(*p->trace_open), needed);
}

static void bench_trace_swap(bench_trace_span *a, bench_trace_span *b)
{
	bench_trace_span t = *a;

	*a = *b;
	*b = t;
}

/*
 * Puts the span of rank k (by duration) at spans[k], no longer ones before it
 * and no shorter ones after (Hoare's selection, expected linear time). The
 * partition is three-way: short calls often last the same number of ticks,
 * and equal keys would make a two-way one quadratic.
 */
static void bench_trace_select(bench_trace_span *spans, uint32_t used, uint32_t k)
{
	uint32_t left = 0, right = used;

	while (right - left > 1) {
		uint64_t pivot = spans[left + (right - left) / 2].duration;
		uint32_t less = left, i = left, more = right;

		/* [left, less) shorter than the pivot, [less, i) as long, [more, right) longer. */
		while (i < more) {
			if (spans[i].duration < pivot) {
				bench_trace_swap(&spans[i++], &spans[less++]);
			} else if (spans[i].duration > pivot) {
				bench_trace_swap(&spans[i], &spans[--more]);
			} else {
				i++;
			}
		}
		if (k < less) {
			right = less;
		} else if (k >= more) {
			left = more;
		} else {
			return;
		}
	}
}

/*
 * A full buffer keeps its longest three quarters: no span dropped is
 * longer than a span kept, so a call kept has its callers kept too (but
 * for equal durations), and the timeline keeps its outline rather than the
 * first calls to return, the innermost. Later spans must be longer than the
 * longest dropped: a span costs the hooks a comparison, and the buffer a linear
 * pass per quarter of it filled.
 */
static void bench_trace_keep(bench_profile_state *p, const bench_trace_span *span)
{
	if (p->spans_used == p->trace_max) {
		uint32_t drop = MAX(p->spans_used / 4, 1);

		bench_trace_select(p->spans, p->spans_used, drop - 1);
		/* Longer than every span dropped: calls of equal length then cost no pass over the buffer each. */
		p->trace_keep_ticks = p->spans[drop - 1].duration + 1;
		memmove(p->spans, p->spans + drop, (p->spans_used - drop) * sizeof(*p->spans));
		p->spans_used -= drop;
		p->trace_dropped += drop;
		if (span->duration < p->trace_keep_ticks) {
			p->trace_dropped++;
			return;
		}
	}
	if (p->spans_used == p->spans_size
			&& !bench_tree_grow((void **) &p->spans, &p->spans_size, sizeof(*p->spans), p->spans_used + 1)) {
		p->trace_dropped++;
		return;
	}
	p->spans[p->spans_used++] = *span;
}

void bench_trace_close_long(bench_profile_state *p, const bench_trace_open *open, uint32_t node, uint32_t track, uint64_t duration)
{
	/* Shorter than the spans a full buffer keeps. */
	if (duration < p->trace_keep_ticks) {
		p->trace_dropped++;
		return;
	}
	bench_trace_span span = {
		.start = open->start,
		.duration = duration,
		.allocs = BENCH_G(alloc).tally.allocs - open->allocs,
		.alloc_bytes = BENCH_G(alloc).tally.alloc_bytes - open->alloc_bytes,
		.node = node,
		.track = track,
	};
	bench_trace_keep(p, &span);
}
