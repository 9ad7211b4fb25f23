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
#ifdef __GLIBC__
# include <malloc.h>
#endif
#include "php.h"
#include "php_bench.h"
#include "alloc.h"
#include "live.h"

#define BENCH_ALLOC (&BENCH_G(alloc))

/* Forwarding to Zend MM's own functions passes the caller's file and line on. */
#if PHP_VERSION_ID >= 80400
# define BENCH_MM_FWD_CC BENCH_MM_CC
#else
# define BENCH_MM_FWD_CC ZEND_FILE_LINE_CC ZEND_FILE_LINE_EMPTY_CC
#endif

/*
 * Why we touch Zend MM's private heap: while custom handlers are set, the heap
 * is flagged custom and zend_mm_gc() does nothing, so an allocation near
 * memory_limit would fail where PHP without bench would have freed its cached
 * pages first; _zend_mm_block_size() also answers 0. zend_mm_heap is opaque,
 * but its first member is the int use_custom_heap (ZEND_MM_CUSTOM is always
 * compiled in). Clearing it for the length of the forwarded call lets Zend MM
 * behave exactly as it would without us. bench_alloc_install() checks that the
 * member really is where we expect before using this.
 */
static zend_always_inline int *bench_alloc_custom_flag(zend_mm_heap *heap)
{
	return (int *) heap;
}

#define BENCH_ALLOC_FLAG_OFF(s) do { \
		if ((s)->flip_flag) *bench_alloc_custom_flag((s)->heap) = ZEND_MM_CUSTOM_HEAP_NONE; \
	} while (0)
#define BENCH_ALLOC_FLAG_ON(s) do { \
		if ((s)->flip_flag) *bench_alloc_custom_flag((s)->heap) = ZEND_MM_CUSTOM_HEAP_STD; \
	} while (0)

/* Size of a block about to be freed, as the allocator below us sees it. */
static zend_always_inline size_t bench_alloc_block_size(bench_alloc_state *s, void *ptr)
{
	if (!s->freed_size_known) {
		return 0;
	}
	if (s->prev_free) {
#ifdef __GLIBC__
		/* Only reached when the allocator below is libc's (USE_ZEND_ALLOC=0). */
		return malloc_usable_size(ptr);
#else
		return 0;
#endif
	}
	return zend_mm_block_size(s->heap, ptr);
}

/* Zend MM's usage only grows on allocation: the peak is checked there. */
static zend_always_inline void bench_alloc_note_peak(bench_alloc_state *s)
{
	if (s->track_peak) {
		size_t usage = zend_memory_usage(false);

		if (usage > s->peak) {
			s->peak = usage;
		}
	}
}

/* An allocation passed on to Zend MM, with the heap's custom flag cleared for it (see above). */
static zend_always_inline void *bench_alloc_zend_mm_malloc(bench_alloc_state *s, size_t size BENCH_MM_DC)
{
	void *ptr;

	BENCH_ALLOC_FLAG_OFF(s);
	ptr = _zend_mm_alloc(s->heap, size BENCH_MM_FWD_CC);
	BENCH_ALLOC_FLAG_ON(s);
	return ptr;
}

static zend_always_inline void *bench_alloc_zend_mm_realloc(bench_alloc_state *s, void *ptr, size_t size BENCH_MM_DC)
{
	void *new_ptr;

	BENCH_ALLOC_FLAG_OFF(s);
	new_ptr = _zend_mm_realloc(s->heap, ptr, size BENCH_MM_FWD_CC);
	BENCH_ALLOC_FLAG_ON(s);
	return new_ptr;
}

/* An allocation passed on to the allocator below us. */
static zend_always_inline void *bench_alloc_forward_malloc(bench_alloc_state *s, size_t size BENCH_MM_DC)
{
	if (s->prev_malloc) {
		return s->prev_malloc(size BENCH_MM_CC);
	}
	return bench_alloc_zend_mm_malloc(s, size BENCH_MM_CC);
}

/*
 * GCC's straight-line vectorizer packs each pair of adjacent counter updates
 * (the tally's, then the owner's) into SSE loads, shuffles and stores: some
 * ten instructions an allocation where plain adds take five.
 */
