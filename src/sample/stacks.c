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

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include "php.h"
#include "src/lib/thread.h"
#include "src/profile/profile.h"
#include "stacks.h"
#include "frameless.h"

/*
 * Node keys: an internal function known at startup is its address (aligned,
 * bits 0 to 2 clear); a copied function is its index with bit 0 set, bit 1
 * telling the script's body ({main}) from an included file's.
 */
#define BENCH_STACKS_COPIED(index, main) (((uintptr_t) (index) << 3) | ((uintptr_t) (main) << 1) | 1)
#define BENCH_STACKS_FRAMELESS(code) (((uintptr_t) (code) << 3) | 4)
#define BENCH_STACKS_TRUNCATED ((uintptr_t) 2)
/** a function whose name did not fit, or could not be read */
#define BENCH_STACKS_UNNAMED ((uintptr_t) 6)

/* The tree holds up to 32,768 paths a request (a request sampled every 10 ms for a minute at depth 50 has 6,000 samples). */
#define BENCH_STACKS_NODES 32768
#define BENCH_STACKS_SLOTS (2 * BENCH_STACKS_NODES)
#define BENCH_STACKS_COPIES 8192
#define BENCH_STACKS_KNOWN 16384
#define BENCH_STACKS_SOURCES (2 * BENCH_STACKS_COPIES)
#define BENCH_STACKS_TEXT (1024 * 1024)
/* Longer names are cut (a file path, a class name). */
#define BENCH_STACKS_STRING_MAX 1024
#define BENCH_STACKS_IOV 512

/* fn_flags that change a function's name (bench_tree_name() in src/tree/tree.c). */
#define BENCH_STACKS_NAMING_FLAGS (ZEND_ACC_CLOSURE | ZEND_ACC_FAKE_CLOSURE)

typedef struct {
	uintptr_t key;
	uint32_t parent;
	/** its slot, to empty the table without clearing all of it */
	uint32_t slot;
	int64_t weight;
	uint64_t samples;
} bench_stacks_node;

/*
 * A function named by the ticker: the fields that bench_tree_identity()
 * and bench_tree_name() in src/tree/tree.c read, pointing to copies of its strings. Its
 * scope is read for its name alone, so only that part of a class entry is kept.
 */
typedef struct {
	char type;
	zend_string *name;
} bench_stacks_scope;
_Static_assert(offsetof(bench_stacks_scope, name) == offsetof(zend_class_entry, name), "a class entry's name moved");

/*
 * What names a function, as its head shows it: the closures of one
 * declaration show the same, and share a copy. Zeroed before it is filled,
 * as it is compared whole.
 */
typedef struct {
	const void *function_name, *scope, *filename;
	uint32_t line_start;
	uint32_t naming_flags;
	uint8_t type;
} bench_stacks_source;

typedef struct {
	zend_function func;
	bench_stacks_scope scope;
	bench_stacks_source source;
	/** the request it was copied in; whether from opcache's memory, whose strings stay for good */
	uint32_t copied;
	bool immutable;
} bench_stacks_copy;

/* A function's address -> its copy: trusted without being read again, for the rest of a request, in opcache's memory. */
typedef struct {
	const zend_function *func;
	uint32_t copy;
	/** the request it was last read in */
	uint32_t verified;
	bool immutable;
} bench_stacks_known;

/* What the process keeps when the tables below are freed: the setup, and the count of dropped stacks. */
static struct {
	const uintptr_t *main_chunk;
	bench_stacks_frame_reader read_frame;
	bench_stacks_internal_test is_internal;
	uint64_t dropped;
} bench_stacks_process;

struct bench_stacks_state {
	/* The thread read: where it keeps its top frame and its frameless call, and what is_internal() is told of it. */
	zend_execute_data **current_frame;
	const uint32_t *frameless_running;
	const void *thread;

	/*
	 * Opcache's shared memory, [shm_start, shm_end): mapped until the process
	 * ends, so the functions there are read in place. Found by the PHP thread
	 * once a function there was read; 0 until then.
	 */
	uintptr_t shm_start, shm_end;
	bool shm_sought;

	/** the request recorded, 0 for none (set by the PHP thread); whether the ticker is reading a stack */
	uint32_t recording;
	uint32_t busy;

