--TEST--
benchmarks/rank --metric=instructions: each owner's share of a request from bench instr (N and 2N requests), summed over subjects; --owners=all gives internal functions their own
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
file_put_contents("$dir/subjects.php", <<<'PHP'
<?php
function loop(): int { $s = 0; for ($i = 0; $i < 10000; $i++) { $s += $i; } return $s; }
function calls(): int { return loop() + strlen(str_repeat('ab', 10)); }
return [
    // The harness calls loop() itself: loop() owns all of the request, exactly 1.
    'only' => ['k' => 1, 'run' => 'loop', 'expect' => 49995000],
    // calls() owns a call and str_repeat()'s work (strlen() is an opcode); loop()'s 10,000 rounds are nearly all of it.
    'nested' => ['k' => 1, 'run' => 'calls', 'expect' => 49995020],
];
PHP);
// One subject for --owners=all: each valgrind process takes seconds.
file_put_contents("$dir/nested.php", "<?php require_once __DIR__ . '/subjects.php';\n"
    . "return ['nested' => ['k' => 1, 'run' => 'calls', 'expect' => 49995020]];\n");
$rank = function (string $args) use ($dir): void {
    [$status, $out] = fixture_tool('rank', "--metric=instructions --requests=2 --ext=" . escapeshellarg(getenv('BENCH_SO')) . " $args", $dir);
    $top = (int) array_key_first(preg_grep('/^top owners/', $out));
    echo "exit $status: ", $out[$top] ?? '', "\n";
    foreach (array_slice($out, $top + 2) as $line) {
        [$share, $owner] = preg_split('/\s+/', trim($line), 2);
        // Two decimals: a share below 1 depends on how many instructions a call takes in this PHP.
        printf("%.2f %s%s\n", $share, $owner, $owner === 'loop' && $share > 0.99 && $share < 2 && $share != 1 ? ' (not a whole number)' : '');
    }
};
$rank("--subjects=$dir/subjects.php");
$rank("--subjects=$dir/nested.php --owners=all");
fixture_clean($dir);
?>
--EXPECT--
exit 0: top owners by share of instructions, summed over 2 app requests (1.00 = all of one request)
2.00 loop (not a whole number)
0.00 calls
exit 0: top owners by share of instructions, summed over 1 app requests (1.00 = all of one request)
1.00 loop (not a whole number)
0.00 calls
0.00 str_repeat
