--TEST--
exit() inside a subject ends the script; shutdown functions and later output still work
--FILE--
<?php
register_shutdown_function(function () {
    echo "shutdown, handlers on: ", var_export(bench_info()['alloc_handlers'], true), "\n";
});
bench_measure(function () {
    echo "in subject\n";
    exit(0);
});
echo "not reached\n";
?>
--EXPECT--
in subject
shutdown, handlers on: false
