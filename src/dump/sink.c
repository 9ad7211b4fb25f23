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

/* RENAME_NOREPLACE */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "php.h"
#include "sink.h"
#include "usage.h"
#include "src/lib/pid.h"

#ifdef HAVE_BENCH_ZSTD
# include <zstd.h>
#endif
#ifdef HAVE_BENCH_ZLIB
# include <zlib.h>
#endif

#define BENCH_SINK_CHUNK (64 * 1024)

static bool bench_sink_write_all(bench_sink *sink, const char *data, size_t len)
{
	if (sink->allowed && sink->written + len > sink->allowed) {
		sink->error = "it would pass bench.output_max_mb";
		sink->over_budget = true;
		return false;
	}
	while (len > 0) {
		ssize_t n = write(sink->fd, data, len);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			sink->error = strerror(errno);
			return false;
		}
		data += n;
		len -= (size_t) n;
		sink->written += (uint64_t) n;
	}
	return true;
}

/*
 * Kept by each thread that writes (the writer thread; a CLI request, or one
 * with bench.report on, writes in its own thread): fresh ones for every
 * profile would cost more, in new pages, than the profile itself.
 */
static __thread char *bench_sink_chunk;
static __thread size_t bench_sink_chunk_size;

/*
 * A profile that with its frame fits in one file-system block (most sampled
 * requests) is stored in its zstd frame or gzip member as it is: its file
 * takes a block either way, and compressing it took the writer a sixth of its
 * time per profile, its tables cold. Any reader of the format reads it. The
 * header goes in front of the profile in the chunk, for a single write.
 */
#define BENCH_SINK_STORED_MAX 4096

#ifdef HAVE_BENCH_ZSTD
static __thread ZSTD_CCtx *bench_sink_zstd;

static bool bench_sink_compress(bench_sink *sink, const char *data, size_t len, ZSTD_EndDirective mode)
{
	char out[BENCH_SINK_CHUNK];
	ZSTD_inBuffer in = {data, len, 0};
	size_t left;

	do {
		ZSTD_outBuffer o = {out, sizeof(out), 0};
		left = ZSTD_compressStream2(bench_sink_zstd, &o, &in, mode);
		if (ZSTD_isError(left)) {
			sink->error = ZSTD_getErrorName(left);
			return false;
		}
		if (o.pos && !bench_sink_write_all(sink, out, o.pos)) {
			return false;
		}
	} while (mode == ZSTD_e_end ? left != 0 : in.pos < in.size);
	return true;
}

static bool bench_sink_zstd_start(void)
{
	if (!bench_sink_zstd) {
		bench_sink_zstd = ZSTD_createCCtx();
		if (!bench_sink_zstd) {
			return false;
		}
	}
	ZSTD_CCtx_reset(bench_sink_zstd, ZSTD_reset_session_and_parameters);
	/* Level 1 with a 128 KiB window: profiles repeat names close together, and a small context is quick to set up. */
	ZSTD_CCtx_setParameter(bench_sink_zstd, ZSTD_c_compressionLevel, 1);
	ZSTD_CCtx_setParameter(bench_sink_zstd, ZSTD_c_windowLog, 17);
	return true;
}

/* zstd stores a small profile in one raw block (BENCH_SINK_STORED_MAX). */
#define BENCH_SINK_STORED_HEADER_MAX 10

static bool bench_sink_store(bench_sink *sink)
{
	size_t len = sink->buf.len, at = 0;
	unsigned char header[BENCH_SINK_STORED_HEADER_MAX];
	uint32_t block = 1 /* the last block */ | 0 << 1 /* raw */ | (uint32_t) len << 3;

	header[at++] = 0x28, header[at++] = 0xb5, header[at++] = 0x2f, header[at++] = 0xfd;
	/* A single segment: its content size in 1 byte, or in 2 less 256. */
	if (len < 256) {
		header[at++] = 1 << 5;
		header[at++] = (unsigned char) len;
	} else {
		header[at++] = 1 << 6 | 1 << 5;
		header[at++] = (unsigned char) (len - 256);
		header[at++] = (unsigned char) ((len - 256) >> 8);
	}
	header[at++] = (unsigned char) block;
	header[at++] = (unsigned char) (block >> 8);
	header[at++] = (unsigned char) (block >> 16);
	memmove(sink->buf.data + at, sink->buf.data, len);
	memcpy(sink->buf.data, header, at);
	return bench_sink_write_all(sink, sink->buf.data, at + len);
}
#endif

