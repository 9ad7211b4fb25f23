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

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "php.h"
#include "zend_execute.h"
#include "php_bench.h"
#include "src/lib/pid.h"
#include "src/lib/warning.h"
#include "src/profile/owners.h"
#include "src/profile/profile.h"
#include "src/tree/tree.h"
#include "instr.h"

#ifdef HAVE_VALGRIND_CALLGRIND_H
# include <valgrind/callgrind.h>

/*
 * How many nodes have a trampoline: 16^3 (a framework's request makes some 1,800 nodes). A node
 * past them runs in its parent's, which then owns its instructions. Each is a function for the
 * compiler to build: 16,384 took 43 s of CPU to compile.
 */
#define BENCH_INSTR_TRAMPOLINES 4096

static void (*bench_instr_prev_execute_ex)(zend_execute_data *execute_data);
static void (*bench_instr_prev_execute_internal)(zend_execute_data *execute_data, zval *return_value);

/*
 * Runs a frame as the engine would have, collection on: a user frame in the
 * executor; an internal function's call as the VM makes it (its handler, or the
 * execute_internal wrapper another extension installed). What each runs
 * collected besides (from one toggle to the call, and after it to the other) is
 * the same instructions in every call: report/instr.php reads it from callgrind's
 * file, as no function's. Two functions, one per kind of frame: each takes one path.
 */
static zend_never_inline void bench_instr_run_user(zend_execute_data *execute_data)
{
	CALLGRIND_TOGGLE_COLLECT;
	bench_instr_prev_execute_ex(execute_data);
	CALLGRIND_TOGGLE_COLLECT;
}

static zend_never_inline void bench_instr_run_internal(zend_execute_data *execute_data, zval *return_value)
{
	CALLGRIND_TOGGLE_COLLECT;
	if (bench_instr_prev_execute_internal) {
		bench_instr_prev_execute_internal(execute_data, return_value);
	} else {
		execute_data->func->internal_function.handler(execute_data, return_value);
	}
	CALLGRIND_TOGGLE_COLLECT;
}

/*
 * A node's trampoline: a real call, which callgrind sees, that runs the frame
 * (a user frame has no return_value). noipa keeps each one a function of its
 * own (identical code folding would merge them); the empty asm after the call
 * keeps it from being a tail jump, which would take the trampoline off the stack.
 */
# define BENCH_INSTR_T(w, x, y, z) \
	static __attribute__((noipa)) void bench_instr_t##w##x##y##z(zend_execute_data *execute_data, zval *return_value) \
	{ \
		if (return_value) { \
			bench_instr_run_internal(execute_data, return_value); \
		} else { \
			bench_instr_run_user(execute_data); \
		} \
		__asm__ __volatile__("" ::: "memory"); \
	}
# define BENCH_INSTR_REF(w, x, y, z) bench_instr_t##w##x##y##z,
# define BENCH_INSTR_16(m, w, x, y) m(w, x, y, 0) m(w, x, y, 1) m(w, x, y, 2) m(w, x, y, 3) m(w, x, y, 4) m(w, x, y, 5) \
	m(w, x, y, 6) m(w, x, y, 7) m(w, x, y, 8) m(w, x, y, 9) m(w, x, y, a) m(w, x, y, b) m(w, x, y, c) m(w, x, y, d) \
	m(w, x, y, e) m(w, x, y, f)
# define BENCH_INSTR_256(m, w, x) BENCH_INSTR_16(m, w, x, 0) BENCH_INSTR_16(m, w, x, 1) BENCH_INSTR_16(m, w, x, 2) \
	BENCH_INSTR_16(m, w, x, 3) BENCH_INSTR_16(m, w, x, 4) BENCH_INSTR_16(m, w, x, 5) BENCH_INSTR_16(m, w, x, 6) \
	BENCH_INSTR_16(m, w, x, 7) BENCH_INSTR_16(m, w, x, 8) BENCH_INSTR_16(m, w, x, 9) BENCH_INSTR_16(m, w, x, a) \
	BENCH_INSTR_16(m, w, x, b) BENCH_INSTR_16(m, w, x, c) BENCH_INSTR_16(m, w, x, d) BENCH_INSTR_16(m, w, x, e) \
	BENCH_INSTR_16(m, w, x, f)
