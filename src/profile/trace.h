/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_PROFILE_TRACE_H
#define BENCH_SRC_PROFILE_TRACE_H

/*
 * The timeline of bench.output_format=trace: profile mode's hooks note when
 * each call starts and, when it returns, keep it as a span if it ran at
 * least bench.trace_min_us. A callee never runs longer than its caller, so a
 * folded call's callees are folded too, and the spans kept nest as the calls
 * did. src/dump/trace.c writes them.
 */

#include "php.h"
#include "php_bench.h"
#include "src/tree/tree.h"

/** Whether the profile about to start traces its calls, and its limits (on the request thread, at its start). */
void bench_trace_begin(bench_profile_state *p);

/** Room for a span start per shadow stack level up to needed; false when memory ran out. */
bool bench_trace_grow(bench_profile_state *p, uint32_t needed);

/** The call atop the shadow stack starts now (at ticks). */
static zend_always_inline void bench_trace_enter(bench_profile_state *p, uint64_t ticks)
{
	bench_trace_open *open = &p->trace_open[p->depth - 1];

	open->start = ticks;
	open->allocs = BENCH_G(alloc).tally.allocs;
	open->alloc_bytes = BENCH_G(alloc).tally.alloc_bytes;
}

/** A call that ran at least bench.trace_min_us: its span, kept or dropped. */
void bench_trace_close_long(bench_profile_state *p, const bench_trace_open *open, uint32_t node, uint32_t track, uint64_t duration);

/** A call that started at open, of node on track, ends at ticks: folded when short, as most are, else its span. */
static zend_always_inline void bench_trace_close(bench_profile_state *p, const bench_trace_open *open, uint32_t node,
	uint32_t track, uint64_t ticks)
{
	uint64_t duration = ticks - open->start;

	if (EXPECTED(duration < p->trace_min_ticks)) {
		p->trace_folded++;
		return;
	}
	bench_trace_close_long(p, open, node, track, duration);
}

#endif /* BENCH_SRC_PROFILE_TRACE_H */