#ifdef HAVE_BENCH_ZLIB
static __thread z_stream bench_sink_gzip;
static __thread bool bench_sink_gzip_ready;

/* Level 1, as zstd's: a profile's names repeat close together, and the writer's time is the pool's. */
static bool bench_sink_gzip_start(void)
{
	if (bench_sink_gzip_ready) {
		return deflateReset(&bench_sink_gzip) == Z_OK;
	}
	memset(&bench_sink_gzip, 0, sizeof(bench_sink_gzip));
	/* A window of 2^15 plus 16: the gzip wrapper (header and CRC), which pprof and gunzip read. */
	bench_sink_gzip_ready = deflateInit2(&bench_sink_gzip, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
	return bench_sink_gzip_ready;
}

static bool bench_sink_deflate(bench_sink *sink, const char *data, size_t len, int flush)
{
	char out[BENCH_SINK_CHUNK];
	z_stream *z = &bench_sink_gzip;
	int rc;

	z->next_in = (Bytef *) data;
	z->avail_in = (uInt) len;
	/*
	 * Without Z_FINISH, deflate() has taken all of the input once it leaves
	 * room in the output; with it, the stream ends at Z_STREAM_END.
	 */
	do {
		z->next_out = (Bytef *) out;
		z->avail_out = sizeof(out);
		rc = deflate(z, flush);
		if (rc == Z_STREAM_ERROR) {
			sink->error = "zlib stream error";
			return false;
		}
		size_t produced = sizeof(out) - z->avail_out;
		if (produced && !bench_sink_write_all(sink, out, produced)) {
			return false;
		}
	} while (flush == Z_FINISH ? rc != Z_STREAM_END : z->avail_out == 0);
	return true;
}

/* gzip stores a small profile (BENCH_SINK_STORED_MAX) in one stored deflate block, with its CRC. */
#define BENCH_SINK_GZIP_HEADER 15
#define BENCH_SINK_GZIP_TRAILER 8

static bool bench_sink_gzip_store(bench_sink *sink)
{
	size_t len = sink->buf.len;
	uint32_t crc = (uint32_t) crc32(crc32(0, Z_NULL, 0), (const Bytef *) sink->buf.data, (uInt) len);
	/* gzip: magic, deflate, no flags, no time, no extra flags, Unix; then a final stored block and its length. */
	unsigned char header[BENCH_SINK_GZIP_HEADER] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1,
		(unsigned char) len, (unsigned char) (len >> 8), (unsigned char) ~len, (unsigned char) (~len >> 8)};
	unsigned char *trailer = (unsigned char *) sink->buf.data + BENCH_SINK_GZIP_HEADER + len;

	memmove(sink->buf.data + BENCH_SINK_GZIP_HEADER, sink->buf.data, len);
	memcpy(sink->buf.data, header, BENCH_SINK_GZIP_HEADER);
	for (int i = 0; i < 4; i++) {
		trailer[i] = (unsigned char) (crc >> (8 * i));
		trailer[4 + i] = (unsigned char) (len >> (8 * i));
	}
	return bench_sink_write_all(sink, sink->buf.data, BENCH_SINK_GZIP_HEADER + len + BENCH_SINK_GZIP_TRAILER);
}
#endif

static bool bench_sink_drain(bench_buf *b, void *ctx)
{
	bench_sink *sink = ctx;
	bool ok;

	if (sink->error) {
		return false;
	}
	sink->drained = true;
	switch (sink->compress) {
#ifdef HAVE_BENCH_ZSTD
		case BENCH_COMPRESS_ZSTD:
			ok = bench_sink_compress(sink, b->data, b->len, ZSTD_e_continue);
			break;
#endif
#ifdef HAVE_BENCH_ZLIB
		case BENCH_COMPRESS_GZIP:
			ok = bench_sink_deflate(sink, b->data, b->len, Z_NO_FLUSH);
			break;
#endif
		default:
			ok = bench_sink_write_all(sink, b->data, b->len);
			break;
	}
	return ok;
}

/*
 * Profiles are numbered in each process. A directory shared by containers may
 * hold another process's files under the same pid and second: a name taken
 * (its temporary one on opening, its final one on renaming) moves on to the
 * next number rather than failing or (where the system can refuse to)
 * replacing that file.
 */
