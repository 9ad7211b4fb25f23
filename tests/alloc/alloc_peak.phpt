--TEST--
peak_bytes: the highest Zend MM usage during a measurement, above the usage before it, nested measurements included
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip Zend MM only'); ?>
--FILE--
<?php
// A 1,000,000-byte string (plus its 32-byte header) is a large block: 245 pages of 4096 bytes.
$r = bench_measure(function () { $s = str_repeat('x', 1000000); return strlen($s); }, 3);
var_dump($r['peak_bytes']);
// Nothing allocated: no peak.
var_dump(bench_measure(fn() => 1, 3)['peak_bytes']);
// The outer measurement's peak includes what the inner one reached while the
// outer subject held 100,000 bytes (25 pages); the inner reports only its own.
$inner = null;
$outer = bench_measure(function () use (&$inner) {
    $held = str_repeat('y', 100000);
    $inner = bench_measure(fn() => str_repeat('x', 1000000), 1);
}, 1);
var_dump($inner['peak_bytes']);
var_dump($outer['peak_bytes'] >= 1003520 + 102400);
?>
--EXPECT--
int(1003520)
int(0)
int(1003520)
bool(true)
