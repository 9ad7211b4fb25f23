dnl bench: what PHP code costs, and which function owns the cost.

PHP_ARG_ENABLE([bench],
  [whether to enable bench],
  [AS_HELP_STRING([--enable-bench], [Enable bench, the PHP cost profiler])])

PHP_ARG_WITH([bench-zstd],
  [whether bench uses libzstd],
  [AS_HELP_STRING([[--with-bench-zstd[=DIR]]],
    [bench: compress profiles with libzstd (found with pkg-config, or in DIR)])],
  [yes], [no])

PHP_ARG_WITH([bench-zlib],
  [whether bench uses zlib],
  [AS_HELP_STRING([[--with-bench-zlib[=DIR]]],
    [bench: gzip profiles with zlib, pprof's own convention (found with pkg-config, or in DIR)])],
  [yes], [no])

PHP_ARG_WITH([bench-libunwind],
  [whether bench uses libunwind],
  [AS_HELP_STRING([[--with-bench-libunwind[=DIR]]],
    [bench: native stacks of sampled allocations with libunwind (found with pkg-config, or in DIR)])],
  [yes], [no])

PHP_ARG_ENABLE([bench-dev],
  [whether to build bench with warnings as errors],
  [AS_HELP_STRING([--enable-bench-dev], [bench: compile with -Wall -Wextra -Werror (for development and CI)])],
  [no], [no])

dnl BENCH_CHECK_PKG(option value, pkg-config module, define, what is lost without it)
AC_DEFUN([BENCH_CHECK_PKG], [
  bench_pkg_found=no
  if test "$1" != "no"; then
    bench_saved_pkg_config_path="$PKG_CONFIG_PATH"
    if test "$1" != "yes"; then
      PKG_CONFIG_PATH="$1/lib/pkgconfig:$1/lib64/pkgconfig:$1/share/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
      export PKG_CONFIG_PATH
    fi
    PKG_CHECK_MODULES([BENCH_PKG], [$2], [
      PHP_EVAL_LIBLINE([$BENCH_PKG_LIBS], [BENCH_SHARED_LIBADD])
      PHP_EVAL_INCLINE([$BENCH_PKG_CFLAGS])
      AC_DEFINE([$3], [1], [Whether bench is built with $2])
      bench_pkg_found=yes
    ], [
      AC_MSG_WARN([$2 not found with pkg-config: bench is built without it ($4)])
    ])
    PKG_CONFIG_PATH="$bench_saved_pkg_config_path"
    export PKG_CONFIG_PATH
    unset BENCH_PKG_LIBS BENCH_PKG_CFLAGS pkg_cv_BENCH_PKG_LIBS pkg_cv_BENCH_PKG_CFLAGS
  else
    AC_MSG_NOTICE([bench is built without $2 ($4)])
  fi
])

if test "$PHP_BENCH" != "no"; then
  AC_MSG_CHECKING([whether PHP is 8.2 or newer])
  if test -z "$PHP_VERSION_ID"; then
    PHP_VERSION_ID=`$PHP_CONFIG --vernum`
  fi
  if test -z "$PHP_VERSION_ID" || test "$PHP_VERSION_ID" -lt 80200; then
    AC_MSG_ERROR([bench needs PHP 8.2 or newer (found $PHP_VERSION_ID)])
  fi
  AC_MSG_RESULT([yes, $PHP_VERSION_ID])

  AC_CHECK_HEADERS([linux/perf_event.h])
  dnl Callgrind client requests mark bench_measure()'s phases (bench.callgrind_phases).
  AC_CHECK_HEADERS([valgrind/callgrind.h])
  dnl Helgrind client requests say which memory the ticker shares through atomics (src/lib/race.h).
  AC_CHECK_HEADERS([valgrind/helgrind.h])

  BENCH_CHECK_PKG([$PHP_BENCH_ZSTD], [libzstd], [HAVE_BENCH_ZSTD],
    [bench.compress=zstd writes plain files])
  BENCH_CHECK_PKG([$PHP_BENCH_ZLIB], [zlib], [HAVE_BENCH_ZLIB],
    [pprof profiles and bench.compress=gzip are written plain])
  BENCH_CHECK_PKG([$PHP_BENCH_LIBUNWIND], [libunwind], [HAVE_BENCH_LIBUNWIND],
    [sampled allocations carry no native stack])

  BENCH_CFLAGS="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  AX_CHECK_COMPILE_FLAG([-fvisibility=hidden], [BENCH_CFLAGS="$BENCH_CFLAGS -fvisibility=hidden"])
  if test "$PHP_BENCH_DEV" = "yes"; then
    for bench_flag in -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers; do
      AX_CHECK_COMPILE_FLAG([$bench_flag], [BENCH_CFLAGS="$BENCH_CFLAGS $bench_flag"])
    done
  fi

  bench_sources="bench.c \
    src/alloc/alloc.c \
    src/alloc/live.c \
    src/api/api.c \
    src/api/zstd.c \
    src/cost/cost.c \
    src/cost/perf_event.c \
    src/dump/callgrind.c \
    src/dump/dump.c \
    src/dump/folded.c \
    src/dump/formats.c \
    src/dump/trace.c \
    src/dump/json.c \
    src/dump/ledger.c \
    src/dump/merge.c \
    src/dump/pprof.c \
    src/dump/sink.c \
    src/dump/usage.c \
    src/dump/views.c \
    src/dump/writer.c \
    src/hooks/observer.c \
    src/hooks/request_end.c \
    src/instr/instr.c \
    src/lib/buf.c \
    src/lib/pid.c \
    src/lib/shm.c \
    src/lib/thread.c \
    src/lib/warning.c \
    src/measure/measure.c \
    src/ops/ops.c \
    src/profile/labels.c \
    src/profile/owners.c \
    src/profile/profile.c \
    src/profile/trace.c \
    src/sample/frameless.c \
    src/sample/jit.c \
    src/sample/native.c \
    src/sample/signal.c \
    src/sample/stacks.c \
    src/sample/take.c \
    src/sample/ticker.c \
    src/sample/sample.c \
    src/tree/request.c \
    src/tree/symbols.c \
    src/tree/tree.c \
    src/worker/worker.c"

  PHP_NEW_EXTENSION([bench], [$bench_sources], [$ext_shared], , [$BENCH_CFLAGS])
  dnl The sampling ticker and the writer are threads; allocation samples use log() and dladdr().
  PHP_ADD_LIBRARY([pthread], 1, [BENCH_SHARED_LIBADD])
  PHP_ADD_LIBRARY([m], 1, [BENCH_SHARED_LIBADD])
  PHP_ADD_LIBRARY([dl], 1, [BENCH_SHARED_LIBADD])
  dnl Every symbol is bound when bench.so loads: a lazy binding would run the dynamic linker on the
  dnl ticker, a bare thread that must not touch glibc's thread state (src/lib/thread.h).
  BENCH_SHARED_LIBADD="$BENCH_SHARED_LIBADD -Wl,-z,now"
  PHP_SUBST([BENCH_SHARED_LIBADD])
  PHP_ADD_INCLUDE([$ext_srcdir])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/alloc])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/api])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/cost])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/dump])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/hooks])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/instr])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/lib])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/measure])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/ops])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/profile])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/sample])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/tree])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/worker])
  dnl make install puts the report command (bin/bench) beside the extension.
  PHP_ADD_MAKEFILE_FRAGMENT
fi
