--TEST--
Sample mode: where a seccomp filter forbids process_vm_readv, bench says so and finds internal functions another way; under the JIT it takes no time samples, and says so
--DESCRIPTION--
The ticker notes the running frames, reading those in Zend MM's first chunk
and copying others with process_vm_readv. A hardened service (a seccomp
filter) may forbid that system call: bench then installs the
execute_internal wrapper at startup (PHP 8.2, 8.3), or from 8.4 (which
checks the interrupt after the internal calls the VM makes, and has no
wrapper) notes only the frames it can read; bench_info() says which and why.
usleep is still the leaf of nap (at least 90% of its samples, as in
sample_leaf), also when array_map() calls it from C, which the VM alone
would charge to the caller from 8.4. Under opcache's JIT, where no VM
interrupt may be raised and the ticker cannot read stacks itself, there are
no time samples: bench warns, the loop comes out right, and the report
ranks functions by their sampled allocations. The filter is
set by deny_syscall.c, compiled here with the system's C compiler.
--SKIPIF--
<?php
require __DIR__ . '/sample.inc';
sample_mode_skip();
if (PHP_OS_FAMILY !== 'Linux') die('skip seccomp is Linux only');
if (trim((string) shell_exec('command -v cc')) === '') die('skip no C compiler to build the seccomp helper');
profile_opcache_skip(' (the JIT half)');
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
function nap_from_c() { array_map('usleep', [200000]); }
nap();
nap_from_c();
echo bench_info()['sample']['internal_calls'], "\n";
PHP, [], 'folded', [], [$helper, 'process_vm_readv']);
// Under the JIT, where the ticker cannot read stacks, no interrupt is raised all the same: no time samples, said.
$jit = sample_run(<<<'PHP'
<?php
function plus(): int { $n = 0; for ($i = 0; $i < 2000000; $i++) { $n++; $n += 1; } return $n; }
function grow(): int { $a = []; for ($i = 0; $i < 20000; $i++) { $a[] = [$i, $i + 1, $i + 2]; } return count($a); }
echo plus(), "\n", grow(), "\n", bench_info()['sample']['time_samples'], "\n";
PHP, profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit' => 'tracing',
    'opcache.jit_buffer_size' => '32M', 'bench.sample_interval_us' => '100', 'bench.alloc_sample_requests' => '1',
    'bench.alloc_sample_bytes' => '1024', 'bench.report' => '1'], 'json', [], [$helper, 'process_vm_readv']);
unlink($helper);
echo $run['output'], "\n";
$paths = sample_folded(current($run['files']));
$nap = sample_weight($paths, '{request};{main};nap');
$usleep = $paths['{request};{main};nap;usleep'] ?? 0;
printf("usleep owns >= 90%% of nap: %s\n", $usleep >= 0.9 * $nap && $nap > 0 ? 'yes' : "no ($usleep of $nap)");
$nap = sample_weight($paths, '{request};{main};nap_from_c');
$usleep = sample_weight($paths, '{request};{main};nap_from_c;array_map;usleep');
printf("usleep called from C owns >= 90%% of nap_from_c: %s\n", $usleep >= 0.9 * $nap && $nap > 0 ? 'yes' : "no ($usleep of $nap)");
$profile = profile_json($jit);
// The report ranks by the sampled allocations, not by a time that is zero everywhere: grow() leads.
[$output, $report] = explode("\nbench: ", $jit['output'], 2) + [1 => ''];
echo preg_replace('/ on PHP [^:]+:/', ' on PHP x:', trim($output)), "\n", $profile['time_samples'], ", ", $profile['samples'], " time samples\n";
preg_match('/\(time samples ([^)]*)\).*top functions by sampled (\S+)\n.*\n\s*\d+\s+([\d.]+)%.*  (\S+)\n/', $report, $top);
printf("report: time samples %s, ranked by %s, first %s (%s)\n", $top[1] ?? '?', $top[2] ?? '?', $top[4] ?? '?',
    ($top[3] ?? 0) >= 50 ? 'owns >= 50%' : 'owns ' . ($top[3] ?? '?') . '%');
?>
--EXPECTF--
%r(execute_internal wrapper: the ticker cannot copy frames|frames noted by the ticker where it can read them, in Zend MM's first chunk \(the VM stack's first page\); it cannot copy others)%r (process_vm_readv: Operation not permitted)
usleep owns >= 90% of nap: yes
usleep called from C owns >= 90% of nap_from_c: yes
%AWarning: bench: no time samples with opcache.jit=tracing on PHP x: %s(process_vm_readv: Operation not permitted)%s
4000000
20000
off: with opcache.jit=tracing, a VM interrupt can make the JIT code lose loop variables, and the ticker cannot read stacks (process_vm_readv: Operation not permitted)
off under opcache.jit=tracing, 0 time samples
report: time samples off under opcache.jit=tracing, ranked by alloc_bytes, first grow (owns >= 50%)