static unsigned bench_sink_seq;
#ifndef RENAME_NOREPLACE
# define RENAME_NOREPLACE (1 << 0) /* the kernel's, where libc does not name it */
#endif
#define BENCH_SINK_NAME_TRIES 16

/* The file name's suffix per compression, as gzip and zstd name their files. */
static const char *const bench_sink_suffixes[] = {
	[BENCH_COMPRESS_NONE] = "", [BENCH_COMPRESS_ZSTD] = ".zst", [BENCH_COMPRESS_GZIP] = ".gz", [BENCH_COMPRESS_AUTO] = "",
};

/* The directory was checked to fit (bench_sink_dir_fits()): a name cut short here would be another file's. */
static void bench_sink_name(bench_sink *sink)
{
	unsigned seq = __atomic_add_fetch(&bench_sink_seq, 1, __ATOMIC_RELAXED);
	int len = snprintf(sink->path, sizeof(sink->path), "%s/bench.%s.%ld.%u.%s%s", sink->dir, sink->stamp, (long) bench_pid(),
		seq, sink->extension, bench_sink_suffixes[sink->compress]);

	ZEND_ASSERT(len > 0 && (size_t) len + sizeof(".tmp") <= sizeof(sink->path));
	(void) len;
}

/*
 * Renames the file to its final name, never over another file where the
 * system can refuse to (renameat2's RENAME_NOREPLACE, made as a system call:
 * glibc has the wrapper only from 2.28). Where it cannot (some network file
 * systems, an old kernel, a seccomp filter that knows no renameat2), as
 * rename() does.
 */
static bool bench_sink_publish(bench_sink *sink)
{
	for (int tries = 0; tries < BENCH_SINK_NAME_TRIES; tries++) {
		if (tries > 0) {
			bench_sink_name(sink);
		}
		long done = -1;
#ifdef SYS_renameat2
		done = syscall(SYS_renameat2, AT_FDCWD, sink->tmp, AT_FDCWD, sink->path, RENAME_NOREPLACE);
		if (done != 0 && (errno == EINVAL || errno == ENOSYS || errno == EPERM)) {
			done = rename(sink->tmp, sink->path);
		}
#else
		done = rename(sink->tmp, sink->path);
#endif
		if (done == 0) {
			return true;
		}
		if (errno != EEXIST) {
			break;
		}
	}
	sink->error = strerror(errno);
	return false;
}

/*
 * A profile is written to a file without a name (O_TMPFILE) and linked in
 * under its final name once complete: no reader sees it half written, and a
 * process killed meanwhile leaves nothing behind. A temporary name and a
 * rename cost the directory three changes where a link costs one (62 to 69
 * against 44 to 51 us a file on a journaled ext4 filling up with files,
 * benchmarks/vm_costs; the same on tmpfs). Where the
 * file system has no such files, or one cannot be linked (the profile at
 * hand is then copied), the process goes on with a temporary name and a
 * rename.
 */
static bool bench_sink_named_only;

static int bench_sink_open_unnamed(const char *dir)
{
#ifdef O_TMPFILE
	if (!__atomic_load_n(&bench_sink_named_only, __ATOMIC_RELAXED)) {
		int fd = open(dir, O_RDWR | O_TMPFILE | O_CLOEXEC, 0600);
		if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) {
			return fd;
		}
		__atomic_store_n(&bench_sink_named_only, true, __ATOMIC_RELAXED);
	}
#else
	(void) dir;
#endif
	errno = EOPNOTSUPP;
	return -1;
}

/*
 * Where the kernel refuses to link a descriptor itself (before Linux 6.10,
 * without CAP_DAC_READ_SEARCH, and from 6.10 once the thread's credentials
 * changed since the open: ENOENT; a sandbox may answer otherwise), the file
 * is linked through /proc/self/fd, whose path walk costs 2 to 5 us more a file
 * (benchmarks/vm_costs), and the process does so from then on.
 */
static bool bench_sink_link_by_proc;

