--TEST--
Sample mode: a ticker that wakes late charges a request only the ticks since it began, never the time before it (the ticker under SCHED_IDLE)
--CONFLICTS--
all
--DESCRIPTION--
A ticker woken late (a busy machine) counts the ticks it missed. It counted
them all, also those from before the request began: a 2 ms request could
weigh 40 ms. Here the ticker runs under SCHED_IDLE on the CPU of php-cgi and
of a busy loop, so it wakes late often; php-cgi runs 200 requests of 2 ms
with a 1 ms interval. Ticks are counted on a grid of the interval, and those
of a request are the grid points from its start to its end (ticks counted
for a request that ended before the ticker could add them are dropped: the
count names its request): its samples weigh at most its duration plus one
interval, exactly, whatever the timing (no false failure). Needs taskset and chrt; not under valgrind (timing). It
runs alone: its busy loop holds CPU 0 for a while.
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip timing under valgrind');
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (!is_executable($cgi)) die("skip $cgi is not installed");
if (trim((string) shell_exec('taskset -c 0 chrt --idle 0 true 2>&1; echo $?')) !== '0') die('skip taskset or chrt --idle not usable');
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$dir = sys_get_temp_dir() . '/bench-late-ticker-' . getmypid();
mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 2000000) {} }
spin();
PHP);
$flags = '-d extension=' . escapeshellarg(getenv('BENCH_SO'));
foreach (['bench.mode' => 'sample', 'bench.output_dir' => $dir, 'bench.output_format' => 'json', 'bench.compress' => 'none',
        'bench.sample_interval_us' => '1000', 'bench.alloc_sample_bytes' => '0'] as $k => $v) {
    $flags .= ' -d ' . escapeshellarg("$k=$v");
}
$busy = proc_open(['taskset', '-c', '0', PHP_BINARY, '-n', '-r', 'while (true) {}'], [], $pipes);
// A clean environment: run-tests sets CGI variables that would make php-cgi wait for a body.
$cgi_proc = proc_open(sprintf('cd %s && exec env -i PATH=%s taskset -c 0 %s -n -q %s -T 200 script.php >/dev/null 2>&1 </dev/null',
    escapeshellarg($dir), escapeshellarg((string) getenv('PATH')), escapeshellarg($cgi), $flags), [], $pipes);
$pid = proc_get_status($cgi_proc)['pid'];
$idle = false;
for ($i = 0; $i < 2000 && !$idle && proc_get_status($cgi_proc)['running']; $i++) {
    foreach (glob("/proc/$pid/task/*/comm") as $comm) {
        if (trim((string) @file_get_contents($comm)) === 'bench ticker') {
            exec('chrt --idle -p 0 ' . basename(dirname($comm)) . ' 2>&1', $out, $status);
            $idle = $status === 0;
        }
    }
    usleep(1000);
}
proc_close($cgi_proc);
proc_terminate($busy, 9);
proc_close($busy);
echo "ticker made idle: ", $idle ? 'yes' : 'no', "\n";

$profiles = $over = 0;
$worst = 0.0;
profile_validate_json(...array_map('file_get_contents', glob("$dir/bench.*")));
foreach (glob("$dir/bench.*") as $f) {
    $p = json_decode(file_get_contents($f), true);
    $profiles++;
    $weight = $p['totals']['wall_ns'];
    if ($weight > $p['request']['duration_ns'] + 1000000) {
        $over++;
        $worst = max($worst, $weight / $p['request']['duration_ns']);
    }
    unlink($f);
}
printf("profiles: %s\n", $profiles >= 5 ? "at least 5" : $profiles);
printf("weighing more than their request and an interval: %d%s\n", $over, $over ? sprintf(' (up to %.1f times the request)', $worst) : '');
unlink("$dir/script.php");
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
ticker made idle: yes
profiles: at least 5
weighing more than their request and an interval: 0
