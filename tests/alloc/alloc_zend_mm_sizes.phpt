--TEST--
With Zend MM below bench, freed_bytes are the allocator's block sizes and retained_bytes its own accounting
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip Zend MM only'); ?>
--FILE--
<?php
function show(string $label, callable $subject, array $args = []) {
    $w = bench_measure($subject, 10, $args)['warm'];
    printf("%-14s alloc_bytes=%s freed_bytes=%s retained=%s\n", $label,
        $w['alloc_bytes'], $w['freed_bytes'], $w['retained_bytes']);
}
// Requested sizes land in Zend MM's bins: 132 -> 160, 88 -> 96, 40 -> 40.
show('str_repeat', fn() => str_repeat('x', 100));
class Point { public $x = 1; public $y = 2; public $z = 3; }
show('new Point', fn() => new Point);
show('new stdClass', fn() => new stdClass);
// 56 (HashTable) + 160 + 264 requested; 56 + 160 + 320 in bins.
show('array of 9', function () { $a = []; for ($i = 0; $i < 9; $i++) { $a[] = $i; } });

// What a subject keeps alive is retained: one 2000-byte string per call
// (24 + 2000 + 1 = 2025 requested, from the 2048-byte bin) kept in a global.
$GLOBALS['keep'] = [];
$r = bench_measure(function () { $GLOBALS['keep'][] = str_repeat('k', 2000); }, 8);
echo "kept: retained per call >= 2048: ", var_export($r['warm']['retained_bytes'] >= 2048, true), "\n";
// No string is freed; the one free in 8 warm calls is $keep growing past 8 elements (a realloc).
echo "kept: frees per call: ", $r['warm']['frees'], "\n";
?>
--EXPECT--
str_repeat     alloc_bytes=132 freed_bytes=160 retained=0
new Point      alloc_bytes=88 freed_bytes=96 retained=0
new stdClass   alloc_bytes=40 freed_bytes=40 retained=0
array of 9     alloc_bytes=480 freed_bytes=536 retained=0
kept: retained per call >= 2048: true
kept: frees per call: 0.125
