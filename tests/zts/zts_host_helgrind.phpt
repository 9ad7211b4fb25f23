--TEST--
ZTS: helgrind finds no data race in 4 PHP threads x 20 requests under profile mode, JSON and traced (each new thread parsed bench.owners again under the others; the first traced requests measured the tick rate together), and under sample mode (one ticker for every thread; what it shares with them through atomics is marked so in src/lib/race.h)
--SKIPIF--
<?php
require __DIR__ . '/zts.inc';
zts_host_skip();
if (trim((string) shell_exec('command -v valgrind')) === '') die('skip valgrind is not installed');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind cannot run under valgrind');
?>
--FILE--
<?php
require __DIR__ . '/zts.inc';
foreach ([
    'json' => [['bench.output_format' => 'json', 'bench.compress' => 'none', 'bench.mode' => 'profile'], 1],
    'trace, gzip, live' => [['bench.output_format' => 'trace', 'bench.compress' => 'gzip', 'bench.track_live' => '1',
        'bench.mode' => 'profile'], 1],
    // Requests long enough under valgrind that most take samples at 1 ms; one that takes none is counted as empty.
    'sample, JSON' => [['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.output_format' => 'json',
        'bench.compress' => 'none'], 20],
] as $label => [$ini, $scale]) {
    $dir = zts_host_dir();
    $run = zts_host_run($dir, 4, 20, $ini + ['bench.report' => '0'],
        ['valgrind', '--tool=helgrind', '--num-callers=30', '--error-exitcode=99'], $scale,
        'echo "counted: ", bench_info()["profiles"]["empty"], " empty\n";');
    preg_match('/^counted: (\d+) empty$/m', $run['output'], $m);
    $files = array_filter(glob("$dir/out/bench.*"), fn($f) => !str_contains(file_get_contents($f), '"/last"'));
    $empty = (int) ($m[1] ?? -1);
    echo "$label: exit {$run['status']}, ", count($files) + $empty, " profiles written or counted empty\n";
    if (!preg_match('/ERROR SUMMARY: 0 errors/', $run['output'])) {
        echo $run['output'];
    }
    zts_host_clean($dir);
}
?>
--EXPECT--
json: exit 0, 80 profiles written or counted empty
trace, gzip, live: exit 0, 80 profiles written or counted empty
sample, JSON: exit 0, 80 profiles written or counted empty
