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

#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <dlfcn.h>
#ifdef HAVE_BENCH_LIBUNWIND
# define UNW_LOCAL_ONLY
# include <libunwind.h>
#endif
#include "php.h"
#include "zend_execute.h"
#include "native.h"

bool bench_native_available(void)
{
#ifdef HAVE_BENCH_LIBUNWIND
	return true;
#else
	return false;
#endif
}

/*
 * Whether a return address lies in the executor or in bench: the native
 * frames of a sample stop there, as the PHP frames take over (the VM inlines
 * its call handlers into execute_ex; before 8.4 internal calls go through
 * bench's execute_internal wrapper).
 */
static bool bench_native_is_executor(uintptr_t ip)
{
	static Dl_info self;
	Dl_info info;

	if (!self.dli_fbase) {
		dladdr((void *) bench_native_is_executor, &self);
	}
	if (!dladdr((void *) (ip - 1), &info)) {
		return false;
	}
	return info.dli_fbase == self.dli_fbase || info.dli_saddr == (void *) execute_ex
		|| info.dli_saddr == (void *) execute_internal || info.dli_saddr == (void *) zend_call_function;
}

/* Inlined in both callers below, so that each counts the frames to skip from itself. */
static zend_always_inline int bench_native_unwind(uintptr_t *ips, int max, int skip)
{
#ifdef HAVE_BENCH_LIBUNWIND
	void *frames[128];
	int n = unw_backtrace(frames, max + skip < 128 ? max + skip : 128), kept = 0;

	for (int i = skip; i < n && kept < max; i++) {
		ips[kept++] = (uintptr_t) frames[i];
	}
	return kept;
#else
	(void) ips;
	(void) max;
	(void) skip;
	return 0;
#endif
}

int bench_native_backtrace(uintptr_t *ips, int max, int skip)
{
	return bench_native_unwind(ips, max, skip);
}

int bench_native_trim(const uintptr_t *ips, int n)
{
	for (int i = 0; i < n; i++) {
		if (bench_native_is_executor(ips[i])) {
			return i;
		}
	}
	return n;
}

uintptr_t bench_native_function_start(uintptr_t ip)
{
#ifdef HAVE_BENCH_LIBUNWIND
	unw_proc_info_t info;

	/* From the unwind tables (.eh_frame), which a stripped library keeps. */
	if (unw_get_proc_info_by_ip(unw_local_addr_space, (unw_word_t) ip, &info, NULL) == 0 && info.start_ip != 0) {
		return (uintptr_t) info.start_ip;
	}
#endif
	return ip;
}

int bench_native_capture(uintptr_t *ips, int max, int skip)
{
	return bench_native_trim(ips, bench_native_unwind(ips, max, skip));
}