	bench_stacks_node *nodes;
	uint32_t nodes_used;
	uint32_t *slots;
	/** node index -> profile node, when merging */
	uint32_t *merged;
	/** stacks cut at the frames a sample keeps; new paths folded into their parent once the tree was full */
	uint64_t truncated, folded;

	bench_stacks_copy *copies;
	uint32_t copies_used;
	bench_stacks_known *known;
	/** bench_stacks_source -> copy index + 1, 0 for an empty slot */
	uint32_t *sources;
	char *text;
	size_t text_used;

	/* the ticker's scratch for one stack, the frames a sample keeps: as read, and read again */
	uint32_t depth_max;
	zend_execute_data **frames, **frames_again;
	const zend_function **funcs, **funcs_again;
	bool *mains;
	uintptr_t *keys;
	zend_function *heads;
	uint32_t *pending;
	struct iovec *local, *remote;
};

void bench_stacks_init(const uintptr_t *main_chunk, bench_stacks_frame_reader read_frame, bench_stacks_internal_test is_internal)
{
	bench_stacks_process.main_chunk = main_chunk;
	bench_stacks_process.read_frame = read_frame;
	bench_stacks_process.is_internal = is_internal;
}

bench_stacks_state *bench_stacks_new(zend_execute_data **current_frame, const uint32_t *frameless_running, const void *thread)
{
	bench_stacks_state *s = calloc(1, sizeof(*s));

	if (s) {
		s->current_frame = current_frame;
		s->frameless_running = frameless_running;
		s->thread = thread;
	}
	return s;
}

/* ---- the PHP thread ------------------------------------------------------------ */

/* Frees the tables: the state keeps what thread it reads, and allocates them again when next recording. */
static void bench_stacks_free_tables(bench_stacks_state *s)
{
	free(s->nodes);
	free(s->slots);
	free(s->merged);
	free(s->copies);
	free(s->known);
	free(s->sources);
	free(s->text);
	free(s->frames);
	free(s->frames_again);
	free(s->funcs);
	free(s->funcs_again);
	free(s->mains);
	free(s->keys);
	free(s->heads);
	free(s->pending);
	free(s->local);
	free(s->remote);
	bench_stacks_state empty = {.current_frame = s->current_frame, .frameless_running = s->frameless_running, .thread = s->thread};
	*s = empty;
}

static bool bench_stacks_allocate(bench_stacks_state *s, uint32_t max_depth)
{
	if (!s->nodes) {
		/* calloc: pages the ticker never reaches are never touched. */
		s->nodes = calloc(BENCH_STACKS_NODES, sizeof(*s->nodes));
		s->slots = calloc(BENCH_STACKS_SLOTS, sizeof(*s->slots));
		s->merged = calloc(BENCH_STACKS_NODES, sizeof(*s->merged));
		s->copies = calloc(BENCH_STACKS_COPIES, sizeof(*s->copies));
		s->known = calloc(BENCH_STACKS_KNOWN, sizeof(*s->known));
		s->sources = calloc(BENCH_STACKS_SOURCES, sizeof(*s->sources));
		s->text = malloc(BENCH_STACKS_TEXT);
		if (!s->nodes || !s->slots || !s->merged || !s->copies
				|| !s->known || !s->sources || !s->text) {
			bench_stacks_free_tables(s);
			return false;
		}
		s->nodes_used = 1;
	}
	if (s->depth_max < max_depth) {
		bool ok = true;
#define BENCH_STACKS_GROW(field) do { \
			void *grown = realloc(s->field, max_depth * sizeof(*s->field)); \
			if (grown) { \
				s->field = grown; \
			} else { \
				ok = false; \
			} \
		} while (0)
		BENCH_STACKS_GROW(frames);
		BENCH_STACKS_GROW(frames_again);
		BENCH_STACKS_GROW(funcs);
		BENCH_STACKS_GROW(funcs_again);
		BENCH_STACKS_GROW(mains);
		BENCH_STACKS_GROW(keys);
		BENCH_STACKS_GROW(heads);
		BENCH_STACKS_GROW(pending);
		BENCH_STACKS_GROW(local);
		BENCH_STACKS_GROW(remote);
#undef BENCH_STACKS_GROW
		if (!ok) {
			return false;
		}
		s->depth_max = max_depth;
	}
	return true;
}

