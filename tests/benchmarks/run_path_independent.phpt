--TEST--
benchmarks/run: the same subjects run from two checkouts whose paths differ in length give the same exact counters (an exception keeps its file's path, an include resolves one)
--SKIPIF--
<?php if (!getenv('BENCH_SO')) die('skip BENCH_SO (the bench.so under test) not set: run through scripts/test'); ?>
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
$top = dirname(__DIR__, 2);
$checkouts = ['short' => "$dir/a", 'long' => "$dir/a-checkout-whose-path-is-fifty-characters-longer"];
foreach ($checkouts as $checkout) {
    mkdir("$checkout/benchmarks/lib", 0777, true);
    mkdir("$checkout/benchmarks/subjects");
    copy("$top/benchmarks/run", "$checkout/benchmarks/run");
    foreach (glob("$top/benchmarks/lib/*.php") as $lib) {
        copy($lib, "$checkout/benchmarks/lib/" . basename($lib));
    }
    file_put_contents("$checkout/benchmarks/subjects/paths.php", <<<'PHP'
<?php
return [
    'throw_catch' => ['k' => 20, 'run' => function () {
        try { throw new LogicException('x'); } catch (LogicException $e) { return $e->getMessage(); }
    }, 'expect' => 'x'],
    'include' => ['k' => 20, 'run' => fn() => include __DIR__ . '/returns_one.inc', 'expect' => 1],
];
PHP);
    file_put_contents("$checkout/benchmarks/subjects/returns_one.inc", "<?php return 1;\n");
}
$results = [];
foreach ($checkouts as $label => $checkout) {
    $cmd = sprintf('BENCH_RESULTS=%s %s -n %s %s --processes=1 --subjects=%s --ext=%s 2>&1', escapeshellarg("$dir/results"),
        escapeshellarg(PHP_BINARY), escapeshellarg("$checkout/benchmarks/run"), $label,
        escapeshellarg("$checkout/benchmarks/subjects/paths.php"), escapeshellarg(getenv('BENCH_SO')));
    exec($cmd, $out, $status);
    echo "$label: exit $status\n";
    foreach (['throw_catch', 'include'] as $subject) {
        $results[$subject][$label] = json_decode(file_get_contents("$dir/results/$label/$subject.json"), true);
    }
}
foreach ($results as $subject => ['short' => $short, 'long' => $long]) {
    foreach (['cold', 'warm'] as $phase) {
        foreach (['allocs', 'alloc_bytes', 'frees', 'retained_bytes', 'ops'] as $metric) {
            $a = $short[$phase][$metric];
            $b = $long[$phase][$metric];
            printf("%s %s %s: %s\n", $subject, $phase, $metric, $a === $b ? 'same' : "$a from the short path, $b from the long one");
        }
    }
    printf("%s peak_bytes: %s\n", $subject, $short['peak_bytes'] === $long['peak_bytes'] ? 'same' : "$short[peak_bytes] vs $long[peak_bytes]");
}
fixture_clean($dir);
?>
--EXPECT--
short: exit 0
long: exit 0
throw_catch cold allocs: same
throw_catch cold alloc_bytes: same
throw_catch cold frees: same
throw_catch cold retained_bytes: same
throw_catch cold ops: same
throw_catch warm allocs: same
throw_catch warm alloc_bytes: same
throw_catch warm frees: same
throw_catch warm retained_bytes: same
throw_catch warm ops: same
throw_catch peak_bytes: same
include cold allocs: same
include cold alloc_bytes: same
include cold frees: same
include cold retained_bytes: same
include cold ops: same
include warm allocs: same
include warm alloc_bytes: same
include warm frees: same
include warm retained_bytes: same
include warm ops: same
include peak_bytes: same
