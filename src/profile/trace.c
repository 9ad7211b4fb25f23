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
#include "php_bench.h"
#include "trace.h"
#include "src/cost/cost.h"
#include "src/dump/dump.h"

/** Ticks per ns, measured at the first traced profile of a process: 0 before. */
static double bench_trace_ticks_per_ns;

/*
 * bench.trace_min_us in ticks. The hooks compare durations in ticks, whose
 * rate a request's profile only knows at its end: it is measured once per
 * process, against CLOCK_MONOTONIC over 100 us (a time stamp counter's rate
 * is the same in every process of the machine; an error of 0.1% moves the
 * threshold by as much).
 */
static uint64_t bench_trace_min_ticks(zend_long min_us)
{
	if (!bench_cost_use_tsc) {
		/* Ticks are ns. */
		return (uint64_t) min_us * 1000;
	}
	if (bench_trace_ticks_per_ns == 0) {
		int64_t from_ns = bench_cost_monotonic_ns(), to_ns;
		uint64_t from = bench_cost_ticks(), to;

		do {
			to_ns = bench_cost_monotonic_ns();
			to = bench_cost_ticks();
		} while (to_ns - from_ns < 100000);
		bench_trace_ticks_per_ns = (double) (to - from) / (double) (to_ns - from_ns);
	}
	return (uint64_t) ((double) min_us * 1000.0 * bench_trace_ticks_per_ns);
}

void bench_trace_begin(bench_profile_state *p)
{
	p->trace = BENCH_INI(output_format) == BENCH_FORMAT_TRACE;
	p->trace_heap = false;
	p->spans_used = 0;
	p->trace_folded = p->trace_dropped = p->trace_unfinished = 0;
	p->trace_track = p->trace_tracks = 0;
	if (p->trace) {
		p->trace_min_us = BENCH_INI(trace_min_us);
		p->trace_max = (uint32_t) BENCH_INI(trace_max_events);
		p->trace_min_ticks = bench_trace_min_ticks(p->trace_min_us);
	}
}

bool bench_trace_grow(bench_profile_state *p, uint32_t needed)
{
	return bench_tree_grow((void **) &p->trace_open, &p->trace_open_size, sizeof(*p->trace_open), needed);
}

/* Restores the min-heap on duration below i. */
static void bench_trace_sift_down(bench_trace_span *heap, uint32_t used, uint32_t i)
{
	bench_trace_span moved = heap[i];

	for (;;) {
		uint32_t child = 2 * i + 1;
		if (child >= used) {
			break;
		}
		if (child + 1 < used && heap[child + 1].duration < heap[child].duration) {
			child++;
		}
		if (heap[child].duration >= moved.duration) {
			break;
		}
		heap[i] = heap[child];
		i = child;
	}
	heap[i] = moved;
}

/*
 * Past the cap the longest spans stay: a caller runs at least as long as its
 * callees, so a kept callee's callers are kept too (but for ties), and the
 * timeline keeps its outline rather than its first calls to return, which
 * are the innermost.
 */
void bench_trace_keep(bench_profile_state *p, const bench_trace_span *span)
{
	if (p->spans_used < p->trace_max) {
		if (p->spans_used == p->spans_size
				&& !bench_tree_grow((void **) &p->spans, &p->spans_size, sizeof(*p->spans), p->spans_used + 1)) {
			p->trace_dropped++;
			return;
		}
		p->spans[p->spans_used++] = *span;
		return;
	}
	p->trace_dropped++;
	if (!p->trace_heap) {
		for (uint32_t i = p->spans_used / 2; i-- > 0;) {
			bench_trace_sift_down(p->spans, p->spans_used, i);
		}
		p->trace_heap = true;
	}
	if (span->duration > p->spans[0].duration) {
		p->spans[0] = *span;
		bench_trace_sift_down(p->spans, p->spans_used, 0);
	}
}
