--TEST--
Sample mode: where a seccomp filter forbids process_vm_readv, bench says so and finds internal functions another way
--DESCRIPTION--
The ticker copies the running frames with process_vm_readv. A hardened
service (a seccomp filter) may forbid that system call: bench then installs
the execute_internal wrapper at startup (PHP 8.2, 8.3) or leaves it to the VM
(8.4+, which checks the interrupt after the internal calls it makes),
bench_info() says why, and usleep is still the leaf of nap (at least 90% of
its samples, as in sample_leaf). The filter is set by deny_syscall.c,
compiled here with the system's C compiler.
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
profile_skip();
if (PHP_OS_FAMILY !== 'Linux') die('skip seccomp is Linux only');
if (trim((string) shell_exec('command -v cc')) === '') die('skip no C compiler to build the seccomp helper');
?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$helper = sys_get_temp_dir() . '/bench-deny-syscall-' . getmypid();
exec(sprintf('cc -O2 -o %s %s 2>&1', escapeshellarg($helper), escapeshellarg(__DIR__ . '/deny_syscall.c')), $out, $status);
if ($status !== 0) {
    die("cannot build the helper: " . implode("\n", $out));
}
$run = sample_run(<<<'PHP'
<?php
function nap() { usleep(200000); }
nap();
echo bench_info()['sample']['internal_calls'], "\n";
PHP, [], 'folded', [], [$helper, 'process_vm_readv']);
unlink($helper);
echo $run['output'], "\n";
$paths = sample_folded(current($run['files']));
$nap = sample_weight($paths, '{request};{main};nap');
$usleep = $paths['{request};{main};nap;usleep'] ?? 0;
printf("usleep owns >= 90%% of nap: %s\n", $usleep >= 0.9 * $nap && $nap > 0 ? 'yes' : "no ($usleep of $nap)");
?>
--EXPECTF--
%r(execute_internal wrapper|VM interrupt after the internal calls it makes)%r: the ticker cannot copy frames (process_vm_readv: Operation not permitted)
usleep owns >= 90% of nap: yes
