--TEST--
Sample mode: bench.alloc_sample_requests picks the sampled requests whose allocations are sampled too; their profiles estimate them whole, the others carry the same counters at 0 (one configuration, one set of counters: a pool's files read as one profile)
--DESCRIPTION--
php-cgi -T 60 runs one script 60 times in one process (profiles go through the
writer thread, as under php-fpm), with bench.alloc_sample_requests=0.5. Every
request spins 15 ms with a sample each millisecond, so each has a profile
natively, unless a loaded machine keeps the ticker off its CPU for a whole
request, or the writer from the disk until its queue is full (a drop). A
request without a sample has no profile only when not picked (a picked one
has allocation samples), and counts as empty. bench_info() counts drops and
empty requests, and the last request writes down those counts of the 59
before it: each of those must have a file or be counted, and at least 30 of
the 60 a file (a stall that long is not expected). The requests picked are
binomial over the n profiles written and the e empty requests (mean
(n+e)/2, deviation sqrt(n+e)/2); the test takes 4.1 deviations each side
(false failure near 4e-5). Under valgrind, where the writer falls behind,
the test wants 10 profiles, and the count test is a loose one. Each picked
request estimates alloc_big's 20 MB on its own (deviation near 5.5% at a 64
KiB mean); their mean is within 10% (over 7 sigma). A request not picked has
the same counters, its allocation ones at 0, and no allocation samples.
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
sample_mode_skip();
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (!is_executable($cgi)) die("skip $cgi is not installed");
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$dir = sys_get_temp_dir() . '/bench-alloc-requests-' . getmypid();
mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
function alloc_big() { $a = []; for ($i = 0; $i < 2000; $i++) { $a[] = str_repeat('x', 10000 + $i % 7); } return count($a); }
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 15000000) {} }
$run = (int) @file_get_contents('runs') + 1;
file_put_contents('runs', $run);
if ($run === 60) {
    file_put_contents('before_last', json_encode(bench_info()['profiles']));
}
alloc_big();
spin();
PHP);
$ini = ['bench.mode' => 'sample', 'bench.output_dir' => $dir, 'bench.output_format' => 'json', 'bench.compress' => 'none',
    'bench.report' => '0', 'bench.sample_interval_us' => '1000', 'bench.alloc_sample_bytes' => '65536',
    'bench.alloc_sample_requests' => '0.5'];
$flags = '-d extension=' . escapeshellarg(getenv('BENCH_SO'));
foreach ($ini as $k => $v) {
    $flags .= ' -d ' . escapeshellarg("$k=$v");
}
// A clean environment: run-tests sets CGI variables (REQUEST_METHOD...) that would make php-cgi wait for a body.
exec(sprintf('cd %s && env -i PATH=%s %s -n -q %s -T 60 script.php 2>&1 </dev/null', escapeshellarg($dir),
    escapeshellarg((string) getenv('PATH')), escapeshellarg($cgi), $flags), $out, $status);
// The default (auto) outside the CLI: one request in 50.
file_put_contents("$dir/info.php", "<?php echo bench_info()['sample']['alloc_sample_requests'];");
$default = shell_exec(sprintf('cd %s && env -i PATH=%s %s -n -q -d extension=%s -d bench.mode=sample -d bench.sample_requests=0 info.php 2>&1 </dev/null',
    escapeshellarg($dir), escapeshellarg((string) getenv('PATH')), escapeshellarg($cgi), escapeshellarg(getenv('BENCH_SO'))));
echo "php-cgi's default: $default\n";
$files = glob("$dir/bench.*");
$picked = $other = 0;
$bytes = $odd = [];
profile_validate_json(...array_map('file_get_contents', $files));
foreach ($files as $f) {
    $profile = json_decode(file_get_contents($f), true);
    $counters = ['wall_ns', 'allocs', 'alloc_bytes', 'live_allocs', 'live_bytes'];
    if ($profile['counters'] === $counters && ($profile['alloc_sample_bytes'] ?? 0) === 65536) {
        $picked++;
        $bytes[] = profile_function($profile, 'alloc_big')['inclusive']['alloc_bytes'] ?? 0;
    } elseif ($profile['counters'] === $counters && !isset($profile['alloc_samples'])
            && array_intersect_key($profile['totals'], array_flip(array_slice($counters, 1))) === array_fill_keys(array_slice($counters, 1), 0)) {
        $other++;
    } else {
        $odd[] = implode(',', $profile['counters']);
    }
}
// (php-cgi -T ends with its "Elapsed time" line.)
$warnings = preg_grep('/Warning|Fatal|bench:/', $out);
$dropped = preg_grep("/the writer's queue is full/", $warnings);
printf("exit status: %d, warnings: %s\n", $status, implode("\n", array_diff($warnings, $dropped)) ?: 'none');
$n = count($files);
$before = json_decode((string) @file_get_contents("$dir/before_last"), true) ?: [];
// Each of the first 59 has a file, or was dropped or had no sample; the last one has a file, or not.
$accounted = $n + ($before['dropped'] ?? 0) + ($before['empty'] ?? 0);
printf("a profile per request, or a counted drop or sampleless request (10 profiles or more under valgrind): %s\n",
    ($accounted >= 59 && $accounted <= 60 && $n >= 30) || (getenv('SKIP_PERF_SENSITIVE') && $n >= 10)
    ? 'yes' : "no ($n files; before the last: " . json_encode($before) . ')');
printf("every profile either kind: %s\n", $odd ? implode('; ', $odd) : 'yes');
$trials = $n + ($before['empty'] ?? 0);
printf("requests picked: (n+e)/2 +- 4.1 sqrt(n+e)/2: %s\n", abs($picked - $trials / 2) <= 4.1 * sqrt($trials) / 2
    ? 'yes' : "no ($picked of $n, " . ($before['empty'] ?? 0) . ' empty)');
$mean = $bytes ? array_sum($bytes) / count($bytes) : 0;
printf("alloc_big in a picked request: 20 MB within 10%%: %s\n", abs($mean - 20e6) <= 2e6 ? 'yes' : "no ($mean)");
array_map('unlink', [...$files, "$dir/script.php", "$dir/info.php", "$dir/runs", "$dir/before_last"]);
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
php-cgi's default: 0.02
exit status: 0, warnings: none
a profile per request, or a counted drop or sampleless request (10 profiles or more under valgrind): yes
every profile either kind: yes
requests picked: (n+e)/2 +- 4.1 sqrt(n+e)/2: yes
alloc_big in a picked request: 20 MB within 10%: yes
