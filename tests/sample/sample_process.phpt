--TEST--
Sample mode leaves the process alone: sleep() sleeps its full time, signal handlers and max_execution_time still work, and a forked child keeps sampling while the parent's profile stays intact
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
if (!is_file(ini_get('extension_dir') . '/posix.so')) die('skip posix.so not installed'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
// 1 ms samples: a thousand interrupts a second must not cut sleep() short.
$run = sample_run(<<<'PHP'
<?php
function parent_work() { $t = hrtime(true); while (hrtime(true) - $t < 300e6) {} }
function child_work() { $t = hrtime(true); while (hrtime(true) - $t < 300e6) {} }
$t = hrtime(true);
$left = sleep(1);
printf("sleep(1) returned %d after >= 1 s: %s\n", $left, hrtime(true) - $t >= 1e9 ? 'yes' : 'no');
pcntl_async_signals(true);
pcntl_signal(SIGUSR1, function () { echo "SIGUSR1 handled\n"; });
posix_kill(getmypid(), SIGUSR1);
$pid = pcntl_fork();
if ($pid === 0) {
    child_work();
    exit(0);
}
pcntl_waitpid($pid, $status);
parent_work();
echo "parent done\n";
PHP, ['bench.sample_interval_us' => '1000', 'extension' => 'posix']);
echo $run['output'], "\n";
ksort($run['files']);
$profiles = [];
foreach ($run['files'] as $name => $text) {
    $pid = (int) explode('.', $name)[2];
    $profiles[$pid] = sample_folded($text);
}
echo count($profiles), " profiles\n";
$lines = [];
foreach ($profiles as $pid => $paths) {
    $child = sample_weight($paths, '{request};{main};child_work');
    $parent = sample_weight($paths, '{request};{main};parent_work');
    $sleep = $paths['{request};{main};sleep'] ?? 0;
    // Both inherit the samples taken before the fork (sleep); after it, each samples its own work (300 ms each;
    // half of it is enough: under valgrind a sample can wait tens of ms for the PHP thread's turn).
    $lines[$child ? 'child' : 'parent'] = sprintf("sleep sampled %s, child_work %s, parent_work %s",
        $sleep >= 0.9e9 ? 'yes' : "no ($sleep)", $child >= 150e6 ? 'yes' : ($child ? "little ($child)" : 'no'),
        $parent >= 150e6 ? 'yes' : ($parent ? "little ($parent)" : 'no'));
}
ksort($lines);
foreach ($lines as $role => $line) {
    echo "$role: $line\n";
}

// On the CPU clock a forked child weighs its first sample by its own CPU time since the fork (a new
// thread's clock starts at 0), not by the difference to the parent's time at its last sample (negative).
$run = sample_run(<<<'PHP'
<?php
function before_fork() { $t = hrtime(true); while (hrtime(true) - $t < 300e6) {} }
function child_work() { $t = hrtime(true); while (hrtime(true) - $t < 100e6) {} }
before_fork();
$pid = pcntl_fork();
if ($pid === 0) {
    child_work();
    exit(0);
}
pcntl_waitpid($pid, $status);
PHP, ['bench.sample_clock' => 'cpu', 'bench.sample_interval_us' => '1000'], 'json');
foreach ($run['files'] as $text) {
    $profile = profile_decode($text);
    $own = array_column(array_column($profile['functions'], 'own'), 'cpu_ns');
    $child = array_values(array_filter($profile['functions'], fn($f) => $f['name'] === 'child_work'));
    if ($child) {
        // 100 ms of CPU at most; the fork's own sample weighs nothing.
        printf("cpu clock, forked child: no negative cost %s, child_work at most 100 ms %s\n",
            min($own) >= 0 ? 'yes' : 'no (' . min($own) . ')', $child[0]['own']['cpu_ns'] <= 110e6 ? 'yes' : 'no');
    }
}

// max_execution_time still stops a runaway request, and its profile is still written.
$run = sample_run(<<<'PHP'
<?php
function runaway() { while (true) {} }
runaway();
PHP, ['max_execution_time' => '1']);
echo preg_match('/Maximum execution time of 1 second exceeded/', $run['output']) ? "timeout fired\n" : $run['output'];
$paths = sample_folded(current($run['files']) ?: '');
printf("profile written, runaway sampled: %s\n", sample_weight($paths, '{request};{main};runaway') >= 0.5e9 ? 'yes' : 'no');
?>
--EXPECT--
sleep(1) returned 0 after >= 1 s: yes
SIGUSR1 handled
parent done
2 profiles
child: sleep sampled yes, child_work yes, parent_work no
parent: sleep sampled yes, child_work no, parent_work yes
cpu clock, forked child: no negative cost yes, child_work at most 100 ms yes
timeout fired
profile written, runaway sampled: yes
