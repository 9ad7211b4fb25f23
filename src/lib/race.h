/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_RACE_H
#define BENCH_SRC_LIB_RACE_H

/*
 * What valgrind's helgrind cannot see for itself, said to it with client
 * requests (a few instructions that do nothing outside valgrind, and no
 * call: safe on a bare thread). It knows pthreads, not atomics nor a thread
 * made with clone() and joined on its futex.
 *
 * BENCH_RACE_ATOMIC(addr, len): memory that threads share through atomics
 * only, by design (the ticker's view of a PHP thread): not checked.
 * BENCH_RACE_BEFORE(obj) ... BENCH_RACE_AFTER(obj): what one thread did
 * before the first comes before what another does after the second.
 */
#ifdef HAVE_VALGRIND_HELGRIND_H
# include <valgrind/helgrind.h>
# define BENCH_RACE_ATOMIC(addr, len) VALGRIND_HG_DISABLE_CHECKING((addr), (len))
# define BENCH_RACE_BEFORE(obj) ANNOTATE_HAPPENS_BEFORE(obj)
# define BENCH_RACE_AFTER(obj) ANNOTATE_HAPPENS_AFTER(obj)
#else
# define BENCH_RACE_ATOMIC(addr, len) ((void) (addr), (void) (len))
# define BENCH_RACE_BEFORE(obj) ((void) (obj))
# define BENCH_RACE_AFTER(obj) ((void) (obj))
#endif

#endif /* BENCH_SRC_LIB_RACE_H */
