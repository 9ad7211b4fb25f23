--TEST--
Profile mode: a fiber's frames go under the frame that started it, across suspend and resume; the resumer keeps its own
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = <<<'PHP'
<?php
function work(int $n): int { $s = 0; for ($i = 0; $i < $n; $i++) { $s += strlen(str_repeat('x', 10)); } return $s; }
function inFiber(): int {
    $a = work(10);                // before the suspend: 10 allocations
    $x = Fiber::suspend($a);
    return work(20) + $x;         // after the resume: 20 more, still under starter
}
function starter(): Fiber {
    $f = new Fiber('inFiber');
    $f->start();
    return $f;
}
function resumer(Fiber $f): void {
    work(5);                      // its own: 5 allocations
    $f->resume(1);
}
$f = starter();
resumer($f);
echo $f->getReturn(), "\n";
PHP;
$run = profile_run($code);
echo $run['output'], "\n";
$p = profile_json($run);
$edges = [];
foreach ($p['edges'] as $e) {
    $edges["{$e['caller']} -> {$e['callee']} at {$e['call_line']}"] = "calls {$e['calls']}, work allocs {$e['inclusive']['allocs']}";
}
ksort($edges);
// The fiber's function is called where it is started; its calls are put on their lines across the suspend.
foreach (['starter -> inFiber at 10', 'inFiber -> work at 4', 'inFiber -> work at 6', 'resumer -> work at 14', '{main} -> resumer at 18'] as $edge) {
    echo "$edge: ", $edges[$edge] ?? 'missing', "\n";
}
echo profile_check_sums($p), "\n";

// bench_stop() then bench_start() with a fiber suspended: the new profile starts mid-stack, so the
// fiber's frames, running already, are {request}'s; its stack kept from the first profile must not
// be used (it was freed, and read again at the resume: valgrind's run of this test saw it).
$run = profile_run(<<<'PHP'
<?php
function work(int $n): int { $s = 0; for ($i = 0; $i < $n; $i++) { $s += strlen(str_repeat('x', 10)); } return $s; }
function inFiber(): int {
    work(10);
    Fiber::suspend();
    return work(20);
}
$f = new Fiber('inFiber');
bench_start();
$f->start();
bench_stop();
bench_start();
$f->resume();
work(5);
foreach (bench_stop()['edges'] as $e) {
    echo "restarted: {$e['caller']} -> {$e['callee']} at {$e['call_line']}: calls {$e['calls']}, allocs {$e['inclusive']['allocs']}\n";
}
PHP, ['bench.start' => 'api']);
echo $run['output'], "\n";
?>
--EXPECT--
201
starter -> inFiber at 10: calls 1, work allocs 30
inFiber -> work at 4: calls 1, work allocs 10
inFiber -> work at 6: calls 1, work allocs 20
resumer -> work at 14: calls 1, work allocs 5
{main} -> resumer at 18: calls 1, work allocs 5
sums exact
restarted: {request} -> work at 0: calls 2, allocs 25
