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
#include "php_bench.h"
#include "tree.h"

ZEND_EXT_TLS bench_profile_state bench_profile;

/* ---- growable arrays and hash tables ------------------------------------- */

bool bench_tree_grow(void **items, uint32_t *size, size_t item_size, uint32_t needed)
{
	if (needed <= *size) {
		return true;
	}
	uint32_t new_size = *size ? *size * 2 : 256;
	while (new_size < needed) {
		new_size *= 2;
	}
	void *grown = realloc(*items, (size_t) new_size * item_size);
	if (!grown) {
		return false;
	}
	*items = grown;
	*size = new_size;
	return true;
}

/* Keeps a table at most half full; false when memory ran out. */
static bool bench_tree_rehash(bench_profile_slot **slots, uint32_t *size, uint32_t used)
{
	if (*size && used * 2 < *size) {
		return true;
	}
	uint32_t new_size = *size ? *size * 2 : 1024;
	bench_profile_slot *fresh = calloc(new_size, sizeof(*fresh));
	if (!fresh) {
		return false;
	}
	for (uint32_t i = 0; i < *size; i++) {
		if ((*slots)[i].identity) {
			*bench_tree_find(fresh, new_size, (*slots)[i].identity, (*slots)[i].parent) = (*slots)[i];
		}
	}
	free(*slots);
	*slots = fresh;
	*size = new_size;
	return true;
}

/* ---- functions ------------------------------------------------------------ */

/*
 * A function's name; a file body is "{main}" when it is the script (main) or
 * "include:file", and eval()'d code "eval:file(line) : eval()'d code" (the
 * engine's own file name for it). A stack walk also meets the engine's nameless internal
 * frames, such as the one at the bottom of every fiber.
 */
static char *bench_tree_name(const zend_function *fn, bool main, const bench_profile_request *r)
{
	char *name = NULL;
	/* The file as names give it: relative to the application's root where it lies under it. */
	const char *file = ZEND_USER_CODE(fn->type) && fn->op_array.filename ? ZSTR_VAL(fn->op_array.filename) : "";
	if (r->root_len && strncmp(file, r->script, r->root_len) == 0) {
		file += r->root_len;
	}

	if (fn->common.function_name == NULL && !ZEND_USER_CODE(fn->type)) {
		return strdup("{engine}");
	}
	if (fn->common.function_name == NULL) {
		if (main) {
			return strdup("{main}");
		}
		if (asprintf(&name, "%s:%s", fn->type == ZEND_EVAL_CODE ? "eval" : "include", file) < 0) {
			return NULL;
		}
		return name;
	}
	/* A first-class callable (strlen(...), $this->m(...)) is a closure of the function itself: named as it. */
	if ((fn->common.fn_flags & (ZEND_ACC_CLOSURE | ZEND_ACC_FAKE_CLOSURE)) == ZEND_ACC_CLOSURE && ZEND_USER_CODE(fn->type)) {
		if (asprintf(&name, "{closure}@%s:%u", file, fn->op_array.line_start) < 0) {
			return NULL;
		}
		return name;
	}
	if (fn->common.scope) {
		const zend_string *scope = fn->common.scope->name;
		size_t head = strlen(ZSTR_VAL(scope));
		/* An anonymous class is "class@anonymous", a NUL, then where it is declared: "file:line$n". */
		const char *where = head < ZSTR_LEN(scope) ? ZSTR_VAL(scope) + head + 1 : "";
		if (r->root_len && strncmp(where, r->script, r->root_len) == 0) {
			where += r->root_len;
		}
		if (asprintf(&name, "%s%s%s::%s", ZSTR_VAL(scope), head < ZSTR_LEN(scope) ? "@" : "", where,
				ZSTR_VAL(fn->common.function_name)) < 0) {
			return NULL;
		}
		return name;
	}
	return strdup(ZSTR_VAL(fn->common.function_name));
}