#if defined(__GNUC__) && !defined(__clang__)
# define BENCH_ALLOC_HANDLER __attribute__((optimize("no-tree-slp-vectorize")))
#else
# define BENCH_ALLOC_HANDLER
#endif

/* A free (of a block of size bytes) in the tallies and in the owner's costs. */
static zend_always_inline void bench_alloc_count_free(bench_alloc_state *s, size_t size)
{
	int64_t *owner = s->owner;

	s->tally.frees++;
	s->tally.freed_bytes += size;
	owner[BENCH_COUNTER_FREES]++;
	owner[BENCH_COUNTER_FREED_BYTES] += (int64_t) size;
}

/*
 * The full handlers. flip_flag is set only when Zend MM itself lies below us
 * and knows block sizes (bench_alloc_install()): that common case is tested
 * once, and takes the straight path.
 */
BENCH_ALLOC_HANDLER static void *bench_alloc_malloc(size_t size BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;
	void *ptr;

	/* Counted first: the tallies need nothing from the call, and so keep nothing across it. */
	s->tally.allocs++;
	s->tally.alloc_bytes += size;
	s->owner[BENCH_COUNTER_ALLOCS]++;
	s->owner[BENCH_COUNTER_ALLOC_BYTES] += (int64_t) size;
	if (EXPECTED(s->flip_flag)) {
		*bench_alloc_custom_flag(s->heap) = ZEND_MM_CUSTOM_HEAP_NONE;
		ptr = _zend_mm_alloc(s->heap, size BENCH_MM_FWD_CC);
		*bench_alloc_custom_flag(s->heap) = ZEND_MM_CUSTOM_HEAP_STD;
	} else {
		ptr = bench_alloc_forward_malloc(s, size BENCH_MM_CC);
	}
	bench_alloc_note_peak(s);
	if (UNEXPECTED(s->sampler) && (s->sample_left -= (int64_t) size) <= 0) {
		s->sampler(ptr, size);
	}
	return ptr;
}

BENCH_ALLOC_HANDLER static void bench_alloc_free(void *ptr BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (UNEXPECTED(ptr == NULL)) {
		return;
	}
	if (EXPECTED(s->flip_flag)) {
		zend_mm_heap *heap = s->heap;

		*bench_alloc_custom_flag(heap) = ZEND_MM_CUSTOM_HEAP_NONE;
		bench_alloc_count_free(s, zend_mm_block_size(heap, ptr));
		_zend_mm_free(heap, ptr BENCH_MM_FWD_CC);
		*bench_alloc_custom_flag(heap) = ZEND_MM_CUSTOM_HEAP_STD;
	} else if (s->prev_free) {
		bench_alloc_count_free(s, bench_alloc_block_size(s, ptr));
		s->prev_free(ptr BENCH_MM_CC);
	} else {
		BENCH_ALLOC_FLAG_OFF(s);
		bench_alloc_count_free(s, bench_alloc_block_size(s, ptr));
		_zend_mm_free(s->heap, ptr BENCH_MM_FWD_CC);
		BENCH_ALLOC_FLAG_ON(s);
	}
}

/* A realloc counts as one allocation of the new size and, when it had a block, one free. */
BENCH_ALLOC_HANDLER static void *bench_alloc_realloc(void *ptr, size_t size BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;
	size_t old_size = 0;
	void *new_ptr;

	if (s->prev_realloc) {
		if (ptr) {
			old_size = bench_alloc_block_size(s, ptr);
		}
		new_ptr = s->prev_realloc(ptr, size BENCH_MM_CC);
	} else {
		BENCH_ALLOC_FLAG_OFF(s);
		if (ptr) {
			old_size = bench_alloc_block_size(s, ptr);
		}
		new_ptr = _zend_mm_realloc(s->heap, ptr, size BENCH_MM_FWD_CC);
		BENCH_ALLOC_FLAG_ON(s);
	}
	s->tally.allocs++;
	s->tally.alloc_bytes += size;
	s->owner[BENCH_COUNTER_ALLOCS]++;
	s->owner[BENCH_COUNTER_ALLOC_BYTES] += (int64_t) size;
	if (ptr) {
		s->tally.frees++;
		s->tally.freed_bytes += old_size;
		s->owner[BENCH_COUNTER_FREES]++;
		s->owner[BENCH_COUNTER_FREED_BYTES] += (int64_t) old_size;
	}
	bench_alloc_note_peak(s);
	if (UNEXPECTED(s->sampler) && (s->sample_left -= (int64_t) size) <= 0 && new_ptr) {
		s->sampler(new_ptr, size);
	}
	return new_ptr;
}

