--TEST--
bench.mode=profile and sample are accepted but not implemented in this release: a warning, and bench stays off
--INI--
bench.mode=profile
display_startup_errors=1
--FILE--
<?php
var_dump(bench_info()['mode']);
var_dump(ini_set('bench.mode', 'sample'));
?>
--EXPECTF--
%AWarning: PHP Startup: bench.mode=profile is not implemented in bench %s; bench stays off in %s
string(3) "off"
bool(false)
