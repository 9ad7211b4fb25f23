--TEST--
bench.count_ops=1 with opcache's tracing JIT: opcache warns and turns the JIT off, and ops stay exact
--EXTENSIONS--
opcache
--INI--
opcache.enable=1
opcache.enable_cli=1
opcache.jit=tracing
opcache.jit_buffer_size=16M
bench.count_ops=1
--FILE--
<?php
var_dump(opcache_get_status()['jit']['enabled']);
// A runtime argument: opcache folds str_repeat('x', 100) to a constant.
echo bench_measure(fn($n) => str_repeat('x', $n), 50, [100])['warm']['ops'], "\n";
?>
--EXPECTF--
%AWarning: JIT is incompatible with third party extensions that setup user opcode handlers. JIT disabled.%A
bool(false)
5