bool bench_stacks_begin(bench_stacks_state *s, uint32_t request, uint32_t max_depth)
{
	if (!bench_stacks_allocate(s, max_depth)) {
		return false;
	}
	for (uint32_t i = 1; i < s->nodes_used; i++) {
		s->slots[s->nodes[i].slot] = 0;
	}
	memset(&s->nodes[0], 0, sizeof(s->nodes[0]));
	s->nodes_used = 1;
	s->truncated = 0;
	s->folded = 0;
	/* Copies stay while there is room (functions in opcache's memory are met again), then all go. */
	if (s->copies_used > BENCH_STACKS_COPIES / 4 * 3 || s->text_used > BENCH_STACKS_TEXT / 4 * 3) {
		memset(s->known, 0, BENCH_STACKS_KNOWN * sizeof(*s->known));
		memset(s->sources, 0, BENCH_STACKS_SOURCES * sizeof(*s->sources));
		s->copies_used = 0;
		s->text_used = 0;
	}
	__atomic_store_n(&s->recording, request, __ATOMIC_SEQ_CST);
	return true;
}

void bench_stacks_stop(bench_stacks_state *s)
{
	__atomic_store_n(&s->recording, 0, __ATOMIC_SEQ_CST);
	/* The ticker reads a stack in tens of microseconds; longer only where it was preempted. */
	while (__atomic_load_n(&s->busy, __ATOMIC_ACQUIRE)) {
		struct timespec pause = {0, 20000};
		nanosleep(&pause, NULL);
	}
}

uint32_t bench_stacks_pause(bench_stacks_state *s)
{
	uint32_t request = __atomic_load_n(&s->recording, __ATOMIC_SEQ_CST);

	if (request) {
		bench_stacks_stop(s);
	}
	return request;
}

void bench_stacks_resume(bench_stacks_state *s, uint32_t request)
{
	if (request) {
		__atomic_store_n(&s->recording, request, __ATOMIC_SEQ_CST);
	}
}

void bench_stacks_forget(bench_stacks_state *s)
{
	/* A forked child: the ticker was not copied. The stacks it read before the fork stay, as the samples taken by interrupts do. */
	s->recording = 0;
	s->busy = 0;
}

/*
 * The mapping that holds a function read in opcache's memory (immutable): a
 * shared one, which opcache unmaps only at the process's end. Sought once a
 * process (a php-fpm worker inherits its master's).
 */
static void bench_stacks_find_shm(bench_stacks_state *s)
{
	uintptr_t immutable = 0;

	for (uint32_t i = 0; i < BENCH_STACKS_KNOWN && !immutable; i++) {
		if (s->known[i].func && s->known[i].immutable) {
			immutable = (uintptr_t) s->known[i].func;
		}
	}
	if (!immutable) {
		return;
	}
	s->shm_sought = true;
	FILE *maps = fopen("/proc/self/maps", "r");
	if (!maps) {
		return;
	}
	char line[256];
	bool line_start = true;
	while (fgets(line, sizeof(line), maps)) {
		unsigned long start, end;
		char perms[5];
		/* A long line comes in pieces: only a line's start is parsed. */
		bool parse = line_start;
		line_start = strchr(line, '\n') != NULL;
		if (parse && sscanf(line, "%lx-%lx %4s", &start, &end, perms) == 3 && immutable >= start && immutable < end) {
			if (perms[0] == 'r' && perms[3] == 's') {
				s->shm_start = start;
				s->shm_end = end;
			}
			break;
		}
	}
	fclose(maps);
}

uint64_t bench_stacks_merge(bench_stacks_state *s, bench_profile_state *p, int counter, uint64_t *truncated)
{
	uint64_t samples = 0;

	*truncated = s->truncated;
	if (!s->nodes) {
		return 0;
	}
	if (!s->shm_sought) {
		bench_stacks_find_shm(s);
	}
	s->merged[0] = 0;
	p->folded_nodes += s->folded;
	/* A parent is made before its children: its profile node is known. The root is {request}: ticks without a PHP frame. */
	for (uint32_t i = 0; i < s->nodes_used; i++) {
		const bench_stacks_node *n = &s->nodes[i];
		uint32_t parent = s->merged[n->parent], node;

		if (i == 0) {
			node = 0;
		} else if (n->key == BENCH_STACKS_TRUNCATED) {
			node = bench_profile_named_node(p, parent, "{truncated}");
		} else if (n->key == BENCH_STACKS_UNNAMED) {
			node = bench_profile_named_node(p, parent, "{unnamed}");
		} else if ((n->key & 7) == 4) {
#if PHP_VERSION_ID >= 80400
			/* NULL for a function disabled since startup (a php-fpm pool's disable_functions): its caller then. */
			zend_function *func = bench_frameless_function_of((uint32_t) (n->key >> 3));
			node = func ? bench_profile_frame_node(p, parent, func, false, 0) : parent;
#else
			node = parent;
#endif
		} else if (n->key & 1) {
			node = bench_profile_frame_node(p, parent, &s->copies[n->key >> 3].func, (n->key >> 1) & 1, 0);
		} else {
			node = bench_profile_frame_node(p, parent, (const zend_function *) n->key, false, 0);
		}
		s->merged[i] = node;
		if (n->samples) {
			p->nodes[node].own[counter] += n->weight;
			p->nodes[node].calls += n->samples;
			samples += n->samples;
		}
	}
	return samples;
}

