--TEST--
Sample mode: where no thread can be made (a seccomp filter), bench warns once, counts each request it cannot sample as a dropped profile, and the script runs on
--DESCRIPTION--
deny_syscall.c refuses every new thread (clone3, and clone with
CLONE_THREAD). The ticker can then start neither as a bare thread nor as a
pthread: the request is not sampled, which bench_info() counts with the
dropped profiles, and says once. Not under valgrind, which makes threads
its own way.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (trim((string) shell_exec('command -v cc')) === '') die('skip no C compiler to build the helper');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind makes threads its own way'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$deny = sys_get_temp_dir() . '/bench-deny-threads-' . getmypid();
exec(sprintf('cd %s && cc -O2 -o %s deny_syscall.c 2>&1', escapeshellarg(__DIR__), escapeshellarg($deny)), $out, $status);
if ($status !== 0) {
    die("cannot build the helper: " . implode("\n", $out));
}
$run = sample_run(<<<'PHP'
<?php
usleep(30000);
echo "ran; profiles ", json_encode(bench_info()['profiles']), "\n";
PHP, [], 'folded', [], [$deny, 'threads']);
unlink($deny);
echo $run['output'], "\n";
echo count($run['files']), " files\n";
?>
--EXPECTF--
Warning: bench: cannot start the sampling thread: Operation not permitted; requests are not sampled (counted as dropped profiles)
ran; profiles {"written":0,"dropped":1,"empty":0,"lost":0,"refused_triggers":0}
0 files
