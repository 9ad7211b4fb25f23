--TEST--
phpinfo() has a bench section with the version, mode and every counter
--FILE--
<?php
ob_start();
phpinfo(INFO_MODULES);
$text = ob_get_clean();
$start = strpos($text, "\nbench\n");
var_dump($start !== false);
$section = substr($text, $start, 2500);
foreach (['bench support => enabled', 'Version => ' . phpversion('bench'), 'Mode => off',
          'wall_ns => available', 'ops => bench.count_ops is off', 'bench.count_ops => Off => Off'] as $line) {
    echo $line, ': ', var_export(str_contains($section, $line), true), "\n";
}
?>
--EXPECTF--
bool(true)
bench support => enabled: true
Version => %s: true
Mode => off: true
wall_ns => available: true
ops => bench.count_ops is off: true
bench.count_ops => Off => Off: true
