--TEST--
A subject that throws: the exception propagates and no allocation handler stays installed
--FILE--
<?php
// Throws on the first (cold) call.
try {
    bench_measure(function () { throw new RuntimeException('cold'); });
} catch (RuntimeException $e) {
    echo 'caught ', $e->getMessage(), "\n";
}
var_dump(bench_info()['alloc_handlers']);

// Throws on the fourth call, inside the warm loop; the earlier calls ran.
$calls = 0;
try {
    bench_measure(function () use (&$calls) {
        if (++$calls === 4) {
            throw new LogicException('warm');
        }
    }, 10);
} catch (LogicException $e) {
    echo 'caught ', $e->getMessage(), " after $calls calls\n";
}
var_dump(bench_info()['alloc_handlers']);

// An Error thrown by the engine inside an internal callable propagates too.
try {
    bench_measure('intdiv', 5, [1, 0]);
} catch (DivisionByZeroError $e) {
    echo 'caught ', $e->getMessage(), "\n";
}

// Later measurements are unaffected.
echo bench_measure(fn() => str_repeat('x', 10), 5)['warm']['allocs'], "\n";
var_dump(bench_info()['alloc_handlers']);
?>
--EXPECT--
caught cold
bool(false)
caught warm after 4 calls
bool(false)
caught Division by zero
1
bool(false)
