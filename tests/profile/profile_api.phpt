--TEST--
bench.start=api: bench_start() and bench_stop() profile a part of a request and return it as an array, writing no file
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
function before() { return str_repeat('b', 10); }
function during() { return str_repeat('d', 10); }
function inner() { return [during(), during()]; }   // 2 strings, and the array (HashTable + data)
function outer() {
    before();
    var_dump(bench_start());       // started mid-stack, inside outer()
    var_dump(bench_start());       // already running
    inner();
    return bench_stop();
}
before();
$p = outer();
echo implode(',', array_keys($p)), "\n";
$names = array_keys($p['functions']);
sort($names);
echo implode(',', $names), "\n";
printf("inner: calls %d, inclusive allocs %d\n", $p['functions']['inner']['calls'], $p['functions']['inner']['inclusive']['allocs']);
printf("during: calls %d, own allocs %d\n", $p['functions']['during']['calls'], $p['functions']['during']['own']['allocs']);
// Every cost has bench_counters()'s keys; a counter unavailable here is null in both, never a missing key.
$keys = array_keys(bench_counters());
$costs = [$p['totals'], $p['overhead'], $p['functions']['inner']['own'], $p['functions']['inner']['inclusive'], $p['edges'][0]['inclusive']];
echo "keys of bench_counters(): ", var_export(array_unique(array_map(fn($c) => array_keys($c) === $keys, $costs)), true), "\n";
echo "null where bench_counters() has null: ", var_export(array_keys(array_filter($p['totals'], 'is_null'))
    === array_keys(array_filter(bench_counters(), 'is_null')), true), "\n";
// CPU time and retained bytes are the request's, not a function's: null in own and inclusive costs, an int in totals.
printf("cpu_ns: total %s, own %s; retained_bytes: own %s\n", get_debug_type($p['totals']['cpu_ns']),
    get_debug_type($p['functions']['inner']['own']['cpu_ns']), get_debug_type($p['functions']['inner']['own']['retained_bytes']));
foreach ($p['totals'] as $c => $total) {
    if ($p['overhead'][$c] === null) {
        continue;
    }
    $sum = array_sum(array_map(fn($f) => $f['own'][$c], $p['functions'])) + $p['overhead'][$c];
    if ($sum !== $total) echo "$c: $sum != $total\n";
}
echo "sums checked\n";
try {
    bench_stop();
} catch (Error $e) {
    echo $e->getMessage(), "\n";
}
// A second profile in the same request.
bench_start();
during();
echo count(bench_stop()['functions']), " functions in the second profile\n";
PHP, ['bench.start' => 'api']);
echo $run['output'], "\nfiles written: ", count($run['files']), "\n";

// An auto_prepend_file's body runs at the top as the script does: both are {main}, and the array, keyed by
// name, kept one of them (its sums then fell short). The later one is keyed with its file. (bench_stop()
// ends a profile begun with the request too.)
$prepend = sys_get_temp_dir() . '/bench-api-prepend-' . getmypid() . '.php';
file_put_contents($prepend, "<?php\nfunction pre() { return str_repeat('p', 3); }\npre();\n");
$run = profile_run(<<<'PHP'
<?php
function m() { return str_repeat('m', 3); }
m();
$p = bench_stop();
// Which of the two gets its file in the key follows their costs: either.
$names = array_map(fn($n) => preg_replace('~ \(/.*\)$~', ' (FILE)', $n), array_keys($p['functions']));
sort($names);
echo implode(', ', $names), "\n";
foreach ($p['totals'] as $c => $total) {
    if ($p['overhead'][$c] === null) {
        continue;
    }
    $sum = array_sum(array_map(fn($f) => $f['own'][$c], $p['functions'])) + $p['overhead'][$c];
    if ($sum !== $total) echo "$c: $sum != $total\n";
}
echo "sums checked\n";
PHP, ['bench.start' => 'request', 'auto_prepend_file' => $prepend]);
unlink($prepend);
echo $run['output'], "\n";
?>
--EXPECT--
bool(true)
bool(false)
totals,overhead,functions,edges
during,inner,{request}
inner: calls 1, inclusive allocs 4
during: calls 2, own allocs 2
keys of bench_counters(): array (
  0 => true,
)
null where bench_counters() has null: true
cpu_ns: total int, own null; retained_bytes: own null
sums checked
bench_stop(): no profile is running
2 functions in the second profile
files written: 0
m, pre, {main}, {main} (FILE), {request}
sums checked
