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
#include "zend_observer.h"
#include "observer.h"
#include "src/profile/profile.h"

static void bench_observer_begin(zend_execute_data *execute_data)
{
	bench_profile_enter(execute_data);
}

static void bench_observer_end(zend_execute_data *execute_data, zval *retval)
{
	bench_profile_leave();
}

/* Called once per function (the engine caches the answer in its run-time cache). */
static zend_observer_fcall_handlers bench_observer_init(zend_execute_data *execute_data)
{
	if (!bench_profile_is_owner(execute_data->func)) {
		return (zend_observer_fcall_handlers){NULL, NULL};
	}
	return (zend_observer_fcall_handlers){bench_observer_begin, bench_observer_end};
}

void bench_observer_minit(void)
{
	zend_observer_fcall_register(bench_observer_init);
	bench_profile_minit_identities();
	bench_profile_minit_fibers();
	zend_observer_fiber_init_register(bench_profile_fiber_init);
	zend_observer_fiber_switch_register(bench_profile_fiber_switch);
	zend_observer_fiber_destroy_register(bench_profile_fiber_destroy);
}
