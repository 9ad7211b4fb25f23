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
#include "writer.h"

/** What bench knows of a profile format: one row of bench_dump_formats per bench_format. */
typedef struct {
	/** its bench.output_format value */
	const char *name;
	/** the end of its files' names (before a compression's) */
	const char *extension;
	/** the name also says the counter its values count ("wall_ns.folded"): the format has no header to say it */
	bool extension_names_counter;
	/** what bench.compress=auto gives it: what its viewers open as it is (docs/formats.md) */
	bench_compress compress;
	/** writes the profile from the nodes' own costs; NULL where write_views does */
	void (*write)(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s);
	/** writes the profile from its views (bench_dump_build_views()) */
	void (*write_views)(bench_buf *b, bench_dump_views *v);
	/**
	 * The report's "open it:" hint per compression: the tools that open the
	 * file as it was written (docs/formats.md has which viewer reads which
	 * compression), and bench's own report command, which reads every format
	 * and compression. A printf format: %s (or %1$s) is the file's path,
	 * %2$s the unit flamegraph.pl names the counts in.
	 */
	const char *open[BENCH_COMPRESS_AUTO];
} bench_dump_format;

/** One row per format, indexed by bench_format. */
extern const bench_dump_format bench_dump_formats[BENCH_FORMAT_COUNT];

/** The callgrind format: per function its own cost, per callee the calls and their inclusive cost. */
void bench_dump_callgrind(bench_buf *b, bench_dump_views *v);

/** The version of the JSON format (format_version), raised when a key changes meaning or goes: docs/profile.schema.json. */
#define BENCH_DUMP_JSON_VERSION 1

/**
 * JSON: the request, totals, overhead, functions (by own cost), edges and the
 * call tree. Writing the tree gives the nodes back their own costs: the views
 * are then spent but for freeing.
 */
void bench_dump_json(bench_buf *b, bench_dump_views *v);

/**
 * Folded stacks ("a;b;c value"): one line per call path (per path of lines
 * with bench.folded_lines), own cost of the sort counter; nodes must hold own costs.
 */
void bench_dump_folded(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s);

/**
 * pprof (a perftools.profiles.Profile protocol buffer): a sample per call
 * path with its calls (samples) and own counters; nodes must hold own costs.
 */
void bench_dump_pprof(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s);

/**
 * The Chrome Trace Event Format (JSON): the spans that bench.output_format=trace
 * kept, as complete events ordered by start, with what was folded and dropped.
 */
void bench_dump_trace(bench_buf *b, const bench_profile_state *p, const bench_dump_settings *s);

#endif /* BENCH_SRC_DUMP_FORMATS_H */
