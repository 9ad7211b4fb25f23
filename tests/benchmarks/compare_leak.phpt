--TEST--
benchmarks/compare: a call that stops freeing what it allocates is worse (unfreed allocations, retained bytes), not better; fewer allocations and frees together are better
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
// A subject that makes a string per call and frees it; in B it keeps each one (160 bytes a call).
fixture_result($dir, 'A', 'keeps', ['allocs' => 1, 'frees' => 1, 'retained_bytes' => 0]);
fixture_result($dir, 'B', 'keeps', ['allocs' => 1, 'frees' => 0, 'retained_bytes' => 160]);
// One allocation (and its free) fewer per call: a gain.
fixture_result($dir, 'A', 'fewer', ['allocs' => 2, 'frees' => 2, 'retained_bytes' => 0]);
fixture_result($dir, 'B', 'fewer', ['allocs' => 1, 'frees' => 1, 'retained_bytes' => 0]);

[$status, $out] = fixture_tool('compare', 'A B', $dir);
echo "exit $status\n";
foreach ($out as $line) {
    if (preg_match('/^(keeps|fewer)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+\S+\s+\S+\s+(\w+)$/', $line, $m)) {
        echo "$m[1] $m[2] $m[3] -> $m[4] $m[5] $m[6]\n";
    }
}
echo end($out), "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 1
fewer allocs 2 -> 1 -50.00% better
keeps unfreed 0 -> 1 +inf worse
keeps retained_bytes 0 -> 160 +inf worse
1 better, 2 worse, 23 noise
