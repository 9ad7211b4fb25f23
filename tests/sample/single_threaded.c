/*
 * Preloaded by sample_ticker_thread.phpt: says at exit whether glibc still
 * believes the process single-threaded (it never goes back to true once a
 * pthread was made).
 */
#include <stdio.h>
#include <sys/single_threaded.h>

__attribute__((destructor)) static void bench_test_say_single_threaded(void)
{
	fprintf(stderr, "glibc single-threaded at exit: %s\n", __libc_single_threaded ? "yes" : "no");
}
