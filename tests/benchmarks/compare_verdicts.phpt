--TEST--
benchmarks/compare: exact verdicts on fixed input; a change must exceed both the relative and the absolute threshold (one equal to either is noise); the cold call is judged; exit 1 when worse
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
// wall_ns: 10% and 5 ns; cpu_ns and cold.wall_ns: 10% and 0 ns; peak_bytes never; exact counters 0 and 0.
fixture_thresholds("$dir/t.json", ['wall_ns' => [0.1, 5.0], 'cpu_ns' => [0.1, 0.0], 'cold.wall_ns' => [0.1, 0.0],
    'peak_bytes' => [null, null]]);
// A: every subject at 100 ns and 3 allocations, each freed, but tiny and at_abs (10 and 40 ns).
// 10 subjects x 13 compared metrics (8 warm, 5 cold: instructions and cycles are null) = 130 verdicts.
$wall = ['tiny' => 10, 'at_abs' => 40];
foreach (['at_plus', 'above', 'below', 'at_minus', 'tiny', 'at_abs', 'allocs_up', 'from_zero', 'to_zero', 'same'] as $s) {
    $allocs = $s === 'from_zero' ? 0 : 3;
    fixture_result($dir, 'A', $s, ['wall_ns' => $wall[$s] ?? 100, 'cpu_ns' => 100, 'allocs' => $allocs, 'frees' => $allocs]);
}
fixture_result($dir, 'B', 'at_plus',  ['wall_ns' => 110, 'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // +10% = relative: noise
fixture_result($dir, 'B', 'above',    ['wall_ns' => 111, 'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // +11%, 11 ns: worse
fixture_result($dir, 'B', 'below',    ['wall_ns' => 89,  'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // -11%, 11 ns: better
fixture_result($dir, 'B', 'at_minus', ['wall_ns' => 90,  'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // -10%: noise
fixture_result($dir, 'B', 'tiny',     ['wall_ns' => 14,  'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // +40% but 4 ns: noise
fixture_result($dir, 'B', 'at_abs',   ['wall_ns' => 45,  'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // +12.5%, 5 ns = absolute: noise
fixture_result($dir, 'B', 'allocs_up', ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 4, 'frees' => 4]);  // exact counter: worse
fixture_result($dir, 'B', 'from_zero', ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 1, 'frees' => 1]);  // 0 -> 1: worse
fixture_result($dir, 'B', 'to_zero',  ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 0, 'frees' => 0]);   // 3 -> 0: better
// Warm the same, the peak moved (never flagged), the first call allocates once more and takes twice as long.
fixture_result($dir, 'B', 'same',     ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3], 5000, [],
    ['allocs' => 1001, 'wall_ns' => 2000]);

[$status, $out] = fixture_tool('compare', "A B --thresholds=$dir/t.json", $dir);
echo "exit $status\n";
echo $out[1], "\n";
foreach ($out as $line) {
    if (preg_match('/^(\S+)\s+(\S*wall_ns|\S*allocs|peak_bytes)\s+\S+\s+\S+\s+(\S+)\s+(\S+)\s+(\S+)\s+(\w+)$/', $line, $m)) {
        echo "$m[1] $m[2] $m[3] (thresholds $m[4] and $m[5]) $m[6]\n";
    }
}
echo end($out), "\n";

// The chart: a bar per change beyond noise, the relative threshold marked on both sides where there is one.
fixture_tool('compare', "A B --thresholds=$dir/t.json --svg=$dir/chart.svg", $dir);
$svg = file_get_contents("$dir/chart.svg");
printf("svg: %d bars, %d red, %d threshold marks, %s\n", substr_count($svg, '<rect'), substr_count($svg, '#c0392b'),
    substr_count($svg, 'stroke-dasharray'), str_ends_with($svg, "</svg>\n") ? 'closed' : 'open');

// The same label twice: nothing better, nothing worse.
[$status, $out] = fixture_tool('compare', "A A --thresholds=$dir/t.json", $dir);
echo "A/A: exit $status, ", end($out), "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 1
subject                    metric                         A              B    change  relative   absolute  verdict
above wall_ns +11.00% (thresholds +10.00% and 5.0) worse
allocs_up allocs +33.33% (thresholds +0.00% and 0.0) worse
below wall_ns -11.00% (thresholds +10.00% and 5.0) better
from_zero allocs +inf (thresholds +0.00% and 0.0) worse
same cold.wall_ns +100.00% (thresholds +10.00% and 0.0) worse
same cold.allocs +0.10% (thresholds +0.00% and 0.0) worse
to_zero allocs -100.00% (thresholds +0.00% and 0.0) better
2 better, 5 worse, 123 noise
svg: 7 bars, 5 red, 14 threshold marks, closed
A/A: exit 0, 0 better, 0 worse, 130 noise
