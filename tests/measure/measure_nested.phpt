--TEST--
bench_measure() inside a measured subject works; the outer measurement includes the inner one
--INI--
bench.count_ops=1
--FILE--
<?php
$alone = bench_measure(fn() => str_repeat('x', 100), 3);
$inner = null;
$outer = bench_measure(function () use (&$inner) {
    $inner = bench_measure(fn() => str_repeat('x', 100), 3);
    return $inner;
}, 2);
foreach (['allocs', 'alloc_bytes', 'frees', 'ops'] as $name) {
    printf("%s: alone=%s inner=%s\n", $name, $alone['warm'][$name], $inner['warm'][$name]);
}
// The outer subject made 4 calls of the inner one (1 cold + 3 warm), so at least 4 allocations.
var_dump($outer['warm']['allocs'] >= 4, $outer['warm']['ops'] > 4 * 5);
var_dump(bench_info()['alloc_handlers']);
?>
--EXPECT--
allocs: alone=1 inner=1
alloc_bytes: alone=132 inner=132
frees: alone=1 inner=1
ops: alone=5 inner=5
bool(true)
bool(true)
bool(false)
