--TEST--
benchmarks/noise: per metric the largest change of an A/A pair, thresholds = max(3 x change, floor), saved
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
fixture_result($dir, 'A1', 'one', ['wall_ns' => 100, 'cpu_ns' => 200, 'allocs' => 7, 'ops' => 50]);
fixture_result($dir, 'A2', 'one', ['wall_ns' => 104, 'cpu_ns' => 202, 'allocs' => 7, 'ops' => 50]);
fixture_result($dir, 'A1', 'two', ['wall_ns' => 1000, 'cpu_ns' => 1000, 'allocs' => 2, 'ops' => 9]);
fixture_result($dir, 'A2', 'two', ['wall_ns' => 980, 'cpu_ns' => 1000, 'allocs' => 2, 'ops' => 9]);

[$status, $out] = fixture_tool('noise', "A1 A2 --out=$dir/noise.json", $dir);
echo "exit $status\n";
$saved = json_decode(file_get_contents("$dir/noise.json"), true);
foreach ($saved['metrics'] as $metric => $m) {
    printf("%-12s largest=%s threshold=%s where=%s\n", $metric, round($m['largest_change'], 6), round($m['threshold'], 6), $m['subject'] ?? '-');
}
echo implode(',', $saved['from']), ' ', $saved['subjects'], "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 0
wall_ns      largest=0.04 threshold=0.12 where=one
cpu_ns       largest=0.01 threshold=0.05 where=one
instructions largest=0 threshold=0.001 where=-
cycles       largest=0 threshold=0.02 where=-
allocs       largest=0 threshold=0 where=-
alloc_bytes  largest=0 threshold=0 where=-
unfreed      largest=0 threshold=0 where=-
retained_bytes largest=0 threshold=0 where=-
ops          largest=0 threshold=0 where=-
peak_bytes   largest=0 threshold=0 where=-
A1,A2 2
