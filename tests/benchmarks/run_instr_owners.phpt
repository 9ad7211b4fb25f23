--TEST--
benchmarks/run --instr and compare on real runs: a subject whose function makes 1,000 more rounds of a loop is flagged on that owner alone (the floor's thresholds, 0.1% and 0), by a whole multiple of 1,000, the same in its cold and warm calls; the other owners are noise
--SKIPIF--
<?php
if (!getenv('BENCH_SO')) die('skip BENCH_SO (the bench.so under test) not set: run through scripts/test');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind cannot run under valgrind');
if (!is_executable('/usr/bin/valgrind')) die('skip valgrind is not installed');
if (!extension_loaded('bench') || !bench_info()['features']['callgrind']['available']) die('skip built without valgrind/callgrind.h');
?>
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
// ROUNDS is read once, when the file loads: the two variants run the same file, and pad() returns the same either way.
file_put_contents("$dir/subjects.php", <<<'PHP'
<?php
function pad(int $n): int { $s = 0; for ($i = 0; $i < $n; $i++) { $s += $i; } return $s > 0 ? 1 : 0; }
function fixed(): int { $s = 0; for ($i = 0; $i < 100; $i++) { $s += $i; } return $s; }
$rounds = (int) getenv('ROUNDS');
return ['loop' => ['k' => 3, 'run' => fn() => pad($rounds) + fixed(), 'expect' => 4951]];
PHP);
$run = function (string $label, int $rounds) use ($dir): void {
    putenv("ROUNDS=$rounds");
    [$status, $out] = fixture_tool('run', "$label --instr --opcache=off --processes=1 --subjects=$dir/subjects.php --ext="
        . escapeshellarg(getenv('BENCH_SO')), $dir);
    if ($status !== 0) {
        echo "run $label failed:\n", implode("\n", $out), "\n";
    }
};
$instr = fn(string $label) => json_decode(file_get_contents("$dir/$label/loop.json"), true)['instr'];
$run('A', 1000);
$run('B', 2000);
$a = $instr('A');
$b = $instr('B');
$grown = $b['warm']['pad'] - $a['warm']['pad'];
printf("pad(): 1,000 more rounds, %s more instructions a call: a whole multiple of 1,000: %s; the cold call grew as much: %s\n",
    $grown > 0 ? 'some' : $grown, is_int($grown) && $grown % 1000 === 0 ? 'yes' : 'no',
    $b['cold']['pad'] - $a['cold']['pad'] === $grown ? 'yes' : $b['cold']['pad'] - $a['cold']['pad']);
foreach (['fixed', '{closure}@own001/subjects.php:5'] as $owner) {
    printf("%s: the same in A and B: %s\n", $owner, $a['warm'][$owner] === $b['warm'][$owner] && $a['cold'][$owner] === $b['cold'][$owner] ? 'yes' : 'no');
}
// No noise file: the owners are judged under the instructions floor. Only owners beyond noise are printed.
[$status, $out] = fixture_tool('compare', 'A B', $dir);
echo "A B: exit $status\n";
foreach ($out as $line) {
    if (str_starts_with($line, 'thresholds owner.')) {
        echo "$line\n";
    } elseif (preg_match('/^loop\s+(warm|cold)\s+\S+\s+\S+\s+(\S+)\s+(\w+)\s+(\S+)$/', $line, $m)) {
        echo "$m[4] ($m[1]): $m[3], ", $m[2][0], "\n";
    }
}
fixture_clean($dir);
?>
--EXPECT--
pad(): 1,000 more rounds, some more instructions a call: a whole multiple of 1,000: yes; the cold call grew as much: yes
fixed: the same in A and B: yes
{closure}@own001/subjects.php:5: the same in A and B: yes
A B: exit 1
thresholds owner.instructions: +0.10% and 0.0, from the instructions floor (no A/A of --instr runs in the noise file)
thresholds owner.cold.instructions: +0.10% and 0.0, from the instructions floor (no A/A of --instr runs in the noise file)
pad (warm): worse, +
pad (cold): worse, +