/* The funcs index of a function (fn, or a pseudo-function named fixed_name when fn is NULL). */
static uint32_t bench_tree_func_index(bench_profile_state *p, const void *identity, const zend_function *fn,
		bool main, const char *fixed_name)
{
	if (!bench_tree_rehash(&p->func_slots, &p->func_slots_size, p->funcs_used)) {
		return BENCH_PROFILE_NONE;
	}
	bench_profile_slot *slot = bench_tree_find(p->func_slots, p->func_slots_size, identity, 0);
	if (slot->identity) {
		return slot->node;
	}
	if (!bench_tree_grow((void **) &p->funcs, &p->funcs_size, sizeof(*p->funcs), p->funcs_used + 1)) {
		return BENCH_PROFILE_NONE;
	}
	bench_profile_func *f = &p->funcs[p->funcs_used];
	bool user = fn && ZEND_USER_CODE(fn->type);
	f->name = fn ? bench_tree_name(fn, main, &p->request) : strdup(fixed_name);
	f->file = user ? strdup(ZSTR_VAL(fn->op_array.filename)) : NULL;
	f->line = user ? fn->op_array.line_start : 0;
	f->native_ip = 0;
	f->symbolized = false;
	memset(&f->ops, 0, sizeof(f->ops));
	/* Where it cannot have them (no memory), its opcodes are all on its first line, as without. */
	if (user && p->line_ops && fn->op_array.line_end >= fn->op_array.line_start) {
		uint32_t size = fn->op_array.line_end - fn->op_array.line_start + 1;
		if ((f->ops.counts = calloc(size, sizeof(*f->ops.counts)))) {
			f->ops.base = fn->op_array.line_start;
			f->ops.size = size;
		}
	}
	if (!f->name) {
		free(f->ops.counts);
		free(f->file);
		return BENCH_PROFILE_NONE;
	}
	slot->identity = identity;
	slot->parent = 0;
	slot->node = p->funcs_used;
	p->slots_filled = true;
	return p->funcs_used++;
}

/* ---- the call tree ---------------------------------------------------------- */

uint32_t bench_tree_new_node(bench_profile_state *p, uint32_t func, uint32_t parent, uint32_t line)
{
	if (!bench_tree_grow((void **) &p->nodes, &p->nodes_size, sizeof(*p->nodes), p->nodes_used + 1)) {
		return BENCH_PROFILE_NONE;
	}
	bench_profile_node *node = &p->nodes[p->nodes_used];
	memset(node, 0, sizeof(*node));
	node->func = func;
	node->parent = parent;
	node->line = line;
	return p->nodes_used++;
}

zend_never_inline uint32_t bench_tree_new_child(bench_profile_state *p, uint32_t parent, const void *key,
		const void *identity, uint32_t line, const zend_function *fn, bool main, const char *fixed_name)
{
	/* Make room first, which may move the slot. */
	if (!bench_tree_rehash(&p->slots, &p->slots_size, p->nodes_used)) {
		p->folded_nodes++;
		return parent;
	}
	bench_profile_slot *slot = bench_tree_find(p->slots, p->slots_size, key, parent);
	if (p->nodes_used >= (uint32_t) BENCH_INI(max_nodes)) {
		p->folded_nodes++;
		return parent;
	}
	uint32_t func = bench_tree_func_index(p, identity, fn, main, fixed_name);
	uint32_t node = func == BENCH_PROFILE_NONE ? BENCH_PROFILE_NONE : bench_tree_new_node(p, func, parent, line);
	if (node == BENCH_PROFILE_NONE) {
		p->folded_nodes++;
		return parent;
	}
	slot->identity = key;
	slot->parent = parent;
	slot->node = node;
	p->slots_filled = true;
	p->nodes[parent].last_key = key;
	p->nodes[parent].last_child = node;
	return node;
}

/* ---- the tree's entries for each kind of frame --------------------------------- */

uint32_t bench_profile_frame_node(bench_profile_state *p, uint32_t parent, const zend_function *fn, bool main, uint32_t line)
{
	return bench_tree_child_of(p, parent, bench_tree_identity(fn), line, fn, main, NULL);
}

uint32_t bench_profile_native_node(bench_profile_state *p, uint32_t parent, uintptr_t ip)
{
	char name[32];

	/* A return address may be any value: one equal to a function's identity is a 64-bit hash's chance. */
	snprintf(name, sizeof(name), "0x%lx", (unsigned long) ip);
	uint32_t node = bench_tree_child_of(p, parent, (const void *) ip, 0, NULL, false, name);
	if (node != parent) {
		p->funcs[p->nodes[node].func].native_ip = ip;
	}
	return node;
}

uint32_t bench_profile_named_node(bench_profile_state *p, uint32_t parent, const char *name)
{
	/* Odd (never NULL nor an internal function's identity), and distinct per name string. */
	return bench_tree_child_of(p, parent, (const void *) ((uintptr_t) name | 1), 0, NULL, false, name);
}

/* ---- a new tree ------------------------------------------------------------------- */

void bench_tree_clear(bench_profile_state *p)
{
	for (uint32_t i = 0; i < p->funcs_used; i++) {
		free(p->funcs[i].name);
		free(p->funcs[i].file);
		free(p->funcs[i].ops.counts);
	}
	p->funcs_used = 0;
	p->nodes_used = 0;
	/* Most sampled requests get no sample: their tables stay empty and need no clearing. */
	if (p->slots_filled) {
		if (p->slots) {
			memset(p->slots, 0, sizeof(*p->slots) * p->slots_size);
		}
		if (p->func_slots) {
			memset(p->func_slots, 0, sizeof(*p->func_slots) * p->func_slots_size);
		}
		p->slots_filled = false;
	}
	memset(p->overhead, 0, sizeof(p->overhead));
	p->folded_depth = 0;
	p->folded_nodes = 0;
}