# define BENCH_INSTR_4096(m, w) BENCH_INSTR_256(m, w, 0) BENCH_INSTR_256(m, w, 1) BENCH_INSTR_256(m, w, 2) \
	BENCH_INSTR_256(m, w, 3) BENCH_INSTR_256(m, w, 4) BENCH_INSTR_256(m, w, 5) BENCH_INSTR_256(m, w, 6) \
	BENCH_INSTR_256(m, w, 7) BENCH_INSTR_256(m, w, 8) BENCH_INSTR_256(m, w, 9) BENCH_INSTR_256(m, w, a) \
	BENCH_INSTR_256(m, w, b) BENCH_INSTR_256(m, w, c) BENCH_INSTR_256(m, w, d) BENCH_INSTR_256(m, w, e) \
	BENCH_INSTR_256(m, w, f)
# define BENCH_INSTR_ALL(m) BENCH_INSTR_4096(m, 0)

/* Unoptimized, which halves their compile (3 s of CPU, not 6: the PECL install test builds within a minute). */
#pragma GCC push_options
#pragma GCC optimize ("O0")
BENCH_INSTR_ALL(BENCH_INSTR_T)
#pragma GCC pop_options

/** Node n's trampoline; the hex digits of n name it. */
static void (*const bench_instr_trampolines[BENCH_INSTR_TRAMPOLINES])(zend_execute_data *execute_data, zval *return_value) = {
	BENCH_INSTR_ALL(BENCH_INSTR_REF)
};

/** Requests written in this process: the side files' numbers. */
static uint32_t bench_instr_requests;

/** Whether callgrind collects: the request's start and end set it, whatever a skipped end left (a bailout in another module's RSHUTDOWN). */
static bool bench_instr_collecting;

static void bench_instr_collect(bool on)
{
	if (bench_instr_collecting != on) {
		bench_instr_collecting = on;
		CALLGRIND_TOGGLE_COLLECT;
	}
}

/**
 * Per node, the frames that bench's hooks saw while it was the innermost
 * owner: [0] user frames, [1] internal calls. Each hook's own instructions
 * outside bench's toggles are the same in every call, and the node's: the
 * report moves them to no function's (report/instr.php). A frame past the
 * trampolines is never a parent.
 */
static uint64_t bench_instr_hooked[BENCH_INSTR_TRAMPOLINES][2];

/*
 * Every frame runs through a trampoline, collection off: an owner's through its
 * node's; any other (an internal function under bench.owners=user, a user one
 * under ext:NAME, a node past the limits) through the trampoline of the owner
 * below it, called again (callgrind names it "'2"), whose instructions it adds
 * to. Never inlined: the hooks' own instructions are theirs alone.
 */
static zend_never_inline void bench_instr_enter(zend_execute_data *execute_data, zval *return_value)
{
	bench_profile_state *p = bench_profile_get();

	if (!p->active) {
		/* Outside a measured request: the root's trampoline, whose toggles undo the hook's. */
		bench_instr_trampolines[0](execute_data, return_value);
		return;
	}
	/*
	 * A frame with no caller (the script's body, or a shutdown function after a fatal
	 * error's longjmp skipped the returns below) starts again from the root.
	 */
	if (!execute_data->prev_execute_data || !execute_data->prev_execute_data->func) {
		p->depth = 1;
	}
	uint32_t parent = p->stack[p->depth - 1];
	bench_instr_hooked[parent][return_value != NULL]++;
	uint32_t node = bench_owners_user_only || bench_profile_is_owner(execute_data->func)
		? bench_profile_frame_node(p, parent, execute_data->func, execute_data->prev_execute_data == NULL, 0) : parent;
	if (node == parent || node >= BENCH_INSTR_TRAMPOLINES
			|| !bench_tree_grow((void **) &p->stack, &p->stack_size, sizeof(*p->stack), p->depth + 1)) {
		/* Past the limits (counted), or no owner. */
		p->folded_nodes += node != parent;
		bench_instr_trampolines[parent](execute_data, return_value);
		return;
	}
	p->nodes[node].calls++;
	p->stack[p->depth++] = node;
	bench_instr_trampolines[node](execute_data, return_value);
	p->depth--;
}

/*
 * The hooks: collection off, bench's work, collection on. What they run
 * collected (their start up to the first toggle, their end after the last)
 * is the same instructions in every call. A longjmp out of a frame skips its
 * runner's second toggle and its hook's: collection stays on.
 */

/* Every user frame the engine executes (the script's body, functions, methods, closures, included files, generators resumed). */
static void bench_instr_execute_ex(zend_execute_data *execute_data)
{
	CALLGRIND_TOGGLE_COLLECT;
	bench_instr_enter(execute_data, NULL);
	CALLGRIND_TOGGLE_COLLECT;
}

