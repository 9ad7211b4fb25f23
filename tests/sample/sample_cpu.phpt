--TEST--
Sample mode on the CPU clock: sleeping costs no samples, busy code owns them, weighed by the CPU time it used
--DESCRIPTION--
spin() burns 200 ms of CPU (counted on the CPU clock, so a loaded machine does
not shrink it), then nap() sleeps 300 ms. On the CPU clock a sample
is due once the PHP thread has run 10 ms, and weighs the CPU time since the last
one: spin owns at least 70% of the sampled CPU time, nap at most 10%. The CPU
that compiling the script used lands in the first sample (spin's; under
valgrind that is tens of ms), and the CPU of spin's last part-interval in nap's
(under 10 ms of the 200).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
// Under valgrind (whose run also valgrinds this test's child) compiling takes over 100 ms of CPU.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip CPU-time shares are not kept under valgrind'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
function nap() { usleep(300000); }
function cpu() { $u = getrusage(); return $u['ru_utime.tv_sec'] + $u['ru_utime.tv_usec'] / 1e6 + $u['ru_stime.tv_sec'] + $u['ru_stime.tv_usec'] / 1e6; }
function spin() { $t = cpu(); while (cpu() - $t < 0.2) {} }
spin();
nap();
PHP, ['bench.sample_clock' => 'cpu'], 'json');
$profile = profile_json($run);
$total = $profile['totals']['cpu_ns'];
$spin = profile_function($profile, 'spin')['inclusive']['cpu_ns'] ?? 0;
$nap = profile_function($profile, 'nap')['inclusive']['cpu_ns'] ?? 0;
echo $profile['counters'][0], "\n";
printf("spin >= 70%%: %s\n", $spin >= 0.7 * $total ? 'yes' : "no ($spin of $total)");
printf("nap <= 10%%: %s\n", $nap <= 0.1 * $total ? 'yes' : "no ($nap of $total)");
?>
--EXPECT--
cpu_ns
spin >= 70%: yes
nap <= 10%: yes