/*
 * Sample mode alone needs neither tallies nor block sizes: these handlers
 * count the bytes down to the next sample and forward; the rare allocation
 * that ends a gap is sampled once its block is there, while the others'
 * forwarding ends the call. A free looks for its block among the sampled
 * ones only when one may start in its page (src/alloc/live.h). Every
 * allocation of a picked request runs them (benchmarks/request_cost), so
 * they come in two sets, chosen at install, rather than test what lies below
 * at each call. Only a call that may reach zend_mm_gc() clears the custom flag:
 * freeing never does, and from 8.4 zend_mm_gc() comes to bench_alloc_gc()
 * instead (unless another extension sets handlers over ours without a
 * collector: then Zend MM collects nothing, as with that extension alone).
 * The full handlers above take over while something counts (a measurement,
 * bench.count_allocs).
 */

/* Zend MM below us. */
static zend_always_inline void *bench_alloc_sample_zend_mm_malloc(bench_alloc_state *s, size_t size BENCH_MM_DC)
{
#if PHP_VERSION_ID >= 80400
	return _zend_mm_alloc(s->heap, size BENCH_MM_FWD_CC);
#else
	return bench_alloc_zend_mm_malloc(s, size BENCH_MM_CC);
#endif
}

static zend_always_inline void *bench_alloc_sample_zend_mm_realloc(bench_alloc_state *s, void *ptr, size_t size BENCH_MM_DC)
{
#if PHP_VERSION_ID >= 80400
	return _zend_mm_realloc(s->heap, ptr, size BENCH_MM_FWD_CC);
#else
	return bench_alloc_zend_mm_realloc(s, ptr, size BENCH_MM_CC);
#endif
}

static void *bench_alloc_sample_malloc(size_t size BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (UNEXPECTED((s->sample_left -= (int64_t) size) <= 0)) {
		void *ptr = bench_alloc_sample_zend_mm_malloc(s, size BENCH_MM_CC);
		s->sampler(ptr, size);
		return ptr;
	}
	return bench_alloc_sample_zend_mm_malloc(s, size BENCH_MM_CC);
}

/* Apart, so that the common free keeps no frame and ends in a jump. */
static zend_never_inline void bench_alloc_sample_free_near(void *ptr BENCH_MM_DC)
{
	bench_live_sampled_drop(ptr);
	_zend_mm_free(BENCH_ALLOC->heap, ptr BENCH_MM_FWD_CC);
}

static void bench_alloc_sample_free(void *ptr BENCH_MM_DC)
{
	if (UNEXPECTED(bench_live_sampled_near(ptr))) {
		bench_alloc_sample_free_near(ptr BENCH_MM_CC);
	} else {
		_zend_mm_free(BENCH_ALLOC->heap, ptr BENCH_MM_FWD_CC);
	}
}

static void *bench_alloc_sample_realloc(void *ptr, size_t size BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;

	bench_live_sampled_free(ptr);
	if (UNEXPECTED((s->sample_left -= (int64_t) size) <= 0)) {
		void *new_ptr = bench_alloc_sample_zend_mm_realloc(s, ptr, size BENCH_MM_CC);
		s->sampler(new_ptr, size);
		return new_ptr;
	}
	return bench_alloc_sample_zend_mm_realloc(s, ptr, size BENCH_MM_CC);
}

