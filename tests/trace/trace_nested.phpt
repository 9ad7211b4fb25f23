--TEST--
bench.output_format=trace: outer() three times, each holding one inner(), is three nested pairs with their real durations; 200,000 tiny calls fold into their caller, counted exactly
--SKIPIF--
<?php require __DIR__ . '/trace.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/trace.inc';
$run = trace_run(<<<'PHP'
<?php
function inner() { usleep(2000); }
function outer() { usleep(1000); inner(); usleep(1000); }
for ($i = 0; $i < 3; $i++) { outer(); }
function tiny($x) { return $x + 1; }
for ($i = 0; $i < 200000; $i++) { tiny($i); }
PHP);
$t = $run['trace'];
echo "keys: ", implode(', ', array_keys($t)), "\n";
$meta = array_filter($t['traceEvents'], fn($e) => $e['ph'] === 'M');
echo "metadata: ", implode(', ', array_map(fn($e) => "{$e['name']}={$e['args']['name']}", $meta)), "\n";
echo "names: ", implode(' ', array_column($run['events'], 'name')), "\n";
echo "nested as they ran: ", var_export(trace_nests($run['events']), true), "\n";

$outer = trace_named($run['events'], 'outer');
$inner = trace_named($run['events'], 'inner');
foreach ($outer as $i => $o) {
    $in = $inner[$i];
    // usleep() sleeps at least as long as asked: inner 2 ms, outer 1 + 2 + 1 ms; a second is far more than this load makes of them.
    printf("pair %d: inner inside outer: %s, inner >= 2 ms: %s, outer >= inner + 2 ms: %s, outer < 1 s: %s\n", $i,
        var_export($in['ts'] > $o['ts'] && $in['ts'] + $in['dur'] < $o['ts'] + $o['dur'], true), var_export($in['dur'] >= 2000, true),
        var_export($o['dur'] >= $in['dur'] + 2000, true), var_export($o['dur'] < 1e6, true));
}
$other = $t['otherData'];
// A tiny call that a preempted CPU made run 100 us is a span of its own: the sum is exact whatever the load.
$tiny = count(trace_named($run['events'], 'tiny'));
printf("tiny: folded + kept = %d, kept under 100: %s, dropped %d, unfinished %d\n", $other['folded'] + $tiny, var_export($tiny < 100, true),
    $other['dropped'], $other['unfinished']);
printf("events %s, settings %d us and %d events, file under 10 kB: %s\n", $other['events'] === count($run['events']) - 1 ? 'counted (the {request} aside)' : 'miscounted',
    $other['trace_min_us'], $other['trace_max_events'], var_export(strlen($run['raw']) < 10000 + 150 * $tiny, true));
echo "bench {$other['bench']}, script ", basename($other['script']), ", sapi {$other['sapi']}\n";
?>
--EXPECTF--
keys: traceEvents, displayTimeUnit, otherData
metadata: process_name=%sscript.php, thread_name=request
names: {request} {main} outer inner outer inner outer inner%A
nested as they ran: true
pair 0: inner inside outer: true, inner >= 2 ms: true, outer >= inner + 2 ms: true, outer < 1 s: true
pair 1: inner inside outer: true, inner >= 2 ms: true, outer >= inner + 2 ms: true, outer < 1 s: true
pair 2: inner inside outer: true, inner >= 2 ms: true, outer >= inner + 2 ms: true, outer < 1 s: true
tiny: folded + kept = 200000, kept under 100: true, dropped 0, unfinished 0
events counted (the {request} aside), settings 100 us and 5000 events, file under 10 kB: true
bench %s, script script.php, sapi cli
