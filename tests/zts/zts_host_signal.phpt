--TEST--
ZTS: 8 PHP threads x 100 requests in one process with bench.sample_signal: each thread's own CPU-clock timer signals that thread, whose handler finds its state by the number the signal carries; every request written or counted, native frames in the profiles, no call of one thread in another's profile
--SKIPIF--
<?php
require __DIR__ . '/zts.inc';
zts_host_skip();
if (!(bench_info()['features']['libunwind']['available'] ?? false)) die('skip built without libunwind');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip valgrind delivers a signal only at a system call');
?>
--FILE--
<?php
require __DIR__ . '/zts.inc';
[$threads, $requests] = [8, 100];
$dir = zts_host_dir();
$run = zts_host_run($dir, $threads, $requests, [
    'bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.sample_clock' => 'cpu', 'bench.sample_signal' => '1',
    'bench.native_stacks' => '1', 'bench.output_format' => 'json', 'bench.compress' => 'none', 'bench.report' => '0',
], [], 600, 'echo json_encode(bench_info()["profiles"]), "\n", bench_info()["sample"]["cpu_native_frames"], "\n";');
echo preg_replace('/^\{.*\}\n/m', '', $run['output']), "exit ", $run['status'], "\n";
preg_match('/^\{.*\}$/m', $run['output'], $m);
$counted = json_decode($m[0] ?? '{}', true);
$written = $native = 0;
$bad = [];
foreach (glob("$dir/out/bench.*.json") as $path) {
    $p = json_decode(file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    if ($p['command'] === '/last') {
        continue;
    }
    $written++;
    preg_match('~^/t(\d+)/~', $p['command'], $mm);
    foreach ($p['functions'] as $f) {
        if (preg_match('/^t(\d+)_/', $f['name'], $t) && $t[1] !== $mm[1]) {
            $bad[] = "{$p['command']}: {$f['name']}";
        }
        // A native frame: a symbol with its library, "name (libphp.so)".
        if (preg_match('/ \([^)]+\.so[^)]*\)$/', $f['name'])) {
            $native++;
        }
    }
}
printf("written %d + empty %d of %d, dropped %d\n", $written, $counted['empty'] ?? -1, $threads * $requests, $counted['dropped'] ?? -1);
echo $written + ($counted['empty'] ?? 0) === $threads * $requests ? "every request written or counted\n" : "requests missing\n";
echo $written > 0 && $native > 0 ? "native frames: yes\n" : "native frames: no\n";
echo $bad ? implode("\n", array_slice($bad, 0, 10)) : 'each profile: its own thread only', "\n";
zts_host_clean($dir);
?>
--EXPECTF--
timer signal %d on the PHP thread's CPU clock
exit 0
written %d + empty %d of 800, dropped 0
every request written or counted
native frames: yes
each profile: its own thread only
