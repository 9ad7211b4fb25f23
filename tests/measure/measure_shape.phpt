--TEST--
bench_measure() returns k, cold, warm and peak_bytes with exactly the documented keys and types
--FILE--
<?php
$r = bench_measure(fn() => 1, 7);
var_dump(array_keys($r), $r['k']);
var_dump(array_keys($r['cold']) === array_keys($r['warm']));
echo implode(',', array_keys($r['cold'])), "\n";
// cold is one call: ints (or null); warm is a mean over k calls: floats for clocks and hardware counters (or null),
// and for the exact counters an int where k divides their total (here each call repeats the last exactly)
$warm = ['wall_ns' => 'double', 'cpu_ns' => 'double', 'instructions' => 'double', 'cycles' => 'double'];
foreach (['cold' => [], 'warm' => $warm] as $phase => $types) {
    foreach ($r[$phase] as $name => $value) {
        if ($value !== null && gettype($value) !== ($types[$name] ?? 'integer')) {
            echo "$phase.$name is ", gettype($value), "\n";
        }
    }
}
// Where the calls differ, the mean is not whole: an array that grows past 8 elements on the 9th call of 10
// (one string each call, and the array's table once): 11 allocations in 10 calls.
$a = [1];
$r = bench_measure(function () use (&$a) { $a[] = str_repeat('x', 20); }, 10);
var_dump($r['warm']['allocs'], $r['warm']['frees']);
// a counter is null exactly when bench_info() says it is unavailable here
foreach (bench_info()['counters'] as $name => $c) {
    if (($r['cold'][$name] === null) === $c['available']) {
        echo "$name: null does not match availability\n";
    }
}
var_dump($r['cold']['wall_ns'] > 0, $r['warm']['wall_ns'] > 0);
echo "done\n";
?>
--EXPECT--
array(4) {
  [0]=>
  string(1) "k"
  [1]=>
  string(4) "cold"
  [2]=>
  string(4) "warm"
  [3]=>
  string(10) "peak_bytes"
}
int(7)
bool(true)
wall_ns,cpu_ns,instructions,cycles,allocs,alloc_bytes,frees,freed_bytes,ops,retained_bytes
float(1.1)
float(0.1)
bool(true)
bool(true)
done