uint64_t bench_stacks_dropped(void)
{
	return __atomic_load_n(&bench_stacks_process.dropped, __ATOMIC_RELAXED);
}


void bench_stacks_free(bench_stacks_state *s)
{
	if (s) {
		bench_stacks_free_tables(s);
		free(s);
	}
}

/* ---- the ticker ------------------------------------------------------------------ */

/* The ticker runs on a bare thread (src/lib/thread.h): system calls through bench_thread_syscall() only. */

static bool bench_stacks_read(pid_t pid, void *to, const void *from, size_t size)
{
	struct iovec local = {to, size}, remote = {(void *) from, size};

	return bench_thread_syscall(SYS_process_vm_readv, pid, (long) &local, 1, (long) &remote, 1, 0) == (long) size;
}

/* A copy of a string of the PHP thread's, cut at BENCH_STACKS_STRING_MAX bytes; NULL when it cannot be read or has no room. */
static zend_string *bench_stacks_copy_string(bench_stacks_state *s, pid_t pid, const zend_string *remote)
{
	zend_string head;

	/* A string, or memory reused since: then no name is better than a wrong one. */
	if (!bench_stacks_read(pid, &head, remote, offsetof(zend_string, val)) || GC_TYPE(&head) != IS_STRING) {
		return NULL;
	}
	size_t len = MIN(head.len, BENCH_STACKS_STRING_MAX);
	size_t size = ZEND_MM_ALIGNED_SIZE(_ZSTR_STRUCT_SIZE(len));
	if (s->text_used + size > BENCH_STACKS_TEXT) {
		return NULL;
	}
	zend_string *copy = (zend_string *) (s->text + s->text_used);
	if (len && !bench_stacks_read(pid, ZSTR_VAL(copy), (const char *) remote + offsetof(zend_string, val), len)) {
		return NULL;
	}
	GC_SET_REFCOUNT(copy, 1);
	/* Interned: nothing may free it. Its hash, when computed there, is kept: a cut name still has the function's identity. */
	GC_TYPE_INFO(copy) = GC_STRING | ((IS_STR_INTERNED | IS_STR_PERSISTENT) << GC_FLAGS_SHIFT);
	ZSTR_H(copy) = head.h;
	ZSTR_LEN(copy) = len;
	ZSTR_VAL(copy)[len] = '\0';
	s->text_used += size;
	return copy;
}

static bench_stacks_known *bench_stacks_find(bench_stacks_state *s, const zend_function *func)
{
	uint64_t h = (uint64_t) (uintptr_t) func * 0x9E3779B97F4A7C15ULL;
	uint32_t home = (uint32_t) (h >> 40) & (BENCH_STACKS_KNOWN - 1);

	/* A few probes, then the home slot is taken over: a function pushed out is read again. */
	for (uint32_t i = 0; i < 8; i++) {
		bench_stacks_known *k = &s->known[(home + i) & (BENCH_STACKS_KNOWN - 1)];
		if (k->func == func || k->func == NULL) {
			return k;
		}
	}
	return &s->known[home];
}

static void bench_stacks_source_of(const zend_function *head, bench_stacks_source *source)
{
	bool user = ZEND_USER_CODE(head->type);

	memset(source, 0, sizeof(*source));
	source->function_name = head->common.function_name;
	source->scope = head->common.scope;
	source->filename = user ? head->op_array.filename : NULL;
	source->line_start = user ? head->op_array.line_start : 0;
	source->naming_flags = head->common.fn_flags & BENCH_STACKS_NAMING_FLAGS;
	source->type = head->type;
}

