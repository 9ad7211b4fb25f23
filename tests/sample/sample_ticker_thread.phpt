--TEST--
Sample mode: the ticker is a thread glibc does not know of, so the process keeps glibc's single-threaded fast paths
--DESCRIPTION--
Once a process has made a pthread, glibc takes its locks with atomic
instructions for good: every pthread_mutex_lock (SQLite takes one per
allocation), malloc arena lock and stdio lock. The ticker is made with clone()
directly, which glibc does not count. single_threaded.c, preloaded, says at
exit what glibc believed (__libc_single_threaded never goes back to true), and
the script checks that the ticker ran beside it, under its name, and sampled.
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
profile_skip();
if (!in_array(php_uname('m'), ['x86_64', 'aarch64'], true)) die('skip the ticker is a pthread on this architecture');
if (trim((string) shell_exec('command -v cc')) === '') die('skip no C compiler to build the helper');
if (!glob('/usr/include{,/*}/sys/single_threaded.h', GLOB_BRACE)) die('skip glibc too old (no __libc_single_threaded)');
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$helper = sys_get_temp_dir() . '/bench-single-threaded-' . getmypid() . '.so';
exec(sprintf('cc -O2 -shared -fPIC -o %s %s 2>&1', escapeshellarg($helper), escapeshellarg(__DIR__ . '/single_threaded.c')), $out, $status);
if ($status !== 0) {
    die("cannot build the helper: " . implode("\n", $out));
}
$run = sample_run(<<<'PHP'
<?php
function work() { $t = hrtime(true); while (hrtime(true) - $t < 100e6) {} }
work();
$names = array_map(fn($f) => trim(file_get_contents($f)), glob('/proc/self/task/*/comm'));
printf("threads: %d, one named 'bench ticker': %s\n", count($names), in_array('bench ticker', $names, true) ? 'yes' : 'no');
echo 'ticker_thread: ', bench_info()['sample']['ticker_thread'], "\n";
PHP, [], 'folded', ['LD_PRELOAD' => $helper]);
unlink($helper);
echo $run['output'], "\n";
$paths = sample_folded(current($run['files']) ?: '');
// 100 ms of work at 10 ms: 10 ticks; half of them is a bound no loaded machine misses.
printf("work sampled: %s\n", sample_weight($paths, '{request};{main};work') >= 50e6 ? 'yes' : 'no');
?>
--EXPECT--
threads: 2, one named 'bench ticker': yes
ticker_thread: clone
glibc single-threaded at exit: yes
work sampled: yes
