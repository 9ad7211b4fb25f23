--TEST--
An unknown bench.mode is a startup warning and bench stays off
--INI--
bench.mode=fast
display_startup_errors=1
--FILE--
<?php
var_dump(bench_info()['mode'], ini_get('bench.mode'));
echo bench_measure(fn() => str_repeat('x', 3), 2)['warm']['allocs'], "\n";
?>
--EXPECTF--
%AWarning: Invalid bench.mode "fast" (expected off, profile, sample or instr); bench stays off
string(3) "off"
string(3) "off"
1
