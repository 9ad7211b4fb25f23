--TEST--
bench_measure() under opcache's tracing JIT: the JIT stays on and allocation counts are exact
--EXTENSIONS--
opcache
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.jit=tracing
opcache.jit_buffer_size=16M
opcache.jit_hot_loop=1
opcache.jit_hot_func=1
--FILE--
<?php
function subject(int $n) { $s = ''; for ($i = 0; $i < $n; $i++) { $s .= 'ab'; } return strlen($s); }
// Warm the function up so the JIT compiles it, then measure: the JIT'd code
// allocates through the same heap.
for ($i = 0; $i < 200; $i++) { subject(10); }
var_dump(opcache_get_status()['jit']['enabled']);
// A runtime argument: opcache folds str_repeat('x', 100) to a constant.
$r = bench_measure(fn($n) => str_repeat('x', $n), 200, [100]);
printf("allocs=%s alloc_bytes=%s frees=%s\n", $r['warm']['allocs'], $r['warm']['alloc_bytes'], $r['warm']['frees']);
$a = bench_measure('subject', 20, [10]);
$b = bench_measure('subject', 20, [10]);
var_dump($a['warm']['allocs'] === $b['warm']['allocs'], $a['warm']['allocs'] > 0);
?>
--EXPECT--
bool(true)
allocs=1 alloc_bytes=132 frees=1
bool(true)
bool(true)
