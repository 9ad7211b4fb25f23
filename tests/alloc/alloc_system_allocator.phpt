--TEST--
USE_ZEND_ALLOC=0: bench chains the system allocator; counts are the same, retained_bytes is null with a reason
--ENV--
USE_ZEND_ALLOC=0
--FILE--
<?php
$r = bench_measure(fn() => str_repeat('x', 100), 10);
$w = $r['warm'];
printf("allocs=%s alloc_bytes=%s frees=%s\n", $w['allocs'], $w['alloc_bytes'], $w['frees']);
var_dump($w['retained_bytes']);
$info = bench_info()['counters'];
var_dump($info['retained_bytes']['available']);
echo $info['retained_bytes']['reason'], "\n";
// libc's usable size of the 132-byte block: at least what was asked, less than a malloc chunk more
// (libc's free() lies below on 8.2, Zend's wrapper of it from 8.4: both are known).
var_dump($info['freed_bytes']['available']);
var_dump($w['freed_bytes'] >= 132 && $w['freed_bytes'] < 132 + 32);
// Memory is still given back: the handlers forward every free.
var_dump(bench_info()['alloc_handlers']);
?>
--EXPECT--
allocs=1 alloc_bytes=132 frees=1
NULL
bool(false)
the heap is not Zend MM's (USE_ZEND_ALLOC=0 or another extension's allocator), so its usage is not accounted
bool(true)
bool(true)
bool(false)
