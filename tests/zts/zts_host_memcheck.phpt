--TEST--
ZTS: valgrind's memcheck finds no invalid access and no definite leak in 4 PHP threads x 10 requests, in profile mode and in sample mode (each thread's slot, its list of internal functions and its stack reader given back when the thread ends)
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
// PHP compares strings a word at a time, past their end inside the block: PHP built --with-valgrind tells memcheck,
// the thread-safe PHP of scripts/zts-php does not.
$supp = sys_get_temp_dir() . '/bench-zts-memcheck-' . getmypid() . '.supp';
file_put_contents($supp, "{\n   php-string-compare-by-words\n   Memcheck:Cond\n   fun:zend_string_equal_val\n}\n");
$memcheck = ['env', 'USE_ZEND_ALLOC=0', 'ZEND_DONT_UNLOAD_MODULES=1', 'valgrind', '--leak-check=full', '--errors-for-leak-kinds=definite',
    '--error-exitcode=99', '--fair-sched=yes', "--suppressions=$supp", '--num-callers=30'];
foreach ([
    'profile, JSON' => [['bench.mode' => 'profile', 'bench.output_format' => 'json', 'bench.compress' => 'none'], 1],
    'sample, JSON, allocations sampled' => [['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.output_format' => 'json',
        'bench.compress' => 'none', 'bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1'], 20],
] as $label => [$ini, $scale]) {
    $dir = zts_host_dir();
    $run = zts_host_run($dir, 4, 10, $ini + ['bench.report' => '0'], $memcheck, $scale,
        'echo "counted: ", bench_info()["profiles"]["empty"], " empty\n";');
    preg_match('/^counted: (\d+) empty$/m', $run['output'], $m);
    $files = array_filter(glob("$dir/out/bench.*"), fn($f) => !str_contains(file_get_contents($f), '"/last"'));
    echo "$label: exit {$run['status']}, ", count($files) + (int) ($m[1] ?? -1), " profiles written or counted empty\n";
    if (!preg_match('/ERROR SUMMARY: 0 errors/', $run['output'])) {
        echo $run['output'];
    }
    zts_host_clean($dir);
}
unlink($supp);
?>
--EXPECT--
profile, JSON: exit 0, 40 profiles written or counted empty
sample, JSON, allocations sampled: exit 0, 40 profiles written or counted empty