/* Another extension's handlers, or libc's (USE_ZEND_ALLOC=0), below us. */
static void *bench_alloc_sample_malloc_chained(size_t size BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (UNEXPECTED((s->sample_left -= (int64_t) size) <= 0)) {
		void *ptr = s->prev_malloc(size BENCH_MM_CC);
		s->sampler(ptr, size);
		return ptr;
	}
	return s->prev_malloc(size BENCH_MM_CC);
}

static zend_never_inline void bench_alloc_sample_free_chained_near(void *ptr BENCH_MM_DC)
{
	bench_live_sampled_drop(ptr);
	BENCH_ALLOC->prev_free(ptr BENCH_MM_CC);
}

static void bench_alloc_sample_free_chained(void *ptr BENCH_MM_DC)
{
	if (UNEXPECTED(bench_live_sampled_near(ptr))) {
		bench_alloc_sample_free_chained_near(ptr BENCH_MM_CC);
	} else {
		BENCH_ALLOC->prev_free(ptr BENCH_MM_CC);
	}
}

static void *bench_alloc_sample_realloc_chained(void *ptr, size_t size BENCH_MM_DC)
{
	bench_alloc_state *s = BENCH_ALLOC;

	bench_live_sampled_free(ptr);
	if (UNEXPECTED((s->sample_left -= (int64_t) size) <= 0)) {
		void *new_ptr = s->prev_realloc(ptr, size BENCH_MM_CC);
		if (new_ptr) {
			s->sampler(new_ptr, size);
		}
		return new_ptr;
	}
	return s->prev_realloc(ptr, size BENCH_MM_CC);
}

static bool bench_alloc_is_sample_set(bench_mm_malloc_fn fn)
{
	return fn == bench_alloc_sample_malloc || fn == bench_alloc_sample_malloc_chained;
}

/* The full handlers in sample mode (a measurement in a sampled request): a free may be of a sampled block. */
static void bench_alloc_sampled_free(void *ptr BENCH_MM_DC)
{
	bench_live_sampled_free(ptr);
	bench_alloc_free(ptr BENCH_MM_CC);
}

static void *bench_alloc_sampled_realloc(void *ptr, size_t size BENCH_MM_DC)
{
	bench_live_sampled_free(ptr);
	return bench_alloc_realloc(ptr, size BENCH_MM_CC);
}

/* The set that counts: the full handlers, or the live set over them (bench.track_live). */
static bool bench_alloc_is_full_set(bench_mm_malloc_fn fn)
{
	return fn == bench_alloc_malloc || fn == bench_live_malloc;
}

const bench_alloc_handlers bench_alloc_full_handlers = {bench_alloc_malloc, bench_alloc_free, bench_alloc_realloc};

#if PHP_VERSION_ID >= 80400
/*
 * gc_mem_caches() and friends, and an allocation near memory_limit, reach Zend
 * MM's collector through us on 8.4+. Without the flag cleared it would only call us again.
 */
static size_t bench_alloc_gc(void)
{
	bench_alloc_state *s = BENCH_ALLOC;
	size_t collected;

	if (!s->flip_flag) {
		return 0;
	}
	BENCH_ALLOC_FLAG_OFF(s);
	collected = zend_mm_gc(s->heap);
	BENCH_ALLOC_FLAG_ON(s);
	return collected;
}
#endif

static void bench_alloc_set_handlers(zend_mm_heap *heap, bench_mm_malloc_fn m, bench_mm_free_fn f,
		bench_mm_realloc_fn r, bench_alloc_state *s, bool ours)
{
#if PHP_VERSION_ID >= 80400
	bench_mm_gc_fn gc = s->prev_gc;
	bench_mm_shutdown_fn shutdown = s->prev_shutdown;

	if (ours && !s->prev_malloc) {
		gc = bench_alloc_gc;
	}
	zend_mm_set_custom_handlers_ex(heap, m, f, r, gc, shutdown);
#else
	(void) s;
	(void) ours;
	zend_mm_set_custom_handlers(heap, m, f, r);
#endif
}

