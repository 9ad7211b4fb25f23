--TEST--
Profile mode: exact calls, allocations and ops per owner; own costs plus overhead equal the totals
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
class Box {
    public $a, $b, $c;
    // Three strings kept in properties: 3 allocations per call, owned here
    // (24-byte header + NUL rounded to 32, + 10 = 42 bytes each).
    public function fill(int $n): void {
        $this->a = str_repeat('a', $n);
        $this->b = str_repeat('b', $n);
        $this->c = str_repeat('c', $n);
    }
}
function build(): Box {
    $box = new Box();          // the object (40 + 3 x 16 = 88 bytes): owned by build, not the strings
    $box->fill(10);
    return $box;
}
function fib(int $n): int { return $n < 2 ? $n : fib($n - 1) + fib($n - 2); }
$boxes = [build(), build()];
$twice = function (int $x): int { return 2 * $x; };
echo fib(10) + $twice(1), "\n";
PHP, ['bench.count_ops' => '1']);
echo $run['output'], "\n", "exit ", $run['status'], "\n";
$p = profile_json($run);
foreach (['Box::fill', 'build', 'fib', '{closure}@script.php:19', '{main}', '{request}'] as $name) {
    $f = profile_function($p, $name);
    if ($f === null) {
        echo "$name: missing\n";
        continue;
    }
    // What {request} owns (compiling the script) depends on paths and on the
    // allocator below (USE_ZEND_ALLOC=0): only its ops are asserted.
    $request = $name === '{request}';
    printf("%s: calls=%d allocs=%s alloc_bytes=%s ops=%d\n", str_replace($run['dir'], 'DIR', $name),
        $f['calls'], $request ? '-' : $f['own']['allocs'], $request ? '-' : $f['own']['alloc_bytes'], $f['own']['ops']);
}
echo profile_check_sums($p), "\n";
// Inclusive: build includes Box::fill.
$build = profile_function($p, 'build');
var_dump($build['inclusive']['allocs'] === $build['own']['allocs'] + profile_function($p, 'Box::fill')['own']['allocs']);
// Recursion is counted once in fib's inclusive cost, which then equals its own.
$fib = profile_function($p, 'fib');
var_dump($fib['inclusive']['ops'] === $fib['own']['ops']);
// The edge main -> build has 2 calls; fib -> fib has 176.
foreach ($p['edges'] as $e) {
    if (in_array([$e['caller'], $e['callee']], [['{main}', 'build'], ['fib', 'fib']], true)) {
        echo "{$e['caller']} -> {$e['callee']}: {$e['calls']}\n";
    }
}
?>
--EXPECT--
57
exit 0
Box::fill: calls=2 allocs=6 alloc_bytes=252 ops=34
build: calls=2 allocs=2 alloc_bytes=176 ops=14
fib: calls=177 allocs=0 alloc_bytes=0 ops=1766
{closure}@script.php:19: calls=1 allocs=0 alloc_bytes=0 ops=4
{main}: calls=1 allocs=6 alloc_bytes=696 ops=19
{request}: calls=0 allocs=- alloc_bytes=- ops=0
sums exact
bool(true)
bool(true)
{main} -> build: 2
fib -> fib: 176
