--TEST--
benchmarks/compare: exact verdicts on fixed input, values right at a threshold are noise, exit 1 when worse
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
file_put_contents("$dir/t.json", json_encode(['metrics' => array_map(fn($t) => ['threshold' => $t], [
    'wall_ns' => 0.1, 'cpu_ns' => 0.1, 'instructions' => 0.001, 'cycles' => 0.02,
    'allocs' => 0.0, 'alloc_bytes' => 0.0, 'unfreed' => 0.0, 'retained_bytes' => 0.0, 'ops' => 0.0, 'peak_bytes' => null,
])]));
// A: every subject at 100 ns and 3 allocations, each freed. 8 subjects x 8 compared metrics
// (instructions and cycles are null: skipped) = 64 verdicts.
foreach (['at_plus', 'above', 'below', 'at_minus', 'allocs_up', 'from_zero', 'to_zero', 'same'] as $s) {
    fixture_result($dir, 'A', $s, ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => $s === 'from_zero' ? 0 : 3, 'frees' => $s === 'from_zero' ? 0 : 3]);
}
fixture_result($dir, 'B', 'at_plus',  ['wall_ns' => 110, 'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // +10% = threshold: noise
fixture_result($dir, 'B', 'above',    ['wall_ns' => 111, 'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // +11%: worse
fixture_result($dir, 'B', 'below',    ['wall_ns' => 89,  'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // -11%: better
fixture_result($dir, 'B', 'at_minus', ['wall_ns' => 90,  'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3]);   // -10%: noise
fixture_result($dir, 'B', 'allocs_up', ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 4, 'frees' => 4]);  // exact counter: worse
fixture_result($dir, 'B', 'from_zero', ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 1, 'frees' => 1]);  // 0 -> 1: worse
fixture_result($dir, 'B', 'to_zero',  ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 0, 'frees' => 0]);   // 3 -> 0: better
fixture_result($dir, 'B', 'same',     ['wall_ns' => 100, 'cpu_ns' => 100, 'allocs' => 3, 'frees' => 3], 5000); // peak: never flagged

[$status, $out] = fixture_tool('compare', "A B --thresholds=$dir/t.json", $dir);
echo "exit $status\n";
foreach ($out as $line) {
    if (preg_match('/^(\S+)\s+(wall_ns|allocs|peak_bytes)\s+\S+\s+\S+\s+(\S+)\s+(\S+)\s+(\w+)$/', $line, $m)) {
        echo "$m[1] $m[2] $m[3] $m[5]\n";
    }
}
echo end($out), "\n";

// The same label twice: nothing better, nothing worse.
[$status, $out] = fixture_tool('compare', "A A --thresholds=$dir/t.json", $dir);
echo "A/A: exit $status, ", end($out), "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 1
above wall_ns +11.00% worse
allocs_up allocs +33.33% worse
below wall_ns -11.00% better
from_zero allocs +inf worse
to_zero allocs -100.00% better
2 better, 3 worse, 59 noise
A/A: exit 0, 0 better, 0 worse, 64 noise
