--TEST--
bench instr: exact instructions per PHP function under callgrind; own instructions add up to the request's, two runs agree, and a function's growth equals plain callgrind's (a loop in PHP, and work inside internal calls); internal functions own theirs with bench.owners=all; the callgrind file names PHP functions among the C ones; outside valgrind bench.mode=instr refuses
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind cannot run under valgrind');
if (!is_executable('/usr/bin/valgrind')) die('skip valgrind is not installed');
if (!extension_loaded('bench') || !bench_info()['features']['callgrind']['available']) die('skip built without valgrind/callgrind.h');
?>
--FILE--
<?php
$dir = sys_get_temp_dir() . '/bench-instr-test-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
function work($n) { $s = 0; for ($i = 0; $i < $n; $i++) { $s += $i * 2; } return $s; }
function inner($n) { return strlen(str_repeat('ab', $n)) + count(array_fill(0, $n, 1)); }
function twice($n, $mode) { return $mode === 'loop' ? work($n) + work(1) : inner($n) + inner(1); }
echo twice((int) $argv[1], $argv[2]), "\n";
PHP);
$bench = __DIR__ . '/../../bin/bench';
$instr = function (int $n, string $mode, string $out, string $owners = 'user') use ($dir, $bench): array {
    exec(sprintf('%s -n %s instr --quiet -o %s --ext=%s -- %s -n -d bench.owners=%s %s %d %s 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg($bench),
        escapeshellarg($out), escapeshellarg(getenv('BENCH_SO')), escapeshellarg(PHP_BINARY), $owners, escapeshellarg("$dir/script.php"), $n, $mode), $lines, $status);
    $json = json_decode((string) @file_get_contents($out), true);
    if ($status !== 0 || !$json) {
        echo "bench instr failed ($status):\n", implode("\n", $lines), "\n";
        exit;
    }
    return $json;
};
$plain = function (int $n, string $mode) use ($dir): int {
    exec(sprintf('valgrind --tool=callgrind --callgrind-out-file=%s %s -n %s %d %s 2>&1', escapeshellarg("$dir/plain.out"),
        escapeshellarg(PHP_BINARY), escapeshellarg("$dir/script.php"), $n, $mode));
    preg_match('/^summary: (\d+)/m', (string) file_get_contents("$dir/plain.out"), $m);
    return (int) $m[1];
};
$own = fn(array $json) => array_column(array_map(fn($f) => [$f['name'], $f['own']['instructions']], $json['functions']), 1, 0);

$small = $instr(20000, 'loop', "$dir/small.json");
// The owners' own instructions and bench's (overhead, charged to no function): the request's.
$sum = array_sum($own($small)) + $small['overhead']['instructions'];
printf("own instructions and overhead add up to the request's: %s; overhead under 5%%: %s\n", $sum === $small['totals']['instructions'] ? 'yes' : "$sum of {$small['totals']['instructions']}",
    $small['overhead']['instructions'] > 0 && $small['overhead']['instructions'] < 0.05 * $sum ? 'yes' : $small['overhead']['instructions']);
$again = $instr(20000, 'loop', "$dir/again.json");
// {request} holds what ran outside any PHP function: PHP's own run-to-run noise (the command line's lengths) lies there.
$owners = fn(array $json) => array_diff_key($own($json), ['{request}' => true]);
printf("two runs, every function: %s\n", $owners($small) === $owners($again) ? 'the same instructions' : json_encode([$owners($small), $owners($again)]));
foreach (['loop' => 'work', 'internal' => 'inner'] as $mode => $function) {
    $grown = $own($instr(40000, $mode, "$dir/large.json"))[$function] - $own($mode === 'loop' ? $small : $instr(20000, $mode, "$dir/small.json"))[$function];
    $whole = $wholes[$mode] = $plain(40000, $mode) - $plain(20000, $mode);
    printf("%s(): 20,000 more rounds grow its own instructions as plain callgrind's whole run: %s\n", $function,
        abs($grown / $whole - 1) < 0.02 ? 'within 2%' : "$grown against $whole");
}
// Internal functions as owners too (bench.owners=all): str_repeat() and array_fill() own their work, and the growths still add up.
$large = $own($instr(40000, 'internal', "$dir/all-large.json", 'all'));
$small = $own($instr(20000, 'internal', "$dir/all-small.json", 'all'));
$grown = 0;
foreach (['inner', 'str_repeat', 'array_fill'] as $function) {
    $grown += ($large[$function] ?? 0) - ($small[$function] ?? 0);
}
printf("bench.owners=all: str_repeat() and array_fill() own instructions: %s; their growth and inner()'s as plain callgrind's: %s\n",
    ($large['str_repeat'] ?? 0) > 0 && ($large['array_fill'] ?? 0) > ($large['inner'] ?? 0) ? 'yes' : json_encode($large),
    abs($grown / $wholes['internal'] - 1) < 0.02 ? 'within 2%' : "$grown against {$wholes['internal']}");
// A fatal error's longjmp skips the returns: the shutdown function that runs then is a root's child, not the dead frame's.
file_put_contents("$dir/fatal.php", '<?php register_shutdown_function(function () { $s = 0; for ($i = 0; $i < 20000; $i++) { $s += $i; } });'
    . ' function dies() { trigger_error("bye", E_USER_ERROR); } dies();');
exec(sprintf('%s -n %s instr --quiet -o %s --ext=%s -- %s -n %s 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg($bench),
    escapeshellarg("$dir/fatal.json"), escapeshellarg(getenv('BENCH_SO')), escapeshellarg(PHP_BINARY), escapeshellarg("$dir/fatal.php")));
$fatal = $own(json_decode((string) file_get_contents("$dir/fatal.json"), true) ?? ['functions' => []]);
printf("after a fatal error: no function below 0: %s; the shutdown function owns its loop: %s\n", $fatal && min($fatal) >= 0 ? 'yes' : json_encode($fatal),
    max(array_intersect_key($fatal, array_flip(preg_grep('/^\{closure\}/', array_keys($fatal)))) ?: [0]) > 100000 ? 'yes' : json_encode($fatal));
$named = (string) file_get_contents("$dir/large.callgrind");
printf("the callgrind file names PHP functions: %s\n", str_contains($named, 'fn=(') && preg_match('/\) php: inner$/m', $named)
    && !str_contains($named, 'bench_instr_t') ? 'yes' : 'no');
exec('callgrind_annotate --inclusive=yes ' . escapeshellarg("$dir/large.callgrind") . ' 2>&1', $annotated, $status);
printf("callgrind_annotate reads it: %s\n", $status === 0 && preg_grep('/php: inner/', $annotated) ? 'yes' : implode("\n", $annotated));
exec(sprintf('%s -n -d extension=%s -d bench.mode=instr -r %s 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')),
    escapeshellarg('echo bench_info()["mode"], "\n";')), $outside);
echo "outside valgrind: ", implode(' / ', array_filter(array_map('trim', $outside))), "\n";
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECT--
own instructions and overhead add up to the request's: yes; overhead under 5%: yes
two runs, every function: the same instructions
work(): 20,000 more rounds grow its own instructions as plain callgrind's whole run: within 2%
inner(): 20,000 more rounds grow its own instructions as plain callgrind's whole run: within 2%
bench.owners=all: str_repeat() and array_fill() own instructions: yes; their growth and inner()'s as plain callgrind's: within 2%
after a fatal error: no function below 0: yes; the shutdown function owns its loop: yes
the callgrind file names PHP functions: yes
callgrind_annotate reads it: yes
outside valgrind: Warning: bench.mode=instr runs under valgrind's callgrind only (bench instr -- php ...); bench stays off / off
