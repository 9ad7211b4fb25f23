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
#include <string.h>
#include "php.h"
#include "zend_gc.h"
#include "php_bench.h"
#include "src/lib/warning.h"
#include "live.h"

/* malloc'd: the tables are bench's memory, never the request's. */
ZEND_TLS bench_live_table bench_live;
TSRM_TLS bench_live_table bench_live_sampled;
TSRM_TLS uint32_t bench_live_sampled_pages[BENCH_LIVE_SAMPLED_PAGES];

static int (*bench_live_prev_gc)(void);

static zend_always_inline size_t bench_live_home(const bench_live_table *t, uintptr_t ptr)
{
	/* Blocks are 8-aligned: the low bits carry nothing. */
	return (size_t) (((uint64_t) (ptr >> 3) * 0x9E3779B97F4A7C15ULL) >> t->shift);
}

/* The slot of ptr, or the empty one where it belongs. */
static zend_always_inline size_t bench_live_slot(const bench_live_table *t, uintptr_t ptr)
{
	size_t mask = t->size - 1, i = bench_live_home(t, ptr);

	while (t->blocks[i].ptr && t->blocks[i].ptr != ptr) {
		i = (i + 1) & mask;
	}
	return i;
}

/* Doubles the table (or makes its first one, of first slots); false when memory ran out. */
static zend_never_inline bool bench_live_grow(bench_live_table *t, size_t first)
{
	size_t size = t->size ? t->size * 2 : first;
	bench_live_block *old = t->blocks, *fresh = calloc(size, sizeof(*fresh));
	size_t old_size = t->size;

	if (!fresh) {
		return false;
	}
	t->blocks = fresh;
	t->size = size;
	t->shift = 64 - __builtin_ctzll((unsigned long long) size);
	for (size_t i = 0; i < old_size; i++) {
		if (old[i].ptr) {
			t->blocks[bench_live_slot(t, old[i].ptr)] = old[i];
		}
	}
	free(old);
	return true;
}

/* The profile that owns new blocks: a running one of profile mode with live tracking; NULL otherwise. */
static zend_always_inline bench_profile_state *bench_live_profile(void)
{
	bench_profile_state *p = bench_profile_get();

	return EXPECTED(p->active && p->live) ? p : NULL;
}

/* Makes room for node in the per-node arrays; false when memory ran out. */
static zend_never_inline bool bench_live_grow_nodes(bench_live_table *t, uint32_t node)
{
	uint32_t size = t->nodes_size ? t->nodes_size : 256;

	while (size <= node) {
		size *= 2;
	}
	int64_t *live = realloc(t->live, size * sizeof(*live));
	if (live) {
		t->live = live;
	}
	int64_t *at_peak = realloc(t->at_peak, size * sizeof(*at_peak));
	if (at_peak) {
		t->at_peak = at_peak;
	}
	uint32_t *dirty = realloc(t->dirty, size * sizeof(*dirty));
	if (dirty) {
		t->dirty = dirty;
	}
	bool *is_dirty = realloc(t->is_dirty, size * sizeof(*is_dirty));
	if (is_dirty) {
		t->is_dirty = is_dirty;
	}
	if (!live || !at_peak || !dirty || !is_dirty) {
		return false;
	}
	memset(live + t->nodes_size, 0, (size - t->nodes_size) * sizeof(*live));
	memset(at_peak + t->nodes_size, 0, (size - t->nodes_size) * sizeof(*at_peak));
	memset(is_dirty + t->nodes_size, 0, (size - t->nodes_size) * sizeof(*is_dirty));
	t->nodes_size = size;
	return true;
}

/* A node's live bytes move by delta; a new highest total takes the dirty nodes' figures. */
static zend_always_inline void bench_live_move(bench_live_table *t, uint32_t node, int64_t delta)
{
	t->live[node] += delta;
	if (!t->is_dirty[node]) {
		t->is_dirty[node] = true;
		t->dirty[t->dirty_used++] = node;
	}
	t->total += delta;
	if (delta > 0 && t->total > t->peak) {
		t->peak = t->total;
		for (uint32_t i = 0; i < t->dirty_used; i++) {
			uint32_t n = t->dirty[i];
			t->at_peak[n] = t->live[n];
			t->is_dirty[n] = false;
		}
		t->dirty_used = 0;
	}
}

/* Takes the block in slot i out (backward-shift deletion). */
static zend_always_inline void bench_live_take_out(bench_live_table *t, size_t i)
{
	size_t mask = t->size - 1;

	t->used--;
	/* Later blocks of the same run move back into the hole unless their home lies after it. */
	for (size_t j = (i + 1) & mask; t->blocks[j].ptr; j = (j + 1) & mask) {
		size_t home = bench_live_home(t, t->blocks[j].ptr);
		bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
		if (!stays) {
			t->blocks[i] = t->blocks[j];
			i = j;
		}
	}
	t->blocks[i].ptr = 0;
}

