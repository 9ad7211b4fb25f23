--TEST--
Sample mode: where a seccomp filter refuses a thread made with clone() alone, the ticker is a pthread and still samples
--DESCRIPTION--
deny_syscall.c refuses clone() of a thread without CLONE_SETTLS, as a filter
that allows only what pthread_create does would. bench then starts the ticker
with pthread_create, and bench_info() says so. Not under valgrind, which makes
every thread that way on the host, pthreads too.
--SKIPIF--
<?php require __DIR__ . '/ticker_thread.inc'; ticker_thread_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind makes every thread without CLONE_SETTLS'); ?>
--FILE--
<?php
require __DIR__ . '/ticker_thread.inc';
ticker_thread_run('bare_clone');
?>
--EXPECT--
threads: 2, one named 'bench ticker': yes
ticker_thread: pthread
glibc single-threaded at exit: no
work sampled: yes
