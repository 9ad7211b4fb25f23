--TEST--
Sample mode: a ticker that first runs late (its CPU busy with the request) still counts every tick from the request's start
--CONFLICTS--
all
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
sample_mode_skip();
// (run-tests -m runs this script's PHP under valgrind too: its end then takes tens of ms, with the ticker held off.)
if (getenv('SKIP_PERF_SENSITIVE')) {
    die('skip under valgrind the request ends slowly under SCHED_FIFO: the ticks of its end come after it');
}
// SCHED_FIFO needs root (CAP_SYS_NICE): the CI runs as root.
exec('taskset -c 0 chrt -f 1 true 2>&1', $out, $status);
if ($status !== 0) {
    die('skip taskset and chrt -f cannot run here: ' . implode(' ', $out));
}
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
/*
 * On one CPU under SCHED_FIFO, the ticker (which inherits both) cannot run
 * before the PHP thread blocks: for the 60 ms spin, then in usleep(). The ticks
 * it missed count when it first runs (charged to the stack running then), so
 * the samples' weight adds up to the request's duration, less the part of an
 * interval before its end that no tick reached (and one tick that the request
 * may end before taking). A ticker counting from its own first run lost the
 * spin (about 60 ms of 160). Nothing here depends on the machine's speed.
 * It runs alone (CONFLICTS: all): the spin holds every other task off CPU 0,
 * and a concurrent test's ticker with it.
 */
$code = <<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 60e6); }
function nap() { usleep(100000); }
spin();
nap();
PHP;
$profile = profile_json(sample_run($code, [], 'json', [], ['taskset', '-c', '0', 'chrt', '-f', '1']));
$weight = array_sum(array_map(fn($f) => $f['own']['wall_ns'], $profile['functions']));
$duration = $profile['request']['duration_ns'];
$interval = $profile['interval_us'] * 1000;
printf("duration >= 160 ms: %s\n", $duration >= 160e6 ? 'yes' : 'no');
printf("samples' weight within two intervals below the duration: %s\n",
    $weight >= $duration - 2 * $interval ? 'yes' : sprintf('no (%.1f of %.1f ms)', $weight / 1e6, $duration / 1e6));
// A grid point just after the start and one just before the end: ticks one more than intervals.
printf("and at most an interval above it: %s\n", $weight <= $duration + $interval ? 'yes' : sprintf('no (%.1f of %.1f ms)', $weight / 1e6, $duration / 1e6));
?>
--EXPECT--
duration >= 160 ms: yes
samples' weight within two intervals below the duration: yes
and at most an interval above it: yes
