--TEST--
php-fpm with bench.mode=sample: a ticker woken from parking late (its CPU busy with the request) still counts every tick from the request's start
--DESCRIPTION--
php-fpm runs on one CPU under SCHED_FIFO, which its workers and their tickers
inherit: a ticker then cannot run while its worker does. After an idle
second (the ticker parks after 100 ms), a request spins for 60 ms and then
sleeps for 100 ms: the ticker, woken at the request's start, first runs when
the worker sleeps. The ticks it missed count from the request's start, so the
profile's weight adds up to the request's duration (less the part of an
interval at its end that no tick reached, and one tick the request may end
before taking). A ticker that went back on the grid from its own first run
lost the spin: about 60 ms of 160. It runs alone (CONFLICTS: all): the spin
holds every other task off CPU 0, and a concurrent test's ticker with it.
--CONFLICTS--
all
--SKIPIF--
<?php
require __DIR__ . '/fpm.inc';
fpm_skip();
sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) {
    die('skip under valgrind the request ends slowly under SCHED_FIFO: the ticks of its end come after it');
}
exec('taskset -c 0 chrt -f 1 true 2>&1', $out, $status);
if ($status !== 0) {
    die('skip taskset and chrt -f cannot run here: ' . implode(' ', $out));
}
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = fpm_start(<<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 60e6); }
function nap() { usleep(100000); }
if (($_GET['op'] ?? '') === 'spin') {
    spin();
    nap();
}
echo "ok\n";
PHP, ['bench.mode' => 'sample', 'bench.output_format' => 'json'], 1, ['taskset', '-c', '0', 'chrt', '-f', '1']);

echo "quick: ", trim(substr(fpm_request($fpm, 'op=quick'), -3)), "\n";
// The ticker parks after 100 ms without a request.
sleep(1);
echo "spin: ", trim(substr(fpm_request($fpm, 'op=spin'), -3)), "\n";
[$files, $log] = fpm_stop($fpm);

$spin = null;
profile_validate_json(...array_values($files));
foreach ($files as $text) {
    $profile = json_decode($text, true);
    if (($profile['request']['duration_ns'] ?? 0) >= 160e6) {
        $spin = $profile;
    }
}
if ($spin === null) {
    echo "no profile of the spin request: ", implode(', ', array_keys($files)), "\n";
} else {
    $weight = array_sum(array_map(fn($f) => $f['own']['wall_ns'], $spin['functions']));
    $duration = $spin['request']['duration_ns'];
    $interval = $spin['interval_us'] * 1000;
    printf("samples' weight within two intervals below the duration: %s\n",
        $weight >= $duration - 2 * $interval ? 'yes' : sprintf('no (%.1f of %.1f ms)', $weight / 1e6, $duration / 1e6));
    printf("and at most an interval above it: %s\n",
        $weight <= $duration + $interval ? 'yes' : sprintf('no (%.1f of %.1f ms)', $weight / 1e6, $duration / 1e6));
}
echo "workers crashed: ", fpm_crashed($log) ? $log : 'none', "\n";
?>
--EXPECT--
quick: ok
spin: ok
samples' weight within two intervals below the duration: yes
and at most an interval above it: yes
workers crashed: none
