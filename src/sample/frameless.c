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
#include "frameless.h"

#if PHP_VERSION_ID >= 80400
#include "zend_frameless_function.h"

/*
 * A frameless call runs zend_flf_handlers[opline->extended_value] from the
 * VM; the JIT reads that slot when it compiles the call and calls the address
 * it found. So the slots are switched at post-startup, before the JIT and
 * preload compile anything, and never back while PHP runs. The compiler
 * finds a function's slot by looking its infos' handler up in
 * zend_flf_handlers, so each wrapped function also gets a copy of its infos
 * (kept here) that names the wrappers. One wrapper per slot, generated below:
 * it must know which function it stands for. PHP 8.5's own extensions have
 * 6, 14 and 6 handlers of 1, 2 and 3 arguments; others may add theirs.
 */
#define BENCH_FRAMELESS_PER_ARITY 128
#define BENCH_FRAMELESS_SLOTS (4 * BENCH_FRAMELESS_PER_ARITY)
/* Room for every slot's info plus one terminator per function. */
#define BENCH_FRAMELESS_INFOS (2 * BENCH_FRAMELESS_SLOTS)

static void *bench_frameless_original[4][BENCH_FRAMELESS_PER_ARITY];
static zend_function *bench_frameless_function[4][BENCH_FRAMELESS_PER_ARITY];
/** the function's key in the function table, to tell that it is still there */
static zend_string *bench_frameless_name[4][BENCH_FRAMELESS_PER_ARITY];
static const uint64_t *bench_frameless_due_word;
static bench_frameless_due_fn bench_frameless_due;
static zend_frameless_function_info bench_frameless_infos[BENCH_FRAMELESS_INFOS];
/** each wrapped slot's wrapper: arity * BENCH_FRAMELESS_PER_ARITY + its number */
static uint16_t bench_frameless_wrapper_of[BENCH_FRAMELESS_SLOTS];
/** how many slots are wrapped */
static uint32_t bench_frameless_count;

uint32_t bench_frameless_running;

zend_function *bench_frameless_function_of(uint32_t code)
{
	if (code == 0 || code > BENCH_FRAMELESS_SLOTS) {
		return NULL;
	}
	uint32_t arity = (code - 1) / BENCH_FRAMELESS_PER_ARITY, n = (code - 1) % BENCH_FRAMELESS_PER_ARITY;
	zend_function *func = bench_frameless_function[arity][n];

	if (!func) {
		return NULL;
	}
	/*
	 * A function disabled in a php-fpm pool (php_admin_value[disable_functions])
	 * is freed in each worker after the wrap, while opcodes that opcache shares
	 * with another pool may still call its slot: it is named only while the
	 * function table still holds it.
	 */
	return zend_hash_find_ptr(CG(function_table), bench_frameless_name[arity][n]) == func ? func : NULL;
}

/*
 * The call's code is posted for the ticker while it runs (the outer one put
 * back after: a frameless function may run PHP code, which may make frameless
 * calls; a plain read, as only this thread writes it). The tick count is the
 * due word's low half.
 */
#define BENCH_FRAMELESS_CODE(arity, n) ((arity) * BENCH_FRAMELESS_PER_ARITY + (n) + 1)
#define BENCH_FRAMELESS_BEFORE(arity, n) \
	uint32_t outer = bench_frameless_running; \
	__atomic_store_n(&bench_frameless_running, BENCH_FRAMELESS_CODE(arity, n), __ATOMIC_RELAXED);
#define BENCH_FRAMELESS_AFTER(arity, n) \
	__atomic_store_n(&bench_frameless_running, outer, __ATOMIC_RELAXED); \
	if (UNEXPECTED((uint32_t) __atomic_load_n(bench_frameless_due_word, __ATOMIC_RELAXED) != 0)) { \
		bench_frameless_due(BENCH_FRAMELESS_CODE(arity, n)); \
	}

#define BENCH_FRAMELESS_DEFINE_0(hi, lo) \
	static void bench_frameless_0_##hi##_##lo(zval *rv) \
	{ \
		BENCH_FRAMELESS_BEFORE(0, hi * 16 + lo) \
		((zend_frameless_function_0) bench_frameless_original[0][hi * 16 + lo])(rv); \
		BENCH_FRAMELESS_AFTER(0, hi * 16 + lo) \
	}
#define BENCH_FRAMELESS_DEFINE_1(hi, lo) \
	static void bench_frameless_1_##hi##_##lo(zval *rv, zval *a1) \
	{ \
		BENCH_FRAMELESS_BEFORE(1, hi * 16 + lo) \
		((zend_frameless_function_1) bench_frameless_original[1][hi * 16 + lo])(rv, a1); \
		BENCH_FRAMELESS_AFTER(1, hi * 16 + lo) \
	}
