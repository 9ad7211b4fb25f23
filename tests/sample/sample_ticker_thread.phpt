--TEST--
Sample mode: the ticker is a thread glibc does not know of, so the process keeps glibc's single-threaded fast paths
--DESCRIPTION--
Once a process has made a pthread, glibc takes its locks with atomic
instructions for good: every pthread_mutex_lock (SQLite takes one per
allocation), malloc arena lock and stdio lock. The ticker is made with clone()
directly, which glibc does not count. single_threaded.c, preloaded, says at
exit what glibc believed (__libc_single_threaded never goes back to true), and
the script checks that the ticker ran beside it, under its name, and sampled.
bench.so is linked with -z now: a call through a symbol not yet bound would run
the dynamic linker on the ticker, which writes the PHP thread's thread state.
--SKIPIF--
<?php require __DIR__ . '/ticker_thread.inc'; ticker_thread_skip();
if (trim((string) shell_exec('command -v readelf')) === '') die('skip readelf (binutils) not installed'); ?>
--FILE--
<?php
require __DIR__ . '/ticker_thread.inc';
ticker_thread_run();
exec('readelf -d ' . escapeshellarg(getenv('BENCH_SO')), $dynamic);
echo "symbols bound at load: ", preg_grep('/\((FLAGS|FLAGS_1)\).*\bNOW\b/', $dynamic) ? 'yes' : 'no', "\n";
?>
--EXPECT--
threads: 2, one named 'bench ticker': yes
ticker_thread: clone
glibc single-threaded at exit: yes
work sampled: yes
symbols bound at load: yes
