--TEST--
Sample mode writes pprof by default (bench.output_format=auto): its samples keep their stacks, so a recursive function's inclusive share comes from them, at most 100% (callgrind's edges, the default before, gave over 100%); profile mode still writes callgrind
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
profile_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$dir = sys_get_temp_dir() . '/bench-default-format-' . getmypid();
mkdir($dir);
// down() recurses 20 deep and spins 60 ms at the bottom: every sample but a few lies under 21 down() frames.
file_put_contents("$dir/script.php", '<?php function down($n) { if ($n > 0) { return down($n - 1); } for ($t = hrtime(true); hrtime(true) - $t < 60e6;) {} } down(20);');
foreach (['sample', 'profile'] as $mode) {
    exec(sprintf('%s -n -d extension=%s -d bench.mode=%s -d bench.sample_interval_us=1000 -d bench.report=0 -d %s %s 2>&1',
        escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), $mode, escapeshellarg("bench.output_dir=$dir"),
        escapeshellarg("$dir/script.php")), $out);
    $files = glob("$dir/bench.*");
    echo "$mode: ", implode(', ', array_map(fn($f) => preg_replace('/^bench\.\d+T\d+Z\.\d+\.\d+\./', '', basename($f)), $files)), "\n";
    if ($mode === 'sample') {
        exec(sprintf('%s -n -d extension=%s %s top %s --sort=inclusive --raw 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')),
            escapeshellarg(__DIR__ . '/../../bin/bench'), escapeshellarg($files[0])), $top);
        $row = array_values(preg_grep('/\sdown\s/', $top))[0] ?? '';
        preg_match_all('/([\d.]+)%/', $row, $m);
        echo "down()'s inclusive share: ", isset($m[1][1]) && $m[1][1] <= 100.0 && $m[1][1] >= 80.0 ? '80% to 100%' : $row, "\n";
    }
    array_map('unlink', $files);
}
profile_forget_usage($dir);
unlink("$dir/script.php");
rmdir($dir);
?>
--EXPECT--
sample: pb.gz
down()'s inclusive share: 80% to 100%
profile: callgrind