static zend_always_inline void bench_live_remember(bench_profile_state *p, void *ptr, size_t size)
{
	bench_live_table *t = &bench_live;
	/* The owner's node, from the own costs the profile hooks publish for the allocation handlers (top_own). */
	uint32_t node = (uint32_t) (((const char *) p->top_own - (const char *) p->nodes) / sizeof(*p->nodes));

	ZEND_ASSERT(node < p->nodes_used);

	if ((UNEXPECTED(t->used * 2 >= t->size) && !bench_live_grow(t, 4096))
			|| (UNEXPECTED(node >= t->nodes_size) && !bench_live_grow_nodes(t, node))) {
		t->failed = true;
		return;
	}
	bench_live_block *b = &t->blocks[bench_live_slot(t, (uintptr_t) ptr)];
	/* Taken already: the block's free went by another path. The new one replaces it. */
	if (b->ptr) {
		bench_live_move(t, b->node, -(int64_t) b->size);
	} else {
		t->used++;
	}
	b->ptr = (uintptr_t) ptr;
	b->size = size;
	b->node = node;
	b->in_shutdown = (EG(flags) & EG_FLAGS_IN_SHUTDOWN) != 0;
	b->in_gc = t->in_gc;
	bench_live_move(t, node, (int64_t) size);
}

/* A block is freed (or moved by a realloc): counted where it went, and taken out. */
static zend_always_inline void bench_live_forget(bench_profile_state *p, void *ptr)
{
	bench_live_table *t = &bench_live;

	if (t->used == 0) {
		return;
	}
	size_t i = bench_live_slot(t, (uintptr_t) ptr);
	bench_live_block *b = &t->blocks[i];
	if (!b->ptr) {
		/* Allocated before the profile started. */
		return;
	}
	int64_t *own = p->nodes[b->node].own;
	/* What the collector's run made itself (its stack, a destructor's temporaries) is not what it collected. */
	if (t->in_gc && !b->in_gc) {
		own[BENCH_COUNTER_GC_ALLOCS]++;
		own[BENCH_COUNTER_GC_BYTES] += (int64_t) b->size;
	} else if (!b->in_shutdown && (EG(flags) & EG_FLAGS_IN_SHUTDOWN)) {
		own[BENCH_COUNTER_CLEANUP_ALLOCS]++;
		own[BENCH_COUNTER_CLEANUP_BYTES] += (int64_t) b->size;
	}
	bench_live_move(t, b->node, -(int64_t) b->size);
	bench_live_take_out(t, i);
}

void *bench_live_malloc(size_t size BENCH_MM_DC)
{
	void *ptr = bench_alloc_full_handlers.malloc(size BENCH_MM_CC);
	bench_profile_state *p = bench_live_profile();

	if (p) {
		bench_live_remember(p, ptr, size);
	}
	return ptr;
}

void bench_live_free(void *ptr BENCH_MM_DC)
{
	bench_profile_state *p;

	bench_alloc_full_handlers.free(ptr BENCH_MM_CC);
	if (ptr && (p = bench_live_profile())) {
		bench_live_forget(p, ptr);
	}
}

/* As the tallies count it: a free of the old block, and an allocation of the new size by the owner now. */
void *bench_live_realloc(void *ptr, size_t size BENCH_MM_DC)
{
	void *new_ptr = bench_alloc_full_handlers.realloc(ptr, size BENCH_MM_CC);
	bench_profile_state *p = bench_live_profile();

	if (p) {
		if (ptr) {
			bench_live_forget(p, ptr);
		}
		/* NULL: a failed realloc, or below Zend MM libc's realloc(ptr, 0), which frees. */
		if (new_ptr) {
			bench_live_remember(p, new_ptr, size);
		}
	}
	return new_ptr;
}

/* The engine calls the collector through this pointer, whether its threshold or gc_collect_cycles() starts it. */
static int bench_live_gc(void)
{
	bench_profile_state *p = bench_live_profile();
	int collected;

	if (!p) {
		return bench_live_prev_gc();
	}
	/* A destructor that calls gc_collect_cycles() comes back here: only the outermost call is a run. */
	if (bench_live.in_gc) {
		return bench_live_prev_gc();
	}
	int64_t start = bench_cost_monotonic_ns();
	bench_live.in_gc = true;
	zend_try {
		collected = bench_live_prev_gc();
	} zend_catch {
		/* A fatal error in a destructor: the run ends here, and later frees are no longer the collector's. */
		bench_live.in_gc = false;
		p->gc_runs++;
		p->gc_ns += bench_cost_monotonic_ns() - start;
		zend_bailout();
	} zend_end_try();
	bench_live.in_gc = false;
	p->gc_runs++;
	p->gc_ns += bench_cost_monotonic_ns() - start;
	return collected;
}

void bench_live_minit(void)
{
	bench_live_prev_gc = gc_collect_cycles;
	gc_collect_cycles = bench_live_gc;
}

void bench_live_mshutdown(void)
{
	if (bench_live_prev_gc && gc_collect_cycles == bench_live_gc) {
		gc_collect_cycles = bench_live_prev_gc;
	}
	bench_live_prev_gc = NULL;
	bench_live_thread_free();
}

