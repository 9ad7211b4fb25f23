--TEST--
bench.mode=sample is accepted but not implemented in this release: a warning, and bench stays off
--INI--
bench.mode=sample
display_startup_errors=1
--FILE--
<?php
var_dump(bench_info()['mode']);
var_dump(ini_set('bench.mode', 'profile'));
?>
--EXPECTF--
%AWarning: PHP Startup: bench.mode=sample is not implemented in bench %s; bench stays off in %s
string(3) "off"
bool(false)
