/*
   +----------------------------------------------------------------------+
   | bench: what PHP code costs, and which function owns the cost         |
   +----------------------------------------------------------------------+
   | Licensed under the MIT License (see LICENSE).                        |
   +----------------------------------------------------------------------+
*/

#ifndef BENCH_SRC_LIB_VISIBILITY_H
#define BENCH_SRC_LIB_VISIBILITY_H

/*
 * For a variable one file defines and the hooks of another read: hidden, as
 * -fvisibility=hidden makes its definition, so that its readers address it
 * directly, not through the GOT (an instruction more a read on every call).
 */
#if defined(__GNUC__)
# define BENCH_HIDDEN __attribute__((visibility("hidden")))
#else
# define BENCH_HIDDEN
#endif

#endif /* BENCH_SRC_LIB_VISIBILITY_H */
