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
#include "formats.h"

const bench_dump_format bench_dump_formats[BENCH_FORMAT_COUNT] = {
	[BENCH_FORMAT_CALLGRIND] = {
		.name = "callgrind",
		.extension = "callgrind",
		/* callgrind_annotate and QCachegrind read plain text only. */
		.compress = BENCH_COMPRESS_NONE,
		.write_views = bench_dump_callgrind,
		.open = {
			[BENCH_COMPRESS_NONE] = "kcachegrind %s (or qcachegrind, callgrind_annotate, bench top)",
			[BENCH_COMPRESS_GZIP] = "kcachegrind %s (or bench top; gunzip it for qcachegrind, callgrind_annotate)",
			[BENCH_COMPRESS_ZSTD] = "bench top %s (or zstd -d it for kcachegrind, callgrind_annotate)",
		},
	},
	[BENCH_FORMAT_FOLDED] = {
		.name = "folded",
		.extension = "folded",
		.extension_names_counter = true,
		/* Flame graph tools read plain text only. */
		.compress = BENCH_COMPRESS_NONE,
		.write = bench_dump_folded,
		.open = {
			[BENCH_COMPRESS_NONE] = "flamegraph.pl --countname=%2$s %1$s > flame.svg (or speedscope, bench flame)",
			[BENCH_COMPRESS_GZIP] = "bench flame %s -o flame.svg (or gunzip it for flamegraph.pl, speedscope)",
			[BENCH_COMPRESS_ZSTD] = "bench flame %s -o flame.svg (or zstd -d it for flamegraph.pl, speedscope)",
		},
	},
	[BENCH_FORMAT_JSON] = {
		.name = "json",
		.extension = "json",
		.compress = BENCH_COMPRESS_NONE,
		.write_views = bench_dump_json,
		.open = {
			[BENCH_COMPRESS_NONE] = "bench html %s -o report.html (or bench top)",
			[BENCH_COMPRESS_GZIP] = "bench html %s -o report.html (or bench top)",
			[BENCH_COMPRESS_ZSTD] = "bench html %s -o report.html (or bench top)",
		},
	},
	[BENCH_FORMAT_PPROF] = {
		.name = "pprof",
		.extension = "pb",
		/* pprof's convention: pprof, Go, Pyroscope and Parca read it gzipped. */
		.compress = BENCH_COMPRESS_GZIP,
		.write = bench_dump_pprof,
		.open = {
			[BENCH_COMPRESS_NONE] = "go tool pprof -http=: %s (or pprof, bench top)",
			[BENCH_COMPRESS_GZIP] = "go tool pprof -http=: %s (or pprof, bench top)",
			[BENCH_COMPRESS_ZSTD] = "bench top %s (or zstd -d it for go tool pprof)",
		},
	},
	[BENCH_FORMAT_TRACE] = {
		.name = "trace",
		.extension = "trace.json",
		/* A timeline of one request, not a profile that bench's report reads: speedscope reads it plain only. */
		.compress = BENCH_COMPRESS_NONE,
		.write = bench_dump_trace,
		.open = {
			[BENCH_COMPRESS_NONE] = "speedscope %s (or load it in Perfetto, ui.perfetto.dev, or chrome://tracing)",
			[BENCH_COMPRESS_GZIP] = "load %s in Perfetto, ui.perfetto.dev, or chrome://tracing (gunzip it for speedscope)",
			[BENCH_COMPRESS_ZSTD] = "zstd -d %s, then speedscope, Perfetto (ui.perfetto.dev) or chrome://tracing",
		},
	},
};

const char *bench_dump_format_name(bench_format format)
{
	return bench_dump_formats[format].name;
}