#define BENCH_FRAMELESS_DEFINE_2(hi, lo) \
	static void bench_frameless_2_##hi##_##lo(zval *rv, zval *a1, zval *a2) \
	{ \
		BENCH_FRAMELESS_BEFORE(2, hi * 16 + lo) \
		((zend_frameless_function_2) bench_frameless_original[2][hi * 16 + lo])(rv, a1, a2); \
		BENCH_FRAMELESS_AFTER(2, hi * 16 + lo) \
	}
#define BENCH_FRAMELESS_DEFINE_3(hi, lo) \
	static void bench_frameless_3_##hi##_##lo(zval *rv, zval *a1, zval *a2, zval *a3) \
	{ \
		BENCH_FRAMELESS_BEFORE(3, hi * 16 + lo) \
		((zend_frameless_function_3) bench_frameless_original[3][hi * 16 + lo])(rv, a1, a2, a3); \
		BENCH_FRAMELESS_AFTER(3, hi * 16 + lo) \
	}
#define BENCH_FRAMELESS_DEFINE(arity, hi, lo) BENCH_FRAMELESS_DEFINE_##arity(hi, lo)
#define BENCH_FRAMELESS_ENTRY(arity, hi, lo) (void *) bench_frameless_##arity##_##hi##_##lo,

#define BENCH_FRAMELESS_16(M, arity, hi) \
	M(arity, hi, 0) M(arity, hi, 1) M(arity, hi, 2) M(arity, hi, 3) M(arity, hi, 4) M(arity, hi, 5) M(arity, hi, 6) \
	M(arity, hi, 7) M(arity, hi, 8) M(arity, hi, 9) M(arity, hi, 10) M(arity, hi, 11) M(arity, hi, 12) M(arity, hi, 13) \
	M(arity, hi, 14) M(arity, hi, 15)
#define BENCH_FRAMELESS_128(M, arity) \
	BENCH_FRAMELESS_16(M, arity, 0) BENCH_FRAMELESS_16(M, arity, 1) BENCH_FRAMELESS_16(M, arity, 2) \
	BENCH_FRAMELESS_16(M, arity, 3) BENCH_FRAMELESS_16(M, arity, 4) BENCH_FRAMELESS_16(M, arity, 5) \
	BENCH_FRAMELESS_16(M, arity, 6) BENCH_FRAMELESS_16(M, arity, 7)

BENCH_FRAMELESS_128(BENCH_FRAMELESS_DEFINE, 0)
BENCH_FRAMELESS_128(BENCH_FRAMELESS_DEFINE, 1)
BENCH_FRAMELESS_128(BENCH_FRAMELESS_DEFINE, 2)
BENCH_FRAMELESS_128(BENCH_FRAMELESS_DEFINE, 3)

static void *const bench_frameless_wrappers[4][BENCH_FRAMELESS_PER_ARITY] = {
	{BENCH_FRAMELESS_128(BENCH_FRAMELESS_ENTRY, 0)},
	{BENCH_FRAMELESS_128(BENCH_FRAMELESS_ENTRY, 1)},
	{BENCH_FRAMELESS_128(BENCH_FRAMELESS_ENTRY, 2)},
	{BENCH_FRAMELESS_128(BENCH_FRAMELESS_ENTRY, 3)},
};

/** Whether handler is among the first count of handlers. */
static bool bench_frameless_in(void *const *handlers, uint32_t count, const void *handler)
{
	for (uint32_t i = 0; i < count; i++) {
		if (handlers[i] == handler) {
			return true;
		}
	}
	return false;
}

/*
 * Whether no internal method names a handler that is about to be wrapped:
 * methods are not given copies of their infos, and a handler the compiler's
 * lookup does not find sends it past the table's end.
 */
static bool bench_frameless_methods_unwrapped(void *const *originals, uint32_t count)
{
	zend_class_entry *ce;
	zend_function *func;

	ZEND_HASH_FOREACH_PTR(CG(class_table), ce) {
		if (ce->type != ZEND_INTERNAL_CLASS) {
			continue;
		}
		ZEND_HASH_FOREACH_PTR(&ce->function_table, func) {
			if (func->type != ZEND_INTERNAL_FUNCTION || !func->internal_function.frameless_function_infos) {
				continue;
			}
			for (const zend_frameless_function_info *info = func->internal_function.frameless_function_infos;
					info->handler; info++) {
				if (bench_frameless_in(originals, count, info->handler)) {
					return false;
				}
			}
		} ZEND_HASH_FOREACH_END();
	} ZEND_HASH_FOREACH_END();
	return true;
}