/* The slot of source: holding its copy, or empty. At most half the slots fill (a copy each): an empty one is always found. */
static uint32_t *bench_stacks_source_slot(bench_stacks_state *s, const bench_stacks_source *source)
{
	uint64_t h = (uint64_t) (uintptr_t) source->function_name * 0x9E3779B97F4A7C15ULL
		^ (uint64_t) (uintptr_t) source->scope * 0xC2B2AE3D27D4EB4FULL
		^ (uint64_t) (uintptr_t) source->filename * 0x165667B19E3779F9ULL ^ source->line_start;

	for (uint32_t i = (uint32_t) (h >> 40) & (BENCH_STACKS_SOURCES - 1);; i = (i + 1) & (BENCH_STACKS_SOURCES - 1)) {
		uint32_t *slot = &s->sources[i];
		if (*slot == 0 || memcmp(&s->copies[*slot - 1].source, source, sizeof(*source)) == 0) {
			return slot;
		}
	}
}

/* Copies what names the function whose head is head; its index, or UINT32_MAX where a string cannot be read or has no room. */
static uint32_t bench_stacks_copy_function(bench_stacks_state *s, pid_t pid, uint32_t request, const zend_function *head, const bench_stacks_source *source)
{
	bool user = ZEND_USER_CODE(head->type);

	if (s->copies_used == BENCH_STACKS_COPIES || (user && !head->op_array.filename)) {
		return UINT32_MAX;
	}
	bench_stacks_copy *copy = &s->copies[s->copies_used];
	memset(copy, 0, sizeof(*copy));
	copy->func.type = head->type;
	copy->func.common.fn_flags = head->common.fn_flags;
	if (head->common.function_name
			&& !(copy->func.common.function_name = bench_stacks_copy_string(s, pid, head->common.function_name))) {
		return UINT32_MAX;
	}
	if (head->common.scope) {
		const zend_string *name;
		if (!bench_stacks_read(pid, &name, (const char *) head->common.scope + offsetof(zend_class_entry, name), sizeof(name))
				|| !(copy->scope.name = bench_stacks_copy_string(s, pid, name))) {
			return UINT32_MAX;
		}
		copy->func.common.scope = (zend_class_entry *) &copy->scope;
	}
	if (user) {
		if (!(copy->func.op_array.filename = bench_stacks_copy_string(s, pid, head->op_array.filename))) {
			return UINT32_MAX;
		}
		copy->func.op_array.line_start = head->op_array.line_start;
	} else {
		/* What tells aliases apart; a nameless engine frame (a fiber's bottom) has none, and is known by its copy. */
		copy->func.internal_function.handler = head->internal_function.handler;
	}
	copy->source = *source;
	copy->copied = request;
	copy->immutable = head->common.fn_flags & ZEND_ACC_IMMUTABLE;
	return s->copies_used++;
}

/* The child of parent for key, made on first use; the parent itself once the tree is full. */
static uint32_t bench_stacks_child(bench_stacks_state *s, uint32_t parent, uintptr_t key)
{
	uint64_t h = (uint64_t) key * 0x9E3779B97F4A7C15ULL ^ (uint64_t) parent * 0xC2B2AE3D27D4EB4FULL;

	for (uint32_t i = (uint32_t) (h >> 40) & (BENCH_STACKS_SLOTS - 1);; i = (i + 1) & (BENCH_STACKS_SLOTS - 1)) {
		uint32_t node = s->slots[i];
		if (node == 0) {
			/* At most half the slots fill: a free one is always found. */
			if (s->nodes_used == BENCH_STACKS_NODES) {
				s->folded++;
				return parent;
			}
			node = s->nodes_used++;
			s->nodes[node] = (bench_stacks_node) {.key = key, .parent = parent, .slot = i};
			s->slots[i] = node;
			return node;
		}
		if (s->nodes[node].parent == parent && s->nodes[node].key == key) {
			return node;
		}
	}
}

/* Whether size bytes at address may be read in place: where they cannot be unmapped under the ticker. */
static bool bench_stacks_in_place(bench_stacks_state *s, const void *address, size_t size)
{
	if (bench_stacks_in_chunk(__atomic_load_n(bench_stacks_process.main_chunk, __ATOMIC_RELAXED), address, size)) {
		return true;
	}
	return s->shm_end && (uintptr_t) address - s->shm_start <= s->shm_end - s->shm_start - size;
}

