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
#include "request_end.h"

/*
 * The engine calls the modules' RSHUTDOWN in the reverse order of the module
 * registry, so an extension loaded from php.ini ends its request before the
 * built-in ones (session, standard) end theirs, and a session save handler
 * runs after bench's RSHUTDOWN. No engine hook lies between the last RSHUTDOWN
 * and the executor's teardown (which must find our allocation handlers gone:
 * with them on, it takes its slow path). So bench wraps the RSHUTDOWN of the
 * module the engine deactivates last: the first one in the registry that has
 * one. zend_deactivate_modules() reads each module's function pointer when it
 * calls it, so the wrapper takes effect from the first request.
 */
static zend_module_entry *bench_request_end_module;
static zend_result (*bench_request_end_wrapped)(int type, int module_number);
static void (*bench_request_end_fn)(void);

static zend_result bench_request_end_wrapper(int type, int module_number)
{
	/* Read after a longjmp: kept in memory. */
	volatile zend_result result = FAILURE;

	/* A bailout in the wrapped RSHUTDOWN must not skip the request's end. */
	zend_try {
		result = bench_request_end_wrapped(type, module_number);
	} zend_end_try();
	bench_request_end_fn();
	return result;
}

bool bench_request_end_minit(void (*end)(void))
{
	zend_module_entry *module, *last = NULL;

	ZEND_HASH_FOREACH_PTR(&module_registry, module) {
		if (module->request_shutdown_func) {
			last = module;
			break;
		}
	} ZEND_HASH_FOREACH_END();
	/* bench itself (or none) is deactivated last: its own RSHUTDOWN ends the request. */
	if (!last || strcmp(last->name, "bench") == 0) {
		return false;
	}
	bench_request_end_module = last;
	bench_request_end_wrapped = last->request_shutdown_func;
	bench_request_end_fn = end;
	last->request_shutdown_func = bench_request_end_wrapper;
	return true;
}

void bench_request_end_mshutdown(void)
{
	if (bench_request_end_module && bench_request_end_module->request_shutdown_func == bench_request_end_wrapper) {
		bench_request_end_module->request_shutdown_func = bench_request_end_wrapped;
	}
	bench_request_end_module = NULL;
}