/* Links the unnamed file in under its final name, never over another file; false with errno set. */
static bool bench_sink_link(bench_sink *sink)
{
	char self[64];

	snprintf(self, sizeof(self), "/proc/self/fd/%d", sink->fd);
	for (int tries = 0; tries < BENCH_SINK_NAME_TRIES; tries++) {
		if (tries > 0) {
			bench_sink_name(sink);
		}
		bool by_proc = __atomic_load_n(&bench_sink_link_by_proc, __ATOMIC_RELAXED);
		if (!by_proc) {
			if (linkat(sink->fd, "", AT_FDCWD, sink->path, AT_EMPTY_PATH) == 0) {
				return true;
			}
			if (errno == EEXIST) {
				continue;
			}
		}
		/* Without /proc (a chroot) or where links are refused, this fails too: the profile is then copied. */
		if (linkat(AT_FDCWD, self, AT_FDCWD, sink->path, AT_SYMLINK_FOLLOW) == 0) {
			if (!by_proc) {
				__atomic_store_n(&bench_sink_link_by_proc, true, __ATOMIC_RELAXED);
			}
			return true;
		}
		if (errno != EEXIST) {
			return false;
		}
	}
	return false;
}

/* Opens the file under a temporary name, taking the next number while a name is taken. */
static int bench_sink_open_named(bench_sink *sink, bool named_already)
{
	int fd = -1;

	for (int tries = 0; fd < 0 && tries < BENCH_SINK_NAME_TRIES; tries++) {
		if (tries > 0 || !named_already) {
			bench_sink_name(sink);
		}
		snprintf(sink->tmp, sizeof(sink->tmp), "%s.tmp", sink->path);
		fd = open(sink->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST) {
			break;
		}
	}
	return fd;
}

/*
 * The unnamed file could not be linked: its bytes go to a file under a
 * temporary name, which is renamed. Where linking is refused (a seccomp
 * filter, a security module) or impossible (no /proc, on an older kernel),
 * the process writes named files from then on; other failures (a full disk)
 * cost this profile a copy only.
 */
static bool bench_sink_copy_named(bench_sink *sink, int link_errno)
{
	int from = sink->fd;
	uint64_t written = sink->written;
	char block[8192];
	off_t at = 0;
	ssize_t n;

	sink->fd = bench_sink_open_named(sink, true);
	if (sink->fd < 0) {
		sink->fd = from;
		return false;
	}
	/* The directory takes files: the link is what failed, and would again. */
	if (link_errno == EPERM || link_errno == EACCES || link_errno == ENOENT) {
		__atomic_store_n(&bench_sink_named_only, true, __ATOMIC_RELAXED);
	}
	sink->unnamed = false;
	/* The bytes were counted against the budget once, as they were written. */
	sink->allowed = 0;
	while ((n = pread(from, block, sizeof(block), at)) != 0) {
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0) {
			sink->error = strerror(errno);
		}
		if (n < 0 || !bench_sink_write_all(sink, block, (size_t) n)) {
			close(from);
			return false;
		}
		at += n;
	}
	close(from);
	sink->written = written;
	return true;
}

/* The compression this sink can use: a codec this build lacks, or whose context cannot be made, writes plain. */
static bench_compress bench_sink_codec(bench_compress compress)
{
	switch (compress) {
#ifdef HAVE_BENCH_ZSTD
		case BENCH_COMPRESS_ZSTD:
			return bench_sink_zstd_start() ? compress : BENCH_COMPRESS_NONE;
#endif
#ifdef HAVE_BENCH_ZLIB
		case BENCH_COMPRESS_GZIP:
			return bench_sink_gzip_start() ? compress : BENCH_COMPRESS_NONE;
#endif
		default:
			return BENCH_COMPRESS_NONE;
	}
}

bool bench_sink_open(bench_sink *sink, const char *dir, const char *extension, bench_compress compress, uint64_t allowed)
{
	time_t now = time(NULL);
	struct tm tm;

	memset(sink, 0, sizeof(*sink));
	sink->fd = -1;
	sink->allowed = allowed;
	if (!bench_sink_dir_fits(dir)) {
		sink->error = "the directory's path is too long for a profile's file name";
		return false;
	}
	sink->compress = bench_sink_codec(compress);
	sink->dir = dir;
	sink->extension = extension;
	gmtime_r(&now, &tm);
	strftime(sink->stamp, sizeof(sink->stamp), "%Y%m%dT%H%M%SZ", &tm);
	sink->fd = bench_sink_open_unnamed(dir);
	if (sink->fd >= 0) {
		sink->unnamed = true;
		/* Named now, so that a failure can say which profile it lost. */
		bench_sink_name(sink);
	} else {
		sink->fd = bench_sink_open_named(sink, false);
	}
	if (sink->fd < 0) {
		sink->error = strerror(errno);
		return false;
	}
	if (!bench_sink_chunk) {
		bench_sink_chunk = malloc(BENCH_SINK_CHUNK);
		bench_sink_chunk_size = BENCH_SINK_CHUNK;
	}
	/* The sink holds the chunk until it closes. */
	sink->buf.data = bench_sink_chunk;
	sink->buf.cap = bench_sink_chunk_size;
	bench_sink_chunk = NULL;
	if (!sink->buf.data) {
		sink->error = "out of memory";
		close(sink->fd);
		if (!sink->unnamed) {
			unlink(sink->tmp);
		}
		return false;
	}
	sink->buf.drain = bench_sink_drain;
	sink->buf.ctx = sink;
	return true;
}

