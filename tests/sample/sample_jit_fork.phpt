--TEST--
Sample mode under the JIT: a forked child keeps the stacks the ticker read before the fork, takes no time samples after it (no interrupt may start its own ticker), and says so; the parent samples on
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); profile_opcache_skip();
if (!function_exists('pcntl_fork')) die('skip pcntl not available'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
function spin(int $ms) { $t = hrtime(true); while (hrtime(true) - $t < $ms * 1e6) {} }
function before_fork() { spin(200); }
function child_work() { spin(200); }
function parent_work() { spin(200); }
before_fork();
$pid = pcntl_fork();
if ($pid === 0) {
    child_work();
    exit(0);
}
pcntl_waitpid($pid, $status);
parent_work();
echo "parent done\n";
PHP, profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit' => 'tracing',
    'opcache.jit_buffer_size' => '32M', 'bench.sample_interval_us' => '1000'], 'json');
echo $run['output'], "\n";
$lines = [];
foreach ($run['files'] as $text) {
    $profile = profile_decode($text);
    $own = fn($name) => profile_function($profile, $name)['inclusive']['wall_ns'] ?? 0;
    $child = $own('child_work') > 0 || str_contains($profile['time_samples'] ?? '', 'child');
    // 200 ms at 1 ms a sample: half of it is enough. Under valgrind, which runs one thread at a time, the ticker can
    // lose most of its ticks to the spinning PHP thread: one sample is enough there.
    $enough = getenv('SKIP_PERF_SENSITIVE') ? 1 : 100e6;
    $sampled = fn($name) => $own($name) >= $enough ? 'sampled' : sprintf('no (%.1f ms)', $own($name) / 1e6);
    $lines[$child ? 'child' : 'parent'] = sprintf("%s; before_fork %s, child_work %s, parent_work %s", $profile['time_samples'] ?? '-',
        $sampled('before_fork'), $own('child_work') > 0 ? 'sampled' : 'none',
        $own('parent_work') >= $enough ? 'sampled' : 'none');
}
ksort($lines);
foreach ($lines as $role => $line) {
    echo "$role: $line\n";
}
?>
--EXPECT--
parent done
child: read by the ticker up to the fork, off in this child; before_fork sampled, child_work none, parent_work none
parent: read by the ticker under opcache.jit=tracing; before_fork sampled, child_work none, parent_work sampled
