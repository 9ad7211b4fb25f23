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
#include "zend_vm_opcodes.h"
#include "ops.h"

TSRM_TLS uint64_t bench_ops_executed;
TSRM_TLS bench_ops_lines bench_ops_at;

static bool bench_ops_installed;

/* Handlers another extension set before us, called after counting. */
static user_opcode_handler_t bench_ops_previous[256];

/*
 * Counts an opcode, and on its line where that is in the lines counted: the
 * profile keeps them those of the innermost owner's function, which runs the
 * opcodes while every user function is an owner. (A line outside them, or
 * none counted, costs a compare: size is 0.)
 */
static zend_always_inline void bench_ops_count_one(const zend_op *opline)
{
	uint32_t i = opline->lineno - bench_ops_at.base;

	if (i < bench_ops_at.size) {
		bench_ops_at.counts[i]++;
	}
	bench_ops_executed++;
}

static int bench_ops_count(zend_execute_data *execute_data)
{
	user_opcode_handler_t previous = bench_ops_previous[EX(opline)->opcode];

	bench_ops_count_one(EX(opline));
	if (previous) {
		return previous(execute_data);
	}
	return ZEND_USER_OPCODE_DISPATCH;
}

/*
 * A call of a function without typed parameters starts past the RECV and
 * RECV_INIT of the arguments passed, which do nothing then; unless an
 * observer is registered (Xdebug in any mode, bench's profile mode), whose
 * calls start at the first opcode. Those are not counted either way, so that
 * the same code counts the same.
 */
static int bench_ops_count_recv(zend_execute_data *execute_data)
{
	const zend_op *opline = EX(opline);
	user_opcode_handler_t previous = bench_ops_previous[opline->opcode];

	if ((EX(func)->op_array.fn_flags & ZEND_ACC_HAS_TYPE_HINTS) || opline->op1.num > EX_NUM_ARGS()) {
		bench_ops_count_one(opline);
	}
	if (previous) {
		return previous(execute_data);
	}
	return ZEND_USER_OPCODE_DISPATCH;
}

/*
 * Opcodes left uncounted. HANDLE_EXCEPTION runs on EG(exception_op), outside
 * any op array, and is left to the VM (as Xdebug's coverage does). The EXT_
 * opcodes are markers that a debugger or coverage tool has the compiler add
 * (Xdebug does, in develop, trace and coverage mode at least): counting them
 * would make the same code's count depend on which extensions are loaded.
 */
static bool bench_ops_skipped(int opcode)
{
	switch (opcode) {
		case ZEND_HANDLE_EXCEPTION:
		case ZEND_EXT_STMT:
		case ZEND_EXT_FCALL_BEGIN:
		case ZEND_EXT_FCALL_END:
		case ZEND_EXT_NOP:
			return true;
		default:
			return false;
	}
}

void bench_ops_minit(void)
{
	for (int opcode = 0; opcode <= ZEND_VM_LAST_OPCODE; opcode++) {
		if (bench_ops_skipped(opcode)) {
			continue;
		}
		bench_ops_previous[opcode] = zend_get_user_opcode_handler((zend_uchar) opcode);
		zend_set_user_opcode_handler((zend_uchar) opcode,
			opcode == ZEND_RECV || opcode == ZEND_RECV_INIT ? bench_ops_count_recv : bench_ops_count);
	}
	bench_ops_installed = true;
}

void bench_ops_mshutdown(void)
{
	if (!bench_ops_installed) {
		return;
	}
	for (int opcode = 0; opcode <= ZEND_VM_LAST_OPCODE; opcode++) {
		if (bench_ops_skipped(opcode)) {
			continue;
		}
		user_opcode_handler_t ours = opcode == ZEND_RECV || opcode == ZEND_RECV_INIT ? bench_ops_count_recv : bench_ops_count;
		if (zend_get_user_opcode_handler((zend_uchar) opcode) == ours) {
			zend_set_user_opcode_handler((zend_uchar) opcode, bench_ops_previous[opcode]);
		}
	}
	bench_ops_installed = false;
}

bool bench_ops_enabled(void)
{
	return bench_ops_installed;
}