/*
 * Reads the stack from top, innermost frame first, up to the frames a sample keeps
 * frames with a function: their number, or -1 where a frame could not be read.
 */
static int bench_stacks_walk(bench_stacks_state *s, pid_t pid, zend_execute_data *ex, zend_execute_data **frames, const zend_function **funcs,
	bool *mains, bool *truncated)
{
	uint32_t n = 0, walked = 0, max = s->depth_max;

	*truncated = false;
	while (ex) {
		zend_function *func;
		zend_execute_data *prev;

		/* Frames without a function count too: a chain made circular by a torn read must end. */
		if (++walked > 2 * max || !bench_stacks_process.read_frame(pid, ex, &func, &prev)) {
			return -1;
		}
		if (func) {
			/* The innermost frames are kept, as bench_sample_path() keeps them, under "{truncated}". */
			if (n == max) {
				*truncated = true;
				break;
			}
			frames[n] = ex;
			funcs[n] = func;
			if (mains) {
				mains[n] = prev == NULL;
			}
			n++;
		}
		ex = prev;
	}
	return (int) n;
}

/* Whether frame i of the stack read (n frames) is in the stack read again (again frames), with the same frames under it. */
static bool bench_stacks_still_live(bench_stacks_state *s, uint32_t i, uint32_t n, uint32_t again)
{
	for (uint32_t j = 0; j < again; j++) {
		if (s->frames_again[j] != s->frames[i]) {
			continue;
		}
		for (uint32_t k = 0; i + k < n && j + k < again; k++) {
			if (s->frames_again[j + k] != s->frames[i + k] || s->funcs_again[j + k] != s->funcs[i + k]) {
				return false;
			}
		}
		return true;
	}
	return false;
}

/*
 * Records the stack running now. The PHP thread runs on meanwhile: the frames
 * are read again where the top frame changed while they were read (a frame
 * read later may already hold another call), and a function read after its
 * frame returned may be freed memory. Such a read still names its function
 * where it shows what a function copied before showed (freed memory keeps
 * what it held until reused); a new function is copied only where its caller
 * still runs after the read. Otherwise the stack is dropped, as it is where
 * a function read is no function at all (a frame overwritten while read).
 */
