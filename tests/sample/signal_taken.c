/*
 * Preloaded by sample_signal.phpt: takes bench's timer signal (SIGURG)
 * before bench can, as pcntl_signal() or another extension might.
 */
#include <signal.h>

static void ignore(int signo)
{
	(void) signo;
}

__attribute__((constructor)) static void take_the_signal(void)
{
	signal(SIGURG, ignore);
}
