--TEST--
bench_start() and bench_stop() without bench.mode=profile are clear errors
--FILE--
<?php
foreach (['bench_start', 'bench_stop'] as $f) {
    try {
        $f();
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
Error: bench_start() needs bench.mode=profile (set at startup)
Error: bench_stop() needs bench.mode=profile (set at startup)