static bool bench_stacks_record(bench_stacks_state *s, pid_t pid, uint32_t request, int64_t weight)
{
	zend_execute_data *top;
	uint32_t frameless, n, pending = 0, copied = 0;
	int read = -1, again = -1;
	bool truncated, truncated_again;

	for (int tries = 0; read < 0 && tries < 3; tries++) {
		top = __atomic_load_n(s->current_frame, __ATOMIC_RELAXED);
		/* Read under the same check of the top frame as the frames. */
		frameless = s->frameless_running ? __atomic_load_n(s->frameless_running, __ATOMIC_RELAXED) : 0;
		read = bench_stacks_walk(s, pid, top, s->frames, s->funcs, s->mains, &truncated);
		zend_execute_data *now = __atomic_load_n(s->current_frame, __ATOMIC_RELAXED);
		if (read <= 1 || now == top) {
			continue;
		}
		/*
		 * The top frame changed meanwhile: most often a short call returned or
		 * began. The stack read stands where its top frame's callers are still
		 * there below; reading again instead would favour the stacks that last.
		 */
		again = bench_stacks_walk(s, pid, now, s->frames_again, s->funcs_again, NULL, &truncated_again);
		if (again < 0 || !bench_stacks_still_live(s, 1, (uint32_t) read, (uint32_t) again)) {
			read = -1;
		}
		again = -1;
	}
	if (read < 0) {
		return false;
	}
	n = (uint32_t) read;
	for (uint32_t i = 0; i < n; i++) {
		const zend_function *func = s->funcs[i];
		if (bench_stacks_process.is_internal(s->thread, func)) {
			s->keys[i] = (uintptr_t) func;
			continue;
		}
		/* Opcache's memory is never freed mid-request (a restart waits for none to run): read once a request. */
		const bench_stacks_known *k = bench_stacks_find(s, func);
		if (k->func == func && k->verified == request && k->immutable) {
			s->keys[i] = BENCH_STACKS_COPIED(k->copy, s->mains[i]);
			continue;
		}
		/* In place as a copy is read: what the PHP thread writes meanwhile may be stale or garbage, and is only compared. */
		if (bench_stacks_in_place(s, func, sizeof(zend_function))) {
			memcpy(&s->heads[pending], func, sizeof(zend_function));
		} else {
			s->local[copied] = (struct iovec) {&s->heads[pending], sizeof(zend_function)};
			s->remote[copied++] = (struct iovec) {(void *) func, sizeof(zend_function)};
		}
		s->pending[pending++] = i;
	}
	for (uint32_t done = 0; done < copied;) {
		uint32_t batch = MIN(copied - done, BENCH_STACKS_IOV);
		long want = (long) (batch * sizeof(zend_function));
		if (bench_thread_syscall(SYS_process_vm_readv, pid, (long) &s->local[done], batch,
				(long) &s->remote[done], batch, 0) != want) {
			return false;
		}
		done += batch;
	}
	for (uint32_t j = 0; j < pending; j++) {
		uint32_t i = s->pending[j];
		const zend_function *head = &s->heads[j];
		bool immutable = head->common.fn_flags & ZEND_ACC_IMMUTABLE;
		bench_stacks_source source;

		if (head->type != ZEND_USER_FUNCTION && head->type != ZEND_INTERNAL_FUNCTION && head->type != ZEND_EVAL_CODE) {
			return false;
		}
		/*
		 * The same pointers name the same function: in opcache's memory for
		 * good; elsewhere for the request, as a request's strings may be freed
		 * and others made at the same place.
		 */
		bench_stacks_source_of(head, &source);
		uint32_t *slot = bench_stacks_source_slot(s, &source), copy = *slot ? *slot - 1 : UINT32_MAX;
		if (copy == UINT32_MAX || !(s->copies[copy].immutable || s->copies[copy].copied == request)) {
			/*
			 * New: its strings are copied. Opcache's memory stays. Elsewhere the
			 * function's caller must still run: a function that returned since
			 * (a closure array_map() calls) is freed at the earliest when its
			 * caller lets go of it, and its strings are its declaring function's.
			 * Freed memory keeps what it held until reused, so a function named
			 * before is named from it, and only a new one needs this.
			 */
			if (!immutable) {
				if (again < 0) {
					again = bench_stacks_walk(s, pid, __atomic_load_n(s->current_frame, __ATOMIC_RELAXED),
						s->frames_again, s->funcs_again, NULL, &truncated_again);
				}
				if (again < 0 || !bench_stacks_still_live(s, i + 1 < n ? i + 1 : i, n, (uint32_t) again)) {
					return false;
				}
			}
			copy = bench_stacks_copy_function(s, pid, request, head, &source);
			if (copy != UINT32_MAX) {
				*slot = copy + 1;
			}
		}
		if (copy == UINT32_MAX) {
			s->keys[i] = BENCH_STACKS_UNNAMED;
			continue;
		}
		bench_stacks_known *k = bench_stacks_find(s, s->funcs[i]);
		*k = (bench_stacks_known) {.func = s->funcs[i], .copy = copy, .verified = request, .immutable = immutable};
		s->keys[i] = BENCH_STACKS_COPIED(copy, s->mains[i]);
	}
	uint32_t node = 0;
	if (truncated) {
		node = bench_stacks_child(s, node, BENCH_STACKS_TRUNCATED);
		s->truncated++;
	}
	while (n-- > 0) {
		node = bench_stacks_child(s, node, s->keys[n]);
	}
	if (frameless) {
		node = bench_stacks_child(s, node, BENCH_STACKS_FRAMELESS(frameless));
	}
	s->nodes[node].weight += weight;
	s->nodes[node].samples++;
	return true;
}

void bench_stacks_tick(bench_stacks_state *s, pid_t pid, uint32_t request, int64_t weight)
{
	/* Said before recording is read: bench_stacks_stop(s) then waits, or this tick sees it stopped. */
	__atomic_store_n(&s->busy, 1, __ATOMIC_SEQ_CST);
	if (request != 0 && __atomic_load_n(&s->recording, __ATOMIC_SEQ_CST) == request
			&& !bench_stacks_record(s, pid, request, weight)) {
		__atomic_fetch_add(&bench_stacks_process.dropped, 1, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&s->busy, 0, __ATOMIC_RELEASE);
}