/* The malloc handler on top of the heap: tells which of our sets is on, or someone else's over ours. */
static bench_mm_malloc_fn bench_alloc_top(bench_alloc_state *s)
{
	bench_mm_malloc_fn cur_malloc;
	bench_mm_free_fn cur_free;
	bench_mm_realloc_fn cur_realloc;

	zend_mm_get_custom_handlers(s->heap, &cur_malloc, &cur_free, &cur_realloc);
	return cur_malloc;
}

static void bench_alloc_set_ours(bench_alloc_state *s, bool full)
{
	/* Chosen here, not per call: profile mode without bench.track_live counts at the cost it did. */
	if (full && BENCH_INI(track_live) && BENCH_INI(mode) == BENCH_MODE_PROFILE) {
		bench_alloc_set_handlers(s->heap, bench_live_malloc, bench_live_free, bench_live_realloc, s, true);
	} else if (full && BENCH_INI(mode) == BENCH_MODE_SAMPLE) {
		bench_alloc_set_handlers(s->heap, bench_alloc_malloc, bench_alloc_sampled_free, bench_alloc_sampled_realloc, s, true);
	} else if (full) {
		bench_alloc_set_handlers(s->heap, bench_alloc_malloc, bench_alloc_free, bench_alloc_realloc, s, true);
	} else if (s->prev_malloc) {
		bench_alloc_set_handlers(s->heap, bench_alloc_sample_malloc_chained, bench_alloc_sample_free_chained,
			bench_alloc_sample_realloc_chained, s, true);
	} else {
		bench_alloc_set_handlers(s->heap, bench_alloc_sample_malloc, bench_alloc_sample_free, bench_alloc_sample_realloc, s, true);
	}
}

static void bench_alloc_install(bench_alloc_state *s, bool full)
{
	zend_mm_heap *heap = zend_mm_get_heap();

	s->heap = heap;
	s->prev_malloc = NULL;
	s->prev_free = NULL;
	s->prev_realloc = NULL;
#if PHP_VERSION_ID >= 80400
	s->prev_gc = NULL;
	s->prev_shutdown = NULL;
#endif
	if (zend_mm_is_custom_heap(heap)) {
		/* Another extension's handlers, or the system allocator (USE_ZEND_ALLOC=0): chain them. */
#if PHP_VERSION_ID >= 80400
		zend_mm_get_custom_handlers_ex(heap, &s->prev_malloc, &s->prev_free, &s->prev_realloc,
			&s->prev_gc, &s->prev_shutdown);
#else
		zend_mm_get_custom_handlers(heap, &s->prev_malloc, &s->prev_free, &s->prev_realloc);
#endif
	}
	/* Block sizes are known from Zend MM, or from libc when it is what lies below. */
#if defined(__GLIBC__) && PHP_VERSION_ID >= 80400
	/* From 8.4, USE_ZEND_ALLOC=0 puts on Zend's wrappers of malloc() and free(). */
	s->freed_size_known = !s->prev_malloc || s->prev_free == __zend_free;
#elif defined(__GLIBC__)
	s->freed_size_known = !s->prev_malloc || s->prev_free == (bench_mm_free_fn) (void (*)(void)) free;
#else
	s->freed_size_known = !s->prev_malloc;
#endif
	s->flip_flag = false;

	bench_alloc_set_ours(s, full);

	/* See bench_alloc_custom_flag(): trust the layout only if the flag moved as expected. */
	if (!s->prev_malloc && *bench_alloc_custom_flag(heap) == ZEND_MM_CUSTOM_HEAP_STD) {
		s->flip_flag = true;
	} else if (!s->prev_malloc) {
		/* Without the flip, Zend MM cannot tell block sizes. */
		s->freed_size_known = false;
	}
	s->installed = true;
}

static void bench_alloc_uninstall(bench_alloc_state *s)
{
	bench_mm_malloc_fn cur_malloc = bench_alloc_top(s);

	if (bench_alloc_is_full_set(cur_malloc) || bench_alloc_is_sample_set(cur_malloc)) {
		bench_alloc_set_handlers(s->heap, s->prev_malloc, s->prev_free, s->prev_realloc, s, false);
		s->installed = false;
	} else if (cur_malloc == NULL) {
		/* A fatal error (memory_limit) left the forwarded call with the flag cleared. */
		s->installed = false;
	}
	/* Otherwise someone set handlers over ours and chains to us: we stay, still forwarding. */
}

