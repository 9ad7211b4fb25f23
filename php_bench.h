/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef PHP_BENCH_H
#define PHP_BENCH_H

extern zend_module_entry bench_module_entry;
#define phpext_bench_ptr &bench_module_entry

/* The only version string of bench: package.xml and scripts read it here. */
#define PHP_BENCH_VERSION "0.1.0"

#include "src/cost/cost.h"
#include "src/alloc/alloc.h"
#include "src/sample/request.h"

/** What bench.mode selects. */
typedef enum {
	BENCH_MODE_OFF = 0,
	BENCH_MODE_PROFILE,
	BENCH_MODE_SAMPLE,
	/** under valgrind's callgrind, for bench instr: instructions per owner (src/instr/) */
	BENCH_MODE_INSTR,
} bench_mode;

/** What bench.sample_clock selects: the writer thread is told it (src/dump/writer.h), so it is here. */
typedef enum {
	BENCH_SAMPLE_WALL = 0,
	BENCH_SAMPLE_CPU,
} bench_sample_clock;

/** bench.output_max_mb could not be read: no profile is written (settings fail closed). */
#define BENCH_OUTPUT_MAX_MB_INVALID (-1)

/** INI settings, read-only after startup unless their entry says otherwise. */
typedef struct {
	/** bench.mode */
	zend_long mode;
	/** bench.count_ops: count VM opcodes through user opcode handlers (MINIT) */
	bool count_ops;
	/** bench.count_allocs: count allocations from the start of every request */
	bool count_allocs;
	/** bench.track_live: profile mode tracks each allocation's owner until it is freed (src/alloc/live.h) */
	bool track_live;
	/** bench.callgrind_phases: dump callgrind's counts at the end of each measure phase */
	bool callgrind_phases;
	/** bench.owners: which functions own cost in profile mode (parsed in MINIT) */
	char *owners;
	/** bench.output_dir: where profiles go; empty: the system's temporary directory */
	char *output_dir;
	/** bench.output_format: a bench_format */
	zend_long output_format;
	/** bench.compress: a bench_compress (auto: by format) */
	zend_long compress;
	/** bench.folded_lines: folded stacks name each frame's line too ("work:12"), a path per line */
	bool folded_lines;
	/** bench.trace_min_us: with bench.output_format=trace, shorter calls fold into their caller's span */
	zend_long trace_min_us;
	/** bench.trace_max_events: the most spans a request's trace keeps (the longest) */
	zend_long trace_max_events;
	/** bench.report: print the top owners on stderr at the end of each profiled request (auto: in the CLI) */
	bool report;
	/** bench.max_depth: deeper frames fold into the frame at the cap */
	zend_long max_depth;
	/** bench.max_nodes: past this many call paths, new ones fold into their parent */
	zend_long max_nodes;
	/** bench.start: a bench_start_when */
	zend_long start;
	/** bench.trigger_secret: the value BENCH_TRIGGER must have; empty: any */
	char *trigger_secret;
	/** bench.uri_query: the query parameters a profile's URI keeps (a comma list of names); empty: none */
	char *uri_query;
	/** bench.output_max_mb: the most bench files in bench.output_dir may weigh; 0: no cap; BENCH_OUTPUT_MAX_MB_INVALID */
	zend_long output_max_mb;
	/** bench.sample_interval_us: the ticker's period in sample mode */
	zend_long sample_interval_us;
	/** bench.sample_clock: a bench_sample_clock */
	zend_long sample_clock;
	/** bench.sample_internal_calls: a bench_sample_internal (before PHP 8.4) */
	zend_long sample_internal_calls;
	/** bench.sample_requests: the fraction of requests sampled */
	double sample_requests;
	/** bench.alloc_sample_bytes: mean bytes between sampled allocations; 0: none */
	zend_long alloc_sample_bytes;
	/** bench.alloc_sample_requests: the fraction of sampled requests whose allocations are sampled too */
	double alloc_sample_requests;
	/** bench.native_stacks: sampled allocations also keep their native stack */
	bool native_stacks;
	/** bench.sample_signal: CPU samples from a timer signal on the PHP thread, with native frames */
	bool sample_signal;
	/** bench.sample_with_jit: time samples even where the JIT loses variables at a VM interrupt (src/sample/jit.h) */
	bool sample_with_jit;
} bench_settings;

/** Per-request state of every feature. */
typedef struct {
	/** counters read when the request started (bench_counters() is relative to it) */
	bench_cost request_start;
	/** whether request_start holds the CPU clock of the request's start, or of the first bench_counters() */
	bool request_start_cpu;
	/** allocation tallies and the state of the allocator hooks */
	bench_alloc_state alloc;
	/** whether the request has ended for bench (after every module's RSHUTDOWN): nothing more is profiled */
	bool request_ended;
	/** the line of the ledger (src/dump/ledger.c) that counts the profile this request owes; NULL: none */
	struct bench_ledger_slot *ledger_line;
	/** the sampled request (src/sample/) */
	bench_sample_request sample;
} bench_globals_t;

ZEND_BEGIN_MODULE_GLOBALS(bench)
	bench_settings settings;
	bench_globals_t globals;
ZEND_END_MODULE_GLOBALS(bench)

ZEND_EXTERN_MODULE_GLOBALS(bench)

#define BENCH_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(bench, globals.v)
#define BENCH_INI(v) ZEND_MODULE_GLOBALS_ACCESSOR(bench, settings.v)

#if defined(ZTS) && defined(COMPILE_DL_BENCH)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

#endif /* PHP_BENCH_H */
