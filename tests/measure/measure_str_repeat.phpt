--TEST--
fn() => str_repeat('x', 100) costs one allocation and one free per call
--INI--
bench.count_ops=1
--FILE--
<?php
$r = bench_measure(fn() => str_repeat('x', 100), 100);
$w = $r['warm'];
// The string: 24-byte zend_string header rounded to 32 with its NUL, plus 100
// bytes = 132 requested. The free is the destruction of the returned value.
// Ops: INIT_FCALL, SEND_VAL, SEND_VAL, DO_ICALL, RETURN.
foreach (['warm', 'cold'] as $phase) {
    $m = $r[$phase];
    printf("%s: allocs=%s alloc_bytes=%s frees=%s ops=%s\n",
        $phase, $m['allocs'], $m['alloc_bytes'], $m['frees'], $m['ops']);
}
?>
--EXPECT--
warm: allocs=1 alloc_bytes=132 frees=1 ops=5
cold: allocs=1 alloc_bytes=132 frees=1 ops=5
