--TEST--
Exact allocation counts for strings, growing arrays, objects, closures and exceptions
--DESCRIPTION--
Counts and requested bytes do not depend on the allocator below bench, so this
test also runs with USE_ZEND_ALLOC=0; Zend MM's block sizes are checked in
tests/alloc/alloc_zend_mm_sizes.phpt.
--INI--
bench.count_ops=1
--FILE--
<?php
function show(string $label, callable $subject, array $args = [], int $less_bytes = 0) {
    $w = bench_measure($subject, 10, $args)['warm'];
    printf("%-22s allocs=%s alloc_bytes=%s frees=%s ops=%s\n", $label,
        $w['allocs'], $w['alloc_bytes'] - $less_bytes, $w['frees'], $w['ops']);
}

// Strings: a concatenation of two runtime strings allocates the result only:
// 24-byte header + 6 + NUL = 31, rounded to 32. Ops: CONCAT, RETURN.
show('concat', fn($a, $b) => $a . $b, ['abc', 'def']);
// Interned literals cost nothing.
show('literal', fn() => 'constant');

// A packed array: the HashTable (56 bytes), then its first data block for 8
// elements (160 bytes). Past 8 elements the data is reallocated to 16
// (264 bytes: a realloc counts one allocation and one free), past 16 to 32.
// Ops: 6 + 3 per element.
$fill = function (int $n) { $a = []; for ($i = 0; $i < $n; $i++) { $a[] = $i; } return $a; };
show('array of 8', $fill, [8]);
show('array of 9', $fill, [9]);
show('array of 17', $fill, [17]);

// Objects: stdClass is 40 bytes; a class with 3 declared properties keeps them
// inline: 40 + 3 * 16 = 88.
class Point { public $x = 1; public $y = 2; public $z = 3; }
show('new stdClass', fn() => new stdClass);
show('new Point', fn() => new Point);

// A closure created and dropped inside the subject: one zend_closure (384 bytes).
show('closure', fn() => function () {});

// An exception thrown and caught: the object, its properties and the backtrace
// it collects: the counts are exact, whatever their sum. One of them is a copy
// of this file's name (a zend_string: 24-byte header + length + NUL, rounded up
// to 8), so its size depends on where the test runs and is taken off. Each
// frame of the backtrace takes 24 bytes more on PHP 8.5 (measured with 2 to 4
// frames), and on a thread-safe 8.2 (measured on 8.2.32 ZTS): this one has 3.
$file_name_bytes = (24 + strlen(__FILE__) + 1 + 7) & ~7;
$frame_bytes_since_8_5 = PHP_VERSION_ID >= 80500 || PHP_ZTS ? 3 * 24 : 0;
show('exception', function () { try { throw new Exception('x'); } catch (Exception $e) { return 1; } }, [],
    $file_name_bytes + $frame_bytes_since_8_5);
?>
--EXPECT--
concat                 allocs=1 alloc_bytes=32 frees=1 ops=2
literal                allocs=0 alloc_bytes=0 frees=0 ops=1
array of 8             allocs=2 alloc_bytes=216 frees=2 ops=30
array of 9             allocs=3 alloc_bytes=480 frees=3 ops=33
array of 17            allocs=4 alloc_bytes=1000 frees=4 ops=57
new stdClass           allocs=1 alloc_bytes=40 frees=1 ops=2
new Point              allocs=1 alloc_bytes=88 frees=1 ops=2
closure                allocs=1 alloc_bytes=384 frees=1 ops=2
exception              allocs=16 alloc_bytes=2232 frees=16 ops=6