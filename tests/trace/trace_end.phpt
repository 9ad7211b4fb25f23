--TEST--
bench.output_format=trace: calls that end by an exception, a fatal error or exit() have their span; each fiber is a thread of its own, its spans counting its own allocations; a fiber suspended when another fails fatally has its calls end with the profile (unfinished); a deep recursion nests
--SKIPIF--
<?php require __DIR__ . '/trace.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/trace.inc';
$ini = ['bench.trace_min_us' => 0];
$show = function (array $run, string $what) {
    $o = $run['trace']['otherData'];
    printf("%s: %s; nested %s; %d unfinished, %d folded, %d dropped\n", $what, implode(' ', array_map(fn($e) => "{$e['name']}@{$e['tid']}", $run['events'])),
        var_export(trace_nests($run['events']), true), $o['unfinished'], $o['folded'], $o['dropped']);
};
$a = 'function a() { usleep(200); b(); }';
$show(trace_run("<?php function thrower() { throw new Exception('x'); } try { thrower(); } catch (Exception \$e) {}", $ini), 'exception');
$show(trace_run("<?php $a function b() { trigger_error('boom', E_USER_ERROR); } a();", $ini), 'fatal error');
$show(trace_run("<?php $a function b() { exit(0); } a();", $ini), 'exit');

$run = trace_run(<<<'PHP'
<?php
function g() { $s = str_repeat('g', 100); Fiber::suspend(1); return $s . str_repeat('h', 200); }
function m() { return str_repeat('m', 1000); }
$f = new Fiber(function () { return g(); });
$f->start();
m();
$f->resume();
// A fatal error in a fiber while another is suspended: the engine ends the failing fiber's calls, not the other's.
$held = new Fiber(function () { g(); });
$held->start();
$fails = new Fiber(function () { trigger_error('boom', E_USER_ERROR); });
$fails->start();
PHP, $ini);
$show($run, 'fibers');
$meta = array_filter($run['trace']['traceEvents'], fn($e) => $e['ph'] === 'M');
echo "threads: ", implode(', ', array_map(fn($e) => "{$e['tid']}={$e['args']['name']}", array_slice($meta, 1))), "\n";
$g = trace_named($run['events'], 'g')[0];
printf("g in fiber 1: %d allocations, under 1000 bytes (its own strings, not m()'s 1000): %s\n", $g['args']['allocations'],
    var_export($g['args']['bytes'] < 1000, true));

$run = trace_run('<?php function down($n) { return $n ? down($n - 1) : 0; } down(3000);', $ini + ['bench.max_depth' => 5000]);
printf("recursion: %d events, %d of down, nested %s, deepest %d\n", count($run['events']), count(trace_named($run['events'], 'down')),
    var_export(trace_nests($run['events']), true), max(array_map(fn($e) => $e['ts'], $run['events'])) === end($run['events'])['ts'] ? 3001 : 0);
?>
--EXPECTF--
exception: {request}@1 {main}@1 thrower@1; nested true; 0 unfinished, 0 folded, 0 dropped
%Afatal error: {request}@1 {main}@1 a@1 b@1; nested true; 0 unfinished, 0 folded, 0 dropped
exit: {request}@1 {main}@1 a@1 b@1; nested true; 0 unfinished, 0 folded, 0 dropped
fibers: {request}@1 {main}@1 m@1 {closure}@script.php:4@2 g@2 {closure}@script.php:9@3 g@3 {closure}@script.php:11@4; nested true; 2 unfinished, 0 folded, 0 dropped
threads: 1=request, 2=fiber 1, 3=fiber 2, 4=fiber 3
g in fiber 1: 3 allocations, under 1000 bytes (its own strings, not m()'s 1000): true
recursion: 3003 events, 3001 of down, nested true, deepest 3001
