--TEST--
bench.count_ops=1 counts VM opcodes executed, exactly and linearly in the work done
--INI--
bench.count_ops=1
--FILE--
<?php
function loop(int $n) {
    $s = 0;
    for ($i = 0; $i < $n; $i++) {
        $s += $i;
    }
    return $s;
}
$ops = [];
foreach ([0, 1, 10, 100] as $n) {
    $ops[$n] = bench_measure('loop', 3, [$n])['warm']['ops'];
    echo "n=$n ops={$ops[$n]}\n";
}
// Each iteration runs the same opcodes: the cost per iteration is constant.
var_dump(($ops[100] - $ops[10]) / 90 === ($ops[10] - $ops[0]) / 10);
// A function call executed from PHP counts the caller's call opcodes and the callee's.
function callee() {}
$r = bench_measure(function () { callee(); callee(); }, 3);
echo "two calls: ops=", $r['warm']['ops'], "\n";
// bench_counters() reports the total since the request began, and it grows.
$a = bench_counters()['ops'];
loop(10);
$b = bench_counters()['ops'];
var_dump($a > 0, $b - $a > $ops[10]);
?>
--EXPECT--
n=0 ops=6
n=1 ops=9
n=10 ops=36
n=100 ops=306
bool(true)
two calls: ops=7
bool(true)
bool(true)
