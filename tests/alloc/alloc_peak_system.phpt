--TEST--
peak_bytes is null when the heap is not Zend MM (USE_ZEND_ALLOC=0)
--ENV--
USE_ZEND_ALLOC=0
--FILE--
<?php
var_dump(bench_measure(fn() => str_repeat('x', 1000), 2)['peak_bytes']);
?>
--EXPECT--
NULL
