--TEST--
bench.track_live=1 in a long-running loop: bench_start()/bench_stop() around each job gives what the job left live per owner; job N against job 1 tells a leak from a cache that fills once
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$run = profile_run(<<<'PHP'
<?php
class Store { public static array $log = []; public static ?string $config = null; }
Store::$log = array_fill(0, 100, null);
// A cache filled by the first job only: a string of n characters asks for 32 + n bytes (header, NUL, rounded to 8).
function config(): string { return Store::$config ??= str_repeat('C', 1000); }
// A leak: two strings of 132 bytes kept by every job.
function remember(int $job): void {
    Store::$log[2 * $job] = str_repeat('a', 100);
    Store::$log[2 * $job + 1] = str_repeat('b', 100);
}
// Work that frees what it allocates.
function work(int $job): int { $rows = array_fill(0, 50, str_repeat('w', $job + 10)); return count($rows); }
function job(int $job): void { config(); remember($job); work($job); }

$jobs = [];
for ($n = 1; $n <= 5; $n++) {
    bench_start();
    job($n);
    $jobs[$n] = bench_stop();
}
// The recipe (docs/live.md): live bytes per owner of job N less those of job 1.
$live = fn(array $p): array => array_filter(array_map(fn($f) => $f['own']['live_bytes'], $p['functions']));
foreach ([1, 5] as $n) {
    $l = $live($jobs[$n]);
    ksort($l);
    echo "job $n left: ", json_encode($l), "\n";
}
$first = $live($jobs[1]);
foreach ($live($jobs[5]) as $owner => $bytes) {
    if (($first[$owner] ?? 0) > 0 && $bytes > 0) {
        echo "$owner leaks in every job: $bytes bytes in job 5, {$first[$owner]} in job 1\n";
    }
}
foreach ($first as $owner => $bytes) {
    if (!isset($live($jobs[5])[$owner])) {
        echo "$owner kept $bytes bytes in job 1 only (a cache)\n";
    }
}
echo "work: ", $jobs[5]['functions']['work']['own']['allocs'], " allocs, ", $jobs[5]['functions']['work']['own']['live_allocs'], " live\n";
echo "no cleanup outside a shutdown: ", $jobs[5]['totals']['cleanup_allocs'], "\n";
PHP, ['bench.start' => 'api', 'bench.track_live' => '1']);
echo $run['output'], "\nfiles: ", count($run['files']), "\n";
?>
--EXPECT--
job 1 left: {"config":1032,"remember":264}
job 5 left: {"remember":264}
remember leaks in every job: 264 bytes in job 5, 264 in job 1
config kept 1032 bytes in job 1 only (a cache)
work: 3 allocs, 0 live
no cleanup outside a shutdown: 0
files: 0
