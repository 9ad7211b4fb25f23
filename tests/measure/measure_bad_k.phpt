--TEST--
bench_measure() with k < 1 is a ValueError, and no handler is left on the heap
--FILE--
<?php
foreach ([0, -1, PHP_INT_MIN] as $k) {
    try {
        bench_measure(fn() => 1, $k);
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
try {
    bench_measure('no_such_function');
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(bench_info()['alloc_handlers']);
?>
--EXPECT--
ValueError: bench_measure(): Argument #2 ($k) must be greater than or equal to 1
ValueError: bench_measure(): Argument #2 ($k) must be greater than or equal to 1
ValueError: bench_measure(): Argument #2 ($k) must be greater than or equal to 1
TypeError: bench_measure(): Argument #1 ($subject) must be a valid callback, function "no_such_function" not found or invalid function name
bool(false)
