--TEST--
bench.count_allocs=1: bench_counters() counts allocations and CPU time from the start of the request
--INI--
bench.count_allocs=1
--FILE--
<?php
// Compiling this script allocated before the first line ran.
$a = bench_counters();
var_dump($a['allocs'] > 10, $a['frees'] > 0, bench_info()['alloc_handlers']);
// The CPU clock was read at the request's start: compiling took some.
var_dump($a['cpu_ns'] > 0);
// bench_measure() shares the handlers and leaves them on.
echo bench_measure(fn() => str_repeat('x', 100), 4)['warm']['allocs'], "\n";
var_dump(bench_info()['alloc_handlers']);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
1
bool(true)