/* Internal functions' calls, where bench.owners makes some of them owners (frameless calls on 8.4+ have no frame: their caller's). */
static void bench_instr_execute_internal(zend_execute_data *execute_data, zval *return_value)
{
	CALLGRIND_TOGGLE_COLLECT;
	bench_instr_enter(execute_data, return_value);
	CALLGRIND_TOGGLE_COLLECT;
}

bool bench_instr_minit(void)
{
	if (!RUNNING_ON_VALGRIND) {
		bench_warning("bench.mode=instr runs under valgrind's callgrind only (bench instr -- php ...); bench stays off");
		return false;
	}
	/* The executor is bench's: calls recurse through it (opcache's JIT is off under valgrind anyway). */
	bench_instr_prev_execute_ex = zend_execute_ex;
	zend_execute_ex = bench_instr_execute_ex;
	/* Internal functions' calls too, where some of them own instructions. */
	if (!bench_owners_user_only) {
		bench_instr_prev_execute_internal = zend_execute_internal;
		zend_execute_internal = bench_instr_execute_internal;
	}
	return true;
}

void bench_instr_rinit(void)
{
	bench_profile_state *p = bench_profile_get();

	if (!bench_instr_prev_execute_ex) {
		return;
	}
	if (!bench_profile_begin_tree(p)) {
		bench_warning("bench: out of memory: this request's instructions are not counted");
		return;
	}
	memset(bench_instr_hooked, 0, sizeof(bench_instr_hooked));
	p->active = true;
	bench_instr_collect(true);
}

/* A name or file on one line of the side file: tabs and line ends become spaces. */
static void bench_instr_put(FILE *f, const char *text)
{
	for (; *text; text++) {
		fputc(*text == '\t' || *text == '\n' || *text == '\r' ? ' ' : *text, f);
	}
}

void bench_instr_rshutdown(void)
{
	bench_profile_state *p = bench_profile_get();
	char path[4096];

	bench_instr_collect(false);
	if (!p->active) {
		return;
	}
	p->active = false;
	bench_profile_note_request(p);
	snprintf(path, sizeof(path), "%s/bench.instr.%d.%u.tsv", BENCH_INI(output_dir) && *BENCH_INI(output_dir)
		? BENCH_INI(output_dir) : "/tmp", (int) bench_pid(), ++bench_instr_requests);
	/* A new file, never one a link names: without bench.output_dir the directory is /tmp. */
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		if (fd >= 0) {
			close(fd);
		}
		bench_warning("bench: cannot write %s: %s", path, strerror(errno));
		return;
	}
	/* A header, then per node: its index (its trampoline's), parent, calls, function, file, first line, and the frames its hooks saw. */
	fprintf(f, "# bench instr 2\tfolded %" PRIu64 "\t", p->folded_nodes);
	bench_instr_put(f, p->request.command);
	fputc('\n', f);
	for (uint32_t n = 0; n < p->nodes_used; n++) {
		const bench_profile_node *node = &p->nodes[n];
		const bench_profile_func *func = node->func == BENCH_PROFILE_NONE ? NULL : &p->funcs[node->func];

		fprintf(f, "%u\t%d\t%" PRIu64 "\t", n, node->parent == BENCH_PROFILE_NONE ? -1 : (int) node->parent, node->calls);
		bench_instr_put(f, func ? func->name : "{request}");
		fputc('\t', f);
		bench_instr_put(f, func && func->file ? func->file : "");
		fprintf(f, "\t%u\t%" PRIu64 "\t%" PRIu64 "\n", func ? func->line : 0,
			n < BENCH_INSTR_TRAMPOLINES ? bench_instr_hooked[n][0] : 0, n < BENCH_INSTR_TRAMPOLINES ? bench_instr_hooked[n][1] : 0);
	}
	/* The end, so that a file cut short is not read as a smaller tree. */
	fprintf(f, "# end %u\n", p->nodes_used);
	if (ferror(f) | (fclose(f) != 0)) {
		bench_warning("bench: cannot write %s: %s", path, strerror(errno));
	}
}

#else

bool bench_instr_minit(void)
{
	bench_warning("bench.mode=instr: bench was built without valgrind/callgrind.h; bench stays off");
	return false;
}

void bench_instr_rinit(void)
{
}

void bench_instr_rshutdown(void)
{
}

#endif
