--TEST--
An empty closure costs no allocation and exactly its own opcodes: measurement overhead is excluded
--INI--
bench.count_ops=1
--FILE--
<?php
// function () {} compiles to a single RETURN null.
$r = bench_measure(function () {}, 1000);
foreach (['cold', 'warm'] as $phase) {
    $m = $r[$phase];
    printf("%s: allocs=%s alloc_bytes=%s frees=%s freed_bytes=%s ops=%s\n", $phase,
        $m['allocs'], $m['alloc_bytes'], $m['frees'], $m['freed_bytes'], $m['ops']);
}
// Ops are opcodes executed, not compiled: the VM skips the RECV of an
// untyped parameter that was passed, and runs it when it must check a type.
$r = bench_measure(function ($x) {}, 10, [1]);
echo "untyped parameter: ops=", $r['warm']['ops'], "\n";
$r = bench_measure(function (int $x) {}, 10, [1]);
echo "typed parameter: ops=", $r['warm']['ops'], "\n";
?>
--EXPECT--
cold: allocs=0 alloc_bytes=0 frees=0 freed_bytes=0 ops=1
warm: allocs=0 alloc_bytes=0 frees=0 freed_bytes=0 ops=1
untyped parameter: ops=1
typed parameter: ops=2
