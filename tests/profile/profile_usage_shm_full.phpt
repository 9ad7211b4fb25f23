--TEST--
Profile mode with /dev/shm full: the shared count of the output directory's weight cannot be made, and each process counts alone instead of crashing
--DESCRIPTION--
The count lives in a file mapped from /dev/shm. A file whose pages are not
allocated raises SIGBUS at the first write through the mapping when the file
system is full, so space is allocated first. Here a private mount namespace
gets a full 8 KiB /dev/shm; PHP writes two profiles, one after the other.
Needs root and unshare(1); not under valgrind, which cannot run the mount.
--SKIPIF--
<?php
require __DIR__ . '/profile.inc';
profile_skip();
if (trim((string) shell_exec('id -u')) !== '0') die('skip needs root for a mount namespace');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip under valgrind mount cannot run');
if (trim((string) shell_exec('unshare -m sh -c "mount -t tmpfs -o size=8k tmpfs /dev/shm && echo ok" 2>&1')) !== 'ok') {
    die('skip cannot mount a tmpfs in a mount namespace');
}
?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$dir = sys_get_temp_dir() . '/bench-shm-full-' . getmypid();
mkdir($dir);
$php = sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.output_format=json -d bench.output_dir=%s',
    escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir));
$script = 'mount -t tmpfs -o size=8k tmpfs /dev/shm && (dd if=/dev/zero of=/dev/shm/fill bs=1k count=64 2>/dev/null; true)'
    . " && df -k /dev/shm | awk 'NR == 2 { print \"free:\", \$4 }'"
    . " && $php -r 'echo \"first\\n\";'; echo \"exit \$?\"; $php -r 'echo \"second\\n\";'; echo \"exit \$?\"";
echo shell_exec('unshare -m sh -c ' . escapeshellarg($script) . ' 2>&1');
echo 'profiles: ', count(glob("$dir/bench.*.json")), "\n";
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
free: 0
first
exit 0
second
exit 0
profiles: 2
