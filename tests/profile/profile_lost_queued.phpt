--TEST--
Profile mode through php-cgi (the writer thread): a process killed with a profile still queued for its writer and another in its request has each written or counted lost by the next process, never neither
--DESCRIPTION--
php-cgi runs two requests: the first ends (its profile goes to the writer,
which waits up to 100 ms for more), the second hangs and is killed with
SIGKILL as soon as it starts, mostly while the first profile still waits.
The next process to write there says what was lost; every profile of the
killed process is then either a file or counted, exactly once: files plus
the count make 2, whatever the writer managed before the kill, and the
request that was running is counted as such. Deterministic.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (!is_executable(dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION)) die('skip php-cgi not installed'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$dir = sys_get_temp_dir() . '/bench-lost-queued-' . getmypid() . '-' . bin2hex(random_bytes(4));
mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
if (!is_file(__DIR__ . '/first')) {
    touch(__DIR__ . '/first');
    return;
}
// Named once whole: the test reads the pid, not an empty file.
file_put_contents(__DIR__ . '/running.tmp', getmypid());
rename(__DIR__ . '/running.tmp', __DIR__ . '/running');
while (true) {
    usleep(1000);
}
PHP);
$flags = '-d extension=' . escapeshellarg(getenv('BENCH_SO'));
foreach (['bench.mode' => 'profile', 'bench.output_dir' => $dir, 'bench.output_format' => 'folded', 'bench.report' => '0',
        'bench.compress' => 'none', 'display_errors' => 'stderr', 'log_errors' => '0'] as $k => $v) {
    $flags .= ' -d ' . escapeshellarg("$k=$v");
}
// A clean environment: run-tests sets CGI variables that would make php-cgi wait for a body.
$proc = proc_open(sprintf('cd %s && exec env -i PATH=%s %s -n -q %s -T 2 script.php 2>&1',
    escapeshellarg($dir), escapeshellarg((string) getenv('PATH')), escapeshellarg($cgi), $flags), [1 => ['pipe', 'w']], $pipes);
// Up to a minute: under valgrind (the suite's second run traces children too) php-cgi takes seconds to start.
for ($i = 0; $i < 60000 && !is_file("$dir/running"); $i++) {
    usleep(1000);
}
proc_terminate($proc, 9);
proc_close($proc);
$killed = (int) @file_get_contents("$dir/running");
$files = count(preg_grep('/\.tmp$/', glob("$dir/bench.*.$killed.*"), PREG_GREP_INVERT));

exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.output_dir=%s -d bench.report=0 -d display_errors=stderr '
    . '-d log_errors=0 -r %s 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir),
    escapeshellarg('echo "lost: ", bench_info()["profiles"]["lost"], "\n";')), $out);
$out = implode("\n", $out);
preg_match('/bench: (\d+) profile\(s\) for \S+ lost: process (\d+) ended \(killed\?\) before writing them '
    . '\((\d+) of requests then running, (\d+) queued for the disk\)/', $out, $m);
echo "said, for the killed process: ", $m && (int) $m[2] === $killed ? 'yes' : "no ($out)", "\n";
echo "the request running counted: ", $m ? $m[3] : '-', "\n";
echo "every profile a file or counted: ", $m && $files + (int) $m[1] === 2 && (int) $m[1] === $m[3] + $m[4] ? 'yes'
    : "no ($files files; $out)", "\n";
echo "bench_info() counts them: ", $m && str_contains($out, "lost: $m[1]") ? 'yes' : "no ($out)", "\n";

array_map('unlink', glob("$dir/*"));
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
said, for the killed process: yes
the request running counted: 1
every profile a file or counted: yes
bench_info() counts them: yes