void bench_alloc_ginit(bench_alloc_state *s)
{
	s->owner = s->unowned;
}

void bench_alloc_rinit(bool request_wide)
{
	bench_alloc_state *s = BENCH_ALLOC;

	memset(&s->tally, 0, sizeof(s->tally));
	/* Until a profile starts, and whatever the last request left. */
	s->owner = s->unowned;
	s->users = 0;
	s->request_wide = false;
	s->freed_size_known = true;
	s->heap_is_zend_mm = !zend_mm_is_custom_heap(zend_mm_get_heap());
	s->request_over = false;
	s->track_peak = false;
	/* A fatal error inside bench_measure() left its measurement running. */
	s->peaks_running = 0;
	s->sampler = NULL;
	if (request_wide) {
		bench_alloc_count_until_rshutdown();
	}
}

void bench_alloc_rshutdown(void)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (s->installed) {
		bench_alloc_uninstall(s);
	}
	s->users = 0;
	s->request_wide = false;
	s->request_over = true;
	s->track_peak = false;
	s->owner = s->unowned;
	/* Handlers kept in another extension's chain still count down: never to a sample. */
	s->sampler = NULL;
	s->sample_left = INT64_MAX;
}

void bench_alloc_post_deactivate(void)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (s->installed) {
		bench_alloc_uninstall(s);
	}
	s->users = 0;
}

/* Puts on the handlers that the users and the sampler need: full ones while anything counts. */
static void bench_alloc_update(bench_alloc_state *s)
{
	bool full = s->users > 0;

	if (!full && !s->sampler) {
		if (s->installed) {
			bench_alloc_uninstall(s);
		}
	} else if (!s->installed) {
		bench_alloc_install(s, full);
	} else if (full ? bench_alloc_is_sample_set(bench_alloc_top(s)) : bench_alloc_is_full_set(bench_alloc_top(s))) {
		bench_alloc_set_ours(s, full);
	}
	/* Otherwise someone set handlers over ours: the set below them stays (the full one samples too). */
}

void bench_alloc_acquire(void)
{
	bench_alloc_state *s = BENCH_ALLOC;

	s->users++;
	bench_alloc_update(s);
}

void bench_alloc_release(void)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (s->users > 0 && --s->users == 0) {
		bench_alloc_update(s);
	}
}

void bench_alloc_count_until_rshutdown(void)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (!s->request_wide && !s->request_over) {
		s->request_wide = true;
		bench_alloc_acquire();
	}
}

void bench_alloc_sample_until_rshutdown(void (*sampler)(void *ptr, size_t size), int64_t left)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (s->request_over) {
		return;
	}
	s->sample_left = left;
	s->sampler = sampler;
	bench_alloc_update(s);
}

/*
 * peak is the highest usage since the latest begin, which every running
 * measurement has seen: a new one first folds it into the others' own
 * peaks, then starts it anew. So each allocation updates one number, and a
 * measurement's peak is its own with peak, whatever ended meanwhile.
 */
int bench_alloc_peak_begin(void)
{
	bench_alloc_state *s = BENCH_ALLOC;

	if (s->peaks_running == UINT64_MAX) {
		return -1;
	}
	for (uint64_t running = s->peaks_running; running; running &= running - 1) {
		int i = __builtin_ctzll(running);
		s->peaks[i] = MAX(s->peaks[i], s->peak);
	}
	int handle = __builtin_ctzll(~s->peaks_running);
	s->peak = zend_memory_usage(false);
	s->peaks[handle] = s->peak;
	s->peaks_running |= UINT64_C(1) << handle;
	s->track_peak = true;
	return handle;
}

size_t bench_alloc_peak_end(int handle)
{
	bench_alloc_state *s = BENCH_ALLOC;
	size_t peak = MAX(s->peaks[handle], s->peak);

	s->peaks_running &= ~(UINT64_C(1) << handle);
	s->track_peak = s->peaks_running != 0;
	return peak;
}
