--TEST--
Hitting memory_limit inside a subject ends the request the normal way, with a clean shutdown
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory_limit is enforced by Zend MM only'); ?>
--INI--
memory_limit=16M
--FILE--
<?php
register_shutdown_function(function () {
    // Shutdown functions run after the fatal error, with bench's handlers still chained or removed cleanly.
    echo "shutdown: ", strlen(str_repeat('z', 1000)), "\n";
});
bench_measure(function () {
    $keep = [];
    while (true) {
        $keep[] = str_repeat('x', 100000);
    }
}, 1);
echo "not reached\n";
?>
--EXPECTF--
Fatal error: Allowed memory size of 16777216 bytes exhausted %s
shutdown: 1000
