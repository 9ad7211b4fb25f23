--TEST--
benchmarks/compare and noise, per owner (run --instr): exact verdicts on fixed input under the owner thresholds of an A/A (relative 3 x the largest finite change, absolute 3 x the largest difference; a change must exceed both), the instructions floor without them, an owner gained or lost, the cold call, an A/A is all noise; runs with different bench.owners are refused
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
$rows = function (array $out): void {
    $in = false;
    foreach ($out as $line) {
        if (str_starts_with($line, 'thresholds owner.')) {
            echo "$line\n";
        } elseif (preg_match('/^(\S+)\s+(warm|cold)\s+\S+\s+\S+\s+(\S+)\s+(\w+)\s+(.+)$/', $line, $m)) {
            echo "$m[1] $m[2] $m[5]: $m[3] $m[4]\n";
        }
    }
    echo end($out), "\n";
};

// An A/A of two --instr runs: g moved by 1% and 4 instructions, flaky from 0 to 2 (an infinite change), the others not at all.
foreach (['A1' => [400, []], 'A2' => [404, ['flaky' => 2]]] as $label => [$g, $flaky]) {
    fixture_result($dir, $label, 's', []);
    fixture_instr($dir, $label, 's', ['f' => 1000, 'g' => $g, 'h' => 200] + $flaky, ['f' => 3000]);
}
[$status, $out] = fixture_tool('noise', "A1 A2 --out=$dir/noise.json", $dir);
$saved = json_decode(file_get_contents("$dir/noise.json"), true)['metrics'];
foreach (['owner.instructions', 'owner.cold.instructions'] as $metric) {
    $m = $saved[$metric];
    printf("noise %s: largest %s at %s, relative %s, largest difference %s, absolute %s\n", $metric, round($m['largest_change'], 6),
        $m['subject'] ?? '-', round($m['relative'], 6), $m['largest_difference'], $m['absolute']);
}

// B against A1 under them (warm: 3% and 12 instructions, 3 x g's 4: flaky's infinite change is left out of the
// relative one; cold: the floor, 0.1%, and 0). f: +3% (= the relative threshold), g: +3.25% and 13, gone: 50 to 0,
// new: 0 to 10.5 (below 12), newer: 0 to 20; cold f: +0.1% (= the floor), cold h: +1%.
fixture_result($dir, 'B', 's', []);
fixture_instr($dir, 'B', 's', ['f' => 1030, 'g' => 413, 'h' => 200, 'new' => 10.5, 'newer' => 20], ['f' => 3003, 'h' => 101]);
fixture_instr($dir, 'A1', 's', ['f' => 1000, 'g' => 400, 'h' => 200, 'gone' => 50], ['f' => 3000, 'h' => 100]);
[$status, $out] = fixture_tool('compare', "A1 B --thresholds=$dir/noise.json", $dir);
echo "A1 B: exit $status\n";
$rows($out);
// The chart: a bar per owner beyond noise, named after its subject and owner.
fixture_tool('compare', "A1 B --thresholds=$dir/noise.json --svg=$dir/chart.svg", $dir);
preg_match_all('/text-anchor="end">([^<]+)</', file_get_contents("$dir/chart.svg"), $m);
echo 'svg: ', implode(', ', $m[1]), "\n";
// Without owner thresholds in the file (an A/A made without --instr): the instructions floor, 0.1% and 0.
fixture_thresholds("$dir/plain.json", []);
[$status, $out] = fixture_tool('compare', "A1 B --thresholds=$dir/plain.json", $dir);
echo "A1 B, no owner A/A: exit $status\n";
$rows($out);
[$status, $out] = fixture_tool('compare', "A1 A1 --thresholds=$dir/noise.json", $dir);
echo "A1 A1: exit $status, ", end($out), "\n";

// An owner of bench.owners=user is split among internal functions under bench.owners=all: not comparable.
fixture_result($dir, 'C', 's', []);
fixture_instr($dir, 'C', 's', ['f' => 1000], [], 'all');
[$status, $out] = fixture_tool('compare', "A1 C --thresholds=$dir/noise.json", $dir);
echo "A1 C: exit $status: ", implode(' ', $out), "\n";
fixture_clean($dir);
?>
--EXPECTF--
noise owner.instructions: largest 0.01 at s g, relative 0.03, largest difference 4, absolute 12
noise owner.cold.instructions: largest 0 at -, relative 0.001, largest difference 0, absolute 0
A1 B: exit 1
thresholds owner.instructions: +3.00% and 12.0, from %s/noise.json
thresholds owner.cold.instructions: +0.10% and 0.0, from %s/noise.json
s warm g: +3.25% worse
s warm gone: -100.00% better
s warm newer: +inf worse
s cold h: +1.00% worse
1 better, 3 worse, 17 noise
svg: s g, s gone, s newer, s h (cold)
A1 B, no owner A/A: exit 1
thresholds owner.instructions: +0.10% and 0.0, from the instructions floor (no A/A of --instr runs in the noise file)
thresholds owner.cold.instructions: +0.10% and 0.0, from the instructions floor (no A/A of --instr runs in the noise file)
s warm f: +3.00% worse
s warm g: +3.25% worse
s warm gone: -100.00% better
s warm new: +inf worse
s warm newer: +inf worse
s cold h: +1.00% worse
1 better, 5 worse, 15 noise
A1 A1: exit 0, 0 better, 0 worse, 19 noise
A1 C: exit 2: compare: A1 and C were run with different bench.owners under --instr (user, all): their owners differ
