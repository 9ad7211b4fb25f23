--TEST--
bench_measure() returns k, cold, warm and peak_bytes with exactly the documented keys and types
--FILE--
<?php
$r = bench_measure(fn() => 1, 7);
var_dump(array_keys($r), $r['k']);
var_dump(array_keys($r['cold']) === array_keys($r['warm']));
echo implode(',', array_keys($r['cold'])), "\n";
// cold is one call: ints (or null); warm is a mean over k calls: floats (or null)
foreach (['cold' => 'integer', 'warm' => 'double'] as $phase => $type) {
    foreach ($r[$phase] as $name => $value) {
        if ($value !== null && gettype($value) !== $type) {
            echo "$phase.$name is ", gettype($value), "\n";
        }
    }
}
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
bool(true)
bool(true)
done
