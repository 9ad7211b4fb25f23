--TEST--
Profile mode: a fiber's kept stack is freed with the fiber, so a long-running script that makes fibers without end does not grow
--DESCRIPTION--
bench keeps the call stack of each suspended fiber. Those stacks were freed
only at the request's end: a queue worker or an event loop, one request that
runs for days, grew with every fiber it ever made (the build before: 7 MB of
resident memory over the 100,000 fibers here, about 70 bytes each). The
bound, 3 MB, is ten times what PHP itself grows by here (0.3 MB). Not under
valgrind, whose resident memory is its own.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (!is_readable('/proc/self/status')) die('skip no /proc/self/status');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip resident memory under valgrind is valgrind\'s'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
function rss(): int { preg_match('/VmRSS:\s+(\d+)/', file_get_contents('/proc/self/status'), $m); return (int) $m[1]; }
function body() { Fiber::suspend(); }
function cycle() { $f = new Fiber('body'); $f->start(); $f->resume(); }
// Warm up: PHP's own caches and bench's tables reach their size.
for ($i = 0; $i < 10000; $i++) {
    cycle();
}
$before = rss();
for ($i = 0; $i < 100000; $i++) {
    cycle();
}
$grown = rss() - $before;
echo "resident memory grew by under 3 MB: ", $grown < 3072 ? 'yes' : "no ($grown KB)", "\n";
PHP);
echo $run['output'], "\n";
$p = profile_json($run);
echo "cycle calls: ", array_column($p['functions'], 'calls', 'name')['cycle'] ?? 0, "\n";
echo profile_check_sums($p), "\n";
?>
--EXPECT--
resident memory grew by under 3 MB: yes
cycle calls: 110000
sums exact
