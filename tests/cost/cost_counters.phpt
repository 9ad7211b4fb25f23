--TEST--
bench_counters(): totals since the request began; allocations and CPU time counted from the first call
--INI--
bench.count_allocs=0
--FILE--
<?php
$a = bench_counters();
usleep(2000);
$s = str_repeat('x', 100);
for ($i = 0; $i < 100000; $i++);
$b = bench_counters();
// Nothing is printed between the two reads: output allocates too.
echo implode(',', array_keys($a)), "\n";
var_dump($a['wall_ns'] > 0, $a['cpu_ns'] === 0, $b['cpu_ns'] > 0);
// Memory in use since the request began (null with the system allocator).
var_dump($a['retained_bytes'] > 0 || ($a['retained_bytes'] === null && getenv('USE_ZEND_ALLOC') === '0'));
// Without bench.count_allocs, counting starts at the first bench_counters() call:
// the CPU clock is a system call, not paid by every request.
var_dump($a['allocs'], $a['frees']);
// Between the two reads: $a's HashTable and its data (56 + 640 bytes: 16 buckets
// of 32 bytes and their hash slots), and the
// 132-byte string.
echo "allocs between: ", $b['allocs'] - $a['allocs'], "\n";
echo "bytes between: ", $b['alloc_bytes'] - $a['alloc_bytes'], "\n";
var_dump($b['wall_ns'] - $a['wall_ns'] >= 2000000);
// Counting stays on until the request ends.
var_dump(bench_info()['alloc_handlers']);
?>
--EXPECT--
wall_ns,cpu_ns,instructions,cycles,allocs,alloc_bytes,frees,freed_bytes,ops,retained_bytes
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
int(0)
allocs between: 3
bytes between: 828
bool(true)
bool(true)
