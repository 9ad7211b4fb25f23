/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_DUMP_SINK_H
#define BENCH_SRC_DUMP_SINK_H

#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "src/lib/buf.h"

#ifndef MAXPATHLEN
# define MAXPATHLEN PATH_MAX
#endif

/** What bench.compress selects; auto is resolved per format before a sink opens. */
typedef enum {
	BENCH_COMPRESS_NONE = 0,
	BENCH_COMPRESS_ZSTD,
	BENCH_COMPRESS_GZIP,
	BENCH_COMPRESS_AUTO,
} bench_compress;

/**
 * A profile file being written: writers append to buf, which drains into the
 * file (through zstd or zlib when compressing) every 64 KiB, so that a dump
 * touches little new memory. The file has no name, or a temporary one, until
 * bench_sink_close().
 */
typedef struct {
	bench_buf buf;
	int fd;
	/** none, zstd or gzip: never auto */
	bench_compress compress;
	/** what the name is made of: the directory and extension are the caller's, kept while the sink is open */
	const char *dir, *extension;
	char stamp[32];
	char path[MAXPATHLEN];
	char tmp[MAXPATHLEN + 8];
	/** whether the file has no name yet (O_TMPFILE); else it is written under tmp */
	bool unnamed;
	/** bytes in the file so far, and what it may reach (0: no limit) */
	uint64_t written, allowed;
	/** what the closed file takes on disk (its blocks), for the budget */
	uint64_t disk_bytes;
	/** why writing failed (NULL while it has not) */
	const char *error;
	bool over_budget;
	/** whether buf was ever drained (else close() has the whole profile) */
	bool drained;
} bench_sink;

/** The most a profile's file name adds to its directory's path ("/bench.", stamp, pid, number, extensions, ".tmp"). */
#define BENCH_SINK_NAME_MAX 96

/** Whether profiles' paths in dir fit in MAXPATHLEN: a longer directory cannot take them. */
static inline bool bench_sink_dir_fits(const char *dir)
{
	return strlen(dir) + BENCH_SINK_NAME_MAX <= MAXPATHLEN;
}

/**
 * Opens bench.<time>.<pid>.<seq>.<extension>[.zst|.gz] in dir for writing, seq
 * numbering this process's profiles; allowed caps the bytes on disk (0: none).
 * A compression this build lacks writes a plain file. False with sink->error set.
 */
bool bench_sink_open(bench_sink *sink, const char *dir, const char *extension, bench_compress compress, uint64_t allowed);

/** Flushes, names the file with its final name and closes it; false (file removed) with sink->error set. */
bool bench_sink_close(bench_sink *sink);

/** Frees what the calling thread kept for writing (its buffer, zstd and zlib contexts). */
void bench_sink_mshutdown(void);

#endif /* BENCH_SRC_DUMP_SINK_H */
