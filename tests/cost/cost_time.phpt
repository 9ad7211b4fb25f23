--TEST--
wall_ns and cpu_ns: sleeping costs wall time, not CPU time
--SKIPIF--
<?php if (getenv('SKIP_PERF_SENSITIVE')) die('skip timing test'); ?>
--FILE--
<?php
// usleep() never returns early without a signal, so wall_ns >= 10 ms cannot fail.
// CPU time of a 10 ms sleep is a few microseconds; the 5 ms bound only fails
// if the kernel charges half the sleep as CPU time: never seen (rate < 1e-6).
$r = bench_measure(fn() => usleep(10000), 3);
var_dump($r['cold']['wall_ns'] >= 10000000, $r['warm']['wall_ns'] >= 10000000);
var_dump($r['warm']['cpu_ns'] < 5000000);
// Busy work costs CPU time: a spin until the kernel's own account (getrusage)
// says 20 ms of CPU were used, however long a loaded machine takes to give
// them. Both read the same thread's CPU time, getrusage to the microsecond: the
// 15 ms bound cannot fail by the clocks' difference.
$r = bench_measure(function () {
    $cpu = function () { $u = getrusage(); return ($u['ru_utime.tv_sec'] + $u['ru_stime.tv_sec']) * 1e6 + $u['ru_utime.tv_usec'] + $u['ru_stime.tv_usec']; };
    $start = $cpu();
    while ($cpu() - $start < 20000);
}, 1);
var_dump($r['cold']['cpu_ns'] > 15000000);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
