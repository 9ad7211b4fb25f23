/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_FORMATS_H
#define BENCH_SRC_DUMP_FORMATS_H

#include "src/lib/buf.h"
#include "views.h"

/** The callgrind format: per function its own cost, per callee the calls and their inclusive cost. */
void bench_dump_callgrind(bench_buf *b, const bench_dump_views *v);
/** The version of the JSON format (format_version), raised when a key changes meaning or goes: docs/profile.schema.json. */
#define BENCH_DUMP_JSON_VERSION 1

/**
 * JSON: the request, totals, overhead, functions (by own cost), edges and the
 * call tree. Writing the tree gives the nodes back their own costs: the views
 * are then spent but for freeing.
 */
void bench_dump_json(bench_buf *b, bench_dump_views *v);
/** Folded stacks ("a;b;c value"): one line per call path, own cost of counter; nodes must hold own costs. */
void bench_dump_folded(bench_buf *b, const bench_profile_state *p, int counter, bool lines);

/**
 * pprof (a perftools.profiles.Profile protocol buffer): a sample per call
 * path with its calls (samples) and own counters; nodes must hold own costs.
 */
void bench_dump_pprof(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s, const int *counters, int ncounters, int sort_counter);

#endif /* BENCH_SRC_DUMP_FORMATS_H */
