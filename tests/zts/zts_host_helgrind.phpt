--TEST--
ZTS: helgrind finds no data race in 4 PHP threads x 20 requests under profile mode, JSON and traced (each new thread parsed bench.owners again under the others; the first traced requests measured the tick rate together)
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
    'json' => ['bench.output_format' => 'json', 'bench.compress' => 'none'],
    'trace, gzip, live' => ['bench.output_format' => 'trace', 'bench.compress' => 'gzip', 'bench.track_live' => '1'],
] as $label => $ini) {
    $dir = zts_host_dir();
    $run = zts_host_run($dir, 4, 20, $ini + ['bench.mode' => 'profile', 'bench.report' => '0'],
        ['valgrind', '--tool=helgrind', '--num-callers=30', '--error-exitcode=99']);
    echo "$label: exit {$run['status']}, ", count(glob("$dir/out/bench.*")), " profiles\n";
    if (!preg_match('/ERROR SUMMARY: 0 errors/', $run['output'])) {
        echo $run['output'];
    }
    zts_host_clean($dir);
}
?>
--EXPECT--
json: exit 0, 80 profiles
trace, gzip, live: exit 0, 80 profiles
