--TEST--
benchmarks/noise: per metric from an A/A pair, a relative threshold max(3 x largest change, floor) and an absolute one 3 x the median difference, cold costs apart, saved
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
fixture_result($dir, 'A1', 'one', ['wall_ns' => 100, 'cpu_ns' => 200, 'allocs' => 7, 'ops' => 50]);
fixture_result($dir, 'A2', 'one', ['wall_ns' => 104, 'cpu_ns' => 202, 'allocs' => 7, 'ops' => 50], 0, [], ['wall_ns' => 1300]);
fixture_result($dir, 'A1', 'two', ['wall_ns' => 1000, 'cpu_ns' => 1000, 'allocs' => 2, 'ops' => 9]);
fixture_result($dir, 'A2', 'two', ['wall_ns' => 980, 'cpu_ns' => 1000, 'allocs' => 2, 'ops' => 9]);

[$status, $out] = fixture_tool('noise', "A1 A2 --out=$dir/noise.json", $dir);
echo "exit $status\n";
$saved = json_decode(file_get_contents("$dir/noise.json"), true);
foreach ($saved['metrics'] as $metric => $m) {
    printf("%-17s largest=%s relative=%s median=%s absolute=%s where=%s\n", $metric, round($m['largest_change'], 6),
        round($m['relative'], 6), $m['median_difference'], $m['absolute'], $m['subject'] ?? '-');
}
echo implode(',', $saved['from']), ' ', $saved['subjects'], "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 0
wall_ns           largest=0.04 relative=0.12 median=12 absolute=36 where=one
cpu_ns            largest=0.01 relative=0.05 median=1 absolute=3 where=one
instructions      largest=0 relative=0.001 median=0 absolute=0 where=-
cycles            largest=0 relative=0.02 median=0 absolute=0 where=-
allocs            largest=0 relative=0 median=0 absolute=0 where=-
alloc_bytes       largest=0 relative=0 median=0 absolute=0 where=-
unfreed           largest=0 relative=0 median=0 absolute=0 where=-
retained_bytes    largest=0 relative=0 median=0 absolute=0 where=-
ops               largest=0 relative=0 median=0 absolute=0 where=-
peak_bytes        largest=0 relative=0 median=0 absolute=0 where=-
leaked_bytes      largest=0 relative=0 median=0 absolute=0 where=-
gc_collected      largest=0 relative=0 median=0 absolute=0 where=-
cold.wall_ns      largest=0.3 relative=0.9 median=150 absolute=450 where=one
cold.cpu_ns       largest=0 relative=0.05 median=0 absolute=0 where=-
cold.instructions largest=0 relative=0.001 median=0 absolute=0 where=-
cold.allocs       largest=0 relative=0 median=0 absolute=0 where=-
cold.alloc_bytes  largest=0 relative=0 median=0 absolute=0 where=-
cold.ops          largest=0 relative=0 median=0 absolute=0 where=-
A1,A2 2
