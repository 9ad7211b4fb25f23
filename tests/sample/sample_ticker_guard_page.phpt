--TEST--
Sample mode: where the guard page below the ticker's own stack cannot be set, the ticker is a pthread and still samples
--DESCRIPTION--
The ticker made with clone() runs on a stack of bench's own, with a page
below it made inaccessible so that an overflow faults instead of writing
over other memory. mprotect()'s result was not looked at: where it failed,
the ticker ran without the guard. deny_syscall.c now makes that mprotect()
fail (ENOMEM), and bench starts the ticker with pthread_create, whose stacks
glibc guards. Not under valgrind, which makes every thread its own way.
--SKIPIF--
<?php require __DIR__ . '/ticker_thread.inc'; ticker_thread_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind makes every thread without CLONE_SETTLS'); ?>
--FILE--
<?php
require __DIR__ . '/ticker_thread.inc';
ticker_thread_run('guard_page');
?>
--EXPECT--
threads: 2, one named 'bench ticker': yes
ticker_thread: pthread
glibc single-threaded at exit: no
work sampled: yes
