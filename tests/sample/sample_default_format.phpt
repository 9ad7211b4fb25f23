--TEST--
Sample mode writes pprof by default (bench.output_format=auto): its samples keep their stacks, so a recursive function's inclusive share comes from them, at most 100% (callgrind's edges, the default before, gave 2,000% for a mutual recursion, and are capped at 100% now); profile mode still writes callgrind
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$dir = sys_get_temp_dir() . '/bench-default-format-' . getmypid();
mkdir($dir);
// down() and up() recurse 20 deep and spin 60 ms at the bottom: every sample but a few lies under 11 down() frames.
file_put_contents("$dir/script.php", '<?php function down($n) { if ($n > 0) { return up($n - 1); } for ($t = hrtime(true); hrtime(true) - $t < 60e6;) {} }'
    . ' function up($n) { return down($n); } down(20);');
// Callgrind asked for: the report estimates paths from its edges, and caps a sampled time's inclusive share at 100%.
foreach (['sample' => 'auto', 'sample, callgrind asked for' => 'callgrind', 'profile' => 'auto'] as $what => $format) {
    $mode = strtok($what, ',');
    exec(sprintf('%s -n -d extension=%s -d bench.mode=%s -d bench.sample_interval_us=1000 -d bench.report=0 -d bench.output_format=%s -d %s %s 2>&1',
        escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), $mode, $format, escapeshellarg("bench.output_dir=$dir"),
        escapeshellarg("$dir/script.php")), $out);
    $files = glob("$dir/bench.*");
    echo "$what: ", implode(', ', array_map(fn($f) => preg_replace('/^bench\.\d+T\d+Z\.\d+\.\d+\./', '', basename($f)), $files)), "\n";
    if ($mode === 'sample') {
        $top = [];
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
sample, callgrind asked for: callgrind
down()'s inclusive share: 80% to 100%
profile: callgrind
