--TEST--
Without hardware counters, instructions and cycles are null (never 0) and bench_info() gives the errno text
--SKIPIF--
<?php if (bench_info()['counters']['instructions']['available']) die('skip this machine has hardware counters'); ?>
--FILE--
<?php
$r = bench_measure(function () { for ($i = 0; $i < 1000; $i++); }, 3);
var_dump($r['cold']['instructions'], $r['warm']['cycles'], bench_counters()['instructions']);
foreach (['instructions', 'cycles'] as $name) {
    echo $name, ': ', bench_info()['counters'][$name]['reason'], "\n";
}
?>
--EXPECTF--
NULL
NULL
NULL
instructions: hardware counters are unavailable: perf_event_open(%s) failed: %s
cycles: hardware counters are unavailable: perf_event_open(%s) failed: %s