/*
 * zend_flf_count is not exported, and a slot's function may be freed (one
 * removed by disable_functions): the slots are found from the function
 * table, whose order is that of registration, as theirs is: each function
 * registered with frameless infos took the next slot for each of them, in
 * order. A function listed twice, a copy of one, a gap: nothing is wrapped.
 * Slots added later, by dl(), stay as they are, as do their functions' infos.
 */
const char *bench_frameless_wrap(const uint64_t *due_word, bench_frameless_due_fn due)
{
	static zend_function *funcs[BENCH_FRAMELESS_SLOTS];
	static zend_frameless_function_info *copies[BENCH_FRAMELESS_SLOTS];
	static void *originals[BENCH_FRAMELESS_SLOTS];
	uint32_t used[4] = {0, 0, 0, 0};
	uint32_t count = 0, nfuncs = 0, infos_used = 0;
	zend_string *name;
	zend_function *func;

	ZEND_HASH_FOREACH_STR_KEY_PTR(CG(function_table), name, func) {
		if (func->type != ZEND_INTERNAL_FUNCTION || !func->internal_function.frameless_function_infos) {
			continue;
		}
		const zend_frameless_function_info *infos = func->internal_function.frameless_function_infos;
		uint32_t entries = 0;
		while (infos[entries].handler) {
			entries++;
		}
		if (entries == 0) {
			continue;
		}
		if (infos_used + entries + 1 > BENCH_FRAMELESS_INFOS || count + entries > BENCH_FRAMELESS_SLOTS) {
			return "more frameless handlers than bench has wrappers for";
		}
		zend_frameless_function_info *copy = &bench_frameless_infos[infos_used];
		memcpy(copy, infos, sizeof(*infos) * (entries + 1));
		for (uint32_t e = 0; e < entries; e++, count++) {
			uint32_t arity = infos[e].num_args;
			/* The table ends with a NULL handler: a slot past it is never read. */
			if (!zend_flf_handlers[count] || zend_flf_functions[count] != func || zend_flf_handlers[count] != infos[e].handler) {
				return "the frameless slots are not in the function table's order (disable_functions?)";
			}
			if (arity > 3 || used[arity] == BENCH_FRAMELESS_PER_ARITY) {
				return "more frameless handlers of one arity than bench has wrappers for";
			}
			uint32_t n = used[arity]++;
			bench_frameless_original[arity][n] = infos[e].handler;
			bench_frameless_function[arity][n] = func;
			bench_frameless_name[arity][n] = name;
			bench_frameless_wrapper_of[count] = (uint16_t) (arity * BENCH_FRAMELESS_PER_ARITY + n);
			originals[count] = infos[e].handler;
			copy[e].handler = bench_frameless_wrappers[arity][n];
		}
		infos_used += entries + 1;
		funcs[nfuncs] = func;
		copies[nfuncs++] = copy;
	} ZEND_HASH_FOREACH_END();
	if (count == 0) {
		return "no frameless function is registered";
	}
	if (!bench_frameless_methods_unwrapped(originals, count)) {
		return "a method's frameless handler would not be found by the compiler";
	}
	bench_frameless_due_word = due_word;
	bench_frameless_due = due;
	for (uint32_t f = 0; f < nfuncs; f++) {
		funcs[f]->internal_function.frameless_function_infos = copies[f];
	}
	for (uint32_t slot = 0; slot < count; slot++) {
		uint32_t w = bench_frameless_wrapper_of[slot];
		zend_flf_handlers[slot] = bench_frameless_wrappers[w / BENCH_FRAMELESS_PER_ARITY][w % BENCH_FRAMELESS_PER_ARITY];
	}
	bench_frameless_count = count;
	return NULL;
}

uint32_t bench_frameless_wrapped(void)
{
	return bench_frameless_count;
}

void bench_frameless_unwrap(void)
{
	/*
	 * The slots only: the functions of a module shut down before bench are
	 * freed by now, and nothing is compiled after shutdown to read their infos.
	 */
	for (uint32_t slot = 0; slot < bench_frameless_count; slot++) {
		uint32_t w = bench_frameless_wrapper_of[slot];
		zend_flf_handlers[slot] = bench_frameless_original[w / BENCH_FRAMELESS_PER_ARITY][w % BENCH_FRAMELESS_PER_ARITY];
	}
	bench_frameless_count = 0;
}
#endif
