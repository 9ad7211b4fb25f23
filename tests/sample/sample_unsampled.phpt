--TEST--
Sample mode, wall clock: a request's sampled time adds up to its duration within one interval, though a CPU-bound neighbour at a higher priority on the same CPU keeps the ticker off it: time no sample weighed is charged to {unsampled} and said in unsampled_ns, not lost
--DESCRIPTION--
php-cgi -T 12 runs 12 requests of a fixed loop (some 8 ms each alone) at
nice 5, pinned with a nice -5 busy loop to the last CPU; one sample a
millisecond. The neighbour takes the CPU for long stretches: requests last
several times longer, and the ticker, which shares the CPU, can find a
request ended before it ran (1.1 to 3.7 ms of 240 to 268 ms requests were
lost so before, in every run tried).
Samples fall on a grid of the interval, so a request's sampled time is its
duration rounded to it: the test wants every profile within one interval
(1 ms) of its duration, samples and {unsampled} together. Needs root (nice
-5), taskset and php-cgi.
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip a neighbour and the timing of threads: not under valgrind');
if (trim((string) shell_exec('id -u')) !== '0') die('skip nice -5 needs root');
if (trim((string) shell_exec('command -v taskset')) === '') die('skip taskset (util-linux) not installed');
if (!is_executable(dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION)) die('skip php-cgi not installed');
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$dir = sys_get_temp_dir() . '/bench-unsampled-' . getmypid();
mkdir($dir);
file_put_contents("$dir/work.php", '<?php $x = 0; for ($i = 0; $i < 1500000; $i++) { $x += $i % 7; } echo $x > 0 ? "" : "none";');
$cpu = max(0, (int) trim((string) shell_exec('nproc')) - 1);
// The neighbour: a busy loop at nice -5 on the same CPU, for at most 20 s.
$neighbour = proc_open(['taskset', '-c', (string) $cpu, 'nice', '-n', '-5', PHP_BINARY, '-n', '-r',
    '$end = microtime(true) + 20; while (microtime(true) < $end && !file_exists($argv[1])) {}', "$dir/stop"], [], $pipes);
usleep(200000);
$ini = ['extension' => getenv('BENCH_SO'), 'bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.output_format' => 'json',
    'bench.output_dir' => $dir, 'bench.compress' => 'none', 'bench.report' => '0'];
$flags = implode(' ', array_map(fn($k, $v) => '-d ' . escapeshellarg("$k=$v"), array_keys($ini), $ini));
exec(sprintf('cd %s && env -i PATH=%s taskset -c %d nice -n 5 %s -n -q %s -T 12 work.php 2>&1 </dev/null', escapeshellarg($dir),
    escapeshellarg((string) getenv('PATH')), $cpu, escapeshellarg($cgi), $flags), $out, $status);
touch("$dir/stop");
proc_close($neighbour);
$files = glob("$dir/bench.*");
$off = [];
foreach ($files as $f) {
    $p = json_decode(file_get_contents($f), true);
    $sampled = array_sum(array_map(fn($fn) => $fn['own']['wall_ns'], $p['functions']));
    if (abs($sampled - $p['request']['duration_ns']) > 1_000_000) {
        $off[] = sprintf('%.1f ms sampled of %.1f ms', $sampled / 1e6, $p['request']['duration_ns'] / 1e6);
    }
}
printf("php-cgi: exit %d; profiles: %s\n", $status, count($files) >= 10 ? "10 or more" : count($files));
echo "every profile within one interval of its request's duration: ", $off ? implode('; ', $off) : 'yes', "\n";
array_map('unlink', [...$files, "$dir/work.php", "$dir/stop"]);
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
php-cgi: exit 0; profiles: 10 or more
every profile within one interval of its request's duration: yes
