--TEST--
ZTS: helgrind finds no data race in 4 PHP threads x 20 requests under profile mode (bench.owners was parsed again by each new thread, under the others)
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
$dir = zts_host_dir();
$run = zts_host_run($dir, 4, 20, [
    'bench.mode' => 'profile', 'bench.output_format' => 'json', 'bench.compress' => 'none', 'bench.report' => '0',
], ['valgrind', '--tool=helgrind', '--num-callers=30', '--error-exitcode=99']);
echo "exit {$run['status']}\n", count(glob("$dir/out/bench.*.json")), " profiles\n";
if (!preg_match('/ERROR SUMMARY: 0 errors/', $run['output'])) {
    echo $run['output'];
}
zts_host_clean($dir);
?>
--EXPECT--
exit 0
80 profiles
