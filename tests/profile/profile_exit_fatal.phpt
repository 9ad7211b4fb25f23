--TEST--
Profile mode: exit() and a fatal error mid-request still write the profile, with exact sums
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$exit = profile_run('<?php function deep($n) { if ($n === 0) { exit(3); } deep($n - 1); } deep(5);');
$p = profile_json($exit);
echo "exit: status {$exit['status']}, deep calls ", profile_function($p, 'deep')['calls'], ", ", profile_check_sums($p), "\n";

$fatal = profile_run('<?php ini_set("memory_limit", "8M"); function grow() { $a = []; while (true) { $a[] = str_repeat("x", 1000); } } grow();');
$p = profile_json($fatal);
echo "fatal: status {$fatal['status']}, ", str_contains($fatal['output'], 'Allowed memory size') ? 'memory limit' : $fatal['output'],
    ", grow allocs > 1000: ", var_export(profile_function($p, 'grow')['own']['allocs'] > 1000, true), ", ", profile_check_sums($p), "\n";

$error = profile_run('<?php function f() { undefined_function(); } f();');
$p = profile_json($error);
echo "error: status {$error['status']}, f calls ", profile_function($p, 'f')['calls'], ", ", profile_check_sums($p), "\n";
?>
--EXPECT--
exit: status 3, deep calls 6, sums exact
fatal: status 255, memory limit, grow allocs > 1000: true, sums exact
error: status 255, f calls 1, sums exact
