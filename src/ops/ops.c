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

static bool bench_ops_installed;

/* Handlers another extension set before us, called after counting. */
static user_opcode_handler_t bench_ops_previous[256];

static int bench_ops_count(zend_execute_data *execute_data)
{
	user_opcode_handler_t previous = bench_ops_previous[EX(opline)->opcode];

	bench_ops_executed++;
	if (previous) {
		return previous(execute_data);
	}
	return ZEND_USER_OPCODE_DISPATCH;
}

void bench_ops_minit(void)
{
	for (int opcode = 0; opcode <= ZEND_VM_LAST_OPCODE; opcode++) {
		/*
		 * HANDLE_EXCEPTION runs on EG(exception_op), outside any op array, and
		 * is left to the VM (as Xdebug's coverage does): it is not counted.
		 */
		if (opcode == ZEND_HANDLE_EXCEPTION) {
			continue;
		}
		bench_ops_previous[opcode] = zend_get_user_opcode_handler((zend_uchar) opcode);
		zend_set_user_opcode_handler((zend_uchar) opcode, bench_ops_count);
	}
	bench_ops_installed = true;
}

void bench_ops_mshutdown(void)
{
	if (!bench_ops_installed) {
		return;
	}
	for (int opcode = 0; opcode <= ZEND_VM_LAST_OPCODE; opcode++) {
		if (opcode == ZEND_HANDLE_EXCEPTION) {
			continue;
		}
		if (zend_get_user_opcode_handler((zend_uchar) opcode) == bench_ops_count) {
			zend_set_user_opcode_handler((zend_uchar) opcode, bench_ops_previous[opcode]);
		}
	}
	bench_ops_installed = false;
}

bool bench_ops_enabled(void)
{
	return bench_ops_installed;
}