void bench_live_thread_free(void)
{
	free(bench_live.blocks);
	free(bench_live.live);
	free(bench_live.at_peak);
	free(bench_live.dirty);
	free(bench_live.is_dirty);
	memset(&bench_live, 0, sizeof(bench_live));
	free(bench_live_sampled.blocks);
	memset(&bench_live_sampled, 0, sizeof(bench_live_sampled));
}

static void bench_live_clear(bench_live_table *t)
{
	if (t->used) {
		memset(t->blocks, 0, t->size * sizeof(*t->blocks));
		t->used = 0;
	}
	t->failed = false;
	/* A fatal error in a destructor the collector ran left it set. */
	t->in_gc = false;
	if (t->nodes_size) {
		memset(t->live, 0, t->nodes_size * sizeof(*t->live));
		memset(t->at_peak, 0, t->nodes_size * sizeof(*t->at_peak));
		memset(t->is_dirty, 0, t->nodes_size * sizeof(*t->is_dirty));
	}
	t->dirty_used = 0;
	t->total = 0;
	t->peak = 0;
}

void bench_live_begin(bench_profile_state *p)
{
	p->live = BENCH_INI(track_live);
	p->gc_runs = 0;
	p->gc_ns = 0;
	bench_live_clear(&bench_live);
}

void bench_live_finish(bench_profile_state *p)
{
	bench_live_table *t = &bench_live;

	if (!p->live) {
		return;
	}
	for (size_t i = 0; i < t->size && t->used; i++) {
		bench_live_block *b = &t->blocks[i];
		if (b->ptr) {
			p->nodes[b->node].own[BENCH_COUNTER_LIVE_ALLOCS]++;
			p->nodes[b->node].own[BENCH_COUNTER_LIVE_BYTES] += (int64_t) b->size;
			b->ptr = 0;
			t->used--;
		}
	}
	for (uint32_t n = 0; n < p->nodes_used && n < t->nodes_size; n++) {
		p->nodes[n].own[BENCH_COUNTER_PEAK_BYTES] = t->at_peak[n];
	}
	p->live_incomplete = t->failed;
	bench_live_clear(t);
	for (int c = BENCH_COUNTER_VECTOR_COUNT; c < BENCH_COUNTER_COUNT; c++) {
		p->total.value[c] = 0;
	}
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		for (int c = BENCH_COUNTER_VECTOR_COUNT; c < BENCH_COUNTER_COUNT; c++) {
			p->total.value[c] += p->nodes[n].own[c];
		}
	}
}

/*
 * Sample mode. One sampled block per bench.alloc_sample_bytes on average, so
 * the table stays small; a free probes it only when the per-page counter of
 * live.h says a sampled block may start in its page.
 */
void bench_live_sampled_add(void *ptr, size_t size, uint32_t node)
{
	bench_live_table *t = &bench_live_sampled;

	if (UNEXPECTED(t->used * 2 >= t->size) && !bench_live_grow(t, 256)) {
		t->failed = true;
		return;
	}
	bench_live_block *b = &t->blocks[bench_live_slot(t, (uintptr_t) ptr)];
	if (!b->ptr) {
		t->used++;
		(*bench_live_sampled_page(ptr))++;
	}
	b->ptr = (uintptr_t) ptr;
	b->size = size;
	b->node = node;
}

void bench_live_sampled_drop(void *ptr)
{
	bench_live_table *t = &bench_live_sampled;
	size_t i = bench_live_slot(t, (uintptr_t) ptr);

	if (t->blocks[i].ptr) {
		bench_live_take_out(t, i);
		(*bench_live_sampled_page(ptr))--;
	}
}

void bench_live_sampled_discard(void)
{
	bench_live_table *t = &bench_live_sampled;

	if (t->used) {
		memset(t->blocks, 0, t->size * sizeof(*t->blocks));
		memset(bench_live_sampled_pages, 0, sizeof(bench_live_sampled_pages));
		t->used = 0;
	}
	t->failed = false;
}

void bench_live_sampled_finish(bench_profile_state *p, size_t mean)
{
	bench_live_table *t = &bench_live_sampled;

	for (size_t i = 0; i < t->size && t->used; i++) {
		bench_live_block *b = &t->blocks[i];
		if (b->ptr) {
			int64_t objects, bytes;
			bench_alloc_sample_weights(b->size, mean, &objects, &bytes);
			p->nodes[b->node].own[BENCH_COUNTER_LIVE_ALLOCS] += objects;
			p->nodes[b->node].own[BENCH_COUNTER_LIVE_BYTES] += bytes;
			(*bench_live_sampled_page((void *) b->ptr))--;
			b->ptr = 0;
			t->used--;
		}
	}
	p->live_incomplete = t->failed;
	t->failed = false;
}

void bench_live_say_incomplete(const bench_profile_state *p)
{
	if (p->live_incomplete && p->sampled) {
		bench_warning("bench: out of memory, some sampled allocations were not followed to their free "
			"(the inuse counts of this profile are too low)");
	} else if (p->live_incomplete) {
		bench_warning("bench.track_live: out of memory, some allocations were not tracked "
			"(the live counts of this profile are too low)");
	}
}
