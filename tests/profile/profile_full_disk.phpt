--TEST--
Profile mode on a full disk: each profile that cannot be written is dropped and said, with no file left behind, and the process keeps serving; the writer thread's failures are said too, at the next request or at shutdown
--DESCRIPTION--
The output directory is a 16 KiB tmpfs, too small for the 50 KB JSON
profile of 400 functions. In the CLI the profile is written in the request:
one warning. Through php-cgi (-T 3) the writer thread writes after the
request; its failures were said only when a later request wrote a profile,
so the last ones, met while the writer drained its queue at shutdown, were
never said: now they are said at the next request's start, or at shutdown.
Needs root, to mount the tmpfs; not under valgrind, which cannot run mount
(setuid) in the test's children.
--SKIPIF--
<?php
require __DIR__ . '/profile.inc';
writer_thread_skip();
if (trim((string) shell_exec('id -u')) !== '0') die('skip needs root to mount a small tmpfs');
// valgrind, tracing the test's children, cannot run the setuid mount.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip under valgrind mount cannot run');
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (!is_executable($cgi)) die("skip $cgi is not installed");
$dir = sys_get_temp_dir() . '/bench-full-probe-' . getmypid();
@mkdir($dir);
exec('mount -t tmpfs -o size=16k tmpfs ' . escapeshellarg($dir) . ' 2>&1', $out, $status);
exec('umount ' . escapeshellarg($dir) . ' 2>&1');
@rmdir($dir);
if ($status !== 0) die('skip cannot mount a tmpfs: ' . implode(' ', $out));
?>
--FILE--
<?php
$dir = sys_get_temp_dir() . '/bench-full-disk-' . getmypid();
$out = "$dir/out";
mkdir($out, 0777, true);
exec('mount -t tmpfs -o size=16k tmpfs ' . escapeshellarg($out));
register_shutdown_function(function () use ($dir, $out) {
    require_once __DIR__ . '/profile.inc';
    profile_forget_usage($out);
    exec('umount ' . escapeshellarg($out));
    @rmdir($out);
    @unlink("$dir/script.php");
    @rmdir($dir);
});
file_put_contents("$dir/script.php", <<<'PHP'
<?php
for ($i = 0; $i < 400; $i++) {
    eval("function fn_$i() { return $i; }");
    ("fn_$i")();
}
echo "served\n";
PHP);
$flags = '-n -d extension=' . escapeshellarg(getenv('BENCH_SO')) . ' -d bench.mode=profile -d bench.output_format=json'
    . ' -d bench.compress=none -d bench.report=0 -d html_errors=0 -d bench.output_dir=' . escapeshellarg($out);
$clean = fn(string $s) => preg_replace('/bench\.\d+T\d+Z\.\d+\.\d+\.json/', 'bench.NAME.json', $s);

exec(sprintf('%s %s %s 2>&1', PHP_BINARY, $flags, escapeshellarg("$dir/script.php")), $lines, $status);
echo "CLI, exit status $status:\n", $clean(trim(implode("\n", array_filter($lines)))), "\n";

$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$lines = [];
// A clean environment: run-tests' CGI variables would make php-cgi wait for a request body.
exec(sprintf('env -i PATH=%s %s %s -q -T 3 %s 2>&1 </dev/null', escapeshellarg((string) getenv('PATH')), $cgi, $flags,
    escapeshellarg("$dir/script.php")), $lines, $status);
echo "php-cgi -T 3, exit status $status:\n", $clean(trim(implode("\n", array_filter($lines, fn($l) => trim($l) !== '' && !str_starts_with($l, 'Elapsed'))))), "\n";

echo "files left in the directory: ", count(glob("$out/*")), "\n";
?>
--EXPECTF--
CLI, exit status 0:
served
Warning: bench: cannot write the profile %s/bench.NAME.json: No space left on device; later ones in this process are counted in bench_info(), not repeated
php-cgi -T 3, exit status 0:
served
served
served
%A bench: cannot write the profile %s/bench.NAME.json: No space left on device; later ones in this process are counted in bench_info(), not repeated
%Afiles left in the directory: 0
