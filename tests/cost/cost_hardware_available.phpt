--TEST--
With hardware counters, instructions and cycles count user-space work
--SKIPIF--
<?php if (!bench_info()['counters']['instructions']['available']) die('skip no hardware counters: ' . bench_info()['counters']['instructions']['reason']); ?>
--FILE--
<?php
function work(int $n) { $s = 0; for ($i = 0; $i < $n; $i++) { $s += $i; } return $s; }
$small = bench_measure('work', 20, [1000])['warm'];
$large = bench_measure('work', 20, [100000])['warm'];
// 100x the iterations: far more than 10x the instructions, whatever the noise.
var_dump(is_float($small['instructions']), $small['instructions'] > 1000, $large['instructions'] > 10 * $small['instructions']);
var_dump($large['cycles'] > 0);
$c = bench_counters();
var_dump($c['instructions'] > $large['instructions'], $c['cycles'] > 0);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
