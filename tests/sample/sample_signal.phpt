--TEST--
Sample mode: bench.sample_signal takes CPU samples with a timer signal on the PHP thread's CPU clock, so that they carry native frames; sleeping is not cut short, and a forked child gets its own timer
--DESCRIPTION--
hash_work() hashes a 100 KB string for 300 ms of CPU time, first in a forked
child, then in the parent. md5's time is spent in C (the MD5 rounds), so
nearly every sample under md5 has native frames below it: the test takes 80%
of md5's sampled time (a sample has none only when the signal lands in the
executor or in bench itself). Samples weigh the CPU time since the last one:
at least half of the 300 ms must be under md5 in each process. With the wall
clock the setting does nothing, and says why. Where the signal has a handler
already (signal_taken.c, preloaded), bench warns and the ticker samples.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
if (trim((string) shell_exec('command -v cc')) === '') die('skip no C compiler to build the helper');
// (The handler's memory safety under valgrind is checked by scripts/test's own valgrind runs.)
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind delivers a signal only at a system call: every CPU sample lands on one'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function cpu() { $u = getrusage(); return $u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6 + $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6; }
function hash_work() { $s = str_repeat('x', 100000); $t = cpu(); while (cpu() - $t < 0.3) { md5($s); } }
$t = hrtime(true);
usleep(300000);
printf("usleep(300 ms) slept it all: %s\n", hrtime(true) - $t >= 300e6 ? 'yes' : 'no');
$pid = pcntl_fork();
if ($pid === 0) {
    hash_work();
    exit(0);
}
pcntl_waitpid($pid, $status);
hash_work();
echo bench_info()['sample']['cpu_native_frames'], "\n";
PHP;
$ini = ['bench.sample_clock' => 'cpu', 'bench.native_stacks' => '1', 'bench.sample_signal' => '1',
    'bench.sample_interval_us' => '1000', 'bench.alloc_sample_bytes' => '0'];
// A native frame: "symbol (library)", or "library+0xOFFSET" where the library is stripped.
$native_under_md5 = fn(string $path) => (bool) preg_match('/^\{request\};\{main\};hash_work;md5;(\S+ \([^)]+\)|[\w.+-]+\+0x[0-9a-f]+)(;|$)/', $path);
$run = sample_run($code, $ini);
echo $run['output'], "\n";
echo count($run['files']), " profiles\n";
foreach ($run['files'] as $text) {
    $paths = sample_folded($text);
    $md5 = sample_weight($paths, '{request};{main};hash_work;md5');
    $native = array_sum(array_filter($paths, $native_under_md5, ARRAY_FILTER_USE_KEY));
    printf("md5 sampled for >= 150 ms of CPU: %s; with native frames >= 80%%: %s; bench's frames left out: %s\n",
        $md5 >= 150e6 ? 'yes' : "no ($md5)", $native >= 0.8 * $md5 ? 'yes' : "no ($native of $md5)",
        // Frames of bench.so: "symbol (bench.so)" or "bench.so+0x..." (bench_info() is a PHP function, and may be sampled).
        ($ours = preg_grep('/bench\.so/', array_keys($paths))) ? 'no: ' . implode(' | ', $ours) : 'yes');
}

$run = sample_run($code, ['bench.sample_clock' => 'wall'] + $ini);
echo $run['output'], "\n";
$native = 0;
foreach ($run['files'] as $text) {
    foreach (sample_folded($text) as $path => $weight) {
        $native += $native_under_md5($path) ? $weight : 0;
    }
}
echo "wall clock: native frames under md5: ", $native ? 'some' : 'none', "\n";

$so = sys_get_temp_dir() . '/bench-signal-taken-' . getmypid() . '.so';
exec(sprintf('cc -O2 -shared -fPIC -o %s %s 2>&1', escapeshellarg($so), escapeshellarg(__DIR__ . '/signal_taken.c')), $out, $status);
$run = sample_run($code, $ini, 'folded', ['LD_PRELOAD' => $so]);
unlink($so);
echo $run['output'], "\n";
$md5 = $native = 0;
foreach ($run['files'] as $text) {
    foreach (sample_folded($text) as $path => $weight) {
        $md5 += str_starts_with($path, '{request};{main};hash_work;md5') ? $weight : 0;
        $native += $native_under_md5($path) ? $weight : 0;
    }
}
printf("signal taken: md5 still sampled: %s; native frames under md5: %s\n", $md5 >= 300e6 ? 'yes' : "no ($md5)", $native ? 'some' : 'none');
?>
--EXPECTF--
usleep(300 ms) slept it all: yes
timer signal %d on the PHP thread's CPU clock
2 profiles
md5 sampled for >= 150 ms of CPU: yes; with native frames >= 80%: yes; bench's frames left out: yes
md5 sampled for >= 150 ms of CPU: yes; with native frames >= 80%: yes; bench's frames left out: yes
usleep(300 ms) slept it all: yes
off: bench.sample_signal needs bench.sample_clock=cpu and bench.native_stacks=1 with libunwind
wall clock: native frames under md5: none

Warning: bench: no timer signal for CPU samples (the signal already has a handler): the ticker takes them, without native frames
usleep(300 ms) slept it all: yes
unavailable: the signal already has a handler
signal taken: md5 still sampled: yes; native frames under md5: none
