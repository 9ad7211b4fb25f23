--TEST--
Sample mode: a script that resets every signal to its default action while bench.sample_signal's timer runs keeps running; bench says its samples stopped, once
--DESCRIPTION--
The timer signal was a real-time one (SIGRTMIN+6), whose default action is
to terminate: code that resets every signal with pcntl_signal(..., SIG_DFL),
as some workers and daemons do at start, got its process killed by bench's
next expiry ("Real-time signal 6", exit status 128 + 40). The timer now
raises SIGURG, whose default action is to ignore it. The request goes on
and ends normally; bench notices at its end that its handler is gone and
warns once; the samples taken before the reset are kept (work() ran 150 ms of
CPU before it, sampled every millisecond).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (!function_exists('pcntl_signal')) die('skip pcntl not available');
if (!(bench_info()['features']['libunwind']['available'] ?? false)) die('skip built without libunwind');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind delivers a signal only at a system call'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function cpu() { $u = getrusage(); return $u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6 + $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6; }
function work($s) { $t = cpu(); while (cpu() - $t < $s) { md5(str_repeat('x', 10000)); } }
work(0.15);
// What a daemon that starts from a clean slate does.
for ($signo = 1; $signo < 65; $signo++) {
    // SIGKILL, SIGSTOP and the C library's own (32, 33) cannot be set.
    if (!in_array($signo, [SIGKILL, SIGSTOP, 32, 33], true)) {
        pcntl_signal($signo, SIG_DFL);
    }
}
work(0.3);
echo "still running\n";
PHP;
$run = sample_run($code, ['bench.sample_clock' => 'cpu', 'bench.native_stacks' => '1', 'bench.sample_signal' => '1',
    'bench.sample_interval_us' => '1000', 'bench.alloc_sample_bytes' => '0']);
echo trim($run['output']), "\nexit status: ", $run['status'], "\n", count($run['files']), " profile\n";
foreach ($run['files'] as $text) {
    $work = sample_weight(sample_folded($text), '{request};{main};work');
    echo "work() sampled for 50 ms of CPU or more: ", $work >= 50e6 ? 'yes' : "no ($work)", "\n";
}
?>
--EXPECTF--
still running

Warning: bench: the handler of bench's timer signal (23) was replaced during the request (pcntl_signal()?): its CPU samples stopped there
exit status: 0
1 profile
work() sampled for 50 ms of CPU or more: yes
