--TEST--
benchmarks/run --instr and noise on real runs: an A/A of instructions per owner (bench instr) is exact: the same figures for every owner, cold and warm, so the owner thresholds are the floor and compare finds all noise
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
$run('A1', 1000);
$run('A2', 1000);
$a = $instr('A1');
printf("A1 and A2, every owner: %s\n", $a === $instr('A2') ? 'the same instructions' : json_encode([$a, $instr('A2')]));
$owners = array_keys($a['warm']);
sort($owners);
printf("owners: %s, k %d\n", implode(', ', $owners), $a['k']);
[$status, $out] = fixture_tool('noise', 'A1 A2', $dir);
echo implode("\n", preg_grep('/^owner\./', $out)), "\n";
[$status, $out] = fixture_tool('compare', 'A1 A2', $dir);
echo "A1 A2: exit $status, ", end($out), "\n";
fixture_clean($dir);
?>
--EXPECTF--
A1 and A2, every owner: the same instructions
owners: fixed, pad, {closure}@own001/subjects.php:5, k 3
owner.instructions              +0.00%     +0.10%     +0.10%            0.0          0.0  -
owner.cold.instructions         +0.00%     +0.10%     +0.10%            0.0          0.0  -
A1 A2: exit 0, 0 better, 0 worse, %d noise