/* Writes what the buffer holds and ends the compressed stream. */
static bool bench_sink_finish(bench_sink *sink)
{
	switch (sink->compress) {
#ifdef HAVE_BENCH_ZSTD
		case BENCH_COMPRESS_ZSTD:
			/*
			 * A profile that fits in one chunk is compressed knowing its size: zstd
			 * then sizes its tables to it, not to the window.
			 */
			if (sink->drained) {
				return bench_sink_compress(sink, sink->buf.data, sink->buf.len, ZSTD_e_end);
			}
			if (sink->buf.len + BENCH_SINK_STORED_HEADER_MAX <= MIN(BENCH_SINK_STORED_MAX, sink->buf.cap)) {
				return bench_sink_store(sink);
			}
			ZSTD_CCtx_setPledgedSrcSize(bench_sink_zstd, sink->buf.len);
			return bench_sink_compress(sink, sink->buf.data, sink->buf.len, ZSTD_e_end);
#endif
#ifdef HAVE_BENCH_ZLIB
		case BENCH_COMPRESS_GZIP:
			if (!sink->drained && sink->buf.len + BENCH_SINK_GZIP_HEADER + BENCH_SINK_GZIP_TRAILER
					<= MIN(BENCH_SINK_STORED_MAX, sink->buf.cap)) {
				return bench_sink_gzip_store(sink);
			}
			return bench_sink_deflate(sink, sink->buf.data, sink->buf.len, Z_FINISH);
#endif
		default:
			return bench_sink_write_all(sink, sink->buf.data, sink->buf.len);
	}
}

bool bench_sink_close(bench_sink *sink)
{
	bool ok = !sink->buf.failed && !sink->error;

	if (ok) {
		ok = bench_sink_finish(sink);
	}
	if (!sink->error && sink->buf.failed) {
		sink->error = "out of memory";
	}
	if (ok && sink->unnamed && !bench_sink_link(sink)) {
		if (errno == EEXIST) {
			sink->error = strerror(errno);
			ok = false;
		} else if (!bench_sink_copy_named(sink, errno)) {
			if (!sink->error) {
				sink->error = strerror(errno);
			}
			ok = false;
		}
	}
	struct stat st;
	if (ok && fstat(sink->fd, &st) == 0) {
		sink->disk_bytes = bench_usage_disk_bytes(&st);
	}
	if (close(sink->fd) != 0 && ok) {
		sink->error = strerror(errno);
		ok = false;
		/*
		 * Linked already (a reader may have opened it meanwhile; local file
		 * systems, the only ones with unnamed files, hardly fail here): a file
		 * whose last bytes may be missing is not left under a profile's name.
		 */
		if (sink->unnamed) {
			unlink(sink->path);
		}
	}
	if (ok && !sink->unnamed && !bench_sink_publish(sink)) {
		ok = false;
	}
	if (!ok && !sink->unnamed) {
		unlink(sink->tmp);
	}
	/* Back to the thread, as large as a long line may have grown it. */
	bench_sink_chunk = sink->buf.data;
	bench_sink_chunk_size = sink->buf.cap;
	sink->buf.data = NULL;
	return ok;
}

void bench_sink_mshutdown(void)
{
	free(bench_sink_chunk);
	bench_sink_chunk = NULL;
#ifdef HAVE_BENCH_ZSTD
	ZSTD_freeCCtx(bench_sink_zstd);
	bench_sink_zstd = NULL;
#endif
#ifdef HAVE_BENCH_ZLIB
	if (bench_sink_gzip_ready) {
		deflateEnd(&bench_sink_gzip);
		bench_sink_gzip_ready = false;
	}
#endif
}
