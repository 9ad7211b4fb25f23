--TEST--
Profile mode through php-cgi (the writer thread): when profiles come faster than the writer writes them, the ones that find its queue full are dropped, counted and said once, and the process keeps serving
--DESCRIPTION--
php-cgi -T 200 runs one script 200 times in one process. The first request
builds a profile of 2^17 distinct call paths (b() and c() calling both of
themselves, 16 deep: 6 MB of folded stacks), which the writer thread takes
tens of milliseconds to write; the next requests take a fraction of a millisecond each, so the queue
of 16 fills while it writes (deterministic: the writer would have to be 100
times faster for it not to). The last request sleeps 1 s, so the writer is
idle when it reads the counts; its own profile then finds an empty queue.
Every request has a profile: the files written plus the drops make 200.
--SKIPIF--
<?php
require __DIR__ . '/profile.inc';
writer_thread_skip();
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (!is_executable($cgi)) die("skip $cgi is not installed");
?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$dir = sys_get_temp_dir() . '/bench-writer-queue-' . getmypid();
mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
function b(int $d) { if ($d > 0) { b($d - 1); c($d - 1); } }
function c(int $d) { if ($d > 0) { b($d - 1); c($d - 1); } }
$n = (int) @file_get_contents(__DIR__ . '/count') + 1;
file_put_contents(__DIR__ . '/count', (string) $n);
if ($n === 1) {
    b(16);
} elseif ($n === 200) {
    usleep(1000000);
    $p = bench_info()['profiles'];
    echo "\nlast request: written {$p['written']}, dropped {$p['dropped']}\n";
}
PHP);
$ini = ['bench.mode' => 'profile', 'bench.output_dir' => $dir, 'bench.output_format' => 'folded', 'bench.compress' => 'none', 'bench.report' => '0',
    'bench.max_nodes' => '200000'];
$flags = '-d extension=' . escapeshellarg(getenv('BENCH_SO'));
foreach ($ini as $k => $v) {
    $flags .= ' -d ' . escapeshellarg("$k=$v");
}
// A clean environment: run-tests sets CGI variables (REQUEST_METHOD...) that would make php-cgi wait for a body.
exec(sprintf('cd %s && env -i PATH=%s %s -n -q %s -T 200 script.php 2>&1 </dev/null', escapeshellarg($dir),
    escapeshellarg((string) getenv('PATH')), escapeshellarg($cgi), $flags), $out, $status);
$out = implode("\n", $out);
$files = glob("$dir/bench.*");
preg_match('/last request: written (\d+), dropped (\d+)/', $out, $m);
[$written, $dropped] = [(int) ($m[1] ?? -1), (int) ($m[2] ?? -1)];
echo "exit status: $status\n";
printf("some dropped: %s\n", $dropped > 0 ? 'yes' : "no ($dropped)");
printf("files + drops = 200: %s\n", count($files) + $dropped === 200 ? 'yes' : 'no (' . count($files) . " + $dropped)");
printf("said once: %d\n", substr_count($out, "the writer's queue is full"));
printf("the big profile was written: %s\n", array_filter($files, fn($f) => filesize($f) > 1000000) ? 'yes' : 'no');
array_map('unlink', [...$files, "$dir/script.php", "$dir/count"]);
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
exit status: 0
some dropped: yes
files + drops = 200: yes
said once: 1
the big profile was written: yes
