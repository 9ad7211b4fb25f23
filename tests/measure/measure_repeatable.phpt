--TEST--
Two identical measurements in one process give identical allocations, bytes and ops
--INI--
bench.count_ops=1
--FILE--
<?php
function subject() {
    $a = [];
    for ($i = 0; $i < 50; $i++) {
        $a["k$i"] = str_repeat('y', $i);
    }
    $o = new ArrayObject($a);
    return count($o) . implode(',', array_keys($a));
}
$deterministic = ['allocs', 'alloc_bytes', 'frees', 'freed_bytes', 'ops', 'retained_bytes'];
$first = bench_measure('subject', 20);
$second = bench_measure('subject', 20);
foreach (['cold', 'warm'] as $phase) {
    foreach ($deterministic as $name) {
        if ($first[$phase][$name] !== $second[$phase][$name]) {
            echo "$phase.$name differs: {$first[$phase][$name]} vs {$second[$phase][$name]}\n";
        }
    }
}
// The subject does allocate: 50 keys, 49 non-empty strings, the array, the object...
var_dump($first['warm']['allocs'] > 100, $first['warm']['ops'] > 300);
echo "done\n";
?>
--EXPECT--
bool(true)
bool(true)
done
