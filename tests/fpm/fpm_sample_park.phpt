--TEST--
php-fpm with bench.mode=sample: an idle worker's ticker parks (no wakeup at all), and the next request wakes it and is sampled
--DESCRIPTION--
The ticker ("bench ticker" in /proc/PID/task) parks on a futex once no sampled
request has run for 100 ms. Its context switches, read from
/proc/PID/task/TID/status, count its wakeups: parked, it makes none in a
second (deterministic: a futex wait without a timeout); ticking every 1 ms
during a 300 ms request it makes far more than 20 (a bound no loaded machine
misses; under valgrind, whose scheduler runs one thread at a time, only
"some" is asked). The request after parking has a profile with
samples: the ticker woke.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = fpm_start(<<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 300e6) {} }
if (($_GET['op'] ?? '') === 'spin') {
    spin();
}
echo "ok ", getmypid(), "\n";
PHP, ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.output_format' => 'folded'], 1);

/** The ticker's wakeups so far (its voluntary and involuntary context switches); null without a ticker. */
function ticker_switches(int $pid): ?int
{
    foreach (glob("/proc/$pid/task/*") as $task) {
        if (trim((string) @file_get_contents("$task/comm")) !== 'bench ticker') {
            continue;
        }
        preg_match_all('/^(?:non)?voluntary_ctxt_switches:\s+(\d+)$/m', (string) @file_get_contents("$task/status"), $m);
        return array_sum(array_map('intval', $m[1]));
    }
    return null;
}

/** Waits (up to 5 s) until the ticker's count stands still for 200 ms: a ticker every 1 ms never does unless parked. */
function ticker_settles(int $pid): bool
{
    for ($i = 0; $i < 25; $i++) {
        $before = ticker_switches($pid);
        usleep(200000);
        if ($before !== null && ticker_switches($pid) === $before) {
            return true;
        }
    }
    return false;
}

preg_match('/^ok (\d+)$/m', fpm_request($fpm, 'op=quick'), $m);
$pid = (int) ($m[1] ?? 0);
echo "ticker started: ", ticker_switches($pid) !== null ? 'yes' : 'no', "\n";

echo "ticker parks when idle: ", ticker_settles($pid) ? 'yes' : 'no', "\n";
$before = ticker_switches($pid);
sleep(1);
echo "wakeups in 1 s parked: ", ticker_switches($pid) - $before, "\n";

// A 300 ms request: the ticker's wakeups from just before it to its response.
$before = ticker_switches($pid);
$response = fpm_request($fpm, 'op=spin');
$busy = ticker_switches($pid) - $before;
echo "spin served: ", str_contains($response, "ok $pid") ? 'yes' : 'no', "\n";
$bound = getenv('SKIP_PERF_SENSITIVE') ? 1 : 20;
echo "ticker woke during the request: ", $busy >= $bound ? 'yes' : "no ($busy wakeups)", "\n";
echo "ticker parks again: ", ticker_settles($pid) ? 'yes' : 'no', "\n";

[$files, $log] = fpm_stop($fpm);
$spin = 0;
foreach ($files as $text) {
    foreach (explode("\n", trim($text)) as $line) {
        if (str_contains($line, ';spin')) {
            $spin += (int) substr($line, strrpos($line, ' ') + 1);
        }
    }
}
// 300 ms at 1 ms: about 300 ms of samples; a third is a bound no loaded machine misses.
printf("spin sampled after the park: %s\n", $spin >= 100e6 ? 'yes' : "no ($spin ns)");
echo "workers crashed: ", fpm_crashed($log) ? $log : 'none', "\n";
?>
--EXPECT--
ticker started: yes
ticker parks when idle: yes
wakeups in 1 s parked: 0
spin served: yes
ticker woke during the request: yes
ticker parks again: yes
spin sampled after the park: yes
workers crashed: none
