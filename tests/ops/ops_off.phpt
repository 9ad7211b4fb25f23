--TEST--
Without bench.count_ops, ops is null and bench_info() says why; ini_set cannot turn it on
--FILE--
<?php
$r = bench_measure(fn() => 1, 5);
var_dump($r['cold']['ops'], $r['warm']['ops'], bench_counters()['ops']);
$c = bench_info()['counters']['ops'];
var_dump($c['available']);
echo $c['reason'], "\n";
var_dump(ini_set('bench.count_ops', '1'));
var_dump(bench_measure(fn() => 1, 5)['warm']['ops']);
?>
--EXPECT--
NULL
NULL
NULL
bool(false)
bench.count_ops is off (it can only be set at startup)
bool(false)
NULL
